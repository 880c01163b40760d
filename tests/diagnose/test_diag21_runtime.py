"""Runtime-layer rules on real job logs made here (gcc/gfortran -fopenmp, perf with cpu-clock,
GNU time: tests/diagnose/data/diag21/make.sh), each with a look-alike that stays silent:

- ``OMP_DYNAMIC='TRUE'`` in OMP_DISPLAY_ENV and fewer threads timing themselves than requested
  is ``rt.threads_lowered`` naming dynamic adjustment (the fix sets OMP_DYNAMIC=false), not
  oversubscription by the request, nor imbalance from the 0 s a thread that never ran prints;
  OMP_DYNAMIC='FALSE' with the full team says nothing;
- iterations whose cost grows with the index under schedule(static) (per-thread CPU times, or
  perf report --sort pid,comm) are ``rt.omp_imbalance`` with a dynamic/guided schedule proposed
  and no vector proposal, even when the annotate of the loop shows scalar code; equal costs
  say nothing;
- six active-wait threads on two CPUs in a log holding OMP_DISPLAY_ENV beside a ``time -v``
  report are ``sys.oversubscription`` ahead of os_noise; two threads are neither."""

from __future__ import annotations

import tempfile
from dataclasses import replace
from pathlib import Path

import pytest
from tests.diagnose.build import snapshot

from perfscout.ingest.registry import load
from perfscout.model.snapshot import PlatformSnapshot
from perfscout.pipeline.analyze import Analysis, analyze
from perfscout.sandbox import default_runner

D = Path(__file__).parent / "data" / "diag21"


def _two_cpus() -> PlatformSnapshot:
    s = snapshot(sockets=1, cores_per_socket=2, nodes=1, counters=False)
    return replace(s, cpu=replace(s.cpu, online_cpus=2, total_cpus=2))


def _run(*files: str) -> Analysis:
    with tempfile.TemporaryDirectory(prefix="perfscout-diag21-") as ws:
        return analyze([str(D / f) for f in files], snapshot=_two_cpus(),
                       runner=default_runner(Path(ws)))


def _ids(a: Analysis) -> list[str]:
    return [f.id for f in a.findings]


def test_omp_dynamic_read_from_display_env() -> None:
    on = [m for m in load(D / "dyn_lowered.txt").metrics if m.name == "omp.dynamic"]
    off = [m for m in load(D / "dyn_false.txt").metrics if m.name == "omp.dynamic"]
    assert [m.value for m in on] == [1.0] and [m.value for m in off] == [0.0]


def test_dynamic_teams_lowered_names_the_cause() -> None:
    a = _run("dyn_lowered.txt")
    assert _ids(a)[0] == "rt.threads_lowered"
    f = a.findings[0]
    assert "OMP_DYNAMIC" in f.title
    assert any(e.metric == "omp.dynamic" for e in f.evidence)
    # 4 requested on 2 CPUs, but one thread ran: nothing time-shared the cores
    assert "sys.oversubscription" not in _ids(a)
    prop = next(p for p in a.proposals if p.id == "restore_thread_count")
    assert prop.change.env.get("OMP_DYNAMIC") == "false"
    assert prop.change.params["threads"] <= 2


def test_dynamic_team_in_a_time_log_is_lowered_not_imbalanced() -> None:
    """A loaded node, 2 threads requested, the program printing every requested thread (the
    one that never ran prints 0 s), all inside a ``time -v`` log."""
    a = _run("dyn_loaded_timev.txt")
    assert _ids(a) == ["rt.threads_lowered"]
    assert "OMP_DYNAMIC" in a.findings[0].title
    assert "rebalance_decomposition" not in [p.id for p in a.proposals]


def test_printed_team_size_counts_the_threads_that_ran() -> None:
    """No per-thread timers: each region prints omp_get_num_threads() (``team size 1``)."""
    a = _run("dyn_teamsize.txt")
    assert _ids(a) == ["rt.threads_lowered"]
    assert any(e.metric == "threads.running" and e.value == 1 for e in a.findings[0].evidence)
    assert _ids(_run("full_teamsize.txt")) == []


def test_full_team_without_dynamic_is_silent() -> None:
    ids = _ids(_run("dyn_false.txt"))
    assert "rt.threads_lowered" not in ids and "sys.oversubscription" not in ids


def test_sorted_costs_static_printout_is_imbalance_with_schedule() -> None:
    a = _run("static_sorted.txt")
    assert _ids(a)[0] == "rt.omp_imbalance"
    prop = next(p for p in a.proposals if p.id == "omp_dynamic_schedule")
    assert "schedule(dynamic" in prop.title
    assert "rt.omp_imbalance" not in _ids(_run("static_even.txt"))


def test_perf_report_by_pid_comm_reads_threads() -> None:
    rows = [m for m in load(D / "sorted_perf_pid.txt").metrics
            if m.name == "samples" and m.unit == "share"]
    assert len(rows) == 2 and max(r.value for r in rows) > 0.6


def test_sampled_imbalance_outranks_scalar_code_and_refuses_vectors() -> None:
    a = _run("sorted_perf_pid.txt", "sorted_perf_sym.txt", "sorted_annotate.txt")
    ids = _ids(a)
    assert ids[0] == "rt.omp_imbalance" and "hw.vectorization" in ids
    proposed = [p.id for p in a.proposals]
    assert "omp_dynamic_schedule" in proposed and "rebalance_decomposition" not in proposed
    assert not {"omp_simd", "compiler_arch", "compiler_opt_level"} & set(proposed)
    assert any(r.guard == "imbalance_not_vectors" for r in a.rejected if r.id == "omp_simd")


def test_equal_costs_sampled_is_silent() -> None:
    assert "rt.omp_imbalance" not in _ids(_run("even_perf_pid.txt", "even_perf_sym.txt"))


@pytest.mark.parametrize(("name", "over"), [("omp6_active.txt", True),
                                            ("omp2_active.txt", False)])
def test_active_threads_beyond_cpus_in_a_time_log(name: str, over: bool) -> None:
    req = [m.value for m in load(D / name).metrics if m.name == "threads.requested"]
    assert req and max(req) == (6 if over else 2)
    ids = _ids(_run(name))
    if over:
        assert ids[0] == "sys.oversubscription"
    else:
        assert "sys.oversubscription" not in ids and "sys.os_noise" not in ids
