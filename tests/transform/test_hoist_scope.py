"""hoist_math never moves a call reading a name declared inside the loop out of it.

A pair loop declares ``dx``, ``r2``, ``sr2`` in its body and calls ``pow(sr2, 3.0)``: hoisting the
call before the loop reads names not in scope there (the build fails, "'sr2' undeclared"). The
generator refuses it naming the variable; a call of names declared before the loop is still
hoisted and the program builds and prints the same value."""

from __future__ import annotations

from pathlib import Path

from perfscout.transform import Generated, Refusal, generate
from transform._cc import build_run, line_of, write

PAIRS = """#include <math.h>
#include <stdio.h>

static double energy(int n, const double *x, const double *y, const double *z, double s2) {
  double e = 0.0;
  for (int i = 0; i < n; i++) {
    for (int j = i + 1; j < n; j++) {
      double dx = x[i] - x[j];
      double dy = y[i] - y[j], dz = z[i] - z[j];
      double r2 = dx * dx + dy * dy + dz * dz;
      double sr2 = s2 / r2;
      double sr6 = pow(sr2, 3.0);  /* HOT */
      e += 4.0 * (pow(sr6, 2.0) - sr6)EXTRA;
    }
  }
  return e;
}

int main(void) {
  enum { N = 300 };
  static double x[N], y[N], z[N];
  for (int i = 0; i < N; i++) {
    x[i] = (i % 7) * 1.1 + 0.01 * i;
    y[i] = (i % 11) * 0.9;
    z[i] = (i % 13) * 1.3;
  }
  printf("%.17g\\n", energy(N, x, y, z, 1.0));
  return 0;
}
"""


def test_call_of_names_declared_in_the_body_refused() -> None:
    src = PAIRS.replace("EXTRA", "")
    r = generate("hoist_math", src, "lj.c", line_of(src, "HOT"))
    assert isinstance(r, Refusal), r
    assert "sr2 is declared inside the loop" in r.reason
    assert "sr6 is declared inside the loop" in r.reason


def test_invariant_call_still_hoisted_and_builds(tmp_path: Path) -> None:
    src = PAIRS.replace("EXTRA", " * pow(s2, 0.5)")
    g = generate("hoist_math", src, "lj.c", line_of(src, "HOT"))
    assert isinstance(g, Generated), g
    assert "pow(s2, 0.5)" in g.note and "sr2" not in g.note
    assert "pow(sr2, 3.0)" in g.new_text.split("for (int j")[1]  # stayed in the loop
    before = build_run(write(tmp_path, "a.c", src))
    after = build_run(write(tmp_path, "b.c", g.new_text))
    assert before == after


DFT = """#include <math.h>
#include <stdio.h>
#define N 200
static double x[N], pr[N];
int main(void) {
  for (int j = 0; j < N; j++) x[j] = sin(0.37 * j);
  for (int k = 0; k < N; k++) {
    double re = 0.0;
    for (int j = 0; j < N; j++) {
      int kk = k;
      re += x[j] * cos(2.0 * M_PI * kk * j / N);  /* HOT */
    }
    pr[k] = re;
  }
  printf("%.9e\\n", pr[7]);
  return 0;
}
"""


def test_table_factor_declared_in_the_body_refused() -> None:
    r = generate("hoist_math", DFT, "dft.c", line_of(DFT, "HOT"))
    assert isinstance(r, Refusal), r
    assert "kk in 'kk'" in r.reason


def test_table_factor_declared_before_the_loop_kept(tmp_path: Path) -> None:
    src = DFT.replace("    for (int j = 0; j < N; j++) {\n      int kk = k;",
                      "    int kk = k;\n    for (int j = 0; j < N; j++) {")
    g = generate("hoist_math", src, "dft.c", line_of(src, "HOT"))
    assert isinstance(g, Generated), g
    assert "table" in g.note
    a = float(build_run(write(tmp_path, "a.c", src)))
    b = float(build_run(write(tmp_path, "b.c", g.new_text)))
    assert abs(a - b) <= 1e-9 * max(1.0, abs(a))
