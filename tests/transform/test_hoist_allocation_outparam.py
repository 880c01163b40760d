"""hoist_allocation for a std::vector returned by value and consumed in a loop: the callee
fills the caller's vector through an output parameter (``weights_into``), the original
function wraps it for its other callers, the loop reuses one vector. On an own multi-file
project with a Makefile (tests/transform/data/outparam: Bernstein weights per point of a
surface, the degree changing per point, the caller writing its copy): same printed numbers,
valgrind's allocation count down from one per point to a handful. Illegal: the caller keeps
the vector beyond the iteration, an OpenMP loop, a callee with two returns, a call before the
definition: each refused, named."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from conftest import require_tool
from perfscout.transform import Generated, Refusal, generate
from transform._cc import line_of

DATA = Path(__file__).parent / "data" / "outparam"
SRC = (DATA / "surface.cpp").read_text()


def _run(work: Path) -> tuple[str, int]:
    require_tool("g++")
    vg = require_tool("valgrind")
    subprocess.run(["make", "-s", "clean"], cwd=work, check=True, capture_output=True)
    b = subprocess.run(["make", "-s", "POINTS=3000"], cwd=work, capture_output=True,
                       text=True, timeout=300)
    assert b.returncode == 0, b.stderr
    r = subprocess.run([vg, "./surface"], cwd=work, capture_output=True, text=True,
                       timeout=600)
    assert r.returncode == 0, r.stderr[-2000:]
    m = re.search(r"total heap usage: ([\d,]+) allocs", r.stderr)
    assert m is not None, r.stderr[-2000:]
    return r.stdout, int(m.group(1).replace(",", ""))


@pytest.mark.parametrize("hot", ["w[j] = (j > 0", "std::vector<double> w = weights("])
def test_returned_vector_filled_in_place(tmp_path: Path, hot: str) -> None:
    work = tmp_path / "surf"
    shutil.copytree(DATA, work)
    out0, n0 = _run(work)
    got = generate("hoist_allocation", SRC, "surface.cpp", line_of(SRC, hot), root=work)
    assert isinstance(got, Generated), got
    assert "void weights_into(double t, int degree, std::vector<double> &w)" in got.new_text
    assert "weights_into(t, degree, w_buf);" in got.new_text
    (work / "surface.cpp").write_text(got.new_text)
    out1, n1 = _run(work)
    assert out1 == out0
    assert n0 >= 3000 and n1 * 100 < n0, (n0, n1)


def _refused(text: str, needle: str = "w[j] = (j > 0") -> str:
    got = generate("hoist_allocation", text, "surface.cpp", line_of(text, needle))
    assert isinstance(got, Refusal), got
    return got.reason


def test_kept_beyond_the_iteration_refused() -> None:
    text = SRC.replace("    double total = 0.0;\n", "    double total = 0.0;\n"
                       "    std::vector<double> last;\n").replace(
        "        total += w[0];\n", "        total += w[0];\n        last = w;\n")
    assert "at line 22: w is stored at line 28 ('last = w')" in _refused(text)


def test_openmp_loop_refused() -> None:
    text = SRC.replace("    for (int p = 0; p < points; p++) {",
                       "    #pragma omp parallel for reduction(+ : total)\n"
                       "    for (int p = 0; p < points; p++) {")
    assert "is an OpenMP loop" in _refused(text)


def test_two_returns_refused() -> None:
    text = SRC.replace("    std::vector<double> w(degree + 1, 1.0);\n",
                       "    std::vector<double> w(degree + 1, 1.0);\n"
                       "    if (degree == 0)\n        return w;\n")
    assert "does not end in its only return" in _refused(text)


def test_call_before_the_definition_refused() -> None:
    body = SRC[SRC.index("double surface("):]
    head = SRC[:SRC.index("double surface(")]
    weights = head[head.index("// Bernstein"):]
    text = head.replace(weights, "") + body + "\n" + weights
    assert "comes before weights's definition" in _refused(text)
