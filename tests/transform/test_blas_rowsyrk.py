"""use_blas on the row-wise triangular updates (the suite shape: row i scaled, then k outside
the triangular j loop): a rank-2k update becomes cblas_dsyr2k, a rank-k update cblas_dsyrk,
with the size macros from -D kept out of cblas.h. Built with gcc and OpenBLAS, the programs
print the original's numbers (within rounding); what one call cannot reproduce is refused
naming it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from perfscout.transform import Generated, Refusal, generate
from transform._cc import build_run, line_of, write

PROG = """#include <stdio.h>

static double A[N][M], B[N][M], C[N][N];

static void kernel(int n, int m, double alpha, double beta)
{
  int i, j, k;
  for (i = 0; i < n; i++) {
    for (j = 0; j <= i; j++)
      C[i][j] *= beta;
    for (k = 0; k < m; k++)
      for (j = 0; j <= i; j++)
        C[i][j] += A[j][k]*alpha*B[i][k] + B[j][k]*alpha*A[i][k];  /* HOT */
  }
}

int main(void) {
  for (int i = 0; i < N; i++)
    for (int k = 0; k < M; k++) {
      A[i][k] = (double)((i * 7 + k * 3) % 11) / 11.0 - 0.5;
      B[i][k] = (double)((i * 5 + k) % 13) / 13.0;
    }
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) C[i][j] = (double)((i + 2 * j) % 7) / 7.0;
  kernel(N, M, 1.5, 1.2);
  double s = 0.0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) s += C[i][j] * (1 + (3 * i + j) % 17);
  printf("checksum=%.12e\\n", s);
  return 0;
}
"""
DEFS = ["-DN=120", "-DM=90"]
SYRK = PROG.replace("A[j][k]*alpha*B[i][k] + B[j][k]*alpha*A[i][k]",
                    "alpha * A[i][k] * A[j][k]")


def _value(out: str) -> float:
    m = re.search(r"checksum=(\S+)", out)
    assert m, out
    return float(m.group(1))


@pytest.mark.parametrize(("src", "call"), [(PROG, "cblas_dsyr2k"), (SYRK, "cblas_dsyrk")],
                         ids=["syr2k", "syrk"])
def test_row_triangular_update_as_blas(src: str, call: str, tmp_path: Path) -> None:
    g = generate("use_blas", src, "k.c", line_of(src, "HOT"))
    assert isinstance(g, Generated), g
    assert call + "(CblasRowMajor, CblasLower, CblasNoTrans" in g.new_text
    assert "beta 1.2" not in g.note and "beta beta" in g.note
    assert '#pragma push_macro("N")' in g.new_text  # -DN=... kept out of cblas.h
    before = _value(build_run(write(tmp_path, "a.c", src), DEFS))
    after = _value(build_run(write(tmp_path, "b.c", g.new_text), DEFS, g.libs))
    assert abs(after - before) <= 1e-10 * abs(before)


REFUSED = [
    ("B[j][k]*alpha*A[i][k];  /* HOT */", "B[j][k]*beta*A[i][k];  /* HOT */",
     "different scalars"),
    ("B[j][k]*alpha*A[i][k];  /* HOT */", "B[j][k]*alpha*B[i][k];  /* HOT */",
     "not X*Y' and Y*X'"),
    ("      C[i][j] *= beta;", "      C[i][j] *= A[i][j];", "scaling factor A[i][j]"),
    ("B[j][k]*alpha*A[i][k];  /* HOT */", "B[j][k]*alpha*A[i][k]*C[0][0];  /* HOT */",
     "not a product of two array elements"),
    ("  for (i = 0; i < n; i++) {\n    for (j = 0; j <= i; j++)",
     "  for (i = 0; i < n; i++) {\n    for (j = 0; j < i; j++)", "same triangle"),
]


@pytest.mark.parametrize(("old", "new", "why"), REFUSED, ids=[r[2] for r in REFUSED])
def test_refused_naming_why(old: str, new: str, why: str) -> None:
    src = PROG.replace(old, new)
    assert src != PROG
    r = generate("use_blas", src, "k.c", line_of(src, "HOT"))
    assert isinstance(r, Refusal), r
    assert why in r.reason, r.reason


GER = """#include <stdio.h>
static double A[N][M], x[N], y[M];
int main(void) {
  for (int i = 0; i < N; i++) x[i] = i * 0.1 - 2.0;
  for (int j = 0; j < M; j++) y[j] = 1.0 / (j + 1);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) A[i][j] = (double)((i + 2 * j) % 7);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      A[i][j] += 1.5 * x[i] * y[j];  /* HOT */
  double s = 0.0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) s += A[i][j] * (1 + (i + j) % 5);
  printf("checksum=%.12e\\n", s);
  return 0;
}
"""


def test_rank_one_update_as_ger(tmp_path: Path) -> None:
    g = generate("use_blas", GER, "g.c", line_of(GER, "HOT"))
    assert isinstance(g, Generated), g
    assert "cblas_dger(CblasRowMajor, (int)(N), (int)(M), 1.5," in g.new_text
    assert "GER" in g.note
    before = _value(build_run(write(tmp_path, "a.c", GER), DEFS))
    after = _value(build_run(write(tmp_path, "b.c", g.new_text), DEFS, g.libs))
    assert abs(after - before) <= 1e-12 * abs(before)


def test_rank_one_update_of_other_indices_refused() -> None:
    src = GER.replace("A[i][j] += 1.5 * x[i] * y[j];", "A[i][j] += 1.5 * x[j] * y[j];")
    r = generate("use_blas", src, "g.c", line_of(src, "HOT"))
    assert isinstance(r, Refusal) and "are not x[i] and y[j]" in r.reason, r
