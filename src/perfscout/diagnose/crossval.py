"""Cross-validation: a finding is ``confirmed`` only when two independent source families agree.

Snapshot facts describe the machine, not the run, so they never count as a second source. A
finding that carries a conflict (two sources measuring the same thing and disagreeing) stays a
hypothesis; the conflict is reported, never averaged away.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from perfscout.model.findings import Evidence, Finding, Status
from perfscout.model.message import Text

# "setting": what the run asked for (OMP_NUM_THREADS, a requested rank count) is context, not
# a measurement of the run, so it never confirms a finding
NOT_INDEPENDENT = frozenset({"snapshot", "derived", "setting", ""})


def independent_kinds(evidence: Sequence[Evidence]) -> set[str]:
    """The source families among ``evidence`` that measured the run."""
    return {e.source_kind for e in evidence if e.source_kind not in NOT_INDEPENDENT}


def assess(f: Finding) -> Finding:
    """Set the status of ``f`` from its evidence; confidence rises a little when confirmed."""
    kinds = independent_kinds(f.evidence)
    if len(kinds) >= 2 and not f.conflicts:
        conf = round(min(1.0, f.confidence + 0.1), 3)
        return replace(f, status=Status.CONFIRMED, confidence=conf)
    return replace(f, status=Status.HYPOTHESIS)


def conflict(a_name: str, a: float, a_kind: str, b_name: str, b: float, b_kind: str,
             tolerance: float) -> str | None:
    """A stated conflict when two sources' values of one quantity differ by more than
    ``tolerance`` (relative to the larger), else None."""
    hi = max(abs(a), abs(b))
    if hi == 0 or abs(a - b) / hi <= tolerance:
        return None
    return Text("conflict.values", a_kind=a_kind, a_name=a_name, a=f"{a:.4g}", b_kind=b_kind,
                b_name=b_name, b=f"{b:.4g}", diff=f"{abs(a - b) / hi:.0%}",
                tol=f"{tolerance:.0%}")
