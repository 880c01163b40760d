"""``perfscout snapshot``: the platform card, saved snapshots, their diff and the collect script."""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from perfscout.cli.output import JSON_HELP, Outcome, execute
from perfscout.cli.state import OPTIONS
from perfscout.config import load_config
from perfscout.model.errors import NotFoundError, UsageError
from perfscout.model.serialize import to_jsonable
from perfscout.model.snapshot import PlatformSnapshot
from perfscout.sandbox import default_runner
from perfscout.snapshot import (
    collect_script,
    diff_snapshots,
    list_snapshots,
    render_card,
    resolve,
    save_snapshot,
    snapshot_from_dir,
    take_snapshot,
)


def _home() -> Path:
    return Path(str(load_config(config_path=OPTIONS.config_path).get("home"))).expanduser()


def _live() -> PlatformSnapshot:
    with tempfile.TemporaryDirectory(prefix="perfscout-snapshot-") as ws:
        return take_snapshot(default_runner(Path(ws)))


def _derived(s: PlatformSnapshot) -> dict[str, Any]:
    """Figures computed from the model (properties are not serialised)."""
    return {"cores": s.cpu.cores, "smt_on": s.cpu.smt_on, "numa_nodes": s.numa.count,
            "key": s.key}


def register(app: typer.Typer) -> None:
    snap_app = typer.Typer(help="Profile this machine (or a saved node) and keep the record.",
                           invoke_without_command=True)
    app.add_typer(snap_app, name="snapshot")

    @snap_app.callback(invoke_without_command=True)
    def snapshot(
        ctx: typer.Context,
        from_dir: str = typer.Option(None, "--from", help="Directory of saved command outputs "
                                     "(see `snapshot collect-script`)."),
        save: bool = typer.Option(False, "--save", help="Also store it under <home>/snapshots."),
        as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
    ) -> None:
        """Print the platform card of this machine, or of the node whose outputs --from names."""
        if ctx.invoked_subcommand is not None:
            return

        def run() -> Outcome:
            snap = snapshot_from_dir(Path(from_dir)) if from_dir else _live()
            data: dict[str, Any] = dict(to_jsonable(snap))
            data["derived"] = _derived(snap)
            saved = save_snapshot(snap, _home()) if save else None
            if saved:
                data["saved_id"], data["saved_path"] = saved.id, saved.path

            def render(con: Console) -> None:
                con.print(render_card(snap))
                if saved:
                    con.print(Text(f"saved as {saved.id} ({saved.path})"))

            return Outcome(data=data, render=render)

        execute("snapshot", as_json, run)

    @snap_app.command("collect-script")
    def collect(as_json: bool = typer.Option(False, "--json", help=JSON_HELP)) -> None:
        """Print a POSIX sh script that saves, on a node, the files `snapshot --from` reads."""

        def run() -> Outcome:
            text = collect_script()
            def render(con: Console) -> None:
                con.file.write(text)

            return Outcome(data={"script": text}, render=render)

        execute("snapshot collect-script", as_json, run)

    @snap_app.command("list")
    def list_cmd(as_json: bool = typer.Option(False, "--json", help=JSON_HELP)) -> None:
        """List the saved snapshots, oldest first."""

        def run() -> Outcome:
            entries = list_snapshots(_home())

            def render(con: Console) -> None:
                if not entries:
                    con.print("no saved snapshots (use `perfscout snapshot --save`)")
                    return
                t = Table("id", "taken at", "host", "platform key")
                for e in entries:
                    t.add_row(*(Text(x) for x in (e.id, e.taken_at, e.hostname or "?", e.key)))
                con.print(t)

            return Outcome(data={"snapshots": entries}, render=render)

        execute("snapshot list", as_json, run)

    @snap_app.command("diff")
    def diff_cmd(
        refs: list[str] = typer.Argument(None, help="Saved ids or JSON paths: A B; one "
                                         "(compared with this machine now); none (the two "
                                         "latest saved)."),
        as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
    ) -> None:
        """List what changed between two snapshots (a hardware/software change record)."""

        def run() -> Outcome:
            home = _home()
            names = list(refs or [])
            if len(names) > 2:
                raise UsageError("snapshot diff takes at most two snapshots",
                                 hint="perfscout snapshot diff [A [B]]")
            if len(names) == 2:
                a, b = resolve(names[0], home), resolve(names[1], home)
                labels = names
            elif len(names) == 1:
                a, b = resolve(names[0], home), _live()
                labels = [names[0], "this machine now"]
            else:
                entries = list_snapshots(home)
                if len(entries) < 2:
                    raise NotFoundError(
                        f"need two saved snapshots to diff, found {len(entries)}",
                        hint="save with `perfscout snapshot --save`, or name A and B")
                a, b = resolve(entries[-2].path, home), resolve(entries[-1].path, home)
                labels = [entries[-2].id, entries[-1].id]
            changes = diff_snapshots(a, b)

            def render(con: Console) -> None:
                if not changes:
                    con.print(f"no changes between {labels[0]} and {labels[1]}")
                    return
                t = Table(title="snapshot diff")
                t.add_column("field", no_wrap=True)
                t.add_column(labels[0], overflow="fold")
                t.add_column(labels[1], overflow="fold")
                for c in changes:
                    t.add_row(Text(c.path), Text(_short(c.old)), Text(_short(c.new)))
                con.print(t)

            return Outcome(data={"a": labels[0], "b": labels[1], "changes": changes},
                           render=render)

        execute("snapshot diff", as_json, run)


def _short(v: object) -> str:
    if v is None:
        return "-"
    if isinstance(v, dict):
        v = ", ".join(f"{k}={x}" for k, x in v.items() if x not in (None, "", [], {}))
    text = str(v)
    return text if len(text) <= 80 else text[:77] + "..."
