"""Catalog entries for the system layer: huge pages, SMT, thread counts."""

from __future__ import annotations

from perfscout.advise.catalog.common import conf, gain_on_share, refs, scope_of, verify
from perfscout.advise.catalog.registry import proposal
from perfscout.advise.facts import Facts
from perfscout.model.findings import Finding
from perfscout.model.message import Text
from perfscout.model.proposals import Change, Confidence, ExpectedGain, Proposal, Risk
from perfscout.model.taxonomy import Layer

SYS = Layer.SYSTEM


@proposal("huge_pages", layer=SYS, kind="env",
          preconditions=("huge pages configurable",))
def huge_pages(facts: Facts, f: Finding) -> Proposal | None:
    if any(e.metric == "syscall.spawns" for e in f.evidence):
        return None  # copy-on-write after fork: a huge page only makes each copy 2 MiB
    mode = facts.snapshot.memory.thp_mode if facts.snapshot else None
    env = {"GLIBC_TUNABLES": "glibc.malloc.hugetlb=1"}
    return Proposal(
        id="huge_pages", addresses=(f.id,), layer=SYS, kind="env",
        title="Back the large arrays with transparent huge pages",
        change=Change(env=env, description=f"THP is '{mode}': make glibc malloc madvise huge "
                      "pages (GLIBC_TUNABLES), no root needed"),
        evidence=refs(f, facts),
        verification=verify(facts, "page_faults", "lower",
                            events="task-clock,page-faults,dTLB-load-misses"),
        expected_gain=gain_on_share(facts, scope_of(f, facts), 1.05, 1.3, 0.3,
                                    Text("gain.what.fewer_tlb")),
        risk=Risk("low", "more memory per process when arrays are sparse"),
        confidence=Confidence(conf(f, 0.5), "page-fault/TLB pressure measured"),
        invalid_when=("THP is 'never' and no huge pages are reserved",
                      "the arrays are small (under a few MB)"),
        rollback="unset GLIBC_TUNABLES", scope=scope_of(f, facts),
    )


@proposal("enable_smt", layer=SYS,
          kind="param", preconditions=("smt available", "not bandwidth_bound"))
def enable_smt(facts: Facts, f: Finding) -> Proposal | None:
    cores = facts.cores
    tpc = facts.threads_per_core
    if cores is None or tpc is None or tpc < 2:
        return None
    threads = cores * tpc
    return Proposal(
        id="enable_smt", addresses=(f.id,), layer=SYS, kind="param",
        title=f"Use both hardware threads per core ({threads} threads)",
        change=Change(env={"OMP_NUM_THREADS": str(threads), "OMP_PLACES": "threads"},
                      params={"threads": threads},
                      description="latency-bound code can hide stalls with a second thread"),
        evidence=refs(f, facts), verification=verify(facts),
        expected_gain=ExpectedGain(1.0, 1.3, Text("gain.smt")),
        risk=Risk("medium", "threads share L1/L2; can slow cache-sensitive code"),
        confidence=Confidence(conf(f, 0.35), "only stall-bound code gains from SMT"),
        invalid_when=("the code is memory-bandwidth-bound",
                      "the working set per core already fills L2"),
        rollback=f"set OMP_NUM_THREADS back to {cores} and OMP_PLACES=cores",
        scope=scope_of(f, facts),
    )


@proposal("thread_count", layer=SYS,
          kind="param", preconditions=("cores >= 2",), group="thread_count")
def thread_count(facts: Facts, f: Finding) -> Proposal | None:
    cores = facts.cores
    if cores is None:
        return None
    use = cores - 1 if f.id == "sys.os_noise" and cores > 2 else cores
    why = ("leave one core to the OS and daemons" if use < cores
           else "one thread per physical core")
    nranks = int(facts.metric_max("ranks.count") or 1)
    threads = next((e.value for e in f.evidence if e.metric == "threads" and e.value), None)
    hybrid = f.id == "sys.oversubscription" and threads is not None and threads > nranks
    if nranks >= cores and not hybrid:
        return None  # a rank per core or more: its threads are one already (see rank_count)
    if f.id == "sys.oversubscription" and nranks >= 2:  # hybrid: threads of each rank
        use = max(1, cores // nranks)
        why = f"{nranks} ranks x {use} thread(s) fill the {cores} cores once"
    return Proposal(
        id="thread_count", addresses=(f.id,), layer=SYS, kind="param",
        title=f"Run {use} threads ({why})",
        change=Change(env={"OMP_NUM_THREADS": str(use)}, params={"threads": use},
                      description=f"{cores} physical cores on this node: {why}"),
        evidence=refs(f, facts), verification=verify(facts, "time.elapsed", "lower",
                                                     events="task-clock,context-switches,"
                                                            "cpu-migrations"),
        expected_gain=ExpectedGain(1.05, 2.0, Text("gain.oversubscription")),
        risk=Risk("low", "one variable changed"),
        confidence=Confidence(conf(f, 0.6), f"threads vs {cores} cores"),
        invalid_when=("other jobs share the node", "the code needs a fixed thread count"),
        rollback="restore the previous OMP_NUM_THREADS", scope=scope_of(f, facts),
    )


@proposal("rank_count", layer=SYS, kind="param", preconditions=("cores >= 2",),
          group="thread_count")
def rank_count(facts: Facts, f: Finding) -> Proposal | None:
    """More MPI ranks than cores: each rank waits for a core while the others run, and every
    collective waits for the one descheduled; one rank per core (the launcher's ``-np``) is
    the change, not the OpenMP thread count."""
    cores = facts.cores
    nranks = int(facts.metric_max("ranks.count") or 0)
    if cores is None or f.id != "sys.oversubscription" or nranks <= cores:
        return None
    return Proposal(
        id="rank_count", addresses=(f.id,), layer=SYS, kind="param",
        title=f"Run {cores} MPI ranks, one per core ({nranks} share {cores} cores now)",
        change=Change(params={"ranks": cores},
                      description=f"mpirun -np {cores}: {nranks} ranks on {cores} physical "
                                  "cores take turns, and each collective waits for the "
                                  "rank that is not running"),
        evidence=refs(f, facts), verification=verify(facts, "time.elapsed", "lower",
                                                     events="task-clock,context-switches,"
                                                            "cpu-migrations"),
        expected_gain=ExpectedGain(1.05, 2.0, Text("gain.oversubscription")),
        risk=Risk("low", "one launcher option changed; the decomposition follows the rank "
                  "count"),
        confidence=Confidence(conf(f, 0.6), f"{nranks} ranks vs {cores} cores"),
        invalid_when=("the code needs a fixed rank count", "other nodes are in the job"),
        rollback="restore the previous -np", scope=scope_of(f, facts),
    )


@proposal("frequency_governor", layer=SYS, kind="system",
          preconditions=())
def frequency_governor(facts: Facts, f: Finding) -> Proposal | None:
    return Proposal(
        id="frequency_governor", addresses=(f.id,), layer=SYS, kind="system",
        title="Run with the performance frequency governor (ask the administrator)",
        change=Change(description="the cores ran well below their maximum clock: a power-saving "
                      "governor or thermal limit; on a shared node only the administrator may "
                      "change it (cpupower frequency-set -g performance)"),
        evidence=refs(f, facts), verification=verify(facts),
        expected_gain=ExpectedGain(1.0, 1.5, Text("gain.frequency")),
        risk=Risk("medium", "a system setting that affects every job on the node"),
        confidence=Confidence(conf(f, 0.4), "measured clock below maximum"),
        invalid_when=("the clock is limited by temperature or power, not by the governor",),
        rollback="restore the previous governor", scope=scope_of(f, facts),
    )
