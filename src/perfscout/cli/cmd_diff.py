"""``perfscout diff A B [--top N]``: which functions moved between two profiles, by how much."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import typer
from rich.console import Console
from rich.table import Table

from perfscout.cli.output import JSON_HELP, Outcome, execute
from perfscout.cli.results import DiffData

if TYPE_CHECKING:
    from perfscout.ingest.summary import ProfileDiff

from perfscout.model.errors import UsageError


def _pp(v: float | None) -> str:
    return "-" if v is None else f"{v * 100:.2f}%"


def _delta(v: float) -> str:
    return f"{v * 100:+.2f} pp"


def render_diff(con: Console, d: ProfileDiff) -> None:
    """The moved functions, largest change of self share first."""
    t = Table("function", "self A", "self B", "self change", "incl A", "incl B",
              "incl change", title=f"A = {d.a} ({d.format_a})  B = {d.b} ({d.format_b})")
    for r in d.moved:
        name = r.name + (f"  (only in {r.only_in.upper()})" if r.only_in else "")
        t.add_row(name, _pp(r.self_a), _pp(r.self_b), _delta(r.self_delta), _pp(r.inclusive_a),
                  _pp(r.inclusive_b), _delta(r.inclusive_delta))
    con.print(t)
    con.print(f"{d.common} functions in both, {d.only_a} only in A, {d.only_b} only in B",
              markup=False)


def register(app: typer.Typer) -> None:
    @app.command("diff")
    def diff_cmd(
        a: Path = typer.Argument(..., metavar="A", help="Profile before (any supported format)."),
        b: Path = typer.Argument(..., metavar="B", help="Profile after."),
        top: int = typer.Option(20, "--top", help="How many moved functions to show."),
        fmt: str = typer.Option(None, "--format", help="Force an adapter instead of sniffing."),
        as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
    ) -> None:
        """Functions whose share of the total moved between profile A and profile B."""

        def run() -> Outcome:
            from perfscout.ingest.registry import load
            from perfscout.ingest.summary import diff_profiles

            if top < 1:
                raise UsageError("--top must be at least 1", hint="e.g. --top 20")
            pa, pb = load(a, fmt), load(b, fmt)
            if not pa.hotspots or not pb.hotspots:
                raise UsageError(f"{a if not pa.hotspots else b} has no functions to compare "
                                 f"({(pa if not pa.hotspots else pb).format})",
                                 hint="compare two profiles with hotspots (perf report, "
                                      "gprof, callgrind, HPCToolkit, ...); summarize shows "
                                      "the metrics of the others")
            d = diff_profiles(pa, pb, top)
            return Outcome(data=DiffData(d), render=lambda con: render_diff(con, d))

        execute("diff", as_json, run)
