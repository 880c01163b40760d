"""``perfscout drill FILE --function NAME [--line]``: one function's callers, callees, paths."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import typer
from rich.console import Console

from perfscout.cli.output import JSON_HELP, Outcome, execute
from perfscout.cli.results import DrillData

if TYPE_CHECKING:
    from perfscout.ingest.summary import Drill

from perfscout.model.errors import NotFoundError


def _pct(v: float | None) -> str:
    return "" if v is None else f"{v * 100:.2f}%"


def render_drill(con: Console, d: Drill) -> None:
    """Print a Drill for people."""
    con.print(f"{d.function}  self {_pct(d.self_share)}  inclusive {_pct(d.inclusive_share)}")
    if len(d.matches) > 1:
        con.print("  also matching: " + ", ".join(d.matches[1:6]))
    con.print("callers:")
    for c in d.callers[:20]:
        con.print(f"  {_pct(c.share):>8}  {c.name}")
    con.print("callees:")
    for c in d.callees[:20]:
        con.print(f"  {_pct(c.share):>8}  {c.name}")
    con.print("call paths:")
    for p in d.callpaths[:10]:
        con.print("  " + " > ".join(p))
    if d.hot_lines:
        con.print("hot lines:")
        for h in d.hot_lines[:20]:
            con.print(f"  {_pct(h.self_share):>8}  {h.location}")
    for note in d.notes:
        con.print(f"note: {note}")


def register(app: typer.Typer) -> None:
    @app.command("drill")
    def drill_cmd(
        file: Path = typer.Argument(..., help="A profiler output (file or directory)."),
        function: str = typer.Option(..., "--function", "-f", help="Function name (or part)."),
        line: bool = typer.Option(False, "--line", help="Also list the function's hot lines."),
        fmt: str = typer.Option(None, "--format", help="Force an adapter instead of sniffing."),
        as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
    ) -> None:
        """Callers, callees and call paths of one function (and hot lines with --line)."""

        def run() -> Outcome:
            from perfscout.ingest.registry import load
            from perfscout.ingest.summary import drill

            prof = load(file, fmt)
            try:
                d = drill(prof, function, lines=line)
            except LookupError:
                names = [h.name for h in prof.hotspots if h.kind != "line"][:8]
                raise NotFoundError(
                    f"{file}: no function matching {function!r}",
                    hint="top functions: " + ", ".join(names) if names else
                    "this profile has no functions") from None
            return Outcome(data=DrillData(d), render=lambda con: render_drill(con, d))

        execute("drill", as_json, run)
