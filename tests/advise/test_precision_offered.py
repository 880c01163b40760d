"""reduce_precision from a real perf profile of the own programs in
tests/transform/data/precision (built with their Makefiles and -g, run under perf record,
reported by symbol and by source line as a session collects them): libgcc's ``__multf3`` and
``__addtf3`` hold most of the run, ``app.precision`` says "__float128 arithmetic emulated in
software", and the proposal, scoped to the hot line, carries the generated change through the
diff checks and the guards. Applied and re-profiled: no emulation routine left, no finding."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from advise.test_calls_offered import _profile
from conftest import require_tool
from perfscout.advise.facts import Facts
from perfscout.advise.guards import PolicyCheck
from perfscout.experiment.patching import apply_unified_diff
from perfscout.model.snapshot import PlatformSnapshot
from perfscout.pipeline.analyze import analyze
from perfscout.pipeline.source_changes import attach_diffs

DATA = Path(__file__).resolve().parents[1] / "transform" / "data" / "precision"


@pytest.mark.parametrize(("folder", "argv", "hot", "changed", "added"), [
    ("fortran", ["./series", "3000000"], "series.f90", "kinds.f90",
     "+  integer, parameter :: qp = kind(1.0d0)"),
    (".", ["./quad", "3000000"], "quad.c", "quad.c", "+  double s = 0.0, q = 0.0;"),
])
def test_emulated_quad_gets_the_change_to_double(
        tmp_path: Path, live: PlatformSnapshot, policy: PolicyCheck, folder: str,
        argv: list[str], hot: str, changed: str, added: str) -> None:
    require_tool("gfortran" if folder == "fortran" else "gcc")
    work = tmp_path / "p"
    shutil.copytree(DATA / folder, work, ignore=shutil.ignore_patterns("fortran"))
    a = analyze(_profile(work, [], argv), snapshot=live)
    f = next((f for f in a.findings if f.id == "app.precision"), None)
    assert f is not None, [(f.id, f.title) for f in a.findings]
    assert f.title.startswith("__float128 arithmetic emulated in software"), f.title
    share = f.evidence[0].value
    assert f.evidence[0].metric == "precision.softfloat_share" and share is not None \
        and share > 0.5, f.evidence
    rp = next((p for p in a.proposals if p.id == "reduce_precision"), None)
    assert rp is not None, ([p.id for p in a.proposals],
                            [(r.id, r.guard, r.reason) for r in a.rejected])
    assert rp.scope.startswith(f"{hot}:"), rp.scope
    assert rp.change is not None and str(work) not in rp.change.description
    out, bad = attach_diffs([rp], work, facts=Facts.build(a.findings, live, a.profiles),
                            policy=policy)
    assert not bad, bad
    ch = out[0].change
    assert ch is not None and added in ch.diff, ch.diff if ch else None
    # applied as the runner would, rebuilt and re-profiled: the emulation is gone
    (work / changed).write_text(apply_unified_diff((work / changed).read_text(), ch.diff,
                                                   changed))
    b = analyze(_profile(work, [], argv), snapshot=live)
    assert not any(f.id == "app.precision" for f in b.findings), \
        [(f.id, f.title) for f in b.findings]
