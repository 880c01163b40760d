"""Behaviour the second held-out set (tests/diagnose/heldout2) exposed, held on its real tool
outputs. The set's accuracy figure is measured by benches/bench_diagnosis.py (first run kept in
benches/results/diagnosis.json); these tests name what must not regress."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from tests.diagnose import heldout_score as ho

from perfscout.ingest.registry import load
from perfscout.model.metrics import ScopeKind

H2 = ho.HELDOUT2
LABELS = {lb.case: lb for lb in ho.labels(H2)}


def _analyze(case: str):  # type: ignore[no-untyped-def]
    from perfscout.pipeline.analyze import analyze
    from perfscout.sandbox import default_runner

    with tempfile.TemporaryDirectory(prefix="perfscout-h2-") as ws:
        return analyze(ho.case_files(case, root=H2), snapshot=ho.platform(case, H2),
                       runner=default_runner(Path(ws)))


def test_spaced_key_value_printout_is_read_per_rank() -> None:
    p = load(H2 / "rt2-mpi-unequal" / "data" / "mpi-output.txt")
    got = {(m.name, m.scope.name): m.value for m in p.metrics if m.scope.kind == ScopeKind.RANK}
    # "rank 1 compute 3.351 s wait 0.294 s total 3.645 s", checked by hand
    assert got[("busy.time", "1")] == pytest.approx(3.351)
    assert got[("mpi.wait_time", "1")] == pytest.approx(0.294)
    assert got[("time.elapsed", "1")] == pytest.approx(3.645)
    assert got[("busy.time", "0")] == pytest.approx(0.234)
    q = load(H2 / "alg2-tiny-allreduce" / "data" / "mpi-output.txt")
    vals = {(m.name, m.scope.name): (m.value, m.unit) for m in q.metrics}
    assert vals[("mpi.msg_size_mean", "0")] == (8.0, "B")  # bytes_per_message 8
    assert vals[("mpi.latency", "0")] == (pytest.approx(118.74), "us")
    assert vals[("mpi.msg_count", "0")][0] == 300000


def test_tiny_messages_between_balanced_ranks_are_not_imbalance() -> None:
    a = _analyze("alg2-tiny-allreduce")
    assert a.findings[0].id == "alg.small_messages"
    assert "alg.load_imbalance" not in {f.id for f in a.findings}
    assert "rebalance_decomposition" not in {p.id for p in a.proposals}


def test_unequal_ranks_make_the_wait_a_symptom_of_imbalance() -> None:
    a = _analyze("rt2-mpi-unequal")
    by = {f.id: f for f in a.findings}
    assert a.findings[0].id == "alg.load_imbalance"
    assert "alg.load_imbalance" in by["rt.mpi_wait"].caused_by


def test_the_programs_own_imbalance_ranks_above_other_jobs_load() -> None:
    a = _analyze("rt2-omp-static-imbalance")
    ids = [f.id for f in a.findings]
    assert ids[0] == "rt.omp_imbalance" and "sys.os_noise" in ids  # both said, program first
    assert "bind_threads" not in {p.id for p in a.proposals}


def test_packed_hot_code_is_not_a_vectorization_problem() -> None:
    a = _analyze("hw2-horner-packed")
    assert a.findings[0].id == "hw.compute_bound"
    assert "hw.vectorization" not in {f.id for f in a.findings}
    assert "omp_simd" not in {p.id for p in a.proposals}


def test_scalar_hot_code_is_vectorization_confirmed_by_two_families_and_aimed_at_the_hot_line(
) -> None:
    a = _analyze("hw2-poly-O1-scalar")
    f = a.findings[0]
    assert f.id == "hw.vectorization" and str(f.status.value) == "confirmed"
    assert {e.source_kind for e in f.evidence} >= {"sampling", "compiler"}
    simd = [p for p in a.proposals if p.id == "omp_simd"]
    assert simd and simd[0].scope == "polyO1.c:16"  # perf annotate's hottest line


def test_binding_is_refused_for_a_serial_run_on_a_loaded_machine() -> None:
    a = _analyze("sys2-serial-loaded")
    assert a.findings[0].id == "sys.os_noise"
    assert "bind_threads" not in {p.id for p in a.proposals}
    assert any(r.id == "bind_threads" and r.guard == "binding_needs_threads"
               for r in a.rejected)


def test_a_run_blocked_in_fsync_waits_on_the_disk() -> None:
    a = _analyze("sys2-fsync-each")
    f = a.findings[0]
    assert f.id == "sys.io"
    assert {e.metric for e in f.evidence} >= {"context_switches.voluntary_share",
                                              "syscall.sync_share"}
    assert "io_buffering" in {p.id for p in a.proposals}


def test_large_messages_are_communication() -> None:
    a = _analyze("rt2-mpi-bigswap")
    assert a.findings[0].id == "rt.mpi_communication"
    assert "mpi_aggregate_messages" not in {p.id for p in a.proposals}


def test_bandwidth_at_the_ceiling_measured_with_it_has_no_cause_upstream() -> None:
    lb = {x.case: x for x in ho.labels()}["hw-triad-ceiling-2t"]  # the first (seen) set
    s = ho.score(lb)
    assert s.ranked[0] == "hw.memory_bandwidth", s.ranked


def test_imbalance_is_confirmed_when_a_sampling_profile_sees_the_fast_ranks_wait() -> None:
    a = _analyze("rt2-mpi-unequal-perf")
    f = a.findings[0]
    assert f.id == "alg.load_imbalance" and str(f.status.value) == "confirmed"
    assert {e.source_kind for e in f.evidence} >= {"program", "sampling"}
    # the printout alone (no second family) stays a hypothesis
    b = _analyze("rt2-mpi-unequal")
    assert str(b.findings[0].status.value) == "hypothesis"


def test_the_hot_loops_own_remarks_decide_its_access_pattern() -> None:
    """The stencil's remarks call another loop (line 14) contiguous; the hot loop nest (perf
    annotate: line 19, column walk) has no such remark, so interchange is not refused."""
    a = _analyze("hw2-stencil-colmajor")
    loops = {p.id: p.scope for p in a.proposals}
    assert loops.get("loop_interchange") == "stencil_cm.c:19", loops
    assert not any(r.id == "loop_interchange" for r in a.rejected)
