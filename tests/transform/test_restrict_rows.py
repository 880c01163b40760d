"""restrict_rows: an inner loop kept scalar by aliasing (rows of an int ** that may overlap,
an element of the written row read in the loop, a compare-and-store) rewritten with restrict
rows checked at run time, the invariant element in a scalar (loop split where the written row
holds it) and a branch-free minimum. Built with gcc, the program prints the original's
output, also when two rows share memory (the original loop runs); loops where a dependence or
a scalar forbids it are refused, naming it."""

from __future__ import annotations

from pathlib import Path

import pytest

from perfscout.transform import Generated, Refusal, generate
from transform._cc import build_run, line_of, write

FLOYD = """#include <stdio.h>
#include <stdlib.h>

static void floyd(int **d, int n)
{
    for (int k = 0; k < n; k++)
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++)
                if (d[i][k] + d[k][j] < d[i][j])  /* HOT */
                    d[i][j] = d[i][k] + d[k][j];
}

int main(int argc, char **argv)
{
    int n = 90;
    int *block = malloc(sizeof(int) * n * n);
    int **d = malloc(sizeof(int *) * n);
    for (int i = 0; i < n; i++) d[i] = block + i * n;
    if (argc > 1) d[7] = d[3];  /* two rows share memory: the run-time check must see it */
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            d[i][j] = i == j ? (argc > 2 ? -1 : 0) : 1 + (i * 37 + j * 11) % 53;
    floyd(d, n);
    long s = 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) s += (long)d[i][j] * (1 + (i + 3 * j) % 7);
    printf("sum=%ld\\n", s);
    return 0;
}
"""


@pytest.mark.parametrize("args", [[], ["alias"], ["alias", "negative"]],
                         ids=["rows", "aliased-rows", "negative-diagonal"])
def test_floyd_rows_keep_output(args: list[str], tmp_path: Path) -> None:
    g = generate("restrict_rows", FLOYD, "f.c", line_of(FLOYD, "HOT"))
    assert isinstance(g, Generated), g
    assert "*restrict ps_wr" in g.new_text and "? ps_t : ps_wr[j]" in g.new_text
    assert "split at j == k" in g.note
    before = build_run(write(tmp_path, "a.c", FLOYD), args=args)
    after = build_run(write(tmp_path, "b.c", g.new_text), ["-O3"], args=args)
    assert after == before and before.startswith("sum=")


AXPY = """#include <stdio.h>
#define N 64
static double a[N][N], b[N][N];
int main(void) {
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) { a[i][j] = (i * 3 + j) % 5; b[i][j] = (i + 2 * j) % 7; }
    for (int k = 0; k < N; k++)
        for (int i = 0; i < N; i++)
            for (int j = 0; j < N; j++)
                a[i][j] = a[i][j] + 0.001 * b[i][k] * b[k][j];  /* HOT */
    double s = 0.0;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) s += a[i][j];
    printf("s=%.17g\\n", s);
    return 0;
}
"""


def test_two_dimensional_arrays_keep_output(tmp_path: Path) -> None:
    g = generate("restrict_rows", AXPY, "x.c", line_of(AXPY, "HOT"))
    assert isinstance(g, Generated), g
    assert "ps_v1 = b[i][k]" in g.new_text and "split" not in g.note
    before = build_run(write(tmp_path, "a.c", AXPY))
    after = build_run(write(tmp_path, "b.c", g.new_text), ["-O3"])
    assert after == before


REFUSED = [
    ("a[i][j] = a[i][j] + 0.001 * b[i][k] * b[k][j];",
     "a[i][j] = a[i][j - 1] + 0.001 * b[i][k] * b[k][j];", "is not X[row][j]"),
    ("a[i][j] = a[i][j] + 0.001 * b[i][k] * b[k][j];",
     "s = s + a[i][j] * b[k][j];", "writes the scalar s"),
    ("a[i][j] = a[i][j] + 0.001 * b[i][k] * b[k][j];",
     "a[i][j] = a[i][j] + a[i][k] * a[i][0];", "several fixed columns"),
    ("a[i][j] = a[i][j] + 0.001 * b[i][k] * b[k][j];",
     "a[i][j] = a[i][j] + 0.001 * rand();", "call to rand()"),
]


@pytest.mark.parametrize(("old", "new", "why"), REFUSED, ids=[r[2] for r in REFUSED])
def test_refused_naming_why(old: str, new: str, why: str) -> None:
    src = AXPY.replace(old, new).replace("int main(void) {", "int main(void) {\n    double s;")
    r = generate("restrict_rows", src, "x.c", line_of(src, "HOT"))
    assert isinstance(r, Refusal), r
    assert why in r.reason, r.reason
