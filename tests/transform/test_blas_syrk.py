"""use_blas on the shapes beside the plain GEMM that users write: the triangular symmetric
product of a covariance (``C[i][j] += X[k][i]*X[k][j]`` for ``j >= i``, an element start at a
macro's zero, a scaling and a mirror store after the sum) becomes ``cblas_dsyrk`` plus the
kept statements, and a GEMM whose element starts at ``SCALAR_VAL(0.0)`` (a call-free macro)
gets beta 0. Each generated program is built with gcc and OpenBLAS and prints the original's
numbers; what the call could not reproduce is refused naming the reference."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from perfscout.transform import Generated, Refusal, generate
from transform._cc import build_run, line_of, write

HEADER = """#ifndef PB_H
#define PB_H
#include <stdio.h>
#include <stdlib.h>
#define DATA_TYPE double
#define SCALAR_VAL(x) x
#define ARR2(v, D1, D2) v[D1][D2]
#define ALLOC2(v, T, D1, D2) T (*v)[D1][D2] = malloc(sizeof(T) * (D1) * (D2))
#define _M M
#define _N N
#endif
"""

MAIN = """
int main(void) {
  ALLOC2(X, DATA_TYPE, N, M);
  ALLOC2(C, DATA_TYPE, M, M);
  for (int k = 0; k < N; k++)
    for (int i = 0; i < M; i++) (*X)[k][i] = (DATA_TYPE)((k * 7 + i * 3) % 11) - 5;
  for (int i = 0; i < M; i++)
    for (int j = 0; j < M; j++) (*C)[i][j] = -1.0;
  kernel(2.0, *X, *C);
  double s = 0.0;
  for (int i = 0; i < M; i++)
    for (int j = 0; j < M; j++) s += (*C)[i][j] * (1 + (3 * i + j) % 17);
  printf("checksum=%.17g\\n", s);
  return 0;
}
"""

SIG = """#include "pb.h"

static void kernel(DATA_TYPE s, DATA_TYPE ARR2(X, N, M), DATA_TYPE ARR2(C, M, M))
{
  int i, j, k;
"""

COVARIANCE = SIG + """  for (i = 0; i < _M; i++)
    for (j = i; j < _M; j++)
      {
        C[i][j] = SCALAR_VAL(0.0);
        for (k = 0; k < _N; k++)
          C[i][j] += X[k][i] * X[k][j]; /* HOT */
        C[i][j] /= (s - SCALAR_VAL(1.0));
        C[j][i] = C[i][j];
      }
}
""" + MAIN

LOWER_ACCUMULATE = SIG + """  for (i = 0; i < _M; i++)
    for (j = 0; j <= i; j++)
      for (k = 0; k < _N; k++)
        C[i][j] += s * X[k][i] * X[k][j]; /* HOT */
}
""" + MAIN

NEIGHBOUR_READ = SIG + """  for (i = 0; i < _M; i++)
    for (j = i; j < _M; j++)
      {
        C[i][j] = 0.0;
        for (k = 0; k < _N; k++)
          C[i][j] += X[k][i] * X[k][j]; /* HOT */
        C[j][i] = C[i][j] + C[i][M - 1];
      }
}
""" + MAIN

FACTOR_WRITTEN = SIG + """  for (i = 0; i < _M; i++)
    for (j = i; j < _M; j++)
      {
        C[i][j] = 0.0;
        for (k = 0; k < _N; k++)
          C[i][j] += X[k][i] * X[k][j]; /* HOT */
        X[0][j] = C[i][j];
      }
}
""" + MAIN

GEMM_MACRO_ZERO = """#include "pb.h"

static void kernel(DATA_TYPE alpha, DATA_TYPE ARR2(X, N, M), DATA_TYPE ARR2(C, M, M))
{
  int i, j, k;
  for (i = 0; i < _M; i++)
    for (j = 0; j < _M; j++)
      {
        C[i][j] = SCALAR_VAL(0.0);
        for (k = 0; k < _N; k++)
          C[i][j] += alpha * X[k][i] * X[k][j]; /* HOT */
      }
}
""" + MAIN

SIZES = ["-DM=45", "-DN=60"]


def _checksum(out: str) -> float:
    m = re.search(r"checksum=\s*(\S+)", out)
    assert m is not None, out
    return float(m.group(1))


def _same_output(tmp: Path, src: str, g: Generated) -> None:
    before = _checksum(build_run(write(tmp, "prog.c", src), SIZES))
    after = _checksum(build_run(write(tmp, "new.c", g.new_text), SIZES, g.libs))
    assert before != 0.0
    assert after == pytest.approx(before, rel=1e-12)


@pytest.mark.parametrize(("src", "expect"), [
    (COVARIANCE, ["cblas_dsyrk(CblasRowMajor, CblasUpper, CblasTrans, (int)(_M), (int)(_N)",
                  "1.0, &X[0][0], (int)(M), 0.0, &C[0][0], (int)(M));",
                  "+      C[i][j] /= (s - SCALAR_VAL(1.0));", "+      C[j][i] = C[i][j];"]),
    (LOWER_ACCUMULATE, ["cblas_dsyrk(CblasRowMajor, CblasLower, CblasTrans",
                        "s, &X[0][0], (int)(M), 1.0, &C[0][0]"]),
], ids=["covariance-upper-epilogue", "lower-accumulating"])
def test_triangular_symmetric_product_becomes_syrk(src: str, expect: list[str],
                                                   tmp_path: Path) -> None:
    write(tmp_path, "pb.h", HEADER)
    g = generate("use_blas", src, "prog.c", line_of(src, "HOT"), root=tmp_path)
    assert isinstance(g, Generated), g
    for e in expect:
        assert e in g.diff, g.diff
    assert "syrk" in g.note and g.libs == ("-lopenblas",)
    assert "+= X" not in g.new_text and "X[k][i] * X[k][j]" not in g.new_text
    _same_output(tmp_path, src, g)


@pytest.mark.parametrize(("src", "named"), [
    (NEIGHBOUR_READ, "C[i][M - 1] (line"),
    (FACTOR_WRITTEN, "X is written at line"),
], ids=["reads-another-element", "factor-written"])
def test_triangular_product_refused_naming_the_reference(src: str, named: str,
                                                         tmp_path: Path) -> None:
    write(tmp_path, "pb.h", HEADER)
    r = generate("use_blas", src, "prog.c", line_of(src, "HOT"), root=tmp_path)
    assert isinstance(r, Refusal), r
    assert named in r.reason and "triangular product" in r.reason, r.reason


def test_gemm_whose_element_starts_at_a_macro_zero_gets_beta_zero(tmp_path: Path) -> None:
    """``C[i][j] = SCALAR_VAL(0.0)`` ahead of the k loop is a zero through the header's
    call-free macro: the call writes C (beta 0) instead of refusing the write before it."""
    write(tmp_path, "pb.h", HEADER)
    src = GEMM_MACRO_ZERO
    g = generate("use_blas", src, "prog.c", line_of(src, "HOT"), root=tmp_path)
    assert isinstance(g, Generated), g
    assert "cblas_dgemm(CblasRowMajor, CblasTrans, CblasNoTrans" in g.diff, g.diff
    assert "alpha, &X[0][0], (int)(M), &X[0][0], (int)(M), 0.0, &C[0][0]" in g.diff, g.diff
    _same_output(tmp_path, src, g)


TWO_PRODUCTS = """#include <pb.h>

static void kernel(DATA_TYPE alpha, DATA_TYPE ARR2(X, N, M), DATA_TYPE ARR2(C, M, M))
{
  int i, j, k;
  static DATA_TYPE T[M][M];
  for (i = 0; i < _M; i++)
    for (j = 0; j < _M; j++)
      {
        T[i][j] = SCALAR_VAL(0.0);
        for (k = 0; k < _N; k++)
          T[i][j] += alpha * X[k][i] * X[k][j]; /* HOT1 */
      }
  for (i = 0; i < _M; i++)
    for (j = 0; j < _M; j++)
      {
        C[i][j] *= alpha;
        for (k = 0; k < _M; ++k)
          C[i][j] += T[i][k] * T[k][j]; /* HOT2 */
      }
}
""" + MAIN


def test_two_hot_products_of_one_kernel_become_two_calls(tmp_path: Path) -> None:
    """The session's path on a 2mm-shaped kernel (a product started at a macro zero feeding a
    scaled one, the header under utilities/): the proposal on the first hot line with the
    second as another hot nest gets one diff with two dgemm calls, the program's output kept."""
    from perfscout.experiment.patching import apply_unified_diff
    from perfscout.model.proposals import Proposal, Verification
    from perfscout.pipeline.source_changes import attach_diffs

    proj = tmp_path / "proj"
    (proj / "utilities").mkdir(parents=True)
    write(proj / "utilities", "pb.h", HEADER)
    src = TWO_PRODUCTS
    write(proj, "prog.c", src)
    p = Proposal(id="use_blas", kind="source", scope=f"prog.c:{line_of(src, 'HOT1')}",
                 addresses=("hw.vectorization",),
                 verification=Verification((("./prog",),), "time.elapsed", "lower"))
    out, bad = attach_diffs([p], proj, also=[("prog.c", line_of(src, "HOT2"))])
    assert not bad, bad
    ch = out[0].change
    assert ch is not None and ch.diff.count("+  cblas_dgemm(") == 2, ch.diff
    assert "alpha, &X[0][0], (int)(M), &X[0][0], (int)(M), 0.0, &T[0][0]" in ch.diff
    assert "1.0, &T[0][0], (int)(M), &T[0][0], (int)(M), alpha, &C[0][0]" in ch.diff
    inc = ["-I", str(proj / "utilities"), *SIZES]
    before = _checksum(build_run(proj / "prog.c", inc))
    new = write(tmp_path, "new.c", apply_unified_diff(src, ch.diff, "prog.c"))
    assert _checksum(build_run(new, inc, ["-lopenblas"])) == pytest.approx(before, rel=1e-12)
