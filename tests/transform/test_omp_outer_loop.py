"""omp_outer_loop: an ``omp parallel for`` on the inner loop of a serial row loop moves to the
row loop (one thread team instead of one per row), on a multi-file C program with a Makefile
(tests/transform/data/omp_rows). Legal: the Jacobi step (its reduction kept, the inner counter
declared outside made private), the heat step (the time loop carries a dependence and is
skipped, named; the row loop below it gets the directive) and the red-black sweep (the colour
loop carries the dependence on ``u`` and stays serial, named; the row loop gets the directive,
proved by colour); the patched program is built with its Makefile and prints exactly what the
original prints. Illegal: a checkerboard reading its own colour in the row above, and a
lexicographic Gauss-Seidel sweep (refused, the dependence named)."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from conftest import require_tool
from perfscout.model.proposals import Proposal, Verification
from perfscout.pipeline.source_changes import attach_diffs
from perfscout.transform import Generated, Refusal, generate
from transform._cc import build_run, line_of, write

DATA = Path(__file__).parent / "data" / "omp_rows"


def _copy(tmp_path: Path) -> Path:
    work = tmp_path / "relax"
    shutil.copytree(DATA, work)
    return work


def _make_run(work: Path) -> str:
    require_tool("make")
    require_tool("gcc")
    subprocess.run(["make", "-s", "clean"], cwd=work, check=True, capture_output=True)
    b = subprocess.run(["make", "-s", "N=48"], cwd=work, capture_output=True, text=True,
                       timeout=300)
    assert b.returncode == 0, b.stderr
    env = {**os.environ, "OMP_NUM_THREADS": "2"}
    r = subprocess.run(["./relax", "6"], cwd=work, capture_output=True, text=True, env=env,
                       timeout=300)
    assert r.returncode == 0, r.stderr
    return r.stdout


def _source(scope: str) -> Proposal:
    return Proposal(id="omp_outer_loop", kind="source", scope=scope,
                    addresses=("rt.serial_fraction",),
                    verification=Verification((("perf", "stat", "--", "./relax"),),
                                              "time.elapsed", "lower"))


def test_moves_the_directive_to_the_row_loop_and_the_output_is_unchanged(
        tmp_path: Path) -> None:
    work = _copy(tmp_path)
    before = _make_run(work)
    text = (work / "sweep.c").read_text()
    jacobi = line_of(text, "out[i * m + j] = v;")
    heat = line_of(text, "w[i * m + j] = u[i * m + j]")
    out, bad = attach_diffs([_source(f"sweep.c:{jacobi}")], work, also=[("sweep.c", heat)])
    assert not bad
    ch = out[0].change
    assert ch is not None and "-fopenmp" in ch.flags
    # the Jacobi row loop: the reduction kept, the inner counter j (declared outside) private
    assert "+    #pragma omp parallel for schedule(static) reduction(+:change) private(j)" \
        in ch.diff
    assert "-#pragma omp parallel for reduction(+:change) schedule(static)" in ch.diff
    # the heat step: the time loop s carries the dependence, the row loop i gets it
    assert "loop s (line" in ch.description and "dependence on u" in ch.description
    assert "to the loop over i" in ch.description
    new = generate("omp_outer_loop", text, "sweep.c", jacobi)
    assert isinstance(new, Generated)
    again = generate("omp_outer_loop", new.new_text, "sweep.c",
                     line_of(new.new_text, "w[i * m + j] = u[i * m + j]"))
    assert isinstance(again, Generated)
    rb = generate("omp_outer_loop", again.new_text, "sweep.c",
                  line_of(again.new_text, "u[i * m + j] = 0.25"))
    assert isinstance(rb, Generated), rb
    assert "to the loop over i" in rb.note and "checkerboard" in rb.note
    assert "loop c (line" in rb.note and "dependence on u" in rb.note
    (work / "sweep.c").write_text(rb.new_text)
    assert rb.new_text.count("#pragma omp parallel for") == 3
    assert _make_run(work) == before


SAME_COLOUR = """void sweep(double *u, int n, int m)
{
    for (int c = 0; c < 2; c++)
        for (int i = 1; i < n - 1; i++) {
#pragma omp parallel for
            for (int j = 1 + (i + c) % 2; j < m - 2; j += 2)
                u[i * m + j] = 0.5 * (u[(i - 1) * m + j + 1] + u[i * m + j + 1]);
        }
}
"""

LEXICOGRAPHIC = """void gs(double *u, int n, int m)
{
    for (int i = 1; i < n - 1; i++) {
#pragma omp parallel for
        for (int j = 1; j < m - 1; j++)
            u[i * m + j] = 0.5 * (u[(i - 1) * m + j] + u[(i + 1) * m + j]);
    }
}
"""


@pytest.mark.parametrize(("src", "why"), [
    (SAME_COLOUR, "u[(i - 1) * m + j + 1] (line 7) reads the colour being written"),
    (LEXICOGRAPHIC, "not a checkerboard: the inner loop does not start at B + (i + c) % 2"),
])
def test_rows_that_meet_are_refused_named(src: str, why: str) -> None:
    got = generate("omp_outer_loop", src, "s.c", line_of(src, "u[i * m + j] ="))
    assert isinstance(got, Refusal), got
    assert "dependence on u" in got.reason and why in got.reason, got.reason


@pytest.mark.parametrize(("src", "why"), [
    ("void f(double *a, int n) {\n#pragma omp parallel for\n  for (int i = 0; i < n; i++)\n"
     "    a[i] = 2 * a[i];\n}\n", "inside no loop of its function"),
    ("void f(double *a, int n) {\n  for (int k = 0; k < 4; k++) {\n#pragma omp parallel for "
     "collapse(2)\n  for (int i = 0; i < n; i++)\n    for (int j = 0; j < n; j++)\n"
     "      a[i * n + j] += k;\n  }\n}\n", "collapse"),
    ("void f(double *a, int n) {\n  for (int i = 0; i < n; i++)\n    a[i] = 2 * a[i];\n}\n",
     "no '#pragma omp' directive"),
])
def test_shapes_it_does_not_handle_are_refused(src: str, why: str) -> None:
    got = generate("omp_outer_loop", src, "f.c", line_of(src, "a[i"))
    assert isinstance(got, Refusal) and why in got.reason


NOISY = """#include <math.h>
static int flips;
static double noise(long i, long j, int c)   /* a counter-based generator: own state only */
{
    unsigned long h = (unsigned long)(i * 73856093L ^ j * 19349663L ^ c * 83492791L);
    h ^= h >> 13; h *= 0x5bd1e995UL; h ^= h >> 15;
    return (double)(h % 1000003UL) / 1000003.0;
}
static double counted(long i, long j, int c) { flips++; return noise(i, j, c); }

void sweep(double *u, int n, int m, int use_counted)
{
    for (int c = 0; c < 2; c++)
        for (int i = 1; i < n - 1; i++) {
#pragma omp parallel for
            for (int j = 1 + (i + c) % 2; j < m - 1; j += 2)
                u[i * m + j] = 0.25 * (u[(i - 1) * m + j] + u[(i + 1) * m + j]
                                       + u[i * m + j - 1] + u[i * m + j + 1])
                               + 0.01 * (use_counted ? counted(i, j, c) : noise(i, j, c));
        }
}
"""


def test_calls_that_keep_only_their_own_state_do_not_block_the_move(tmp_path: Path) -> None:
    """The checkerboard update adds a value from a counter-based generator (a function of
    the project writing only its locals): the row loop gets the directive. A helper that
    also counts its calls in a static global blocks it, named."""
    got = generate("omp_outer_loop", NOISY, "s.c", line_of(NOISY, "u[i * m + j] = 0.25"))
    assert isinstance(got, Refusal), got
    assert "counted" in got.reason
    plain = NOISY.replace("(use_counted ? counted(i, j, c) : noise(i, j, c))", "noise(i, j, c)")
    got = generate("omp_outer_loop", plain, "s.c", line_of(plain, "u[i * m + j] = 0.25"))
    assert isinstance(got, Generated), got
    assert "to the loop over i" in got.note and "checkerboard" in got.note
    main = """
#include <stdio.h>
#include <stdlib.h>
int main(void)
{
    int n = 90, m = 70;
    double *u = calloc((size_t)n * m, sizeof *u), s = 0;
    for (int k = 0; k < m; k++) u[k] = 1.0;
    for (int r = 0; r < 20; r++) sweep(u, n, m, 0);
    for (long k = 0; k < (long)n * m; k++) s += u[k] * (k % 5 + 1);
    printf("%.15e\\n", s);
    return 0;
}
"""
    outs = []
    for name, text in (("before", plain), ("after", got.new_text)):
        d = tmp_path / name
        d.mkdir()
        outs.append(build_run(write(d, "s.c", text + main), ["-fopenmp"]))
    assert outs[0] == outs[1] and outs[0].strip()
