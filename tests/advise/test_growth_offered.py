"""An array grown by one element per append, in a multi-file Fortran program of our own
(Makefile, -g), run under perf record: the diagnosis names the copies into fresh memory with
their share, advise offers ``geometric_growth`` at the append's line, and the generated diff,
applied, makes the copies go away in a second profile."""

from __future__ import annotations

import shutil
from pathlib import Path

from advise.test_calls_offered import _profile
from conftest import require_tool
from perfscout.advise.facts import Facts
from perfscout.advise.guards import PolicyCheck
from perfscout.experiment.patching import apply_unified_diff
from perfscout.model.snapshot import PlatformSnapshot
from perfscout.pipeline.analyze import analyze
from perfscout.pipeline.source_changes import attach_diffs
from transform._cc import line_of

GROWTH = Path(__file__).resolve().parents[1] / "transform" / "data" / "growth" / "fortran"


def test_append_per_element_is_diagnosed_and_gets_geometric_growth(
        tmp_path: Path, live: PlatformSnapshot, policy: PolicyCheck) -> None:
    require_tool("gfortran")
    work = tmp_path / "picker"
    shutil.copytree(GROWTH, work)
    a = analyze(_profile(work, [], ["./picker", "30000"]), snapshot=live)
    found = {f.id: f for f in a.findings}
    assert "app.redundant_work" in found, [(f.id, f.title) for f in a.findings]
    f = found["app.redundant_work"]
    assert "fresh memory" in f.title
    share = f.evidence[0].value
    assert share is not None and share >= 0.25  # the copy + fresh-memory share, measured
    g = next((p for p in a.proposals if p.id == "geometric_growth"), None)
    assert g is not None, ([p.id for p in a.proposals], [(r.id, r.reason) for r in a.rejected])
    append = line_of((work / "select.f90").read_text(), "vals = [vals, x]")
    assert g.scope.endswith(f"select.f90:{append}")
    out, bad = attach_diffs([g], work, facts=Facts.build(a.findings, live, a.profiles),
                            policy=policy)
    assert not bad, bad
    diff = out[0].change.diff if out[0].change else ""
    assert "call move_alloc(" in diff
    src = work / "select.f90"
    src.write_text(apply_unified_diff(src.read_text(), diff, "select.f90"))
    b = analyze(_profile(work, [], ["./picker", "30000"]), snapshot=live)
    assert not any("fresh memory" in x.title for x in b.findings), \
        [(x.id, x.title) for x in b.findings]
    assert "geometric_growth" not in {p.id for p in b.proposals}
