"""The engine on in-code profiles: firing, not firing, requests, cross-validation, chains."""

from __future__ import annotations

import pytest
from tests.diagnose.build import hot, m, prof, snapshot

from perfscout.diagnose import thresholds
from perfscout.diagnose.engine import diagnose, rule, rules
from perfscout.model.errors import ConfigError
from perfscout.model.findings import Status
from perfscout.model.metrics import ScopeKind
from perfscout.model.runs import PolicyDecision, RunRequest, RunResult
from perfscout.model.taxonomy import FINDING_IDS


class DenyValgrind:
    """A Runner whose policy denies valgrind and allows everything else."""

    def __init__(self) -> None:
        self.checked: list[tuple[str, ...]] = []

    def check(self, argv: tuple[str, ...], *, approval_token: str | None = None) -> PolicyDecision:
        self.checked.append(argv)
        if argv[0] == "valgrind":
            return PolicyDecision(False, "deny:valgrind")
        return PolicyDecision(True, f"exe:{argv[0]}")

    def run(self, request: RunRequest) -> RunResult:  # pragma: no cover - never called
        raise AssertionError("diagnose must not run commands")


def test_every_taxonomy_id_has_a_rule() -> None:
    assert set(rules()) == set(FINDING_IDS)


def test_registry_refuses_duplicates_and_unknown_ids() -> None:
    from perfscout.diagnose.engine import rules

    assert "hw.memory_bandwidth" in rules()  # load the real rules first (order-independent)
    with pytest.raises(ValueError, match="registered twice"):
        rule(id="hw.memory_bandwidth")(lambda ctx: None)
    with pytest.raises(KeyError, match="valid"):
        rule(id="hw.nope")
    with pytest.raises(ValueError, match="unknown threshold"):
        rule(id="hw.frontend", thresholds=("nope",))


def test_threshold_override_and_unknown_name() -> None:
    assert thresholds.resolve({"bw.near_peak": 0.9})["bw.near_peak"] == 0.9
    with pytest.raises(ConfigError, match="unknown threshold") as exc:
        thresholds.resolve({"bw.nearpeak": 0.9})
    assert "bw.near_peak" in exc.value.hint


def _bw_profiles(achieved: float) -> list:
    likwid = prof("likwid_perfctr", "mem.csv", m("mem.bandwidth", achieved, line=40))
    stream = prof("stream", "stream.txt",
                  m("bench.bandwidth", 30000.0, line=27, kind=ScopeKind.REGION, scope="Triad"))
    return [likwid, stream]


def test_bandwidth_near_peak_fires_confirmed_and_quotes_threshold() -> None:
    d = diagnose(_bw_profiles(27000.0), snapshot(nodes=1, sockets=1))
    f = d.findings[0]
    assert f.id == "hw.memory_bandwidth"
    assert f.status == Status.CONFIRMED  # likwid + STREAM
    assert f.thresholds["bw.near_peak"] == 0.70
    assert any("90%" in e.quote for e in f.evidence)
    assert all(e.source and e.source.line for e in f.evidence)


def test_bandwidth_override_raises_the_bar() -> None:
    d = diagnose(_bw_profiles(27000.0), snapshot(nodes=1, sockets=1),
                 thresholds={"bw.near_peak": 0.95})
    bw = [f for f in d.findings if f.id == "hw.memory_bandwidth"]
    # 90% is below the raised bar: bandwidth-dominated with headroom, not at the ceiling
    assert bw and "below the measured ceiling" in bw[0].title and bw[0].limits
    assert bw[0].thresholds["bw.near_peak"] == 0.95


def test_misses_far_below_peak_is_cache_locality_not_bandwidth() -> None:
    ps = _bw_profiles(6000.0)
    ps.append(prof("perf_stat", "perf.txt", m("cache.references", 1e9, line=5),
                   m("cache.misses", 4e8, line=6)))
    d = diagnose(ps, snapshot(nodes=1, sockets=1))
    ids = [f.id for f in d.findings]
    assert ids[0] == "hw.cache_locality"
    assert "hw.memory_bandwidth" not in ids


def test_trap_numa_placement_is_root_of_bandwidth_and_misses() -> None:
    """Memory-bound code on a dual-socket machine: the cause is placement."""
    ps = _bw_profiles(26000.0)
    ps.append(prof("perf_stat", "perf.txt", m("time.task_clock", 4000.0, line=3),
                   m("cpu_migrations", 900.0, line=5), m("cache.references", 1e9, line=7),
                   m("cache.misses", 3e8, line=8)))
    d = diagnose(ps, snapshot())
    top = d.findings[0]
    assert top.id == "hw.numa_remote" and top.root_cause
    bw = next(f for f in d.findings if f.id == "hw.memory_bandwidth")
    assert "hw.numa_remote" in bw.caused_by and not bw.root_cause


def test_same_data_on_single_node_machine_has_no_numa_finding() -> None:
    ps = _bw_profiles(26000.0)
    ps.append(prof("perf_stat", "perf.txt", m("time.task_clock", 4000.0, line=3),
                   m("cpu_migrations", 900.0, line=5)))
    d = diagnose(ps, snapshot(nodes=1, sockets=1))
    assert "hw.numa_remote" not in {f.id for f in d.findings}


def test_trap_parsing_head_but_mpi_wait_total() -> None:
    """The first entries are parsing; the whole profile is dominated by MPI waits."""
    hs = (hot("parse_input", 0.12, 10), hot("read_mesh", 0.08, 11), hot("compute", 0.06, 12))
    hs += tuple(hot(f"MPI_{n}", 0.09, 13 + i) for i, n in enumerate(
        ["Wait", "Waitall", "Barrier", "Allreduce", "Wait", "Bcast", "Waitany", "Recv"]))
    d = diagnose([prof("perf_report", "report.txt", hotspots=hs)], snapshot())
    assert d.findings[0].id == "rt.mpi_wait"
    io = [f for f in d.findings if f.id == "app.io_hotspot"]
    assert not io or io[0].confidence < d.findings[0].confidence


def test_trap_undecided_gives_requests_not_findings() -> None:
    p = prof("perf_stat", "perf.txt", m("time.task_clock", 1000.0, line=3),
             m("context_switches", 3.0, line=4), m("cpu_migrations", 0.0, line=5),
             m("page_faults", 120.0, line=6))
    runner = DenyValgrind()
    d = diagnose([p], snapshot(counters=False), runner=runner)
    assert d.findings == ()
    assert d.data_requests
    assert all(q.allowed is not None and q.policy_rule for q in d.data_requests)
    cmds = [q.command for q in d.data_requests]
    assert any(c[0] == "valgrind" for c in cmds)  # counterless: simulate instead of counting
    assert not any(c[0] == "likwid-perfctr" for c in cmds)
    denied = [q for q in d.data_requests if q.command[0] == "valgrind"]
    assert denied and all(q.allowed is False and q.policy_rule == "deny:valgrind" for q in denied)
    assert any("hardware counters unavailable" in lim for lim in d.limits)


def test_mpi_wait_caused_by_load_imbalance_confirmed_by_two_sources() -> None:
    ranks = []
    for r, (app, mpi) in enumerate([(10.0, 1.0), (10.0, 5.0), (10.0, 5.5), (10.0, 6.0)]):
        ranks += [m("app.time", app, line=20 + r, kind=ScopeKind.RANK, scope=str(r)),
                  m("mpi.time", mpi, line=30 + r, kind=ScopeKind.RANK, scope=str(r))]
    mpip = prof("mpip", "app.mpiP", m("mpi.time_share", 0.44, line=15), *ranks,
                m("mpi.call_time", 4000, line=50, kind=ScopeKind.CALLSITE, scope="Waitall"),
                m("mpi.call_time", 500, line=51, kind=ScopeKind.CALLSITE, scope="Isend"))
    d = diagnose([mpip], snapshot())
    ids = [f.id for f in d.findings]
    assert ids[0] == "alg.load_imbalance"
    wait = next(f for f in d.findings if f.id == "rt.mpi_wait")
    assert wait.caused_by == ("alg.load_imbalance",)


def test_conflicting_bandwidth_sources_reported_not_averaged() -> None:
    ps = _bw_profiles(27000.0)
    ps.append(prof("perf_stat", "perf.txt", m("mem.bandwidth", 9000.0, line=9)))
    d = diagnose(ps, snapshot(nodes=1, sockets=1))
    f = next(f for f in d.findings if f.id == "hw.memory_bandwidth")
    assert f.conflicts and "not averaged" in f.conflicts[0]
    assert f.status == Status.HYPOTHESIS


def test_serial_fraction_from_thread_sweep() -> None:
    # T(p) = 2 + 8/p : serial fraction 0.2
    ps = [prof("time_v", f"t{p}.txt", m("time.elapsed", 2 + 8 / p, line=5),
               meta={"command": f"env OMP_NUM_THREADS={p} ./app"}) for p in (1, 2, 4, 8)]
    d = diagnose(ps, snapshot())
    f = next(f for f in d.findings if f.id == "rt.serial_fraction")
    assert "20%" in f.evidence[0].quote


def test_oversubscription_root_of_os_noise() -> None:
    p = prof("perf_stat", "perf.txt", m("time.task_clock", 2000.0, line=3),
             m("context_switches", 9000.0, line=4), meta={"threads": "64"})
    d = diagnose([p], snapshot())
    assert d.findings[0].id == "sys.oversubscription"
    noise = next(f for f in d.findings if f.id == "sys.os_noise")
    assert "sys.oversubscription" in noise.caused_by


def test_vectorization_from_remarks_and_likwid_confirmed() -> None:
    from perfscout.model.metrics import Remark, SourceRef

    rem = (Remark("k.c", 10, kind="missed", message="not vectorized: complicated access",
                  source=SourceRef("remarks.txt", 3)),
           Remark("k.c", 20, kind="missed", message="not vectorized: control flow",
                  source=SourceRef("remarks.txt", 4)))
    ps = [prof("gcc_remarks", "remarks.txt", remarks=rem),
          prof("likwid_perfctr", "flops.txt", m("flops.vector_share", 0.1, line=30))]
    d = diagnose(ps, snapshot())
    f = d.findings[0]
    assert f.id == "hw.vectorization" and f.status == Status.CONFIRMED


def test_counterless_limits_on_findings() -> None:
    p = prof("cachegrind", "cg.out", m("d1.miss_ratio", 0.2, line=8))
    d = diagnose([p], snapshot(counters=False))
    f = next(f for f in d.findings if f.id == "hw.cache_locality")
    assert any("cachegrind" in lim for lim in f.limits)
