"""An unpivoted LU written by hand (PolyBench's ``lu`` row by row over ``A[i][j]``, Rodinia's
``lud`` over ``a[i * size + j]``) becomes LAPACK's ``dgetrf`` on a column-major copy, recognised
by running the nest on small matrices, not by its loop order. Built with gcc and OpenBLAS: the
same output where LAPACK keeps every pivot row, and the original loops' exact output where it
would pivot (the generated check falls back to them). A nest that computes something else,
reads another array or leaves a value read later is refused, naming it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from perfscout.transform import Generated, Refusal, generate
from transform._cc import build_run, line_of, write

DOOLITTLE = """  for (int i = 0; i < n; i++) {
    for (int j = 0; j < i; j++) {
      for (int k = 0; k < j; k++)
        A[i][j] -= A[i][k] * A[k][j]; /* HOT */
      A[i][j] /= A[j][j];
    }
    for (int j = i; j < n; j++)
      for (int k = 0; k < i; k++)
        A[i][j] -= A[i][k] * A[k][j];
  }
"""

PROGRAM = """#include <stdio.h>

static double A[N][N];

static void factor(int n)
{
KERNEL}

int main(void)
{
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = (double)((i * 7 + j * 13) % 17) / 17.0 + (i == j ? DIAG : 0.0);
  factor(N);
  double s = 0.0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) s += A[i][j] * (1 + (i + 2 * j) % 7);
  printf("checksum=%.15e\\n", s);
  return 0;
}
"""

LINEAR = """#include <stdio.h>
#include <stdlib.h>

static void lud(double *a, int size)
{
  int i, j, k;
  double sum;
  for (i = 0; i < size; i++) {
    for (j = i; j < size; j++) {
      sum = a[i * size + j];
      for (k = 0; k < i; k++)
        sum -= a[i * size + k] * a[k * size + j]; /* HOT */
      a[i * size + j] = sum;
    }
    for (j = i + 1; j < size; j++) {
      sum = a[j * size + i];
      for (k = 0; k < i; k++)
        sum -= a[j * size + k] * a[k * size + i];
      a[j * size + i] = sum / a[i * size + i];
    }
  }
}

int main(void)
{
  int n = 300;
  double *a = malloc(sizeof(double) * n * n);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) a[i * n + j] = (double)((3 * i + j) % 11) / 11.0 + (i == j) * 40.0;
  lud(a, n);
  double s = 0.0;
  for (int i = 0; i < n * n; i++) s += a[i] * (1 + i % 5);
  printf("checksum=%.15e\\n", s);
  return 0;
}
"""


def _program(kernel: str, diag: str) -> str:
    return PROGRAM.replace("KERNEL", kernel).replace("DIAG", diag)


def _checksum(out: str) -> float:
    m = re.search(r"checksum=(\S+)", out)
    assert m is not None, out
    return float(m.group(1))


@pytest.mark.parametrize("src", [_program(DOOLITTLE, "60.0"), LINEAR],
                         ids=["polybench-lu-2d", "rodinia-lud-linear"])
def test_an_unpivoted_lu_becomes_dgetrf_with_the_same_output(src: str, tmp_path: Path) -> None:
    g = generate("use_lapack", src, "lu.c", line_of(src, "HOT"))
    assert isinstance(g, Generated), g
    assert "dgetrf_(&" in g.new_text and "recognised by running the nest" in g.note
    flags = ["-DN=240"]
    before = _checksum(build_run(write(tmp_path, "a.c", src), flags))
    after = _checksum(build_run(write(tmp_path, "b.c", g.new_text), flags, g.libs))
    assert after == pytest.approx(before, rel=1e-12) and before != 0.0


def test_where_lapack_would_pivot_the_original_loops_run(tmp_path: Path) -> None:
    """No dominant diagonal: LAPACK picks other pivot rows, so the generated check hands the
    matrix to the original loops, and the output is theirs exactly."""
    src = _program(DOOLITTLE, "0.0")
    g = generate("use_lapack", src, "lu.c", line_of(src, "HOT"))
    assert isinstance(g, Generated), g
    flags = ["-DN=40"]
    assert build_run(write(tmp_path, "b.c", g.new_text), flags, g.libs) == \
        build_run(write(tmp_path, "a.c", src), flags)


@pytest.mark.parametrize(("kernel", "named"), [
    # the update of the upper part uses the wrong factor: not the LU factors
    (DOOLITTLE.replace("A[i][j] -= A[i][k] * A[k][j];\n  }", "A[i][j] -= A[i][k] * A[j][k];\n  }"),
     "does not leave its LU factors in A"),
    # a right-hand side updated in the same nest: another array
    (DOOLITTLE.replace("      A[i][j] /= A[j][j];",
                       "      A[i][j] /= A[j][j];\n      B[i] += 1.0;"),
     "writes A, B"),
], ids=["not-lu", "another-array"])
def test_a_nest_that_is_not_an_lu_in_place_is_refused(kernel: str, named: str) -> None:
    src = _program(kernel, "60.0").replace("static double A[N][N];",
                                           "static double A[N][N], B[N];")
    r = generate("use_lapack", src, "lu.c", line_of(src, "HOT"))
    assert isinstance(r, Refusal), getattr(r, "diff", r)
    assert named in r.reason, r.reason


def test_a_value_the_nest_leaves_and_the_code_reads_later_is_refused() -> None:
    src = LINEAR.replace("      a[j * size + i] = sum / a[i * size + i];\n    }\n  }\n}",
                      "      a[j * size + i] = sum / a[i * size + i];\n    }\n  }\n"
                      "  printf(\"last=%g\\\\n\", sum);\n}")
    r = generate("use_lapack", src, "lu.c", line_of(src, "HOT"))
    assert isinstance(r, Refusal), getattr(r, "diff", r)
    assert "sum set in the nest" in r.reason and "read after it" in r.reason, r.reason
