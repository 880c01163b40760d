"""Numbers that check themselves before the report states them.

An achieved rate above the ceiling it is compared with cannot be: the ceiling is stale (measured
while the machine was loaded, cached from another run, or on another CPU). The report flags
every such number instead of showing it as a fraction of peak: roofline points above a roof,
bandwidth experiments above the measured bandwidth, and bandwidth findings whose evidence
exceeds it (shown as hypotheses, never as confirmed, until the ceiling is re-measured).
"""

from __future__ import annotations

from dataclasses import dataclass

from perfscout.experiment.display import fmt
from perfscout.model.findings import Finding, Status
from perfscout.model.message import Text
from perfscout.report.data import Ceilings, ReportInput, RooflinePoint


@dataclass(frozen=True)
class Check:
    """One number above its ceiling: a message key and its fields."""

    key: str  # check.roof, check.bw, check.finding
    fields: dict[str, str]
    finding: str = ""  # the finding id (check.finding), for showing it as a hypothesis


def roof(ceilings: Ceilings, intensity: float) -> float | None:
    """The attainable GFLOP/s at ``intensity`` under the measured ceilings (None: no roof)."""
    roofs = [r for r in (ceilings.gflops,
                         ceilings.bandwidth_GBps * intensity if ceilings.bandwidth_GBps
                         else None) if r]
    return min(roofs) if roofs else None


def above_roof(points: tuple[RooflinePoint, ...], ceilings: Ceilings) -> list[Check]:
    out = []
    for p in points:
        r = roof(ceilings, p.intensity)
        if r is not None and p.gflops > r:
            out.append(Check("check.roof", {"kernel": p.kernel, "variant": p.variant,
                                            "gflops": fmt(p.gflops), "ai": fmt(p.intensity),
                                            "roof": fmt(r)}))
    return out


def _values(f: Finding, metrics: tuple[str, ...]) -> list[float]:
    return [float(e.value) for e in f.evidence if e.metric in metrics and e.value is not None]


def checks(inp: ReportInput) -> list[Check]:
    """Every number of ``inp`` above the ceiling it is compared with."""
    out = above_roof(inp.roofline, inp.ceilings)
    peak = inp.ceilings.bandwidth_GBps * 1000 if inp.ceilings.bandwidth_GBps else None
    for f in inp.findings:  # achieved above the peak it quotes, or above the measured one
        got = _values(f, ("mem.bandwidth", "mem.read_bandwidth"))
        ceils = [*_values(f, ("bench.bandwidth",)), *([peak] if peak else [])]
        if got and ceils and max(got) > min(ceils):
            out.append(Check("check.finding", {"finding": f.id, "scope": f.scope or "-",
                                               "bw": fmt(max(got)), "peak": fmt(min(ceils))},
                             f.id))
    if peak is None:
        return out
    for r in inp.experiments:
        if r.metric != "bandwidth_MBps":
            continue
        for v in (r.baseline, *r.variants):
            if v.median is not None and v.median > peak:
                out.append(Check("check.bw", {"kernel": r.kernel, "variant": v.name,
                                              "bw": fmt(v.median), "peak": fmt(peak)}))
    return out


def stale(f: Finding, found: list[Check]) -> bool:
    """Whether finding ``f`` rests on a number above its ceiling (never shown as confirmed)."""
    return f.status == Status.CONFIRMED and any(c.finding == f.id for c in found)


def demote_stale(findings: tuple[Finding, ...], peak_MBps: float | None
                 ) -> tuple[tuple[Finding, ...], list[str]]:
    """Findings whose achieved bandwidth exceeds the peak they quote (or ``peak_MBps``) as
    hypotheses, with the limit that says why: a ceiling below an achieved rate is stale and
    must be re-measured before anything is judged against it."""
    from dataclasses import replace

    inp = ReportInput("", "", "", findings=findings,
                      ceilings=Ceilings(peak_MBps / 1000 if peak_MBps else None))
    bad = {c.finding: c for c in checks(inp) if c.finding}
    out: list[Finding] = []
    limits: list[str] = []
    for f in findings:
        c = bad.get(f.id)
        if c is None or f.status != Status.CONFIRMED:
            out.append(f)
            continue
        why = Text("limit.stale_ceiling", finding=f.id, bw=c.fields["bw"],
                   peak=c.fields["peak"])
        out.append(replace(f, status=Status.HYPOTHESIS, limits=(*f.limits, why)))
        limits.append(why)
    return tuple(out), limits
