"""use_lapack on the column-oriented orderings of the dense solve: the multipliers divided in a
loop of their own and stored below the diagonal, then the update nest run column by column
(Fortran ``do j: do i``, C++ ``for j: for i``) or row by row (C ``for i: for j``), the
right-hand side updated in a loop after it or by a forward substitution after the whole
factorisation. A Fortran module subroutine in its own file with its matrix a dummy argument
(``dgesv``, and ``dgtsv`` when the main program in the other file fills a tridiagonal), a C
solver function on a flat matrix and a C++ one with partial pivoting on nested vectors are
built with the real compilers and OpenBLAS and print the original's solution within rounding;
orderings that are not the same elimination are refused, naming why."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from conftest import require_tool
from perfscout.transform import Generated, Refusal, generate
from transform._cc import build_run, line_of, write
from transform.test_lapack_solve import _same

DATA = Path(__file__).parent / "data" / "colgauss"
MOD = (DATA / "colsolve.f90").read_text()
C_SRC = (DATA / "colc.c").read_text()
CPP_SRC = (DATA / "colcpp.cpp").read_text()
F_HOT = "a(i, j) = a(i, j) - a(i, k) * a(k, j)"
DENSE = (DATA / "dense_main.f90").read_text()
# the caller's matrix needs row exchanges: its diagonal does not dominate
PIVOTED = DENSE.replace(
    "      a(i, j) = merge(2.0_dp * n, 0.0_dp, i == j) + mod(i * 7 + j * 3, 11) * 0.1_dp\n",
    "      a(i, j) = mod(i * 7 + j * 13, 17) * 0.1_dp + 1.0_dp / (1 + abs(i - j)) + &\n"
    "                merge(0.5_dp, 0.0_dp, i == j + 1)\n")
MAINS = {"dense_main.f90": DENSE, "band_main.f90": (DATA / "band_main.f90").read_text(),
         "steps_main.f90": (DATA / "steps_main.f90").read_text(), "pivot_main.f90": PIVOTED}


def _project(where: Path, module: str, main: str) -> Path:
    where.mkdir(parents=True)
    write(where, "colsolve.f90", module)
    write(where, "main.f90", main)
    return where


def _build_two(where: Path, libs: tuple[str, ...] = ()) -> str:
    """The module and the main program compiled together, run; its stdout."""
    fc = require_tool("gfortran")
    exe = where / "main.exe"
    cmd = [fc, "-O2", "-J", str(where), "-o", str(exe), str(where / "colsolve.f90"),
           str(where / "main.f90"), *libs]
    b = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    assert b.returncode == 0, b.stderr
    r = subprocess.run([str(exe), "300"], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    return r.stdout


@pytest.mark.parametrize(("main", "call"), [
    ("dense_main.f90", "call dgesv(n, 1, a, n, lapack_ipiv, b, n, lapack_info)"),
    ("band_main.f90", "call dgtsv(n, 1, lapack_dl, lapack_d, lapack_du, b, n, lapack_info)"),
    # zeroed and filled inside the main program's time loop: a Fortran do loop holds its body
    # itself, so the zeroing before the call in that body proves the band on every pass
    ("steps_main.f90", "call dgtsv(n, 1, lapack_dl, lapack_d, lapack_du, b, n, lapack_info)"),
])
def test_fortran_module_column_lu_becomes_lapack(tmp_path: Path, main: str, call: str) -> None:
    main_text = MAINS[main]
    orig = _project(tmp_path / "orig", MOD, main_text)
    got: Generated | Refusal = Refusal("use_lapack", "not tried")
    for hot in (F_HOT, "a(i, k) = a(i, k) / a(k, k)", "b(i) = b(i) - a(i, k) * b(k)",
                "l = l - a(i, j) * b(j)"):
        got = generate("use_lapack", MOD, "colsolve.f90", line_of(MOD, hot), root=orig)
        assert isinstance(got, Generated), got
        assert call in got.new_text, got.new_text
        assert F_HOT not in got.new_text and "do k = 1, n - 1" not in got.new_text
    assert isinstance(got, Generated)
    if "dgtsv" in call:  # the band is proved in the caller, in the other file
        zeroed = "main.f90:17" if main == "steps_main.f90" else "main.f90:13"
        assert f"zeroed at {zeroed}" in got.note and "in main" in got.note, got.note
    new = _project(tmp_path / "new", got.new_text, main_text)
    _same(_build_two(orig), _build_two(new, got.libs))


@pytest.mark.parametrize(("name", "src", "forms"), [
    ("colc.c", C_SRC, "forward and back substitution"),  # for i: for j; forward after
    ("colcpp.cpp", CPP_SRC, "with partial pivoting"),  # for j: for i; pivoting; rhs loop
])
def test_c_and_cpp_column_lu_become_dgesv(tmp_path: Path, name: str, src: str,
                                          forms: str) -> None:
    got = generate("use_lapack", src, name, line_of(src, "HOT"))
    assert isinstance(got, Generated), got
    assert "dgesv_(&" in got.new_text and forms in got.note, got.note
    assert "HOT" not in got.new_text
    (tmp_path / "orig").mkdir()
    (tmp_path / "new").mkdir()
    before = build_run(write(tmp_path / "orig", name, src), args=["300"])
    after = build_run(write(tmp_path / "new", name, got.new_text), libs=got.libs, args=["300"])
    _same(before, after)


def test_several_right_hand_sides_column_by_column(tmp_path: Path) -> None:
    """``do r: do i > k: b(i, r) -= a(i, k) * b(k, r)`` in the loop over k: one dgesv call
    with nrhs columns."""
    src = (DATA / "colsolve_nrhs.f90").read_text()
    main = (DATA / "nrhs_main.f90").read_text()
    orig = _project(tmp_path / "orig", src, main)
    got = generate("use_lapack", src, "colsolve.f90", line_of(src, F_HOT), root=orig)
    assert isinstance(got, Generated), got
    assert "call dgesv(n, nrhs, a, n, lapack_ipiv, b, n, lapack_info)" in got.new_text
    new = _project(tmp_path / "new", got.new_text, main)
    _same(_build_two(orig), _build_two(new, got.libs))


def test_c_solver_file_with_a_tridiagonal_caller_becomes_dgtsv(tmp_path: Path) -> None:
    """The C solver function alone in its file, main in another filling a calloc'ed
    tridiagonal: the band is proved in the caller's file."""
    lu = C_SRC[:C_SRC.index("int main(")]
    main = (DATA / "band_main.c").read_text()
    runs = []
    for side in ("orig", "new"):
        where = tmp_path / side
        where.mkdir()
        write(where, "main.c", main)
        if side == "orig":
            write(where, "lu.c", lu)
            got = generate("use_lapack", lu, "lu.c", line_of(lu, "HOT"), root=where)
            assert isinstance(got, Generated), got
            assert "dgtsv_(&" in got.new_text and "zeroed at main.c:10" in got.note, got.note
        else:
            write(where, "lu.c", got.new_text)
        cmd = [require_tool("gcc"), "-O2", "-o", str(where / "x"), str(where / "lu.c"),
               str(where / "main.c"), *(got.libs if side == "new" else ()), "-lm"]
        b = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
        assert b.returncode == 0, b.stderr
        r = subprocess.run([str(where / "x"), "300"], capture_output=True, text=True,
                           timeout=300)
        assert r.returncode == 0, r.stderr
        runs.append(r.stdout)
    _same(*runs)


# the other orderings of the same statements: still the same solve
C_RHS_IN_ROW = C_SRC.replace(
    "                a[i * n + j] -= a[i * n + k] * a[k * n + j];  /* HOT */\n    }\n"
    "    for (int k = 0; k < n - 1; k++)\n        for (int i = k + 1; i < n; i++)\n"
    "            b[i] -= a[i * n + k] * b[k];\n",
    "                a[i * n + j] -= a[i * n + k] * a[k * n + j];  /* HOT */\n"
    "            b[i] -= a[i * n + k] * b[k];\n        }\n    }\n").replace(
    "        for (int i = k + 1; i < n; i++)\n            for (int j = k + 1; j < n; j++)\n",
    "        for (int i = k + 1; i < n; i++) {\n            for (int j = k + 1; j < n; j++)\n")
F_FORWARD_AFTER = MOD.replace(
    "      do i = k + 1, n\n        b(i) = b(i) - a(i, k) * b(k)\n      end do\n    end do\n",
    "    end do\n    do i = 2, n\n      do j = 1, i - 1\n        b(i) = b(i) - a(i, j) * b(j)\n"
    "      end do\n    end do\n")

# the back substitution column by column, in place
F_BACK_COLUMNS = MOD.replace(
    "    do i = n, 1, -1\n      l = b(i)\n      do j = i + 1, n\n        l = l - a(i, j) * b(j)\n"
    "      end do\n      b(i) = l / a(i, i)\n    end do\n",
    "    do j = n, 1, -1\n      b(j) = b(j) / a(j, j)\n      do i = 1, j - 1\n"
    "        b(i) = b(i) - a(i, j) * b(j)\n      end do\n    end do\n")
C_BACK_COLUMNS = C_SRC.replace(
    "    for (int i = n - 1; i >= 0; i--) {\n        double s = b[i];\n"
    "        for (int j = i + 1; j < n; j++)\n            s -= a[i * n + j] * b[j];\n"
    "        b[i] = s / a[i * n + i];\n    }\n",
    "    for (int j = n - 1; j >= 0; j--) {\n        b[j] /= a[j * n + j];\n"
    "        for (int i = 0; i < j; i++)\n            b[i] -= a[i * n + j] * b[j];\n    }\n")

# the multipliers scaled by the pivot's reciprocal (as LAPACK's dgetf2 does)
F_RECIPROCAL = MOD.replace("a(i, k) = a(i, k) / a(k, k)", "a(i, k) = r * a(i, k)").replace(
    "    do k = 1, n - 1\n", "    do k = 1, n - 1\n      r = 1.0_dp / a(k, k)\n", 1).replace(
    "    real(dp) :: l\n", "    real(dp) :: l, r\n")

# the same statements in array sections, the back substitution by rows with dot_product or
# by columns in place
F_SECTIONS = MOD.replace(
    "      do i = k + 1, n\n        a(i, k) = a(i, k) / a(k, k)\n      end do\n"
    "      do j = k + 1, n\n        do i = k + 1, n\n"
    "          a(i, j) = a(i, j) - a(i, k) * a(k, j)\n        end do\n      end do\n"
    "      do i = k + 1, n\n        b(i) = b(i) - a(i, k) * b(k)\n      end do\n",
    "      a(k + 1:n, k) = a(k + 1:n, k) / a(k, k)\n      do j = k + 1, n\n"
    "        a(k + 1:n, j) = a(k + 1:n, j) - a(k + 1:n, k) * a(k, j)\n      end do\n"
    "      b(k + 1:n) = b(k + 1:n) - a(k + 1:n, k) * b(k)\n").replace(
    "    do i = n, 1, -1\n      l = b(i)\n      do j = i + 1, n\n        l = l - a(i, j) * b(j)\n"
    "      end do\n      b(i) = l / a(i, i)\n    end do\n",
    "    do i = n, 1, -1\n      b(i) = (b(i) - dot_product(a(i, i + 1:n), b(i + 1:n))) / a(i, i)\n"
    "    end do\n")
F_SECTIONS_COLS = F_SECTIONS.replace(
    "    do i = n, 1, -1\n      b(i) = (b(i) - dot_product(a(i, i + 1:n), b(i + 1:n))) / a(i, i)\n",
    "    do i = n, 1, -1\n      b(i) = b(i) / a(i, i)\n"
    "      b(1:i - 1) = b(1:i - 1) - a(1:i - 1, i) * b(i)\n")
F_SEC_HOT = "a(k + 1:n, j) = a(k + 1:n, j) - a(k + 1:n, k) * a(k, j)"
# the factorisation alone, the forward substitution after it in sections (by rows, by columns)
F_SEC_FACTOR = F_SECTIONS.replace("      b(k + 1:n) = b(k + 1:n) - a(k + 1:n, k) * b(k)\n", "")
F_SEC_FWD_ROWS = F_SEC_FACTOR.replace(
    "    end do\n    do i = n, 1, -1\n",
    "    end do\n    do i = 2, n\n      b(i) = b(i) - dot_product(a(i, 1:i - 1), b(1:i - 1))\n"
    "    end do\n    do i = n, 1, -1\n", 1)
F_SEC_FWD_COLS = F_SEC_FACTOR.replace(
    "    end do\n    do i = n, 1, -1\n",
    "    end do\n    do k = 1, n - 1\n      b(k + 1:n) = b(k + 1:n) - a(k + 1:n, k) * b(k)\n"
    "    end do\n    do i = n, 1, -1\n", 1)
# partial pivoting: the row found by maxloc, whole rows exchanged as sections
F_SECTIONS_PIVOT = F_SECTIONS.replace("    do k = 1, n - 1\n", """    do k = 1, n - 1
      p = maxloc(abs(a(k:n, k)), 1) + k - 1
      if (p /= k) then
        row = a(k, :)
        a(k, :) = a(p, :)
        a(p, :) = row
        t = b(k)
        b(k) = b(p)
        b(p) = t
      end if
""", 1).replace("    integer :: i, j, k\n",
                "    integer :: i, j, k, p\n    real(dp) :: row(n), t\n")


@pytest.mark.parametrize(("src", "main", "call"), [
    (F_SECTIONS, "dense_main.f90", "call dgesv(n, 1, a, n,"),
    (F_SECTIONS_COLS, "dense_main.f90", "call dgesv(n, 1, a, n,"),
    (F_SECTIONS, "band_main.f90", "call dgtsv(n, 1, lapack_dl, lapack_d, lapack_du, b, n,"),
    (F_SECTIONS_PIVOT, "pivot_main.f90", "call dgesv(n, 1, a, n,"),
    (F_SEC_FWD_ROWS, "dense_main.f90", "call dgesv(n, 1, a, n,"),
    (F_SEC_FWD_COLS, "band_main.f90", "call dgtsv(n, 1, lapack_dl, lapack_d, lapack_du, b, n,"),
])
def test_fortran_array_sections_become_lapack(tmp_path: Path, src: str, main: str,
                                              call: str) -> None:
    assert F_SEC_HOT in src and "dot_product" in F_SECTIONS and F_SECTIONS_COLS != F_SECTIONS
    assert PIVOTED != DENSE and "maxloc" in F_SECTIONS_PIVOT
    assert "real(dp) :: row(n), t" in F_SECTIONS_PIVOT
    assert len({F_SECTIONS, F_SEC_FACTOR, F_SEC_FWD_ROWS, F_SEC_FWD_COLS}) == 4
    main_text = MAINS[main]
    orig = _project(tmp_path / "orig", src, main_text)
    got = generate("use_lapack", src, "colsolve.f90", line_of(src, F_SEC_HOT), root=orig)
    assert isinstance(got, Generated), got
    assert call in got.new_text and F_SEC_HOT not in got.new_text, got.new_text
    assert ("with partial pivoting and back" in got.note) == (src is F_SECTIONS_PIVOT), got.note
    if "dgesv" in call:  # the dgtsv note does not name the forms
        assert ("forward and back substitution" in got.note) == (src is F_SEC_FWD_ROWS), got.note
    new = _project(tmp_path / "new", got.new_text, main_text)
    _same(_build_two(orig), _build_two(new, got.libs))

# the update nest parallelised with OpenMP: the directive goes with the loops it is on
C_OMP = C_SRC.replace("        for (int i = k + 1; i < n; i++)\n            for (int j",
                      "        #pragma omp parallel for\n        for (int i = k + 1; i < n; i++)\n"
                      "            for (int j")


@pytest.mark.parametrize(("name", "src"), [("rhs_in_row.c", C_RHS_IN_ROW),
                                           ("omp.c", C_OMP),
                                           ("reciprocal.f90", F_RECIPROCAL),
                                           ("forward.f90", F_FORWARD_AFTER),
                                           ("back_columns.f90", F_BACK_COLUMNS),
                                           ("back_columns.c", C_BACK_COLUMNS)])
def test_other_orderings_are_the_same_solve(tmp_path: Path, name: str, src: str) -> None:
    assert src not in (C_SRC, MOD) and "#pragma" in C_OMP  # the replacement took
    hot = "HOT" if name.endswith(".c") else F_HOT
    got = generate("use_lapack", src, name, line_of(src, hot))
    assert isinstance(got, Generated), got
    factor_only = name in ("forward.f90", "back_columns.c", "omp.c")  # the rhs after it
    assert ("forward and back substitution" in got.note) == factor_only, got.note
    if name.endswith(".c"):
        assert "#pragma" not in got.new_text
        (tmp_path / "orig").mkdir()
        (tmp_path / "new").mkdir()
        before = build_run(write(tmp_path / "orig", name, src), ["-fopenmp"], args=["300"])
        after = build_run(write(tmp_path / "new", name, got.new_text), libs=got.libs,
                          args=["300"])
        _same(before, after)
        return
    main = DENSE
    orig = _project(tmp_path / "orig", src, main)
    new = _project(tmp_path / "new", got.new_text, main)
    _same(_build_two(orig), _build_two(new, got.libs))


# the C++ solve's pivoting kept, its right-hand side moved out into a forward substitution
# after the factorisation: the exchanges no longer reach it
CPP_PIVOT_FACTOR = CPP_SRC.replace(
    "            double t = b[k];\n            b[k] = b[p];\n            b[p] = t;\n", "").replace(
    "        for (int i = k + 1; i < n; i++)\n            b[i] = b[i] - a[i][k] * b[k];\n",
    "").replace("    for (int i = n - 1; i >= 0; i--) {",
                "    for (int i = 1; i < n; i++)\n        for (int j = 0; j < i; j++)\n"
                "            b[i] -= a[i][j] * b[j];\n    for (int i = n - 1; i >= 0; i--) {")


@pytest.mark.parametrize(("name", "src", "hot", "why"), [
    # a statement reading the matrix between the phases
    ("between.f90", MOD.replace("      do j = k + 1, n\n", "      a(k, k) = 2 * a(k, k)\n"
                                "      do j = k + 1, n\n", 1), F_HOT,
     r"line \d+: 'a\(k, k\) = 2 \* a\(k, k\)' between the multipliers and the update is not "
     "part of the elimination"),
    # a loop bound that is not the system's
    ("bound.f90", MOD.replace("      do j = k + 1, n\n", "      do j = k + 1, n - 1\n", 1), F_HOT,
     r"the update loop over j at line \d+ ends at n - 1, the multiplier loop at n"),
    ("rhsloop.f90", MOD.replace("      do i = k + 1, n\n        b(i) = b(i) -",
                                "      do i = k + 1, n - 1\n        b(i) = b(i) -"),
     F_HOT, r"the right-hand side loop over i at line \d+ ends at n - 1, not at the system's last "
     "row"),
    ("rhsbound.c", C_RHS_IN_ROW.replace("for (int i = k + 1; i < n; i++) {",
                                        "for (int i = k + 1; i < n - 1; i++) {"), "HOT",
     r"the update loop over i at line \d+ ends at n - 1, the multiplier loop at n"),
    ("back_bound.f90", F_BACK_COLUMNS.replace("do i = 1, j - 1", "do i = 1, j"), F_HOT,
     r"the back substitution at line \d+ is not 'X\(j\) /= A\(j, j\); for i < j: X\(i\) -= "
     r"A\(i, j\) \* X\(j\)' in place"),
    ("sec_back.f90", F_SECTIONS_COLS.replace("b(1:i - 1) = b(1:i - 1) - a(1:i - 1, i)",
                                             "b(1:i) = b(1:i) - a(1:i, i)"), F_SEC_HOT,
     r"the back substitution at line \d+ is not 'X\(i\) = \(B\(i\) - sum"),
    ("sec_mult.f90", F_SECTIONS.replace("a(k + 1:n, k) / a(k, k)", "a(k + 1:n, k) * 2"),
     F_SEC_HOT, r"the update at line \d+ reads the multipliers a\(k\+1:n,k\), but not one "
     "statement of the elimination divides them by the pivot first"),
    ("sec_between.f90", F_SECTIONS.replace("      b(k + 1:n) = b(k + 1:n) -",
                                           "      a(k, k) = 1\n      b(k + 1:n) = b(k + 1:n) -"),
     F_SEC_HOT, r"'a\(k, k\) = 1' between the multipliers and the update"),
    ("sec_fwd.f90", F_SEC_FWD_ROWS.replace("b(1:i - 1))", "b(1:i))"), F_SEC_HOT,
     r"the forward substitution at line \d+ is not 'Y\(i\) = Y\(i\) - dot_product"),
    ("stale.f90", F_RECIPROCAL.replace("      r = 1.0_dp / a(k, k)\n", "").replace(
        "    do k = 1, n - 1\n", "    do k = 1, n - 1\n      r = 1.0_dp / a(k, k)\n"
        "      p = maxloc(abs(a(k:n, k)), 1) + k - 1\n      row = a(k, :)\n"
        "      a(k, :) = a(p, :)\n      a(p, :) = row\n      t = b(k)\n      b(k) = b(p)\n"
        "      b(p) = t\n", 1).replace("    integer :: i, j, k\n",
                                     "    integer :: i, j, k, p\n    real(dp) :: row(n), t\n"),
     F_HOT, r"the multipliers at line \d+ are scaled by a reciprocal of the pivot that is not "
     "set right before them"),
    # the update before the division: another algorithm
    ("late.f90", MOD.replace(
        "      do i = k + 1, n\n        a(i, k) = a(i, k) / a(k, k)\n      end do\n", "", 1)
     .replace("      do i = k + 1, n\n        b(i) = b(i) -",
              "      do i = k + 1, n\n        a(i, k) = a(i, k) / a(k, k)\n      end do\n"
              "      do i = k + 1, n\n        b(i) = b(i) -", 1), F_HOT,
     r"the update at line \d+ runs before the multipliers of line \d+ are divided"),
    # no division by the pivot: a scalar that is not its reciprocal multiplied in
    ("half.f90", F_RECIPROCAL.replace("r = 1.0_dp / a(k, k)", "r = 0.5_dp / a(k, k)"), F_HOT,
     r"reads multipliers stored in the matrix \(.*a\(i,k\).*\), but not one loop of the "
     "elimination divides them by the pivot first"),
    # pivoting the solve cannot map: columns exchanged (the unknowns' order changes)
    ("colswap.cpp", CPP_SRC.replace(
        "double t = a[k][j];\n                a[k][j] = a[p][j];\n                a[p][j] = t;",
        "double t = a[j][k];\n                a[j][k] = a[j][p];\n                a[j][p] = t;"),
     "HOT", r"it exchanges a\[j\]\[k\] and a\[j\]\[p\], not row k and the pivot row"),
    # pivoting the solve cannot map: the factorisation alone keeps its row order
    ("pivot_factor.cpp", CPP_PIVOT_FACTOR, "HOT",
     "pivots without a right-hand side to exchange"),
])
def test_column_orderings_refused_naming_why(name: str, src: str, hot: str, why: str) -> None:
    assert src not in (MOD, C_SRC, CPP_SRC, C_RHS_IN_ROW, F_BACK_COLUMNS, F_RECIPROCAL,
                       F_SECTIONS, F_SECTIONS_COLS)
    got = generate("use_lapack", src, name, line_of(src, hot))
    assert isinstance(got, Refusal), got.new_text if isinstance(got, Generated) else got
    assert re.search(why, got.reason), got.reason
