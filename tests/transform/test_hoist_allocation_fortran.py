"""hoist_allocation in Fortran: the local allocatable work arrays of a subroutine called in a
loop saved between calls, reallocated only when a call asks for other bounds. On an own
multi-file project with a Makefile (tests/transform/data/scratch_f: a module subroutine that
allocates two work arrays, one with a lower bound of 0, per call; the row length changes every
1000 rows): same printed number, valgrind's allocation count down from two per call to two
per change of length. Illegal: recursive, called from a file with OpenMP directives,
move_alloc, stat=, allocated in a loop, a target: each refused, named."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from conftest import require_tool
from perfscout.transform import Generated, Refusal, generate
from transform._cc import line_of

DATA = Path(__file__).parent / "data" / "scratch_f"


def _run(work: Path) -> tuple[str, int]:
    """(the printed energy, heap allocations of the run counted by valgrind)."""
    require_tool("gfortran")
    vg = require_tool("valgrind")
    subprocess.run(["make", "-s", "clean"], cwd=work, check=True, capture_output=True)
    b = subprocess.run(["make", "-s", "ROWS=3000"], cwd=work, capture_output=True, text=True,
                       timeout=300)
    assert b.returncode == 0, b.stderr
    r = subprocess.run([vg, "./filt"], cwd=work, capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr[-2000:]
    m = re.search(r"total heap usage: ([\d,]+) allocs", r.stderr)
    assert m is not None, r.stderr[-2000:]
    return r.stdout.strip(), int(m.group(1).replace(",", ""))


def test_work_arrays_saved_same_output_fewer_allocations(tmp_path: Path) -> None:
    work = tmp_path / "filt"
    shutil.copytree(DATA, work)
    out0, n0 = _run(work)
    text = (work / "work.f90").read_text()
    got = generate("hoist_allocation", text, "work.f90", line_of(text, "w(i) ="), root=work)
    assert isinstance(got, Generated), got
    assert "real(8), allocatable, save :: w(:), pad(:)" in got.new_text
    assert "any(ubound(pad) /= [n + 1])" in got.new_text and "deallocate(w, pad)" not in \
        got.new_text
    (work / "work.f90").write_text(got.new_text)
    out1, n1 = _run(work)
    assert out1 == out0
    # 3000 calls x 2 arrays before; after, 2 per change of length (3 lengths) and the I/O's
    assert n0 - n1 >= 5900, (n0, n1)


BASE = (DATA / "work.f90").read_text()
ILLEGAL = {
    "recursive": (BASE.replace("  subroutine smooth(", "  recursive subroutine smooth("),
                  "is recursive"),
    "move_alloc": (BASE.replace("    deallocate(w, pad)\n", "    call move_alloc(w, keep)\n"
                                "    deallocate(pad)\n").replace(
        "    integer :: i\n", "    integer :: i\n    real(8), allocatable :: keep(:)\n"),
        "w is moved (move_alloc)"),
    "stat": (BASE.replace("allocate(w(n), pad(0:n + 1))", "allocate(w(n), pad(0:n + 1), stat=i)"),
             "has stat=/source=/mold="),
    "in a loop": (BASE.replace("    allocate(w(n), pad(0:n + 1))\n", "    do i = 1, 1\n"
                               "      allocate(w(n), pad(0:n + 1))\n    end do\n"),
                  "is in a loop"),
    "target": (BASE.replace("real(8), allocatable :: w(:), pad(:)",
                            "real(8), allocatable, target :: w(:), pad(:)"), "is declared target"),
}


@pytest.mark.parametrize("case", sorted(ILLEGAL))
def test_illegal_refused_named(case: str) -> None:
    text, reason = ILLEGAL[case]
    got = generate("hoist_allocation", text, "work.f90", line_of(text, "w(i) ="))
    assert isinstance(got, Refusal), got
    assert reason in got.reason, got.reason


def test_called_from_an_openmp_file_refused(tmp_path: Path) -> None:
    work = tmp_path / "filt"
    shutil.copytree(DATA, work)
    main = (work / "main.f90").read_text()
    (work / "main.f90").write_text(main.replace("  do r = 1, ROWS\n",
                                                "  !$omp parallel do private(i, n, row, s) "
                                                "reduction(+:total)\n  do r = 1, ROWS\n"))
    got = generate("hoist_allocation", BASE, "work.f90", line_of(BASE, "w(i) ="), root=work)
    assert isinstance(got, Refusal), got
    assert "is called at main.f90:13, in a file with OpenMP directives" in got.reason, got.reason
