"""hoist_allocation: a work buffer allocated and freed at every call of a function called in a
loop kept between calls, grown on demand. On an own multi-file project with a Makefile
(tests/transform/data/scratch: a C box filter that mallocs and callocs two rows per call, a C++
B-spline basis with two local std::vectors and a new[] per point, called from an OpenMP
loop): the changed programs are built with the Makefile, print the same numbers, and make
far fewer heap allocations (valgrind's count). Illegal: the buffer returned, stored in a
global, reallocated, allocated in a loop and freed after it, a recursive function, a buffer
never freed: each refused, the use named."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from conftest import require_tool
from perfscout.transform import Generated, Refusal, generate
from perfscout.transform.scratch import callee_lines
from transform._cc import line_of

DATA = Path(__file__).parent / "data" / "scratch"
SIZES = ("N=60", "ROWS=300")


def _build(work: Path) -> None:
    require_tool("make")
    require_tool("g++")
    subprocess.run(["make", "-s", "clean"], cwd=work, check=True, capture_output=True)
    b = subprocess.run(["make", "-s", *SIZES], cwd=work, capture_output=True, text=True,
                       timeout=300)
    assert b.returncode == 0, b.stderr


def _numbers(work: Path, prog: str) -> list[float]:
    env = {**os.environ, "OMP_NUM_THREADS": "2"}
    r = subprocess.run([f"./{prog}"], cwd=work, capture_output=True, text=True, timeout=300,
                       env=env)
    assert r.returncode == 0, r.stderr
    first = r.stdout.splitlines()[0]  # the result line (blur's second is its own timer)
    return [float(x) for x in re.findall(r"-?\d+\.\d+e[-+]\d+", first)]


def _allocs(work: Path, prog: str) -> int:
    """Heap allocations of one run, counted by valgrind (memcheck's heap summary)."""
    vg = require_tool("valgrind")
    env = {**os.environ, "OMP_NUM_THREADS": "2"}
    r = subprocess.run([vg, "--tool=memcheck", f"./{prog}"], cwd=work, capture_output=True,
                       text=True, timeout=600, env=env)
    m = re.search(r"total heap usage: ([\d,]+) allocs", r.stderr)
    assert m is not None, r.stderr[-2000:]
    return int(m.group(1).replace(",", ""))


def _apply_at_call(work: Path, caller: str, needle: str) -> Generated:
    """The change at the callee of the hot call ``needle`` in ``caller``, written to disk."""
    text = (work / caller).read_text()
    sites = callee_lines(text, caller, line_of(text, needle), work)
    assert len(sites) == 1, sites
    rel, line = sites[0]
    got = generate("hoist_allocation", (work / rel).read_text(), rel, line, root=work)
    assert isinstance(got, Generated), got
    (work / rel).write_text(got.new_text)
    return got


def test_per_call_buffers_are_kept_and_the_output_and_fewer_allocations(tmp_path: Path
                                                                         ) -> None:
    work = tmp_path / "proj"
    shutil.copytree(DATA, work)
    _build(work)
    before = {p: (_numbers(work, p), _allocs(work, p)) for p in ("blur", "spline")}
    c = _apply_at_call(work, "main.c", "smooth_row(img")
    cpp = _apply_at_call(work, "spline_main.cpp", "eval_point(knots")
    assert "static double *tmp_scratch" in c.new_text and "free(tmp)" not in c.new_text
    assert "memset(acc, 0" in c.new_text  # calloc's zeroes kept
    # called in an OpenMP loop: one buffer per thread
    assert "static thread_local std::vector<double> w_scratch" in cpp.new_text
    assert "w_scratch.clear(); w_scratch.resize(m);" in cpp.new_text
    assert "delete[] left;" not in cpp.new_text and "spline_main.cpp:20" in cpp.note
    _build(work)
    for prog in ("blur", "spline"):
        nums, allocs = before[prog]
        assert _numbers(work, prog) == nums
        after = _allocs(work, prog)
        # 300 rows x 2 buffers, 1800 points x 3 buffers before; a handful after
        assert after * 20 < allocs, (prog, allocs, after)


def test_the_caller_line_leads_to_the_allocating_callee_only() -> None:
    text = (DATA / "main.c").read_text()
    assert callee_lines(text, "main.c", line_of(text, "img[i] ="), DATA) == []
    got = generate("hoist_allocation", (DATA / "spline_main.cpp").read_text(),
                   "spline_main.cpp", line_of((DATA / "spline_main.cpp").read_text(),
                                              "knots[i] ="), root=DATA)
    assert isinstance(got, Refusal) and "main, which runs once" in got.reason


_HEAD = "#include <stdlib.h>\n#include <string.h>\n"
ILLEGAL = {
    "returned": ("double *row(int n)\n{\n    double *w = malloc(n * sizeof *w);\n"
                 "    for (int i = 0; i < n; i++)\n        w[i] = i;\n    return w;\n}\n",
                 "w is returned at line 8"),
    "stored in a global": (
        "static double *last;\ndouble row(int n)\n{\n    double *w = malloc(n * sizeof *w);\n"
        "    double s = 0;\n    for (int i = 0; i < n; i++)\n        s += w[i] = i;\n"
        "    last = w + 1;\n    free(w);\n    return s;\n}\n",
        "w is stored at line 10 ('last = w + 1')"),
    "reallocated": (
        "double row(int n)\n{\n    double *w = malloc(n * sizeof *w);\n    double s = 0;\n"
        "    w = realloc(w, 2 * n * sizeof *w);\n    for (int i = 0; i < 2 * n; i++)\n"
        "        s += w[i] = i;\n    free(w);\n    return s;\n}\n",
        "w is reassigned at line 7"),
    "live across iterations": (
        "double row(int n)\n{\n    double *w = NULL, s = 0;\n    double *keep[4];\n"
        "    for (int k = 0; k < 4; k++) {\n        double *t = malloc(n * sizeof *t);\n"
        "        for (int i = 0; i < n; i++)\n            s += t[i] = i + k;\n"
        "        keep[k] = t;\n    }\n    for (int k = 0; k < 4; k++)\n        free(keep[k]);\n"
        "    (void)w;\n    return s;\n}\n",
        "t is stored at line 11 ('keep[k] = t')"),
    "never freed": (
        "double row(int n)\n{\n    double *w = malloc(n * sizeof *w);\n    double s = 0;\n"
        "    for (int i = 0; i < n; i++)\n        s += w[i] = i;\n    return s;\n}\n",
        "w is not freed in the function"),
    "recursive": (
        "double row(int n)\n{\n    double *w = malloc(n * sizeof *w);\n    double s = 0;\n"
        "    for (int i = 0; i < n; i++)\n        s += w[i] = i;\n"
        "    if (n > 1)\n        s += row(n / 2);\n    free(w);\n    return s;\n}\n",
        "row (row.c) calls itself"),
}


@pytest.mark.parametrize("case", sorted(ILLEGAL))
def test_a_buffer_that_outlives_the_call_is_refused_naming_the_use(case: str) -> None:
    body, reason = ILLEGAL[case]
    text = _HEAD + body
    got = generate("hoist_allocation", text, "row.c", line_of(text, "malloc(n"))
    assert isinstance(got, Refusal), got
    assert reason in got.reason, got.reason


def test_a_vector_returned_or_moved_is_refused() -> None:
    text = ("#include <vector>\n#include <utility>\nstd::vector<double> f(int n)\n{\n"
            "    std::vector<double> w(n);\n    for (int i = 0; i < n; i++)\n        w[i] = i;\n"
            "    return w;\n}\n"
            "double g(int n, std::vector<double> &out)\n{\n    std::vector<double> w(n, 1.0);\n"
            "    out = std::move(w);\n    return out[0];\n}\n")
    for needle, reason in (("w[i] = i", "w is returned at line 8"),
                           ("out = std::move", "w is passed to std::move at line 13")):
        got = generate("hoist_allocation", text, "f.cpp", line_of(text, needle))
        assert isinstance(got, Refusal), got
        assert reason in got.reason, got.reason


def test_a_vector_copied_from_another_is_refused_and_threads_get_thread_local() -> None:
    text = ("#include <vector>\n#include <thread>\n"
            "double f(const std::vector<double> &src, int n)\n{\n"
            "    std::vector<double> w(src);\n    std::vector<double> v(n);\n"
            "    double s = 0;\n    for (int i = 0; i < n; i++)\n        s += w[i] * v[i];\n"
            "    return s;\n}\n"
            "void run(std::vector<double> &x)\n{\n"
            "    std::thread t([&] { f(x, 3); });\n    t.join();\n}\n")
    got = generate("hoist_allocation", text, "f.cpp", line_of(text, "s += w[i]"))
    assert isinstance(got, Generated), got
    assert "w is made from src" not in got.new_text
    assert "the vector w at line 5 is made from src (const std::vector<double>), not from " \
           "a count" in got.note
    assert "static thread_local std::vector<double> v_scratch;" in got.new_text
    assert "std::vector<double> w(src);" in got.new_text
    assert "f.cpp starts threads (std::thread)" in got.note


OMP_C = """#include <stdio.h>
#include <stdlib.h>

static double row_energy(int n, int seed)
{
    double *w = malloc(sizeof(double) * (size_t)n);
    double s = 0.0;
    for (int i = 0; i < n; i++)
        w[i] = (double)((i * 7 + seed) % 13);
    for (int i = 0; i < n; i++)
        s += w[i] * w[(i + 1) % n];
    free(w);
    return s;
}

int main(void)
{
    double total = 0.0;
    #pragma omp parallel for reduction(+ : total)
    for (int r = 0; r < 4000; r++)
        total += row_energy(50 + r % 17, r);
    printf("total %.6f\\n", total);
    return 0;
}
"""


def test_c_called_in_an_openmp_loop_gets_one_buffer_per_thread(tmp_path: Path) -> None:
    from transform._cc import build_run, write

    before = build_run(write(tmp_path, "a.c", OMP_C), flags=["-fopenmp"], threads=4)
    got = generate("hoist_allocation", OMP_C, "e.c", line_of(OMP_C, "w[i] = (double)"))
    assert isinstance(got, Generated), got
    assert "static _Thread_local double *w_scratch = NULL;" in got.new_text
    assert "row_energy is called in an OpenMP construct at e.c:21" in got.note
    after = build_run(write(tmp_path, "b.c", got.new_text), flags=["-fopenmp"], threads=4)
    assert after == before
