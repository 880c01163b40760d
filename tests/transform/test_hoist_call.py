"""hoist_invariant: a call of a pure function defined in another translation unit, with
arguments the loop does not change, computed once before the loop. On an own multi-file
project with a Makefile (tests/transform/data/hoist_call: a C++ ``Series`` whose ``mean()``
and ``stddev()`` live in series.cpp, and a C ``norm2``/``rms`` pair in norms.c): the changed
programs are built with the Makefile and print the same numbers. Illegal: a method writing a
global, a non-const method called on the object in the loop, an argument the loop writes, a
function doing I/O, a function writing through its pointer parameter, a function with no
definition in the project: each refused, the write, call or argument named."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from conftest import require_tool
from perfscout.model.proposals import Proposal
from perfscout.pipeline.source_changes import attach_diffs
from perfscout.transform import Generated, Refusal, generate
from transform._cc import line_of

DATA = Path(__file__).parent / "data" / "hoist_call"
ZSCORE = (DATA / "zscore.cpp").read_text()
SCALE = (DATA / "scale.c").read_text()


def _make_run(work: Path) -> dict[str, list[float]]:
    """Build both programs with the project's Makefile and return the numbers each prints."""
    require_tool("make")
    require_tool("g++")
    subprocess.run(["make", "-s", "clean"], cwd=work, check=True, capture_output=True)
    b = subprocess.run(["make", "-s", "N=3000"], cwd=work, capture_output=True, text=True,
                       timeout=300)
    assert b.returncode == 0, b.stderr
    out = {}
    for prog in ("zscore", "scale"):
        r = subprocess.run([f"./{prog}"], cwd=work, capture_output=True, text=True,
                           timeout=300)
        assert r.returncode == 0, r.stderr
        out[prog] = [float(x) for x in re.findall(r"-?\d+\.\d+(?:e[-+]\d+)?", r.stdout)]
    return out


def _apply(work: Path, name: str, needle: str) -> Generated:
    f = work / name
    text = f.read_text()
    got = generate("hoist_invariant", text, name, line_of(text, needle), root=work)
    assert isinstance(got, Generated), got
    f.write_text(got.new_text)
    return got


def test_pure_calls_from_another_file_are_hoisted_and_the_output_is_unchanged(
        tmp_path: Path) -> None:
    work = tmp_path / "proj"
    shutil.copytree(DATA, work)
    before = _make_run(work)
    got = _apply(work, "zscore.cpp", "ds.mean()) / ds.stddev()")
    assert "const auto ps_mean = ds.mean();" in got.new_text
    assert "const auto ps_stddev = ds.stddev();" in got.new_text
    assert "z[t] = (ds[t] - ps_mean) / ps_stddev;" in got.new_text
    assert "Series::mean() (series.cpp:" in got.note and "Series::stddev()" in got.note
    got = _apply(work, "zscore.cpp", "ds.scaled_mean(0.5)")  # calls clip() and mean()
    assert "ps_scaled_mean * (z[t] + 2.0)" in got.new_text
    got = _apply(work, "scale.c", "/ norm2(x, N) + rms")  # C: rms() calls norm2() calls sq()
    assert "const double ps_norm2 = norm2(x, N);" in got.new_text
    assert "const double ps_rms = rms(x, N);" in got.new_text
    after = _make_run(work)
    for prog, vals in before.items():
        assert len(after[prog]) == len(vals)
        assert after[prog] == pytest.approx(vals, rel=1e-12, abs=1e-15), prog


@pytest.mark.parametrize(("text", "needle", "why"), [
    (ZSCORE, "ds.noisy_mean()",
     "Series::noisy_mean() (series.cpp:36) writes calls_seen at line 38"),
    (ZSCORE, "q += ds.mean()",
     "ds.touch() at line 24 may modify ds (touch() is not a const member function)"),
    (SCALE, "x[i - 1] / norm2", "norm2(x, N) (line 17): x changes in the loop"),
    (SCALE.replace("x[i] / norm2(x, N) + rms(x, N)", "x[i] / norm_logged(x, N)"),
     "norm_logged", "norm_logged() (norms.c:24) calls printf() at line 27"),
    (SCALE.replace("x[i] / norm2(x, N) + rms(x, N)", "x[i] / norm_scratch(x, N)"),
     "norm_scratch", "writes a[0] at line 33: through its parameter a"),
    (SCALE.replace("x[i] / norm2(x, N) + rms(x, N)", "x[i] / norm_elsewhere(x, N)"),
     "norm_elsewhere", "norm_elsewhere() is not defined in the project's sources"),
])
def test_impure_or_changing_calls_are_refused_named(text: str, needle: str, why: str) -> None:
    name = "zscore.cpp" if "Series" in text else "scale.c"
    got = generate("hoist_invariant", text, name, line_of(text, needle), root=DATA)
    assert isinstance(got, Refusal) and why in got.reason, got


def test_a_global_the_function_reads_blocks_it(tmp_path: Path) -> None:
    """A function reading a mutable global may return another value after any other call."""
    other = ("static double offset = 1.0;\n"
             "double shifted(const double *a, int n) { return a[0] + offset + n; }\n"
             "void bump(void) { offset += 1.0; }\n")
    main = ("double shifted(const double *a, int n);\nvoid bump(void);\n"
            "double f(const double *a, double *y, int n) {\n"
            "  for (int i = 0; i < n; i++) { bump(); y[i] = shifted(a, n); }\n  return y[0];\n}\n")
    (tmp_path / "other.c").write_text(other)
    (tmp_path / "main.c").write_text(main)
    got = generate("hoist_invariant", main, "main.c", 4, root=tmp_path)
    assert isinstance(got, Refusal)
    assert "reads the global offset (other.c:1)" in got.reason, got


def _offered(path: Path, line: int, fid: str) -> dict[str, Proposal]:
    from tests.advise.conftest import finding

    from perfscout.advise import advise
    from perfscout.model.metrics import Hotspot, Profile
    from perfscout.sandbox import default_runner

    prof = Profile("perf-annotate", "annotate.txt", meta={"command": "./zscore"}, hotspots=(
        Hotspot(f"{path}:{line}", self_share=0.7, kind="line"),))
    adv = advise([finding(fid, scope="")], None, [prof], policy_check=default_runner().check)
    return {p.id: p for p in adv.proposals}


@pytest.mark.parametrize("fid", ["app.redundant_work", "alg.complexity", "hw.vectorization",
                                 "hw.compute_bound"])
def test_offered_at_the_loop_that_calls_the_hot_callee(tmp_path: Path, fid: str) -> None:
    """The profile's hot line is inside Series::mean (series.cpp); the proposal is scoped to
    the loop call in zscore.cpp that the generator hoists, with its note."""
    work = tmp_path / "proj"
    shutil.copytree(DATA, work)
    series = (work / "series.cpp").read_text()
    got = _offered(work / "series.cpp", line_of(series, "s += x;"), fid)
    assert "hoist_invariant" in got, list(got)
    p = got["hoist_invariant"]
    assert p.scope == f"zscore.cpp:{line_of(ZSCORE, 'ds.mean()) / ds.stddev()')}"
    assert p.change is not None and "ds.mean(), ds.stddev()" in p.change.description
    out, bad = attach_diffs([p], work)  # the session's step: the diff on the proposal
    assert not bad, bad
    assert out[0].change is not None
    assert "+    const auto ps_mean = ds.mean();" in out[0].change.diff


@pytest.mark.parametrize("fid", ["alg.complexity", "hw.vectorization", "hw.compute_bound"])
def test_not_offered_when_nothing_can_move(tmp_path: Path, fid: str) -> None:
    """Only impure callers of the hot function: no hoist_invariant for the kinds where only
    the generated change shows the work is repeated (a profile says "a hot loop in mean()",
    which vectorisation or the algorithm may explain as well)."""
    work = tmp_path / "proj"
    shutil.copytree(DATA, work)
    (work / "scale.c").unlink()
    (work / "zscore.cpp").write_text(ZSCORE.replace("ds.mean()) / ds.stddev()",
                                                    "ds.noisy_mean()) / 2.0").replace(
        "ds.scaled_mean(0.5)", "2.0").replace("q += ds.mean();", "q += 1.0;"))
    series = (work / "series.cpp").read_text()
    got = _offered(work / "series.cpp", line_of(series, "s += x;"), fid)
    assert "hoist_invariant" not in got, got


CELLS = """#include <vector>
#include "series.h"

struct Cell { Series s; explicit Cell(std::size_t n) : s(n) {} };

double anomalies(std::vector<Cell> &cells, std::vector<double> &out)
{
    double acc = 0.0;
    for (std::size_t c = 0; c < cells.size(); ++c) {
        auto &ref = cells[0].s;
        for (std::size_t t = 0; t < out.size(); ++t)
            out[t] = cells[c].s.mean() - ref.stddev();  // INNER
        for (std::size_t t = 0; t < cells.size(); ++t)
            acc += cells[t].s.mean();  // BYINDEX
    }
    return acc;
}
"""


def test_an_element_member_and_an_auto_reference_are_resolved(tmp_path: Path) -> None:
    """``cells[c].s.mean()`` (c fixed in the inner loop) and ``ref.stddev()`` (``auto&``)
    resolve to Series' methods and move out of the inner loop; ``cells[t].s.mean()`` with
    the loop's own index is refused, naming it."""
    work = tmp_path / "proj"
    shutil.copytree(DATA, work)
    (work / "cells.cpp").write_text(CELLS)
    got = generate("hoist_invariant", CELLS, "cells.cpp", line_of(CELLS, "INNER"), root=work)
    assert isinstance(got, Generated), got
    assert "const auto ps_mean = cells[c].s.mean();" in got.new_text
    assert "const auto ps_stddev = ref.stddev();" in got.new_text
    assert "out[t] = ps_mean - ps_stddev;" in got.new_text
    bad = generate("hoist_invariant", CELLS, "cells.cpp", line_of(CELLS, "BYINDEX"), root=work)
    assert isinstance(bad, Refusal) and "t changes in the loop" in bad.reason, bad
    (work / "cells.cpp").write_text(got.new_text)
    require_tool("g++")
    b = subprocess.run(["g++", "-O2", "-std=c++17", "-c", "cells.cpp"], cwd=work,
                       capture_output=True, text=True, timeout=300)
    assert b.returncode == 0, b.stderr  # the hoisted locals are in scope and typed


def test_an_impure_call_in_the_arguments_keeps_the_call(tmp_path: Path) -> None:
    """``norm2(x, pick())`` with ``pick`` counting its calls: the argument differs per
    iteration even though no name of the loop changes; ``norm2(x, half(N))`` with a pure
    ``half`` moves."""
    (tmp_path / "Makefile").write_text("all:\n\tcc -O2 -c *.c\n")
    (tmp_path / "lib.c").write_text(
        "static int calls;\nint pick(void) { return ++calls; }\nint half(int n) "
        "{ return n / 2; }\ndouble norm2(const double *a, int n) { double s = 0; "
        "for (int i = 0; i < n; i++) s += a[i] * a[i]; return s; }\n")
    main = ("int pick(void);\nint half(int n);\ndouble norm2(const double *a, int n);\n"
            "void f(const double *x, double *y, int n) {\n"
            "  for (int i = 0; i < n; i++) y[i] = norm2(x, pick());  // IMPURE\n"
            "  for (int i = 0; i < n; i++) y[i] = norm2(x, half(n));  // HALVED\n}\n")
    (tmp_path / "main.c").write_text(main)
    bad = generate("hoist_invariant", main, "main.c", line_of(main, "IMPURE"), root=tmp_path)
    assert isinstance(bad, Refusal), bad
    assert "its argument calls pick(): pick() (lib.c:2) writes calls" in bad.reason, bad
    ok = generate("hoist_invariant", main, "main.c", line_of(main, "HALVED"), root=tmp_path)
    assert isinstance(ok, Generated) and "const double ps_norm2 = norm2(x, half(n));" in \
        ok.new_text, ok


def test_a_global_argument_with_an_opaque_call_in_the_loop_is_refused(tmp_path: Path) -> None:
    """``norm2(x, n)`` with ``x`` a file-scope array: ``perturb()`` in the same loop writes
    it without naming it; the call stays, and the reason names both."""
    (tmp_path / "Makefile").write_text("all:\n\tcc -O2 -c *.c\n")
    (tmp_path / "lib.c").write_text(
        "double x[100];\nvoid perturb(int i) { x[i % 100] += 1.0; }\n"
        "double norm2(const double *a, int n) { double s = 0; "
        "for (int i = 0; i < n; i++) s += a[i] * a[i]; return s; }\n")
    main = ("extern double x[100];\nvoid perturb(int i);\n"
            "double norm2(const double *a, int n);\n"
            "void f(double *y, int n) {\n  for (int i = 0; i < n; i++) {\n    perturb(i);\n"
            "    y[i] = norm2(x, 100);\n  }\n}\n")
    (tmp_path / "main.c").write_text(main)
    got = generate("hoist_invariant", main, "main.c", line_of(main, "norm2(x"), root=tmp_path)
    assert isinstance(got, Refusal), got
    assert "x is a file-scope variable" in got.reason and "perturb() at line 6" in got.reason
