"""A column sweep whose recurrence lives in scalars (an IIR filter down each column of a
row-major image): loop_interchange gives each column its own copy of the state, sets the copies
in their own loop and runs the rows outside, so the inner loop is unit-stride. Built and run
with the real gcc: the output is byte for byte the same (each column's operations keep their
order). Refused, naming why: the state read after the nest, an element indexed by the column
in another subscript, a sum carried across columns, a column loop not counting up from 0, and
Fortran (its column sweep is unit-stride already)."""

from __future__ import annotations

from pathlib import Path

import pytest

from perfscout.transform import Generated, Refusal, generate
from transform._cc import build_run, line_of, write

C_PROG = """#include <stdio.h>
#define W 300
#define H 400
static float img[W][H], out[W][H];
int main(void)
{
    int i, j, w = W, h = H;
    float a = 0.25f, b = 0.6f, xm1, ym1, ym2;
    for (i = 0; i < w; i++)
        for (j = 0; j < h; j++)
            img[i][j] = (float)((i * 7 + j * 13) % 17) / 17.0f;
    for (j = 0; j < h; j++) {
        xm1 = 0.0f;
        ym1 = 0.0f;
        ym2 = 0.0f;
        for (i = 0; i < w; i++) {
            out[i][j] = a * img[i][j] + a * xm1 + b * ym1 - 0.1f * ym2;  /* HOT */
            xm1 = img[i][j];
            ym2 = ym1;
            ym1 = out[i][j];
        }
    }
    double s = 0.0;
    for (i = 0; i < w; i++)
        for (j = 0; j < h; j++)
            s += out[i][j] * (1 + (i + j) % 3);
    printf("sum=%.9e corner=%.9e\\n", s, (double)out[w - 1][h - 1]);
    return 0;
}
"""


def _gen(src: str) -> Generated | Refusal:
    return generate("loop_interchange", src, "iir.c", line_of(src, "HOT"))


def test_the_column_state_is_expanded_and_the_rows_run_outside(tmp_path: Path) -> None:
    g = _gen(C_PROG)
    assert isinstance(g, Generated), g
    assert "+    float ym1_j[h];" in g.diff and "+    for (i = 0; i < w; i++)" in g.diff
    assert "b * ym1_j[j]" in g.new_text and "ym1_j[j] = out[i][j];" in g.new_text
    assert "the state xm1, ym1, ym2 of the sweep over i kept per j" in g.note
    before = build_run(write(tmp_path, "orig.c", C_PROG))
    after = build_run(write(tmp_path, "new.c", g.new_text))
    assert after == before and before.startswith("sum=")


@pytest.mark.parametrize(("change", "why"), [
    ('printf("sum=', "ym1 is read after the nest"),
    ("out[i][j] = a * img[i][j]", "is not indexed by j in its last subscript"),
    ("for (j = 0; j < h; j++) {\n        xm1", "does not count up from 0"),
    ("            xm1 = img[i][j];\n", "scalar s2 (line"),
])
def test_a_sweep_that_is_not_per_column_is_refused(change: str, why: str) -> None:
    src = {
        'printf("sum=': C_PROG.replace('printf("sum=', 'printf("%g ", ym1); printf("sum='),
        "out[i][j] = a * img[i][j]": C_PROG.replace("out[i][j] = a * img[i][j]",
                                                    "out[i][j] = a * img[0][i]"),
        "for (j = 0; j < h; j++) {\n        xm1": C_PROG.replace(
            "for (j = 0; j < h; j++) {\n        xm1", "for (j = 1; j < h; j++) {\n        xm1"),
        "            xm1 = img[i][j];\n": C_PROG.replace(
            "            xm1 = img[i][j];\n", "            xm1 = img[i][j];\n            s2 += "
            "ym1;\n").replace("float a = 0.25f", "float s2 = 0, a = 0.25f"),
    }[change]
    r = _gen(src)
    assert isinstance(r, Refusal), r
    assert why in r.reason, r.reason


def test_fortran_is_left_alone() -> None:
    from perfscout.transform.expand import expand_and_interchange
    from perfscout.transform.source import Code

    src = ("subroutine s(a, n)\n  integer :: n, i, j\n  real :: a(n, n), y\n  do j = 1, n\n"
           "    y = 0\n    do i = 1, n\n      a(i, j) = a(i, j) + y\n      y = a(i, j)\n"
           "    end do\n  end do\nend subroutine\n")
    r = expand_and_interchange(Code(src, "s.f90"), 7, "s.f90")
    assert isinstance(r, Refusal) and "Fortran" in r.reason


def test_a_row_sweep_is_left_alone_as_unit_stride_already() -> None:
    from perfscout.transform.expand import expand_and_interchange
    from perfscout.transform.source import Code

    rows = C_PROG.replace("for (j = 0; j < h; j++) {\n        xm1", "for (i = 0; i < w; i++) {"
                          "\n        xm1").replace("        for (i = 0; i < w; i++) {\n"
                                                   "            out", "        for (j = 0; j "
                                                   "< h; j++) {\n            out")
    r = expand_and_interchange(Code(rows, "iir.c"), line_of(rows, "HOT"), "iir.c")
    assert isinstance(r, Refusal) and "walks memory with unit stride already" in r.reason, r
