"""gprof flat profile + call graph: corpus values read by hand, a real -pg build, fuzzing."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from conftest import require_tool
from ingest.fuzzing import make_fuzz_test
from perfscout.ingest.registry import detect, get_adapter, load
from perfscout.model.errors import ParseError
from perfscout.model.metrics import Profile


def _hot(p: Profile, name: str):  # type: ignore[no-untyped-def]
    return next(h for h in p.hotspots if h.name == name)


# (file, function, self share, inclusive share or None, calls or None, total seconds)
CASES = [
    # " 33.21      2.60     2.60     3289   790.58   790.58  routine_SigmaDelta_1step"
    # "[1]     33.2    2.60    0.00    3289         routine_SigmaDelta_1step [1]"
    ("flat-callgraph-c-us-per-call.txt", "routine_SigmaDelta_1step", 0.3321, 0.332, 3289, 7.83),
    # " 89.36      9.20     9.20                             function_a(double const*, ..."
    # "granularity: each sample hit covers 2 byte(s) for 0.10% of 10.35 seconds"
    ("flat-callgraph-Ts-per-call-units.txt", "function_a(double const*, double const*, int)",
     0.8936, 0.889, None, 10.35),
    # " 53.97     15.10    15.10 368236721     0.00     0.00  processing::processEvent(...)"
    # "[2]     54.0   15.10    0.00 368236721         processing::processEvent(...) [2]"
    ("flat-callgraph-cpp-templates-timepixfly.txt",
     "processing::processEvent(unsigned int, long, long, long, unsigned long)",
     0.5397, 0.54, 368236721, 27.98),
    # " 25.23     13.69     3.45      201    17.18    17.18  computeAccelerations()"
    ("flat-callgraph-md-blank-calls-with-legend.txt", "computeAccelerations()", 0.2523, 0.252,
     201, 13.70),
    # "  2.71   1370.98    44.71 10800231048     0.00     0.00  Particle::getX()"
    ("flat-callgraph-molsim-huge-callcounts.txt", "Particle::getX()", 0.0271, None,
     10800231048, 1651.85),
]


@pytest.mark.parametrize("fname,func,self_share,incl,calls,total", CASES)
def test_corpus_values(corpus: Path, fname: str, func: str, self_share: float,
                       incl: float | None, calls: int | None, total: float) -> None:
    path = corpus / "gprof" / fname
    assert detect(path).name == "gprof"
    p = load(path)
    h = _hot(p, func)
    assert h.self_share == pytest.approx(self_share)
    if incl is not None:
        assert h.inclusive_share == pytest.approx(incl)
    assert h.calls == calls
    tot = p.first("profile.total")
    assert tot is not None and tot.value == pytest.approx(total)
    assert p.unparsed_lines == 0
    assert h.source is not None and h.source.line is not None


def test_callers_and_tree_from_call_graph(corpus: Path) -> None:
    # "[2]     88.6  591.89  871.02   30000         Sheet3Calc::calculateForce() [2]"
    # it is called from Sheet3Calc::calculateAll() [1] (97.0% inclusive, spontaneous)
    p = load(corpus / "gprof" / "flat-callgraph-molsim-huge-callcounts.txt")
    h = _hot(p, "Sheet3Calc::calculateForce()")
    assert h.inclusive_share == pytest.approx(0.886)
    assert h.inclusive_value == pytest.approx(591.89 + 871.02)
    assert p.calltree is not None
    assert p.calltree.children[0].name == "Sheet3Calc::calculateAll()"
    names = [c.name for c in p.calltree.children[0].children]
    assert "Sheet3Calc::calculateForce()" in names


def test_gprof2dot_file_is_not_taken_for_gprof_text(corpus: Path) -> None:
    # the .dot file is a gprof2dot graph, read by its own adapter (through hatchet)
    p = load(corpus / "gprof" / "gprof2dot-callgrind-cpi.dot")
    assert p.format == "gprof2dot"
    # label="cpi\nmain\n97.88%\n(53.77%)\n1×"
    main = _hot(p, "main")
    assert main.self_share == pytest.approx(0.5374, abs=2e-3)
    assert main.module == "cpi"


def test_not_gprof_raises_parse_error(tmp_path: Path) -> None:
    f = tmp_path / "x.txt"
    f.write_text("hello\nworld\n")
    with pytest.raises(ParseError) as ei:
        get_adapter("gprof").parse(f)
    assert "Flat profile" in str(ei.value)


C_PROG = r"""
#include <stdio.h>
static double hot(int n) { double s = 0; for (int i = 0; i < n; i++) s += (i % 7) * 0.5;
  return s; }
static double cold(int n) { double s = 0; for (int i = 0; i < n; i++) s += i; return s; }
int main(void) { double t = 0; for (int k = 0; k < 40; k++) { t += hot(2000000); }
  t += cold(1000); printf("%f\n", t); return 0; }
"""


def test_real_gprof_output(tmp_path: Path) -> None:
    require_tool("gcc")
    require_tool("gprof")
    (tmp_path / "p.c").write_text(C_PROG)
    subprocess.run(["gcc", "-O0", "-pg", "-fno-inline", "p.c", "-o", "p"], cwd=tmp_path,
                   check=True)
    subprocess.run(["./p"], cwd=tmp_path, check=True, capture_output=True)
    out = subprocess.run(["gprof", "-b", "./p", "gmon.out"], cwd=tmp_path, check=True,
                         capture_output=True, text=True).stdout
    f = tmp_path / "gprof.txt"
    f.write_text(out)
    p = load(f)
    assert p.format == "gprof"
    hot = _hot(p, "hot")
    assert hot.calls == 40
    assert _hot(p, "cold").calls == 1
    if (hot.self_share or 0) > 0:  # samples can be zero on a loaded machine; calls cannot
        assert p.hotspots[0].name == "hot"
    assert p.calltree is not None
    main = next(c for c in p.calltree.children if c.name == "main")
    assert {c.name for c in main.children} >= {"hot", "cold"}


test_fuzz_only_parse_error = make_fuzz_test("gprof", "gprof/flat-callgraph-c-us-per-call.txt")
test_fuzz_only_parse_error_molsim = make_fuzz_test(
    "gprof", "gprof/flat-callgraph-molsim-huge-callcounts.txt", examples=25)
