"""Guards: checks every proposal passes, whatever wrote it (catalog, LLM, user file).

Each guard returns ``None`` (pass) or a one-line reason. :func:`run_guards` stops at the first
failure and returns a :class:`Rejected` naming the guard, so a reader sees exactly why a proposal
was refused. Guards read only the proposal and the facts of the case; the sandbox policy comes in
as a callable (advise must not import the sandbox).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from perfscout.advise.facts import AT_PEAK, Facts
from perfscout.model.findings import Finding
from perfscout.model.isa import AVX512, INTEL_ONLY, X86_ONLY  # one legality table (tune too)
from perfscout.model.message import Text
from perfscout.model.metrics import ScopeKind
from perfscout.model.proposals import Proposal, Rejected
from perfscout.model.runs import PolicyDecision
from perfscout.model.taxonomy import FINDING_IDS, PROPOSAL_ENV, PROPOSAL_KINDS, undeclared_env
from perfscout.snapshot.textutil import parse_cpu_list

PolicyCheck = Callable[[tuple[str, ...]], PolicyDecision]
Guard = Callable[[Proposal, Facts, PolicyCheck], str | None]

#: no expected gain above this without a measured headroom (and none above it ever)
MAX_UNBOUNDED_GAIN = 10.0

GPU_WORDS = re.compile(r"cuda|hip(Memcpy|Malloc|Stream)|nvcc|cupy|-fopenmp-targets|"
                       r"omp target|acc (data|parallel|kernels)", re.I)
UNROLL_WORDS = re.compile(r"unroll", re.I)


def _flags(p: Proposal) -> tuple[str, ...]:
    return p.change.flags if p.change else ()


def _text(p: Proposal) -> str:
    c = p.change
    parts = [p.id, p.title]
    if c:
        parts += [c.description, c.diff, " ".join(c.flags), " ".join(c.launcher),
                  " ".join(f"{k}={v}" for k, v in c.env.items()),
                  " ".join(f"{k}={v}" for k, v in c.params.items())]
    return " ".join(parts)


# --- schema ---------------------------------------------------------------------------------
def env_declared(p: Proposal, facts: Facts, policy: PolicyCheck) -> str | None:
    """A proposal sets only the env variables its kind declares (``PROPOSAL_ENV``): a thread
    proposal may set ``OMP_*`` placement, never a launcher variable that names a program."""
    bad = undeclared_env(p.kind, p.change.env) if p.change is not None else []
    if not bad:
        return None
    allowed = PROPOSAL_ENV.get(p.kind or "", ())
    if allowed:
        return Text("guard.env_undeclared", kind=repr(p.kind), names=", ".join(bad),
                    allowed=", ".join(allowed))
    return Text("guard.env_none", kind=repr(p.kind), names=", ".join(bad))


def schema_complete(p: Proposal, facts: Facts, policy: PolicyCheck) -> str | None:
    """Every proposal needs the fields that make it checkable and honest."""
    missing = []
    if p.verification is None or not p.verification.commands:
        missing.append("verification.commands")
    elif not p.verification.metric or p.verification.direction not in ("higher", "lower"):
        missing.append("verification.metric/direction")
    if p.expected_gain is None:
        missing.append("expected_gain")
    elif not p.expected_gain.basis:
        missing.append("expected_gain.basis")
    if p.risk is None or p.risk.level not in ("low", "medium", "high"):
        missing.append("risk (low/medium/high)")
    if p.confidence is None or not 0.0 <= p.confidence.value <= 1.0:
        missing.append("confidence (0..1)")
    if not p.invalid_when:
        missing.append("invalid_when")
    if p.change is None:
        missing.append("change")
    if p.kind not in PROPOSAL_KINDS:
        missing.append(f"kind (one of {', '.join(PROPOSAL_KINDS)})")
    if not p.addresses:
        missing.append("addresses")
    if not p.rollback:
        missing.append("rollback")
    if missing:
        return Text("guard.incomplete", fields=", ".join(missing))
    unknown = [a for a in p.addresses if a not in FINDING_IDS]
    if unknown:
        return Text("guard.unknown_findings", ids=unknown)
    if p.expected_gain is not None and p.expected_gain.low > p.expected_gain.high:
        return Text("guard.gain_order")
    return None


# --- platform hazards -----------------------------------------------------------------------
def smt_bandwidth(p: Proposal, facts: Facts, policy: PolicyCheck) -> str | None:
    """More hardware threads do not add memory bandwidth: refuse SMT for a bandwidth-bound code."""
    text = _text(p)
    wants_smt = p.id == "enable_smt" or bool(re.search(
        r"hyper-?thread|\bSMT\b|OMP_PLACES=threads", text, re.I))
    if not wants_smt or not facts.bandwidth_bound:
        return None
    ratio = facts.bandwidth_ratio
    sockets = facts.sockets
    where = Text("guard.smt_where", n=sockets) if sockets else Text("guard.smt_here")
    bw = Text("guard.smt_bw", ratio=f"{ratio:.0%}") if ratio is not None else ""
    return Text("guard.smt_bandwidth", where=where, bw=bw)


def gpu_without_gpu(p: Proposal, facts: Facts, policy: PolicyCheck) -> str | None:
    if p.id != "gpu_async_copy" and not GPU_WORDS.search(_text(p)):
        return None
    if facts.has_gpu is False:
        return Text("guard.gpu")
    return None


def intel_only_flags(p: Proposal, facts: Facts, policy: PolicyCheck) -> str | None:
    bad = [f for f in _flags(p) if INTEL_ONLY.match(f)]
    if not bad:
        return None
    c = facts.compiler
    if c is not None and c.vendor == "intel":
        return None
    if c is None and (facts.snapshot is None or "intel" in facts.compiler_vendors):
        return None
    name = f"{c.name} ({c.vendor})" if c else Text("guard.no_intel")
    return Text("guard.intel_flags", flags=" ".join(bad), compiler=name)


def isa_flags(p: Proposal, facts: Facts, policy: PolicyCheck) -> str | None:
    flags = _flags(p)
    arch = facts.arch
    if arch and arch not in ("x86_64", "amd64", "i686"):
        bad = [f for f in flags if AVX512.match(f) or X86_ONLY.match(f)]
        if bad:
            return Text("guard.x86_flags", flags=" ".join(bad), arch=arch, model=_model(facts))
    avx512 = [f for f in flags if AVX512.match(f)]
    if avx512 and facts.has_isa("avx512f") is False:
        return Text("guard.avx512", flags=" ".join(avx512), model=_model(facts))
    if "-march=native" in flags and arch and arch not in ("x86_64", "amd64", "i686"):
        c = facts.compiler
        if c is not None and c.vendor == "gnu":
            return Text("guard.mcpu", arch=arch)
    return None


def _model(facts: Facts) -> str:
    return (facts.snapshot.cpu.model_name or "unknown model") if facts.snapshot else "unknown"


_NODE_OPT = re.compile(r"^(--cpunodebind|-N|--membind|-m|--preferred|-p)(=|$)(.*)")


def numa_single_node(p: Proposal, facts: Facts, policy: PolicyCheck) -> str | None:
    """Confining every thread or rank to one NUMA node of a multi-node machine leaves the other
    nodes' memory controllers idle."""
    nodes = facts.numa_node_cpus()
    if len(nodes) < 2 or p.change is None:
        return None
    c = p.change
    bound_nodes: set[int] | None = None
    launcher = list(c.launcher)
    for i, a in enumerate(launcher):
        m = _NODE_OPT.match(a) if "numactl" in launcher else None
        if m:
            val = m.group(3) if m.group(2) == "=" else (launcher[i + 1] if i + 1 < len(launcher)
                                                        else "")
            ids = _ints(val)
            if ids is not None:
                bound_nodes = (bound_nodes or set()) | ids
        if a in ("--cpu-set", "--cpu-list", "-cpu-set") and i + 1 < len(launcher):
            cpus = _ints(launcher[i + 1])
            if cpus is not None:
                bound_nodes = {nid for nid, nc in nodes if cpus & set(nc)}
    places = c.env.get("OMP_PLACES", "")
    cpus = _places_cpus(places)
    if cpus is not None:
        bound_nodes = {nid for nid, nc in nodes if cpus & set(nc)}
    for key in ("GOMP_CPU_AFFINITY", "KMP_AFFINITY"):
        if key in c.env:
            cp = _ints(c.env[key].split("proclist=")[-1].strip("[]"))
            if cp is not None:
                bound_nodes = {nid for nid, nc in nodes if cp & set(nc)}
    m2 = re.search(r"likwid-pin\s+(?:\S+\s+)*?-c\s+(\S+)", _text(p))
    if m2:
        domains = set(re.findall(r"([SM])(\d+):", m2.group(1)))
        if len(domains) == 1 and "@" not in m2.group(1):
            bound_nodes = {int(next(iter(domains))[1])}
    if bound_nodes is not None and len(bound_nodes) == 1:
        which = next(iter(bound_nodes))
        return Text("guard.numa_one_node", node=which, n=len(nodes))
    return None


def _ints(spec: str) -> set[int] | None:
    """CPU or node ids of a kernel-style list (strides too), by the snapshot's one parser;
    None for anything else (names, "all", "!0")."""
    try:
        return set(parse_cpu_list(spec)) or None
    except ValueError:
        return None


def _places_cpus(places: str) -> set[int] | None:
    """CPUs of an explicit OMP_PLACES list ("{0},{1}", "{0:4}", "{0,1,2}"); None for names."""
    if "{" not in places:
        return None
    out: set[int] = set()
    for grp in re.findall(r"\{([^}]*)\}(?::(\d+)(?::(\d+))?)?", places):
        inner, count, stride = grp
        base: set[int] = set()
        for part in inner.split(","):
            m = re.fullmatch(r"(\d+)(?::(\d+)(?::(\d+))?)?", part.strip())
            if not m:
                return None
            start, n, st = int(m.group(1)), int(m.group(2) or 1), int(m.group(3) or 1)
            base.update(start + k * st for k in range(n))
        reps, step = int(count or 1), int(stride or 1)
        for r in range(reps):
            out.update(b + r * step for b in base)
    return out or None


def unroll_noncontiguous(p: Proposal, facts: Facts, policy: PolicyCheck) -> str | None:
    """An unroll factor tuned on a contiguous loop does not transfer to a strided one."""
    c = p.change
    wants = p.id == "loop_unroll" or (c is not None and (
        "unroll" in c.params or "-funroll-loops" in c.flags or UNROLL_WORDS.search(
            c.description + c.diff) is not None))
    if not wants:
        return None
    access = facts.access_pattern(p.scope)
    if access is None or access == "contiguous":
        return None
    rem = [r for r in facts.remarks(p.scope) if r.access and r.access != "contiguous"]
    where = Text("guard.unroll_where", file=rem[0].file, line=rem[0].line) if rem else ""
    return Text("guard.unroll", access=access, where=where)


# --- policy ---------------------------------------------------------------------------------
def verification_allowed(p: Proposal, facts: Facts, policy: PolicyCheck) -> str | None:
    if p.verification is None:
        return None
    for argv in p.verification.commands:
        d = policy(tuple(argv))
        if not d.allowed and not _not_built_yet(argv, d):
            hint = f" ({d.suggestion})" if d.suggestion else ""
            return Text("guard.policy", argv=repr(" ".join(argv)), rule=d.rule,
                        reason=d.reason, hint=hint)
    return None


def _not_built_yet(argv: tuple[str, ...], d: PolicyDecision) -> bool:
    """The policy allows the command's shape and only the workspace program (``./kernel``) is
    missing: at advise time the experiment has not built it yet, so this is not a denial (the
    experiment runner checks again before running)."""
    return d.rule.endswith(":not-executable")


# --- Amdahl headroom ------------------------------------------------------------------------
def headroom(p: Proposal, facts: Facts) -> tuple[float, str] | None:
    """The largest overall speedup the evidence allows for this proposal, with its basis."""
    share = facts.share_of(p.scope) if p.scope else None
    mpi_ids = {"rt.mpi_wait", "rt.mpi_communication", "alg.small_messages"}
    if share is None and set(p.addresses) & mpi_ids and facts.mpi_share is not None:
        share = facts.mpi_share
        what: str = Text("guard.mpi_takes", share=f"{share:.0%}")
    else:
        what = Text("guard.scope_takes", scope=p.scope,
                    share=f"{share:.0%}") if share is not None else ""
    if share is None:
        return None
    if share >= 0.999:
        return None
    return 1.0 / (1.0 - share), what


def measured_headroom(p: Proposal, facts: Facts) -> tuple[float, str] | None:
    """The bound from the share the proposal's catalog entry computes its gain on (its
    ``basis``, recomputed here from the facts), when the entry declares one and the facts
    measure it; None otherwise."""
    from perfscout.advise.catalog.registry import CATALOG

    entry = CATALOG.get(p.id)
    share = entry.basis(facts) if entry is not None and entry.basis is not None else None
    if share is None or share >= 0.999:
        return None
    return 1.0 / (1.0 - share), Text("guard.basis_takes", share=f"{share:.0%}")


def gain_within_headroom(p: Proposal, facts: Facts, policy: PolicyCheck) -> str | None:
    """The expected gain stays within Amdahl's bound on the measured share it rests on (the
    catalog entry's basis, else the scope's share); with neither measured, within
    ``MAX_UNBOUNDED_GAIN``."""
    g = p.expected_gain
    if g is None:
        return None
    hr = measured_headroom(p, facts) or headroom(p, facts)
    if hr is not None and g.high > hr[0] * 1.001:
        return Text("guard.amdahl", high=f"{g.high:g}", bound=f"{hr[0]:.2f}", what=hr[1])
    if hr is None and g.high > MAX_UNBOUNDED_GAIN:
        return Text("guard.unbounded", high=f"{g.high:g}", max=f"{MAX_UNBOUNDED_GAIN:g}")
    return None


# --- guards from the evidence (issue 22) -----------------------------------------------------
VECTOR_IDS = frozenset({"omp_simd", "compiler_arch", "compiler_opt_level", "loop_unroll"})
VECTOR_FLAG = re.compile(r"^(-O3|-Ofast|-march=\S+|-mtune=\S+|-m(avx|sse|fma)[\w.]*|"
                         r"-ftree-vectorize|-fopenmp-simd|-mprefer-vector-width=\d+)$")
THREAD_IDS = frozenset({"parallelize_omp", "parallelize_caller", "thread_count"})
#: proposals that open a new parallel region
NEW_PARALLEL = frozenset({"parallelize_omp", "parallelize_caller"})


def _vector_kind(p: Proposal) -> bool:
    return p.id in VECTOR_IDS or any(VECTOR_FLAG.match(f) for f in _flags(p)) or \
        "omp simd" in _text(p).lower()


def imbalance_not_vectors(p: Proposal, facts: Facts, policy: PolicyCheck) -> str | None:
    """Threads of one parallel loop measured carrying unequal work (``rt.omp_imbalance``,
    wherever it ranks): wider vectors speed every thread alike, so the threads that wait at
    the barrier still wait and a vector change cannot be the first action; the schedule is
    (omp_dynamic_schedule)."""
    imb = facts.finding("rt.omp_imbalance")
    if imb is None or not _vector_kind(p):
        return None
    ratio = next((e.value for e in imb.evidence if e.metric == "imbalance.max_over_mean"), None)
    return Text("guard.imbalance_vectors", ratio=f"{ratio:.2f}" if ratio else "?")


def x87_code(p: Proposal, facts: Facts, policy: PolicyCheck) -> str | None:
    """80-bit long double runs on the x87 stack, which has no vector form: vector, arch and
    -O3 changes cannot speed it up; the data type can."""
    share = facts.evidence_value("insn.x87_share")
    if share is None or not _vector_kind(p):
        return None
    return Text("guard.x87", share=f"{share:.0%}")


def soft_float_code(p: Proposal, facts: Facts, policy: PolicyCheck) -> str | None:
    """``__float128`` arithmetic is calls to libgcc routines (``__multf3``, ``__addtf3``) of
    tens of integer instructions each: no vector form, no -O3 or -march gain; the data type
    can (like x87 long double)."""
    if not _vector_kind(p):
        return None
    share = facts.evidence_value("precision.softfloat_share")
    calls = facts.evidence_value("insn.softfloat_calls")
    if share is not None:
        return Text("guard.soft_float", what=f"{share:.0%} of the run")
    if calls is not None:
        return Text("guard.soft_float", what=f"{calls:.0f} calls in the hot code")
    return None


#: changes to a loop nest's order or blocking: they reorder array accesses, not node walks
LOOP_ORDER_IDS = frozenset({"loop_interchange", "loop_tiling", "pad_leading_dimension"})


def node_walk_first(p: Proposal, facts: Facts, policy: PolicyCheck) -> str | None:
    """A loop-order or tiling change for cache misses that a node-based container's walk
    explains (a linked list, a tree: each node's address is in the one before): no loop order
    or tile changes which node comes next; the container does."""
    if p.id not in LOOP_ORDER_IDS or not p.addresses:
        return None
    for fid in p.addresses:
        f = facts.finding(fid)
        if f is not None and "app.data_structure" in f.caused_by:
            return Text("guard.node_walk", finding=fid)
    return None


def stride_before_width(p: Proposal, facts: Facts, policy: PolicyCheck) -> str | None:
    """A vector change aimed at a loop whose scalar code is explained by cache misses: wider
    vectors wait on the same misses (miss rate and stride before vector width)."""
    if not _vector_kind(p) or not p.addresses:
        return None
    causes = set()
    for fid in p.addresses:
        f = facts.finding(fid)
        if f is None:
            return None
        causes |= {c for c in f.caused_by if c in ("hw.cache_locality", "app.precision",
                                                   "app.data_structure")}
        if not f.caused_by:
            return None
    if causes == {"hw.cache_locality"} and _stream_misses_only(facts.finding(
            "hw.cache_locality")):
        return None  # no more misses than a contiguous walk has: vectors stream as well
    if not causes:
        return None
    return Text("guard.stride_first", findings=", ".join(p.addresses),
                causes=", ".join(sorted(causes)))


#: what else than a miss ratio shows a bad access pattern (a walk a row per step, a rate
#: falling as the data grows, set conflicts, a compiler's strided-access remark, DRAM far
#: below its peak while missing)
_PATTERN_EVIDENCE = frozenset({"loop.strided", "scaling.rate_drop", "remark.access",
                               "array.leading_dim_pow2", "mem.bandwidth", "cache.miss_line_share"})


#: a simulated D1 miss ratio below which the misses are what a contiguous walk over 8-byte
#: elements has: one access in eight loads a new 64-byte line
STREAM_D1_RATIO = 0.125


def _stream_misses_only(f: Finding | None) -> bool:
    """``f`` (hw.cache_locality) rests on a simulated D1 miss ratio below
    :data:`STREAM_D1_RATIO` and nothing else that shows an access pattern: one access in
    eight or fewer misses, what a contiguous walk over 8-byte elements has, which wider
    vectors do not wait on more than narrow ones."""
    if f is None:
        return False
    ratios = [e for e in f.evidence if e.metric.endswith("miss_ratio")]
    if not ratios or any(e.metric != "d1.miss_ratio" for e in ratios):
        return False
    return all(e.value is not None and e.value < STREAM_D1_RATIO for e in ratios) and not any(
        e.metric in _PATTERN_EVIDENCE for e in f.evidence)


#: loop-order and blocking changes: they choose which elements a tile holds, not which L1
#: sets its rows map to
LOOP_ORDER_IDS = frozenset({"loop_tiling", "loop_interchange", "loop_nest_optimize", "polly"})


def pad_before_tiling(p: Proposal, facts: Facts, policy: PolicyCheck) -> str | None:
    """L1 misses from rows a power of two apart are set conflicts: a tile that fits by size
    still thrashes, and tiling or interchanging keeps the rows in the same sets; padding the
    leading dimension (pad_leading_dimension) is the fix."""
    ld = facts.evidence_value("array.leading_dim_pow2")
    if ld is None or p.id not in LOOP_ORDER_IDS:
        return None
    return Text("guard.pad_first", ld=f"{ld:.0f}")


#: proposals that speed up the code the operation count runs, not the count itself
CONSTANT_FACTOR_IDS = VECTOR_IDS | THREAD_IDS | frozenset({
    "loop_tiling", "loop_interchange", "loop_nest_optimize", "polly", "huge_pages"})


def complexity_first(p: Proposal, facts: Facts, policy: PolicyCheck) -> str | None:
    """Time that grows as size^k (k >= 1.5, measured over sizes) is the algorithm: vector
    width, -O3, tiling or more threads divide it by a constant while the operation count keeps
    growing; fix the algorithm first. Only proposals aimed at findings the growth explains
    (their ``caused_by`` names it) are refused; use_blas for the complexity itself passes."""
    if not (_vector_kind(p) or p.id in CONSTANT_FACTOR_IDS) or not p.addresses:
        return None
    f = facts.finding("alg.complexity")
    if f is None or not f.root_cause:
        return None
    for fid in p.addresses:  # every finding it aims at is one the growth explains
        g = facts.finding(fid)
        if g is None or "alg.complexity" not in g.caused_by:
            return None
    k = next((e.quote for e in f.evidence if e.threshold.startswith("exponent")), "")
    return Text("guard.complexity_first", growth=k or f.title)


#: the calls buffering removes
RW_SYSCALLS = ("write", "read", "pwrite64", "pread64", "writev", "readv")
#: flushes wait for the device off-CPU: strace -c's time does not show the wait, so a run
#: that flushes is never judged "already buffered" from it
FLUSH_SYSCALLS = ("fsync", "fdatasync", "sync_file_range", "msync", "sync", "syncfs")
#: already buffered: fewer calls per second of run than this, taking less than this share
BUFFERED_MAX_CALLS_PER_S = 1000.0
BUFFERED_MAX_SHARE = 0.05


def buffering_needs_calls(p: Proposal, facts: Facts, policy: PolicyCheck) -> str | None:
    """Buffering I/O removes read/write (and flush) system calls; when strace -c shows few of
    them per second of run, taking a negligible share of it (a few large writes: the output
    is already buffered), the time is elsewhere (formatting the text, computing it) and a
    bigger buffer cannot help (a run that flushes, fsync, is left alone: strace -c does not
    show the time its flushes wait). The run's length is the longest time any input measured of it
    (the program's own timers, time -v, perf stat, the CPU time a cpu-clock profile sampled)."""
    if p.id != "io_buffering":
        return None
    from perfscout.diagnose.libwork import sampled_seconds

    calls = io_time = 0.0
    run = 0.0
    for pr in facts.profiles:
        run = max(run, sampled_seconds(pr) or 0.0)  # a cpu-clock profile covers that much run
        for m in pr.metrics:
            if m.name == "syscall.calls" and m.scope.name in FLUSH_SYSCALLS and m.value > 0:
                return None
            if m.name == "syscall.calls" and m.scope.name in RW_SYSCALLS:
                calls += m.value
            elif m.name == "syscall.time" and m.scope.name in RW_SYSCALLS:
                io_time += m.value
            elif m.unit == "s" and not m.name.startswith("syscall.") and \
                    m.scope.kind in (ScopeKind.PROCESS, ScopeKind.RUN):
                run = max(run, m.value)
    if calls <= 0 or run <= 0 or calls / run >= BUFFERED_MAX_CALLS_PER_S or \
            io_time / run >= BUFFERED_MAX_SHARE:
        return None
    return Text("guard.buffering_no_calls", calls=f"{calls:.0f}", io=f"{io_time:.3g}",
                run=f"{run:.3g}", share=f"{io_time / run:.1%}", rate=f"{calls / run:,.0f}")


PLACEMENT_CAUSES = frozenset({"sys.oversubscription", "rt.affinity"})


def placement_first(p: Proposal, facts: Facts, policy: PolicyCheck) -> str | None:
    """A change aimed only at findings that more ranks/threads than CPUs (or a binding to too
    few CPUs) explain: time-shared CPUs make per-rank and per-thread times unequal, so
    redistributing work waits on the placement (fix the placement first)."""
    if not p.addresses:
        return None
    causes: set[str] = set()
    for fid in p.addresses:
        f = facts.finding(fid)
        if f is None:
            continue
        if fid in PLACEMENT_CAUSES or not (set(f.caused_by) & PLACEMENT_CAUSES):
            return None
        causes |= set(f.caused_by) & PLACEMENT_CAUSES
    if not causes:
        return None
    return Text("guard.placement_first", findings=", ".join(p.addresses),
                causes=", ".join(sorted(causes)))


def _requested_threads(p: Proposal) -> int | None:
    c = p.change
    if c is None:
        return None
    for v in (c.params.get("threads"), c.env.get("OMP_NUM_THREADS"), c.params.get("ranks")):
        try:
            if v is not None:
                return int(str(v).split(",")[0])
        except ValueError:
            continue
    m = re.search(r"(\d+)\s+threads", p.title or "")
    return int(m.group(1)) if m else None


def threads_vs_cpus(p: Proposal, facts: Facts, policy: PolicyCheck) -> str | None:
    """More threads cannot help when the existing ones are bound to too few CPUs (bind them)
    or when the runtime runs fewer than requested (``rt.threads_lowered``: a limit or a call
    in the environment or the code caps every team; restore the count), and a thread count
    above the CPUs the machine has oversubscribes it."""
    want = _requested_threads(p)
    adds = p.id in NEW_PARALLEL or (p.id == "thread_count" and want is not None and
                                          want > (facts.metric_max("threads.requested") or 1))
    aff = facts.finding("rt.affinity")
    if aff is not None and (adds or p.id in THREAD_IDS):
        return Text("guard.affinity")
    if facts.finding("rt.threads_lowered") is not None and (adds or p.id in THREAD_IDS):
        return Text("guard.threads_lowered")
    cpus = facts.cores
    if snap := facts.snapshot:
        cpus = snap.cpu.online_cpus or cpus
    if want is not None and cpus and want > cpus:
        return Text("guard.oversubscribe", want=want, cpus=cpus)
    have = facts.metric_max("threads.requested")
    if p.id == "thread_count" and want is not None and have is not None and want == int(have):
        return Text("guard.noop_threads", want=want)
    over = facts.finding("sys.oversubscription")
    # jobs oversubscribe (separate one-thread processes started together, "cpu.share"
    # evidence): their number is the launcher's, not a thread count
    if p.id == "thread_count" and (facts.metric_max("threads.requested") or 0) <= 1 and (
            over is None or any(e.metric == "cpu.share" for e in over.evidence)):
        return Text("guard.single_thread")
    return None


def threads_take_turns(p: Proposal, facts: Facts, policy: PolicyCheck) -> str | None:
    """Threads that spend the run in ordered regions, critical sections or locks run one at
    a time: another parallel region or more threads wait on the same turn (remove or shrink
    the serializing construct first)."""
    if p.id not in THREAD_IDS:
        return None
    share = facts.evidence_value("omp.serialized_share")
    if share is None:
        return None
    return Text("guard.threads_take_turns", share=f"{share:.0%}")


#: an OpenMP region's outlined body (gcc ``main._omp_fn.0``, clang ``.omp_outlined.``)
OUTLINED = re.compile(r"\._omp_fn\.|omp_outlined")


def parallel_takes_turns(p: Proposal, facts: Facts, policy: PolicyCheck) -> str | None:
    """A new parallel region aimed at code that already runs one (its scope is an outlined
    OpenMP body), or while the threads take turns in the runtime (``rt.sync_contention``:
    a lock, an atomic or the dynamic schedule's iteration handout): more parallelism adds to
    the turns; the change is the schedule, the lock or the reduction."""
    if p.id not in NEW_PARALLEL:
        return None
    if OUTLINED.search(p.scope or ""):
        return Text("guard.parallel_takes_turns", scope=p.scope)
    f = facts.finding("rt.sync_contention")
    if f is not None:
        return Text("guard.parallel_takes_turns", scope=f.scope or "the parallel region")
    return None


#: share of a profile's samples in OpenMP code (outlined bodies, the runtime library) from which
#: the program is taken to run OpenMP regions already
OPENMP_PRESENT = 0.05


def openmp_already(p: Proposal, facts: Facts, policy: PolicyCheck) -> str | None:
    """A new parallel region for a program whose profile already holds OpenMP code (outlined
    bodies, libgomp/libomp) at ``OPENMP_PRESENT`` or more of its samples. Refused when the
    runtime holds as many samples as all the rest (regions too small for their fork/join and
    barrier: another region adds to that cost), and otherwise unless the proposal addresses a
    measured serial part (``rt.serial_fraction``: what differs from the regions that run)."""
    from perfscout.diagnose.rules.runtime import openmp_shares

    if p.id not in NEW_PARALLEL:
        return None
    shares = [openmp_shares(pr.hotspots) for pr in facts.profiles if pr.hotspots]
    outlined, runtime = max(shares, key=lambda x: x[0] + x[1], default=(0.0, 0.0))
    if outlined + runtime < OPENMP_PRESENT:
        return None
    small_regions = runtime >= 1.0 - runtime  # the runtime holds as much as all the rest
    if not small_regions and "rt.serial_fraction" in p.addresses \
            and facts.finding("rt.serial_fraction") is not None:
        return None
    return Text("guard.openmp_already", share=f"{outlined + runtime:.0%}",
                scope=p.scope or "the program")


#: evidence that other jobs hold the machine's CPUs (machine_load / os_noise contention)
OTHER_JOBS_EVIDENCE = frozenset({"psi.cpu.some", "machine.run_queue_per_cpu",
                                 "machine.busy_processes", "load.other_per_cpu", "load.avg1"})


def bind_not_for_other_jobs(p: Proposal, facts: Facts, policy: PolicyCheck) -> str | None:
    """Binding threads to cores aimed only at ``sys.os_noise`` whose evidence is other jobs
    holding the CPUs (the kernel's CPU pressure, a run queue longer than the CPUs, a load of
    other jobs): a bound run still waits for the same CPUs (the binding's own precondition
    says so: "several jobs share the node"); the fix is where and when the job runs."""
    if p.id != "bind_threads" or set(p.addresses) != {"sys.os_noise"}:
        return None
    f = facts.finding("sys.os_noise")
    if f is None:
        return None
    shown = sorted({e.metric for e in f.evidence} & OTHER_JOBS_EVIDENCE)
    if not shown:
        return None
    return Text("guard.bind_other_jobs", evidence=", ".join(shown))


def buffering_calls_cheap(p: Proposal, facts: Facts, policy: PolicyCheck) -> str | None:
    """Buffering saves at most the time of the read/write calls it removes: when process
    accounting of the run (user and system time) puts under ``BUFFERED_MAX_SHARE`` of the CPU
    time in the kernel and a trace puts the read/write calls under that share too, the run's
    cost is user-space work on the bytes, not the calls (whatever their rate)."""
    if p.id != "io_buffering":
        return None
    user = sys_t = traced = 0.0
    for pr in facts.profiles:
        for m in pr.metrics:
            if m.scope.kind not in (ScopeKind.PROCESS, ScopeKind.RUN, ScopeKind.FUNCTION):
                continue
            if m.name == "syscall.calls" and m.scope.name in FLUSH_SYSCALLS and m.value > 0:
                return None  # flushes wait off-CPU: strace's time does not show it
            if m.name == "time.user":
                user = max(user, m.value)
            elif m.name == "time.sys":
                sys_t = max(sys_t, m.value)
            elif m.name == "syscall.time" and m.scope.name in RW_SYSCALLS:
                traced += m.value
    cpu = user + sys_t
    if cpu <= 0 or traced <= 0 or sys_t / cpu >= BUFFERED_MAX_SHARE or \
            traced / cpu >= BUFFERED_MAX_SHARE:
        return None
    return Text("guard.buffering_cheap_calls", sys=f"{sys_t / cpu:.1%}", io=f"{traced:.3g}",
                cpu=f"{cpu:.3g}", share=f"{traced / cpu:.1%}")


#: evidence families whose profiles sample library code with the program's (perf, a static
#: gprof build, callgrind): the library's transfer routines are sampled when they run
LIBRARY_PROFILES = frozenset({"sampling", "instrumentation", "simulator"})


def buffering_not_for_parsing(p: Proposal, facts: Facts, policy: PolicyCheck) -> str | None:
    """A profile of library code (:data:`LIBRARY_PROFILES`) that spends ``app.io_share`` or
    more converting text in the language's I/O runtime (:mod:`perfscout.diagnose.textio`)
    and less than ``BUFFERED_MAX_SHARE`` on the kernel's transfer path is parsing (or
    formatting), not
    waiting for calls: a bigger buffer removes calls that cost nothing (the fix is a binary
    or unformatted format, or a faster conversion)."""
    if p.id != "io_buffering":
        return None
    from perfscout.diagnose.engine import source_kind
    from perfscout.diagnose.libwork import transfer_share
    from perfscout.diagnose.textio import text_io_share
    from perfscout.diagnose.thresholds import resolve

    lim = resolve()["app.io_share"]
    for pr in facts.profiles:
        if source_kind(pr.format) not in LIBRARY_PROFILES:
            continue
        sh = text_io_share(pr, lim / 2)
        if sh is not None and sh.share >= lim and transfer_share(pr) < BUFFERED_MAX_SHARE:
            return Text("guard.buffering_parsing", share=f"{sh.share:.0%}",
                        transfer=f"{transfer_share(pr):.1%}")
    return None


def buffering_needs_io(p: Proposal, facts: Facts, policy: PolicyCheck) -> str | None:
    """Buffering removes write/read calls: when nothing measured any (no trace counts a
    read/write call, and a sampling profile that formats text samples less than
    ``app.format_transfer_ratio`` of that on the transfer path), the formatting is done in
    memory and buffering has nothing to remove."""
    if p.id != "io_buffering":
        return None
    from perfscout.diagnose.engine import source_kind
    from perfscout.diagnose.libwork import family_shares, transfer_share

    if any(m.name == "syscall.calls" and m.scope.name in RW_SYSCALLS and m.value > 0
           for pr in facts.profiles for m in pr.metrics):
        return None
    from perfscout.diagnose.thresholds import resolve

    ratio = resolve()["app.format_transfer_ratio"]
    sampled = [pr for pr in facts.profiles if source_kind(pr.format) in LIBRARY_PROFILES]
    fmt = [(pr, fs.share) for pr in sampled for fam in ("formatting", "text conversion")
           if (fs := family_shares(pr).get(fam))]
    if not fmt or any(transfer_share(pr) >= ratio * s for pr, s in fmt):
        return None
    return Text("guard.buffering_no_io", share=f"{max(s for _, s in fmt):.0%}")


def bandwidth_ceiling(p: Proposal, facts: Facts, policy: PolicyCheck) -> str | None:
    """The program already moves bytes at the machine's measured ceiling: more threads or a
    newly parallel loop share the same bytes per second (a thread sweep that does not speed
    up is the symptom, not a serial part)."""
    want = _requested_threads(p)
    adds = p.id in NEW_PARALLEL or (p.id == "thread_count" and (
        want is None or want > (facts.metric_max("threads.requested") or 1)))
    ratio = facts.bandwidth_ratio
    if not adds or ratio is None or ratio < AT_PEAK:
        return None
    return Text("guard.bandwidth_ceiling", ratio=f"{ratio:.0%}")


def _unequal_threads(facts: Facts) -> tuple[int, float, float] | None:
    """A run whose threads each timed their own work (per-thread busy or CPU time, all above
    zero) and carried it unequally (busiest / mean at least ``imbalance.max_over_mean``):
    (threads, busiest, least busy); None when no run says so."""
    from perfscout.diagnose.thresholds import resolve

    lim = resolve()["imbalance.max_over_mean"]
    for prof in facts.profiles:
        by: dict[str, float] = {}
        for m in prof.metrics:
            if m.name == "busy.time" and m.scope.kind == ScopeKind.THREAD:
                by.setdefault(m.scope.name, m.value)
        vals = list(by.values())
        if len(vals) >= 2 and min(vals) > 0 and max(vals) / (sum(vals) / len(vals)) >= lim:
            return len(vals), max(vals), min(vals)
    return None


def imbalance_is_schedule(p: Proposal, facts: Facts, policy: PolicyCheck) -> str | None:
    """Threads that carry unequal work already run in parallel: the change is how the work is
    split among them (schedule, chunk, omp_dynamic_schedule), not another parallel region.
    Said by an imbalance finding, or measured directly: every thread timed work of its own,
    unequally (whatever finding the proposal addresses, the loop is already an OpenMP loop)."""
    if p.id not in NEW_PARALLEL:
        return None
    if p.addresses and all(fid == "rt.omp_imbalance" for fid in p.addresses):
        return Text("guard.imbalance_schedule")
    if (got := _unequal_threads(facts)) is not None:
        n, hi, lo = got
        return Text("guard.already_parallel", threads=n, busiest=f"{hi:.3g}", least=f"{lo:.3g}")
    return None


BIND_IDS = frozenset({"bind_threads", "mpi_bind_map"})


def binding_needs_threads(p: Proposal, facts: Facts, policy: PolicyCheck) -> str | None:
    """Binding places threads or ranks on cores: a one-thread run has nothing to place, a run
    whose runtime reported every rank or thread bound to a core of its own is placed already
    (``affinity.pinned``), and cores that other jobs' load holds (a finding resting on the
    load average) are not given back by binding."""
    if p.id not in BIND_IDS:
        return None
    counts = [v for name in ("threads.requested", "affinity.threads", "ranks.count",
                             "scaling.threads", "scaling.ranks")
              if (v := facts.metric_max(name)) is not None]
    if counts and max(counts) <= 1:
        return Text("guard.bind_single_thread")
    pinned = facts.metric_max("affinity.pinned")
    if pinned is not None and pinned >= 2 and pinned >= max(counts, default=0):
        return Text("guard.bind_already", n=f"{pinned:.0f}")
    from perfscout.diagnose.chains import is_environment

    found = [f for fid in p.addresses if (f := facts.finding(fid)) is not None]
    if found and all(is_environment(f) or _other_jobs(f) for f in found):
        return Text("guard.bind_load_only")
    return None


#: evidence that other work holds the CPUs: the run waiting behind other runnable tasks, the
#: machine's run queue and busy share, busy processes beside it
OTHER_LOAD = frozenset({"sched.wait_share", "machine.run_queue", "machine.run_queue_per_cpu",
                        "load.other_per_cpu",
                        "machine.cpu_busy", "machine.busy_processes"})


def _other_jobs(f: Finding) -> bool:
    """An OS-noise finding that rests on other work's load (its run waited behind other
    runnable tasks, the machine's CPUs were busy), not on interrupts or daemons on the
    program's own cores: binding does not give those CPUs back."""
    return f.id == "sys.os_noise" and any(e.metric in OTHER_LOAD for e in f.evidence)


def march_needs_o3(p: Proposal, facts: Facts, policy: PolicyCheck) -> str | None:
    """-march=native on top of -O2 changes little: gcc's -O2 vectorizes only very cheap loops.
    Offer it with -O3, when remarks show loops it vectorizes, or when the code calls a libgcc
    routine for an instruction the ISA flag enables (``__popcountdi2``)."""
    flags = _flags(p)
    if not any(f.startswith("-march=") for f in flags) or any(
            f in ("-O3", "-Ofast", "-ftree-vectorize") for f in flags):
        return None
    if any(r.vectorized for r in facts.remarks()):
        return None
    if facts.evidence_value("insn.isa_emulated_calls"):
        return None  # the code calls libgcc for an instruction -march gives it (popcnt)
    return Text("guard.march_o3")


def overlap_not_for_imbalance(p: Proposal, facts: Facts, policy: PolicyCheck) -> str | None:
    """Non-blocking communication overlapped with compute hides the time data spend moving;
    a rank that waits because another has more work waits for data not yet computed, which
    no overlap can hide. Refused when every finding the proposal addresses is an MPI wait
    whose measured cause is the ranks' unequal work (``alg.load_imbalance``)."""
    if p.id != "mpi_nonblocking_overlap":
        return None
    found = [facts.finding(a) for a in p.addresses]
    if found and all(f is not None and "alg.load_imbalance" in f.caused_by for f in found):
        return Text("guard.overlap_imbalance")
    return None


#: a flags proposal's effect, as the flags of a build that already has it: proposed again,
#: the variant would rebuild the same program
BUILT_ALREADY = {
    "compiler_opt_level": re.compile(r"^-O(?:3|4|fast)$"),
    "compiler_arch": re.compile(r"^(?:-march=(?!x86-64|i[3-6]86|generic)\S+|-mcpu=\S+|-xHost|"
                                r"-x(?:CORE|SKYLAKE|ICELAKE|SAPPHIRE|COMMON|AVX)[\w-]*|"
                                r"-tp=\S+|-mavx\S*|-mtune=native)$"),
    "fast_math": re.compile(r"^(?:-ffast-math|-Ofast|-fp-model=fast\S*|-funsafe-math-"
                            r"optimizations)$"),
    "compiler_lto": re.compile(r"^(?:-flto\S*|-ipo)$"),
}
#: widest vector registers a build without a -march/-mavx flag never uses (SSE's 128 bits)
WIDE_VECTOR_BITS = 256


def built_already(p: Proposal, facts: Facts, policy: PolicyCheck) -> str | None:
    """A flag the measured build already has (every compile line an input shows holds it),
    or an effect its code already shows: the hot code runs packed instructions on 256-bit
    or wider registers, so the build already targets AVX (``compiler_arch``) and its
    vectorizer already ran on that code (``compiler_opt_level``: what -O3 adds over the
    build's level is the vectorizer); or the compiler reports the hot loop vectorized.
    What stays scalar in such code (an in-order reduction, a gather) needs a source or
    semantics change, not the flag again."""
    pat = BUILT_ALREADY.get(p.id)
    if pat is None:
        return None
    have = facts.build_flags()
    hit = next((f for f in have if pat.match(f)), None)
    if hit is not None:
        return Text("guard.built_already", flag=hit, file=Path(have[hit]).name)
    if p.id not in ("compiler_arch", "compiler_opt_level"):
        return None
    wide = facts.hot_vector_bits()
    if wide is not None and wide[0] >= WIDE_VECTOR_BITS:
        return Text("guard.wide_already", bits=wide[0], file=Path(wide[1]).name)
    if p.id == "compiler_opt_level":
        near = [r for r in facts.remarks_near_hot_line() or () if r.vectorized]
        if near:
            return Text("guard.loop_vectorized", line=f"{Path(near[0].file).name}:"
                        f"{near[0].line}")
    return None


CODE_KINDS = frozenset({"flags", "source"})
BUILTIN_KERNELS = frozenset({"likwid-bench"})  # formats whose kernels are the tool's own code


def program_measured(p: Proposal, facts: Facts, policy: PolicyCheck) -> str | None:
    """A compiler-flag or source change needs the program in the inputs: when every input is
    a run of a tool's built-in benchmark kernel (likwid-bench), only the machine's ceiling
    was measured and there is no program whose code the change would touch. (A STREAM
    output is a program the user builds, and stays one.)"""
    if p.kind not in CODE_KINDS:
        return None
    measured = [pr for pr in facts.profiles if pr.metrics or pr.hotspots]
    if measured and all(pr.format in BUILTIN_KERNELS for pr in measured):
        return Text("guard.bench_only", formats=", ".join(sorted({pr.format for pr in measured})))
    return None


#: the changes that remove floating-point assists on subnormal operands: flush-to-zero comes
#: with -ffast-math/-Ofast (flush_subnormals, fast_math, compiler_opt_level); rescaling is a
#: source change
FTZ_IDS = frozenset({"compiler_opt_level", "fast_math", "flush_subnormals", "reduce_precision"})


def subnormal_steps(p: Proposal, facts: Facts, policy: PolicyCheck) -> str | None:
    """The program's steps slowed down on subnormal values (``value.subnormal`` evidence):
    every operation on them takes a microcode assist whatever the unrolling, vector width,
    threads or library; only flushing them to zero (-ffast-math's FTZ/DAZ) or rescaling the
    values removes the cost. Other changes aimed only at that finding are refused."""
    if p.id in FTZ_IDS or not p.addresses:
        return None
    for fid in p.addresses:
        f = facts.finding(fid)
        if f is None or not any(e.metric == "value.subnormal" for e in f.evidence):
            return None
    slow = facts.evidence_value("steps.slowdown")
    return Text("guard.subnormal", slowdown=f"{slow:.0f}x" if slow else "several times")


REMARK_METRICS = frozenset({"vector.loops_missed", "vector.loops_vectorized"})


def remarks_only(p: Proposal, facts: Facts, policy: PolicyCheck) -> str | None:
    """A code or flag change for findings that only compiler remarks support, with no input
    that measures time: the remarks say which loops are scalar, not which one costs the time,
    so no change is aimed from them alone (a sampling profile or the instruction mix of the
    hot code decides)."""
    from perfscout.diagnose.engine import source_kind

    if p.kind not in CODE_KINDS or not p.addresses:
        return None
    for fid in p.addresses:
        f = facts.finding(fid)
        if f is None or not f.evidence or any(e.metric not in REMARK_METRICS
                                              for e in f.evidence):
            return None
    if any(source_kind(pr.format) != "compiler" and (pr.metrics or pr.hotspots)
           for pr in facts.profiles):
        return None
    return Text("guard.remarks_only", findings=", ".join(p.addresses))


#: flags that let the compiler change a result's bits (reassociated sums, reciprocals,
#: subnormals flushed to zero)
VALUE_FLAGS = re.compile(r"^(?:-ffast-math|-Ofast|-fp-model=fast\S*|-funsafe-math-optimizations|"
                         r"-fassociative-math|-freciprocal-math|-mdaz-ftz|-fcx-limited-range|"
                         r"-ffinite-math-only)$")
#: what each constraint a user can state rules out: proposal ids, and whether flags that change
#: a result's bits count too
CONSTRAINED: dict[str, tuple[frozenset[str], bool]] = {
    "constraint.keep_precision": (frozenset({"reduce_precision"}), False),
    "constraint.bitwise": (frozenset({"reduce_precision", "fast_math", "flush_subnormals"}),
                           True),
}


def user_constraint(p: Proposal, facts: Facts, policy: PolicyCheck) -> str | None:
    """The user's note says the data must keep its precision, or that the results are checked
    bit for bit (:mod:`perfscout.ingest.adapters.user_note`): a change that lowers the
    precision, or lets the compiler change a result's bits (fast-math flags, subnormals
    flushed), breaks what they check, whatever it would gain. Refused quoting the note, so the
    user sees which sentence ruled it out (a proposal from an LLM passes the same guard)."""
    said = facts.constraints()
    for name, (ids, value_flags) in CONSTRAINED.items():
        if name not in said:
            continue
        if p.id in ids or (value_flags and any(VALUE_FLAGS.match(f) for f in _flags(p))):
            where, sentence = said[name]
            return Text("guard.user_constraint", said=sentence, where=where)
    return None


GUARDS: tuple[tuple[str, Guard], ...] = (
    ("program_measured", program_measured),
    ("schema", schema_complete),
    ("user_constraint", user_constraint),
    ("env_declared", env_declared),
    ("smt_bandwidth", smt_bandwidth),
    ("gpu_without_gpu", gpu_without_gpu),
    ("intel_only_flags", intel_only_flags),
    ("isa_flags", isa_flags),
    ("numa_single_node", numa_single_node),
    ("unroll_noncontiguous", unroll_noncontiguous),
    ("x87_code", x87_code),
    ("imbalance_not_vectors", imbalance_not_vectors),
    ("soft_float_code", soft_float_code),
    ("stride_before_width", stride_before_width),
    ("node_walk_first", node_walk_first),
    ("pad_before_tiling", pad_before_tiling),
    ("complexity_first", complexity_first),
    ("buffering_needs_calls", buffering_needs_calls),
    ("buffering_needs_io", buffering_needs_io),
    ("buffering_not_for_parsing", buffering_not_for_parsing),
    ("buffering_calls_cheap", buffering_calls_cheap),
    ("placement_first", placement_first),
    ("threads_vs_cpus", threads_vs_cpus),
    ("threads_take_turns", threads_take_turns),
    ("parallel_takes_turns", parallel_takes_turns),
    ("openmp_already", openmp_already),
    ("bandwidth_ceiling", bandwidth_ceiling),
    ("imbalance_is_schedule", imbalance_is_schedule),
    ("binding_needs_threads", binding_needs_threads),
    ("bind_not_for_other_jobs", bind_not_for_other_jobs),
    ("built_already", built_already),
    ("overlap_not_for_imbalance", overlap_not_for_imbalance),
    ("march_needs_o3", march_needs_o3),
    ("remarks_only", remarks_only),
    ("subnormal_steps", subnormal_steps),
    ("policy", verification_allowed),
    ("amdahl", gain_within_headroom),
)


def run_guards(p: Proposal, facts: Facts, policy: PolicyCheck) -> Rejected | None:
    """The first guard that fails, as a Rejected; None when the proposal passes them all."""
    for name, guard in GUARDS:
        reason = guard(p, facts, policy)
        if reason:
            return Rejected(p.id, reason, guard=name, origin=p.origin)
    return None
