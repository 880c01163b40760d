"""What ``analyze`` shows: its typed envelope data and the human rendering.

:class:`AnalyzeData` is the ``data`` of the ``analyze`` envelope (field names are the JSON keys);
:func:`render` prints it for people: the top finding's account, then findings by layer (root
causes first), data requests and limits.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rich.console import Console

if TYPE_CHECKING:
    from perfscout.model.findings import DataRequest, Finding
    from perfscout.pipeline.analyze import Analysis

LAYERS = ("hardware", "system", "runtime", "algorithm", "application")


@dataclass(frozen=True)
class AnalyzeData:
    """The ``analyze --json`` data: inputs, findings, advice, requests, limits, the top account."""

    inputs: list[dict[str, str]]
    platform: str | None
    findings: list[Any]
    proposals: Any
    rejected: Any
    do_not: Any
    data_requests: Any
    limits: list[str]
    skipped: Any
    top: dict[str, Any] | None

    @classmethod
    def of(cls, a: Analysis) -> AnalyzeData:
        """The envelope data of one analysis."""
        from perfscout.model.serialize import to_jsonable

        return cls(
            inputs=[{"path": p.path, "format": p.format} for p in a.profiles],
            platform=a.snapshot.key if a.snapshot else None,
            findings=[to_jsonable(f) for f in a.findings],
            proposals=to_jsonable(a.proposals), rejected=to_jsonable(a.rejected),
            do_not=to_jsonable(a.do_not), data_requests=to_jsonable(a.data_requests),
            limits=list(a.limits), skipped=to_jsonable(a.skipped), top=top_account(a))


def top_account(a: Analysis) -> dict[str, Any] | None:
    """The top finding as a reader needs it: the quantities that decided it (with sources and
    families), what it was told apart from and why, and the hot line a proposal targets."""
    from perfscout.diagnose.kinds import LOOK_ALIKES

    if not a.findings:
        return None
    f = a.findings[0]
    present = {g.id: g for g in a.findings}
    apart = []
    for other, why in LOOK_ALIKES.get(f.id, ()):
        g = present.get(other)
        state = ("not found" if g is None else
                 f"found, caused by {f.id}" if f.id in g.caused_by else
                 f"found, ranked below ({g.confidence:.2f})")
        apart.append({"id": other, "why": why, "state": state})
    hot = next((p.scope for p in a.proposals if ":" in (p.scope or "")
                and p.scope.rsplit(":", 1)[-1].isdigit()), "")
    return {
        "id": f.id, "status": str(f.status.value), "confidence": f.confidence,
        "deciding": [{"quote": e.quote, "metric": e.metric, "value": e.value, "unit": e.unit,
                      "source": str(e.source) if e.source else "", "family": e.source_kind,
                      "threshold": e.threshold} for e in f.evidence],
        "distinguished_from": apart, "hot_loop": hot,
    }


def render_top(con: Console, top: dict[str, Any] | None) -> None:
    """The top finding's account in a few lines."""
    if not top:
        return
    con.print(f"[bold]top finding[/] {top['id']} ({top['status']} {top['confidence']:.2f})")
    for d in top["deciding"]:
        con.print(f"  decided by: {d['quote']}  [{d['source']}; {d['family']}]", markup=False)
    for x in top["distinguished_from"]:
        con.print(f"  not {x['id']} ({x['state']}): {x['why']}", markup=False)
    if top["hot_loop"]:
        con.print(f"  hot loop: {top['hot_loop']}", markup=False)


def _finding(con: Console, f: Finding) -> None:
    tag = "ROOT" if f.root_cause else "caused by " + ", ".join(f.caused_by)
    con.print(f"  {f.id}  {f.status} {f.confidence:.2f}  [{tag}]  {f.title}", markup=False)
    for e in f.evidence:
        con.print(f"      {e.quote}  ({e.source}; {e.source_kind})"
                  + (f"  [{e.threshold}]" if e.threshold else ""), markup=False)
    for c in f.conflicts:
        con.print(f"      conflict: {c}", markup=False)


def _requests(con: Console, requests: tuple[DataRequest, ...]) -> None:
    if requests:
        con.print("[bold]data requests[/]")
    for q in requests:
        ok = {True: "allowed", False: "denied", None: "unchecked"}[q.allowed]
        con.print(f"  {' '.join(q.command)}   # {q.reason} ({ok})", markup=False)


def render(con: Console, a: Analysis, data: AnalyzeData) -> None:
    """The analysis for people: skipped inputs, the top account, findings by layer, requests."""
    if a.skipped:
        from perfscout.ingest.registry import skipped_line

        con.print(skipped_line(a.skipped), markup=False, soft_wrap=True)
    if not a.findings:
        con.print("No finding: the data cannot decide.", markup=False)
    else:
        render_top(con, data.top)
    for layer in LAYERS:
        fs = [f for f in a.findings if str(f.layer) == layer]
        if fs:
            con.print(f"[bold]{layer}[/]")
        for f in fs:
            _finding(con, f)
    _requests(con, a.data_requests)
    for lim in a.limits:
        con.print(f"limit: {lim}", markup=False)
