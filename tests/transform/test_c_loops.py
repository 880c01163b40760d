"""Each generated transformation on C loops: built and run with gcc where it is legal (the same
checksum as the original), refused with the dependence or construct named where it is not."""

from __future__ import annotations

from pathlib import Path

import pytest

from perfscout.transform import Generated, Refusal, generate
from transform import programs as P
from transform._cc import build_run, line_of, write

LEGAL = [
    ("loop_interchange", P.COLUMN_WALK, {}, ["for (long i = 0; i < n; i++)\n+    for (long j"]),
    ("omp_simd", P.DOT, {}, ["#pragma omp simd reduction(+:s)"]),
    ("parallelize_omp", P.REDUCE_PRIVATE, {},
     ["#pragma omp parallel for schedule(static) reduction(+:total) private(t)"]),
    ("parallelize_omp", P.COLUMN_WALK, {}, ["#pragma omp parallel for"]),
    ("loop_tiling", P.TRANSPOSE, {"tile": 16}, ["ii += 16", "jj += 16"]),
    ("loop_tiling", P.COLUMN_WALK, {"tile": 32}, ["jj += 32"]),
    ("loop_unroll", P.DOT, {"unroll": 8}, ["#pragma GCC unroll 8"]),
    ("use_blas", P.GEMV, {}, ["cblas_dgemv(CblasRowMajor, CblasNoTrans", "1.0, y, 1);"]),
    ("use_blas", P.GEMM_BT, {}, ["cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasTrans"]),
    ("use_blas", P.GEMV_2D, {}, ["cblas_dgemv(CblasRowMajor, CblasNoTrans, (int)(M), (int)(K)",
                                 "&A[0][0], (int)(K), x, 1, 0.0, y, 1);"]),
    # an element prologue (T = 0; D *= beta) ahead of the k loop is hoisted into its own nest
    ("loop_interchange", P.PROLOGUE_GEMM, {},
     ["+    for (int j = 0; j < N; j++)\n       T[i][j] = 0.0;",
      "+    for (int k = 0; k < N; k++)\n+      for (int j = 0; j < N; j++)"]),
    ("loop_tiling", P.PROLOGUE_GEMM, {"tile": 16}, ["jj += 16", "kk += 16"]),
]

ILLEGAL = [
    ("loop_interchange", P.SKEWED_2D, ["dependence on a", "a[i + 1][j - 1]", "reverses"]),
    ("loop_tiling", P.SKEWED_2D, ["not fully permutable", "dependence on a"]),
    ("omp_simd", P.PREFIX_SUM, ["dependence on x", "x[i - 1]", "carried by loop i"]),
    ("parallelize_omp", P.PREFIX_SUM, ["dependence on x", "x[i - 1]", "carried by loop i"]),
    ("parallelize_omp", P.CARRIED_SCALAR, ["scalar t", "loop-carried"]),
    ("omp_simd", P.CARRIED_SCALAR, ["scalar t", "loop-carried"]),
    ("loop_unroll", P.SKIP_AHEAD, ["loop variable i is assigned at line"]),
    ("use_blas", P.GEMM_IN_PLACE, ["a is both the result and a factor", "dependence on a"]),
    ("loop_interchange", P.DOT, ["not part of a perfect nest"]),
]


@pytest.mark.parametrize(("pid", "src", "params", "expect"), LEGAL,
                         ids=[f"{x[0]}-{i}" for i, x in enumerate(LEGAL)])
def test_legal_transformation_keeps_the_output(pid: str, src: str, params: dict[str, int],
                                               expect: list[str], tmp_path: Path) -> None:
    g = generate(pid, src, "prog.c", line_of(src, "HOT"), params)
    assert isinstance(g, Generated), g
    for e in expect:
        assert e in g.diff, g.diff
    flags = ["-fopenmp"] if pid == "parallelize_omp" else []
    before = build_run(write(tmp_path, "orig.c", src))
    after = build_run(write(tmp_path, "new.c", g.new_text), [*flags, *g.flags], g.libs)
    assert after == before and before.startswith("checksum=")


@pytest.mark.parametrize(("pid", "src", "expect"), ILLEGAL,
                         ids=[f"{x[0]}-{i}" for i, x in enumerate(ILLEGAL)])
def test_illegal_transformation_is_refused_naming_why(pid: str, src: str,
                                                      expect: list[str]) -> None:
    r = generate(pid, src, "prog.c", line_of(src, "HOT"))
    assert isinstance(r, Refusal), getattr(r, "diff", r)
    for e in expect:
        assert e in r.reason, r.reason
    assert r.transform == pid


def test_the_skewed_sweep_is_really_order_dependent(tmp_path: Path) -> None:
    """The refusal is not over-cautious: interchanging that nest by hand changes the result."""
    swapped = P.SKEWED_2D.replace(
        "  for (int j = 1; j < N; j++)\n    for (int i = 0; i < N - 1; i++)\n",
        "  for (int i = 0; i < N - 1; i++)\n    for (int j = 1; j < N; j++)\n")
    assert swapped != P.SKEWED_2D
    assert build_run(write(tmp_path, "a.c", P.SKEWED_2D)) != \
        build_run(write(tmp_path, "b.c", swapped))


def test_a_line_outside_any_loop_is_refused_with_the_function() -> None:
    r = generate("omp_simd", P.DOT, "prog.c", line_of(P.DOT, "double s = 0.0;"))
    assert isinstance(r, Refusal) and "not inside a loop" in r.reason


def test_a_call_with_side_effects_blocks_parallelisation() -> None:
    src = P.c_program("  for (long i = 0; i < n; i++)\n"
                      "    x[i] = y[i] + (double)rand(); /* HOT */\n  return 0.0;\n")
    r = generate("parallelize_omp", src, "prog.c", line_of(src, "HOT"))
    assert isinstance(r, Refusal) and "call to rand()" in r.reason


def test_a_file_that_does_not_parse_is_refused_not_guessed() -> None:
    src = "void f(int n, double *a) {\n  for (int i = 0; i < n; i++) {\n    a[i] = = 3 +;\n  }\n}\n"
    for pid in ("omp_simd", "parallelize_omp", "loop_unroll"):
        r = generate(pid, src, "broken.c", 3)
        assert isinstance(r, Refusal) and "does not parse in f near line 3" in r.reason


def test_unknown_proposal_and_bad_line_are_refusals() -> None:
    assert "no generator for numa_first_touch" in str(generate("numa_first_touch", P.DOT, "p.c",
                                                                     5))
    assert "not line 999" in str(generate("omp_simd", P.DOT, "p.c", 999))
    assert "not a C, C++ or Fortran source" in str(generate("omp_simd", P.DOT, "p.py", 5))


def test_a_counter_read_after_the_parallel_loop_is_lastprivate(tmp_path: Path) -> None:
    src = P.C_HEAD + """int main(void) {
  double a[300], s = 0.0, t = 0.0;
  long i;
  for (i = 0; i < 300; i++) {
    t = (double)(i % 7);
    a[i] = t * 2.0; /* HOT */
  }
  for (long k = 0; k < 300; k++) s += a[k];
  printf("checksum=%.17g i=%ld t=%g\\n", s, i, t);
  return 0;
}
"""
    g = generate("parallelize_omp", src, "last.c", line_of(src, "HOT"))
    assert isinstance(g, Generated), g
    assert "lastprivate(i, t)" in g.diff
    before = build_run(write(tmp_path, "a.c", src))
    assert "i=300 t=" in before
    assert build_run(write(tmp_path, "b.c", g.new_text), ["-fopenmp", *g.flags]) == before


def test_a_linear_subscript_whose_column_runs_past_the_row_is_not_split() -> None:
    """A[i*n + k] with k < 2n touches row i+1 too: rows overlap and i is not parallel."""
    src = P.c_program("  for (long i = 0; i < n / 2; i++)\n"
                      "    for (long k = 0; k < 2 * n; k++)\n"
                      "      a[i * n + k] = a[i * n + k] * 0.5 + 1.0; /* HOT */\n"
                      "  return 0.0;\n")
    r = generate("parallelize_omp", src, "prog.c", line_of(src, "HOT"))
    # within one row (i fixed) each k is its own element: only the inner loop may be parallel
    assert isinstance(r, Generated) and "on the loop over k" in r.note, r
    assert "loop i (line" in r.note and "rows may overlap" in r.note, r.note
    ok = src.replace("k < 2 * n", "k < n")
    g = generate("parallelize_omp", ok, "prog.c", line_of(ok, "HOT"))
    assert isinstance(g, Generated) and "on the loop over i" in g.note, g


def test_a_triangular_column_bound_stays_inside_the_row(tmp_path: Path) -> None:
    """k <= i with i < n keeps A[i*n + k] inside row i: the rows are independent; with
    k <= i + 1 the last column spills into the next row and the outer loop is refused."""
    src = P.c_program("  for (long i = 0; i < n; i++)\n"
                      "    for (long k = 0; k <= i; k++)\n"
                      "      a[i * n + k] = a[i * n + k] * 2.0 + b[k]; /* HOT */\n"
                      "  return 0.0;\n")
    g = generate("parallelize_omp", src, "tri.c", line_of(src, "HOT"))
    assert isinstance(g, Generated) and "loop over i" in g.note, g
    before = build_run(write(tmp_path, "a.c", src))
    assert build_run(write(tmp_path, "b.c", g.new_text), ["-fopenmp"]) == before
    spill = src.replace("k <= i;", "k <= i + 1;")
    r = generate("parallelize_omp", spill, "tri.c", line_of(spill, "HOT"))
    assert isinstance(r, Generated) and "on the loop over k" in r.note, r
    assert "loop i (line" in r.note and "rows may overlap" in r.note, r.note


def test_the_second_prologue_nest_is_interchanged_too(tmp_path: Path) -> None:
    """``D[i][j] *= beta`` ahead of the k loop: scaled first in its own nest, same output."""
    g = generate("loop_interchange", P.PROLOGUE_GEMM, "prog.c",
                 line_of(P.PROLOGUE_GEMM, "HOT2"))
    assert isinstance(g, Generated), g
    assert "+      D[i][j] *= beta;" not in g.diff and "D[i][j] *= beta;" in g.new_text
    assert "+      for (int j = 0; j < N; j++)\n         D[i][j] += T[i][k]" in g.diff, g.diff
    before = build_run(write(tmp_path, "orig.c", P.PROLOGUE_GEMM))
    assert build_run(write(tmp_path, "new.c", g.new_text)) == before


MACRO_WALK = """#include <stdio.h>
#include <stdlib.h>
#define N 50
#define VAL(x) (x)
#define NOISY(x) ((x) + rand() % 2)
static double a[N][N];
int main(void) {
  for (int j = 0; j < N; j++)
    for (int i = 0; i < N; i++)
      a[i][j] = VAL(1.5) * a[i][j] + (double)(i + j); /* HOT */
  for (int j = 0; j < N; j++)
    for (int i = 0; i < N; i++)
      a[i][j] = NOISY(1.5) * a[i][j]; /* HOT2 */
  double s = 0.0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) s += a[i][j] * (double)(1 + (i * N + j) % 7);
  printf("checksum=%.17g\\n", s);
  return 0;
}
"""


def test_a_macro_that_calls_nothing_is_no_side_effect(tmp_path: Path) -> None:
    """``VAL(1.5)`` looks like a call to the parser; its #define calls nothing, so the nest
    is interchanged; ``NOISY`` expands to a call to rand() and still blocks it."""
    g = generate("loop_interchange", MACRO_WALK, "prog.c", line_of(MACRO_WALK, "HOT"))
    assert isinstance(g, Generated), g
    assert build_run(write(tmp_path, "new.c", g.new_text)) == \
        build_run(write(tmp_path, "orig.c", MACRO_WALK))
    r = generate("loop_interchange", MACRO_WALK, "prog.c", line_of(MACRO_WALK, "HOT2"))
    assert isinstance(r, Refusal) and "call to NOISY()" in r.reason, r


def test_a_prologue_that_cannot_run_first_is_split_off_instead(tmp_path: Path) -> None:
    """Running the stores ahead of the inner loop first would read what the inner loop writes
    (refused, naming it); distributing the loop around them keeps every dependence forward,
    and the part holding the hot line is interchanged: the same output."""
    from perfscout.transform.reorder import interchange
    from perfscout.transform.source import Code

    src = P.PROLOGUE_CROSS
    first = interchange(Code(src, "prog.c"), line_of(src, "HOT"), "prog.c", split=False)
    assert isinstance(first, Refusal), getattr(first, "diff", first)
    assert "prologue reads b" in first.reason and "inner loop writes" in first.reason
    g = generate("loop_interchange", src, "prog.c", line_of(src, "HOT"))
    assert isinstance(g, Generated), g
    assert "distributed over its 2 parts" in g.note, g.note
    assert build_run(write(tmp_path, "new.c", g.new_text)) == build_run(
        write(tmp_path, "orig.c", src))
