"""Accumulators updated through a pointer inside an inner loop (an N-body pair loop adding into
``f[i].x``, a product adding into ``y[i]``) are held in locals for the loop (``restrict_rows``
when the loop has several statements): the same additions in the same order, built with gcc:
the same output. An accumulator also read in the loop, another store through a pointer, or an
address that moves with the loop is refused, naming it."""

from __future__ import annotations

from pathlib import Path

import pytest

from perfscout.transform import Generated, Refusal, generate
from transform._cc import build_run, line_of, write

PAIRS = """#include <math.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct { double v, x, y, z; } vec4;
typedef struct { double x, y, z; } vec3;

static void forces(int n, const vec4 *r, const double *q, vec4 *f)
{
  vec3 d;
  double r2, e;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      r2 = r[i].v + r[j].v - (r[i].x * r[j].x + r[i].y * r[j].y + r[i].z * r[j].z);
      e = exp(-0.5 * r2);
      d.x = r[i].x - r[j].x;
      d.y = r[i].y - r[j].y;
      d.z = r[i].z - r[j].z;
      f[i].v += q[j] * e;
      f[i].x += q[j] * e * d.x; /* HOT */
      f[i].y += q[j] * e * d.y;
      f[i].z = f[i].z + q[j] * e * d.z;
    }
}

int main(void)
{
  int n = 700;
  vec4 *r = malloc(sizeof *r * n), *f = calloc(n, sizeof *f);
  double *q = malloc(sizeof *q * n);
  for (int i = 0; i < n; i++) {
    r[i].x = sin(0.37 * i); r[i].y = cos(0.11 * i); r[i].z = 0.01 * (i % 17);
    r[i].v = r[i].x * r[i].x + r[i].y * r[i].y + r[i].z * r[i].z;
    q[i] = 0.5 + (i % 5) * 0.1;
  }
  forces(n, r, q, f);
  double s = 0.0;
  for (int i = 0; i < n; i++) s += f[i].v + 2 * f[i].x + 3 * f[i].y + 4 * f[i].z;
  printf("checksum=%.17g\\n", s);
  return 0;
}
"""

GEMV = """#include <stdio.h>
#include <stdlib.h>

static void product(int n, const double *a, const double *x, double *y)
{
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      double w = a[i * n + j];
      y[i] += w * x[j]; /* HOT */
    }
}

int main(void)
{
  int n = 400;
  double *a = malloc(sizeof *a * n * n), *x = malloc(sizeof *x * n), *y = calloc(n, sizeof *y);
  for (int k = 0; k < n * n; k++) a[k] = (double)(k % 13) / 13.0 - 0.4;
  for (int k = 0; k < n; k++) x[k] = 1.0 + (k % 7);
  product(n, a, x, y);
  double s = 0.0;
  for (int k = 0; k < n; k++) s += y[k] * (1 + k % 3);
  printf("checksum=%.17g\\n", s);
  return 0;
}
"""


@pytest.mark.parametrize(("src", "count"), [(PAIRS, 4), (GEMV, 1)], ids=["pair-forces", "gemv"])
def test_accumulators_in_memory_are_held_in_locals_with_the_same_output(
        src: str, count: int, tmp_path: Path) -> None:
    g = generate("restrict_rows", src, "acc.c", line_of(src, "HOT"))
    assert isinstance(g, Generated), g
    assert f"{count} accumulator(s)" in g.note, g.note
    assert "+= q[j] * e * d.x" not in g.new_text.replace("acc_1 += q[j] * e * d.x", "")
    before = build_run(write(tmp_path, "a.c", src), libs=["-lm"])
    assert build_run(write(tmp_path, "b.c", g.new_text), libs=["-lm"]) == before


@pytest.mark.parametrize(("change", "named"), [
    (("      d.x = r[i].x - r[j].x;", "      d.x = r[i].x - r[j].x + 0.0 * f[i].v;"),
     "f[i].v is read at line"),
    (("      e = exp(-0.5 * r2);", "      e = exp(-0.5 * r2);\n      f[j].v += 1e-9;"),
     "also stores into f[j].v"),
], ids=["read-besides-update", "other-store"])
def test_what_could_change_an_accumulator_is_refused(change: tuple[str, str], named: str) -> None:
    src = PAIRS.replace(*change)
    r = generate("restrict_rows", src, "acc.c", line_of(src, "HOT"))
    assert isinstance(r, Refusal), getattr(r, "diff", r)
    assert named in r.reason, r.reason


def test_an_address_moving_with_the_loop_is_no_accumulator() -> None:
    src = GEMV.replace("y[i] += w * x[j];", "y[j] += w * x[i];")
    r = generate("restrict_rows", src, "acc.c", line_of(src, "HOT"))
    assert isinstance(r, Refusal), getattr(r, "diff", r)
    assert "updates no element or member whose address stays fixed" in r.reason, r.reason
