"""Open MPI's monitoring files (``--mca pml_monitoring_enable 2 --mca
pml_monitoring_enable_output 3``), made here by tests/diagnose/data/diag14/make.sh: rank 0 of
an element-wise MPI_Allreduce of 2097152 doubles, 20 calls, and of the fixed program reducing
one double per call. Values checked by hand against the files; mutated copies either parse or
raise ParseError."""

from __future__ import annotations

import contextlib
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings

from ingest.fuzzing import mutated_lines
from perfscout.ingest.registry import get_adapter, load
from perfscout.model.errors import ParseError
from perfscout.model.metrics import ScopeKind

D = Path(__file__).parents[1] / "diagnose" / "data" / "diag14"
BULK = D / "ompi-monitoring-resmax.0.prof"


def _coll(p):  # type: ignore[no-untyped-def]
    return {(m.name, m.scope.name, m.scope.parent): m.value for m in p.metrics
            if m.scope.kind == ScopeKind.CALLSITE}


def test_collective_bytes_and_calls_per_communicator() -> None:
    p = load(BULK)
    assert p.format == "ompi-monitoring"
    got = _coll(p)
    # "A2A\t0\t335544320 bytes\t20 msgs sent" under "D\tMPI_COMM_WORLD": 16 MiB per call
    assert got[("mpi.coll_bytes", "A2A@MPI_COMM_WORLD", "rank 0")] == 335544320
    assert got[("mpi.coll_calls", "A2A@MPI_COMM_WORLD", "rank 0")] == 20
    # rows with 0 msgs (MPI_COMM_SELF, one-to-all) are not measurements
    assert not any("MPI_COMM_SELF" in k[1] or k[1].startswith("O2A") for k in got)
    p2p = {(m.name, m.scope.parent): m.value for m in p.metrics
           if m.scope.kind == ScopeKind.RANK and m.scope.name == "0"}
    assert p2p[("mpi.bytes_sent", "to rank 1")] == 335544320  # the "C" row follows the "I"
    assert p.unparsed_lines == 0


def test_the_scalar_reduction_moves_eight_bytes_per_call() -> None:
    got = _coll(load(D / "ompi-monitoring-scalar.0.prof"))
    assert got[("mpi.coll_bytes", "A2A@MPI_COMM_WORLD", "rank 0")] / got[
        ("mpi.coll_calls", "A2A@MPI_COMM_WORLD", "rank 0")] == 8


SEED = BULK.read_text().splitlines()


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=mutated_lines(SEED))
def test_fuzz_monitoring(data: list[str]) -> None:
    with tempfile.TemporaryDirectory() as d:
        target = Path(d) / "mon.0.prof"
        target.write_text("\n".join(data) + "\n", encoding="utf-8", errors="replace")
        with contextlib.suppress(ParseError):
            get_adapter("ompi-monitoring").parse(target)
