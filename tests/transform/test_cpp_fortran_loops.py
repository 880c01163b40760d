"""The transformations on C++ (g++) and Fortran (gfortran) loops: legal ones keep the output,
illegal ones are refused with the dependence named."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from tests.conftest import require_tool

from perfscout.transform import Generated, Refusal, generate
from transform import programs as P
from transform._cc import build_run, line_of, write

CPP_LEGAL = [("loop_interchange", "HOT"), ("parallelize_omp", "HOT"), ("omp_simd", "HOT"),
             ("loop_tiling", "HOT"), ("loop_unroll", "HOT"), ("omp_simd", "SUM"),
             ("parallelize_omp", "SUM")]
F_LEGAL = [("loop_interchange", "HOT"), ("parallelize_omp", "HOT"), ("omp_simd", "HOT"),
           ("loop_tiling", "HOT"), ("loop_unroll", "HOT"), ("loop_unroll", "PREFIX")]


def _flags(pid: str, g: Generated) -> list[str]:
    return (["-fopenmp"] if pid == "parallelize_omp" else []) + list(g.flags)


@pytest.mark.parametrize(("pid", "mark"), CPP_LEGAL, ids=[f"{p}-{m}" for p, m in CPP_LEGAL])
def test_cpp_legal(pid: str, mark: str, tmp_path: Path) -> None:
    src = P.CPP_PROGRAM
    g = generate(pid, src, "smooth.cpp", line_of(src, mark))
    assert isinstance(g, Generated), g
    before = build_run(write(tmp_path, "orig.cpp", src))
    after = build_run(write(tmp_path, "new.cpp", g.new_text), _flags(pid, g), g.libs)
    assert after == before and before.startswith("checksum=")


@pytest.mark.parametrize("pid", ["omp_simd", "parallelize_omp"])
def test_cpp_prefix_sum_refused(pid: str) -> None:
    r = generate(pid, P.CPP_PROGRAM, "smooth.cpp", line_of(P.CPP_PROGRAM, "PREFIX"))
    assert isinstance(r, Refusal)
    assert "dependence on x: x[i] (write" in r.reason and "x[i - 1] (read" in r.reason


def test_cpp_interchange_of_a_reduction_is_refused() -> None:
    src = P.CPP_PROGRAM.replace("a[i * n + j] = 0.5 * a[i * n + j] + b[i * n + j]; /* HOT */",
                                "total += a[i * n + j] * b[i * n + j]; /* HOT */")
    r = generate("loop_interchange", src, "smooth.cpp", line_of(src, "HOT"))
    assert isinstance(r, Refusal) and "scalar total is accumulated" in r.reason


@pytest.mark.parametrize(("pid", "mark"), F_LEGAL, ids=[f"{p}-{m}" for p, m in F_LEGAL])
def test_fortran_legal(pid: str, mark: str, tmp_path: Path) -> None:
    src = P.FORTRAN_PROGRAM
    g = generate(pid, src, "fmm.f90", line_of(src, mark))
    assert isinstance(g, Generated), g
    before = build_run(write(tmp_path, "orig.f90", src))
    after = build_run(write(tmp_path, "new.f90", g.new_text), _flags(pid, g), g.libs)
    assert after == before and before.startswith("checksum=")


def test_fortran_shapes() -> None:
    src = P.FORTRAN_PROGRAM
    hot = line_of(src, "HOT")
    inter = generate("loop_interchange", src, "fmm.f90", hot)
    par = generate("parallelize_omp", src, "fmm.f90", hot)
    simd = generate("omp_simd", src, "fmm.f90", hot)
    tile = generate("loop_tiling", src, "fmm.f90", hot, {"tile": 16})
    assert isinstance(inter, Generated) and "(j, k, i)" in inter.note  # column-major: i inside
    assert isinstance(par, Generated) and "+  !$omp parallel do private(i, s, k)" in par.diff
    assert "+  !$omp end parallel do" in par.diff
    assert isinstance(simd, Generated) and "!$omp simd reduction(+:s)" in simd.diff
    assert isinstance(tile, Generated) and "+  integer :: jj, kk, ii" in tile.diff


@pytest.mark.parametrize("pid", ["omp_simd", "parallelize_omp"])
def test_fortran_prefix_sum_refused(pid: str) -> None:
    r = generate(pid, P.FORTRAN_PROGRAM, "fmm.f90", line_of(P.FORTRAN_PROGRAM, "PREFIX"))
    assert isinstance(r, Refusal)
    assert "dependence on x: x(i) (write" in r.reason and "x(i - 1) (read" in r.reason


def test_fortran_blas_dgemm_keeps_the_output(tmp_path: Path) -> None:
    src = P.FORTRAN_PROGRAM
    g = generate("use_blas", src, "fmm.f90", line_of(src, "HOT"))
    assert isinstance(g, Generated), g
    assert "call dgemm('N', 'N', n, n, n, 1.0d0, &" in g.diff and g.libs == ("-lopenblas",)
    before = build_run(write(tmp_path, "orig.f90", src))
    assert build_run(write(tmp_path, "new.f90", g.new_text), [], g.libs) == before


GEMV_F = """program gv
  implicit none
  integer, parameter :: m = 70, n = 50
  real(8) :: a(m, n), x(n), y(m)
  integer :: i, j
  do j = 1, n
    do i = 1, m
      a(i, j) = dble(mod(i + j, 6)) - 2.0d0
    end do
    x(j) = dble(mod(j, 4))
  end do
  y = 1.0d0
  do i = 1, m
    do j = 1, n
      y(i) = y(i) + a(i, j) * x(j) ! HOT
    end do
  end do
  print '(a, es25.17)', 'checksum=', sum(y * [(dble(i), i = 1, m)])
end program gv
"""


def test_fortran_blas_dgemv_keeps_the_output(tmp_path: Path) -> None:
    g = generate("use_blas", GEMV_F, "gv.f90", line_of(GEMV_F, "HOT"))
    assert isinstance(g, Generated), g
    assert "call dgemv('N', m, n, 1.0d0, &" in g.diff and "1.0d0, y, 1)" in g.diff
    before = build_run(write(tmp_path, "orig.f90", GEMV_F))
    assert build_run(write(tmp_path, "new.f90", g.new_text), [], g.libs) == before


def test_fortran_blas_refuses_an_offset_factor() -> None:
    src = GEMV_F.replace("a(i, j) * x(j) ! HOT", "a(i, j) * x(j - 1) ! HOT").replace(
        "do j = 1, n\n      y(i)", "do j = 2, n\n      y(i)")
    r = generate("use_blas", src, "gv.f90", line_of(src, "HOT"))
    assert isinstance(r, Refusal)
    assert "loop j" in r.reason or "x(j - 1)" in r.reason, r.reason


def test_fixed_form_fortran_directive_starts_in_column_one(tmp_path: Path) -> None:
    src = ("      PROGRAM FIXED\n      IMPLICIT NONE\n      INTEGER I\n      REAL*8 A(100), S\n"
           "      S = 0.0D0\n      DO I = 1, 100\n        A(I) = DBLE(MOD(I, 7))\n"
           "      END DO\n      DO I = 1, 100\n        S = S + A(I)\n      END DO\n"
           "      PRINT *, S\n      END\n")
    g = generate("omp_simd", src, "fixed.f", 10)
    assert isinstance(g, Generated), g
    assert "\n+!$omp simd reduction(+:s)\n" in g.diff and "\n+!$omp end simd\n" in g.diff
    f = tmp_path / "fixed.f"
    f.write_text(g.new_text)
    gf = require_tool("gfortran")
    b = subprocess.run([gf, "-fopenmp-simd", "-Wall", "-o", str(tmp_path / "x"), str(f)],
                       capture_output=True, text=True)
    assert b.returncode == 0 and "Unclassifiable" not in b.stderr, b.stderr


def test_cpp_blas_on_pointer_arguments(tmp_path: Path) -> None:
    g = generate("use_blas", P.CPP_GEMM, "mm.cpp", line_of(P.CPP_GEMM, "HOT"))
    assert isinstance(g, Generated), g
    assert "cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans" in g.diff
    before = build_run(write(tmp_path, "orig.cpp", P.CPP_GEMM))
    assert before != "checksum=0\n"
    assert build_run(write(tmp_path, "new.cpp", g.new_text), [], g.libs) == before
