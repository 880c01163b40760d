"""Two matrix-vector products fused in one outer loop (tmp = A x, then y += A^T tmp, in the
same i loop): use_blas splits the loop where that is legal and calls GEMV for each part; the
output is kept. Where a value crosses iterations between the parts, the split is refused and
the array or scalar is named."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from perfscout.transform import Generated, Refusal, generate
from transform._cc import build_run, line_of, write

ATAX = """#include <stdio.h>
#include <stdlib.h>

static void kernel(int n, double A[N][N], double *x, double *y, double *tmp)
{
  for (int i = 0; i < n; i++)
    y[i] = 0.0;
  for (int i = 0; i < n; i++) {
    tmp[i] = 0.0;
    for (int j = 0; j < n; j++)
      tmp[i] = tmp[i] + A[i][j] * x[j]; /* HOT */
    for (int j = 0; j < n; j++)
      y[j] = y[j] + A[i][j] * tmp[i];
  }
}

int main(void)
{
  static double A[N][N], x[N], y[N], tmp[N];
  for (int i = 0; i < N; i++) {
    x[i] = 1.0 + (double)i / N;
    for (int j = 0; j < N; j++) A[i][j] = (double)((i + 2 * j) % N) / (5.0 * N);
  }
  kernel(N, A, x, y, tmp);
  double s = 0.0;
  for (int i = 0; i < N; i++) s += y[i] * (1 + i % 7);
  printf("checksum=%.17g\\n", s);
  return 0;
}
"""
FORTRAN = """subroutine atax(n, a, x, y, tmp)
  integer :: n, i, j
  real(8) :: a(n, n), x(n), y(n), tmp(n)
  y = 0
  do i = 1, n
    tmp(i) = 0
    do j = 1, n
      tmp(i) = tmp(i) + a(j, i) * x(j)
    end do
    do j = 1, n
      y(j) = y(j) + a(j, i) * tmp(i)
    end do
  end do
end subroutine
"""


def _checksum(out: str) -> float:
    m = re.search(r"checksum=(\S+)", out)
    assert m is not None, out
    return float(m.group(1))


def test_fused_gemv_pair_is_split_into_two_calls_and_keeps_the_output(tmp_path: Path) -> None:
    prog = write(tmp_path, "atax.c", ATAX)
    g = generate("use_blas", ATAX, "atax.c", line_of(ATAX, "HOT"), root=tmp_path)
    assert isinstance(g, Generated), g
    assert "split into 2 loops" in g.note, g.note
    assert "cblas_dgemv(CblasRowMajor, CblasNoTrans" in g.new_text
    assert "cblas_dgemv(CblasRowMajor, CblasTrans" in g.new_text
    assert "A[i][j] * tmp[i]" not in g.new_text
    sizes = ["-DN=300"]
    before = _checksum(build_run(prog, sizes))
    after = _checksum(build_run(write(tmp_path, "new.c", g.new_text), sizes, g.libs))
    assert after == pytest.approx(before, rel=1e-12) and before != 0.0


def test_fortran_fused_pair_is_split_too() -> None:
    g = generate("use_blas", FORTRAN, "atax.f90", 8)
    assert isinstance(g, Generated), g
    assert g.new_text.count("call dgemv(") == 2, g.new_text


@pytest.mark.parametrize(("change", "named"), [
    # the second part writes y, which the first part reads: the order across i matters
    (("    tmp[i] = 0.0;\n", "    tmp[i] = y[i];\n"),
     "dependence on y: y[i] (read, line 9) then y[j] (write, line 13)"),
    # tmp[0] is shared by every iteration: its value crosses from one i to the next
    (("tmp[i]", "tmp[0]"), "dependence on tmp: tmp[0] (write, line 9) then tmp[0]"),
    # a scalar carries each i's sum from the first part to the second
    (("tmp[i]", "s"), "scalar s"),
], ids=["later-writes-earlier-read", "shared-element", "scalar-flows"])
def test_a_split_that_moves_a_value_across_iterations_is_refused(change: tuple[str, str],
                                                                 named: str) -> None:
    src = ATAX.replace(*change)
    if change[1] == "s":
        src = src.replace("    s = 0.0;", "    double s = 0.0;").replace(
            "static void kernel(int n, double A[N][N], double *x, double *y, double *tmp)\n{",
            "static void kernel(int n, double A[N][N], double *x, double *y, double *tmp)\n{\n"
            "  double s;")
    r = generate("use_blas", src, "atax.c", line_of(src, "HOT"))
    assert isinstance(r, Refusal), getattr(r, "diff", r)
    assert named in r.reason, r.reason


# two products in one innermost loop (PolyBench's bicg shape), in a program of its own
TWO_IN_ONE = """#include <stdio.h>

static void both(int n, int m, double A[N][M], double *s, double *q, double *p, double *r)
{
  for (int j = 0; j < m; j++)
    s[j] = 0.0;
  for (int i = 0; i < n; i++) {
    q[i] = 0.0;
    for (int j = 0; j < m; j++) {
      s[j] = s[j] + r[i] * A[i][j]; /* HOT */
      q[i] = q[i] + A[i][j] * p[j];
    }
  }
}

int main(void)
{
  static double A[N][M], s[M], q[N], p[M], r[N];
  for (int i = 0; i < N; i++) {
    r[i] = 1.0 + (i % 9) / 8.0;
    for (int j = 0; j < M; j++) A[i][j] = (double)((3 * i + 5 * j) % 17) / 16.0 - 0.5;
  }
  for (int j = 0; j < M; j++) p[j] = (double)(j % 7) / 3.0;
  both(N, M, A, s, q, p, r);
  double c = 0.0;
  for (int j = 0; j < M; j++) c += s[j] * (1 + j % 5);
  for (int i = 0; i < N; i++) c += q[i] * (2 + i % 3);
  printf("checksum=%.17g\\n", c);
  return 0;
}
"""


def test_two_products_in_one_inner_loop_are_split_per_statement_then_called(
        tmp_path: Path) -> None:
    """s = A^T r and q = A p share the j loop: it is split into one loop per statement (the
    two touch different arrays), then the i loop into its parts, and each product is a GEMV
    call; the same output."""
    prog = write(tmp_path, "two.c", TWO_IN_ONE)
    g = generate("use_blas", TWO_IN_ONE, "two.c", line_of(TWO_IN_ONE, "HOT"), root=tmp_path)
    assert isinstance(g, Generated), g
    assert "one per statement" in g.note, g.note
    assert "cblas_dgemv(CblasRowMajor, CblasTrans" in g.new_text
    assert "cblas_dgemv(CblasRowMajor, CblasNoTrans" in g.new_text
    sizes = ["-DN=230", "-DM=170"]
    before = _checksum(build_run(prog, sizes))
    after = _checksum(build_run(write(tmp_path, "new.c", g.new_text), sizes, g.libs))
    assert after == pytest.approx(before, rel=1e-12) and before != 0.0


def test_a_product_reading_the_other_products_running_result_is_not_split() -> None:
    """q[i] now reads s[j], which the rows up to i have updated so far: splitting the i loop
    would hand it the finished s. Refused, naming s."""
    src = TWO_IN_ONE.replace("q[i] = q[i] + A[i][j] * p[j];", "q[i] = q[i] + A[i][j] * s[j];")
    r = generate("use_blas", src, "two.c", line_of(src, "HOT"))
    assert isinstance(r, Refusal), getattr(r, "diff", r)
    assert "one loop per statement" in r.reason and "dependence on s" in r.reason, r.reason
