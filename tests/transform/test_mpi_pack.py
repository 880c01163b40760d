"""mpi_aggregate_messages: a loop of one-element MPI_Sendrecv calls (a ghost column sent one
row at a time) becomes one packed call per loop (each loop its own change), on a multi-file
MPI program with a Makefile (tests/transform/data/mpi_halo): built with mpicc, run with Open
MPI on 2 and 3 ranks (the end ranks exchange with MPI_PROC_NULL) and printing exactly what the
original prints. Refused, named: a rotation in place (what is received is sent by a later
iteration), a one-element MPI_Send loop (its partner receive loop would have to change too), a
partner that changes with the loop variable."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from conftest import require_tool
from perfscout.transform import Generated, Refusal, generate
from transform._cc import line_of

DATA = Path(__file__).parent / "data" / "mpi_halo"
HALO = (DATA / "halo.c").read_text()


def _make_run(work: Path, ranks: int) -> str:
    require_tool("make")
    require_tool("mpicc")
    run = require_tool("mpirun")
    subprocess.run(["make", "-s", "clean"], cwd=work, check=True, capture_output=True)
    b = subprocess.run(["make", "-s", "NY=60", "NX=16"], cwd=work, capture_output=True,
                       text=True, timeout=300)
    assert b.returncode == 0, b.stderr
    env = {**os.environ, "OMPI_ALLOW_RUN_AS_ROOT": "1", "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM": "1",
           "OMPI_MCA_rmaps_base_oversubscribe": "1"}
    r = subprocess.run([run, "--oversubscribe", "-np", str(ranks), "./heat", "25"], cwd=work,
                       capture_output=True, text=True, timeout=300, env=env)
    assert r.returncode == 0, r.stderr
    return r.stdout


def test_ghost_columns_sent_per_row_are_packed_and_the_output_is_unchanged(
        tmp_path: Path) -> None:
    text = HALO
    for needle in ("MPI_Sendrecv(&u[i][0]", "MPI_Sendrecv(&u[i][NX - 1]"):  # one loop a call
        got = generate("mpi_aggregate_messages", text, "halo.c", line_of(text, needle))
        assert isinstance(got, Generated), got
        assert "packed into one message each" in got.note
        text = got.new_text
    assert "MPI_Sendrecv(&u[i][0], 1" not in text and "MPI_Sendrecv(&u[i][NX - 1], 1" not in text
    assert "MPI_Sendrecv(&row[j + 1], 1" in text  # the other function is untouched
    for ranks in (2, 3):
        before, after = tmp_path / f"b{ranks}", tmp_path / f"a{ranks}"
        shutil.copytree(DATA, before)
        shutil.copytree(DATA, after)
        (after / "halo.c").write_text(text)
        out = _make_run(before, ranks)
        assert out.startswith(f"heat {ranks} ranks")
        assert _make_run(after, ranks) == out


SEND_LOOP = """#include <mpi.h>
void push(double *a, int n, int to, int from, int rank)
{
    if (rank == 0)
        for (int i = 0; i < n; i++)
            MPI_Send(&a[i], 1, MPI_DOUBLE, to, 0, MPI_COMM_WORLD);
    else
        for (int i = 0; i < n; i++)
            MPI_Recv(&a[i], 1, MPI_DOUBLE, from, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}
"""

SCATTER = """#include <mpi.h>
void spread(double *a, double *b, int n)
{
    for (int i = 0; i < n; i++)
        MPI_Sendrecv(&a[i], 1, MPI_DOUBLE, i % 4, 0, &b[i], 1, MPI_DOUBLE, i % 4, 0,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}
"""


@pytest.mark.parametrize(("text", "needle", "why"), [
    (HALO, "MPI_Sendrecv(&row[j + 1]", "the receive into &row[j] (line 19) and &row[j + 1] "
                                        "(line 19, which the loop sends) are different"),
    (SEND_LOOP, "MPI_Send(&a[i]", "only sends: its partner calls are in another loop"),
    (SCATTER, "MPI_Sendrecv(&a[i]", "the destination i % 4 of MPI_Sendrecv varies with i"),
])
def test_packing_that_would_change_the_messages_is_refused(text: str, needle: str,
                                                           why: str) -> None:
    got = generate("mpi_aggregate_messages", text, "x.c", line_of(text, needle))
    assert isinstance(got, Refusal) and why in got.reason, got
