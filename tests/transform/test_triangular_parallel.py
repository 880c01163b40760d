"""parallelize_omp on a triangular nest (``j`` from ``i``): the covariance shape writes
``C[i][j]`` and its mirror ``C[j][i]``, which the rectangular dependence test takes for a
dependence carried by ``i``; over the triangle two rows never meet, so the outer loop gets
``omp parallel for schedule(dynamic)`` (rows of unequal length), built with -fopenmp and run
on 2 threads with the serial output. A triangle whose rows do read each other is refused with
the dependence named."""

from __future__ import annotations

import re
from pathlib import Path

from perfscout.transform import Generated, Refusal, generate
from transform._cc import build_run, line_of, write

MAIN = """
int main(void) {
  static double X[N][M], C[M][M];
  for (int k = 0; k < N; k++)
    for (int i = 0; i < M; i++) X[k][i] = (double)((k * 7 + i * 3) % 11) - 5;
  for (int i = 0; i < M; i++)
    for (int j = 0; j < M; j++) C[i][j] = 1.0;
  kernel(X, C);
  double s = 0.0;
  for (int i = 0; i < M; i++)
    for (int j = 0; j < M; j++) s += C[i][j] * (1 + (3 * i + j) % 17);
  printf("checksum=%.17g\\n", s);
  return 0;
}
"""

HEAD = """#include <stdio.h>
#define N 300
#define M 90
static void kernel(double X[N][M], double C[M][M])
{
  int i, j, k;
"""

MIRRORED = HEAD + """  for (i = 0; i < M; i++)
    for (j = i; j < M; j++) {
      C[i][j] = 0.0;
      for (k = 0; k < N; k++)
        C[i][j] += X[k][i] * X[k][j]; /* HOT */
      C[j][i] = C[i][j];
    }
}
""" + MAIN

ROWS_READ_EACH_OTHER = HEAD + """  for (i = 1; i < M; i++)
    for (j = i; j < M; j++)
      C[i][j] = C[i - 1][j] + C[i][j - 1]; /* HOT */
}
""" + MAIN


def _checksum(out: str) -> float:
    m = re.search(r"checksum=\s*(\S+)", out)
    assert m is not None, out
    return float(m.group(1))


def test_triangular_outer_loop_runs_in_parallel_with_the_same_output(tmp_path: Path) -> None:
    g = generate("parallelize_omp", MIRRORED, "prog.c", line_of(MIRRORED, "HOT"))
    assert isinstance(g, Generated), g
    assert "+  #pragma omp parallel for schedule(dynamic) private(j, k)\n   for (i = 0;" in g.diff
    assert "triangle" in g.note
    before = _checksum(build_run(write(tmp_path, "prog.c", MIRRORED)))
    after = _checksum(build_run(write(tmp_path, "par.c", g.new_text), ["-fopenmp"],
                                threads=2))
    assert before != 0.0 and after == before


def test_a_triangle_whose_rows_read_each_other_is_refused(tmp_path: Path) -> None:
    src = ROWS_READ_EACH_OTHER
    r = generate("parallelize_omp", src, "prog.c", line_of(src, "HOT"))
    assert isinstance(r, Refusal), r
    assert "loop i (line" in r.reason and "C[i - 1][j]" in r.reason, r.reason
