"""hoist_invariant on Fortran: a call of a project function declared ``pure`` (or
``elemental``), with arguments the loop does not change, assigned once before the loop. On an
own two-file project with a Makefile (tests/transform/data/hoist_pure: a module of pure
helpers, a program tabulating a damped wave): the changed program is built with gfortran and
prints the same numbers. Illegal: the loop writes a module variable the function reads, an
argument changes in the loop, a function not declared pure, an elemental call over an array:
each refused with the variable, the argument or the reason named."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from conftest import require_tool
from perfscout.transform import Generated, Refusal, generate
from transform._cc import line_of

DATA = Path(__file__).parent / "data" / "hoist_pure"
WAVE = (DATA / "wave.f90").read_text()


def _run(work: Path) -> str:
    require_tool("make")
    require_tool("gfortran")
    subprocess.run(["make", "-s", "clean"], cwd=work, check=True, capture_output=True)
    b = subprocess.run(["make", "-s"], cwd=work, capture_output=True, text=True, timeout=300)
    assert b.returncode == 0, b.stderr
    r = subprocess.run(["./wave"], cwd=work, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    return r.stdout


def test_a_pure_call_with_unchanged_arguments_is_hoisted_and_the_output_is_unchanged(
        tmp_path: Path) -> None:
    work = tmp_path / "proj"
    shutil.copytree(DATA, work)
    before = _run(work)
    got = generate("hoist_invariant", WAVE, "wave.f90",
                   line_of(WAVE, "damp(t) * shape"), root=work)
    assert isinstance(got, Generated), got
    # damp(t) moves before the loop over i (t is set in the loop over it, not in this one);
    # shape(real(i, dp) / nx) changes with i and stays
    assert "ps_h1 = damp(t)" in got.new_text and "damp(t) *" not in got.new_text
    assert "shape(real(i, dp) / nx)" in got.new_text
    assert "real(dp) :: ps_h1" in got.new_text
    (work / "wave.f90").write_text(got.new_text)
    assert _run(work) == before  # the same numbers, printed to 14 digits


def test_a_module_variable_the_function_reads_written_in_the_loop_is_refused() -> None:
    got = generate("hoist_invariant", WAVE, "wave.f90", line_of(WAVE, "damp(0.5_dp)"),
                   root=DATA)
    assert isinstance(got, Refusal)
    assert "gamma" in got.reason and "written in the loop" in got.reason


def test_an_argument_that_changes_or_a_function_not_declared_pure_is_refused() -> None:
    got = generate("hoist_invariant", WAVE, "wave.f90", line_of(WAVE, "noisy(0.5_dp)"),
                   root=DATA)
    # damp(real(i, dp)): i is the loop's variable; noisy() is not declared pure
    assert isinstance(got, Refusal)
    assert "damp() at line" in got.reason and "i changes in the loop" in got.reason
    assert "noisy" not in got.reason  # never considered: only pure functions are


def test_an_elemental_call_over_an_array_is_refused(tmp_path: Path) -> None:
    prog = ("program e\n  use physics\n  implicit none\n  integer :: i\n"
            "  real(dp) :: v(8), w(8)\n  v = 0.1_dp\n  w = 0.0_dp\n"
            "  do i = 1, 8\n    w(i) = w(i) + sum(shape(v))\n  end do\n"
            "  print *, sum(w)\nend program e\n")
    work = tmp_path / "proj"
    shutil.copytree(DATA, work)
    got = generate("hoist_invariant", prog, "e.f90", line_of(prog, "sum(shape(v))"),
                   root=work)
    assert isinstance(got, Refusal)
    assert "elemental over the array v" in got.reason
