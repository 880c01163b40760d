"""One MPI collective per value, read from the program's own printout of its call counts
(real runs: tests/diagnose/data/diag22/make.sh, src/gather1.c under mpirun -np 2): 200000
``MPI_Gather`` calls of 8 B per rank taking 0.164 of 0.174 s is ``alg.small_messages`` with
``mpi_aggregate_messages``; the same gather in one call of 1.6 MB is not."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from tests.diagnose.build import snapshot

from perfscout.ingest.registry import load
from perfscout.pipeline.analyze import analyze
from perfscout.sandbox import default_runner

D = Path(__file__).parent / "data" / "diag22"


def _two_cpus():  # type: ignore[no-untyped-def]
    s = snapshot(sockets=1, cores_per_socket=2, nodes=1, counters=False)
    return replace(s, cpu=replace(s.cpu, online_cpus=2, total_cpus=2))


def test_printed_mpi_call_counts_are_messages() -> None:
    p = load(D / "gather-per-value-output.txt")
    # "rank 0: MPI_Gather calls 200000, bytes per call 8, gather time 0.164 s, ..."
    got = {(m.name, m.scope.name): m.value for m in p.metrics}
    assert got[("mpi.msg_count", "0")] == 200000 and got[("mpi.msg_count", "1")] == 200000
    assert got[("mpi.msg_size_mean", "0")] == 8
    # the routine's time stays an event (derive makes it that call's MPI time, so a
    # collective counts as waiting, as for any printed MPI phase)
    assert got[("event.gather time", "0")] == 0.164


def test_one_gather_per_value_is_small_messages(tmp_path: Path) -> None:
    a = analyze([D / "gather-per-value-output.txt"], snapshot=_two_cpus(),
                runner=default_runner(tmp_path))
    assert a.findings[0].id == "alg.small_messages"
    assert "mpi_aggregate_messages" in {p.id for p in a.proposals}


def test_one_gather_of_the_whole_array_is_not(tmp_path: Path) -> None:
    a = analyze([D / "gather-batch-output.txt"], snapshot=_two_cpus(),
                runner=default_runner(tmp_path))
    assert "alg.small_messages" not in {f.id for f in a.findings}
    assert "mpi_aggregate_messages" not in {p.id for p in a.proposals}
