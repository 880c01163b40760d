"""bisect_search: a linear scan over an array the program fills in increasing order (or sorts)
becomes a bisection. Legal scans (a while scan over a struct field filled in another file, a
for/return scan after qsort, a C++ for/break scan after std::sort) are built and run with the
real compilers and print the same positions; scans over arrays not proved sorted, or with a
test that is not monotone, are refused naming why."""

from __future__ import annotations

from pathlib import Path

from perfscout.transform import Generated, Refusal, generate
from transform._cc import build_run, line_of, write

GRID_H = """#ifndef GRID_H
#define GRID_H
typedef struct { int n; double *x, *y; } Grid;
Grid grid_make(int n);
double grid_at(const Grid *g, double x);
#endif
"""

GRID_C = """#include <math.h>
#include <stdlib.h>
#include "grid.h"

Grid grid_make(int n)
{
    Grid g = {n, malloc(n * sizeof(double)), malloc(n * sizeof(double))};
    for (int k = 0; k < n; k++) {
        double s = (double)k / (n - 1);
        g.x[k] = -2.0 + 4.0 * (s - 0.5) * fabs(s - 0.5) + 0.3 * s;
        g.y[k] = sin(g.x[k]);
    }
    return g;
}
"""

LOOKUP_C = """#include "grid.h"

double grid_at(const Grid *g, double x)
{
    int j = 0;
    while (j < g->n - 2 && g->x[j + 1] <= x)   /* HOT */
        j++;
    return g->y[j] + (x - g->x[j]) * (g->y[j + 1] - g->y[j]) / (g->x[j + 1] - g->x[j]);
}
"""

MAIN_C = """#include <stdio.h>
#include "grid.h"
#include "grid.c"
#include "lookup.c"

int main(void)
{
    Grid g = grid_make(777);
    double s = 0;
    for (int i = 0; i < 20000; i++) {
        double x = -3.0 + 6.0 * (i % 997) / 996.0;
        s += grid_at(&g, x) * (i % 7 + 1);
    }
    printf("%.17g %.17g %.17g\\n", s, grid_at(&g, -5.0), grid_at(&g, g.x[400]));
    return 0;
}
"""


def _project(tmp_path: Path, grid_c: str = GRID_C, lookup_c: str = LOOKUP_C) -> Path:
    write(tmp_path, "grid.h", GRID_H)
    write(tmp_path, "grid.c", grid_c)
    write(tmp_path, "lookup.c", lookup_c)
    write(tmp_path, "Makefile", "all:\n\tcc -O2 main.c -lm\n")
    return write(tmp_path, "main.c", MAIN_C)


def test_while_scan_over_a_field_filled_in_another_file_is_bisected(tmp_path: Path) -> None:
    main = _project(tmp_path)
    before = build_run(main)
    got = generate("bisect_search", LOOKUP_C, "lookup.c", line_of(LOOKUP_C, "HOT"),
                   root=tmp_path)
    assert isinstance(got, Generated), got
    assert "grid.c:10 fills g.x[k] non-decreasing" in got.note
    assert "bs_mid" in got.new_text and "j++" not in got.new_text
    (tmp_path / "lookup.c").write_text(got.new_text)
    assert build_run(main) == before


def test_fill_that_is_not_monotone_is_refused_with_the_place(tmp_path: Path) -> None:
    wavy = GRID_C.replace("+ 0.3 * s;", "+ 0.3 * sin(9.0 * s);")
    _project(tmp_path, grid_c=wavy)
    got = generate("bisect_search", LOOKUP_C, "lookup.c", line_of(LOOKUP_C, "HOT"),
                   root=tmp_path)
    assert isinstance(got, Refusal)
    assert "grid.c:10" in got.reason and "call to sin()" in got.reason


def test_another_store_into_the_field_is_refused(tmp_path: Path) -> None:
    poked = GRID_C.replace("    return g;", "    g.x[n / 2] = 0.0;\n    return g;")
    _project(tmp_path, grid_c=poked)
    got = generate("bisect_search", LOOKUP_C, "lookup.c", line_of(LOOKUP_C, "HOT"),
                   root=tmp_path)
    assert isinstance(got, Refusal)
    assert "g.x[n / 2] = 0.0" in got.reason and "not in a counted fill loop" in got.reason


def test_scan_whose_test_is_not_true_on_a_prefix_is_refused(tmp_path: Path) -> None:
    wrong = LOOKUP_C.replace("g->x[j + 1] <= x", "g->x[j + 1] > x")
    _project(tmp_path, lookup_c=wrong)
    got = generate("bisect_search", wrong, "lookup.c", line_of(wrong, "HOT"), root=tmp_path)
    assert isinstance(got, Refusal)
    assert "not true on a prefix" in got.reason


QSORT_C = """#include <stdio.h>
#include <stdlib.h>

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static long first_at_least(double *v, long n, double key)
{
    qsort(v, n, sizeof *v, by_value);
    for (long i = 0; i < n; i++)
        if (v[i] >= key)   /* HOT */
            return i;
    return -1;
}

int main(void)
{
    long n = 5000, acc = 0;
    double *v = malloc(n * sizeof *v);
    unsigned s = 7;
    for (long r = 0; r < 200; r++) {
        for (long i = 0; i < n; i++) {
            s = s * 1103515245u + 12345u;
            v[i] = (double)(s >> 20);
        }
        acc += first_at_least(v, n, (double)(r * 20)) + 3 * first_at_least(v, n, 1e9);
    }
    printf("%ld\\n", acc);
    free(v);
    return 0;
}
"""


def test_for_return_scan_after_qsort_is_bisected(tmp_path: Path) -> None:
    src = write(tmp_path, "q.c", QSORT_C)
    before = build_run(src)
    got = generate("bisect_search", QSORT_C, "q.c", line_of(QSORT_C, "HOT"))
    assert isinstance(got, Generated), got
    assert "sorts it ascending (qsort)" in got.note
    src.write_text(got.new_text)
    assert build_run(src) == before


def test_descending_comparator_is_refused(tmp_path: Path) -> None:
    desc = QSORT_C.replace("(x > y) - (x < y)", "(x < y) - (x > y)")
    got = generate("bisect_search", desc, "q.c", line_of(desc, "HOT"))
    assert isinstance(got, Refusal)
    assert "comparator not known to be ascending" in got.reason


SORT_CPP = """#include <algorithm>
#include <cstdio>
#include <vector>

static int rank_of(std::vector<double>& v, double key)
{
    std::sort(v.begin(), v.end());
    int i;
    for (i = 0; i < (int)v.size(); i++)
        if (key < v[i])   /* HOT */
            break;
    return i;
}

int main()
{
    std::vector<double> v;
    for (int i = 0; i < 3000; i++) v.push_back((i * 7919) % 3001 * 0.5);
    long acc = 0;
    for (int r = 0; r < 3000; r++) acc += rank_of(v, r * 0.5) + rank_of(v, -1.0) + rank_of(v, 1e9);
    std::printf("%ld\\n", acc);
    return 0;
}
"""


def test_cpp_for_break_scan_after_std_sort_is_bisected(tmp_path: Path) -> None:
    src = write(tmp_path, "s.cpp", SORT_CPP)
    before = build_run(src)
    got = generate("bisect_search", SORT_CPP, "s.cpp", line_of(SORT_CPP, "HOT"))
    assert isinstance(got, Generated), got
    assert "std::sort" in got.note
    src.write_text(got.new_text)
    assert build_run(src) == before


def test_unsorted_vector_is_refused() -> None:
    unsorted = SORT_CPP.replace("    std::sort(v.begin(), v.end());\n", "")
    got = generate("bisect_search", unsorted, "s.cpp", line_of(unsorted, "HOT"))
    assert isinstance(got, Refusal)
    assert "is passed to push_back()" in got.reason or "order is unknown" in got.reason


LINEAR_C = GRID_C.replace(
    "        double s = (double)k / (n - 1);\n"
    "        g.x[k] = -2.0 + 4.0 * (s - 0.5) * fabs(s - 0.5) + 0.3 * s;\n",
    "        g.x[k] = X0 + k * step;\n").replace(
    "    Grid g = {n,", "    const double step = DX / 2;\n    Grid g = {n,")
LINEAR_H = GRID_H.replace("#define GRID_H\n",
                          "#define GRID_H\n#define X0 (-3.0)\n#define DX 0.02\n")


def test_linear_fill_through_a_header_macro_and_a_local_constant(tmp_path: Path) -> None:
    main = _project(tmp_path, grid_c=LINEAR_C)
    (tmp_path / "grid.h").write_text(LINEAR_H)
    before = build_run(main)
    got = generate("bisect_search", LOOKUP_C, "lookup.c", line_of(LOOKUP_C, "HOT"),
                   root=tmp_path)
    assert isinstance(got, Generated), got
    assert "fills g.x[k] non-decreasing (slope >= 0.01 over k >= 0)" in got.note
    (tmp_path / "lookup.c").write_text(got.new_text)
    assert build_run(main) == before


def test_linear_fill_with_a_negative_step_is_refused(tmp_path: Path) -> None:
    _project(tmp_path, grid_c=LINEAR_C)
    (tmp_path / "grid.h").write_text(LINEAR_H.replace("#define DX 0.02", "#define DX -0.02"))
    got = generate("bisect_search", LOOKUP_C, "lookup.c", line_of(LOOKUP_C, "HOT"),
                   root=tmp_path)
    assert isinstance(got, Refusal)
    assert "slope may be negative" in got.reason and "grid.c" in got.reason


def test_a_pointer_taken_to_the_field_is_refused(tmp_path: Path) -> None:
    alias = GRID_C.replace("    return g;", "    double *p = g.x;\n    p[0] = 9.0;\n    return g;")
    _project(tmp_path, grid_c=alias)
    got = generate("bisect_search", LOOKUP_C, "lookup.c", line_of(LOOKUP_C, "HOT"),
                   root=tmp_path)
    assert isinstance(got, Refusal)
    assert "is used as '*p = g.x' at grid.c:13" in got.reason


def test_a_vector_grown_after_its_sort_is_refused() -> None:
    grown = SORT_CPP.replace("    int i;\n", "    v.push_back(-1.0);\n    int i;\n")
    got = generate("bisect_search", grown, "s.cpp", line_of(grown, "HOT"))
    assert isinstance(got, Refusal)
    assert "is changed or exposed by .push_back()" in got.reason
