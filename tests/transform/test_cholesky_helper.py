"""use_lapack on Cholesky factorisations written with a dot-product helper (``static double
dot(const double *x, const double *y, int m)``): the profile names the helper's loop, where no
square root is; the generator reads the factorisation function that calls it (the whole nest:
the sqrt of the diagonal in its own statement, the off-diagonal divisions around the calls) and
replaces it by dpotrf. Two differently written ones (column-oriented on a flat row-major
array with a positivity check, row-oriented on an array of row pointers) are built with their
Makefile and OpenBLAS and solve to the original's answer within 1e-9 relative. Look-alikes are
refused naming why: the same helper structure storing the diagonal without sqrt (an LDL^T-style
square-root-free factorisation), a non-symmetric LU (no sqrt of the diagonal), a dot product
of a row with another array's row."""

from __future__ import annotations

from pathlib import Path

from perfscout.transform import Refusal, generate
from transform._cc import line_of
from transform.test_lapack_cholesky import C_MAKE, HDR, MAIN, SOLVE, _changed_matches

DOT = """#include <math.h>
#include "chol.h"

static double dot(const double *x, const double *y, int m)
{
    double s = 0.0;
    for (int k = 0; k < m; k++)
        s += x[k] * y[k];  /* HOT */
    return s;
}
"""

FLAT = DOT + """
static int failed;

void cholesky(int n, double *a)
{
    for (int j = 0; j < n; j++) {
        double d = a[j * n + j] - dot(&a[j * n], &a[j * n], j);
        if (d <= 0.0) {
            failed = j;
            return;
        }
        a[j * n + j] = sqrt(d);
        for (int i = j + 1; i < n; i++)
            a[i * n + j] = (a[i * n + j] - dot(a + i * n, a + j * n, j)) / a[j * n + j];
    }
}
"""

# row-oriented through row pointers: L(i, j) is r[i][j]
ROWS = DOT + """#include <stdlib.h>

void cholesky(int n, double *a)
{
    double **r = malloc(sizeof(double *) * n);
    for (int i = 0; i < n; i++)
        r[i] = a + (size_t)i * n;
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < i; j++) {
            double s = r[i][j] - dot(r[i], r[j], j);
            r[i][j] = s / r[j][j];
        }
        double s = dot(r[i], r[i], i);
        r[i][i] = sqrt(r[i][i] - s);
    }
    free(r);
}
"""


def _files(chol: str) -> dict[str, str]:
    return {"chol.c": chol, "solve.c": SOLVE, "main.c": MAIN, "chol.h": HDR,
            "Makefile": C_MAKE}


def test_helper_cholesky_column_oriented_with_check(tmp_path: Path) -> None:
    got = _changed_matches(tmp_path, _files(FLAT), "chol.c", "HOT", "dpotrf")
    assert "column-oriented" in got.note and "lower" in got.note
    assert "failed = j;" in got.new_text and "lapack_info > 0" in got.new_text
    assert "dot(&a[j * n]" not in got.new_text  # the calls went with the nest
    # the profile may name the call's line in the factorisation (the helper inlined there)
    at_call = generate("use_lapack", FLAT, "chol.c", line_of(FLAT, "dot(a + i * n"))
    assert at_call == got


def test_helper_cholesky_row_oriented_row_pointers(tmp_path: Path) -> None:
    got = _changed_matches(tmp_path, _files(ROWS), "chol.c", "HOT", "dpotrf")
    assert "row-oriented" in got.note


def _refused(text: str) -> str:
    got = generate("use_lapack", text, "chol.c", line_of(text, "HOT"))
    assert isinstance(got, Refusal), got
    return got.reason


def test_square_root_free_look_alike_refused() -> None:
    text = FLAT.replace("a[j * n + j] = sqrt(d);", "a[j * n + j] = d;")
    reason = _refused(text)
    assert "no sqrt of the diagonal" in reason and "LDL^T" in reason, reason


def test_lu_through_the_helper_refused() -> None:
    lu = DOT + """
void lu(int n, double *a, double *ut)
{
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < i; j++)
            a[i * n + j] = (a[i * n + j] - dot(&a[i * n], &ut[j * n], j)) / ut[j * n + j];
        for (int j = i; j < n; j++)
            ut[j * n + i] = a[i * n + j] - dot(&a[i * n], &ut[j * n], i);
    }
}
"""
    reason = _refused(lu)
    assert "no sqrt of the diagonal" in reason, reason


def test_dot_of_another_array_refused() -> None:
    text = FLAT.replace("dot(a + i * n, a + j * n, j)", "dot(a + i * n, b + j * n, j)").replace(
        "void cholesky(int n, double *a)", "double *b;\nvoid cholesky(int n, double *a)")
    reason = _refused(text)
    assert "is not of the rows" in reason, reason


# the diagonal's sqrt kept in a scalar that the column's divisions use
SCALAR = """#include <math.h>
#include "chol.h"

void cholesky(int n, double *a)
{
    for (int j = 0; j < n; j++) {
        double d = a[j * n + j];
        for (int k = 0; k < j; k++)
            d -= a[j * n + k] * a[j * n + k];
        double r = sqrt(d);
        a[j * n + j] = r;
        for (int i = j + 1; i < n; i++) {
            double s = a[i * n + j];
            for (int k = 0; k < j; k++)
                s -= a[i * n + k] * a[j * n + k];  /* HOT */
            a[i * n + j] = s / r;
        }
    }
}
"""


def test_sqrt_in_its_own_statement(tmp_path: Path) -> None:
    got = _changed_matches(tmp_path, _files(SCALAR), "chol.c", "HOT", "dpotrf")
    assert "column-oriented" in got.note


def test_scalar_that_is_not_the_sqrt_refused() -> None:
    text = SCALAR.replace("double r = sqrt(d);", "double r = sqrt(d) + 1e-12;")
    reason = _refused(text)
    assert "is not a[j*n+j] = sqrt(...)" in reason, reason
