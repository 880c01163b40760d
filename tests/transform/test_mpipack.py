"""mpi_aggregate_messages: a halo exchange sent one element per loop iteration, packed into one
message per call. Legal cases are built with mpicc and run on 2 ranks with mpirun: the packed
program prints the same checksum, and Open MPI's own monitoring counts one message per call
instead of one per element. Illegal loops are refused with the reason named."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from conftest import require_tool
from perfscout.transform import Generated, Refusal, generate
from perfscout.transform.mpipack import message_loops

DATA = Path(__file__).parent / "data" / "mpipack"
HALO = DATA / "halo"
ID = "mpi_aggregate_messages"
MPIRUN = ["--allow-run-as-root", "--oversubscribe", "-np", "2"]


def _mpirun(exe: Path, *args: str, monitor: Path | None = None) -> str:
    cmd = [require_tool("mpirun"), *MPIRUN]
    if monitor is not None:
        cmd += ["--mca", "pml_monitoring_enable", "2", "--mca", "pml_monitoring_enable_output",
                "3", "--mca", "pml_monitoring_filename", str(monitor)]
    r = subprocess.run([*cmd, str(exe), *args], capture_output=True, text=True, timeout=300,
                       cwd=exe.parent)
    assert r.returncode == 0, r.stderr
    return r.stdout


def _make(d: Path) -> Path:
    require_tool("mpicc")
    r = subprocess.run(["make", "-s", "ROWS=300", "NCOLS=16", "CFLAGS=-O2 -g"], cwd=d,
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    return d / "halo"


def _checksum(out: str) -> str:
    m = re.search(r"^checksum (\S+)$", out, re.M)
    assert m, out
    return m[1]


def _p2p_messages(prof: Path) -> int:
    """Point-to-point messages rank 0 sent, from its Open MPI monitoring file."""
    return sum(int(m[1]) for m in re.finditer(r"^E\t0\t1\t\d+ bytes\t(\d+) msgs sent",
                                              prof.read_text(), re.M))


def _pack_all(d: Path) -> list[str]:
    """Pack every message loop of the project in turn (each on the text the last one left)."""
    notes = []
    while loops := message_loops(d):
        rel, line = loops[0]
        got = generate(ID, (d / rel).read_text(), rel, line, root=d)
        assert isinstance(got, Generated), got
        (d / rel).write_text(got.new_text)
        notes.append(got.note)
    return notes


def test_packed_halo_program_gives_the_same_output_with_one_message_per_call(
        tmp_path: Path) -> None:
    orig, packed = tmp_path / "orig", tmp_path / "packed"
    shutil.copytree(HALO, orig)
    shutil.copytree(HALO, packed)
    notes = _pack_all(packed)
    assert len(notes) == 5  # two Sendrecv loops, two Send/Recv loops, one Isend/Irecv loop
    text = (packed / "halo.c").read_text()
    assert "MPI_Send(" not in text and "MPI_Recv(" not in text  # become Isend/Irecv + Waitall
    assert "req[4 * i] = MPI_REQUEST_NULL;" in text  # the later MPI_Waitall(req) still valid
    a, b = _make(orig), _make(packed)
    steps = 6
    for mode in ("0", "1", "2"):
        o = _mpirun(a, str(steps), mode, monitor=tmp_path / f"o{mode}")
        p = _mpirun(b, str(steps), mode, monitor=tmp_path / f"p{mode}")
        assert _checksum(p) == _checksum(o), mode
        # two directions per step: 300 rows each before, one message each after
        assert _p2p_messages(tmp_path / f"o{mode}.0.prof") == steps * 2 * 300
        assert _p2p_messages(tmp_path / f"p{mode}.0.prof") == steps * 2


CHUNKS = r"""#include <mpi.h>
#include <stdio.h>

#define N 50
int main(int argc, char **argv)
{
    int rank, size;
    double u[2 * N + 4], v[2 * N + 4];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int peer = (rank + 1) % size, from = (rank + size - 1) % size;
    for (int k = 0; k < 2 * N + 4; k++) {
        u[k] = rank * 1000 + k;
        v[k] = -1;
    }
    for (int i = 0; i < N; i += 2) {
        int r = 2 * i + 1;
        MPI_Sendrecv(&u[r], 2, MPI_DOUBLE, peer, 1, &v[r + 1], 2, MPI_DOUBLE, from, 1,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    double s = 0;
    for (int k = 0; k < 2 * N + 4; k++)
        s += v[k] * (k + 1);
    printf("rank %d sum %.17g\n", rank, s);
    MPI_Finalize();
    return 0;
}
"""


def test_two_elements_per_message_strided_loop_and_index_arithmetic(tmp_path: Path) -> None:
    got = generate(ID, CHUNKS, "chunks.c", 18)
    assert isinstance(got, Generated), got
    assert "ps_n * 2" in got.new_text and "#include <stdlib.h>" in got.new_text
    outs = []
    for name, text in (("orig", CHUNKS), ("packed", got.new_text)):
        src = tmp_path / f"{name}.c"
        src.write_text(text)
        exe = tmp_path / name
        b = subprocess.run([require_tool("mpicc"), "-O2", "-Wall", "-o", str(exe), str(src)],
                           capture_output=True, text=True, timeout=300)
        assert b.returncode == 0, b.stderr
        outs.append(sorted(_mpirun(exe).splitlines()))
    assert outs[0] == outs[1]
    assert len(outs[0]) == 2


# --- refused, with the reason named ---------------------------------------------------------
def _loop(body: str, decl: str = "") -> str:
    return ("#include <mpi.h>\n"
            "void f(double (*a)[66], double *x, int *idx, MPI_Datatype *types, MPI_Datatype row,"
            " int n, int left, int right, int rank, int size, MPI_Comm comm)\n"
            "{\n" + decl +
            "    for (int i = 1; i <= n; i++) {\n" + body + "    }\n}\n")


LINE = 4  # the for loop's line in _loop's text (no decl)

REFUSED = {
    "other work in the body": (
        "        x[i] = 0.5 * x[i];\n"
        "        MPI_Sendrecv(&a[i][1], 1, MPI_DOUBLE, left, 7, &a[i][65], 1, MPI_DOUBLE, right,"
        " 7, comm, MPI_STATUS_IGNORE);\n", "is not communication or integer index arithmetic"),
    "count not a constant": (
        "        MPI_Sendrecv(&a[i][1], n, MPI_DOUBLE, left, 7, &a[i][65], n, MPI_DOUBLE, right,"
        " 7, comm, MPI_STATUS_IGNORE);\n",
        "the count n of MPI_Sendrecv is not an integer constant"),
    "subscript not affine": (
        "        MPI_Sendrecv(&a[idx[i]][1], 1, MPI_DOUBLE, left, 7, &a[i][65], 1, MPI_DOUBLE,"
        " right, 7, comm, MPI_STATUS_IGNORE);\n", "subscript idx[i] is not affine in i"),
    "tag varies": (
        "        MPI_Sendrecv(&a[i][1], 1, MPI_DOUBLE, left, i, &a[i][65], 1, MPI_DOUBLE, right,"
        " i, comm, MPI_STATUS_IGNORE);\n", "the tag i of MPI_Sendrecv varies with i"),
    "peer varies": (
        "        MPI_Sendrecv(&a[i][1], 1, MPI_DOUBLE, (rank + i) % size, 7, &a[i][65], 1,"
        " MPI_DOUBLE, right, 7, comm, MPI_STATUS_IGNORE);\n",
        "the destination (rank + i) % size of MPI_Sendrecv varies with i"),
    "datatype per iteration": (
        "        MPI_Sendrecv(&x[i], 1, types[i], left, 7, &a[i][65], 1, MPI_DOUBLE, right,"
        " 7, comm, MPI_STATUS_IGNORE);\n", "the datatype types[i] of MPI_Sendrecv differs "
                                           "between iterations"),
    "derived datatype": (
        "        MPI_Sendrecv(&a[i][1], 1, row, left, 7, &a[i][65], 1, row, right,"
        " 7, comm, MPI_STATUS_IGNORE);\n", "the datatype row of MPI_Sendrecv is not a predefined"),
    "receive into the sent element": (
        "        MPI_Sendrecv(&x[i], 1, MPI_DOUBLE, left, 7, &x[i], 1, MPI_DOUBLE, right,"
        " 7, comm, MPI_STATUS_IGNORE);\n", "the receive into &x[i] (line 5) aliases &x[i]"),
    "receive into the next iteration's sent element": (
        "        MPI_Send(&x[i], 1, MPI_DOUBLE, right, 7, comm);\n"
        "        MPI_Recv(&x[i + 1], 1, MPI_DOUBLE, left, 7, comm, MPI_STATUS_IGNORE);\n",
        "cannot show that the receive into &x[i + 1] (line 6) and &x[i] (line 5, which the "
        "loop sends) are different elements"),
    "only sends": (
        "        MPI_Send(&a[i][1], 1, MPI_DOUBLE, right, 7, comm);\n",
        "only sends: its partner calls are in another loop"),
    "same element every iteration": (
        "        MPI_Sendrecv(&a[0][1], 1, MPI_DOUBLE, left, 7, &a[i][65], 1, MPI_DOUBLE,"
        " right, 7, comm, MPI_STATUS_IGNORE);\n", "&a[0][1] is the same element in every "
                                                  "iteration of i"),
}


@pytest.mark.parametrize("case", sorted(REFUSED))
def test_illegal_message_loops_are_refused_naming_why(case: str) -> None:
    body, reason = REFUSED[case]
    got = generate(ID, _loop(body), "ex.c", LINE)
    assert isinstance(got, Refusal), case
    assert reason in got.reason


def test_the_same_loops_with_the_defect_removed_are_packed() -> None:
    """The refusals above are about the defect, not the shape: the clean loop is packed."""
    body = ("        int r = i + 1;\n"
            "        MPI_Send(&a[r][1], 1, MPI_DOUBLE, left, 7, comm);\n"
            "        MPI_Recv(&a[r][65], 1, MPI_DOUBLE, right, 7, comm, MPI_STATUS_IGNORE);\n")
    got = generate(ID, _loop(body), "ex.c", LINE)
    assert isinstance(got, Generated), got
    assert "MPI_Isend(ps_send0, ps_n, MPI_DOUBLE, left, 7, comm, &ps_req[0]);" in got.new_text
    assert "MPI_Waitall(2, ps_req, MPI_STATUSES_IGNORE);" in got.new_text


FORTRAN = r"""program halo
  use mpi
  implicit none
  integer, parameter :: n = 40, m = 6
  double precision :: a(0:n+1, 0:m+1)
  integer :: rank, nproc, left, right, ierr, i, j, k, step
  integer :: req(4 * n)
  double precision :: s, tot
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nproc, ierr)
  left = mod(rank + nproc - 1, nproc)
  right = mod(rank + 1, nproc)
  do j = 0, m + 1
    do i = 0, n + 1
      a(i, j) = dble(mod(i * 7 + j * 13 + rank * 31, 23))
    end do
  end do
  do step = 1, 3
    do i = 1, n
      call MPI_Sendrecv(a(i, 1), 1, MPI_DOUBLE_PRECISION, left, 7, &
                        a(i, m + 1), 1, MPI_DOUBLE_PRECISION, right, 7, MPI_COMM_WORLD, &
                        MPI_STATUS_IGNORE, ierr)
    end do
    do i = 1, n
      k = i - 1
      call MPI_Irecv(a(k + 1, 0), 1, MPI_DOUBLE_PRECISION, left, 8, MPI_COMM_WORLD, &
                     req(2 * i - 1), ierr)
      call MPI_Isend(a(k + 1, m), 1, MPI_DOUBLE_PRECISION, right, 8, MPI_COMM_WORLD, &
                     req(2 * i), ierr)
    end do
    call MPI_Waitall(2 * n, req, MPI_STATUSES_IGNORE, ierr)
    a(1:n, 1:m) = 0.5d0 * a(1:n, 1:m) + 0.25d0 * (a(1:n, 0:m-1) + a(1:n, 2:m+1))
  end do
  s = sum(a(1:n, 0:m+1))
  call MPI_Reduce(s, tot, 1, MPI_DOUBLE_PRECISION, MPI_SUM, 0, MPI_COMM_WORLD, ierr)
  if (rank == 0) print '(a, es25.17)', 'checksum', tot
  call MPI_Finalize(ierr)
end program halo
"""


def test_fortran_sendrecv_and_isend_irecv_loops_are_packed_and_keep_the_output(
        tmp_path: Path) -> None:
    text = FORTRAN
    for needle in ("call MPI_Sendrecv(a(i, 1)", "call MPI_Irecv(a(k + 1, 0)"):
        line = next(i for i, ln in enumerate(text.splitlines(), 1) if needle in ln)
        got = generate(ID, text, "halo.f90", line)
        assert isinstance(got, Generated), got
        assert "block" in got.diff and "end block" in got.diff
        text = got.new_text
    assert "req(2 * i - 1) = MPI_REQUEST_NULL" in text
    outs = []
    for name, src in (("orig", FORTRAN), ("packed", text)):
        f = tmp_path / f"{name}.f90"
        f.write_text(src)
        exe = tmp_path / name
        b = subprocess.run([require_tool("mpif90"), "-O2", "-J", str(tmp_path), "-o", str(exe),
                            str(f)], capture_output=True, text=True, timeout=300)
        assert b.returncode == 0, b.stderr
        outs.append(_mpirun(exe, monitor=tmp_path / name))
    assert "checksum" in outs[0] and outs[0] == outs[1]
    # 3 steps x 2 directions x 40 rows before; one message per call after
    assert _p2p_messages(tmp_path / "orig.0.prof") == 3 * 2 * 40
    assert _p2p_messages(tmp_path / "packed.0.prof") == 3 * 2


def test_fortran_refusals_name_the_reason() -> None:
    src = ("subroutine ex(a, n, left, right, comm)\n  use mpi\n  integer :: n, left, right, "
           "comm, i, ierr\n  double precision :: a(n, 66)\n  do i = 1, n\n    call MPI_Sendrecv("
           "a(i, 2), 2, MPI_DOUBLE_PRECISION, left, 7, a(i, 66), 2, MPI_DOUBLE_PRECISION, "
           "right, i, comm, MPI_STATUS_IGNORE, ierr)\n  end do\nend subroutine ex\n")
    one = src.replace(", 2, MPI_DOUBLE", ", 1, MPI_DOUBLE")
    got = generate(ID, one, "ex.f90", 6)
    assert isinstance(got, Refusal) and "the tag i of MPI_Sendrecv varies with i" in got.reason
    assert isinstance(generate(ID, one.replace("right, i, comm", "right, 7, comm"), "ex.f90",
                               6), Generated)
    got = generate(ID, src.replace("right, i, comm", "right, 7, comm"), "ex.f90", 6)
    assert isinstance(got, Refusal) and "sends 2 elements from one element's address" in \
        got.reason
    got = generate(ID, src, "ex.f", 6)
    assert isinstance(got, Refusal) and "fixed-form Fortran" in got.reason
