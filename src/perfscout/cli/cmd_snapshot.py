"""``perfscout snapshot``: the platform card, saved snapshots, their diff and the collect script."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import typer

from perfscout.cli.common import load_cfg
from perfscout.cli.output import JSON_HELP, Outcome, execute

if TYPE_CHECKING:
    from perfscout.snapshot.store import SavedSnapshot

JSON = typer.Option(False, "--json", help=JSON_HELP)


@dataclass(frozen=True)
class ScriptData:
    """``snapshot collect-script --json`` data."""

    script: str


@dataclass(frozen=True)
class ListData:
    """``snapshot list --json`` data."""

    snapshots: list[SavedSnapshot]


def snapshot(ctx: typer.Context,
             from_dir: str = typer.Option(None, "--from", help="Directory of saved command "
                                          "outputs (see `snapshot collect-script`)."),
             save: bool = typer.Option(False, "--save", help="Also store it under "
                                       "<home>/snapshots."),
             as_json: bool = JSON) -> None:
    """Print the platform card of this machine, or of the node whose outputs --from names."""
    if ctx.invoked_subcommand is not None:
        return

    def run() -> Outcome:
        from perfscout.cli.snapshot_view import render_taken, snapshot_data
        from perfscout.pipeline.snapshots import take

        t = take(from_dir, save, load_cfg().home)
        return Outcome(data=snapshot_data(t), render=lambda con: render_taken(con, t))
    execute("snapshot", as_json, run)


def collect(as_json: bool = JSON) -> None:
    """Print a POSIX sh script that saves, on a node, the files `snapshot --from` reads."""
    def run() -> Outcome:
        from perfscout.snapshot import collect_script

        text = collect_script()

        def render(con: Any) -> None:
            con.file.write(text)
        return Outcome(data=ScriptData(text), render=render)
    execute("snapshot collect-script", as_json, run)


def list_cmd(as_json: bool = JSON) -> None:
    """List the saved snapshots, oldest first."""
    def run() -> Outcome:
        from perfscout.cli.snapshot_view import render_list
        from perfscout.snapshot import list_snapshots

        entries = list_snapshots(load_cfg().home)
        return Outcome(data=ListData(entries), render=lambda con: render_list(con, entries))
    execute("snapshot list", as_json, run)


def diff_cmd(refs: list[str] = typer.Argument(None, help="Saved ids or JSON paths: A B; one "
                                              "(compared with this machine now); none (the "
                                              "two latest saved)."),
             as_json: bool = JSON) -> None:
    """List what changed between two snapshots (a hardware/software change record)."""
    def run() -> Outcome:
        from perfscout.cli.snapshot_view import render_diff
        from perfscout.pipeline.snapshots import diff

        d = diff(refs or [], load_cfg().home)
        return Outcome(data=d, render=lambda con: render_diff(con, d))
    execute("snapshot diff", as_json, run)


def register(app: typer.Typer) -> None:
    snap_app = typer.Typer(help="Profile this machine (or a saved node) and keep the record.",
                           invoke_without_command=True)
    app.add_typer(snap_app, name="snapshot")
    snap_app.callback(invoke_without_command=True)(snapshot)
    snap_app.command("collect-script")(collect)
    snap_app.command("list")(list_cmd)
    snap_app.command("diff")(diff_cmd)
