"""One declaration per finding kind: what it can explain, the data request that settles it,
the proposals that address it, and which evidence family measures which of its quantities
(``confirms``: two families agreeing make it confirmed). Its layer comes from the taxonomy and
the quantities it needs from its rule's ``needs``; the cause-chain table
(:data:`chains.EXPLAINS`) is derived from here, and ``tests/diagnose/test_kinds.py`` fails when
a kind lacks a part (two confirming families included), names a proposal the catalog lacks,
or a confirming quantity is written by no adapter. The catalog's ``addresses`` are derived
from here (:func:`addressed_by`).
"""

from __future__ import annotations

from dataclasses import dataclass

from perfscout.model.fptypes import TYPE_LABELS, TYPE_WORDS


@dataclass(frozen=True)
class Kind:
    id: str
    explains: tuple[str, ...]  # symptoms this cause can produce (their caused_by names it)
    settles: str  # the data request (perfscout.diagnose.requests function) that decides it
    proposals: tuple[str, ...]  # catalog ids that address it
    # "family:quantity" pairs: which evidence family measures which quantity of this kind, so
    # that two families agreeing confirm it (``@hotspots``: a profile's share in the routines;
    # ``quantity<=bound``: the family's own bound, a threshold name or a number)
    confirms: tuple[str, ...] = ()
    # words of a factor a program's own A/B can vary to test this cause (``mode=sorted``
    # against ``mode=raw`` tests branch prediction): its ``ab.ratio`` then measures the cause
    # (``program:@ab`` in ``confirms``, added by :func:`_k` when words are given)
    ab: frozenset[str] = frozenset()
    # it explains only the time a run waited for a CPU, never the CPU time it spent: alone, it
    # leaves where that CPU time went undecided (the basic data requests are made)
    wait_only: bool = False


def _k(id: str, explains: str, settles: str, proposals: str, confirms: str = "",
       ab: str = "", wait_only: bool = False) -> Kind:
    pairs = tuple(confirms.split()) + (("program:@ab",) if ab else ())
    return Kind(id, tuple(explains.split()), settles, tuple(proposals.split()), pairs,
                frozenset(ab.split()), wait_only)


#: evidence families whose quantities are shares of the run's own CPU time (samples, counts,
#: simulated costs): other jobs beside the run stretch its wall time, not these
CPU_TIME_FAMILIES = frozenset({"sampling", "instrumentation", "hardware_counters", "simulator"})
#: the evidence quantity a ``sys.os_noise`` finding states: the share of the run's wall time
#: its waiting for a CPU can explain (1 - CPUs kept busy / CPUs it could use, the run-queue
#: wait share, 1 - its own share of a CPU)
NOISE_SHARE = "noise.wall_share"


#: the spread of per-worker work (busiest / mean of per-thread or per-rank values), which
#: ``ingest.derive`` computes in each input holding such values: a program's per-thread
#: busy times and a profile's per-thread samples are two families measuring one imbalance
SPREAD = " ".join(f"{fam}:imbalance.max_over_mean" for fam in (
    "program", "sampling", "instrumentation", "hardware_counters", "os_accounting"))

KINDS: dict[str, Kind] = {k.id: k for k in (
    _k("hw.memory_bandwidth", "", "bandwidth_bench",
       "reduce_precision numa_first_touch numa_interleave loop_nest_optimize polly",
       "program:mem.bandwidth benchmark:bench.bandwidth hardware_counters:mem.bandwidth"),
    _k("hw.cache_locality", "hw.memory_bandwidth hw.vectorization", "cachegrind",
       "loop_interchange loop_tiling use_blas loop_nest_optimize polly use_lapack unordered_map "
       "pad_leading_dimension",
       "simulator:d1.miss_ratio simulator:d1.misses hardware_counters:llc.miss_ratio "
       "sampling:samples hardware_counters:l1d.miss_ratio>=cache.l1d_miss_ratio "
       "simulator:d1.miss_ratio>=cache.sim_d1_miss_ratio",
       ab="layout order aos soa transposed transpose interchange interchanged rows rowwise "
          "colwise ij ji ijk ikj "
          "kij jik jki kji row col column rowmajor colmajor blocked tiled tile stride strided "
          "contiguous loop_order"),
    _k("hw.numa_remote", "hw.memory_bandwidth hw.cache_locality", "software_events",
       "numa_first_touch numa_interleave bind_threads mpi_bind_map",
       "hardware_counters:numa.remote_ratio os_accounting:cpu_migrations program:mem.bandwidth"),
    _k("hw.vectorization", "hw.compute_bound", "remarks",
       "omp_simd compiler_opt_level compiler_arch use_blas loop_nest_optimize polly "
       "fast_math hoist_math integer_pow restrict_rows interior_path parallelize_caller use_lapack "
       "bisect_search cutoff_bounds "
       "omp_reduction private_tallies hoist_invariant compiler_lto",
       "compiler:insn.fp_total compiler:vector.loops_missed sampling:insn.fp_total "
       "hardware_counters:flops.vector_share compiler:insn.complex_calls "
       "sampling:insn.complex_calls sampling:@hotspots simulator:@hotspots "
       "instrumentation:@hotspots",
       ab="simd vec novec vectorized vectorised scalar avx avx2 avx512 sse noavx"),
    _k("hw.compute_bound", "", "callgrind",
       "use_blas compiler_opt_level compiler_arch compiler_lto loop_unroll hoist_math integer_pow "
       "parallelize_caller use_lapack bisect_search cutoff_bounds omp_reduction private_tallies "
       "unordered_map "
       "flush_subnormals hoist_invariant",
       "compiler:insn.div_sqrt compiler:insn.int_div sampling:samples "
       "simulator:d1.miss_ratio hardware_counters:flops.dp program:flops.rate "
       "compiler:vector.loops_vectorized program:time.step os_accounting:cpu.utilized"),
    _k("hw.frontend", "", "perf_stat", "compiler_opt_level compiler_lto loop_unroll enable_smt",
       "hardware_counters:topdown.frontend_bound hardware_counters:stalled_cycles.frontend"),
    _k("hw.bad_speculation", "hw.frontend", "perf_stat", "enable_smt",
       "hardware_counters:branch_miss_ratio simulator:branch_miss_ratio",
       ab="sorted unsorted random shuffled raw ordered presorted predictable unpredictable "
          "branchless branchy order"),
    _k("hw.frequency", "", "perf_stat", "frequency_governor",
       "hardware_counters:clock.ghz"),
    _k("sys.tlb_pagefaults", "hw.memory_bandwidth sys.os_noise", "software_events",
       "huge_pages checkpoint_without_fork hoist_allocation",
       "os_accounting:page_faults instrumentation:syscall.calls sampling:@hotspots "
       "instrumentation:@hotspots "
       "hardware_counters:dtlb.miss_ratio"),
    _k("sys.io", "app.io_hotspot", "gnu_time", "io_buffering keep_in_memory open_once",
       "os_accounting:time.elapsed instrumentation:syscall.time instrumentation:syscall.calls "
       "os_accounting:context_switches"),
    # other jobs holding the CPUs stretch an OpenMP team's barriers: a member descheduled
    # keeps the others waiting at every join
    _k("sys.os_noise", "rt.region_overhead", "software_events", "bind_threads thread_count",
       "os_accounting:context_switches os_accounting:cpu.utilized "
       "instrumentation:machine.others_cpus>=contention.others_cpus "
       "sampling:machine.others_share "
       "program:time.repeat_spread>=noise.repeat_spread", wait_only=True),
    _k("sys.oversubscription", "sys.os_noise rt.omp_imbalance rt.mpi_wait rt.serial_fraction "
       "alg.load_imbalance", "software_events", "thread_count rank_count",
       "runtime_report:ranks.count runtime_report:affinity.threads "
       "os_accounting:context_switches program:time.elapsed"),
    _k("rt.mpi_communication", "", "sampling",
       "mpi_bind_map mpi_nonblocking_overlap mpi_collective_tuning",
       "instrumentation:mpi.time_share sampling:@hotspots instrumentation:@hotspots "
       "program:mpi.time "
       "sampling:mpi.sampled_share>=mpi.share_high"),
    _k("rt.mpi_wait", "", "sampling", "mpi_nonblocking_overlap rebalance_decomposition",
       "instrumentation:mpi.time_share sampling:@hotspots instrumentation:@hotspots "
       "program:mpi.wait_time "
       "sampling:mpi.sampled_share>=mpi.share_high"),
    _k("rt.omp_imbalance", "", "thread_sweep",
       "omp_dynamic_schedule parallelize_omp omp_reduction private_tallies",
       "program:busy.time hardware_counters:cycles sampling:@hotspots instrumentation:@hotspots "
       "sampling:compute.share "
       "sampling:samples " + SPREAD, ab="schedule static dynamic guided chunk"),
    _k("rt.affinity", "hw.numa_remote sys.os_noise rt.omp_imbalance rt.serial_fraction",
       "affinity_report", "bind_threads mpi_bind_map",
       "runtime_report:affinity.cpus program:time.elapsed os_accounting:cpu.utilized "
       "os_accounting:context_switches "
       "instrumentation:threads.per_cpu>=affinity.threads_per_cpu",
       ab="bind bound unbound places close spread pinned proc_bind binding"),
    _k("rt.serial_fraction", "rt.omp_imbalance", "thread_sweep",
       "parallelize_omp parallelize_caller omp_reduction private_tallies",
       "program:time.elapsed sampling:@hotspots instrumentation:@hotspots "
       "os_accounting:cpu.utilized<=serial.busy_cpus "
       "os_accounting:cpu.utilized>=contention.busy_share "
       "instrumentation:cpu.utilized<=serial.busy_cpus "
       "instrumentation:cpu.utilized>=contention.busy_share "
       "instrumentation:imbalance.max_over_mean>=imbalance.strong "
       "sampling:threads.one_only_share>=serial.one_thread_share"),
    # the program already runs OpenMP regions, each too short for the team's fork/join and
    # barrier: the runtime holds the samples, not a serial part
    _k("rt.region_overhead", "", "sampling", "omp_outer_loop omp_static_schedule",
       "sampling:@hotspots instrumentation:@hotspots"),
    _k("rt.gpu_transfer", "", "sampling", "gpu_async_copy",
       "sampling:@hotspots instrumentation:@hotspots"),
    # threads taking turns on an atomic/critical update: the parallel loop does not speed up
    # or on a mutex/futex per item, or in the runtime's dynamic iteration handout
    _k("rt.sync_contention", "rt.serial_fraction rt.omp_imbalance", "sampling",
       "omp_reduction private_tallies omp_static_schedule",
       "sampling:insn.locked_share sampling:@hotspots instrumentation:@hotspots "
       "instrumentation:syscall.time"),
    # code set the thread count below the one requested (a library calling
    # omp_set_num_threads(1)): the regions run, with fewer threads
    _k("rt.threads_lowered", "rt.serial_fraction rt.omp_imbalance", "sampling",
       "restore_thread_count",
       "sampling:samples os_accounting:threads.observed runtime_report:affinity.threads "
       "sampling:@hotspots instrumentation:@hotspots runtime_report:omp.thread_limit "
       "os_accounting:cpu.utilized<=serial.busy_cpus"),
    _k("alg.load_imbalance", "rt.mpi_wait rt.omp_imbalance", "sampling",
       "rebalance_decomposition",
       "program:busy.time instrumentation:app.time sampling:compute.share " + SPREAD),
    _k("alg.small_messages", "rt.mpi_communication rt.mpi_wait", "sampling",
       "mpi_aggregate_messages",
       "program:mpi.msg_count instrumentation:mpi.msg_count sampling:@hotspots "
       "instrumentation:@hotspots "
       "sampling:mpi.sampled_share>=mpi.share_high"),
    # time that grows as size^k (k >= 1.5, measured) explains why the hot loop's code looks
    # like the whole cost: its efficiency is a constant factor, the operation count is not
    # growth that copies or rebuilds its data as it grows also faults fresh pages in
    _k("alg.complexity", "hw.vectorization hw.compute_bound sys.tlb_pagefaults", "sampling",
       "use_blas replace_algorithm use_lapack bisect_search cutoff_bounds hoist_invariant "
       "geometric_growth",
       "program:scaling.size sampling:@hotspots instrumentation:@hotspots simulator:ir"),
    _k("app.io_hotspot", "sys.os_noise", "sampling", "io_buffering open_once",
       "sampling:@hotspots instrumentation:@hotspots instrumentation:syscall.calls "
       "os_accounting:time.elapsed"),
    # a repeated call in the hot loop (strlen in its condition, a libm call of a loop
    # invariant) is also what keeps that loop scalar: remove the call before widening vectors
    # a whole array reduced per call for one value: the bytes explain the MPI time
    # also a debug/checking build (model/checking.py): the checks are work the result does
    # not need; the build log's flags and a profile's share in the checking runtime confirm it
    _k("app.redundant_work", "hw.memory_bandwidth app.io_hotspot hw.vectorization "
       "rt.mpi_communication rt.mpi_wait", "callgrind",
       "hoist_invariant unordered_map error_code_path reuse_rng_engine reduce_then_allreduce "
       "const_ref integer_pow assumed_shape_dummy hoist_allocation release_build "
       "geometric_growth template_callable cutoff_bounds",
       "compiler:build.checking_flags "
       "sampling:@hotspots simulator:callsite.cost instrumentation:@hotspots "
       "compiler:copy.temporaries program:time.elapsed instrumentation:syscall.calls "
       "runtime_report:mpi.coll_bytes",
       ab="const ref cref reference byref byvalue copy copies hoist hoisted memo memoized "
          "precompute precomputed reuse reused once invariant"),
    _k("app.precision", "hw.vectorization hw.compute_bound", "remarks", "reduce_precision",
       "compiler:insn.x87 sampling:insn.x87 sampling:@hotspots instrumentation:@hotspots",
       ab=" ".join(sorted(TYPE_LABELS | TYPE_WORDS | {"long_double", "ldouble", "accumulate"}))),
    # an ordered tree (std::map) walked per access: pointer chasing and a key compare per level
    # or a hash table whose weak hash sends neighbouring keys to one bucket: long chain walks
    _k("app.data_structure", "hw.cache_locality hw.compute_bound hw.vectorization", "sampling",
       "unordered_map mix_hash",
       "sampling:@hotspots instrumentation:@hotspots simulator:@hotspots",
       ab="map unordered_map umap hash hashmap hashtable tree rbtree list linked vector "
          "array set flat dense container"),
)}


def addressed_by(proposal_id: str) -> tuple[str, ...]:
    """The finding kinds whose declaration names ``proposal_id``, in declaration order: the
    catalog derives each entry's ``addresses`` from here, so the two cannot disagree."""
    return tuple(k.id for k in KINDS.values() if proposal_id in k.proposals)


def explains() -> tuple[tuple[str, str], ...]:
    """(cause, symptom) pairs, in declaration order: the cause-chain table."""
    return tuple((k.id, s) for k in KINDS.values() for s in k.explains)


def missing_parts(kind: Kind) -> list[str]:
    """What the declaration of ``kind`` lacks (empty when complete): a taxonomy layer, a rule
    with the quantities it needs, valid symptom ids, a data request that exists, a proposal."""
    from perfscout.diagnose import requests
    from perfscout.diagnose.engine import rules
    from perfscout.model.taxonomy import FINDING_IDS

    out: list[str] = []
    if kind.id not in FINDING_IDS:
        out.append("layer (not in the taxonomy)")
    r = rules().get(kind.id)
    if r is None or not (r.needs or r.facts):
        out.append("quantities (no rule with needs)")
    bad = [s for s in kind.explains if s not in FINDING_IDS or s == kind.id]
    if bad:
        out.append(f"explains (unknown ids {bad})")
    if not callable(getattr(requests, kind.settles, None)):
        out.append(f"settles (no data request {kind.settles!r})")
    if not kind.proposals:
        out.append("proposals (none addresses it)")
    out.extend(_confirm_gaps(kind))
    return out


#: kinds only one family can measure here (their status stays a hypothesis), and why
ONE_FAMILY: dict[str, str] = {
    "hw.frontend": "frontend stalls are counted by the core's counters only",
    "hw.frequency": "the effective clock is read from the core's counters only",
}


def _confirm_gaps(kind: Kind) -> list[str]:
    """What the ``confirms`` part lacks: at least two independent families (unless the kind
    is one only counters can measure), known families, canonical quantities, bounds that
    name a threshold (or are numbers)."""
    from perfscout.diagnose.crossval import NOT_INDEPENDENT, SETTING_QUANTITIES, own_bound
    from perfscout.diagnose.thresholds import DEFAULTS
    from perfscout.model.metric_names import CANONICAL
    from perfscout.model.metrics import FAMILIES

    split = [c.partition(":") for c in kind.confirms]
    own = [own_bound(q) for _, _, q in split]  # "cpu.utilized<=serial.busy_cpus"
    pairs = [(f, s, o[0] if o else q) for (f, s, q), o in zip(split, own, strict=True)]
    bad_b = sorted(o[2] for o in own
                   if o and o[2] not in DEFAULTS and not o[2].replace(".", "", 1).isdigit())
    fams = {f for f, _, _ in pairs}
    out: list[str] = []
    bad_f = sorted(f for f in fams if f not in FAMILIES)
    bad_q = sorted(q for _, _, q in pairs if q not in CANONICAL and not q.startswith("@"))
    asked = sorted(f"{f}:{q}" for f, _, q in pairs
                   if q in SETTING_QUANTITIES or f in NOT_INDEPENDENT)
    if not pairs or any(not q for _, _, q in pairs):
        out.append("confirms (no family:quantity pairs)")
    elif len(fams - set(bad_f)) < 2 and kind.id not in ONE_FAMILY:
        out.append("confirms (fewer than two evidence families)")
    if bad_f:
        out.append(f"confirms (unknown families {bad_f})")
    if bad_q:
        out.append(f"confirms (unknown quantities {bad_q})")
    if bad_b:
        out.append(f"confirms (unknown bounds {bad_b})")
    if asked:  # what a run asked for never confirms (crossval): a dead declaration
        out.append(f"confirms (settings, not measurements {asked})")
    return out


# what each kind is most often mistaken for, and the quantity that tells them apart
LOOK_ALIKES: dict[str, tuple[tuple[str, str], ...]] = {
    "hw.memory_bandwidth": (
        ("hw.vectorization", "the achieved bandwidth is at the measured ceiling: wider vectors "
                             "move the same bytes"),
        ("hw.compute_bound", "bytes, not FLOPs, are at their ceiling")),
    "hw.cache_locality": (
        ("hw.vectorization", "the miss rate and stride come before vector width: a vector "
                             "loop waits on the same misses"),
        ("hw.memory_bandwidth", "DRAM is not at its ceiling; the misses are the access order")),
    "hw.vectorization": (("hw.cache_locality", "operands hit the cache; the code is scalar"),),
    "hw.compute_bound": (("hw.vectorization", "the code is already packed"),
                         ("hw.cache_locality", "operands stay in cache")),
    "app.precision": (("hw.vectorization", "x87 long double has no vector form: the data type "
                                           "is the fix, not flags"),),
    "rt.affinity": (
        ("rt.serial_fraction", "the threads exist but may run on fewer CPUs than they are"),
        ("sys.oversubscription", "the machine has the CPUs; the binding does not give them"),
        ("sys.os_noise", "the run's own binding, not other jobs, keeps the CPUs idle")),
    "rt.serial_fraction": (
        ("rt.affinity", "the threads could run on distinct cores"),
        ("sys.os_noise", "about one CPU busy, not less: the cores were not taken by others")),
    "rt.region_overhead": (
        ("rt.serial_fraction", "the runtime's fork/join and barrier code holds the samples, "
                               "inside regions that already run in parallel: no serial part"),),
    "rt.threads_lowered": (
        ("rt.affinity", "fewer threads exist than were requested; affinity keeps them all, on "
                        "fewer cores"),
        ("rt.serial_fraction", "the time is inside the parallel regions, run by one thread; "
                               "a serial fraction has the other threads existing and idle")),
    "sys.os_noise": (
        ("rt.serial_fraction", "the load average says other jobs held the cores: the run did "
                               "not get even one CPU"),),
    "sys.oversubscription": (
        ("rt.affinity", "more threads than the machine has CPUs, whatever the binding"),),
    "alg.load_imbalance": (
        ("rt.mpi_wait", "per-rank compute differs: the wait is its symptom"),),
    "alg.small_messages": (
        ("alg.load_imbalance", "time goes to per-message latency; rank compute is balanced"),),
    "app.io_hotspot": (("sys.io", "the time is in the program's calls, not the file system"),),
}
