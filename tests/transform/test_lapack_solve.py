"""use_lapack: a hand-written Gaussian elimination with back substitution becomes one LAPACK
dgesv call. C (2-D array with pivoting, flat row-major without pivoting, a separate solution
array) and Fortran (several right-hand sides, the singular check kept) are built with the real
compilers and OpenBLAS and print the original's solution within rounding; what the call would
not reproduce is refused, naming it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from perfscout.transform import Generated, Refusal, generate
from transform._cc import build_run, line_of, write

C_PIVOT = """#include <stdio.h>
#include <math.h>

#define N 150

static double a[N][N], b[N];

static int solve(int n)
{
    for (int k = 0; k < n - 1; k++) {
        int p = k;
        for (int i = k + 1; i < n; i++)
            if (fabs(a[i][k]) > fabs(a[p][k]))
                p = i;
        if (a[p][k] == 0.0) {
            return -1;
        }
        if (p != k) {
            for (int j = 0; j < n; j++) {
                double t = a[k][j];
                a[k][j] = a[p][j];
                a[p][j] = t;
            }
            double tb = b[k];
            b[k] = b[p];
            b[p] = tb;
        }
        for (int i = k + 1; i < n; i++) {
            double f = a[i][k] / a[k][k];
            for (int j = k; j < n; j++)
                a[i][j] -= f * a[k][j];  /* HOT */
            b[i] -= f * b[k];
        }
    }
    for (int i = n - 1; i >= 0; i--) {
        double s = b[i];
        for (int j = i + 1; j < n; j++)
            s -= a[i][j] * b[j];
        b[i] = s / a[i][i];
    }
    return 0;
}

int main(void)
{
    for (int i = 0; i < N; i++) {
        for (int j = 0; j < N; j++)
            a[i][j] = 1.0 / (1.0 + abs(i - j)) + ((i * 7 + j * 3) % 5) * 0.01;
        b[i] = sin(0.1 * i);
    }
    if (solve(N) != 0) { printf("singular\\n"); return 1; }
    for (int i = 0; i < N; i += 15)
        printf("x[%d] = %.12e\\n", i, b[i]);
    return 0;
}
"""

C_FLAT = """#include <stdio.h>
#include <stdlib.h>

static void gauss(int n, double *m, const double *rhs, double *x)
{
    double *y = malloc(sizeof(double) * n);
    for (int i = 0; i < n; i++)
        y[i] = rhs[i];
    for (int k = 0; k < n; k++)
        for (int i = k + 1; i < n; i++) {
            double l = m[i * n + k] / m[k * n + k];
            m[i * n + k] = l;
            for (int j = k + 1; j < n; j++)
                m[i * n + j] = m[i * n + j] - l * m[k * n + j];  /* HOT */
            y[i] = y[i] - l * y[k];
        }
    for (int i = n - 1; i >= 0; i--) {
        double acc = 0.0;
        for (int j = i + 1; j < n; j++)
            acc += m[i * n + j] * x[j];
        x[i] = (y[i] - acc) / m[i * n + i];
    }
    free(y);
}

int main(void)
{
    int n = 200;
    double *m = malloc(sizeof(double) * n * n), *r = malloc(sizeof(double) * n);
    double *x = malloc(sizeof(double) * n);
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++)
            m[i * n + j] = (i == j ? 4.0 * n : 0.0) + ((i * 13 + j * 7) % 11) * 0.1;
        r[i] = 1.0 + i % 3;
    }
    gauss(n, m, r, x);
    for (int i = 0; i < n; i += 20)
        printf("x[%d] = %.12e\\n", i, x[i]);
    return 0;
}
"""

F90 = """module solver
  implicit none
  integer, parameter :: wp = kind(1.0d0)
contains
  subroutine gauss_solve(n, nrhs, a, b, info)
    integer, intent(in) :: n, nrhs
    real(wp), intent(inout) :: a(n, n), b(n, nrhs)
    integer, intent(out) :: info
    integer :: i, j, k, p
    real(wp) :: l, t
    info = 0
    do k = 1, n - 1
      p = k
      do i = k + 1, n
        if (abs(a(i, k)) > abs(a(p, k))) p = i
      end do
      if (a(p, k) == 0.0_wp) then
        info = k
        return
      end if
      if (p /= k) then
        do j = 1, n
          t = a(k, j); a(k, j) = a(p, j); a(p, j) = t
        end do
        do j = 1, nrhs
          t = b(k, j); b(k, j) = b(p, j); b(p, j) = t
        end do
      end if
      do i = k + 1, n
        l = a(i, k) / a(k, k)
        a(i, k) = l
        do j = k + 1, n
          a(i, j) = a(i, j) - l * a(k, j)
        end do
        do j = 1, nrhs
          b(i, j) = b(i, j) - l * b(k, j)
        end do
      end do
    end do
    do j = 1, nrhs
      do i = n, 1, -1
        t = b(i, j)
        do k = i + 1, n
          t = t - a(i, k) * b(k, j)
        end do
        b(i, j) = t / a(i, i)
      end do
    end do
  end subroutine gauss_solve
end module solver

program main
  use solver
  implicit none
  integer, parameter :: n = 160, m = 3
  real(wp) :: a(n, n), b(n, m)
  integer :: i, j, info
  do j = 1, n
    do i = 1, n
      a(i, j) = 1.0_wp / (1.0_wp + abs(i - j)) + mod(i * 5 + j, 7) * 0.02_wp
    end do
  end do
  do j = 1, m
    do i = 1, n
      b(i, j) = cos(0.05_wp * i * j)
    end do
  end do
  call gauss_solve(n, m, a, b, info)
  if (info /= 0) stop 1
  do j = 1, m
    do i = 1, n, 20
      print '(a, i0, a, i0, a, es20.12)', 'x(', i, ',', j, ') = ', b(i, j)
    end do
  end do
end program main
"""


def _values(out: str) -> list[float]:
    vals = [float(v) for v in re.findall(r"=\s*(\S+)$", out, re.M)]
    assert vals, out
    return vals


def _same(a: str, b: str) -> None:
    va, vb = _values(a), _values(b)
    assert len(va) == len(vb)
    for x, y in zip(va, vb, strict=True):
        assert abs(x - y) <= 1e-9 * max(1.0, abs(x)), (x, y)


@pytest.mark.parametrize(("name", "src", "hot", "call"), [
    ("pivot.c", C_PIVOT, "/* HOT */", "dgesv_(&"),
    ("flat.c", C_FLAT, "/* HOT */", "dgesv_(&"),
    ("solve.f90", F90, "a(i, j) = a(i, j) - l * a(k, j)", "call dgesv(n, nrhs, a, n,"),
])
def test_solve_becomes_dgesv_and_prints_the_same(tmp_path: Path, name: str, src: str,
                                                  hot: str, call: str) -> None:
    got = generate("use_lapack", src, name, line_of(src, hot))
    assert isinstance(got, Generated), got
    assert call in got.new_text and got.libs == ("-lopenblas",)
    assert "a[i][j] -= f * a[k][j]" not in got.new_text  # the elimination is gone
    (tmp_path / "orig").mkdir()
    (tmp_path / "new").mkdir()
    before = build_run(write(tmp_path / "orig", name, src))
    after = build_run(write(tmp_path / "new", name, got.new_text), libs=got.libs)
    _same(before, after)


def test_the_singular_check_survives_in_fortran() -> None:
    got = generate("use_lapack", F90, "solve.f90", line_of(F90, "t = t - a(i, k)"))
    assert isinstance(got, Generated), got
    assert re.search(r"if \(lapack_info > 0\) then\s+k = lapack_info\s+info = k\s+return",
                     got.new_text)


@pytest.mark.parametrize(("src", "why"), [
    # the matrix changed between the elimination and the back substitution
    (C_PIVOT.replace("    for (int i = n - 1; i >= 0; i--) {",
                     "    a[0][0] *= 2.0;\n    for (int i = n - 1; i >= 0; i--) {"),
     r"line \d+ uses a between the elimination and the back substitution"),
    # the matrix is read after: the hand-written code leaves U there, LAPACK its LU factors
    (C_PIVOT.replace("    return 0;\n}\n\nint main", "    return a[1][0] > 0.0;\n}\n\nint main"),
     r"a is read again at line \d+; after the hand-written solve it holds the hand-written "
     "upper triangle"),
    # the element is not addressed by both indices: the layout is unknown
    (C_FLAT.replace("m[i * n + j] = m[i * n + j] - l * m[k * n + j]",
                    "m[i * n] = m[i * n] - l * m[k * n]"),
     r"does not address the element by both i and j: the matrix layout is unknown"),
    # a statement the call would not do, inside the elimination
    (C_PIVOT.replace("            b[i] -= f * b[k];", "            b[i] -= f * b[k];\n"
                     "            a[i][k] = 0.0;"),
     r"'a\[i\]\[k\] = 0.0;' inside the elimination is not part of it"),
    # a copy that is not an exchange
    (C_PIVOT.replace("                a[p][j] = t;", "                a[p][j] = a[k][j];"),
     r"is not an exchange of two rows|copy without exchanging"),
    # a write through a pointer inside the elimination (a determinant kept by the caller)
    (C_PIVOT.replace("static int solve(int n)", "static int solve(int n, double *det)").replace(
        "        int p = k;\n", "        int p = k;\n        *det *= 2.0;\n"),
     r"'\*det \*= 2.0;' inside the elimination is not an exchange"),
    # an augmented matrix [A|b]
    (C_PIVOT.replace("for (int j = k; j < n; j++)", "for (int j = k; j < n + 1; j++)"),
     r"an augmented matrix"),
])
def test_refused_naming_why(src: str, why: str) -> None:
    got = generate("use_lapack", src, "solve.c", line_of(src, "/* HOT */"))
    assert isinstance(got, Refusal), got.diff if isinstance(got, Generated) else got
    assert re.search(why, got.reason), got.reason


C_LU_PAIR = """#include <stdio.h>

static void lu_solve(int n, double a[n][n], const double *b, double *x)
{
    double y[n];
    for (int k = 0; k < n - 1; k++)
        for (int i = k + 1; i < n; i++) {
            a[i][k] /= a[k][k];
            for (int j = k + 1; j < n; j++)
                a[i][j] -= a[i][k] * a[k][j];  /* HOT */
        }
    for (int i = 0; i < n; i++) {
        double t = b[i];
        for (int j = 0; j < i; j++)
            t -= a[i][j] * y[j];
        y[i] = t;
    }
    for (int i = n - 1; i >= 0; i--) {
        double t = y[i];
        for (int j = i + 1; j < n; j++)
            t -= a[i][j] * x[j];
        x[i] = t / a[i][i];
    }
}

int main(void)
{
    enum { n = 180 };
    static double a[n][n], b[n], x[n];
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++)
            a[i][j] = (i == j ? 2.0 * n : 0.0) + ((i * 3 + j * 11) % 13) * 0.05;
        b[i] = 1.0 / (1.0 + i);
    }
    lu_solve(n, a, b, x);
    for (int i = 0; i < n; i += 17)
        printf("x[%d] = %.12e\\n", i, x[i]);
    return 0;
}
"""

F90_LU_PAIR = """module lu
  implicit none
contains
  subroutine lu_solve(n, a, b)
    integer, intent(in) :: n
    double precision, intent(inout) :: a(n, n), b(n)
    integer :: i, j, k
    do k = 1, n - 1
      do i = k + 1, n
        a(i, k) = a(i, k) / a(k, k)
        do j = k + 1, n
          a(i, j) = a(i, j) - a(i, k) * a(k, j)
        end do
      end do
    end do
    do i = 2, n
      do j = 1, i - 1
        b(i) = b(i) - a(i, j) * b(j)
      end do
    end do
    do i = n, 1, -1
      do j = i + 1, n
        b(i) = b(i) - a(i, j) * b(j)
      end do
      b(i) = b(i) / a(i, i)
    end do
  end subroutine lu_solve
end module lu

program main
  use lu
  implicit none
  integer, parameter :: n = 140
  double precision :: a(n, n), b(n)
  integer :: i, j
  do j = 1, n
    do i = 1, n
      a(i, j) = merge(3.0d0 * n, 0.0d0, i == j) + mod(i * 7 + j * 2, 9) * 0.1d0
    end do
    b(j) = sin(0.3d0 * j)
  end do
  call lu_solve(n, a, b)
  do i = 1, n, 13
    print '(a, i0, a, es20.12)', 'x(', i, ') = ', b(i)
  end do
end program main
"""


@pytest.mark.parametrize(("name", "src", "hot"), [
    ("pair.c", C_LU_PAIR, "/* HOT */"),
    ("pair.f90", F90_LU_PAIR, "a(i, j) = a(i, j) - a(i, k) * a(k, j)"),
])
def test_lu_factor_and_solve_pair_becomes_dgesv(tmp_path: Path, name: str, src: str,
                                                hot: str) -> None:
    for line in (line_of(src, hot), line_of(src, "t -= a[i][j] * x[j]" if name.endswith(".c")
                                             else "b(i) = b(i) / a(i, i)")):
        got = generate("use_lapack", src, name, line)
        assert isinstance(got, Generated), got
        assert "forward and back substitution" in got.note
    (tmp_path / "orig").mkdir()
    (tmp_path / "new").mkdir()
    before = build_run(write(tmp_path / "orig", name, src))
    after = build_run(write(tmp_path / "new", name, got.new_text), libs=got.libs)
    _same(before, after)


def test_pair_refused_when_the_factors_change_before_the_solve() -> None:
    src = F90_LU_PAIR.replace("    do i = n, 1, -1\n", "    a(1, 1) = 2 * a(1, 1)\n"
                              "    do i = n, 1, -1\n")
    got = generate("use_lapack", src, "pair.f90", line_of(src, "a(i, k) * a(k, j)"))
    assert isinstance(got, Refusal)
    assert re.search(r"line \d+ uses a between the elimination and the back substitution",
                     got.reason), got.reason


def test_pair_refused_when_the_factorisation_keeps_its_own_row_order() -> None:
    src = C_LU_PAIR.replace(
        "    for (int k = 0; k < n - 1; k++)\n        for (int i = k + 1; i < n; i++) {",
        "    for (int k = 0; k < n - 1; k++) {\n        int p = k;\n"
        "        for (int i = k + 1; i < n; i++)\n"
        "            if (a[i][k] > a[p][k]) p = i;\n"
        "        for (int j = 0; j < n; j++) {\n            double t = a[k][j];\n"
        "            a[k][j] = a[p][j];\n            a[p][j] = t;\n        }\n"
        "        for (int i = k + 1; i < n; i++) {").replace(
        "                a[i][j] -= a[i][k] * a[k][j];  /* HOT */\n        }\n",
        "                a[i][j] -= a[i][k] * a[k][j];  /* HOT */\n        }\n    }\n")
    got = generate("use_lapack", src, "pair.c", line_of(src, "/* HOT */"))
    assert isinstance(got, Refusal), got
    assert "pivots without a right-hand side to exchange" in got.reason, got.reason


C_ROWS = """#include <stdio.h>
#include <stdlib.h>
#include <math.h>

static void solve(int n, double **a, double *b)
{
    for (int k = 0; k < n - 1; k++) {
        int p = k;
        for (int i = k + 1; i < n; i++)
            if (fabs(a[i][k]) > fabs(a[p][k]))
                p = i;
        double *row = a[k];
        a[k] = a[p];
        a[p] = row;
        double tb = b[k];
        b[k] = b[p];
        b[p] = tb;
        for (int i = k + 1; i < n; i++) {
            double f = a[i][k] / a[k][k];
            for (int j = k + 1; j < n; j++)
                a[i][j] = a[i][j] - f * a[k][j];  /* HOT */
            b[i] = b[i] - f * b[k];
        }
    }
    for (int i = n - 1; i >= 0; i--) {
        for (int j = i + 1; j < n; j++)
            b[i] -= a[i][j] * b[j];
        b[i] /= a[i][i];
    }
}

int main(void)
{
    int n = 120;
    double **a = malloc(sizeof(double *) * n), *b = malloc(sizeof(double) * n);
    for (int i = 0; i < n; i++) {
        a[i] = malloc(sizeof(double) * n);
        for (int j = 0; j < n; j++)
            a[i][j] = cos(0.37 * (i + 1) * (j + 2)) + (i == j ? 0.5 : 0.0);
        b[i] = 1.0 + (i % 4);
    }
    solve(n, a, b);
    for (int i = 0; i < n; i += 11)
        printf("x[%d] = %.12e\\n", i, b[i]);
    return 0;
}
"""


def test_row_pointers_exchanged_whole_become_dgesv(tmp_path: Path) -> None:
    """Rows exchanged as pointers, in-place back substitution: the copies go through the
    program's own a[i][j], so separately allocated rows are fine."""
    got = generate("use_lapack", C_ROWS, "rows.c", line_of(C_ROWS, "/* HOT */"))
    assert isinstance(got, Generated), got
    assert "with partial pivoting and back" in got.note
    (tmp_path / "orig").mkdir()
    (tmp_path / "new").mkdir()
    before = build_run(write(tmp_path / "orig", "rows.c", C_ROWS))
    after = build_run(write(tmp_path / "new", "rows.c", got.new_text), libs=got.libs)
    _same(before, after)


def test_fortran_row_sections_exchanged() -> None:
    src = F90.replace("    real(wp) :: l, t\n", "    real(wp) :: l, t, row(n)\n").replace(
        "        do j = 1, n\n          t = a(k, j); a(k, j) = a(p, j); a(p, j) = t\n"
        "        end do\n", "        row = a(k, :); a(k, :) = a(p, :); a(p, :) = row\n")
    got = generate("use_lapack", src, "s.f90", line_of(src, "l * a(k, j)"))
    assert isinstance(got, Generated), got
    assert "row = a(k, :)" not in got.new_text


CPP_VEC = """#include <cstdio>
#include <vector>

static void gauss(int n, std::vector<double> &m, const std::vector<double> &rhs,
                  std::vector<double> &x)
{
    std::vector<double> y = rhs;
    for (int k = 0; k < n; k++)
        for (int i = k + 1; i < n; i++) {
            double l = m[i * n + k] / m[k * n + k];
            for (int j = k; j < n; j++)
                m[i * n + j] -= l * m[k * n + j];  /* HOT */
            y[i] -= l * y[k];
        }
    for (int i = n - 1; i >= 0; i--) {
        double acc = y[i];
        for (int j = i + 1; j < n; j++)
            acc -= m[i * n + j] * x[j];
        x[i] = acc / m[i * n + i];
    }
}

int main()
{
    const int n = 150;
    std::vector<double> m(n * n), r(n), x(n);
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++)
            m[i * n + j] = (i == j ? 3.0 * n : 0.0) + ((i * 5 + j * 9) % 7) * 0.3;
        r[i] = 2.0 - i % 5;
    }
    gauss(n, m, r, x);
    for (int i = 0; i < n; i += 14)
        std::printf("x[%d] = %.12e\\n", i, x[i]);
    return 0;
}
"""


def test_cpp_vectors_become_dgesv_with_c_linkage(tmp_path: Path) -> None:
    got = generate("use_lapack", CPP_VEC, "g.cpp", line_of(CPP_VEC, "/* HOT */"))
    assert isinstance(got, Generated), got
    assert 'extern "C" void dgesv_(' in got.new_text
    (tmp_path / "orig").mkdir()
    (tmp_path / "new").mkdir()
    before = build_run(write(tmp_path / "orig", "g.cpp", CPP_VEC))
    after = build_run(write(tmp_path / "new", "g.cpp", got.new_text), libs=got.libs)
    _same(before, after)
