"""Rule behaviours the real-file scenarios exposed, pinned on in-code profiles: hybrid core
types, a benchmark's own counters, TMA compute shares, materiality of imbalance and messages,
MPI time inside library internals and call trees."""

from __future__ import annotations

from dataclasses import replace

from tests.diagnose.build import hot, m, prof, snapshot

from perfscout.diagnose.engine import diagnose
from perfscout.ingest.derive import derive
from perfscout.model.findings import Status
from perfscout.model.metrics import CallNode, Hotspot, Profile, ScopeKind, SourceRef
from perfscout.model.snapshot import PlatformSnapshot


def _ids(ps: list[Profile], snap: PlatformSnapshot | None = None) -> list[str]:
    return [f.id for f in diagnose(ps, snap).findings]


def _hybrid(atom: dict[str, float], core: dict[str, float]) -> Profile:
    ms = [m(k, v, line=i, kind=ScopeKind.CORE, scope="cpu_atom") for i, (k, v) in
          enumerate(atom.items(), 1)]
    ms += [m(k, v, line=20 + i, kind=ScopeKind.CORE, scope="cpu_core") for i, (k, v) in
           enumerate(core.items(), 1)]
    return derive(prof("perf_stat", "hybrid.txt", *ms, m("time.task_clock", 1100.0, line=40)))


def test_hybrid_core_types_are_not_threads_and_the_busy_type_speaks() -> None:
    # the atom PMU ran for 1% of the time (few cycles, noisy counts): the core type decides
    p = _hybrid({"cycles": 3.6e9, "instructions": 4.8e9, "llc.loads": 1e6, "llc.load_misses": 0},
                {"cycles": 5.0e9, "instructions": 11e9, "llc.loads": 15.8e6,
                 "llc.load_misses": 11e6})
    ids = _ids([p])
    assert "hw.cache_locality" in ids
    assert "rt.omp_imbalance" not in ids and "alg.load_imbalance" not in ids


def test_bandwidth_kernel_confirmed_by_its_own_memory_counters() -> None:
    p = prof("likwid-perfctr", "bench.raw", m("bench.bandwidth", 81800.0, line=5,
                                              kind=ScopeKind.RUN, scope="run 1"),
             m("mem.bandwidth", 102000.0, line=90, kind=ScopeKind.REGION, scope="bench"))
    f = next(f for f in diagnose([p]).findings if f.id == "hw.memory_bandwidth")
    assert f.status == Status.CONFIRMED
    assert {e.source_kind for e in f.evidence} >= {"benchmark", "hardware_counters"}
    # counters far from the kernel's rate: a conflict, never confirmed
    q = prof("likwid-perfctr", "bench.raw", m("bench.bandwidth", 81800.0, line=5),
             m("mem.bandwidth", 20000.0, line=90, kind=ScopeKind.REGION, scope="bench"))
    g = next(f for f in diagnose([q]).findings if f.id == "hw.memory_bandwidth")
    assert g.status == Status.HYPOTHESIS and g.conflicts


def test_bench_counters_are_not_the_programs_bandwidth() -> None:
    bench = prof("likwid-perfctr", "bench.raw", m("bench.bandwidth", 81800.0, line=5),
                 m("mem.bandwidth", 102000.0, line=90, kind=ScopeKind.REGION, scope="bench"))
    app = prof("likwid-perfctr", "app.csv", m("mem.bandwidth", 1200.0, line=7,
                                              kind=ScopeKind.REGION, scope="solve"))
    assert "hw.memory_bandwidth" not in _ids([bench, app])


def test_tma_retiring_or_core_bound_is_compute_bound_not_bad_speculation() -> None:
    for metric in ("topdown.retiring", "topdown.core_bound"):
        p = prof("perf_stat", "tma.txt", m(metric, 0.73, line=3),
                 m("topdown.bad_speculation", 0.05, line=4))
        assert _ids([p])[0] == "hw.compute_bound", metric
    low = prof("perf_stat", "tma.txt", m("topdown.retiring", 0.25, line=3),
               m("topdown.core_bound", 0.10, line=4))
    assert "hw.compute_bound" not in _ids([low])


def test_branch_misses_explain_frontend_idle_cycles() -> None:
    p = derive(prof("perf_stat", "p.txt", m("cycles", 3.8e6, line=2),
                    m("stalled_cycles.frontend", 1.17e6, line=3), m("branches", 843665, line=4),
                    m("branch_misses", 70482, line=5)))
    d = diagnose([p])
    assert d.findings[0].id == "hw.bad_speculation"
    fe = next(f for f in d.findings if f.id == "hw.frontend")
    assert fe.caused_by == ("hw.bad_speculation",)


def _mpip(app: list[float], mpi: list[float], share: float) -> Profile:
    ms = []
    for r, (a, b) in enumerate(zip(app, mpi, strict=True)):
        ms += [m("app.time", a, line=10 + r, kind=ScopeKind.RANK, scope=str(r)),
               m("mpi.time", b, line=20 + r, kind=ScopeKind.RANK, scope=str(r))]
    return prof("mpip", "a.mpiP", m("mpi.time_share", share, line=5), *ms,
                m("mpi.msg_count", 71742, line=40, kind=ScopeKind.CALLSITE, scope="Isend"),
                m("mpi.msg_size_mean", 2040, line=40, kind=ScopeKind.CALLSITE, scope="Isend"))


def test_imbalance_and_small_messages_need_a_material_mpi_cost() -> None:
    # 2.6 s runs that compute 5-17 ms: the spread is real but costs nothing; MPI share 2%
    tiny = _mpip([2.6, 2.6, 2.6, 2.6], [2.595, 2.583, 2.59, 2.588], 0.02)
    ids = _ids([tiny])
    assert "alg.load_imbalance" not in ids and "alg.small_messages" not in ids
    big = _mpip([10.0, 10.0, 10.0, 10.0], [1.0, 5.0, 5.5, 6.0], 0.44)
    ids = _ids([big])
    assert "alg.load_imbalance" in ids and "alg.small_messages" in ids


def test_mpi_library_rows_count_as_mpi_wait_even_with_stripped_symbols() -> None:
    def lib(name: str, share: float, line: int, module: str) -> Hotspot:
        return replace(hot(name, share, line), module=module)

    hs = (hot("parse_input", 0.30, 12), hot("compute", 0.20, 13),
          lib("opal_progress", 0.11, 14, "libopen-pal.so.40"),
          lib("0x00000000000878b5", 0.09, 15, "libopen-pal.so.40"),
          *(lib(f"0x{4000 + i:016x}", 0.03, 16 + i, "mca_btl_vader.so") for i in range(6)))
    d = diagnose([prof("perf_report", "r.txt", m("profile.total", 1e9, line=8), hotspots=hs)])
    assert d.findings[0].id == "rt.mpi_wait"
    ev = d.findings[0].evidence
    assert all(e.source and e.source.file == "report.txt" and e.source.line for e in ev)


def test_call_tree_mpi_api_inclusive_time_is_the_mpi_share() -> None:
    inner = CallNode("psm_progress_wait", 50.0, 50.0)
    tree = CallNode("<program>", 0.0, 100.0, children=(
        CallNode("main", 1.0, 100.0, children=(
            CallNode("PMPI_Allgather", 1.0, 60.0, children=(inner,)),
            CallNode("PMPI_Barrier", 1.0, 10.0),
            CallNode("work", 29.0, 29.0))),))
    hs = (Hotspot("psm_progress_wait", self_share=0.5, source=SourceRef("db/experiment.xml",
                                                                         40)),)
    p = replace(prof("hpctoolkit", "db", hotspots=hs), calltree=tree)
    f = next(f for f in diagnose([p]).findings if f.id == "rt.mpi_wait")
    share = next(e for e in f.evidence if e.metric == "mpi.time_share")
    assert abs(share.value - 0.70) < 1e-9  # type: ignore[operator]


def test_unknown_platform_does_not_judge_the_clock() -> None:
    p = prof("perf_stat", "p.txt", m("clock.ghz", 1.2, line=3))
    assert "hw.frequency" not in _ids([p])
    assert "hw.frequency" in _ids([p], snapshot())


def test_one_busy_cpu_of_several_is_a_serial_hypothesis_with_a_sweep_request() -> None:
    from perfscout.diagnose.engine import diagnose

    # four threads were asked for (OMP_NUM_THREADS in a runtime report), about one CPU busy
    omp = prof("runtime-report", "omp.txt", m("threads.requested", 4.0, line=5))
    p = prof("perf_stat", "stat.csv", m("cpu.utilized", 0.98, line=3),
             m("time.elapsed", 2.0, line=9))
    d = diagnose([p, omp], snapshot(nodes=1, sockets=1))
    f = next(f for f in d.findings if f.id == "rt.serial_fraction")
    assert f.status.value == "hypothesis" and f.evidence[0].source.line == 3  # type: ignore[union-attr]
    assert "0.98 CPUs utilized" in f.evidence[0].quote
    assert any("OMP_NUM_THREADS" in r.env or "threads" in r.reason for r in d.data_requests)
    busy = prof("perf_stat", "stat.csv", m("cpu.utilized", 1.9, line=3))
    assert not [f for f in diagnose([busy, omp], snapshot(nodes=1, sockets=1)).findings
                if f.id == "rt.serial_fraction"]


def test_one_busy_cpu_of_a_program_that_asked_for_one_thread_is_not_serial_advice() -> None:
    """A serial program at 0.98 CPUs is not a serial-fraction problem (nobody asked for
    threads): no finding, a thread sweep is requested instead, and it uses no `env` wrapper."""
    from perfscout.diagnose.engine import diagnose

    p = prof("perf_stat", "stat.csv", m("cpu.utilized", 0.98, line=3),
             m("time.elapsed", 2.0, line=9))
    d = diagnose([p], snapshot(nodes=1, sockets=1))
    assert not [f for f in d.findings if f.id == "rt.serial_fraction"]
    sweep = [r for r in d.data_requests if "OMP_NUM_THREADS" in r.env]
    assert sweep and all(r.command[0] != "env" for r in sweep)
