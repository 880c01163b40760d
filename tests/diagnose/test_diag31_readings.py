"""Scheduler traces, phase printouts and sweeps holding the work fixed, from
tests/diagnose/data/diag31 (made by each case's
gen.sh with the project's own programs and the real ``perf sched``):

- ``perf sched timehist -s`` (the runtime summary) is read: the program's run time per thread,
  its migrations, and the CPUs other tasks kept busy over the recording; the per-event listing
  gives the CPUs the program's threads ran on and the CPUs it kept busy between its first and
  last event;
- a scheduler trace is a second family beside the kernel's running totals (``/usr/bin/time``)
  and a program's printout, so a serial part, a binding to one CPU and other jobs holding the
  CPUs are each confirmed by the trace;
- a printed phase whose label carries a bracketed mark (``setup (serial) 0.965 s``) is that
  phase's time, not the value of the next label;
- a balanced two-thread run that got about one CPU beside other jobs is contention, not a
  serial part;
- a sweep's work column (``cell_updates``) is the work each run did: held fixed while the time
  per unit of it grows 19x, the data leave the caches (a second family beside cachegrind's
  misses); growing with the size as the time does, the algorithm needs that work (no
  super-linear complexity).
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest

from perfscout.ingest.registry import load
from perfscout.model.findings import Status
from perfscout.model.metrics import Metric, ScopeKind

D = Path(__file__).parent / "data" / "diag31"


def _analyze(case: str, drop: str = "", files: list[Path] | None = None
             ):  # type: ignore[no-untyped-def]
    import json

    from perfscout.model.serialize import from_jsonable
    from perfscout.model.snapshot import PlatformSnapshot
    from perfscout.pipeline.analyze import analyze
    from perfscout.sandbox import default_runner

    if files is None:
        files = [f for f in sorted((D / case / "data").iterdir())
                 if not drop or drop not in f.name]
    snap = from_jsonable(PlatformSnapshot, json.loads((D / case / "platform.json").read_text())
                         ["data"])
    with tempfile.TemporaryDirectory() as ws:
        return analyze(files, snapshot=snap, runner=default_runner(Path(ws)))


def _one(ms: tuple[Metric, ...], name: str) -> float:
    got = [m.value for m in ms if m.name == name and m.scope.kind == ScopeKind.PROCESS]
    assert len(got) == 1, (name, got)
    return got[0]


def test_timehist_summary_reads_the_programs_threads_and_the_others() -> None:
    p = load(D / "serial-sched-summary" / "data" / "perf-sched-summary.txt")
    assert p.format == "perf-sched"
    assert p.meta["task"] == "prefixsum"
    # prefixsum[17952] 968.619 ms, prefixsum[17954/17952] 119.914 ms; sched-in 7 + 29
    assert _one(p.metrics, "time.cpu") == pytest.approx(1.088533)
    assert _one(p.metrics, "threads.observed") == 2
    assert _one(p.metrics, "sched.timeslices") == 36
    assert _one(p.metrics, "cpu_migrations") == 0
    per = {m.scope.name: m.value for m in p.metrics
           if m.name == "time.cpu" and m.scope.kind == ScopeKind.THREAD}
    assert per == {"17952": pytest.approx(0.968619), "17954": pytest.approx(0.119914)}
    # the summary states no queueing delay, and its span is the recording's: no utilization
    assert not [m for m in p.metrics if m.name in ("sched.wait_time", "cpu.utilized")]


def test_timehist_summary_other_jobs_cpus() -> None:
    p = load(D / "busy-sched-summary" / "data" / "perf-sched-summary.txt")
    # alone, the busiest task that is no tool is taken: otherjob (two processes, 329.298 +
    # 328.508 ms) against raysum (326.080 + 326.271 ms); the others then include raysum
    assert p.meta["task"] == "otherjob"
    # others: every task but otherjob, the tools and the kernel's threads, over 657.437 ms
    others = _one(p.metrics, "machine.others_cpus")
    assert others == pytest.approx((0.109 + 0.021 + 0.023 + 0.756 + 326.080 + 326.271)
                                   / 657.437, rel=1e-3)


def test_timehist_events_cpus_and_own_span() -> None:
    p = load(D / "pinned-sched-events" / "data" / "perf-sched-timehist.txt")
    assert p.meta["task"] == "raysum"
    assert _one(p.metrics, "threads.per_cpu") == 2.0  # two threads, every event on [0000]
    busy = _one(p.metrics, "cpu.utilized")
    assert 0.9 < busy <= 1.0  # one CPU, shared by the two threads, busy throughout


def test_bracketed_phase_marks_name_the_phase() -> None:
    ms = load(D / "serial-sched-summary" / "data" / "run.txt").metrics
    got = {(m.name, m.scope.name): m.value for m in ms if m.scope.kind == ScopeKind.RUN
           and m.name in ("time.serial", "time.parallel", "time.elapsed")}
    # setup (serial) 0.965 s  update (omp) 0.094 s  total 1.059 s (1 thread), then 0.947,
    # 0.056, 1.003 (2 threads)
    assert got == {("time.serial", "run 1"): 0.965, ("time.parallel", "run 1"): 0.094,
                   ("time.elapsed", "run 1"): 1.059, ("time.serial", "run 2"): 0.947,
                   ("time.parallel", "run 2"): 0.056, ("time.elapsed", "run 2"): 1.003}
    assert not [m for m in ms if m.name == "event.update"]


def test_serial_part_confirmed_by_the_trace() -> None:
    a = _analyze("serial-sched-summary")
    top = a.findings[0]
    assert top.id == "rt.serial_fraction"
    assert top.status == Status.CONFIRMED
    fams = {e.source_kind for e in top.evidence}
    assert "instrumentation" in fams  # the trace: the main thread ran 8x the worker
    alone = _analyze("serial-sched-summary", drop="perf-sched")
    assert alone.findings[0].id == "rt.serial_fraction"
    assert alone.findings[0].status == Status.HYPOTHESIS


def test_binding_to_one_cpu_confirmed_by_the_trace() -> None:
    a = _analyze("pinned-sched-events")
    top = a.findings[0]
    assert top.id == "rt.affinity"
    assert top.status == Status.CONFIRMED
    assert {"runtime_report", "instrumentation"} <= {e.source_kind for e in top.evidence}
    # the trace alone: two threads only ever on CPU 0 of 2 online, no report of the mask
    alone = _analyze("pinned-sched-events", drop="job.out")
    assert alone.findings[0].id == "rt.affinity"
    assert alone.findings[0].status == Status.HYPOTHESIS


def test_other_jobs_beside_a_balanced_run_are_contention_not_a_serial_part() -> None:
    a = _analyze("busy-sched-summary")
    ids = [f.id for f in a.findings]
    assert ids[0] == "sys.os_noise", ids
    assert "rt.serial_fraction" not in ids
    assert a.findings[0].status == Status.CONFIRMED
    # without the trace nothing says other jobs ran (the snapshot was taken before them)
    alone = _analyze("busy-sched-summary", drop="perf-sched")
    assert "sys.os_noise" not in [f.id for f in alone.findings]


def test_a_work_column_is_the_work_each_run_did() -> None:
    ms = load(D / "fixedwork-sweep-cachegrind" / "data" / "size-sweep.csv").metrics
    work = {m.scope.name: m.value for m in ms if m.name == "work.items"}
    # n,passes,cell_updates: 128,8192,134217728 ... 4096,8,134217728
    assert work == {f"n={n}": 134217728.0 for n in (128, 512, 1024, 2048, 4096)}


def test_fixed_work_slower_per_unit_is_cache_locality_confirmed_by_the_sweep() -> None:
    a = _analyze("fixedwork-sweep-cachegrind")
    top = a.findings[0]
    assert top.id == "hw.cache_locality"
    assert top.status == Status.CONFIRMED
    drop = next(e for e in top.evidence if e.metric == "scaling.rate_drop")
    assert drop.source_kind == "program"
    # user_s 0.07 at n=128, 1.32 at n=4096 for the same 2^27 updates: 18.9x
    assert drop.value == pytest.approx(1.32 / 0.07, rel=1e-3)
    alone = _analyze("fixedwork-sweep-cachegrind", drop="cg_annotate")
    assert alone.findings[0].id == "hw.cache_locality"
    assert alone.findings[0].status == Status.HYPOTHESIS
    assert "alg.complexity" not in [f.id for f in alone.findings]


def test_work_growing_with_the_time_is_no_complexity(tmp_path: Path) -> None:
    a = _analyze("growwork-sweep")
    assert "alg.complexity" not in [f.id for f in a.findings]
    # the same sweep without its work column: the time alone grows as n^2
    rows = (D / "growwork-sweep" / "data" / "size-sweep.csv").read_text().splitlines()
    cut = tmp_path / "size-sweep.csv"
    cut.write_text("\n".join(",".join(c for i, c in enumerate(r.split(",")) if i != 2)
                             for r in rows) + "\n")
    without = _analyze("growwork-sweep", files=[cut])
    assert without.findings and without.findings[0].id == "alg.complexity"


def test_gcov_annotated_source_is_read_with_counts_per_line_and_calls() -> None:
    from perfscout.ingest.registry import get_adapter

    p = load(D / "wavetab-gcov-perf" / "data" / "wavetab.c.gcov")
    assert p.format == "gcov" and get_adapter("gcov").family == "instrumentation"
    # gcov's own terminal lines before the file (File, Lines executed, Creating) are known
    assert p.unparsed_lines == 0
    lines = {f"{h.location.file}:{h.location.line}": h.self_value for h in p.hotspots
             if h.kind == "line" and h.location is not None}
    # "  2000100:   18:    for (int ix ...", "  2000000:    8:  double damp = exp(...)"
    assert lines["wavetab.c:8"] == 2000000 and lines["wavetab.c:20"] == 2000000
    assert lines["wavetab.c:12"] == 1 and "wavetab.c:21" not in lines  # "-:   21:    }"
    # the loops' control lines ("  2000100:   18:    for (int ix = 0; ...") hold no work
    assert "wavetab.c:18" not in lines and "wavetab.c:16" not in lines
    top = max((h for h in p.hotspots if h.kind == "line"), key=lambda h: h.self_share or 0)
    # gcov -f named the functions: the line is named in its function, as perf annotate does
    assert top.name in ("amplitude line 7", "amplitude line 8", "amplitude line 9",
                        "main line 19", "main line 20") and top.unit == "executions"
    assert top.self_share == pytest.approx(2000000 / sum(lines.values()))
    calls = {m.scope.name: m.value for m in p.metrics if m.name == "calls"}
    assert calls == {"amplitude": 2000000.0, "main": 1.0}
    a = _analyze("wavetab-gcov-perf")
    assert "wavetab.c.gcov" not in " ".join(s.path for s in a.skipped)
    # the counts are line-level data: a proposal aimed at the finding's libm routine (sin,
    # which perf names as __sin_fma, with no call graph) gets the program's line that calls it
    # by name, the most executed one (amplitude is inlined: perf never names it)
    hoist = next(p for p in a.proposals if p.id == "hoist_invariant")
    assert hoist.scope == "wavetab.c:9", hoist.scope
    assert any("the most executed line that calls sin" in e for e in hoist.evidence)


def test_a_batch_script_is_what_the_job_asked_for() -> None:
    p = load(D / "sitenv-jobscript" / "data" / "job.sh")
    assert p.format == "job-script" and p.unparsed_lines == 0
    got = {m.name: m.value for m in p.metrics}
    # #SBATCH --ntasks=1, --cpus-per-task=2, --time=00:05:00
    assert got == {"ranks.count": 1.0, "threads.cpus_per_task": 2.0, "time.limit": 300.0,
                   "affinity.cpus": 2.0}
    assert all(m.family == "setting" for m in p.metrics)  # requests, never a measurement
    assert p.meta["command"] == "./raysum 3000 30000"  # the timing wrapper is not the program
    assert p.meta["sources"] == "./site-env.sh"


def test_openmp_told_one_thread_in_a_two_cpu_job_is_threads_lowered() -> None:
    a = _analyze("sitenv-jobscript")
    top = a.findings[0]
    assert top.id == "rt.threads_lowered", [f.id for f in a.findings]
    assert "site-env.sh" in top.title
    assert "rt.serial_fraction" not in [f.id for f in a.findings]
    # without the job script nothing says the job held two CPUs
    alone = _analyze("sitenv-jobscript", drop="job.sh")
    assert "rt.threads_lowered" not in [f.id for f in alone.findings]


def test_more_ranks_than_cores_gets_a_rank_count_not_a_thread_count() -> None:
    a = _analyze("ranks-oversub")
    assert a.findings[0].id == "sys.oversubscription"
    ids = {p.id: p for p in a.proposals}
    assert "thread_count" not in ids  # OMP_NUM_THREADS cannot take a rank off a core
    rc = ids["rank_count"]
    assert rc.change is not None and rc.change.params == {"ranks": 2}  # 2 CPUs online


def test_a_table_holding_the_lookups_fixed_is_time_per_operation() -> None:
    ms = load(D / "lookups-table" / "data" / "run.txt").metrics
    ops = {m.value for m in ms if m.name == "scaling.ops"}
    assert ops == {100000.0}  # the lookups column, alike in every row
    a = _analyze("lookups-table")
    top = a.findings[0]
    assert top.id == "alg.complexity"
    # 0.0306 s at 500 entries to 0.4427 s at 8000 for the same lookups: each scans the table
    assert "time per operation" in top.evidence[0].quote


def test_a_routines_wait_printed_by_each_rank_is_its_mpi_wait() -> None:
    ms = load(D / "turns-recv-wait" / "data" / "run.txt").metrics
    wait = {m.scope.name: m.value for m in ms if m.name == "mpi.wait_time"
            and m.scope.kind == ScopeKind.RANK}
    assert wait == {"0": 0.523, "1": 0.342}  # recv_wait_s of each rank's line
    a = _analyze("turns-recv-wait")
    assert a.findings[0].id == "rt.mpi_wait"


def test_a_system_wide_profile_by_command_and_a_repeat_table() -> None:
    p = load(D / "busy-systemwide-reps" / "data" / "perf-report-a.txt")
    got = {m.name: m.value for m in p.metrics if m.name.startswith("machine.")}
    # repsum: 29.68 + 7.78 + 4.03 + 3.17 + 0.29 %; otherjob: 54.76 + 0.29 %
    assert got["machine.program_share"] == pytest.approx(0.4495)
    assert got["machine.others_share"] == pytest.approx(0.5505)
    reps = {m.scope.name: m.value for m in load(D / "busy-systemwide-reps" / "data"
                                                / "run-as-found.txt").metrics
            if m.name == "time.elapsed" and m.scope.kind == ScopeKind.RUN}
    assert reps == {"rep 1": 0.035, "rep 2": 0.035, "rep 3": 0.037, "rep 4": 0.035,
                    "rep 5": 0.028}
    a = _analyze("busy-systemwide-reps")
    assert a.findings[0].id == "sys.os_noise"
    alone = _analyze("busy-systemwide-reps", drop="perf-report")
    assert "sys.os_noise" not in [f.id for f in alone.findings]


def test_a_profile_of_the_program_alone_states_no_machine_share() -> None:
    # recorded without -a: the commands are the program's own (no other job can appear)
    p = load(D / "wavetab-gcov-perf" / "data" / "perf-report.txt")
    assert not [m for m in p.metrics if m.name.startswith("machine.")]


def test_a_threads_own_timer_in_a_table_and_a_starved_team_member() -> None:
    ms = load(D / "teamtimes-table-perf" / "data" / "run.txt").metrics
    busy = {m.scope.name: m.value for m in ms if m.name == "busy.time"
            and m.scope.kind == ScopeKind.THREAD}
    assert busy == {"0": 0.046, "1": 0.669}  # the loop_s column of each thread's row
    a = _analyze("teamtimes-table-perf")
    top = a.findings[0]
    assert top.id == "rt.omp_imbalance" and top.status == Status.CONFIRMED
    # the thread with 6% of the samples ran main._omp_fn.0: a team member, not a helper
    assert {"program", "sampling"} <= {e.source_kind for e in top.evidence}


def test_a_header_with_a_space_in_brackets_and_an_updates_count() -> None:
    ms = load(D / "stride-table-spaces" / "data" / "run.txt").metrics
    work = {m.scope.name: m.value for m in ms if m.name == "work.items"}
    assert set(work.values()) == {134217728.0} and len(work) == 5
    cpu = {m.scope.name: m.value for m in ms if m.name == "time.cpu"}
    assert cpu["n=256"] == 0.12 and cpu["n=4096"] == 1.23
    a = _analyze("stride-table-spaces")
    assert a.findings[0].id == "hw.cache_locality"
    drop = next(e for e in a.findings[0].evidence if e.metric == "scaling.rate_drop")
    assert drop.value == pytest.approx(1.23 / 0.12, rel=1e-3)


def test_perf_header_only_is_a_description_and_decides_nothing() -> None:
    p = load(D / "header-only" / "data" / "perf-header.txt")
    assert p.format == "perf-header" and p.unparsed_lines == 0
    got = {m.name: m.value for m in p.metrics}
    # "# nrcpus online : 2", "# total memory : 24683792 kB", "# sample duration : 93.203 ms"
    assert got == {"cpu.online": 2.0, "memory.total_mb": pytest.approx(24683792 / 1024),
                   "time.elapsed": pytest.approx(0.093203)}
    assert p.meta["command"] == "./wavetab 20000 300"  # perf's own options left out
    a = _analyze("header-only")
    assert not a.findings and a.data_requests
    assert all("./wavetab 20000 300" in " ".join(r.command) for r in a.data_requests
               if r.command and "likwid" not in r.command[0])


def test_a_header_word_with_a_comparison_sign_keeps_the_table() -> None:
    ms = load(D / "closepairs-table" / "data" / "run.txt").metrics
    sizes = sorted(m.value for m in ms if m.name == "scaling.size")
    assert sizes == [2000.0, 4000.0, 8000.0, 16000.0]  # "N seconds pairs<rc ns/point"
    a = _analyze("closepairs-table")
    assert a.findings and a.findings[0].id == "alg.complexity"


def test_bytes_a_rank_received_are_no_file_transfer() -> None:
    ms = load(D / "allgather-ranks" / "data" / "run.txt").metrics
    mpi = {m.scope.name: m.value for m in ms if m.name == "mpi.time"
           and m.scope.kind == ScopeKind.RANK}
    busy = {m.scope.name: m.value for m in ms if m.name == "busy.time"
            and m.scope.kind == ScopeKind.RANK}
    assert set(mpi) == {"0", "1"} and set(busy) == {"0", "1"}
    assert not [m for m in ms if m.name.startswith("io.")]  # "received 160 MB" is MPI's


def test_gcov_json_format_gives_the_same_counts(tmp_path: Path) -> None:
    import gzip

    from perfscout.model.errors import ParseError

    gz = D / "wavetab-gcovjson" / "data" / "wavetab.gcov.json.gz"
    p = load(gz)
    assert p.format == "gcov-json"
    lines = {f"{h.location.file}:{h.location.line}": h.self_value for h in p.hotspots
             if h.kind == "line" and h.location is not None}
    # the same run as the annotated source: 2,000,000 executions of amplitude's exp line
    assert lines["wavetab.c:8"] == 2000000 and lines["wavetab.c:18"] == 2000100
    calls = {m.scope.name: m.value for m in p.metrics if m.name == "calls"}
    assert calls == {"amplitude": 2000000.0, "main": 1.0}
    # a cut or damaged document is a ParseError, never an internal error
    cut = tmp_path / "cut.gcov.json.gz"
    cut.write_bytes(gz.read_bytes()[:200])
    with pytest.raises(ParseError):
        load(cut, "gcov-json")
    bad = tmp_path / "bad.gcov.json"
    bad.write_text(gzip.decompress(gz.read_bytes()).decode()[:-40])
    with pytest.raises(ParseError):
        load(bad, "gcov-json")


def test_a_runtime_without_symbols_still_holds_the_regions_cost(tmp_path: Path) -> None:
    data = D / "rowregions-sweep-perf" / "data"
    p = load(data / "perf-report.txt")
    assert sum(h.self_share or 0 for h in p.hotspots if "libgomp" in h.module) > 0.9
    # the report cut above the program's own region body (main._omp_fn.0, a fraction of a
    # percent), as a user keeps its top rows: only bare libgomp addresses are left
    rows = (data / "perf-report.txt").read_text().splitlines()
    cut = tmp_path / "perf-report-top.txt"
    cut.write_text("\n".join(r for r in rows[:next(i for i, r in enumerate(rows)
                                                   if "_omp_fn" in r)]) + "\n")
    assert not any("_omp_fn" in h.name for h in load(cut).hotspots)
    a = _analyze("rowregions-sweep-perf", files=[data / "run.txt", cut])
    top = a.findings[0]
    assert top.id == "rt.region_overhead", [f.id for f in a.findings]
    assert top.status == Status.CONFIRMED  # the sweep's slowdown and the runtime's samples
