"""``perf report --sort pid,dso`` of a 2-rank Open MPI run (tests/ingest/data/user_evidence/
make.sh: src/unequal_mpi.c, rank 0 given 3/4 of the points, or half): each rank's compute
share is its samples outside the MPI, transport, loader libraries and the kernel; Open MPI's
helper threads (perf's pid key is the thread id) are no ranks."""

from __future__ import annotations

from pathlib import Path

from perfscout.diagnose.engine import diagnose
from perfscout.ingest.registry import load

D = Path(__file__).parent / "data" / "user_evidence"


def _shares(name: str) -> dict[str, float]:
    p = load(D / f"perf-report-pid-dso-{name}.txt")
    return {m.raw_name: m.value for m in p.metrics if m.name == "compute.share"}


def test_each_rank_computes_in_its_own_code_and_libm_not_in_open_mpi() -> None:
    # 32182: libm 36.55% + unequal 6.73% + libc 0.44%; 32183: libm 10.23% + unequal 1.56%
    # + libc 0.38% (libopen-pal 18.81%, mca_btl_vader 10.64%, libmpi are waiting, not compute)
    got = _shares("unequal")
    assert set(got) == {"32182:unequal", "32183:unequal"}  # helpers 32184/32186/32187 left out
    assert round(got["32182:unequal"], 4) == 0.4372 and round(got["32183:unequal"], 4) == 0.1217


def test_unequal_ranks_are_a_load_imbalance_that_explains_the_mpi_wait() -> None:
    d = diagnose([load(D / "perf-report-pid-dso-unequal.txt")])
    ids = [f.id for f in d.findings]
    assert ids[0] == "alg.load_imbalance"
    ratio = next(e.value for e in d.findings[0].evidence
                 if e.metric == "imbalance.max_over_mean")
    assert ratio is not None and 1.5 < ratio < 1.6  # 0.4372 / mean(0.4372, 0.1217)
    wait = next(f for f in d.findings if f.id == "rt.mpi_wait")
    assert "alg.load_imbalance" in wait.caused_by


def test_equal_ranks_are_no_imbalance() -> None:
    got = _shares("even")
    assert len(got) == 2 and max(got.values()) / min(got.values()) < 1.05
    d = diagnose([load(D / "perf-report-pid-dso-even.txt")])
    assert "alg.load_imbalance" not in [f.id for f in d.findings]
