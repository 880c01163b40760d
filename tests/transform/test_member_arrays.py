"""Loop nests over arrays held in structs (``m->a[i * m->cols + j]``, ``img.px[...]``), the way
users keep a matrix or an image with its sizes: interchange and tiling read the member as an
array and its sizes as symbols, so the same dependence tests decide. Legal changes are built and
run with gcc (identical output); illegal ones are refused naming the dependence, and a loop that
reassigns the struct pointer is refused as a carried value."""

from __future__ import annotations

from pathlib import Path

import pytest

from perfscout.transform import Generated, Refusal, generate
from transform._cc import build_run, line_of, write

HEAD = """#include <stdio.h>
#include <stdlib.h>
typedef struct { int rows, cols; double *a; } mat_t;
typedef struct { int w, h; float *px; } image_t;

static mat_t make(int rows, int cols) {
    mat_t m = {rows, cols, malloc(sizeof(double) * (size_t)rows * cols)};
    for (long k = 0; k < (long)rows * cols; k++) m.a[k] = (double)((k * 7919) % 1000) / 7.0;
    return m;
}
static double sum(const mat_t *m) {
    double s = 0.0;
    for (long k = 0; k < (long)m->rows * m->cols; k++) s += m->a[k] * (double)(k % 13 + 1);
    return s;
}
"""

# a column-major walk of a row-major matrix in a struct: (j, i) -> (i, j)
SCALE_COLS = HEAD + """
static void scale_cols(mat_t *m, const double *w) {
    for (int j = 0; j < m->cols; j++)
        for (int i = 0; i < m->rows; i++)
            m->a[(size_t)i * m->cols + j] *= w[j];  /* HOT */
}
int main(void) {
    mat_t m = make(300, 200);
    double w[200];
    for (int j = 0; j < 200; j++) w[j] = 1.0 + j * 0.01;
    scale_cols(&m, w);
    printf("checksum=%.10e\\n", sum(&m));
    return 0;
}
"""

# a transpose from one struct's image into another's: tiled
TRANSPOSE = HEAD + """
static void transpose(const image_t *in, image_t *out) {
    out->w = in->h;
    out->h = in->w;
    for (int y = 0; y < in->h; y++)
        for (int x = 0; x < in->w; x++)
            out->px[(size_t)x * out->w + y] = in->px[(size_t)y * in->w + x];  /* HOT */
}
int main(void) {
    image_t a = {301, 203, malloc(sizeof(float) * 301 * 203)};
    image_t b = {0, 0, malloc(sizeof(float) * 301 * 203)};
    for (int k = 0; k < 301 * 203; k++) a.px[k] = (float)((k * 31) % 977);
    transpose(&a, &b);
    double s = 0.0;
    for (int k = 0; k < 301 * 203; k++) s += b.px[k] * (double)(k % 11 + 1);
    printf("checksum=%.6e\\n", s);
    return 0;
}
"""

# each element depends on the one up and to the right: interchange reverses that dependence
SKEWED = HEAD + """
static void sweep(mat_t *m) {
    for (int j = 0; j < m->cols - 1; j++)
        for (int i = 1; i < m->rows; i++)
            m->a[(size_t)i * m->cols + j] += m->a[(size_t)(i - 1) * m->cols + j + 1];  /* HOT */
}
int main(void) {
    mat_t m = make(60, 50);
    sweep(&m);
    printf("checksum=%.10e\\n", sum(&m));
    return 0;
}
"""

# the struct pointer moves along a list of matrices inside the nest
REASSIGNED = HEAD + """
static void walk(mat_t *m, int n) {
    for (int j = 0; j < n; j++)
        for (int i = 0; i < n; i++) {
            m->a[(size_t)i * n + j] = 1.0;  /* HOT */
            m = m + 1;
        }
}
"""


@pytest.mark.parametrize(("pid", "src", "params", "expect"), [
    ("loop_interchange", SCALE_COLS, {}, ["+    for (int i = 0; i < m->rows; i++)\n+  ",
                                          "  for (int j = 0; j < m->cols; j++)\n+"]),
    ("loop_tiling", TRANSPOSE, {"tile": 32}, ["+= 32", "out->px[(size_t)x * out->w + y]"]),
    ("loop_tiling", SCALE_COLS, {"tile": 16}, ["+= 16"]),
], ids=["interchange-member-matrix", "tiling-member-transpose", "tiling-member-matrix"])
def test_member_array_nest_is_transformed_and_keeps_the_output(
        pid: str, src: str, params: dict[str, int], expect: list[str], tmp_path: Path) -> None:
    g = generate(pid, src, "prog.c", line_of(src, "HOT"), params)
    assert isinstance(g, Generated), g
    for e in expect:
        assert e in g.diff, g.diff
    assert "distinct arrays assumed not to overlap" in g.note or pid == "loop_tiling"
    before = build_run(write(tmp_path, "orig.c", src))
    after = build_run(write(tmp_path, "new.c", g.new_text), g.flags, g.libs)
    assert after == before and before.startswith("checksum=")


def test_a_dependence_through_a_member_array_is_named() -> None:
    for pid, words in (("loop_interchange", ["dependence on m->a", "reverses"]),
                       ("loop_tiling", ["not fully permutable", "dependence on m->a"])):
        r = generate(pid, SKEWED, "prog.c", line_of(SKEWED, "HOT"))
        assert isinstance(r, Refusal), getattr(r, "diff", r)
        for w in words:
            assert w in r.reason, r.reason


def test_the_skewed_member_sweep_really_depends_on_the_order(tmp_path: Path) -> None:
    """The refusal is not over-cautious: swapping the loops by hand changes the result."""
    swapped = SKEWED.replace(
        "    for (int j = 0; j < m->cols - 1; j++)\n        for (int i = 1; i < m->rows; i++)\n",
        "    for (int i = 1; i < m->rows; i++)\n        for (int j = 0; j < m->cols - 1; j++)\n")
    assert swapped != SKEWED
    assert build_run(write(tmp_path, "a.c", SKEWED)) != build_run(write(tmp_path, "b.c", swapped))


def test_a_row_length_not_tied_to_the_bound_keeps_the_nest_refused() -> None:
    """Without ``out->w = in->h`` ahead of the nest nothing shows the column index stays in
    its row: the rows of the linear subscript may overlap, and tiling is refused."""
    src = TRANSPOSE.replace("    out->w = in->h;\n", "")
    r = generate("loop_tiling", src, "prog.c", line_of(src, "HOT"), {"tile": 32})
    assert isinstance(r, Refusal), getattr(r, "diff", r)
    assert "rows may overlap" in r.reason and "out->px" in r.reason, r.reason
    # set twice: no longer one size
    twice = TRANSPOSE.replace("    out->h = in->w;\n", "    out->h = in->w;\n    out->w = 7;\n")
    r = generate("loop_tiling", twice, "prog.c", line_of(twice, "HOT"), {"tile": 32})
    assert isinstance(r, Refusal) and "rows may overlap" in r.reason, r


def test_a_struct_pointer_reassigned_in_the_nest_is_refused() -> None:
    r = generate("loop_interchange", REASSIGNED, "prog.c", line_of(REASSIGNED, "HOT"))
    assert isinstance(r, Refusal), getattr(r, "diff", r)
    assert "scalar m is written" in r.reason and "loop-carried" in r.reason, r.reason
