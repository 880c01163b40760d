"""use_lapack on a dense solve of a banded matrix: the hand-written Gaussian elimination of a
tridiagonal (or pentadiagonal) system assembled into a full n x n matrix becomes LAPACK's
dgtsv (dgbsv), the band proved from the fill before the solve: a 1-D implicit heat equation
(a static 2-D array zeroed by memset in the same function, partial pivoting), a Crank-Nicolson
step (a flat matrix the caller zeroes with a loop nest before calling the solver) and a natural
cubic spline in Fortran (``a = 0.0_dp`` then the three diagonals). Each is built with the real
compiler, the generated change with OpenBLAS, and prints the original's values within
rounding; what stands in the way of the band proof is named."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from perfscout.transform import Generated, Refusal, generate
from perfscout.transform.banded import banded
from perfscout.transform.source import Code
from transform._cc import build_run, line_of, write
from transform.test_lapack_solve import _same

DATA = Path(__file__).resolve().parent / "data" / "banded"
HEAT = (DATA / "heat.c").read_text()
CN = (DATA / "cn_flat.c").read_text()
SPLINE = (DATA / "spline.f90").read_text()
HEAT_GESV = (DATA / "heat_gesv.c").read_text()
SPLINE_GESV = (DATA / "spline_gesv.f90").read_text()
HEAT_VEC = (DATA / "heat_vec.cpp").read_text()


def _fill_in_a_function_c(src: str) -> str:
    """heat.c with its zeroing and fill moved into ``assemble(a, b, n, r)``."""
    start, end = src.index("    memset(a, 0, sizeof a);\n"), src.index("    for (int k = 0; k <")
    fill = src[start:end]
    body = fill.replace("a[", "m[").replace("memset(a, 0, sizeof a)", "memset(m, 0, sizeof(double) "
                                                                        "* N * N)")
    fn = ("static void assemble(double m[N][N], double *rhs, int n, double r)\n{\n" +
          body.replace("b[i]", "rhs[i]") + "}\n\n")
    return src.replace(fill, "    assemble(a, b, n, r);\n").replace("static int step",
                                                                     fn + "static int step")


def _fill_in_a_function_f(src: str) -> str:
    """spline.f90 with its zeroing and fill moved into ``subroutine assemble``."""
    fill = src[src.index("    a = 0.0_dp\n"):src.index("    do k = 1, n - 1\n")]
    sub = ("  subroutine assemble(n, x, y, a, r)\n    integer, intent(in) :: n\n"
           "    real(dp), intent(in) :: x(n), y(n)\n    real(dp), intent(out) :: a(n, n), r(n)\n"
           "    real(dp) :: h0, h1\n    integer :: i\n" + fill + "  end subroutine assemble\n\n")
    return src.replace(fill, "    call assemble(n, x, y, a, r)\n").replace(
        "  subroutine second_derivatives", sub + "  subroutine second_derivatives")


# the matrix zeroed and filled by a function of the program called before the solve
HEAT_ASM = _fill_in_a_function_c(HEAT)
SPLINE_ASM = _fill_in_a_function_f(SPLINE)
F_HOT = "a(i, j) = a(i, j) - l * a(k, j)"

# two more diagonals each side of the heat equation's and one below the spline's: dgbsv
PENTA_C = HEAT.replace("        b[i] = u[i];\n", "        if (i > 1)\n            a[i][i - 2] = "
                       "0.05 * r;\n        if (i + 2 < n)\n            a[i][i + 2] = 0.03 * r;\n"
                       "        b[i] = u[i];\n", 1)
PENTA_F = SPLINE.replace("      a(i, i + 1) = h1\n", "      a(i, i + 1) = h1\n      if (i > 2) "
                         "a(i, i - 2) = 0.01_dp * h0\n", 1)


@pytest.mark.parametrize(("name", "src", "hot", "call", "band"), [
    ("heat.c", HEAT, "/* HOT */", "dgtsv_(&", "tridiagonal"),
    ("cn_flat.c", CN, "/* HOT */", "dgtsv_(&", "tridiagonal"),
    ("spline.f90", SPLINE, F_HOT, "call dgtsv(n, 1, lapack_dl, lapack_d, lapack_du, m, n,",
     "tridiagonal"),
    ("penta.c", PENTA_C, "/* HOT */", "dgbsv_(&", "banded (kl = ku = 2)"),
    ("penta.f90", PENTA_F, F_HOT, "call dgbsv(n, 2, 2, 1, lapack_ab, 7,", "banded (kl = ku = 2)"),
    # the matrix zeroed and filled by a function of the program called before the solve
    ("heat_assemble.c", HEAT_ASM, "/* HOT */", "dgtsv_(&", "tridiagonal"),
    ("spline_assemble.f90", SPLINE_ASM, F_HOT, "call dgtsv(n, 1,", "tridiagonal"),
    # C++: a std::vector of n * n zeros (a constructor the grammar reads as a declarator)
    ("heat_vec.cpp", HEAT_VEC, "/* HOT */", "dgtsv_(&", "tridiagonal"),
    # the program's own dense dgesv call on the banded matrix (column-major, calloc'd in C)
    ("heat_gesv.c", HEAT_GESV, "/* HOT */", "dgtsv_(&", "tridiagonal"),
    ("spline_gesv.f90", SPLINE_GESV, "call dgesv", "call dgtsv(n, 1, lapack_dl, lapack_d, "
     "lapack_du, m, n, lapack_info)", "tridiagonal"),
])
def test_banded_solve_becomes_dgtsv_and_prints_the_same(tmp_path: Path, name: str, src: str,
                                                        hot: str, call: str, band: str) -> None:
    got = generate("use_lapack", src, name, line_of(src, hot))
    assert isinstance(got, Generated), got
    assert call in got.new_text and got.libs == ("-lopenblas",)
    assert f"is {band} there" in got.note, got.note
    assert not re.search(r"call [sd]gesv|[sd]gesv_\(&", got.new_text)  # no dense solve left
    assert hot not in got.new_text  # the elimination (the dense call) is gone
    (tmp_path / "orig").mkdir()
    (tmp_path / "new").mkdir()
    before = build_run(write(tmp_path / "orig", name, src), libs=got.libs if "gesv" in src
                       else ())
    after = build_run(write(tmp_path / "new", name, got.new_text), libs=got.libs)
    _same(before, after)


def test_the_fill_is_found_in_the_caller() -> None:
    got = generate("use_lapack", CN, "cn_flat.c", line_of(CN, "/* HOT */"))
    assert isinstance(got, Generated), got
    zero = line_of(CN, "m[i * n + j] = 0.0;") - 2  # the loop nest that zeroes it
    assert f"zeroed at cn_flat.c:{zero}" in got.note and "in main" in got.note, got.note
    # extracted through the program's own flat element expression, the index parenthesised
    assert "lapack_dl[lapack_r] = m[(lapack_r + 1)*n+lapack_r];" in got.new_text


def test_the_singular_check_runs_after_dgtsv() -> None:
    got = generate("use_lapack", HEAT, "heat.c", line_of(HEAT, "/* HOT */"))
    assert isinstance(got, Generated), got
    assert re.search(r"if \(lapack_info > 0\) \{\s+return -1;", got.new_text), got.new_text


def _refused(src: str, name: str, hot: str) -> str:
    code = Code(src, name)
    got = banded(code, line_of(src, hot), name)
    assert isinstance(got, Refusal), got.diff if isinstance(got, Generated) else got
    return got.reason


@pytest.mark.parametrize(("name", "src", "hot", "why"), [
    # a store at a computed column
    ("heat.c", HEAT.replace("        b[i] = u[i];\n", "        a[i][(i * 7) % n] += 1e-6;\n"
                            "        b[i] = u[i];\n", 1), "/* HOT */",
     r"line \d+: the store 'a\[i\]\[\(i \* 7\) % n\]' is at a column that is not its row plus "
     r"a constant \(a computed column\)"),
    # the solver alone: the matrix comes from elsewhere, no fill to read
    ("gauss.c", CN[:CN.index("int main")], "/* HOT */",
     r"m is a parameter in gauss and no call of gauss in the project fills it before the "
     r"call: the matrix is passed in from elsewhere without a visible fill"),
    # the factored matrix read after the solve (its diagonal's product: the determinant)
    ("heat.c", HEAT.replace("    return 0;\n}\n\nint main", "    double det = 1.0;\n    for (int i "
                            "= 0; i < n; i++)\n        det *= a[i][i];\n    return det == 0.0;"
                            "\n}\n\nint main"), "/* HOT */",
     r"a is read again at line \d+: the hand-written elimination leaves its factors there"),
    # zeroed once before the time loop, filled in each step: the next step sees the factors
    ("heat.c", HEAT.replace("    memset(a, 0, sizeof a);\n", "").replace(
        "    for (int t = 0; t < STEPS; t++)", "    memset(a, 0, sizeof a);\n"
        "    for (int t = 0; t < STEPS; t++)"), "/* HOT */",
     r"a is not zeroed \(.*\) inside the loop at line \d+ around the solve in main"),
    # the caller hands the matrix to another function between the zeroing and the solve
    ("cn_flat.c", CN.replace("        gauss(n, m, rhs, x);", "        scale(m, n);\n"
                             "        gauss(n, m, rhs, x);").replace(
        "static void gauss", "void scale(double *m, int n);\n\nstatic void gauss"), "/* HOT */",
     r"line \d+: m is passed to scale\(\) \('scale\(m, n\)'\) between its zeroing and the solve"),
    # the zeroing nest leaves the last row and column: not the whole system
    ("cn_flat.c", CN.replace("            for (int j = 0; j < n; j++)\n                m[",
                             "            for (int j = 0; j < n - 1; j++)\n                m["
                             ).replace("        for (int i = 0; i < n; i++)\n            for (int "
                                       "j = 0; j < n - 1", "        for (int i = 0; i < n - 1; "
                                       "i++)\n            for (int j = 0; j < n - 1"), "/* HOT */",
     r"m is not zeroed \(memset, calloc, a whole-array zero, a zeroing loop nest over the "
     r"system's order n\) inside the loop at line \d+ around the solve in main"),
    # the fill function stores at a computed column: named in that function
    ("heat_assemble.c", HEAT_ASM.replace("        rhs[i] = u[i];\n", "        rhs[i] = u[i];\n"
                                         "        m[i][(i * 7) % n] += 1e-6;\n"), "/* HOT */",
     r"line \d+: the store 'm\[i\]\[\(i \* 7\) % n\]' is at a column that is not its row"),
    # the step loop reads the matrix before zeroing it again: it sees the elimination's result
    ("cn_flat.c", CN.replace("    for (int s = 0; s < steps; s++) {\n", "    for (int s = 0; s < "
                             "steps; s++) {\n        r += s > 0 ? 1e-3 * m[0] : 0.0;\n"),
     "/* HOT */",
     r"line \d+: m is used before its zeroing in the loop at line \d+: on the next pass it reads "
     r"what the elimination left"),
    # a store through pointer arithmetic: no subscript to read the column from
    ("cn_flat.c", CN.replace("        gauss(n, m, rhs, x);", "        *(m + 3 * n) = 0.1;\n"
                             "        gauss(n, m, rhs, x);"), "/* HOT */",
     r"line \d+: m is aliased or used as a pointer \('m \+ 3 \* n'\)"),
    # a function of the file that uses the global matrix runs between the zeroing and the solve
    ("heat.c", HEAT.replace("static int step", "static void bump(int i)\n{\n    a[i][0] += "
                            "1.0;\n}\n\nstatic int step").replace(
        "        b[i] = u[i];\n", "        b[i] = u[i];\n        bump(i);\n", 1), "/* HOT */",
     r"line \d+: bump\(\) \(at heat.c:\d+\) uses a between its zeroing and the solve"),
    # dgesv's pivots read after the call (the determinant's sign): dgtsv gives none
    ("heat_gesv.c", HEAT_GESV.replace("    free(a);\n    free(ipiv);\n", "    free(a);\n"
                                      "    info += ipiv[0] == 1;\n    free(ipiv);\n"), "/* HOT */",
     r"ipiv is read again at line \d+: after dgesv_ it holds the LU factors or pivots"),
    # a store at a column read from an array before the dense call
    ("spline_gesv.f90", SPLINE_GESV.replace("  call dgesv(", "  a(2, ipiv(1)) = 0.5_dp\n"
                                            "  call dgesv("), "call dgesv",
     r"the store 'a\(2, ipiv\(1\)\)' is at a column that is not its row plus a constant"),
    # Fortran: the matrix handed to a subroutine after its zeroing
    ("spline.f90", SPLINE.replace("    a(1, 1) = 1.0_dp\n", "    call perturb(a, n)\n"
                                  "    a(1, 1) = 1.0_dp\n"), F_HOT,
     r"line \d+: a is passed to perturb\(\)"),
])
def test_band_refused_naming_why(name: str, src: str, hot: str, why: str) -> None:
    reason = _refused(src, name, hot)
    assert re.search(why, reason), reason


def test_dgesv_note_says_why_not_dgtsv() -> None:
    """The band not proved on a zeroed matrix: the dense call, its note naming the store."""
    src = HEAT.replace("        b[i] = u[i];\n", "        a[i][(i * 7) % n] += 1e-6;\n"
                       "        b[i] = u[i];\n", 1)
    got = generate("use_lapack", src, "heat.c", line_of(src, "/* HOT */"))
    assert isinstance(got, Generated) and "dgesv_(&" in got.new_text, got
    assert "not dgtsv/dgbsv: line" in got.note and "a computed column" in got.note, got.note
    # a dense matrix (never zeroed): dgesv, and no word about a band
    from transform.test_lapack_solve import C_PIVOT

    dense = generate("use_lapack", C_PIVOT, "pivot.c", line_of(C_PIVOT, "/* HOT */"))
    assert isinstance(dense, Generated) and "not dgtsv" not in dense.note, dense


def test_use_lapack_refusal_names_the_band() -> None:
    """The program's dgesv on a matrix whose band is not proved: use_lapack has nothing to
    write (no hand-written solve), and its refusal says why the band was not proved."""
    src = HEAT_GESV.replace("    dgesv_(", "    a[(i0 * 3) % n] = 1.0;\n    dgesv_(").replace(
        "static int step(int n, double r, double *u)\n{\n",
        "static int step(int n, double r, double *u)\n{\n    int i0 = 5;\n")
    got = generate("use_lapack", src, "heat_gesv.c", line_of(src, "/* HOT */"))
    assert isinstance(got, Refusal), got
    assert "not a banded solve: line" in got.reason and "a computed column" in got.reason, \
        got.reason


def test_other_programs_of_the_folder_do_not_count() -> None:
    """The project folder holds other programs with a ``step`` of their own and a static or
    local ``a``: a file-scope static global and a static function are this file's alone."""
    for name, src in (("heat.c", HEAT), ("heat_assemble.c", HEAT_ASM)):
        got = generate("use_lapack", src, name, line_of(src, "/* HOT */"), root=DATA)
        assert isinstance(got, Generated) and "dgtsv_(&" in got.new_text, got


def test_an_unpivoted_check_is_named() -> None:
    """Without pivoting the program's zero-pivot check stops on systems dgtsv solves: the note
    says so (the check still runs when dgtsv reports a singular matrix)."""
    start = HEAT.index("        int p = k;\n")
    end = HEAT.index("        for (int i = k + 1; i < n; i++) {\n            double f")
    src = HEAT[:start] + "        if (a[k][k] == 0.0) {\n            return -1;\n        }\n" + \
        HEAT[end:]
    got = generate("use_lapack", src, "heat.c", line_of(src, "/* HOT */"))
    assert isinstance(got, Generated) and "dgtsv_(&" in got.new_text, got
    check = line_of(src, "if (a[k][k] == 0.0)")
    assert f"the check at line {check} stopped where the unpivoted elimination met a zero " \
        "pivot; dgtsv stops only on a singular matrix" in got.note, got.note
    assert re.search(r"if \(lapack_info > 0\) \{\s+return -1;", got.new_text)
