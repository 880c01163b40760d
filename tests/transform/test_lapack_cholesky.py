"""use_lapack on a hand-written Cholesky factorisation A = L L^T: the factorisation nest becomes
one LAPACK dpotrf call. Small multi-file C projects (row-oriented on a flattened matrix,
column-oriented on the upper triangle of a 2-D array, right-looking) and a Fortran one (column-
major, lower) are built with their Makefile and OpenBLAS, and solve A x = b with the factor to
the original's answer within 1e-9 relative; what differs from the factorisation is refused,
naming it."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from conftest import require_tool
from perfscout.transform import Generated, Refusal, generate
from transform._cc import line_of

C_ROW = """#include <math.h>
#include "chol.h"

void cholesky(int n, double *a)
{
    for (int i = 0; i < n; i++)
        for (int j = 0; j <= i; j++) {
            double s = a[i * n + j];
            for (int k = 0; k < j; k++)
                s -= a[i * n + k] * a[j * n + k];  /* HOT */
            if (i == j)
                a[i * n + i] = sqrt(s);
            else
                a[i * n + j] = s / a[j * n + j];
        }
}
"""

C_RIGHT = """#include <math.h>
#include "chol.h"

void cholesky(int n, double *a)
{
    for (int k = 0; k < n; k++) {
        a[k * n + k] = sqrt(a[k * n + k]);
        for (int i = k + 1; i < n; i++)
            a[i * n + k] /= a[k * n + k];
        for (int j = k + 1; j < n; j++)
            for (int i = j; i < n; i++)
                a[i * n + j] -= a[i * n + k] * a[j * n + k];  /* HOT */
    }
}
"""

SOLVE = """#include "chol.h"

/* L y = b, then L^T x = y, with L the lower triangle of a (row-major) */
void chol_solve(int n, const double *a, const double *b, double *x)
{
    for (int i = 0; i < n; i++) {
        double s = b[i];
        for (int k = 0; k < i; k++)
            s -= a[i * n + k] * x[k];
        x[i] = s / a[i * n + i];
    }
    for (int i = n - 1; i >= 0; i--) {
        double s = x[i];
        for (int k = i + 1; k < n; k++)
            s -= a[k * n + i] * x[k];
        x[i] = s / a[i * n + i];
    }
}
"""

MAIN = """#include <stdio.h>
#include <stdlib.h>
#include "chol.h"

int main(void)
{
    int n = 160;
    double *a = malloc(sizeof(double) * n * n), *b = malloc(sizeof(double) * n);
    double *x = malloc(sizeof(double) * n);
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++)
            a[i * n + j] = 1.0 / (1.0 + (i > j ? i - j : j - i)) + (i == j ? n : 0.0);
        b[i] = 1.0 + (i % 7) * 0.25;
    }
    cholesky(n, a);
    chol_solve(n, a, b, x);
    for (int i = 0; i < n; i += 8)
        printf("x %d %.15e\\n", i, x[i]);
    free(a); free(b); free(x);
    return 0;
}
"""

HDR = """void cholesky(int n, double *a);
void chol_solve(int n, const double *a, const double *b, double *x);
"""

C_MAKE = """CC = gcc
CFLAGS = -O2
LDLIBS = -lm
prog: main.o chol.o solve.o
\t$(CC) $(CFLAGS) -o $@ $^ $(LDLIBS)
"""

# column-oriented over the upper triangle of a 2-D array: U = L^T, L(r, c) is a[c][r]
C_UPPER = """#include <stdio.h>
#include <math.h>
#include "grid.h"

double g[NG][NG], rhs[NG], sol[NG];

void factor(void)
{
    for (int j = 0; j < NG; j++) {
        double d = g[j][j];
        for (int k = 0; k < j; k++)
            d -= g[k][j] * g[k][j];
        g[j][j] = sqrt(d);
        for (int i = j + 1; i < NG; i++) {
            double s = g[j][i];
            for (int k = 0; k < j; k++)
                s -= g[k][i] * g[k][j];  /* HOT */
            g[j][i] = s / g[j][j];
        }
    }
}
"""

C_UPPER_MAIN = """#include <stdio.h>
#include "grid.h"

extern double g[NG][NG], rhs[NG], sol[NG];
void factor(void);

int main(void)
{
    for (int i = 0; i < NG; i++) {
        for (int j = 0; j < NG; j++)
            g[i][j] = (i == j ? 2.0 * NG : 0.0) + 1.0 / (2.0 + i + j);
        rhs[i] = (i % 5) - 2.0;
    }
    factor();
    /* U^T y = b, U x = y with U the upper triangle */
    for (int i = 0; i < NG; i++) {
        double s = rhs[i];
        for (int k = 0; k < i; k++)
            s -= g[k][i] * sol[k];
        sol[i] = s / g[i][i];
    }
    for (int i = NG - 1; i >= 0; i--) {
        double s = sol[i];
        for (int k = i + 1; k < NG; k++)
            s -= g[i][k] * sol[k];
        sol[i] = s / g[i][i];
    }
    for (int i = 0; i < NG; i += 9)
        printf("x %d %.15e\\n", i, sol[i]);
    return 0;
}
"""

F_CHOL = """module chol_mod
  implicit none
  integer, parameter :: dp = kind(1.0d0)
contains
  subroutine cholesky(n, a)
    integer, intent(in) :: n
    real(dp), intent(inout) :: a(n, n)
    integer :: i, j, k
    real(dp) :: s
    do j = 1, n
      s = a(j, j)
      do k = 1, j - 1
        s = s - a(j, k) * a(j, k)
      end do
      a(j, j) = sqrt(s)
      do i = j + 1, n
        s = a(i, j)
        do k = 1, j - 1
          s = s - a(i, k) * a(j, k)  ! HOT
        end do
        a(i, j) = s / a(j, j)
      end do
    end do
  end subroutine cholesky
end module chol_mod
"""

F_MAIN = """program main
  use chol_mod
  implicit none
  integer, parameter :: n = 140
  real(dp) :: a(n, n), b(n), x(n), s
  integer :: i, k
  do k = 1, n
    do i = 1, n
      a(i, k) = 1.0_dp / (1.0_dp + abs(i - k))
    end do
    a(k, k) = a(k, k) + n
    b(k) = 0.5_dp + mod(k, 4)
  end do
  call cholesky(n, a)
  do i = 1, n
    s = b(i)
    do k = 1, i - 1
      s = s - a(i, k) * x(k)
    end do
    x(i) = s / a(i, i)
  end do
  do i = n, 1, -1
    s = x(i)
    do k = i + 1, n
      s = s - a(k, i) * x(k)
    end do
    x(i) = s / a(i, i)
  end do
  do i = 1, n, 7
    write (*, '(a, i4, es24.15)') 'x', i, x(i)
  end do
end program main
"""

F_MAKE = """FC = gfortran
FFLAGS = -O2
LDLIBS =
prog: chol.o main.o
\t$(FC) $(FFLAGS) -o $@ $^ $(LDLIBS)
main.o: main.f90 chol.o
\t$(FC) $(FFLAGS) -c main.f90
chol.o: chol.f90
\t$(FC) $(FFLAGS) -c chol.f90
"""


def _project(d: Path, files: dict[str, str]) -> Path:
    d.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (d / name).write_text(text)
    return d


def _make_run(d: Path, libs: tuple[str, ...] = ()) -> list[float]:
    require_tool("make")
    extra = [f"LDLIBS={' '.join((*libs, '-lm'))}"] if libs else []
    b = subprocess.run(["make", "-C", str(d), *extra], capture_output=True, text=True,
                       timeout=300)
    assert b.returncode == 0, b.stdout + b.stderr
    r = subprocess.run([str(d / "prog")], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    vals = [float(v) for v in re.findall(r"-?\d\.\d+[eE][-+]\d+", r.stdout)]
    assert len(vals) >= 10, r.stdout
    return vals


def _changed_matches(tmp_path: Path, files: dict[str, str], target: str, hot: str,
                     routine: str) -> Generated:
    orig = _project(tmp_path / "orig", files)
    text = files[target]
    got = generate("use_lapack", text, target, line_of(text, hot), root=orig)
    assert isinstance(got, Generated), got
    assert f"call {routine}" in got.new_text or f"{routine}_(" in got.new_text
    assert "sqrt" not in got.new_text  # the whole factorisation nest is gone
    new = tmp_path / "new"
    shutil.copytree(orig, new)
    (new / target).write_text(got.new_text)
    want = _make_run(orig)
    have = _make_run(new, got.libs)
    assert len(have) == len(want)
    for w, h in zip(want, have, strict=True):
        assert h == pytest.approx(w, rel=1e-9), (w, h)
    return got


def test_c_row_oriented_flat(tmp_path: Path) -> None:
    got = _changed_matches(tmp_path, {"chol.c": C_ROW, "solve.c": SOLVE, "main.c": MAIN,
                                      "chol.h": HDR, "Makefile": C_MAKE}, "chol.c", "HOT",
                           "dpotrf")
    assert "row-oriented" in got.note and "lower" in got.note
    assert got.libs == ("-lopenblas",)


def test_c_right_looking_flat(tmp_path: Path) -> None:
    got = _changed_matches(tmp_path, {"chol.c": C_RIGHT, "solve.c": SOLVE, "main.c": MAIN,
                                      "chol.h": HDR, "Makefile": C_MAKE}, "chol.c", "HOT",
                           "dpotrf")
    assert "right-looking" in got.note


def test_c_column_oriented_upper_2d(tmp_path: Path) -> None:
    make = C_MAKE.replace("main.o chol.o solve.o", "main.o chol.o")
    got = _changed_matches(tmp_path, {"chol.c": C_UPPER, "main.c": C_UPPER_MAIN,
                                      "grid.h": "#define NG 120\n", "Makefile": make},
                           "chol.c", "HOT", "dpotrf")
    assert "column-oriented" in got.note and "upper" in got.note


def test_fortran_column_major(tmp_path: Path) -> None:
    got = _changed_matches(tmp_path, {"chol.f90": F_CHOL, "main.f90": F_MAIN,
                                      "Makefile": F_MAKE}, "chol.f90", "HOT", "dpotrf")
    assert "call dpotrf('L', n, a, n, " in got.new_text


def test_fortran_upper_addressing_calls_with_u() -> None:
    swapped = re.sub(r"a\((\w), (\w)\)", r"a(\2, \1)", F_CHOL)
    got = generate("use_lapack", swapped, "chol.f90", line_of(swapped, "HOT"))
    assert isinstance(got, Generated), got
    assert "call dpotrf('U', n, a, n, " in got.new_text


def test_c_zeroing_the_other_triangle_kept(tmp_path: Path) -> None:
    zeroing = C_ROW.replace("    for (int i = 0; i < n; i++)\n",
                            "    for (int i = 0; i < n; i++) {\n"
                            "        for (int j = i + 1; j < n; j++)\n"
                            "            a[i * n + j] = 0.0;\n").replace(
        "                a[i * n + j] = s / a[j * n + j];\n        }\n",
        "                a[i * n + j] = s / a[j * n + j];\n        }\n    }\n")
    total = MAIN.replace("    free(a);", "    double t = 0.0;\n"
                         "    for (int i = 0; i < n * n; i++)\n"
                         "        t += a[i];\n    printf(\"sum %.15e\\n\", t);\n    free(a);")
    got = _changed_matches(tmp_path, {"chol.c": zeroing, "solve.c": SOLVE, "main.c": total,
                                      "chol.h": HDR, "Makefile": C_MAKE}, "chol.c", "HOT",
                           "dpotrf")
    assert "other triangle zeroed" in got.note


def test_fortran_zeroing_the_other_triangle_kept(tmp_path: Path) -> None:
    zeroing = F_CHOL.replace("    do j = 1, n\n", "    do j = 1, n\n      do i = 1, j - 1\n"
                             "        a(i, j) = 0.0_dp\n      end do\n")
    total = F_MAIN.replace("  do i = 1, n, 7\n", "  write (*, '(a, es24.15)') 'sum', sum(a)\n"
                           "  do i = 1, n, 7\n")
    got = _changed_matches(tmp_path, {"chol.f90": zeroing, "main.f90": total,
                                      "Makefile": F_MAKE}, "chol.f90", "HOT", "dpotrf")
    assert "other triangle zeroed" in got.note


def test_single_precision_and_cpp() -> None:
    flt = C_ROW.replace("double", "float").replace("sqrt(s)", "sqrtf(s)")
    got = generate("use_lapack", flt, "chol.c", line_of(flt, "HOT"))
    assert isinstance(got, Generated), got
    assert "spotrf_(&" in got.new_text and "float *a, const int *lda" in got.new_text
    got = generate("use_lapack", C_ROW, "chol.cpp", line_of(C_ROW, "HOT"))
    assert isinstance(got, Generated), got
    assert 'extern "C" void dpotrf_(' in got.new_text


C_CHECKED = """#include <math.h>
#include "chol.h"

int cholesky(int n, double *a)
{
    for (int j = 0; j < n; j++) {
        double s = a[j * n + j];
        for (int k = 0; k < j; k++)
            s -= a[j * n + k] * a[j * n + k];
        if (s <= 0.0)
            return -(j + 1);
        a[j * n + j] = sqrt(s);
        for (int i = j + 1; i < n; i++) {
            double t = a[i * n + j];
            for (int k = 0; k < j; k++)
                t -= a[i * n + k] * a[j * n + k];  /* HOT */
            a[i * n + j] = t / a[j * n + j];
        }
    }
    return 0;
}
"""

CHECKED_MAIN = MAIN.replace("int main(void)", "int main(int argc, char **argv)").replace(
    "    cholesky(n, a);\n",
    "    if (argc > 1)\n        a[50 * n + 50] = -1.0;  /* not positive definite */\n"
    "    int bad = cholesky(n, a);\n    printf(\"status %d\\n\", bad);\n"
    "    if (bad) return 0;\n")


def test_c_positivity_check_runs_on_lapack_info(tmp_path: Path) -> None:
    files = {"chol.c": C_CHECKED, "solve.c": SOLVE, "main.c": CHECKED_MAIN,
             "chol.h": HDR.replace("void cholesky", "int cholesky"), "Makefile": C_MAKE}
    got = _changed_matches(tmp_path, files, "chol.c", "HOT", "dpotrf")
    assert "column-oriented" in got.note and "non-positive pivot" in got.note
    assert "int j = lapack_info - 1;" in got.new_text
    # a matrix that is not positive definite: the same status from the check's branch
    for d in ("orig", "new"):
        r = subprocess.run([str(tmp_path / d / "prog"), "bad"], capture_output=True, text=True,
                           timeout=60)
        assert r.stdout.strip() == "status -51", (d, r.stdout)


def test_fortran_check_sets_its_index_from_info() -> None:
    checked = F_CHOL.replace("      a(j, j) = sqrt(s)\n", "      if (s <= 0.0_dp) then\n"
                             "        k = -j\n        return\n      end if\n"
                             "      a(j, j) = sqrt(s)\n")
    got = generate("use_lapack", checked, "chol.f90", line_of(checked, "HOT"))
    assert isinstance(got, Refusal) and "uses k, which the LAPACK call does not set" in \
        got.reason, got
    checked = checked.replace("k = -j", "a(1, 1) = -j")
    got = generate("use_lapack", checked, "chol.f90", line_of(checked, "HOT"))
    assert isinstance(got, Generated), got
    assert re.search(r"if \(lapack_info > 0\) then\n\s+j = lapack_info\n\s+a\(1, 1\) = -j\n"
                     r"\s+return\n\s+end if", got.new_text), got.new_text


def _refused(text: str, path: str = "chol.c") -> str:
    got = generate("use_lapack", text, path, line_of(text, "HOT"))
    assert isinstance(got, Refusal), got
    return got.reason


def test_extra_statement_in_the_nest_refused() -> None:
    text = C_ROW.replace("a[i * n + i] = sqrt(s);", "a[i * n + i] = sqrt(s);\n            "
                         "else if (s < 0.0)\n                nonpd++;").replace(
        "void cholesky", "int nonpd;\nvoid cholesky")
    assert "nonpd++;" in _refused(text)
    text = C_RIGHT.replace("a[i * n + k] /= a[k * n + k];",
                           "{ a[i * n + k] /= a[k * n + k]; a[k * n + i] = 0.0; }")
    assert "/= a[k*n+k]' alone" in _refused(text)
    text = F_CHOL.replace("a(j, j) = sqrt(s)", "a(j, j) = sqrt(s)\n      print *, j")
    assert "print *, j" in _refused(text, "chol.f90")


def test_partial_range_refused() -> None:
    text = C_ROW.replace("for (int i = 0; i < n; i++)", "for (int i = 1; i < n; i++)")
    assert "partial range" in _refused(text)
    text = F_CHOL.replace("do i = j + 1, n", "do i = j + 1, n - 1")
    assert "partial range" in _refused(text, "chol.f90")


def test_ldlt_without_sqrt_refused() -> None:
    ldlt = C_ROW.replace("sqrt(s)", "s").replace("s / a[j * n + j]", "s / a[j * n + j]")
    reason = _refused(ldlt)
    assert "sqrt" in reason and "LDL^T" in reason


def test_temporary_read_after_refused() -> None:
    text = F_CHOL.replace("  end subroutine cholesky", "    print *, s\n  end subroutine cholesky")
    assert "s, set by the replaced factorisation, is read again" in _refused(text, "chol.f90")
