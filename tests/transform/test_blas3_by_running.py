"""Triangular and symmetric products written by hand (an upper-triangular ``B := alpha A B`` in
place, PolyBench's ``symm`` with its ``temp2``) become one ``cblas_dtrmm``/``cblas_dsymm`` call,
the routine's form (side, triangle, transposition, diagonal) read by running the nest on small
matrices against every form. Built with gcc and OpenBLAS: the same output. An in-place product
that is no BLAS routine (it reads rows it has already updated) matches no form and is refused."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from perfscout.transform import Generated, Refusal, generate
from transform._cc import build_run, line_of, write

MAIN = """
int main(void)
{
  static double A[M][M], B[M][N], C[M][N];
  for (int i = 0; i < M; i++)
    for (int j = 0; j < M; j++) A[i][j] = (double)((i * 5 + j * 3) % 11) / 11.0 - 0.3;
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      B[i][j] = (double)((i + 2 * j) % 7) / 7.0;
      C[i][j] = (double)((3 * i + j) % 5) / 5.0;
    }
  kernel(M, N, 1.5, 0.5, A, B, C);
  double s = 0.0;
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) s += (B[i][j] + 2.0 * C[i][j]) * (1 + (i + j) % 3);
  printf("checksum=%.15e\\n", s);
  return 0;
}
"""

UPPER = """#include <stdio.h>

static void kernel(int m, int n, double alpha, double beta, double A[M][M], double B[M][N],
                   double C[M][N])
{
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) {
      double s = 0.0;
      for (int k = i; k < m; k++)
        s += A[i][k] * B[k][j]; /* HOT */
      B[i][j] = alpha * s;
    }
}
""" + MAIN

SYMM = """#include <stdio.h>

static void kernel(int m, int n, double alpha, double beta, double A[M][M], double B[M][N],
                   double C[M][N])
{
  double temp2;
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) {
      temp2 = 0;
      for (int k = 0; k < i; k++) {
        C[k][j] += alpha * B[i][j] * A[i][k]; /* HOT */
        temp2 += B[k][j] * A[i][k];
      }
      C[i][j] = beta * C[i][j] + alpha * B[i][j] * A[i][i] + alpha * temp2;
    }
}
""" + MAIN


def _checksum(out: str) -> float:
    m = re.search(r"checksum=(\S+)", out)
    assert m is not None, out
    return float(m.group(1))


def test_an_in_place_product_that_reads_updated_rows_matches_no_form() -> None:
    src = UPPER.replace("for (int k = i; k < m; k++)", "for (int k = 0; k < m; k++)")
    r = generate("use_blas", src, "p.c", line_of(src, "HOT"))
    assert isinstance(r, Refusal), getattr(r, "diff", r)
    assert "matches no form of dtrmm or dsymm" in r.reason, r.reason


FLAT_MAIN = """
int main(void)
{
  double *A = malloc(sizeof(double) * M * M), *B = malloc(sizeof(double) * M * N),
         *C = malloc(sizeof(double) * M * N);
  for (int i = 0; i < M; i++)
    for (int j = 0; j < M; j++) A[i * M + j] = (double)((i * 5 + j * 3) % 11) / 11.0 - 0.3;
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      B[i * N + j] = (double)((i + 2 * j) % 7) / 7.0;
      C[i * N + j] = (double)((3 * i + j) % 5) / 5.0;
    }
  kernel(M, N, 1.5, 0.5, A, B, C);
  double s = 0.0;
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) s += (B[i * N + j] + 2.0 * C[i * N + j]) * (1 + (i + j) % 3);
  printf("checksum=%.15e\\n", s);
  free(A); free(B); free(C);
  return 0;
}
"""

# the same two kernels over flat malloc'ed blocks, rows strided by the sizes (as the suites'
# own sources and most users hold their matrices)
FLAT_UPPER = """#include <stdio.h>
#include <stdlib.h>

static void kernel(int m, int n, double alpha, double beta, double *A, double *B, double *C)
{
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) {
      double s = 0.0;
      for (int k = i; k < m; k++)
        s += A[i * m + k] * B[k * n + j]; /* HOT */
      B[i * n + j] = alpha * s;
    }
}
""" + FLAT_MAIN

FLAT_SYMM = """#include <stdio.h>
#include <stdlib.h>

static void kernel(int m, int n, double alpha, double beta, double *A, double *B, double *C)
{
  double temp2;
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) {
      temp2 = 0;
      for (int k = 0; k < i; k++) {
        C[k * n + j] += alpha * B[i * n + j] * A[i * m + k]; /* HOT */
        temp2 += B[k * n + j] * A[i * m + k];
      }
      C[i * n + j] = beta * C[i * n + j] + alpha * B[i * n + j] * A[i * m + i] + alpha * temp2;
    }
}
""" + FLAT_MAIN


@pytest.mark.parametrize(("src", "call", "args"), [
    (UPPER, "cblas_dtrmm(CblasRowMajor, CblasLeft, CblasUpper, CblasNoTrans, CblasNonUnit", ""),
    (SYMM, "cblas_dsymm(CblasRowMajor, CblasLeft, CblasLower", ""),
    # over flat blocks the pointer and its row stride are passed as they are
    (FLAT_UPPER, "CblasLeft, CblasUpper, CblasNoTrans, CblasNonUnit, (int)(m), (int)(n),",
     "A, (int)(m)"),
    (FLAT_SYMM, "cblas_dsymm(CblasRowMajor, CblasLeft, CblasLower", "B, (int)(n)"),
], ids=["trmm-upper", "symm", "trmm-upper-flat", "symm-flat"])
def test_a_hand_written_product_becomes_its_blas_call(src: str, call: str, args: str,
                                                      tmp_path: Path) -> None:
    g = generate("use_blas", src, "p.c", line_of(src, "HOT"))
    assert isinstance(g, Generated), g
    assert call in g.new_text and "recognised by running it" in g.note, g.note
    assert args in g.new_text
    flags = ["-DM=90", "-DN=70"]
    before = _checksum(build_run(write(tmp_path, "a.c", src), flags))
    after = _checksum(build_run(write(tmp_path, "b.c", g.new_text), flags, g.libs))
    assert after == pytest.approx(before, rel=1e-12) and before != 0.0


def test_a_block_strided_by_a_product_is_refused_naming_it() -> None:
    # rows m * n apart: no leading dimension BLAS can be given as one size
    src = FLAT_UPPER.replace("A[i * m + k]", "A[i * m * n + k]")
    r = generate("use_blas", src, "p.c", line_of(src, "HOT"))
    assert isinstance(r, Refusal), getattr(r, "diff", r)
    assert "A" in r.reason and "not by one size variable" in r.reason, r.reason


def test_a_flat_in_place_product_that_reads_updated_rows_matches_no_form() -> None:
    src = FLAT_UPPER.replace("for (int k = i; k < m; k++)", "for (int k = 0; k < m; k++)")
    r = generate("use_blas", src, "p.c", line_of(src, "HOT"))
    assert isinstance(r, Refusal), getattr(r, "diff", r)
    assert "matches no form of dtrmm or dsymm" in r.reason, r.reason
