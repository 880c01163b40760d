"""Advise over the diagnose scenario suite (real tool outputs, real pipeline): per scenario the
expected top proposal and no forbidden one (tests/advise/scenario_expectations.py); a scenario
with no finding gets no proposal; every scenario's proposals pass the guards they were built
under (reasons present for each rejection)."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.advise.scenario_expectations import EXPECT
from tests.diagnose.scenarios.runner import run_case
from tests.diagnose.scenarios.suite import CASES

from perfscout.advise.catalog import CATALOG
from perfscout.advise.rank import first_round

BY_NAME = {c.name: c for c in CASES}


def test_expectations_name_real_scenarios() -> None:
    assert set(EXPECT) <= set(BY_NAME), sorted(set(EXPECT) - set(BY_NAME))
    for e in EXPECT.values():
        assert (e.top | e.offered | e.forbidden) <= set(CATALOG)


@pytest.mark.parametrize("name", [c.name for c in CASES])
def test_scenario_proposals(name: str, corpus: Path) -> None:
    out = run_case(BY_NAME[name], corpus)
    if out.analysis is None:
        pytest.skip(f"no adapter reads this input yet: {out.unreadable}")
    a = out.analysis
    ids = [p.id for p in a.proposals]
    for r in a.rejected:
        assert r.reason and r.guard
    if not a.findings:
        assert not ids, f"no finding, yet proposals {ids}"
        return
    exp = EXPECT.get(name)
    assert exp is not None, f"scenario {name} has findings {[f.id for f in a.findings]} but " \
                            "no advise expectation"
    assert not (set(ids) & exp.forbidden), f"forbidden offered: {set(ids) & exp.forbidden}"
    assert exp.offered <= set(ids), f"missing {exp.offered - set(ids)} in {ids}"
    if exp.top:
        assert ids and ids[0] in exp.top, f"top {ids[:3]} not in {sorted(exp.top)}"
    else:
        assert not ids
    groups = {pid: e.group for pid, e in CATALOG.items()}
    fr = first_round(a.proposals, groups)
    assert len({groups[p.id] for p in fr}) == len(fr)


def test_remarks_alone_get_no_code_change(corpus: Path) -> None:
    # gcc remarks only: which remarked loop is hot is unknown, so the vectorization finding is a
    # hypothesis with a request for a profile, and its flag/source changes are rejected
    a = run_case(BY_NAME["gcc-remarks-gather"], corpus).analysis
    assert a is not None and a.findings[0].id == "hw.vectorization"
    assert not [p.id for p in a.proposals if p.kind in ("flags", "source")]
    assert "remarks_only" in {r.guard for r in a.rejected}
    assert a.data_requests
