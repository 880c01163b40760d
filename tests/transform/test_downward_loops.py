"""Loops that count down (``for (j = n - 2; j >= 1; j--)``: a backward sweep, a back
substitution) in the dependence tests and the interchange: their distances are read in
execution order, so a nest holding one is interchanged where every dependence keeps its
direction and refused, naming the dependence, where one would turn round. Subscripts with no
loop variable but a symbol (``v[n - 1][i]``, a boundary row) pin no loop, so a loop holding
boundary stores and sweeps is distributed. Built and run with gcc: the output is the same.
Tiling, which emits its loops counting up, refuses them."""

from __future__ import annotations

from pathlib import Path

from perfscout.transform import Generated, Refusal, generate
from transform._cc import build_run, line_of, write

MAIN = """
int main(void)
{
  static double v[N][N], p[N][N];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      v[i][j] = (double)((i * 7 + j * 3) % 11) / 13.0;
      p[i][j] = 0.25 + (double)((i + 2 * j) % 5) / 10.0;
    }
  sweep(N, v, p);
  double s = 0.0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) s += v[i][j] * (1 + (i + j) % 5);
  printf("checksum=%.17g\\n", s);
  return 0;
}
"""

# a backward sweep down each column (the recurrence runs along j, counting down), with the
# boundary rows set beside it: the loop over i is distributed, then (j, i) walks rows
SWEEP = """#include <stdio.h>

static void sweep(int n, double v[N][N], double p[N][N])
{
  for (int i = 1; i < n - 1; i++) {
    v[0][i] = 1.0;
    v[n - 1][i] = 1.0;
    for (int j = n - 2; j >= 1; j--)
      v[j][i] = p[j][i] * v[j + 1][i] + 0.5; /* HOT */
  }
}
""" + MAIN

# the same nest written perfect: interchanged directly
PERFECT = """#include <stdio.h>

static void sweep(int n, double v[N][N], double p[N][N])
{
  for (int i = 1; i < n - 1; i++)
    for (int j = n - 2; j >= 1; j--)
      v[j][i] = p[j][i] * v[j + 1][i] + 0.5; /* HOT */
}
""" + MAIN


def _same(tmp_path: Path, src: str, g: Generated) -> None:
    flags = ["-DN=300"]
    before = build_run(write(tmp_path, "before.c", src), flags)
    after = build_run(write(tmp_path, "after.c", g.new_text), flags)
    assert after == before and "checksum=" in before


def test_a_nest_with_a_backward_sweep_is_interchanged(tmp_path: Path) -> None:
    g = generate("loop_interchange", PERFECT, "s.c", line_of(PERFECT, "HOT"))
    assert isinstance(g, Generated), g
    assert "reordered to (j, i)" in g.note, g.note
    body = g.new_text[g.new_text.index("static void sweep"):]
    # the downward loop keeps its own header, now outside
    assert body.index("for (int j = n - 2; j >= 1; j--)") < body.index("for (int i = 1;")
    _same(tmp_path, PERFECT, g)


def test_boundary_rows_beside_the_sweep_do_not_stop_the_split(tmp_path: Path) -> None:
    g = generate("loop_interchange", SWEEP, "s.c", line_of(SWEEP, "HOT"))
    assert isinstance(g, Generated), g
    assert "distributed over its 2 parts" in g.note and "reordered to (j, i)" in g.note, g.note
    _same(tmp_path, SWEEP, g)


def test_a_dependence_that_would_turn_round_is_refused() -> None:
    # v[j][i] reads v[j - 1][i - 1], written at (i - 1, j - 1): one iteration of i earlier and,
    # counting down, one of j later; with j outside, the read would come before the write
    src = PERFECT.replace("v[j + 1][i] + 0.5", "v[j - 1][i - 1] + 0.5")
    r = generate("loop_interchange", src, "s.c", line_of(src, "HOT"))
    assert isinstance(r, Refusal), getattr(r, "diff", r)
    assert "reverses" in r.reason and "v" in r.reason, r.reason


def test_the_same_read_counting_up_is_no_reversal(tmp_path: Path) -> None:
    # counting up, v[j - 1][i - 1] was written one iteration earlier in both loops: legal
    src = PERFECT.replace("v[j + 1][i] + 0.5", "v[j - 1][i - 1] + 0.5").replace(
        "for (int j = n - 2; j >= 1; j--)", "for (int j = 1; j < n - 1; j++)")
    g = generate("loop_interchange", src, "s.c", line_of(src, "HOT"))
    assert isinstance(g, Generated), g
    _same(tmp_path, src, g)


def test_tiling_refuses_a_loop_counting_down() -> None:
    r = generate("loop_tiling", PERFECT, "s.c", line_of(PERFECT, "HOT"))
    assert isinstance(r, Refusal), getattr(r, "diff", r)
    assert "counts down (j--)" in r.reason, r.reason


# a tie: p and q walked along rows by j, v along rows by i; the j loop carries the
# recurrence v[j + 1] -> v[j], so with i innermost the systems run side by side
TIED = PERFECT.replace("v[j][i] = p[j][i] * v[j + 1][i] + 0.5;",
                       "v[j][i] = p[i][j] * v[j + 1][i] + p[i][j] * 0.5;")


def test_at_a_tie_the_loop_carrying_the_recurrence_goes_outside(tmp_path: Path) -> None:
    g = generate("loop_interchange", TIED, "s.c", line_of(TIED, "HOT"))
    assert isinstance(g, Generated), g
    assert "i innermost carries no dependence, where j carried a recurrence" in g.note, g.note
    _same(tmp_path, TIED, g)


def test_at_a_tie_with_no_recurrence_the_order_stays() -> None:
    src = PERFECT.replace("v[j][i] = p[j][i] * v[j + 1][i] + 0.5;",
                          "v[j][i] = p[i][j] * 2.0 + p[i][j] * 0.5;")
    r = generate("loop_interchange", src, "s.c", line_of(src, "HOT"))
    assert isinstance(r, Refusal), getattr(r, "diff", r)
    assert "no order of loops (i, j) gives the innermost loop more unit-stride" in r.reason
