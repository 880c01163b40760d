"""Runs the scenario suite through the real pipeline (ingest.load -> diagnose)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from tests.diagnose.scenarios.suite import PLATFORMS, Case

from perfscout.model.errors import InputError
from perfscout.pipeline.analyze import Analysis, analyze

DATA = Path(__file__).resolve().parents[1] / "data"


def resolve(ref: str, corpus: Path) -> Path:
    kind, _, rel = ref.partition(":")
    return (corpus if kind == "corpus" else DATA) / rel


@dataclass(frozen=True)
class Outcome:
    case: Case
    analysis: Analysis | None
    unreadable: str = ""  # no adapter reads one of the inputs yet

    @property
    def ranked(self) -> list[str]:
        return [f.id for f in self.analysis.findings] if self.analysis else []

    @property
    def top1(self) -> bool:
        r = self.ranked
        return (not r) if self.case.expect is None else bool(r) and r[0] == self.case.expect

    @property
    def top2(self) -> bool:
        r = self.ranked
        return (not r) if self.case.expect is None else self.case.expect in r[:2]


def run_case(case: Case, corpus: Path) -> Outcome:
    paths = [resolve(f, corpus) for f in case.files]
    try:
        a = analyze(paths, snapshot=PLATFORMS[case.platform])
    except InputError as exc:
        if "matches no known format" in exc.message:
            return Outcome(case, None, exc.message)
        raise
    return Outcome(case, a)
