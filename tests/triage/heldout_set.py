"""The pre-registered held-out triage set (tests/triage/heldout) and how a verdict is scored.

A case is right when the classifier names the labelled cause (or no failure) AND, for a failure,
its first evidence line holds the labelled substring: the line a person would point at. The
labels were committed before the logs existed (labels.yaml says how); a label recorded as wrong
is still scored against what it says. Used by tests/triage/test_heldout.py and
benches/bench_triage.py (also for the baseline: any callable with triage_text's signature).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import yaml

from perfscout.triage.sacct import JobFacts, parse_sacct

HELDOUT = Path(__file__).resolve().parent / "heldout"
UNSEEN = Path(__file__).resolve().parent / "unseen"
UNSEEN2 = Path(__file__).resolve().parent / "unseen2"
NO_FAILURE = "none"


@dataclass(frozen=True)
class Case:
    """One held-out job: its label and the real log and accounting made on Slurm."""

    name: str
    kind: str
    cls: str
    evidence: str | None
    user_frame: str | None
    label_wrong: bool
    log: Path
    job: JobFacts | None


class _Report(Protocol):
    @property
    def primary(self) -> str | None: ...
    @property
    def matches(self) -> Any: ...


Triage = Callable[[bytes, str, JobFacts | None], _Report]


@dataclass(frozen=True)
class Scored:
    case: Case
    got: str
    evidence: str
    class_ok: bool
    evidence_ok: bool

    @property
    def right(self) -> bool:
        return self.class_ok and self.evidence_ok


def load_cases(root: Path = HELDOUT) -> list[Case]:
    """Every labelled case that has its log; the label file decides the set."""
    labels = yaml.safe_load((root / "labels.yaml").read_text())["cases"]
    out = []
    for name, lab in labels.items():
        logs = sorted((root / name).glob("slurm-*.out"))
        if not logs:
            raise FileNotFoundError(f"{root / name}: no slurm-*.out (run make_logs.py)")
        sacct = root / name / "sacct.txt"
        jobs = parse_sacct(sacct.read_text(), str(sacct)) if sacct.is_file() else []
        out.append(Case(name, lab["kind"], lab["class"], lab.get("evidence"),
                        lab.get("user_frame"), bool(lab.get("label_wrong")), logs[0],
                        jobs[0] if jobs else None))
    return out


def score(case: Case, triage: Triage) -> Scored:
    """Run ``triage`` on the case's log with its scheduler facts and compare with the label."""
    rep = triage(case.log.read_bytes(), str(case.log), case.job)
    got = rep.primary or NO_FAILURE
    first = rep.matches[0].evidence[0] if rep.primary and rep.matches else ""
    class_ok = got == case.cls
    evidence_ok = case.evidence is None or case.evidence in first
    return Scored(case, got, first, class_ok, evidence_ok)


def summary(results: list[Scored]) -> dict[str, Any]:
    """Accuracy overall and by kind, false failures on negative controls, the misses."""
    neg = [r for r in results if r.case.cls == NO_FAILURE]
    kinds: dict[str, list[Scored]] = {}
    for r in results:
        kinds.setdefault(r.case.kind, []).append(r)
    return {
        "cases": len(results),
        "right": sum(r.right for r in results),
        "accuracy": round(sum(r.right for r in results) / len(results), 3) if results else None,
        "class_right": sum(r.class_ok for r in results),
        "negative_controls": len(neg),
        "false_failures": sum(1 for r in neg if r.got != NO_FAILURE),
        "labels_recorded_wrong": [r.case.name for r in results if r.case.label_wrong],
        "by_kind": {k: f"{sum(r.right for r in v)}/{len(v)}" for k, v in sorted(kinds.items())},
        "misses": [{"case": r.case.name, "expected": r.case.cls, "got": r.got,
                    "want_evidence": r.case.evidence, "evidence": r.evidence[-160:]}
                   for r in results if not r.right],
    }
