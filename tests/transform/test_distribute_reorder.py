"""Interchange and tiling of a hot loop that is no perfect nest because the loop around it holds
other statements too (PolyBench's trmm and gramschmidt shapes): the loop around it is first
distributed over its parts, where every dependence between the parts runs forward, and the
part holding the hot line is then reordered. Built and run with gcc: the output is the same.
Where a part would read a value a later part of an earlier iteration wrote, the split is refused
naming the dependence. Accessor macros (``AT(m, i, j)``) are read as the array elements they
name, so a dependence through them is seen."""

from __future__ import annotations

from pathlib import Path

from perfscout.transform import Generated, Refusal, generate
from transform._cc import build_run, line_of, write

# B := alpha * L^T B, L unit lower triangular; the i loop's body is the bare j loop (no braces)
TRIANGULAR = """#include <stdio.h>
#include <stdlib.h>

static void lower_t_times(int m, int n, double alpha, double L[M][M], double B[M][P])
{
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) {
      for (int k = i + 1; k < m; k++)
        B[i][j] += L[k][i] * B[k][j]; /* HOT */
      B[i][j] = alpha * B[i][j];
    }
}

int main(void)
{
  static double L[M][M], B[M][P];
  for (int i = 0; i < M; i++)
    for (int j = 0; j < M; j++) L[i][j] = (double)((i * 7 + j * 3) % 11) / 13.0;
  for (int i = 0; i < M; i++)
    for (int j = 0; j < P; j++) B[i][j] = (double)((i + 2 * j) % 17) / 9.0 - 0.5;
  lower_t_times(M, P, 0.75, L, B);
  double s = 0.0;
  for (int i = 0; i < M; i++)
    for (int j = 0; j < P; j++) s += B[i][j] * (1 + (i + j) % 5);
  printf("checksum=%.17g\\n", s);
  return 0;
}
"""

# classical Gram-Schmidt on row-major matrices held in a struct, read through an accessor macro
ACCESSOR = """#include <math.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct { int rows, cols; double *v; } mat;
#define AT(x, i, j) ((x).v[(size_t)(i) * (size_t)(x).cols + (size_t)(j)])

static void orthonormalise(mat a, mat r, mat q)
{
  const int m = a.rows, n = a.cols;
  for (int k = 0; k < n; k++) {
    double nrm = 0.0;
    for (int i = 0; i < m; i++)
      nrm += AT(a, i, k) * AT(a, i, k);
    AT(r, k, k) = sqrt(nrm);
    for (int i = 0; i < m; i++)
      AT(q, i, k) = AT(a, i, k) / AT(r, k, k);
    for (int j = k + 1; j < n; j++) {
      AT(r, k, j) = 0.0;
      for (int i = 0; i < m; i++)
        AT(r, k, j) += AT(q, i, k) * AT(a, i, j);
      for (int i = 0; i < m; i++)
        AT(a, i, j) = AT(a, i, j) - AT(q, i, k) * AT(r, k, j); /* HOT */
    }
  }
}

static mat make(int rows, int cols)
{
  mat x = {rows, cols, calloc((size_t)rows * cols, sizeof(double))};
  return x;
}

int main(void)
{
  mat a = make(90, 40), r = make(40, 40), q = make(90, 40);
  for (int i = 0; i < 90; i++)
    for (int j = 0; j < 40; j++) AT(a, i, j) = sin(0.1 * i * (j + 1)) + (i == j);
  orthonormalise(a, r, q);
  double s = 0.0;
  for (int i = 0; i < 40; i++)
    for (int j = 0; j < 40; j++) s += fabs(AT(r, i, j)) * (1 + (i + j) % 3);
  for (int i = 0; i < 90; i++) s += AT(q, i, 7) * (i % 4);
  printf("checksum=%.17g\\n", s);
  return 0;
}
"""


def _same_output(tmp_path: Path, src: str, g: Generated, flags: list[str]) -> None:
    before = build_run(write(tmp_path, "before.c", src), flags)
    after = build_run(write(tmp_path, "after.c", g.new_text), flags)
    assert after == before and "checksum=" in before


def test_a_hot_loop_beside_a_statement_is_split_off_and_interchanged(tmp_path: Path) -> None:
    """The k loop and the scaling share the j loop: j is distributed (the scaling reads only
    B[i][j], which part 1 finished for that j; part 1 reads rows k > i, which no scaling of row
    i touches) and the (j, k) nest becomes (k, j), walking B's rows; the i loop gets the block
    its two loops need now. Each B[i][j] still sums over k in the same order: same output."""
    line = line_of(TRIANGULAR, "HOT")
    g = generate("loop_interchange", TRIANGULAR, "tri.c", line)
    assert isinstance(g, Generated), g
    assert "distributed over its 2 parts" in g.note and "reordered to (k, j)" in g.note, g.note
    assert "for (int i = 0; i < m; i++) {" in g.new_text
    body = g.new_text[g.new_text.index("for (int i = 0"):g.new_text.index("int main")]
    assert body.index("for (int k") < body.index("B[i][j] += L[k][i]") < \
        body.index("B[i][j] = alpha * B[i][j]"), body
    _same_output(tmp_path, TRIANGULAR, g, ["-DM=150", "-DP=130"])


def test_tiling_takes_the_same_split(tmp_path: Path) -> None:
    g = generate("loop_tiling", TRIANGULAR, "tri.c", line_of(TRIANGULAR, "HOT"), {"tile": 32})
    assert isinstance(g, Generated), g
    assert "distributed over its 2 parts" in g.note and "tiled by 32" in g.note, g.note
    _same_output(tmp_path, TRIANGULAR, g, ["-DM=150", "-DP=130"])


def test_gram_schmidt_through_an_accessor_macro_is_split_and_both_sweeps_reordered(
        tmp_path: Path) -> None:
    """The j loop holds the reset of r[k][j], the dot product and the update: three parts,
    each touching only column j of r and a; both i loops become row sweeps (i, j). The
    accessor's struct sizes are read through the macro (a.cols, n = a.cols)."""
    g = generate("loop_interchange", ACCESSOR, "gs.c", line_of(ACCESSOR, "HOT"))
    assert isinstance(g, Generated), g
    assert "distributed over its 3 parts" in g.note, g.note
    assert "part 2: loops reordered to (i, j)" in g.note, g.note
    assert "part 3: loops reordered to (i, j)" in g.note, g.note
    _same_output(tmp_path, ACCESSOR, g, ["-lm"])


def test_a_part_reading_what_a_later_part_wrote_an_iteration_before_is_refused() -> None:
    """The scaling now reaches one column ahead (B[i][j + 1]): part 1 of iteration j + 1 reads
    the value part 2 of iteration j scaled. Running part 1 to the end first would read it
    unscaled, so the split is refused, naming that dependence."""
    src = TRIANGULAR.replace("B[i][j] = alpha * B[i][j];", "B[i][j + 1] = alpha * B[i][j + 1];"
                             ).replace("j < n; j++) {", "j < n - 1; j++) {")
    r = generate("loop_interchange", src, "tri.c", line_of(src, "HOT"))
    assert isinstance(r, Refusal), getattr(r, "diff", r)
    assert "not part of a perfect nest" in r.reason, r.reason
    assert "fission of loop j" in r.reason and "dependence on B" in r.reason, r.reason
    assert "B[i][j + 1]" in r.reason and "would reverse it" in r.reason, r.reason


def test_a_scalar_carried_from_one_part_to_the_next_blocks_the_split() -> None:
    """symm's shape: the k loop sums into temp2, which the statement after it reads: no split."""
    src = TRIANGULAR.replace("      for (int k = i + 1; k < m; k++)\n"
                             "        B[i][j] += L[k][i] * B[k][j]; /* HOT */\n"
                             "      B[i][j] = alpha * B[i][j];",
                             "      double t = 0.0;\n"
                             "      for (int k = i + 1; k < m; k++)\n"
                             "        t += L[k][i] * B[k][j]; /* HOT */\n"
                             "      B[i][j] = alpha * (B[i][j] + t);")
    r = generate("loop_interchange", src, "tri.c", line_of(src, "HOT"))
    assert isinstance(r, Refusal), getattr(r, "diff", r)
    assert "scalar t" in r.reason, r.reason


def test_a_dependence_through_the_accessor_macro_is_seen() -> None:
    """A column sweep reading the element up and to the right (AT(a, i - 1, j + 1)): walking
    rows instead would read it already updated. The read goes through the macro, and the
    interchange is refused naming it."""
    src = """typedef struct { int rows, cols; double *v; } mat;
#define AT(x, i, j) ((x).v[(size_t)(i) * (size_t)(x).cols + (size_t)(j)])

void sweep(mat a)
{
  for (int j = 0; j < a.cols - 1; j++)
    for (int i = 1; i < a.rows; i++)
      AT(a, i, j) = 0.5 * AT(a, i, j) + 0.5 * AT(a, i - 1, j + 1); /* HOT */
}
"""
    r = generate("loop_interchange", src, "sweep.c", line_of(src, "HOT"))
    assert isinstance(r, Refusal), getattr(r, "diff", r)
    assert "dependence on a.v" in r.reason and "AT(a, i - 1, j + 1)" in r.reason, r.reason
