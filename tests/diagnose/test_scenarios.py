"""The scenario suite: structure always; each case through the real pipeline."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.diagnose.scenarios.runner import resolve, run_case
from tests.diagnose.scenarios.suite import CASES, PLATFORMS, TRAPS

from perfscout.model.taxonomy import FINDING_IDS


def test_suite_has_40_cases_with_valid_ids_platforms_and_files(corpus: Path) -> None:
    assert len(CASES) >= 40
    assert len({c.name for c in CASES}) == len(CASES)
    for c in CASES:
        assert c.expect is None or c.expect in FINDING_IDS, c.name
        assert c.status in ("confirmed", "hypothesis")
        assert c.platform in PLATFORMS, c.name
        for f in c.files:
            assert resolve(f, corpus).exists(), f"{c.name}: {f} missing"
    assert set(TRAPS) <= {c.name for c in CASES}


@pytest.mark.parametrize("name", TRAPS)
def test_traps_are_right(name: str, corpus: Path) -> None:
    case = next(c for c in CASES if c.name == name)
    out = run_case(case, corpus)
    if out.unreadable:
        pytest.skip(f"ingest adapter not merged yet: {out.unreadable}")
    assert out.analysis is not None
    assert out.top1, f"{name}: ranked {out.ranked}, expected {case.expect}"
    if case.expect is None:
        assert out.analysis.data_requests


def test_every_finding_of_every_scenario_cites_file_and_line(corpus: Path) -> None:
    ran = 0
    for case in CASES:
        out = run_case(case, corpus)
        if out.analysis is None:
            continue
        ran += 1
        for f in out.analysis.findings:
            assert f.evidence, f"{case.name}: {f.id} has no evidence"
            assert any(e.source and e.source.file and e.source.line for e in f.evidence), (
                f"{case.name}: {f.id} evidence names no file and line")
    if ran == 0:
        pytest.skip("no ingest adapter merged yet: no scenario could be read")
