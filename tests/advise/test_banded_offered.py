"""use_lapack with dgtsv from a real perf profile of the own heat-equation program in
tests/transform/data/banded (built with its Makefile and -g, run under perf record, reported by
symbol and by source line as a session collects them): the hand-written elimination's update is
the hot line, the proposal names dgtsv, and the generated change passes the diff checks and the
guards. Applied and rebuilt with OpenBLAS through the Makefile's LDLIBS (as the experiment
runner links a variant's libraries), it prints what the original printed. The same for the
heat equation that calls dgesv itself: its fill is the program's hot line, the dgesv call in
that function becomes dgtsv.

The finding the proposal addresses (``alg.complexity``: a session's size sweep; or a hardware
counter finding) is stated here: perf record alone gives the hot lines, not the sweep."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from advise.conftest import finding
from advise.test_calls_offered import _profile
from conftest import require_tool
from perfscout.advise import advise
from perfscout.advise.facts import Facts
from perfscout.advise.guards import PolicyCheck
from perfscout.experiment.patching import apply_unified_diff
from perfscout.model.snapshot import PlatformSnapshot
from perfscout.pipeline.analyze import analyze
from perfscout.pipeline.source_changes import attach_diffs

DATA = Path(__file__).resolve().parents[1] / "transform" / "data" / "banded"


def _values(out: str) -> list[float]:
    return [float(v) for v in re.findall(r"=\s*(\S+)$", out, re.M)]


@pytest.mark.parametrize(("make", "argv", "src", "title"), [
    # the hand-written elimination is the hot loop
    (["N=900", "STEPS=2", "heat"], ["./heat"], "heat.c", "the hand-written solve of a banded "
     "matrix at"),
    # the program calls dgesv itself: the time is in the library, the fill its hot line
    (["heat_gesv"], ["./heat_gesv", "1200", "3"], "heat_gesv.c", "the dense dgesv call on a "
     "banded matrix in the function of"),
])
def test_heat_equation_gets_dgtsv(tmp_path: Path, live: PlatformSnapshot, policy: PolicyCheck,
                                  make: list[str], argv: list[str], src: str,
                                  title: str) -> None:
    require_tool("gcc")
    work = tmp_path / "p"
    shutil.copytree(DATA, work)
    a = analyze(_profile(work, make, argv), snapshot=live)
    adv = advise([finding("alg.complexity")], live, a.profiles, policy_check=policy)
    lp = next((p for p in adv.proposals if p.id == "use_lapack"), None)
    assert lp is not None, ([p.id for p in adv.proposals],
                            [(r.id, r.guard, r.reason) for r in adv.rejected])
    at = re.search(rf"{re.escape(src)}:(\d+)$", lp.scope)
    assert at is not None and int(at.group(1)) in _function_lines(src), lp.scope
    assert title in lp.title and "dgtsv" in lp.title, lp.title
    before = subprocess.run(argv, cwd=work, capture_output=True, text=True, check=True).stdout
    out, bad = attach_diffs([lp], work, facts=Facts.build([finding("alg.complexity")], live,
                                                          a.profiles),
                            policy=policy)
    assert not bad, bad
    ch = out[0].change
    assert ch is not None and re.search(r"^\+ +dgtsv_\(&lapack_n", ch.diff, re.M), \
        ch.diff if ch else None
    assert "-lopenblas" in ch.flags, ch.flags
    (work / src).write_text(apply_unified_diff((work / src).read_text(), ch.diff, src))
    subprocess.run(["make", "-s", *make, "LDLIBS=-lopenblas"], cwd=work, check=True,
                   capture_output=True, timeout=300)
    after = subprocess.run(argv, cwd=work, capture_output=True, text=True, check=True).stdout
    va, vb = _values(before), _values(after)
    assert va and len(va) == len(vb)
    assert all(abs(x - y) <= 1e-9 * max(1.0, abs(x)) for x, y in zip(va, vb, strict=True))


def _function_lines(src: str) -> range:
    """The lines of the function ``step`` (the solve, or the fill and the dgesv call)."""
    from transform._cc import line_of

    text = (DATA / src).read_text()
    return range(line_of(text, "static int step("), line_of(text, "int main("))
