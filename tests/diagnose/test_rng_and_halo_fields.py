"""Per-item seeding and per-field messages on fixtures made here with the real tools:
tests/diagnose/data/rng_seed/make.sh (src/paths.cpp: std::mt19937_64 or C srandom() seeded per
Monte Carlo path vs one engine for the run) and tests/diagnose/data/halo_fields/make.sh
(src/halofields.c on 2 ranks: one MPI_Sendrecv per field per step vs one packed message)."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.diagnose.build import m, prof

from perfscout.diagnose.engine import diagnose
from perfscout.diagnose.rules.app_compute import _engine_part
from perfscout.ingest.derive import derive
from perfscout.ingest.registry import load
from perfscout.model.metrics import Hotspot, ScopeKind

DATA = Path(__file__).parent / "data"
RNG = DATA / "rng_seed"
HALO = DATA / "halo_fields"


def _findings(d: Path, *names: str) -> list:
    return list(diagnose([derive(load(d / n)) for n in names], None).findings)


@pytest.mark.parametrize("name", ["perf-report-mc-perpath.txt", "perf-report-mc-crand.txt",
                                  "gprof-flat-mc-perpath.txt"])
def test_an_engine_seeded_per_path_is_redundant_work(name: str) -> None:
    f = _findings(RNG, name)[0]
    assert f.id == "app.redundant_work"
    assert f.evidence[0].metric == "rng.setup_share" and f.evidence[0].value >= 0.30


def test_c_srandom_per_path_measured_by_hand() -> None:
    # "90.57% __srandom_r", "0.94% __srandom" (seeding) against "3.77% __random" (drawing)
    f = _findings(RNG, "perf-report-mc-crand.txt")[0]
    assert abs(f.evidence[0].value - (0.9057 + 0.0094)) < 0.005
    assert "24x the 3.8% of drawing numbers" in str(f.evidence[0])


@pytest.mark.parametrize("name", ["perf-report-mc-once.txt", "perf-report-mc-conce.txt",
                                  "gprof-flat-mc-once.txt", "gprof-flat-mc-conce.txt"])
def test_one_engine_for_the_run_stays_silent(name: str) -> None:
    # drawing numbers is the job: "47.37% main, 36.84% __random, 15.79% __random_r" (conce)
    assert "app.redundant_work" not in [f.id for f in _findings(RNG, name)]


def test_runtime_generators_are_seed_and_draw_rows() -> None:
    assert [_engine_part(Hotspot(n)) for n in ("__srandom_r", "srand48", "gsl_rng_set",
                                               "_gfortran_random_seed_i4")] == ["seed"] * 4
    assert [_engine_part(Hotspot(n)) for n in ("__random", "random_r", "drand48",
                                               "_gfortran_random_r8")] == ["draw"] * 4
    assert _engine_part(Hotspot("randomize_layout")) == ""


def test_one_message_per_field_to_one_peer_is_small_messages() -> None:
    # monitoring rank 0: "E 0 1 81920000 bytes 80000 msgs sent": 1,024 B each (128 doubles);
    # 40 fields x 2000 steps = 80000 messages, as the printout counts
    f = _findings(HALO, "halo-perfield-output.txt", "monitoring-perfield.0.prof",
                  "monitoring-perfield.1.prof")[0]
    assert f.id == "alg.small_messages"
    sizes = [e.value for e in f.evidence if e.metric == "mpi.msg_size_mean"]
    assert sizes == [81920000 / 80000]
    assert _findings(HALO, "monitoring-perfield.0.prof")[0].id == "alg.small_messages"


def test_the_packed_exchange_is_no_small_messages() -> None:
    # one message of 40 rows (40,960 B) per step: 2000 messages, each far above 4 KiB
    ids = [f.id for f in _findings(HALO, "halo-packed-output.txt", "monitoring-packed.0.prof",
                                   "monitoring-packed.1.prof")]
    assert "alg.small_messages" not in ids


def test_monitoring_printed_on_stdout_between_the_ranks_lines_is_read() -> None:
    # "rank 0: compute 0.1294 s exchange 0.5184 s messages 8000", then the monitoring block
    # "E\t1\t0\t8192000 bytes\t8000 msgs sent..." for each rank (pml_monitoring_enable_output 1)
    p = load(HALO / "halo-perfield-stdout.txt")
    sent = [x for x in p.metrics if x.name == "mpi.bytes_sent"]
    assert sorted(x.value for x in sent) == [8192000, 8192000]
    assert {x.family for x in sent} == {"runtime_report"}
    comm = {x.scope.name: x.value for x in p.metrics if x.name == "mpi.time"}
    assert comm == {"0": 0.5184, "1": 0.6032}  # "exchange" with seconds is the MPI time


def test_latency_bound_ranks_are_not_called_imbalanced() -> None:
    # compute 0.1294 s vs 0.0447 s (max/mean 1.49, 6.5% of rank 0's 0.648 s), but each rank
    # is in MPI 0.52-0.60 s for 8000 messages of 1 KiB: the spread is not where time goes
    ids = [f.id for f in _findings(HALO, "halo-perfield-stdout.txt")]
    assert ids[0] == "alg.small_messages" and "alg.load_imbalance" not in ids
    assert "alg.small_messages" not in [f.id for f in _findings(HALO, "halo-packed-stdout.txt")]


def test_an_imbalance_with_large_messages_stays_an_imbalance() -> None:
    # the look-alike: the same printout shape with 1 MiB messages; rank 0 computes 3x rank 1
    def rank(r: str, busy: float, comm: float) -> list:
        return [m("busy.time", busy, unit="s", kind=ScopeKind.RANK, scope=r),
                m("mpi.time", comm, unit="s", kind=ScopeKind.RANK, scope=r),
                m("mpi.msg_count", 2000, unit="count", kind=ScopeKind.RANK, scope=r)]
    out = prof("program-output", "out.txt", *rank("0", 3.0, 0.4), *rank("1", 1.0, 2.4),
               m("mpi.msg_size_mean", 1048576, unit="B"))
    ids = [f.id for f in diagnose([derive(out)], None).findings]
    assert "alg.load_imbalance" in ids
    small = prof("program-output", "out.txt", *rank("0", 3.0, 0.4), *rank("1", 1.0, 2.4),
                 m("mpi.msg_size_mean", 1024, unit="B"))
    # small messages, but the busiest rank is in MPI 0.4 s, less than the 2 s spread: the
    # imbalance is still what the fast rank waits for
    assert "alg.load_imbalance" in [f.id for f in diagnose([derive(small)], None).findings]


def test_a_spread_small_against_the_ranks_printed_phases_is_no_imbalance(tmp_path: Path) -> None:
    # no run time printed: rank 0 ran at least 0.116 + 1.2 s; its 0.0225 s above the mean
    # compute is 1.7% of that, under imbalance.min_cost (5%)
    f = tmp_path / "out.txt"
    f.write_text("rank 0: compute 0.116 s output 1.2 s\nrank 1: compute 0.071 s output 1.25 s\n")
    assert "alg.load_imbalance" not in [x.id for x in diagnose([derive(load(f))], None).findings]
    g = tmp_path / "short.txt"  # the same spread with short phases: 17% of rank 0's 0.136 s
    g.write_text("rank 0: compute 0.116 s output 0.02 s\nrank 1: compute 0.071 s output 0.02 s\n")
    assert "alg.load_imbalance" in [x.id for x in diagnose([derive(load(g))], None).findings]
