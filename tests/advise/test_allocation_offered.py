"""hoist_allocation from a real profile of an own program (tests/transform/data/scratch's
B-spline basis, built with its Makefile and -g: two std::vectors and a new[] of a few doubles
per point, evaluated in an OpenMP loop on two threads; perf record, perf report by symbol and
by source line as a session collects them): the allocator holds about a third of the run, the
finding that cost supports (app.redundant_work, memory allocated and freed in the inner loop)
gets the proposal scoped to the allocating function with the generated change, whose diff
passes the guards; after the change the allocator's share is gone."""

from __future__ import annotations

import shutil
from pathlib import Path

from advise.test_calls_offered import _profile
from conftest import require_tool
from perfscout.advise.catalog.allocation import MIN_ALLOC_SHARE
from perfscout.advise.facts import Facts
from perfscout.advise.guards import PolicyCheck
from perfscout.experiment.patching import apply_unified_diff
from perfscout.model.snapshot import PlatformSnapshot
from perfscout.pipeline.analyze import analyze
from perfscout.pipeline.source_changes import attach_diffs

DATA = Path(__file__).resolve().parents[1] / "transform" / "data" / "scratch"
MAKE = ["spline", "N=60000", "ROWS=2000", "CXXFLAGS=-O2 -g -fopenmp"]


def test_a_buffer_allocated_per_call_gets_it_kept(tmp_path: Path, live: PlatformSnapshot,
                                                  policy: PolicyCheck) -> None:
    require_tool("gcc")
    work = tmp_path / "spline"
    shutil.copytree(DATA, work)
    a = analyze(_profile(work, MAKE, ["./spline"]), snapshot=live)
    facts = Facts.build(a.findings, live, a.profiles)
    from perfscout.advise.catalog.allocation import allocation_share

    share = allocation_share(facts)
    assert share is not None and share >= MIN_ALLOC_SHARE
    got = next((p for p in a.proposals if p.id == "hoist_allocation"), None)
    assert got is not None, ([(f.id, f.title) for f in a.findings], [p.id for p in a.proposals],
                             [(r.id, r.guard, r.reason) for r in a.rejected])
    found = {f.id: f.title for f in a.findings}
    assert found.get("app.redundant_work") == "memory allocated and freed in the inner loop", \
        found
    assert got.scope.startswith("basis.cpp:")
    out, bad = attach_diffs([got], work, facts=facts, policy=policy)
    assert not bad, bad
    diff = out[0].change.diff if out[0].change else ""
    assert "+    static thread_local std::vector<double> w_scratch;" in diff
    assert "-    delete[] left;" in diff
    (work / "basis.cpp").write_text(apply_unified_diff((work / "basis.cpp").read_text(), diff,
                                                       "basis.cpp"))
    b = analyze(_profile(work, MAKE, ["./spline"]), snapshot=live)
    after = allocation_share(Facts.build(b.findings, live, b.profiles))
    assert after is None, after
    assert "hoist_allocation" not in {p.id for p in b.proposals}
    assert "app.redundant_work" not in {f.id for f in b.findings}
