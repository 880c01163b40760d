"""Catalog entries for the parallel runtime: binding, MPI placement and overlap, OpenMP, GPU."""

from __future__ import annotations

from pathlib import Path

from perfscout.advise.catalog.common import (
    BALANCED,
    amdahl,
    conf,
    gain_on_share,
    imbalance_gain,
    measured_imbalance,
    refs,
    scope_of,
    source_hot_lines,
    verify,
)
from perfscout.advise.catalog.registry import proposal
from perfscout.advise.facts import Facts, project_root_of
from perfscout.model.findings import Finding
from perfscout.model.message import Text
from perfscout.model.metrics import ScopeKind
from perfscout.model.proposals import Change, Confidence, ExpectedGain, Proposal, Risk
from perfscout.model.taxonomy import Layer
from perfscout.transform import Generated, generate
from perfscout.transform.caller import callers_of
from perfscout.transform.source import Code, language_of

RT = Layer.RUNTIME


def mpi_binding_options(facts: Facts) -> tuple[tuple[str, ...], dict[str, str]]:
    """Launcher options (and env) that map ranks round-robin over NUMA nodes, bound to cores,
    spelled for the MPI implementation present."""
    mpi = facts.mpi
    impl = mpi.implementation if mpi else ""
    if impl == "openmpi":
        return ("--map-by", "numa", "--bind-to", "core", "--report-bindings"), {}
    if impl in ("mpich", "mvapich"):
        return ("-map-by", "numa", "-bind-to", "core"), {}
    if impl == "intelmpi":
        return (), {"I_MPI_PIN": "1", "I_MPI_PIN_DOMAIN": "numa"}
    return (), {}


@proposal("bind_threads", layer=RT,
          kind="env", preconditions=("cores >= 2",), group="binding")
def bind_threads(facts: Facts, f: Finding) -> Proposal | None:
    cores = facts.cores
    if cores is None:
        return None
    nodes = facts.numa_nodes or 1
    bind = "spread" if nodes >= 2 else "close"
    env = {"OMP_PROC_BIND": bind, "OMP_PLACES": "cores", "OMP_NUM_THREADS": str(cores)}
    params: dict[str, object] = {"threads": cores}
    if facts.likwid:
        # likwid-pin alternative: one thread per core of every NUMA domain
        per = max(1, cores // nodes)
        params["likwid_pin"] = "likwid-pin -c " + "@".join(
            f"M{i}:0-{per - 1}" for i in range(nodes))
    return Proposal(
        id="bind_threads", addresses=(f.id,), layer=RT, kind="env",
        title=f"Bind {cores} threads to cores ({bind} over {nodes} NUMA node(s))",
        change=Change(env=env, params=params,
                      description=f"{cores} cores, {nodes} NUMA node(s): one thread per core, "
                      f"{bind} so {'every node' if nodes >= 2 else 'the socket'}'s memory "
                      "controller is used"),
        evidence=refs(f, facts),
        verification=verify(facts, "time.elapsed", "lower",
                            events="task-clock,context-switches,cpu-migrations"),
        expected_gain=ExpectedGain(1.05, 1.0 + 0.4 * nodes, Text("gain.bind_threads", n=nodes)),
        risk=Risk("low", "environment only"),
        confidence=Confidence(conf(f, 0.7), "binding is the first thing to fix before measuring"),
        invalid_when=("the launcher or batch system already binds the threads",
                      "several jobs share the node"),
        rollback="unset OMP_PROC_BIND and OMP_PLACES", scope=scope_of(f, facts),
    )


@proposal("mpi_bind_map", layer=RT, kind="launch", preconditions=("mpi present", "numa_nodes >= 2"),
          group="binding")
def mpi_bind_map(facts: Facts, f: Finding) -> Proposal | None:
    opts, env = mpi_binding_options(facts)
    if not opts and not env:
        return None
    impl = facts.mpi.implementation if facts.mpi else "?"
    nodes = facts.numa_nodes or 2
    return Proposal(
        id="mpi_bind_map", addresses=(f.id,), layer=RT, kind="launch",
        title=f"Map ranks over the {nodes} NUMA nodes and bind them to cores ({impl})",
        change=Change(launcher=opts, env=env,
                      description=f"{impl}: ranks round-robin over NUMA nodes, "
                      "each bound to a core"),
        evidence=refs(f, facts), verification=verify(facts),
        expected_gain=ExpectedGain(1.05, 1.0 + 0.3 * nodes, Text("gain.mpi_bind")),
        risk=Risk("low", "launch option only"),
        confidence=Confidence(conf(f, 0.6), f"{impl} binding options for {nodes} NUMA nodes"),
        invalid_when=("the batch system binds ranks (srun --cpu-bind)",
                      "ranks run hybrid with OpenMP threads (bind to numa instead of core)"),
        rollback="drop the mapping options from the launch line", scope=scope_of(f, facts),
    )


def _handout(f: Finding) -> float | None:
    """The sampled share of the runtime's iteration handout, when ``f`` is that finding."""
    from perfscout.diagnose.locks import SCHED_ROUTINE

    if f.id != "rt.sync_contention" or not SCHED_ROUTINE.match(
            f.scope.lower().split("@")[0].lstrip("_") if f.scope else ""):
        return None
    return max((e.value or 0.0 for e in f.evidence if e.metric == "hotspot.share"),
               default=0.0)


def _runtime_share(f: Finding) -> float | None:
    """The OpenMP runtime's sampled share (fork/join, barriers, handout: its routines are
    often unnamed in a stripped libgomp) of an ``rt.region_overhead`` finding."""
    if f.id != "rt.region_overhead":
        return None
    return next((e.value for e in f.evidence if e.metric == "omp.fork_join_share"
                 and e.value is not None), None)


def _handout_basis(facts: Facts) -> float | None:
    return max((s for f in facts.findings for s in (_handout(f), _runtime_share(f))
                if s is not None), default=None)


#: the runtime share under which a schedule change is not proposed for rt.region_overhead
MIN_RUNTIME_SHARE = 0.15


@proposal("omp_static_schedule", layer=RT, kind="source", basis=_handout_basis)
def omp_static_schedule(facts: Facts, f: Finding) -> Proposal | None:
    """The samples sit in the OpenMP runtime handing out iterations one chunk at a time
    (``schedule(dynamic,1)`` over tiny iterations: every chunk is an atomic fetch on a shared
    counter): a static schedule, or chunks large enough to amortise the handout, removes it.
    Offered only for ``rt.sync_contention`` whose sampled evidence is that handout. Where the
    program's sources are at hand, the loop's directive is found from the hot lines and the
    change generated there (:mod:`perfscout.transform.schedule`); the proposal is then scoped
    to that line. For ``rt.region_overhead`` (the runtime's share measured, the handout
    routine unnamed) it is offered only where the sources show the hot loop's directive
    hands out iterations dynamically: the generated change is then the evidence."""
    from perfscout.advise.catalog.common import routine_callers
    from perfscout.advise.catalog.generated import generated_near

    # the hot line, or the loop calling the routine that holds it (a body inlined into the
    # parallel loop puts the samples on the routine's lines, the loop's own line stays cold)
    share = _handout(f)
    if share is None:
        share = _runtime_share(f)
        if share is None or share < MIN_RUNTIME_SHARE:
            return None
        found = generated_near(facts, f, "omp_static_schedule", routine_callers)
        if found is None:
            return None
    else:
        found = generated_near(facts, f, "omp_static_schedule", routine_callers)
    scope, note = (found[0], f"; generated: {found[1].note}") if found else (f.scope, "")
    low, high = amdahl(share, 2.0, 10.0)
    return Proposal(
        id="omp_static_schedule", addresses=(f.id,), layer=RT, kind="source",
        title="Hand out the parallel loop's iterations statically (schedule(static) or a "
              "large chunk)",
        change=Change(description="replace 'schedule(dynamic,1)' (or guided/runtime with a "
                      "small chunk) by 'schedule(static)', or give dynamic a chunk of "
                      "thousands of iterations; OMP_SCHEDULE=static when the loop says "
                      f"schedule(runtime){note}"),
        evidence=refs(f, facts), verification=verify(facts),
        expected_gain=ExpectedGain(low, high, Text(
            "gain.share_measured", share=f"{share:.0%}", scope=f.scope,
            what=Text("gain.what.static_schedule"), low="2", high="10")),
        risk=Risk("low", "iterations of very unequal cost balance worse under a static "
                  "schedule (then a larger dynamic chunk)"),
        confidence=Confidence(conf(f, 0.6), "the runtime's iteration handout is the sampled "
                              "hot code"),
        invalid_when=("the iterations differ in cost by orders of magnitude",),
        rollback="revert the patch commit", scope=scope,
    )


@proposal("omp_dynamic_schedule", layer=RT, kind="source")
def omp_dynamic_schedule(facts: Facts, f: Finding) -> Proposal | None:
    """Threads of one OpenMP loop measured carrying unequal work (``rt.omp_imbalance``): a
    static schedule (the default) gives each thread one contiguous block, so iterations whose
    cost changes along the range (sorted cells, triangular loops, a costly region of the
    domain) leave the cheap blocks' threads waiting at the barrier; dynamic chunks deal the
    costly iterations out as threads free up. Where the sources are at hand the loop's
    directive is found from the hot lines and the clause generated there
    (:func:`perfscout.transform.schedule.dynamic_schedule`). Not offered when the threads
    were measured balanced."""
    from perfscout.advise.catalog.common import routine_callers
    from perfscout.advise.catalog.generated import generated_near

    imb = measured_imbalance(facts, f)
    if imb is not None and imb <= BALANCED:
        return None  # measured balanced: nothing to deal out
    found = generated_near(facts, f, "omp_dynamic_schedule", routine_callers)
    scope, note = (found[0], f"; generated: {found[1].note}") if found else \
        (scope_of(f, facts), "")
    return Proposal(
        id="omp_dynamic_schedule", addresses=(f.id,), layer=RT, kind="source",
        title="Deal the parallel loop's iterations out dynamically (schedule(dynamic, chunk)) "
              "instead of static blocks",
        change=Change(description="replace schedule(static) (or no schedule clause) on the "
                      "loop whose threads differ by 'schedule(dynamic, 8)' (or guided); with "
                      "schedule(runtime) set OMP_SCHEDULE=dynamic,8 (or reorder the "
                      f"iterations so that each block holds as much work){note}"),
        evidence=refs(f, facts), verification=verify(facts),
        expected_gain=imbalance_gain(imb),
        risk=Risk("low", "small chunks add scheduling overhead and can cost locality: keep "
                  "a chunk of several iterations"),
        confidence=Confidence(conf(f, 0.55), "per-thread work spread measured"),
        invalid_when=("the spread comes from threads sharing cores (check placement first)",
                      "the loop has fewer iterations than a few chunks per thread"),
        rollback="revert the patch commit", scope=scope,
    )


@proposal("parallelize_omp", layer=RT,
          kind="source", preconditions=("cores >= 2", "share_of_time >= 5%"))
def parallelize_omp(facts: Facts, f: Finding) -> Proposal | None:
    scope = scope_of(f, facts)
    cores = facts.cores or 2
    sched = "dynamic" if f.id == "rt.omp_imbalance" else "static"
    share = facts.share_of(scope)
    s = share if share is not None else 0.3
    loc_hi = max(1.2, float(cores) * 0.7)
    low, high = amdahl(s, min(1.5, loc_hi), loc_hi)
    return Proposal(
        id="parallelize_omp", addresses=(f.id,), layer=RT, kind="source",
        title=f"Parallelise {scope or 'the serial region'} with OpenMP (schedule({sched}))",
        change=Change(flags=("-fopenmp",), description=f"'#pragma omp parallel for "
                      f"schedule({sched})' on the outer loop of {scope or 'the region'}"),
        evidence=refs(f, facts), verification=verify(facts),
        expected_gain=ExpectedGain(low, high, Text("gain.parallel_measured" if share is not None
                                        else "gain.parallel_assumed",
                                        share=f"{s:.0%}", cores=cores)),
        risk=Risk("medium", "data races if iterations share state"),
        confidence=Confidence(conf(f, 0.5), "serial share measured in the scaling data"),
        invalid_when=("iterations depend on each other", "the region is I/O"),
        rollback="revert the patch commit", scope=scope,
    )


def _mpi_gain(facts: Facts, recover_low: float, recover_high: float, what: Text
              ) -> ExpectedGain:
    share = facts.mpi_share
    s = share if share is not None else 0.2
    low, high = amdahl(s, 1.0 / (1.0 - recover_low), 1.0 / (1.0 - recover_high))
    return ExpectedGain(low, high, Text("gain.mpi_measured" if share is not None
                                        else "gain.mpi_assumed", share=f"{s:.0%}", what=what,
                                        low=f"{recover_low:.0%}", high=f"{recover_high:.0%}"))


@proposal("mpi_nonblocking_overlap", layer=RT,
          kind="source", preconditions=("mpi present", "mpi_share >= 5%"))
def mpi_nonblocking_overlap(facts: Facts, f: Finding) -> Proposal | None:
    return Proposal(
        id="mpi_nonblocking_overlap", addresses=(f.id,), layer=RT, kind="source",
        title="Overlap the halo exchange with interior computation (MPI_Isend/Irecv + Waitall)",
        change=Change(description="post MPI_Irecv/MPI_Isend for the halo, compute the interior, "
                      "MPI_Waitall, then the boundary"),
        evidence=refs(f, facts), verification=verify(facts),
        expected_gain=_mpi_gain(facts, 0.2, 0.6, Text("gain.what.overlap")),
        risk=Risk("medium", "buffers must not be touched before the wait completes"),
        confidence=Confidence(conf(f, 0.45), "waits measured in point-to-point calls"),
        invalid_when=("the wait is load imbalance (fix the decomposition first)",
                      "the MPI library makes no asynchronous progress"),
        rollback="revert the patch commit", scope=scope_of(f, facts),
    )


def _allreduce_measured(facts: Facts) -> bool:
    """Whether a profile, an MPI profiler or a printout names time spent in an allreduce, in
    a run of three ranks or more (or of an unknown count): between two ranks every allreduce
    algorithm is the same one exchange, so there is nothing to choose."""
    ranks = [m.value for p in facts.profiles for m in p.metrics
             if m.name in ("ranks.count", "scaling.ranks")]
    named = {m.scope.name for p in facts.profiles for m in p.metrics
             if m.scope.kind == ScopeKind.RANK}
    if (ranks and max(ranks) < 3) or (not ranks and 0 < len(named) < 3):
        return False
    if any("allreduce" in h.name.lower() for h in facts.hotspots()):
        return True
    return any("allreduce" in f"{m.scope.name} {m.raw_name}".lower()
               for p in facts.profiles for m in p.metrics if m.unit in ("s", "ms", "ratio"))


@proposal("mpi_collective_tuning", layer=RT, kind="env",
          preconditions=("mpi present", "mpi_share >= 5%"))
def mpi_collective_tuning(facts: Facts, f: Finding) -> Proposal | None:
    """Only where an input measured time in an allreduce (a profile's routine, an MPI
    profiler's call site, a printout's timer) among three ranks or more: the variables choose
    that collective's algorithm and change nothing for a broadcast, a gather or a
    point-to-point exchange."""
    if not _allreduce_measured(facts):
        return None
    impl = facts.mpi.implementation if facts.mpi else ""
    env = {"openmpi": {"OMPI_MCA_coll_tuned_use_dynamic_rules": "1",
                       "OMPI_MCA_coll_tuned_allreduce_algorithm": "4"},
           "mpich": {"MPIR_CVAR_ALLREDUCE_INTRA_ALGORITHM": "recursive_doubling"},
           "intelmpi": {"I_MPI_ADJUST_ALLREDUCE": "5"}}.get(impl)
    if env is None:
        return None
    return Proposal(
        id="mpi_collective_tuning", addresses=(f.id,), layer=RT, kind="env",
        title=f"Pick the allreduce algorithm explicitly ({impl})",
        change=Change(env=env, description=f"{impl}: select the ring/recursive-doubling "
                      "allreduce instead of the default decision"),
        evidence=refs(f, facts), verification=verify(facts),
        expected_gain=_mpi_gain(facts, 0.05, 0.3, Text("gain.what.collective")),
        risk=Risk("low", "environment only"),
        confidence=Confidence(conf(f, 0.35), "collective time measured; the best algorithm "
                              "depends on message size and rank count"),
        invalid_when=("collectives are a small part of MPI time",),
        rollback="unset the variables", scope=scope_of(f, facts),
    )


@proposal("gpu_async_copy", layer=RT, kind="source",
          preconditions=("has_gpu",))
def gpu_async_copy(facts: Facts, f: Finding) -> Proposal | None:
    scope = scope_of(f, facts)
    return Proposal(
        id="gpu_async_copy", addresses=(f.id,), layer=RT, kind="source",
        title="Pinned host buffers and cudaMemcpyAsync on streams",
        change=Change(description="allocate host buffers with cudaMallocHost and overlap "
                      "cudaMemcpyAsync on two streams with the kernels"),
        evidence=refs(f, facts), verification=verify(facts),
        expected_gain=gain_on_share(facts, scope, 1.2, 2.0, 0.3,
                                    Text("gain.what.overlap_transfers")),
        risk=Risk("medium", "stream synchronisation errors"),
        confidence=Confidence(conf(f, 0.45), "transfer time measured"),
        invalid_when=("no GPU", "transfers already overlap"),
        rollback="revert the patch commit", scope=scope,
    )


def parallel_caller(facts: Facts) -> tuple[str, str] | None:
    """(``path:line`` of a caller loop, the generated change's note) when the hot loop of the
    line profile cannot take ``omp parallel for`` at the top of its own nest (a dependence, or
    a barrier per outer step) and a loop in the project's C/C++ sources calls the hot function
    once per independent item (the transform stage's ``parallelize_caller`` succeeds there);
    None otherwise."""
    for path, line, text in source_hot_lines(facts):
        if language_of(path) not in ("c", "cpp"):
            continue
        own = generate("parallelize_omp", text, path, line)
        if isinstance(own, Generated) and "outer loops refused" not in own.note:
            continue  # the hot nest itself runs in parallel at its top: parallelize_omp
        code = Code(text, path)
        at = code.node_at_line(line)
        fn = code.function_of(at) if at is not None else None
        if fn is None:
            continue
        root = project_root_of(Path(path))
        for rel, ln in callers_of(root, code.function_name(fn)):
            got = generate("parallelize_caller", (root / rel).read_text(errors="replace"), rel,
                           ln, root=root)
            if isinstance(got, Generated):
                return f"{root / rel}:{ln}", got.note
    return None


@proposal("parallelize_caller", layer=RT, kind="source",
          preconditions=("cores >= 2", "share_of_time >= 5%"))
def parallelize_caller(facts: Facts, f: Finding) -> Proposal | None:
    found = parallel_caller(facts)
    if found is None:
        return None
    scope, note = found
    cores = facts.cores or 2
    s = facts.share_of(scope_of(f, facts))
    s = s if s is not None else 0.5
    low, high = amdahl(s, min(1.5, cores * 0.7), max(1.2, cores * 0.9))
    return Proposal(
        id="parallelize_caller", addresses=(f.id,), layer=RT, kind="source",
        title=f"Parallelise the loop that calls the hot function with OpenMP ({scope})",
        change=Change(flags=("-fopenmp",), description="the hot loop carries a dependence; its "
                      f"caller runs independent calls one after another: {note}"),
        evidence=(*refs(f, facts), f"caller loop {scope}: {note}"),
        verification=verify(facts),
        expected_gain=ExpectedGain(low, high, Text("gain.parallel_assumed", share=f"{s:.0%}",
                                                   cores=cores)),
        risk=Risk("medium", "the calls must share no state (checked on the parsed sources)"),
        confidence=Confidence(conf(f, 0.55), "each call writes only its own state"),
        invalid_when=("the callee reaches state the analysis cannot see (a library call)",),
        rollback="revert the patch commit", scope=scope,
    )
