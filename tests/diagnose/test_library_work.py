"""Library work in the inner loop (allocator, clocks, dropped formatting, one system call per
element), small I/O requests, subnormal step times and a printed worker pool: rules judged on
quantities, and on real tool outputs made here (tests/diagnose/data/diag11r/make.sh)."""

from __future__ import annotations

import math
from dataclasses import replace
from pathlib import Path

from tests.diagnose.build import m, prof, snapshot

from perfscout.diagnose.engine import diagnose
from perfscout.diagnose.libwork import family_of
from perfscout.ingest.derive import derive
from perfscout.ingest.registry import load
from perfscout.model.findings import Finding
from perfscout.model.metrics import Hotspot, Metric, Profile, Scope, ScopeKind, SourceRef

D = Path(__file__).parent / "data" / "diag11r"


def _two_cpus():  # type: ignore[no-untyped-def]
    s = snapshot(sockets=1, cores_per_socket=2, nodes=1, counters=False)
    return replace(s, cpu=replace(s.cpu, online_cpus=2, total_cpus=2))


def _run(*files: str) -> list[Finding]:
    return list(diagnose([derive(load(D / f)) for f in files], _two_cpus()).findings)


def _sampled(*rows: tuple[str, float, str]) -> Profile:
    hs = tuple(Hotspot(n, self_share=s, module=mod, source=SourceRef("r.txt", i + 10))
               for i, (n, s, mod) in enumerate(rows))
    return prof("perf-report", "r.txt", m("samples", 100.0), hotspots=hs,
                meta={"event": "cpu-clock"})


def _strace(calls: dict[str, tuple[float, float]]) -> Profile:
    ms = [Metric("syscall.calls", c, "count", Scope(ScopeKind.FUNCTION, n), SourceRef("s.txt", 1))
          for n, (c, _t) in calls.items()]
    ms += [Metric("syscall.time", t, "s", Scope(ScopeKind.FUNCTION, n), SourceRef("s.txt", 1))
           for n, (_c, t) in calls.items()]
    ms.append(Metric("syscall.total_calls", sum(c for c, _ in calls.values()), "count",
                     Scope(ScopeKind.PROCESS, ""), SourceRef("s.txt", 1)))
    return Profile("strace-c", "s.txt", tuple(ms), (), None, (), {})


# --- the families -------------------------------------------------------------------------
def test_families_of_glibc_and_kernel_names() -> None:
    for name in ("__libc_calloc", "_int_free", "systrim.constprop.0", "cfree@GLIBC_2.2.5",
                 "operator new(unsigned long)", "_ZdlPvm"):
        assert family_of(Hotspot(name)) == "allocation", name
    for name in ("__vdso_clock_gettime", "clock_gettime@@GLIBC_2.17", "posix_cpu_clock_get",
                 "__x64_sys_clock_gettime", "gettimeofday"):
        assert family_of(Hotspot(name)) == "timer", name
    for name in ("__GI___printf_fp_l", "__vfprintf_internal", "hack_digit", "_itoa_word",
                 "_IO_default_xsputn", "__vsnprintf_internal"):
        assert family_of(Hotspot(name)) == "formatting", name
    for name in ("____strtod_l_internal", "__isoc99_sscanf", "_gfortran_st_read",
                 "_gfortrani_read_real"):
        assert family_of(Hotspot(name)) == "text conversion", name
    for name in ("main", "timestep", "free_energy", "exp", "memcpy"):
        assert family_of(Hotspot(name)) == "", name


# --- allocation ---------------------------------------------------------------------------
def test_allocator_share_is_redundant_work_and_small_share_is_not() -> None:
    big = _sampled(("kernel_point", 0.55, "app"), ("_int_malloc", 0.15, "libc.so.6"),
                   ("_int_free", 0.12, "libc.so.6"), ("malloc", 0.05, "libc.so.6"))
    f = diagnose([big], _two_cpus()).findings[0]
    assert f.id == "app.redundant_work" and "allocated" in f.title
    assert abs(f.evidence[0].value - 0.32) < 1e-9 and f.thresholds["app.library_share"] == 0.25
    small = _sampled(("kernel_point", 0.85, "app"), ("_int_malloc", 0.1, "libc.so.6"),
                     ("free", 0.05, "libc.so.6"))
    assert "app.redundant_work" not in [x.id for x in diagnose([small], _two_cpus()).findings]


def test_real_perf_and_callgrind_of_a_malloc_per_particle() -> None:
    # bins.c: malloc/free of a 64-long neighbour list per particle; perf: _int_free 16.67% +
    # malloc 12.50% + cfree 4.17% = 33.34%; callgrind puts 41% under the free() call of line 10
    fs = _run("bins-perf-report.txt", "bins-callgrind-annotate.txt", "bins-output.txt")
    f = fs[0]
    assert f.id == "app.redundant_work" and f.status.value == "confirmed"
    shares = {e.source_kind: e.value for e in f.evidence if e.metric == "hotspot.share"}
    assert abs(shares["sampling"] - 0.3334) < 1e-6 and shares["simulator"] > 0.5
    assert f.scope.endswith("src/bins.c:10") or f.scope.endswith("src/bins.c:4")


# --- clocks and system calls --------------------------------------------------------------
def test_clock_system_call_per_element_needs_rate_and_time_share() -> None:
    out = prof("program-output", "o.txt", m("time.elapsed", 2.0, unit="s"))
    perf = _sampled(("_raw_spin_unlock_irqrestore", 0.4, "[kernel.kallsyms]"),
                    ("do_syscall_64", 0.2, "[kernel.kallsyms]"),
                    ("__vdso_clock_gettime", 0.1, "[vdso]"), ("main", 0.05, "app"))
    many = _strace({"clock_gettime": (400000.0, 0.34), "write": (1.0, 0.0001)})
    f = diagnose([out, perf, many], _two_cpus()).findings[0]
    assert f.id == "app.redundant_work" and f.status.value == "confirmed"
    assert f.scope == "__vdso_clock_gettime"
    # 200,000 calls/s and 100% of the traced time: the trace's evidence says so
    assert any(e.metric == "syscall.calls" and e.value == 400000.0 for e in f.evidence)
    # 5,000 calls/s is below io.syscalls_per_s: no per-element system call, and the vDSO
    # share alone (10%) is below app.library_share
    few = _strace({"clock_gettime": (10000.0, 0.34)})
    ids = [x.id for x in diagnose([out, perf, few], _two_cpus()).findings]
    assert "app.redundant_work" not in ids


def test_real_thread_cpu_clock_per_cell() -> None:
    # stamps.c: two CLOCK_THREAD_CPUTIME_ID reads per cell; the kernel's clock code
    # (thread_cpu_clock_get) is sampled, so the kernel's samples serve the clock reads
    alone = _run("stamps-perf-report.txt")[0]
    assert alone.id == "app.redundant_work" and alone.status.value == "hypothesis"
    assert alone.scope == "__vdso_clock_gettime" and alone.evidence[0].value > 0.8
    f = _run("stamps-perf-report.txt", "stamps-strace-c.txt", "stamps-output.txt")[0]
    assert f.status.value == "confirmed"
    calls = next(e for e in f.evidence if e.metric == "syscall.calls")
    assert calls.value == 1199992.0 and calls.source_kind == "instrumentation"


# --- formatting ---------------------------------------------------------------------------
def test_formatting_counts_only_when_the_text_is_not_written() -> None:
    out = prof("program-output", "o.txt", m("time.elapsed", 1.0, unit="s"))
    perf = _sampled(("__printf_fp_l", 0.45, "libc.so.6"), ("__vfprintf_internal", 0.15,
                    "libc.so.6"), ("hack_digit", 0.1, "libc.so.6"), ("main", 0.05, "app"))
    dropped = _strace({"write": (2.0, 0.0), "read": (1.0, 0.0)})
    f = diagnose([out, perf, dropped], _two_cpus()).findings[0]
    assert f.id == "app.redundant_work" and "never written" in f.title
    # 20,000 writes of formatted output in the run: it is written, this is I/O, not waste
    written = _strace({"write": (20000.0, 0.2)})
    ids = [x.id for x in diagnose([out, perf, written], _two_cpus()).findings]
    assert "app.redundant_work" not in ids and "app.io_hotspot" in ids


def test_real_snprintf_per_update_dropped_below_the_level() -> None:
    # quietlog.c: snprintf of every trace message, kept only at warn level: perf puts the
    # time in printf's internals, strace -c sees 3 writes; the run length is the profile's
    # sampled cpu-clock time (no printed wall time)
    fs = _run("quietlog-perf-report.txt", "quietlog-strace-c.txt")
    assert fs[0].id == "app.redundant_work" and fs[0].status.value == "confirmed"
    writes = next(e for e in fs[0].evidence if e.metric == "syscall.calls")
    assert writes.value == 3.0
    io = next(f for f in fs if f.id == "app.io_hotspot")
    assert "app.redundant_work" in io.caused_by
    # without the trace the profile itself tells it (diag18): it samples printf's internals
    # and nothing on the write path (no write call, flush or kernel write row)
    alone = _run("quietlog-perf-report.txt")
    assert alone[0].id == "app.redundant_work" and "app.io_hotspot" not in [f.id for f in alone]


# --- small I/O requests -------------------------------------------------------------------
def _blocked_run(read_bytes: float) -> Profile:
    return prof("time_v", "t.txt", m("time.elapsed", 0.8, unit="s"), m("time.user", 0.0),
                m("time.sys", 0.15), m("context_switches", 8000.0),
                m("context_switches.involuntary", 2.0), m("io.read_bytes", read_bytes),
                m("io.write_bytes", 0.0))


def test_small_requests_that_block_are_sys_io_with_bytes_per_call() -> None:
    reads = _strace({"read": (8192.0, 0.14), "close": (3.0, 0.0)})
    f = diagnose([_blocked_run(33554432.0), reads], _two_cpus()).findings[0]
    assert f.id == "sys.io" and f.scope == "read" and f.status.value == "confirmed"
    per = next(e for e in f.evidence if e.metric == "io.bytes_per_call")
    assert per.value == 4096.0  # 33,554,432 B over the 8,192 reads (close moves no data)
    # 1 MiB a call is not a small request (and 8 GB would be the bytes rule's)
    big = _strace({"read": (64.0, 0.14)})
    ids = [x.id for x in diagnose([_blocked_run(67108864.0), big], _two_cpus()).findings]
    assert "sys.io" not in ids


def test_real_odirect_8k_reads() -> None:
    # smallread.c: 16 MB read with O_DIRECT in 8 KiB blocks; time -v: 4,097 voluntary switches,
    # 0.12 s of CPU in 0.54 s; strace -c: read holds 99.94% of the traced time
    f = _run("smallread-time-v.txt", "smallread-strace-c.txt")[0]
    assert f.id == "sys.io" and f.scope == "read"
    per = next(e for e in f.evidence if e.metric == "io.bytes_per_call")
    assert 8000 < per.value <= 8192


# --- subnormal steps ----------------------------------------------------------------------
def _steps(times: list[float], values: list[float]) -> Profile:
    ms = []
    for i, (t, v) in enumerate(zip(times, values, strict=True), 1):
        ms.append(Metric("time.step", t, "s", Scope(ScopeKind.INTERVAL, f"step {i * 100}"),
                         SourceRef("o.txt", i), raw_name="time"))
        ms.append(Metric("event.value", v, "", Scope(ScopeKind.INTERVAL, f"step {i * 100}"),
                         SourceRef("o.txt", i), raw_name="value"))
    return Profile("program-output", "o.txt", tuple(ms), (), None, (), {})


def test_subnormal_values_with_a_step_jump_the_cpu_share_cannot_explain() -> None:
    out = _steps([0.01, 0.011, 0.01, 0.012, 0.2, 0.21, 0.19],
                 [1e-100, 1e-200, 1e-250, 1e-300, 4e-320, 4e-323, 4e-323])
    busy = prof("perf-stat", "p.txt", m("cpu.utilized", 0.7))
    f = diagnose([out, busy], _two_cpus()).findings[0]
    assert f.id == "hw.compute_bound" and f.status.value == "confirmed"
    jump = next(e for e in f.evidence if e.metric == "steps.slowdown")
    assert abs(jump.value - 0.2 / 0.0105) < 1e-6
    # the same jump with normal values: nothing says why (no subnormal claim)
    normal = _steps([0.01, 0.011, 0.01, 0.012, 0.2, 0.21, 0.19], [1.0] * 7)
    assert "hw.compute_bound" not in [x.id for x in diagnose([normal, busy],
                                                             _two_cpus()).findings]
    # a run that got 5% of a CPU: waiting can explain a 19x slowdown, so no claim is made
    starved = prof("perf-stat", "p.txt", m("cpu.utilized", 0.05))
    assert "hw.compute_bound" not in [x.id for x in diagnose([out, starved],
                                                             _two_cpus()).findings]


def test_real_decay_into_subnormals_refuses_unrolling() -> None:
    from perfscout.advise import advise
    from perfscout.sandbox import default_runner

    profs = [derive(load(D / f)) for f in ("flushdecay-output.txt", "flushdecay-perf-stat.txt")]
    fs = diagnose(profs, _two_cpus())
    f = fs.findings[0]
    assert f.id == "hw.compute_bound" and f.status.value == "confirmed"
    assert next(e for e in f.evidence if e.metric == "value.subnormal").value < 2.2e-308
    from perfscout.advise.facts import Facts, subnormal_slowdown

    slow = subnormal_slowdown(Facts.build(fs.findings, _two_cpus(), profs))
    assert slow is not None and slow > 100  # 0.5 s vs 0.0011 s per 1000 steps
    assert subnormal_slowdown(Facts.build([], _two_cpus(), profs)) is None
    adv = advise(fs.findings, _two_cpus(), profs, policy_check=default_runner().check)
    assert "loop_unroll" not in [p.id for p in adv.proposals]
    assert any(r.guard == "subnormal_steps" for r in adv.rejected)



def test_real_decay_into_subnormals_is_answered_by_flushing_them_to_zero() -> None:
    """With a compiler known, the one flag change that removes the assists is proposed (with
    the slowdown quoted), passes the subnormal guard, and -O3 alone is not the answer."""
    from perfscout.advise import advise
    from perfscout.model.snapshot import Compiler
    from perfscout.sandbox import default_runner

    snap = replace(_two_cpus(), compilers=(Compiler("gcc", "gnu", "12.2.0"),))
    profs = [derive(load(D / f)) for f in ("flushdecay-output.txt", "flushdecay-perf-stat.txt")]
    fs = diagnose(profs, snap)
    adv = advise(fs.findings, snap, profs, policy_check=default_runner().check)
    flush = next(p for p in adv.proposals if p.id == "flush_subnormals")
    assert flush.change.flags == ("-ffast-math",) and "hw.compute_bound" in flush.addresses
    assert "2.2e-308" in flush.change.description
    assert not any(r.id == "flush_subnormals" for r in adv.rejected)
    # the same program without the subnormal evidence (only its perf stat): not proposed
    quiet = [derive(load(D / "flushdecay-perf-stat.txt"))]
    adv2 = advise(diagnose(quiet, snap).findings, snap, quiet,
                  policy_check=default_runner().check)
    assert "flush_subnormals" not in [p.id for p in adv2.proposals]

# --- a printed worker pool ----------------------------------------------------------------
def test_printed_pool_wider_than_the_cpus_is_oversubscription() -> None:
    # spinpool.c: "pool=6" on this 2-CPU machine's snapshot; the pool size is a setting
    fs = _run("spinpool-output.txt", "spinpool-time-v.txt")
    f = next(x for x in fs if x.id == "sys.oversubscription")
    assert f.evidence[0].value == 6.0 and f.evidence[0].source_kind == "setting"
    pool = Profile("program-output", "o.txt", (Metric("event.pool", 2.0, "", Scope(
        ScopeKind.PROCESS, ""), SourceRef("o.txt", 1), raw_name="pool"),), (), None, (), {})
    assert "sys.oversubscription" not in [x.id for x in diagnose([pool], _two_cpus()).findings]


# --- per-thread and per-rank sample shares ------------------------------------------------
def _by_pid(rows: dict[str, float], names: tuple[str, ...], *, scope: ScopeKind = ScopeKind.RANK,
            metric: str = "compute.share", unit: str = "ratio") -> Profile:
    ms = tuple(Metric(metric, v, unit, Scope(scope, k), SourceRef("r.txt", 1), raw_name=k)
               for k, v in rows.items())
    hs = tuple(Hotspot(n, self_share=0.1, source=SourceRef("r.txt", 2)) for n in names)
    return Profile("perf-report", "r.txt", ms, hs, None, (), {"event": "cpu-clock"})


def test_sampled_shares_are_threads_or_ranks_by_the_code_they_hold() -> None:
    snap = _two_cpus()
    omp = _by_pid({"pid 1": 0.45, "pid 2": 0.25}, ("__cos_fma", "main._omp_fn.0"))
    f = next(x for x in diagnose([omp], snap).findings if x.id == "rt.omp_imbalance")
    assert abs(f.evidence[0].value - 0.45 / 0.35) < 1e-9
    mpi = _by_pid({"pid 1": 0.45, "pid 2": 0.15}, ("__sin_fma", "opal_progress"))
    ids = [x.id for x in diagnose([mpi], snap).findings]
    assert "alg.load_imbalance" in ids and "rt.omp_imbalance" not in ids
    # equal shares: no imbalance; neither OpenMP nor MPI code: threads or ranks is unknown
    even = _by_pid({"pid 1": 0.36, "pid 2": 0.34}, ("__sin_fma", "opal_progress"))
    assert "alg.load_imbalance" not in [x.id for x in diagnose([even], snap).findings]
    plain = _by_pid({"pid 1": 0.45, "pid 2": 0.15}, ("__sin_fma", "main"))
    ids = [x.id for x in diagnose([plain], snap).findings]
    assert "alg.load_imbalance" not in ids and "rt.omp_imbalance" not in ids


def test_whole_thread_sample_shares_state_their_limit() -> None:
    # perf report --sort pid alone: each row a thread's share of all samples (spin included)
    rows = _by_pid({"tid 23144": 0.6696, "tid 23147": 0.3304}, (), scope=ScopeKind.THREAD,
                   metric="samples", unit="share")
    f = next(x for x in diagnose([rows], _two_cpus()).findings if x.id == "rt.omp_imbalance")
    assert abs(f.evidence[0].value - 0.6696 / 0.5) < 1e-9 and f.limits


def test_real_mpi_bands_and_omp_blocks_split_by_pid() -> None:
    # bands.c under mpirun -np 2: rank 1 (pid 1237) computes in 45% of the samples, rank 0
    # (pid 1235) in 15% and waits in opal_progress
    fs = _run("bands-perf-report-pid-sym.txt", "bands-output.txt")
    f = fs[0]
    assert f.id == "alg.load_imbalance" and abs(f.evidence[0].value - 0.4456 / 0.29785) < 1e-3
    # blocks.c: five equal blocks on two threads: 3 vs 2 blocks, 40% vs 26% of the samples
    g = _run("blocks-perf-report-pid-sym.txt", "blocks-output.txt")[0]
    assert g.id == "rt.omp_imbalance" and 1.15 <= g.evidence[0].value < 1.3


def test_program_thread_times_and_a_thread_split_profile_confirm_imbalance() -> None:
    busy = prof("program-output", "o.txt",
                m("busy.time", 0.14, unit="s", kind=ScopeKind.THREAD, scope="0"),
                m("busy.time", 0.07, unit="s", kind=ScopeKind.THREAD, scope="1"),
                m("threads.requested", 2.0), m("time.elapsed", 0.2, unit="s"))
    f = next(x for x in diagnose([busy], _two_cpus()).findings if x.id == "rt.omp_imbalance")
    assert f.status.value == "hypothesis"
    rows = _by_pid({"tid 1": 0.66, "tid 2": 0.34}, (), scope=ScopeKind.THREAD, metric="samples",
                   unit="share")
    g = next(x for x in diagnose([busy, rows], _two_cpus()).findings
             if x.id == "rt.omp_imbalance")
    assert g.status.value == "confirmed" and {e.source_kind for e in g.evidence} == {
        "program", "sampling"}


def test_the_programs_input_phase_timer_confirms_parsing() -> None:
    perf = _sampled(("__strtod_l_internal", 0.36, "libc.so.6"), ("main", 0.2, "app"))
    out = Profile("program-output", "o.txt", (
        Metric("event.load", 0.555, "s", Scope(ScopeKind.PROCESS, ""), SourceRef("o.txt", 1),
               raw_name="load"),
        Metric("event.integrate", 0.024, "s", Scope(ScopeKind.PROCESS, ""),
               SourceRef("o.txt", 1), raw_name="integrate")), (), None, (), {})
    f = next(x for x in diagnose([perf, out], _two_cpus()).findings if x.id == "app.io_hotspot")
    assert f.status.value == "confirmed"
    share = next(e for e in f.evidence if e.metric == "io.time_share")
    assert abs(share.value - 0.555 / 0.579) < 1e-9


# --- one message per unit of work ---------------------------------------------------------
def _rank_line(rank: str, units: float, wall: float, busy: float) -> list[Metric]:
    sc = Scope(ScopeKind.RANK, rank)
    return [Metric("event.requests", units, "", sc, SourceRef("o.txt", 1), raw_name="requests"),
            Metric("time.elapsed", wall, "s", sc, SourceRef("o.txt", 1)),
            Metric("busy.time", busy, "s", sc, SourceRef("o.txt", 1))]


def test_time_per_unit_of_work_bounds_the_message_latency() -> None:
    fast = Profile("program-output", "o.txt", tuple(_rank_line("0", 50000.0, 0.5, 0.001)
                                                    + _rank_line("1", 50000.0, 0.5, 0.01)),
                   (), None, (), {})
    f = diagnose([fast], _two_cpus()).findings[0]
    assert f.id == "alg.small_messages" and f.limits
    lat = next(e for e in f.evidence if e.metric == "mpi.latency")
    assert abs(lat.value - 0.49 / 50000 * 1e6) < 1e-6  # the tightest rank bound (rank 1)
    # 100 us per unit is not latency-bound; a rank that computes 90% of its run is not waiting
    slow = Profile("program-output", "o.txt", tuple(_rank_line("0", 5000.0, 0.5, 0.0)),
                   (), None, (), {})
    busy = Profile("program-output", "o.txt", tuple(_rank_line("0", 50000.0, 0.5, 0.45)),
                   (), None, (), {})
    for p in (slow, busy):
        assert "alg.small_messages" not in [x.id for x in diagnose([p], _two_cpus()).findings]


def test_real_request_per_message_farm() -> None:
    # pingfarm.c on 2 ranks: 50,000 requests each way in 0.468 s, the client busy 1.1 ms
    f = _run("pingfarm-output.txt")[0]
    assert f.id == "alg.small_messages"
    assert next(e for e in f.evidence if e.metric == "mpi.latency").value < 10.0


# --- a size sweep from simulator runs whose command lines differ in one argument -----------
def _cg(cmd: str, ir: float) -> Profile:
    return Profile("callgrind_annotate", f"{ir}.txt", (Metric(
        "ir", ir, "count", Scope(ScopeKind.PROCESS, ""), SourceRef(f"{ir}.txt", 1)),),
        (), None, (), {"Profiled target": f"{cmd} (PID 1, part 1)"})


def test_callgrind_runs_differing_in_one_of_several_arguments_are_a_size_sweep() -> None:
    fs = diagnose([_cg("./qs 5000 5", 3.76e8), _cg("./qs 10000 5", 1.50e9)], _two_cpus())
    f = fs.findings[0]
    assert f.id == "alg.complexity" and "size^2.00" in f.evidence[0].quote
    # both arguments changed: which one is the size is unknown, no sweep
    two = diagnose([_cg("./qs 5000 5", 3.76e8), _cg("./qs 10000 9", 1.50e9)], _two_cpus())
    assert "alg.complexity" not in [x.id for x in two.findings]


def test_real_callgrind_of_all_pairs_at_two_sizes() -> None:
    # pairsum.c run as "./pairsum 1000 3" and "./pairsum 2000 3": 12,435,623 and 48,755,892
    # instructions, x3.92 for twice the size
    f = _run("pairsum-callgrind-n1000.txt", "pairsum-callgrind-n2000.txt")[0]
    assert f.id == "alg.complexity" and "size^1.97" in f.evidence[0].quote


# --- vector math routines -----------------------------------------------------------------
def test_time_in_vector_math_is_compute_not_a_vectorization_problem() -> None:
    # softplus.c at -O3 -ffast-math: 78.86% in _ZGVdN4v_exp_avx2 (libmvec); the remarks miss
    # the outer pass loop, which holds no time of its own
    fs = _run("softplus-perf-report.txt", "softplus-gcc-remarks.txt")
    assert fs[0].id == "hw.compute_bound" and fs[0].status.value == "confirmed"
    assert fs[0].evidence[0].value == 0.7886 and fs[0].scope == "_ZGVdN4v_exp_avx2"
    assert "hw.vectorization" not in [f.id for f in fs]
    # the scalar libm entry point is not a vector routine
    scalar = _sampled(("__ieee754_exp_fma", 0.8, "libm.so.6"), ("main", 0.1, "app"))
    assert "hw.compute_bound" not in [f.id for f in diagnose([scalar], _two_cpus()).findings]


def test_socket_messages_per_element_are_not_library_work() -> None:
    out = prof("program-output", "o.txt", m("time.elapsed", 2.0, unit="s"))
    msgs = _strace({"sendto": (400000.0, 0.3), "recvfrom": (400000.0, 0.3)})
    ids = [x.id for x in diagnose([out, msgs], _two_cpus()).findings]
    assert "app.redundant_work" not in ids


# --- per-call growth from two instrumented profiles ---------------------------------------
def test_real_gprof_at_two_sizes_confirms_the_printed_growth() -> None:
    # divcount.c at n=15000/30000: 0.810 s / 3.216 s printed; gprof: divisors 0.30 s over
    # 15,000 calls, 1.23 s over 30,000 calls: self time ~ calls^2.04
    fs = _run("divcount-output-n15000.txt", "divcount-output-n30000.txt",
              "divcount-gprof-n15000.txt", "divcount-gprof-n30000.txt")
    f = fs[0]
    assert f.id == "alg.complexity" and f.status.value == "confirmed"
    k = next(e for e in f.evidence if e.metric == "scaling.calls_exponent")
    assert abs(k.value - math.log(1.23 / 0.30) / math.log(2)) < 1e-9
    # one gprof profile has no second size: the printed sweep stands alone
    g = _run("divcount-output-n15000.txt", "divcount-output-n30000.txt",
             "divcount-gprof-n15000.txt")[0]
    assert g.status.value == "hypothesis"
