"""The rule engine: ``@rule`` registration, the evaluation context, and :func:`diagnose`.

A rule is a function of a :class:`Context` declared with :func:`rule`: its taxonomy id, the
canonical metrics it needs (``"a|b"`` means either), the snapshot facts it needs and the
thresholds it reads. When a needed input is absent the rule does not run; its ``request``
builder contributes the commands that would collect the input instead. Findings from all rules
are then cross-validated (:mod:`.crossval`), linked into cause chains (:mod:`.chains`) and
ranked root causes first.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from perfscout.diagnose import thresholds as th
from perfscout.diagnose.kinds import KINDS
from perfscout.model.findings import DataRequest, Evidence, Finding, Status
from perfscout.model.metrics import (
    Hotspot,
    Metric,
    Profile,
    Remark,
    Scope,
    ScopeKind,
    Skipped,
    SourceRef,
)
from perfscout.model.runs import Runner
from perfscout.model.snapshot import PlatformSnapshot
from perfscout.model.taxonomy import FINDING_IDS, layer_of
from perfscout.registry import Registry

# metrics a counter tool reads from the OS, not from the PMU: perf stat's software events
OS_METRICS = frozenset({
    "time.task_clock", "time.cpu_clock", "cpu.utilized", "context_switches", "cpu_migrations",
    "page_faults", "page_faults.minor", "page_faults.major", "time.elapsed", "time.user",
    "time.sys", "context_switches.involuntary",
})

# format names older callers use (profiles built by hand, saved analyses) -> family
_LEGACY_FAMILY = {
    "perf_stat": "hardware_counters", "likwid": "hardware_counters",
    "likwid_perfctr": "hardware_counters", "likwid_text": "hardware_counters",
    "likwid_mpirun": "hardware_counters", "likwid_bench": "benchmark", "bench": "benchmark",
    "stream": "benchmark", "osu": "benchmark", "imb": "benchmark", "hpl": "benchmark",
    "perf_script": "sampling", "perf_report": "sampling", "perf_annotate": "sampling",
    "perf_sample": "sampling", "cachegrind": "simulator", "callgrind": "simulator",
    "valgrind": "simulator", "time_v": "os_accounting", "gnu_time": "os_accounting",
    "time": "os_accounting", "gcc_remarks": "compiler", "clang_remarks": "compiler",
    "remarks": "compiler", "compiler_remarks": "compiler", "gprof": "instrumentation",
    "mpip": "instrumentation", "hpctoolkit": "sampling", "caliper": "instrumentation",
    "scorep": "instrumentation",
}

FACTS: dict[str, Callable[[PlatformSnapshot], Any]] = {
    "cpu.cores": lambda s: s.cpu.cores,
    "cpu.online": lambda s: s.cpu.online_cpus,
    "cpu.sockets": lambda s: s.cpu.sockets,
    "cpu.smt": lambda s: s.cpu.smt_on,
    "cpu.max_mhz": lambda s: s.cpu.max_mhz,
    "numa.nodes": lambda s: s.numa.count or None,
    "perf.hw_counters": lambda s: s.perf.hw_counters,
    "load.avg1": lambda s: s.load.avg1,
}


def source_kind(fmt: str, metric: str = "") -> str:
    """The independent evidence family (:data:`perfscout.model.metrics.FAMILIES`) of a value
    read by adapter ``fmt``: each adapter declares it; a counter tool's software events
    (``metric`` in :data:`OS_METRICS`) are OS accounting."""
    from perfscout.ingest.registry import adapters

    regs = adapters()
    ad = regs.get(fmt) or regs.get(fmt.replace("_", "-"))
    fam = ad.family if ad is not None and ad.family else _LEGACY_FAMILY.get(
        fmt.lower().replace("-", "_").split("_csv")[0], fmt)
    if fam == "hardware_counters" and metric in OS_METRICS:
        return "os_accounting"
    return fam


def is_core_type(scope: Scope) -> bool:
    """A hybrid CPU's core-type PMU (``cpu_atom``, ``cpu_core``): not a thread or a CPU."""
    return scope.kind == ScopeKind.CORE and not any(ch.isdigit() for ch in scope.name)


@dataclass(frozen=True)
class Located:
    """A metric with the profile it came from."""

    metric: Metric
    profile: Profile

    @property
    def value(self) -> float:
        return self.metric.value

    @property
    def kind(self) -> str:
        return self.metric.family or source_kind(self.profile.format, self.metric.name)

    @property
    def source(self) -> SourceRef:
        return self.metric.source or SourceRef(self.profile.path, None)


@dataclass(frozen=True)
class Rule:
    id: str
    fn: Callable[[Context], Iterable[Finding] | Finding | None]
    needs: tuple[str, ...] = ()
    facts: tuple[str, ...] = ()
    thresholds: tuple[str, ...] = ()
    request: Callable[[Context, tuple[str, ...]], Iterable[DataRequest]] | None = None
    summary: str = ""

    @property
    def layer(self) -> str:
        return str(layer_of(self.id))


_RULES: Registry[Rule] = Registry("diagnosis rule")


def rule(
    *, id: str, needs: Sequence[str] = (), facts: Sequence[str] = (),
    thresholds: Sequence[str] = (),
    request: Callable[[Context, tuple[str, ...]], Iterable[DataRequest]] | None = None,
) -> Callable[[Callable[[Context], Any]], Callable[[Context], Any]]:
    """Register a diagnosis rule. Duplicate or unknown ids and unknown thresholds are refused
    at import time (:class:`~perfscout.registry.DuplicateName` for a taken id), listing the
    valid names."""
    layer_of(id)  # raises on an unknown id, listing the valid ones
    for t in thresholds:
        if t not in th.DEFAULTS:
            raise ValueError(f"rule {id}: unknown threshold {t!r}; valid: {', '.join(th.DEFAULTS)}")
    for f in facts:
        if f not in FACTS:
            raise ValueError(f"rule {id}: unknown fact {f!r}; valid: {', '.join(FACTS)}")

    def deco(fn: Callable[[Context], Any]) -> Callable[[Context], Any]:
        _RULES.register(id, Rule(id, fn, tuple(needs), tuple(facts), tuple(thresholds), request,
                                 (fn.__doc__ or "").strip().splitlines()[0]
                                 if fn.__doc__ else ""))
        return fn

    return deco


def rules() -> Mapping[str, Rule]:
    """All registered rules by id (imports the rule modules on first use)."""
    import perfscout.diagnose.rules  # noqa: F401  (registers)

    return _RULES


@dataclass
class Context:
    """What a rule sees: the profiles, the snapshot and the threshold values."""

    profiles: tuple[Profile, ...]
    snapshot: PlatformSnapshot | None
    values: Mapping[str, float]
    current_rule: str = ""
    used: dict[str, float] = field(default_factory=dict)
    extra_requests: list[DataRequest] = field(default_factory=list)

    # -- metrics -------------------------------------------------------------------------
    def all(self, name: str, kinds: Iterable[ScopeKind] | None = None) -> list[Located]:
        ks = set(kinds) if kinds is not None else None
        return [Located(m, p) for p in self.profiles for m in p.metrics
                if m.name == name and (ks is None or m.scope.kind in ks)]

    def beside(self, loc: Located, name: str, kinds: Iterable[ScopeKind]) -> Located | None:
        """The value of ``name`` (scope kind among ``kinds``) that the same input gives for the
        scope ``loc`` names: two quantities of one call site, run or routine read together (a
        site's temporary blocks and its peak block, a run's size and its time), never one
        input's value paired with another's."""
        return next((x for x in self.all(name, kinds) if x.profile is loc.profile
                     and x.metric.scope.name == loc.metric.scope.name), None)

    def top(self, name: str) -> Located | None:
        """The whole-run value of ``name``: process/node scope first, else the first one."""
        found = self.all(name)
        for loc in found:
            if loc.metric.scope.kind in (ScopeKind.PROCESS, ScopeKind.NODE):
                return loc
        types = [loc for loc in found if is_core_type(loc.metric.scope)]
        if len(types) >= 2:
            # a hybrid CPU counts each core type apart: the type that ran the most cycles did
            # the work; a type multiplexed in for 1% of the time is noise
            def busy(loc: Located) -> float:
                return max((m.value for m in loc.profile.metrics if m.name == "cycles"
                            and m.scope == loc.metric.scope), default=0.0)
            return max(types, key=busy)
        return found[0] if found else None

    def has(self, name: str) -> bool:
        return any(m.name == name for p in self.profiles for m in p.metrics)

    def has_input(self, name: str) -> bool:
        """A metric name, or ``@hotspots`` / ``@remarks`` for those parts of a profile."""
        if name == "@hotspots":
            return any(p.hotspots for p in self.profiles)
        if name == "@remarks":
            return any(p.remarks for p in self.profiles) or self.has("vector.loops_missed")
        return self.has(name)

    def hotspots(self) -> list[tuple[Hotspot, Profile]]:
        return [(h, p) for p in self.profiles for h in p.hotspots]

    def remarks(self) -> list[tuple[Remark, Profile]]:
        return [(r, p) for p in self.profiles for r in p.remarks]

    def formats(self) -> set[str]:
        return {source_kind(p.format) for p in self.profiles}

    def fact(self, name: str) -> Any:
        if self.snapshot is None:
            return None
        return FACTS[name](self.snapshot)

    @property
    def counterless(self) -> bool:
        return self.snapshot is not None and self.snapshot.perf.hw_counters is False

    def program(self) -> tuple[str, ...]:
        """The profiled program's argv where an input names it, else ``./app``."""
        for p in self.profiles:
            for key in ("command", "cmdline", "program"):
                cmd = p.meta.get(key, "").strip()
                if cmd:
                    return tuple(cmd.split())
        return ("./app",)

    # -- thresholds and evidence ------------------------------------------------------------
    def t(self, name: str) -> float:
        """A threshold value; recorded so the finding can quote it."""
        v = float(self.values[name])
        self.used[name] = v
        return v

    def ev(self, loc: Located | None, quote: str, threshold: str = "", *,
           metric: str = "", value: float | None = None, unit: str = "",
           source: SourceRef | None = None, kind: str = "") -> Evidence:
        """Evidence from a located metric, or from explicit fields (hotspots, remarks, facts)."""
        if loc is not None:
            return Evidence(metric or loc.metric.name, loc.value if value is None else value,
                            unit or loc.metric.unit, loc.source, kind or loc.kind, quote,
                            threshold)
        return Evidence(metric, value, unit, source, kind, quote, threshold)

    def fact_ev(self, fact: str, value: Any, quote: str) -> Evidence:
        src = SourceRef(f"snapshot:{self.snapshot.origin}" if self.snapshot else "snapshot", None)
        num = float(value) if isinstance(value, (int, float)) else None
        return Evidence(fact, num, "", src, "snapshot", quote)

    def finding(self, id: str, confidence: float, title: str, evidence: Sequence[Evidence], *,
                scope: str = "", limits: Sequence[str] = (), conflicts: Sequence[str] = ()
                ) -> Finding:
        return Finding(
            id=id, layer=layer_of(id), status=Status.HYPOTHESIS,
            confidence=round(max(0.0, min(1.0, confidence)), 3), title=title,
            evidence=tuple(evidence), scope=scope, thresholds=dict(self.used),
            limits=tuple(limits), conflicts=tuple(conflicts),
        )

    def request(self, req: DataRequest) -> None:
        """A data request from a rule that ran but could not decide."""
        self.extra_requests.append(req)


@dataclass(frozen=True)
class Diagnosis:
    findings: tuple[Finding, ...]
    data_requests: tuple[DataRequest, ...]
    limits: tuple[str, ...]
    thresholds: Mapping[str, float]


def _missing(ctx: Context, r: Rule) -> tuple[str, ...]:
    miss: list[str] = []
    for need in r.needs:
        if not any(ctx.has_input(alt) for alt in need.split("|")):
            miss.append(need)
    for f in r.facts:
        if ctx.fact(f) is None:
            miss.append(f"snapshot:{f}")
    return tuple(miss)


def _as_list(out: Iterable[Finding] | Finding | None) -> list[Finding]:
    if out is None:
        return []
    if isinstance(out, Finding):
        return [out]
    return list(out)


#: findings that explain only the time a run waited for a CPU, never the CPU time it spent
#: (declared on their kind: :attr:`perfscout.diagnose.kinds.Kind.wait_only`)
WAIT_ONLY = frozenset(k.id for k in KINDS.values() if k.wait_only)


def diagnose(
    profiles: Sequence[Profile], snapshot: PlatformSnapshot | None = None, *,
    runner: Runner | None = None, thresholds: Mapping[str, float] | None = None,
    only: Iterable[str] | None = None, skipped: Sequence[Skipped] = (),
) -> Diagnosis:
    """Run every rule over ``profiles`` against ``snapshot``.

    Use this when you hold parsed profiles; :func:`perfscout.pipeline.analyze.analyze` wraps it
    for files. ``runner`` only checks data-request commands against the sandbox policy.
    ``skipped`` inputs that are binary tool outputs (gmon.out, perf.data, an executable) become
    data requests for the command that turns each into text.
    """
    from perfscout.diagnose import chains, crossval, limits, ownab, requests

    values = th.resolve(thresholds)
    ctx = Context(tuple(profiles), snapshot, values)
    found: list[Finding] = []
    reqs: list[DataRequest] = []
    selected = set(only) if only is not None else None
    for rid, r in sorted(rules().items()):
        if selected is not None and rid not in selected:
            continue
        ctx.current_rule, ctx.used = rid, {}
        miss = _missing(ctx, r)
        if miss:
            if r.request is not None and requests.relevant(ctx, r, miss):
                reqs.extend(replace(q, for_findings=q.for_findings or (rid,))
                            for q in r.request(ctx, miss))
            continue
        for f in _as_list(r.fn(ctx)):
            if f.id not in FINDING_IDS:  # pragma: no cover - guarded by ctx.finding
                raise ValueError(f"rule {rid} produced unknown id {f.id}")
            found.append(f)
        reqs.extend(replace(q, for_findings=q.for_findings or (rid,)) for q in ctx.extra_requests)
        ctx.extra_requests = []
    ctx.current_rule, ctx.used = "own A/B", {}
    found.extend(f for f in ownab.named_ab(ctx, {f.id for f in found})
                 if selected is None or f.id in selected)
    found = [crossval.assess(crossval.corroborate(ctx.profiles, f, values["crossval.disagree"],
                                                       values))
             for f in found]
    found = chains.rank(chains.link(found))
    if not found or (all(f.id in WAIT_ONLY for f in found) and not any(
            p.hotspots for p in ctx.profiles)):
        # nothing fired, or only other jobs' share of the cores did: that explains the time
        # the run waited, not the CPU time it spent, and no input says where that went
        reqs.extend(requests.undecided(ctx))
    from perfscout.diagnose.hotspots import TRUSTED, hotspot_conflicts

    hot_conf = hotspot_conflicts(ctx.profiles, values["crossval.disagree"])
    if hot_conf:  # stated on every finding that rests on a distrusted (not sampled) hotspot
        found = [replace(f, conflicts=tuple(dict.fromkeys(f.conflicts + tuple(hot_conf))),
                         status=Status.HYPOTHESIS)
                 if any(e.metric.startswith("hotspot") and e.source_kind != TRUSTED
                        for e in f.evidence) else f
                 for f in found]
    lim = limits.limits(ctx, found)
    found = [replace(f, limits=tuple(dict.fromkeys(f.limits + limits.for_finding(ctx, f))))
             for f in found]
    # turning an output the user already has into text comes before running anything again
    reqs[:0] = [requests.convert(s) for s in skipped if s.convert]
    reqs = requests.open_only(requests.dedupe(reqs), {p.format for p in profiles})
    lim = tuple(dict.fromkeys((*lim, *hot_conf)))
    return Diagnosis(tuple(found), requests.check(reqs, runner), lim, values)
