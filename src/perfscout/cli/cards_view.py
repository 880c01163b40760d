"""What ``cards`` shows: the card table, one card in full, the export text, the track record."""

from __future__ import annotations

import csv
import io
import json
from dataclasses import dataclass
from typing import Any

from rich.console import Console
from rich.table import Table

from perfscout.cli.experiment_view import VERDICT_STYLE
from perfscout.experiment.display import fmt, interval
from perfscout.kb import Card, ProposalStats

CSV_COLUMNS = ("id", "created_at", "proposal_id", "scope", "verdict", "expected_low",
               "expected_high", "actual", "actual_low", "actual_high", "platform_key", "stage",
               "experiments", "commits", "problem")


@dataclass(frozen=True)
class ExportData:
    """``cards export --json`` data; ``text`` is the export itself when it went to stdout."""

    format: str
    count: int
    out: str | None
    text: str | None = None


def _expected(c: Card) -> str:
    return "-" if c.expected_low is None else f"{fmt(c.expected_low, 3)}-{fmt(c.expected_high, 3)}"


def _csv_row(c: Card) -> list[Any]:
    return [c.id, c.created_at, c.proposal_id, c.scope, c.verdict, c.expected_low,
            c.expected_high, c.actual.value, c.actual.low, c.actual.high, c.platform_key,
            c.stage, " ".join(c.experiments), " ".join(c.commits), c.problem]


def export_text(rows: list[Card], fmt_: str) -> str:
    """Every card as JSON (in full) or CSV (one row per card)."""
    from perfscout.model.serialize import to_jsonable

    if fmt_ == "json":
        return json.dumps(to_jsonable(rows), indent=2, ensure_ascii=False) + "\n"
    buf = io.StringIO()
    w = csv.writer(buf)
    w.writerow(CSV_COLUMNS)
    for c in rows:
        w.writerow(_csv_row(c))
    return buf.getvalue()


def cards_table(cards: list[Card]) -> Table:
    t = Table(title=f"{len(cards)} cards")
    for col in ("card", "proposal", "scope", "expected", "actual [95% CI]", "verdict",
                "platform"):
        t.add_column(col)
    for c in cards:
        style = VERDICT_STYLE.get(c.verdict, "")
        t.add_row(c.id, c.proposal_id, c.scope, _expected(c),
                  interval(c.actual.value, c.actual.low, c.actual.high),
                  f"[{style}]{c.verdict}[/]", c.platform_key)
    return t


def render_card(con: Console, c: Card) -> None:
    """One card in full: problem, both gains, verdict, provenance, evidence and reasons."""
    con.print(f"[bold]{c.id}[/]  {c.proposal_id} on {c.scope or '-'}")
    for label, val in (
            ("problem", c.problem), ("expected", f"{_expected(c)} ({c.expected_basis or '-'})"),
            ("actual", interval(c.actual.value, c.actual.low, c.actual.high)),
            ("verdict", c.verdict + (f" ({c.stage})" if c.stage else "")),
            ("platform", c.platform_key), ("experiments", ", ".join(c.experiments)),
            ("commits", ", ".join(c.commits) or "-"), ("recorded", c.created_at)):
        con.print(f"  {label:12} {val}", markup=False)
    for e in c.evidence:
        con.print(f"  evidence     {e}", markup=False)
    for r in c.reasons:
        con.print(f"  why          {r}", markup=False)


def stats_table(stats: list[ProposalStats]) -> Table:
    """The track record of each proposal id per platform."""
    t = Table(title="proposal track record per platform")
    for col in ("proposal", "platform", "n", "wins", "losses", "invalid", "success",
                "median actual", "median actual/expected"):
        t.add_column(col)
    for s in stats:
        t.add_row(s.proposal_id, s.platform_key, str(s.n), str(s.wins), str(s.losses),
                  str(s.n_invalid), "-" if s.success_rate is None else f"{s.success_rate:.0%}",
                  fmt(s.median_actual, 3), fmt(s.median_actual_over_expected, 3))
    return t
