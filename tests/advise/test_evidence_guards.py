"""Guards from the evidence (issue 22): x87 long double, threads bound to too few CPUs, more
threads than CPUs, -march without -O3, vector width for a cache-missing loop."""

from __future__ import annotations

from dataclasses import replace

from tests.advise.conftest import finding, good_proposal

from perfscout.advise import check_proposals


def _rejected(props, snap, findings, policy):  # type: ignore[no-untyped-def]
    ok, rej = check_proposals(props, snap, findings, [], policy_check=policy)
    assert not ok, [p.id for p in ok]
    return rej[0]


def test_user_written_8_threads_on_2_cores_is_rejected(live, policy) -> None:  # type: ignore[no-untyped-def]
    snap = replace(live, cpu=replace(live.cpu, online_cpus=2, cores_per_socket=2, sockets=1))
    p = good_proposal(id="user.threads", addresses=["rt.serial_fraction"], kind="env",
                      title="Run 8 threads", change={"env": {"OMP_NUM_THREADS": "8"},
                                                     "description": "more threads"})
    r = _rejected([p], snap, [finding("rt.serial_fraction")], policy)
    assert r.guard == "threads_vs_cpus" and "8 threads on 2 CPUs" in r.reason


def test_more_threads_refused_when_threads_are_bound_to_too_few_cpus(live, policy) -> None:  # type: ignore[no-untyped-def]
    p = good_proposal(id="parallelize_omp", addresses=["rt.serial_fraction"], kind="source",
                      change={"description": "add an omp parallel for"})
    r = _rejected([p], live, [finding("rt.affinity"), finding("rt.serial_fraction")], policy)
    assert r.guard == "threads_vs_cpus" and "bind" in r.reason


def test_vector_and_arch_changes_refused_for_x87_code(live, policy) -> None:  # type: ignore[no-untyped-def]
    x87 = finding("app.precision", ("insn.x87_share", 1.0))
    vec = finding("hw.vectorization", ("vector.loops_missed", 1.0))
    for p in (good_proposal(id="llm.arch", addresses=["hw.vectorization"],
                            change={"flags": ["-O3", "-march=native"], "description": "isa"}),
              good_proposal(id="omp_simd", addresses=["hw.vectorization"], kind="source",
                            change={"description": "add #pragma omp simd"})):
        r = _rejected([p], live, [x87, vec], policy)
        assert r.guard == "x87_code" and "long double" in r.reason


def test_march_without_o3_is_refused_unless_remarks_show_vectorization(live, policy) -> None:  # type: ignore[no-untyped-def]
    p = good_proposal(id="llm.march", addresses=["hw.compute_bound"],
                      change={"flags": ["-march=native"], "description": "isa"})
    r = _rejected([p], live, [finding("hw.compute_bound")], policy)
    assert r.guard == "march_needs_o3"
    with_o3 = good_proposal(id="llm.march", addresses=["hw.compute_bound"],
                            change={"flags": ["-O3", "-march=native"], "description": "isa"})
    ok, _ = check_proposals([with_o3], live, [finding("hw.compute_bound")], [],
                            policy_check=policy)
    assert [q.id for q in ok] == ["llm.march"]


def test_vector_width_refused_for_a_loop_that_misses_the_cache(live, policy) -> None:  # type: ignore[no-untyped-def]
    vec = replace(finding("hw.vectorization", ("vector.loops_missed", 1.0), root=False),
                  caused_by=("hw.cache_locality",))
    p = good_proposal(id="omp_simd", addresses=["hw.vectorization"], kind="source",
                      change={"description": "add #pragma omp simd"})
    r = _rejected([p], live, [finding("hw.cache_locality", ("d1.miss_ratio", 0.5)), vec], policy)
    assert r.guard == "stride_before_width" and "cache" in r.reason


def test_vector_width_kept_when_the_loop_misses_no_more_than_a_stream(live, policy) -> None:  # type: ignore[no-untyped-def]
    vec = replace(finding("hw.vectorization", ("vector.loops_missed", 1.0),
                          ("insn.scalar_share", 0.95), root=False),
                  caused_by=("hw.cache_locality",))
    p = good_proposal(id="omp_simd", addresses=["hw.vectorization"], kind="source",
                      change={"description": "add #pragma omp simd"})
    # one access in sixteen misses: a contiguous walk's own misses, nothing else shown
    stream = finding("hw.cache_locality", ("d1.miss_ratio", 0.062))
    ok, rej = check_proposals([p], live, [stream, vec], [], policy_check=policy)
    assert [q.id for q in ok] == ["omp_simd"], [r.guard for r in rej]
    # the same ratio beside a walk a row per step is a pattern: wider vectors wait on it
    walk = finding("hw.cache_locality", ("d1.miss_ratio", 0.062), ("loop.strided", 0.9))
    r = _rejected([p], live, [walk, vec], policy)
    assert r.guard == "stride_before_width"


def _bw_profiles(achieved: float, peak: float):  # type: ignore[no-untyped-def]
    from perfscout.model.metrics import Metric, Profile
    return [Profile(format="program-output", path="out.txt",
                    metrics=(Metric("mem.bandwidth", achieved, "MB/s"),)),
            Profile(format="likwid-bench", path="bench.txt",
                    metrics=(Metric("bench.bandwidth", peak, "MB/s"),))]


def test_more_threads_refused_when_bandwidth_is_at_the_ceiling(live, policy) -> None:  # type: ignore[no-untyped-def]
    p = good_proposal(id="parallelize_omp", addresses=["rt.serial_fraction"], kind="source",
                      change={"description": "add an omp parallel for"})
    fs = [finding("hw.memory_bandwidth"), finding("rt.serial_fraction")]
    ok, rej = check_proposals([p], live, fs, _bw_profiles(6000.0, 5900.0), policy_check=policy)
    assert not ok and rej[0].guard == "bandwidth_ceiling" and "ceiling" in rej[0].reason
    # far below the ceiling the same proposal is not refused by this guard
    ok, rej = check_proposals([p], live, fs, _bw_profiles(1000.0, 5900.0), policy_check=policy)
    assert all(r.guard != "bandwidth_ceiling" for r in rej)


def test_do_not_list_says_no_more_threads_at_the_ceiling(live) -> None:  # type: ignore[no-untyped-def]
    from perfscout.advise.donot import do_not_list
    from perfscout.advise.facts import Facts
    facts = Facts.build([finding("hw.memory_bandwidth")], live, _bw_profiles(6000.0, 5900.0))
    topics = [str(d.topic) for d in do_not_list(facts)]
    assert any("more threads" in t for t in topics), topics
    low = Facts.build([finding("hw.memory_bandwidth")], live, _bw_profiles(2000.0, 5900.0))
    assert not any("more threads" in str(d.topic) for d in do_not_list(low))


def test_parallel_region_refused_for_threads_that_already_run(live, policy) -> None:  # type: ignore[no-untyped-def]
    p = good_proposal(id="parallelize_omp", addresses=["rt.omp_imbalance"], kind="source",
                      change={"description": "schedule(dynamic)"})
    r = _rejected([p], live, [finding("rt.omp_imbalance")], policy)
    assert r.guard == "imbalance_is_schedule" and "omp_dynamic_schedule" in r.reason


def test_vector_and_opt_level_changes_refused_for_software_float128(live, policy) -> None:  # type: ignore[no-untyped-def]
    soft = finding("app.precision", ("precision.softfloat_share", 0.95))
    for p in (good_proposal(id="compiler_opt_level", addresses=["app.precision"],
                            change={"flags": ["-O3"], "description": "O3"}),
              good_proposal(id="omp_simd", addresses=["app.precision"], kind="source",
                            change={"description": "add #pragma omp simd"})):
        r = _rejected([p], live, [soft], policy)
        assert r.guard == "soft_float_code" and "__float128" in r.reason and "95%" in r.reason
    # without that evidence the same -O3 proposal passes this guard
    _ok, rej = check_proposals([good_proposal(id="compiler_opt_level", addresses=[
        "hw.compute_bound"], change={"flags": ["-O3"], "description": "O3"})], live,
        [finding("hw.compute_bound")], [], policy_check=policy)
    assert all(r.guard != "soft_float_code" for r in rej)


def test_constant_factor_changes_refused_when_the_growth_explains_the_loop(live, policy) -> None:  # type: ignore[no-untyped-def]
    growth = finding("alg.complexity", ("time.elapsed", 0.95))
    growth = replace(growth, evidence=(replace(growth.evidence[0], quote="time ~ size^2.06",
                                               threshold="exponent >= 1.5"),))
    vec = replace(finding("hw.vectorization", ("insn.scalar", 2.0), root=False),
                  caused_by=("alg.complexity",))
    for p in (good_proposal(id="omp_simd", addresses=["hw.vectorization"], kind="source",
                            change={"description": "add #pragma omp simd"}),
              good_proposal(id="loop_tiling", addresses=["hw.vectorization"], kind="source",
                            change={"description": "tile the loop"})):
        r = _rejected([p], live, [growth, vec], policy)
        assert r.guard == "complexity_first" and "size^2.06" in r.reason
    # the same vector change for a vectorization finding the growth does not explain passes it
    alone = finding("hw.vectorization", ("insn.scalar", 2.0))
    _ok, rej = check_proposals([good_proposal(id="omp_simd", addresses=["hw.vectorization"],
                                              kind="source", change={"description": "simd"})],
                               live, [growth, alone], [], policy_check=policy)
    assert all(r.guard != "complexity_first" for r in rej)


def test_buffering_refused_when_the_io_calls_take_no_time(live, policy) -> None:  # type: ignore[no-untyped-def]
    # tests/ingest/data/user_evidence (src/fmtdump.c, make.sh): with a 4 MiB stdio buffer,
    # strace -c shows 1 read + 3 write + 2 pread64 calls at 0.000000 s, the own timer 0.0435 s;
    # unbuffered, 100001 writes take 0.061645 s under strace against its 0.0266 s alone
    from pathlib import Path

    from perfscout.ingest.derive import derive
    from perfscout.ingest.registry import load

    d = Path(__file__).parent.parent / "ingest" / "data" / "user_evidence"
    io = finding("app.io_hotspot", ("hotspot.share", 0.6))
    buf = good_proposal(id="io_buffering", addresses=["app.io_hotspot"], kind="source",
                        change={"description": "buffer the output"})
    big = [derive(load(d / f)) for f in ("strace-fmtdump-big.txt", "fmtdump-big-output.txt")]
    ok, rej = check_proposals([buf], live, [io], big, policy_check=policy)
    assert not ok
    r = rej[0]
    assert r.guard == "buffering_needs_calls"
    assert "6 read/write calls take 0 s of a run of at least 0.0435 s (0.0%, 138 calls/s)" \
        in r.reason
    none = [derive(load(d / f)) for f in ("strace-fmtdump-none.txt", "fmtdump-none-output.txt")]
    ok, rej = check_proposals([buf], live, [io], none, policy_check=policy)
    assert all(x.guard != "buffering_needs_calls" for x in rej)
    # a run that flushes (1000 fsync, 1001 writes, 0.106 s in them by strace, 5.27 s of run)
    # is never judged already buffered from strace's time: its flushes wait off-CPU
    from perfscout.model.metrics import Metric, Profile, Scope, ScopeKind

    def call(name: str, n: float, t: float) -> tuple[Metric, Metric]:
        sc = Scope(ScopeKind.FUNCTION, name)
        return Metric("syscall.calls", n, "count", sc), Metric("syscall.time", t, "s", sc)

    flushing = [Profile(format="strace-c", path="strace.txt",
                        metrics=(*call("fsync", 1000, 0.101), *call("write", 1001, 0.005))),
                Profile(format="time-v", path="time.txt",
                        metrics=(Metric("time.elapsed", 5.27, "s"),))]
    ok, rej = check_proposals([buf], live, [io], flushing, policy_check=policy)
    assert all(x.guard != "buffering_needs_calls" for x in rej)
    no_flush = [Profile(format="strace-c", path="strace.txt",
                        metrics=call("write", 1001, 0.005)), flushing[1]]
    ok, rej = check_proposals([buf], live, [io], no_flush, policy_check=policy)
    assert rej and rej[0].guard == "buffering_needs_calls"


def test_more_parallelism_refused_while_threads_take_turns(live, policy) -> None:  # type: ignore[no-untyped-def]
    serial = finding("rt.serial_fraction", ("serial_fraction", 1.0),
                     ("omp.serialized_share", 0.9957))
    for p in (good_proposal(id="parallelize_omp", addresses=["rt.serial_fraction"],
                            kind="source", change={"description": "add an omp parallel for"}),
              good_proposal(id="thread_count", addresses=["rt.serial_fraction"], kind="env",
                            title="Run 2 threads", change={"env": {"OMP_NUM_THREADS": "2"},
                                                          "description": "threads"})):
        r = _rejected([p], live, [serial], policy)
        assert r.guard in ("threads_take_turns", "threads_vs_cpus")
    p = good_proposal(id="parallelize_omp", addresses=["rt.serial_fraction"], kind="source",
                      change={"description": "add an omp parallel for"})
    r = _rejected([p], live, [serial], policy)
    assert r.guard == "threads_take_turns" and "100% of the run in ordered regions" in r.reason
    # a serial fraction without that share (one thread's own serial code) passes this guard
    _ok, rej = check_proposals([p], live, [finding("rt.serial_fraction", ("serial_fraction",
                                                                          0.6))], [],
                               policy_check=policy)
    assert all(x.guard != "threads_take_turns" for x in rej)


def test_march_without_o3_passes_when_libgcc_stands_in_for_an_instruction(live, policy) -> None:  # type: ignore[no-untyped-def]
    emulated = finding("hw.compute_bound", ("insn.isa_emulated_calls", 1.0))
    p = good_proposal(id="llm.march", addresses=["hw.compute_bound"],
                      change={"flags": ["-march=native"], "description": "isa"})
    ok, rej = check_proposals([p], live, [emulated], [], policy_check=policy)
    assert [q.id for q in ok] == ["llm.march"], [r.reason for r in rej]


def _threads_printout(tmp_path, cpu0: float, cpu1: float):  # type: ignore[no-untyped-def]
    from perfscout.ingest import load
    f = tmp_path / "run.txt"
    f.write_text(f"n=2000000 threads=2 wall=0.5 s\nthread 0 cells=1000000 cpu={cpu0} s\n"
                 f"thread 1 cells=1000000 cpu={cpu1} s\n")
    return [load(f)]


def test_parallel_region_refused_when_threads_already_timed_unequal_work(
        live, policy, tmp_path) -> None:  # type: ignore[no-untyped-def]
    # the program's own per-thread CPU times say the loop is already shared by two threads,
    # unequally: whatever finding it addresses, another parallel region is the wrong change
    p = good_proposal(id="parallelize_omp", addresses=["rt.serial_fraction"], kind="source",
                      change={"description": "add an omp parallel for"})
    fs = [finding("rt.serial_fraction")]
    ok, rej = check_proposals([p], live, fs, _threads_printout(tmp_path, 0.40, 0.20),
                              policy_check=policy)
    assert not ok and rej[0].guard == "imbalance_is_schedule", rej
    assert "already parallel" in rej[0].reason and "0.4 s" in rej[0].reason
    # equal per-thread work: this guard does not refuse it
    ok, rej = check_proposals([p], live, fs, _threads_printout(tmp_path, 0.30, 0.30),
                              policy_check=policy)
    assert all(r.guard != "imbalance_is_schedule" for r in rej), rej
