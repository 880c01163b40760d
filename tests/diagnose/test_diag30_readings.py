"""Readings of real outputs a user hands over, from tests/diagnose/data/diag30 (made by each
case's gen.sh with the project's own programs):

- a rank's line reads as its time in MPI and its compute whatever the words: a count of calls
  before the routine (``2 x MPI_Alltoall 0.198 s``), a bare routine name with a time, a
  compound label for the compute (``compute+pack``), the bytes one call sent, a message count
  with its verb after the noun (``200000 messages sent``), a ``key=value`` at the line's end;
- a thread count inside a line (``lockhits: 2 threads, …``) and a team size (``team of 1
  threads``) are the run's request and the team its regions ran with;
- a thread sweep slower with more threads and a system-call trace with most of its time in
  futex are threads taking turns on a lock (two families), never a serial part;
- OMP_DISPLAY_ENV output with the program's own line after it is read as a printout with both
  families, so the capped team is seen;
- a printout's runs whose bandwidths are two or more times apart are not repeats: the slow one
  says whether the program is at the DRAM ceiling.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest

from perfscout.ingest.registry import load
from perfscout.model.metrics import Metric, ScopeKind

D = Path(__file__).parent / "data" / "diag30"


def _analyze(case: str, drop: str = ""):  # type: ignore[no-untyped-def]
    from perfscout.pipeline.analyze import analyze
    from perfscout.sandbox import default_runner

    files = [f for f in sorted((D / case / "data").iterdir()) if not drop or drop not in f.name]
    with tempfile.TemporaryDirectory() as ws:
        return analyze(files, snapshot=None, runner=default_runner(Path(ws)))


def _by_rank(ms: tuple[Metric, ...], name: str) -> dict[str, float]:
    return {m.scope.name: m.value for m in ms if m.name == name and m.scope.kind == ScopeKind.RANK}


def test_count_before_the_routine_and_compound_compute_label() -> None:
    ms = load(D / "xpose-ranks" / "data" / "run.txt").metrics
    # rank 0: compute+pack 0.016 s, 2 x MPI_Alltoall 0.198 s (16.8 MB sent per call)
    assert _by_rank(ms, "mpi.time") == {"0": 0.198, "1": 0.158}
    assert _by_rank(ms, "busy.time") == {"0": 0.016, "1": 0.056}
    assert _by_rank(ms, "mpi.msg_size_mean") == {"0": 16.8e6, "1": 16.8e6}
    assert not [m for m in ms if m.name == "time.elapsed"]  # the routine's time is not the run's
    a = _analyze("xpose-ranks")
    assert a.findings[0].id == "rt.mpi_communication"


def test_messages_sent_and_a_key_value_at_the_end_of_a_ranks_line() -> None:
    ms = load(D / "tinymsg-ranks" / "data" / "run.txt").metrics
    assert _by_rank(ms, "mpi.msg_count") == {"0": 200000.0, "1": 200000.0}
    assert _by_rank(ms, "mpi.msg_size_mean") == {"0": 48.0, "1": 48.0}
    assert _by_rank(ms, "busy.time") == {"1": 0.083, "0": 0.031}
    assert _by_rank(ms, "mpi.time") == {"1": 0.23, "0": 0.282}
    a = _analyze("tinymsg-ranks")
    assert a.findings[0].id == "alg.small_messages"


def test_thread_count_inside_a_line_scopes_each_run() -> None:
    ms = load(D / "lockhits-sweep-strace" / "data" / "run.txt").metrics
    req = {m.scope.name: m.value for m in ms if m.name == "threads.requested"}
    took = {m.scope.name: m.value for m in ms if m.name == "time.elapsed"}
    assert req == {"run 1": 1.0, "run 2": 2.0}
    assert took == {"run 1": 0.034, "run 2": 0.153}


def test_futex_trace_beside_a_slower_sweep_is_lock_contention_confirmed() -> None:
    a = _analyze("lockhits-sweep-strace")
    top = a.findings[0]
    assert top.id == "rt.sync_contention"
    assert str(top.status.value) == "confirmed"
    assert {e.source_kind for e in top.evidence} >= {"program", "instrumentation"}
    assert "rt.serial_fraction" not in [f.id for f in a.findings]  # no serial part slows a run


def test_the_slower_sweep_alone_is_not_called_a_lock() -> None:
    # look-alike: without the trace nothing says what each thread pays for
    a = _analyze("lockhits-sweep-strace", drop="strace")
    assert "rt.sync_contention" not in [f.id for f in a.findings]


def test_display_env_with_the_programs_line_is_read_as_a_printout() -> None:
    p = load(D / "teamcap-limit-env" / "data" / "job.out")
    assert p.format == "program-output"
    names = {m.name: m for m in p.metrics}
    assert names["omp.thread_limit"].value == 1.0
    assert names["omp.thread_limit"].family == "runtime_report"
    assert names["event.team_size"].value == 1.0
    assert names["time.elapsed"].value == 0.025
    assert _analyze("teamcap-limit-env").findings[0].id == "rt.threads_lowered"


def test_runs_far_apart_in_bandwidth_are_judged_by_the_slow_one() -> None:
    from perfscout.diagnose.engine import Context
    from perfscout.diagnose.rules.common import achieved_bw

    profs = (load(D / "scatter-orders-likwid" / "data" / "run.txt"),)
    got = achieved_bw(Context(profs, None, {}))
    assert got is not None and got.value == pytest.approx(1850.0)  # creation order, not 4520
    a = _analyze("scatter-orders-likwid")
    assert a.findings[0].id == "hw.cache_locality"
    # without the simulator: the faster order shows the machine moves more, so the slow run at
    # 18% of the ceiling is no bandwidth problem, and nothing else is measured
    b = _analyze("scatter-orders-likwid", drop="cg_annotate")
    assert "hw.memory_bandwidth" not in [f.id for f in b.findings]


# -- perf sched: the program's run-queue wait, the program named by another input -------------

def _sched(name: str, *others: str):  # type: ignore[no-untyped-def]
    from perfscout.ingest.registry import load_set

    d = D / "oversub-sched-latency" / "data"
    got = load_set([d / name, *(d / o for o in others)]).profiles
    return next(p for p in got if p.format == "perf-sched")


def _val(p, name: str) -> float:  # type: ignore[no-untyped-def]
    return next(m.value for m in p.metrics if m.name == name)


def test_perf_sched_latency_of_the_program_another_input_names() -> None:
    # "oversub:(4) | 706.343 ms | 196 | avg: 13.447 ms": 4 threads, 196 x 13.447 ms queued
    p = _sched("perf-sched-latency.txt", "run.txt")
    assert p.meta["task"] == "oversub"
    assert _val(p, "time.cpu") == pytest.approx(0.706343)
    assert _val(p, "sched.wait_time") == pytest.approx(196 * 13.447e-3)
    assert _val(p, "threads.observed") == 4
    # alone, nothing names the program: the busiest task that is no tool is taken and said so
    # (here the other user's xslookup, 858.578 ms), which is why the printout's command counts
    alone = load(D / "oversub-sched-latency" / "data" / "perf-sched-latency.txt")
    assert alone.meta["task"] == "xslookup"


def test_perf_sched_timehist_counts_waits_after_a_preemption() -> None:
    p = _sched("perf-sched-timehist.txt", "run.txt")
    assert p.meta["task"] == "oversub" and _val(p, "threads.observed") == 4
    wait = next(m for m in p.metrics if m.name == "sched.wait_time")
    assert "state R" in wait.raw_name
    # the first 400 events: the four threads queued about 2 s behind each other and the
    # other jobs, against 0.55 s on a CPU (the latency report over the whole run: 2.6 s)
    assert 1.0 < wait.value < 3.0 and _val(p, "time.cpu") == pytest.approx(0.5523, abs=1e-3)


def test_more_threads_than_cpus_queued_is_oversubscription_not_other_jobs() -> None:
    from tests.diagnose import heldout_score as hs

    from perfscout.model.snapshot import PlatformSnapshot
    from perfscout.pipeline.analyze import analyze
    from perfscout.sandbox import default_runner

    files = sorted((D / "oversub-sched-latency" / "data").iterdir())
    snap = hs.platform("oversub-sched-latency", D)
    assert isinstance(snap, PlatformSnapshot)
    with tempfile.TemporaryDirectory() as ws:
        a = analyze(files, snapshot=snap, runner=default_runner(Path(ws)))
    top = a.findings[0]
    assert top.id == "sys.oversubscription"
    # the scheduler trace's queueing (a trace: instrumentation, beside the kernel's totals)
    assert any(e.metric == "sched.wait_share" and e.source_kind == "instrumentation"
               for e in top.evidence)
    assert "sys.os_noise" not in [f.id for f in a.findings]
    # data requests run the user's program as the printout echoed it, not "./app"
    commands = [" ".join(r.command) for r in a.data_requests if r.command]
    assert commands and all("./oversub 300000000" in c for c in commands), commands


def test_cachegrind_branch_simulation_gives_the_branch_miss_ratio() -> None:
    # PROGRAM TOTALS: Bc 5,270,273, Bcm 868,061, Bi 200,332, Bim 169
    p = load(D / "branchy-cachegrind" / "data" / "cg_annotate-branch.txt")
    ratio = next(m for m in p.metrics if m.name == "branch_miss_ratio")
    assert ratio.value == pytest.approx((868061 + 169) / (5270273 + 200332))
    assert _analyze("branchy-cachegrind").findings[0].id == "hw.bad_speculation"


def test_gcc_optimization_record_gives_the_vectorizer_verdicts() -> None:
    # vecloops.c: line 2 a sum of squares and line 3 a copy are vectorized (32-byte vectors),
    # line 4's gather b[i] = a[idx[i]] + b[i-1] carries a dependence and is not
    p = load(D / "optrecord-loops" / "data" / "vecloops.c.opt-record.json.gz")
    assert p.format == "opt-record"
    got = {(r.line, r.vectorized) for r in p.remarks}
    assert got == {(2, True), (3, True), (4, False)}
    counts = {m.name: m.value for m in p.metrics if m.scope.kind == ScopeKind.PROCESS}
    assert counts == {"vector.loops_vectorized": 2.0, "vector.loops_missed": 1.0}


def test_a_damaged_optimization_record_is_one_clear_error(tmp_path: Path) -> None:
    from perfscout.model.errors import ParseError

    good = (D / "optrecord-loops" / "data" / "vecloops.c.opt-record.json.gz").read_bytes()
    bad = tmp_path / "cut.c.opt-record.json.gz"
    bad.write_bytes(good[: len(good) // 2])  # a copy cut short
    with pytest.raises(ParseError, match="optimization-record"):
        load(bad)


def test_misses_on_the_programs_own_list_walk_are_the_data_structure() -> None:
    # listwalk.c: `for (node *p = head; p; p = p->next)` over nodes linked in random order;
    # cachegrind puts nearly all D1 misses on the two walks (lines 21-23)
    a = _analyze("listwalk-cachegrind")
    top = a.findings[0]
    assert top.id == "app.data_structure"
    assert top.scope.rsplit("/", 1)[-1] in ("listwalk.c:21", "listwalk.c:23")
    share = next(e.value for e in top.evidence if e.metric == "cache.miss_line_share")
    assert share is not None and share > 0.7
    # no loop order or tile changes which node comes next
    assert not {"loop_interchange", "loop_tiling"} & {p.id for p in a.proposals}
    # look-alike: misses of a scattered array update (no pointer walk) stay a locality finding
    assert _analyze("scatter-orders-likwid").findings[0].id == "hw.cache_locality"


def test_with_two_simulations_the_miss_line_comes_from_the_run_with_more_misses() -> None:
    from perfscout.advise.facts import Facts

    # scatter-orders' creation order misses 23.9% of its D1 accesses, listwalk's 20.3%: the
    # miss line is the deposit's, in either order of the inputs, though listwalk's walk line
    # holds more misses in absolute number
    scat = load(D / "scatter-orders-likwid" / "data" / "cg_annotate-creation.txt")
    walk = load(D / "listwalk-cachegrind" / "data" / "cg_annotate.txt")
    ratio = {p.path: next(m.value for m in p.metrics if m.name == "d1.miss_ratio")
             for p in (scat, walk)}
    assert ratio[scat.path] > ratio[walk.path]
    most = {p.path: max(m.value for m in p.metrics if m.name == "d1.misses") for p in (scat, walk)}
    assert most[walk.path] > most[scat.path]
    for order in ([scat, walk], [walk, scat]):
        line = Facts.build([], None, order).miss_line()
        assert line is not None and line.rsplit("/", 1)[-1].startswith("scatteradd.c:"), line


def test_a_compute_rate_falling_as_the_data_grows_is_locality() -> None:
    # "GFLOP/s=5.869" at n=100 down to "GFLOP/s=2.584" at n=1100: the same multiply-adds per
    # element, 2.3x slower as the matrices leave the caches
    a = _analyze("mmrate-size-sweep")
    top = a.findings[0]
    assert top.id == "hw.cache_locality" and str(top.status.value) == "hypothesis"
    drop = next(e for e in top.evidence if e.metric == "scaling.rate_drop")
    assert drop.value == pytest.approx(5869 / 2584, rel=1e-3) and drop.source_kind == "program"
    assert any("cachegrind" in " ".join(r.command) for r in a.data_requests)  # asks for misses
    # look-alike: sizes that stay in the caches keep their rate within 1.4x: nothing is said
    assert "hw.cache_locality" not in [f.id for f in _analyze("mmrate-in-cache").findings]


def test_a_ranks_whole_step_beside_its_mpi_time_is_no_compute_time() -> None:
    # "rank 0: step 0.072 s, allreduce 0.036 s": the step holds the allreduce, so it is not
    # the rank's compute (0.072 + 0.036 would count the allreduce twice); the MPI time is read
    ms = load(D / "stepranks-whole" / "data" / "run.txt").metrics
    assert _by_rank(ms, "mpi.time") == {"1": 0.0, "0": 0.036}
    assert _by_rank(ms, "busy.time") == {}
