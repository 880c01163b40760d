"""Subscripts written through an index macro (``a[IX(i, j)]``) or a one-line index function
(``a[idx(i, j)]``), as users write flattened 2-D arrays: the dependence tests read through
them (the macro expanded with its sizes kept symbolic, the function's return expression with
the arguments put in), so interchange, tiling, simd and parallel for reach such nests. Legal
changes are built and run with gcc (identical output); a dependence through the helper is
named; a helper that reads a variable the loop changes, or that has a side effect, still
refuses."""

from __future__ import annotations

from pathlib import Path

import pytest

from perfscout.transform import Generated, Refusal, generate
from transform._cc import build_run, line_of, write

HEAD = """#include <stdio.h>
#ifndef NX
#define NX 300
#endif
#define NY 200
#define IX(i, j) ((i) * NY + (j))
static double a[NX * NY], b[NX * NY];
static inline long idx(long i, long j) { return i * NY + j; }
static void fill(void) {
    for (long k = 0; k < NX * NY; k++) { a[k] = (double)(k % 97) / 3.0; b[k] = (double)(k % 89); }
}
static double sum(void) {
    double s = 0.0;
    for (long k = 0; k < NX * NY; k++) s += a[k] * (double)(k % 13 + 1);
    return s;
}
"""

MACRO_WALK = HEAD + """
static void scale(void) {
    for (int j = 0; j < NY; j++)
        for (int i = 0; i < NX; i++)
            a[IX(i, j)] = 0.5 * a[IX(i, j)] + b[IX(i, j)];  /* HOT */
}
int main(void) { fill(); scale(); printf("checksum=%.10e\\n", sum()); return 0; }
"""

FUNC_WALK = HEAD + """
static void scale(void) {
    for (long j = 0; j < NY; j++)
        for (long i = 0; i < NX; i++)
            a[idx(i, j)] = 0.5 * a[idx(i, j)] + b[idx(i, j)];  /* HOT */
}
int main(void) { fill(); scale(); printf("checksum=%.10e\\n", sum()); return 0; }
"""

# a[i][j] += a[i-1][j+1]: the dependence (1, -1) forbids the interchange
MACRO_SKEWED = HEAD + """
static void sweep(void) {
    for (int j = 0; j < NY - 1; j++)
        for (int i = 1; i < NX; i++)
            a[IX(i, j)] += a[IX(i - 1, j + 1)];  /* HOT */
}
int main(void) { fill(); sweep(); printf("checksum=%.10e\\n", sum()); return 0; }
"""

# the macro reads the variable off, which the inner loop changes
HIDDEN = """#define AT(i, j) ((i) * 64 + (j) + off)
double a[64 * 64 + 4096];
void f(void) {
    int off = 0;
    for (int j = 0; j < 64; j++)
        for (int i = 0; i < 64; i++) {
            a[AT(i, j)] = 1.0;  /* HOT */
            off = off + 1;
        }
}
"""

# an index function that counts its calls: not an expression
COUNTING = """static long calls;
double a[64 * 64];
static long at(long i, long j) { calls++; return i * 64 + j; }
void f(void) {
    for (long j = 0; j < 64; j++)
        for (long i = 0; i < 64; i++)
            a[at(i, j)] = 1.0;  /* HOT */
}
"""


@pytest.mark.parametrize(("pid", "src", "flags", "expect"), [
    ("loop_interchange", MACRO_WALK, [], ["loops reordered to (i, j)"]),
    ("loop_interchange", FUNC_WALK, [], ["loops reordered to (i, j)"]),
    ("loop_tiling", MACRO_WALK, [], ["2 loops tiled by 64"]),
    ("parallelize_omp", FUNC_WALK, ["-fopenmp"], ["omp parallel for on the loop over j"]),
    ("omp_simd", MACRO_WALK, ["-fopenmp"], ["omp simd on the loop over i"]),
], ids=["interchange-macro", "interchange-function", "tiling-macro", "parallel-function",
        "simd-macro"])
def test_a_nest_through_an_index_helper_is_transformed(pid: str, src: str, flags: list[str],
                                                       expect: list[str],
                                                       tmp_path: Path) -> None:
    g = generate(pid, src, "prog.c", line_of(src, "HOT"))
    assert isinstance(g, Generated), g
    for e in expect:
        assert e in g.note, g.note
    before = build_run(write(tmp_path, "orig.c", src))
    after = build_run(write(tmp_path, "new.c", g.new_text), [*flags, *g.flags], g.libs)
    assert after == before and before.startswith("checksum=")


def test_a_dependence_through_the_macro_is_named(tmp_path: Path) -> None:
    r = generate("loop_interchange", MACRO_SKEWED, "prog.c", line_of(MACRO_SKEWED, "HOT"))
    assert isinstance(r, Refusal), getattr(r, "diff", r)
    assert "dependence on a" in r.reason and "reverses" in r.reason, r.reason
    # and it is real: the swapped order gives another result
    swapped = MACRO_SKEWED.replace(
        "    for (int j = 0; j < NY - 1; j++)\n        for (int i = 1; i < NX; i++)\n",
        "    for (int i = 1; i < NX; i++)\n        for (int j = 0; j < NY - 1; j++)\n")
    assert swapped != MACRO_SKEWED
    assert build_run(write(tmp_path, "a.c", MACRO_SKEWED)) != \
        build_run(write(tmp_path, "b.c", swapped))


def test_a_variable_read_inside_the_macro_counts_as_used() -> None:
    r = generate("loop_interchange", HIDDEN, "prog.c", line_of(HIDDEN, "HOT"))
    assert isinstance(r, Refusal), getattr(r, "diff", r)
    assert "scalar off" in r.reason and "loop-carried" in r.reason, r.reason


def test_an_index_function_with_a_side_effect_still_blocks() -> None:
    r = generate("loop_interchange", COUNTING, "prog.c", line_of(COUNTING, "HOT"))
    assert isinstance(r, Refusal), getattr(r, "diff", r)
    assert "call to at() at line 7 may have side effects" in r.reason, r.reason
