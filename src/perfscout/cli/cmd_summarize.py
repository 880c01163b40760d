"""``perfscout summarize FILE... [--top N] [--format NAME]``: the hotspot table of each input."""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import TYPE_CHECKING

import typer
from rich.console import Console
from rich.table import Table

from perfscout.cli.output import JSON_HELP, Outcome, execute, write_raw
from perfscout.cli.results import SummariesData
from perfscout.model.errors import UsageError

if TYPE_CHECKING:
    from perfscout.ingest.summary import Summary


def _pct(v: float | None) -> str:
    return "" if v is None else f"{v * 100:.2f}%"


def render_summary(con: Console, s: Summary) -> None:
    """Print one Summary as a table plus headline metrics (only the headline when the format
    has no hotspots: perf stat, STREAM, HPL)."""
    if not s.hotspots:
        con.print(f"{s.path} ({s.format}): no hotspots in this format; headline metrics:",
                  markup=False)
        _headline(con, s)
        return
    t = Table("#", "name", "self", "incl", "module", "location", "call path",
              title=f"{s.path} ({s.format}): top {len(s.hotspots)} of {s.total_hotspots}")
    for r in s.hotspots:
        t.add_row(str(r.rank), r.name[:60], _pct(r.self_share), _pct(r.inclusive_share),
                  (r.module or r.group)[-30:], r.location[-40:],
                  " > ".join(r.callpath[-3:])[-60:])
    con.print(t)
    _headline(con, s)


def _headline(con: Console, s: Summary) -> None:
    for m in s.headline:
        scope = f"[{m.scope.name}]" if m.scope.name and m.scope.kind != "process" else ""
        con.print(f"  {m.name}{scope} = {m.value:g} {m.unit}"
                  + (f"  ({m.raw_name})" if m.raw_name else ""), markup=False)
    for x in s.series:
        con.print(f"  {x.name}{'[' + x.scope + ']' if x.scope else ''} over {x.intervals} "
                  f"intervals: mean {x.mean:g}, min {x.min:g}, max {x.max:g} {x.unit}"
                  f"  (from {x.source})", markup=False)
    for rank, vals in sorted(s.per_rank.items(), key=lambda kv: kv[0])[:16]:
        con.print(f"  rank {rank}: " + ", ".join(f"{k}={v:g}" for k, v in vals.items()))
    if s.remarks:
        con.print(f"  loops: {s.remarks['vectorized']} vectorized, {s.remarks['missed']} missed")
    if s.unparsed_lines:
        con.print(f"  {s.unparsed_lines} line(s) not understood")
    for note in s.notes:
        con.print(f"  note: {note}")


CSV_COLUMNS = ("file", "format", "rank", "name", "self_share", "inclusive_share", "module",
               "location", "callpath", "metric", "scope", "value", "unit")


def summaries_csv(sums: list[Summary]) -> str:
    """The hotspot rows of every summary as CSV (a hotspot fills name..callpath; a headline
    metric fills metric..unit), for a spreadsheet or pandas."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(CSV_COLUMNS)
    for s in sums:
        for r in s.hotspots:
            w.writerow((s.path, s.format, r.rank, r.name, _num(r.self_share),
                        _num(r.inclusive_share), r.module or r.group, r.location,
                        " > ".join(r.callpath), "", "", "", ""))
        for m in s.headline:
            w.writerow((s.path, s.format, "", "", "", "", "", "", "", m.name, m.scope.name,
                        repr(m.value), m.unit))
    return buf.getvalue()


def _num(v: float | None) -> str:
    return "" if v is None else repr(v)


def register(app: typer.Typer) -> None:
    @app.command("summarize")
    def summarize_cmd(
        files: list[Path] = typer.Argument(..., help="Profiler outputs (files or directories)."),
        top: int = typer.Option(20, "--top", help="How many hotspots to show."),
        fmt: str = typer.Option(None, "--format", help="Force an adapter instead of sniffing."),
        csv_out: bool = typer.Option(False, "--csv", help="Print the hotspot table (and the "
                                     "headline metrics) as CSV, one row per hotspot."),
        as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
    ) -> None:
        """Top hotspots (self and inclusive share, module, call path, location) and headlines."""

        def run() -> Outcome:
            from perfscout.ingest.registry import load_set, skipped_line
            from perfscout.ingest.summary import summarize

            if top < 1:
                raise UsageError("--top must be at least 1", hint="e.g. --top 20")
            loaded = load_set(files, fmt)  # one unreadable file never refuses the others
            sums = [summarize(p, top) for p in loaded.profiles]

            def render(con: Console) -> None:
                if csv_out:
                    write_raw(summaries_csv(sums))
                    return
                if loaded.skipped:
                    con.print(skipped_line(loaded.skipped), markup=False, soft_wrap=True)
                for s in sums:
                    render_summary(con, s)

            return Outcome(data=SummariesData(sums, loaded.skipped), render=render)

        execute("summarize", as_json, run)
