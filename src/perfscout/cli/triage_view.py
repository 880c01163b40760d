"""What ``triage`` shows: its typed envelope data and the table of verdicts."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rich.console import Console
from rich.table import Table

if TYPE_CHECKING:
    from perfscout.pipeline.triage_jobs import TriageRun
    from perfscout.triage import LogReport


@dataclass(frozen=True)
class TriageData:
    """``triage --json`` data: one row per shown log, the counts, the nightly summary and the
    summary files written (empty without ``--summary-dir``)."""

    logs: list[dict[str, Any]]
    failed: int
    no_failure: int
    summary: dict[str, Any]
    summary_files: list[str]

    @classmethod
    def of(cls, t: TriageRun) -> TriageData:
        from perfscout.triage.classify import FAILED

        return cls([_row(r) for r in t.shown],
                   sum(1 for r in t.reports if r.verdict == FAILED),
                   sum(1 for r in t.reports if r.verdict != FAILED), t.summary,
                   list(t.summary_files))


def _row(r: LogReport) -> dict[str, Any]:
    return {"path": r.path, "primary": r.primary, "verdict": r.verdict, "why": r.why,
            "scheduler": r.scheduler, "notes": list(r.notes), "job": r.job,
            "matches": list(r.matches), "dismissed": list(r.dismissed)}


def render(con: Console, t: TriageRun) -> None:
    """One row per shown log: verdict, cause, the evidence line and the fix."""
    table = Table("log", "verdict", "cause", "evidence", "fix", title="triage")
    for r in t.shown:
        m = r.matches[0] if r.matches else None
        table.add_row(r.path, r.verdict, r.primary or "-", m.evidence[0] if m else r.why,
                      m.fix if m else "")
    con.print(table)
    if t.summary_files:
        con.print(f"summary: {', '.join(t.summary_files)}")
