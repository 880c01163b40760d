"""Hardware-layer rules: bandwidth, cache locality, NUMA, vectorization, compute, frontend,
speculation, frequency. Ceilings come from the inputs' own benchmarks or the snapshot."""

from __future__ import annotations

import re
from dataclasses import replace
from itertools import pairwise
from pathlib import Path

from perfscout.diagnose import crossval
from perfscout.diagnose import requests as rq
from perfscout.diagnose.atomics import atomic_loop
from perfscout.diagnose.engine import Context, Located, rule, source_kind
from perfscout.diagnose.rules.common import (
    achieved_bw,
    category_share,
    fmt,
    item_word,
    mem_bench,
    mem_bench_runs,
    task_seconds,
)
from perfscout.diagnose.rules.set_conflict import pow2_rows, pow2_sweep
from perfscout.model.findings import DataRequest, Evidence, Finding
from perfscout.model.isa import is_isa_emulated
from perfscout.model.message import Text
from perfscout.model.metrics import (
    Hotspot,
    Profile,
    Remark,
    ScopeKind,
    SourceRef,
    near_line,
    source_line,
)

STREAM_TRIAD_AI = 2.0 / 24.0  # FLOP per byte of a double triad a = b + s*c


def _bw_requests(ctx: Context, missing: tuple[str, ...]) -> list[DataRequest]:
    out = [rq.bandwidth_bench(ctx)]
    if not ctx.counterless:
        out.append(rq.likwid_group(ctx, "MEM", "the program's own DRAM bandwidth"))
    return out


@rule(id="hw.memory_bandwidth", needs=("mem.bandwidth|mem.read_bandwidth|bench.bandwidth",),
      thresholds=("bw.near_peak", "bw.far_below_peak", "crossval.disagree",
                  "bw.low_intensity", "compute.ipc_low", "cache.llc_miss_ratio", "ab.ratio"),
      request=_bw_requests)
def memory_bandwidth(ctx: Context) -> Finding | None:
    """Achieved DRAM bandwidth near the machine's measured peak, or a bandwidth kernel."""
    peak = mem_bench(ctx)
    got = achieved_bw(ctx)
    if got is not None and peak is not None:
        ratio = got.value / peak.value
        near = ctx.t("bw.near_peak")
        limits: list[str] = []
        if ratio < near:
            low = _moving_ceiling(ctx)
            if low is None or got.value / low.value < near:
                return _bandwidth_dominated(ctx, got, low or peak)
            # the benchmark's own runs spread beyond crossval.disagree: the ceiling moved with
            # other jobs' load, so the program is judged against the slowest run it could meet
            limits.append(Text("limit.moving_ceiling", low=fmt(low.value), high=fmt(peak.value)))
            peak, ratio = low, got.value / low.value
        ev = [
            ctx.ev(got, f"achieved {fmt(got.value)} MB/s = {ratio:.0%} of the measured peak",
                   f"{got.metric.name} >= {near:.2f} x peak"),
            ctx.ev(peak, f"measured peak {fmt(peak.value)} MB/s "
                   f"({peak.metric.scope.name or 'bench'})"),
        ]
        conflicts = []
        # another input measuring the same quantity: a disagreement is a conflict whatever the
        # family; an agreement counts as confirmation only from another family
        others = [o for o in ctx.all(got.metric.name) if o.profile is not got.profile
                  and o.metric.scope.kind != ScopeKind.RUN]
        for o in others:
            c = crossval.conflict(got.metric.name, got.value, got.kind, o.metric.name, o.value,
                                  o.kind, ctx.t("crossval.disagree"))
            if c:
                conflicts.append(c)
            elif o.kind != got.kind:
                ev.append(ctx.ev(o, f"{o.kind} agrees: {fmt(o.value)} MB/s"))
        return ctx.finding("hw.memory_bandwidth", 0.55 + 0.35 * min(ratio, 1.0)
                           - (0.1 if limits else 0.0),
                           "memory bandwidth at the machine's ceiling", ev, conflicts=conflicts,
                           limits=limits)
    if got is None and peak is not None and not _peak_is_only_a_ceiling(ctx, peak):
        conflicts = []
        # the run itself is a bandwidth benchmark (STREAM, likwid-bench): far left of the ridge
        ev = [ctx.ev(peak, f"{peak.metric.scope.name or 'kernel'} sustains {fmt(peak.value)} MB/s "
                     f"at ~{STREAM_TRIAD_AI:.3f} FLOP/B (triad), far below any ridge point",
                     "streaming kernel: arithmetic intensity << ridge")]
        support = _memory_bound_support(ctx)
        own = achieved_bw(ctx, of_bench=True)
        if own is not None:
            # the benchmark's own rate (bytes it moved / its timer) and the memory controller's
            # counters during it are independent measurements of the same traffic
            ev[0] = replace(ev[0], source_kind="benchmark")
            c = crossval.conflict("bench.bandwidth", peak.value, "benchmark", own.metric.name,
                                  own.value, own.kind, ctx.t("crossval.disagree"))
            if c is None:
                support.append(ctx.ev(own, f"{own.kind} memory counters during the kernel: "
                                      f"{fmt(own.value)} MB/s ({own.value / peak.value:.0%} of "
                                      f"the kernel's own rate)", "agree within "
                                      f"{ctx.t('crossval.disagree'):.0%}"))
            else:
                conflicts.append(c)
        ev.extend(support)
        return ctx.finding("hw.memory_bandwidth", 0.7 + (0.1 if support else 0.0),
                           "streaming kernel bound by memory bandwidth", ev,
                           scope=peak.metric.scope.name, conflicts=conflicts)
    if got is not None and peak is None:
        ctx.request(rq.bandwidth_bench(ctx))
        ai = ctx.top("arith_intensity")
        if ai is not None and ai.value < ctx.t("bw.low_intensity"):
            return ctx.finding(
                "hw.memory_bandwidth", 0.45,
                "low arithmetic intensity at high bandwidth (peak not measured)",
                [ctx.ev(got, f"achieved {fmt(got.value)} MB/s"),
                 ctx.ev(ai, f"arithmetic intensity {ai.value:.3g} FLOP/B")],
                limits=["no measured peak bandwidth in the inputs: the distance to the ceiling "
                        "is unknown"])
        narrower = _narrower_type_ab(ctx, got)
        if narrower is not None:
            return ctx.finding(
                "hw.memory_bandwidth", 0.45, "the run's time follows the bytes it moves: a "
                "narrower data type ran faster at about the same bandwidth",
                [ctx.ev(got, f"the program's own bandwidth {fmt(got.value)} MB/s"), narrower],
                limits=["no measured peak bandwidth in the inputs: the distance to the ceiling "
                        "is unknown, and twice the vector lanes would also speed up code that "
                        "computes"])
    return None


def _narrower_type_ab(ctx: Context, got: Located) -> Evidence | None:
    """The program's own A/B of its data type (``ab.ratio`` whose factor names a precision
    word, :data:`~perfscout.diagnose.kinds.KINDS` ``app.precision``): the narrower type ran
    ``ab.ratio`` times faster while the bandwidth it printed moved less than its time did, so
    the time follows the bytes, not the operations."""
    from perfscout.diagnose.kinds import KINDS
    from perfscout.ingest.ab_runs import factor_words

    words = KINDS["app.precision"].ab
    rates = [x.value for x in ctx.all(got.metric.name, (ScopeKind.RUN,))
             if x.profile is got.profile and x.value > 0]
    least = ctx.t("ab.ratio")
    for loc in ctx.all("ab.ratio"):
        if loc.profile is not got.profile or loc.value < least or not (
                factor_words(loc.metric.raw_name) & words):
            continue
        if len(rates) < 2 or max(rates) / min(rates) >= loc.value:
            continue
        return ctx.ev(loc, f"the program's own A/B of its data type ({loc.metric.raw_name}): "
                      f"{loc.value:.2f}x the time for the same work, while its printed bandwidth "
                      f"moved {max(rates) / min(rates):.2f}x", f"ab.ratio >= {least:g}")
    return None


def _bandwidth_dominated(ctx: Context, got: Located, peak: Located) -> Finding | None:
    """Between ``bw.far_below_peak`` and ``bw.near_peak`` of the slowest ceiling run it could
    meet: memory traffic is the main cost, with headroom a single number cannot place (other
    jobs' load, phases that do not stream, synchronisation). A senior engineer calls it
    bandwidth-dominated, a hypothesis: fewer bytes is the lever that surely helps, wider
    vectors move the same bytes. Below ``bw.far_below_peak`` DRAM is not the limit."""
    ratio = got.value / peak.value
    far, near = ctx.t("bw.far_below_peak"), ctx.t("bw.near_peak")
    if ratio < far:
        return None
    ev = [ctx.ev(got, f"achieved {fmt(got.value)} MB/s = {ratio:.0%} of the measured peak",
                 f"{far:.2f} <= {got.metric.name} / peak < {near:.2f}"),
          ctx.ev(peak, f"measured peak {fmt(peak.value)} MB/s "
                 f"({peak.metric.scope.name or 'bench'})")]
    return ctx.finding("hw.memory_bandwidth", 0.35 + 0.3 * ratio,
                       "memory bandwidth dominates, below the measured ceiling", ev,
                       limits=[Text("limit.bandwidth_headroom", ratio=f"{ratio:.0%}")])


def _moving_ceiling(ctx: Context) -> Located | None:
    """The slowest bandwidth-benchmark run when the runs disagree by more than
    ``crossval.disagree`` (a busy machine: the ceiling is a range, not one value), else None."""
    runs = mem_bench_runs(ctx)
    if len(runs) < 2 or runs[0].value <= 0:
        return None
    spread = 1 - runs[0].value / runs[-1].value
    return runs[0] if spread > ctx.t("crossval.disagree") else None


def _peak_is_only_a_ceiling(ctx: Context, peak: Located) -> bool:
    """A likwid-bench run next to profiles of another program measured the machine's ceiling,
    not the program: it says nothing about whether that program is bandwidth-bound."""
    if peak.profile.format != "likwid-bench":
        return False
    return any(p.format not in ("likwid-bench", "stream") and p is not peak.profile
               and (p.metrics or p.hotspots) for p in ctx.profiles)


def _memory_bound_support(ctx: Context) -> list[Evidence]:
    out: list[Evidence] = []
    ipc = ctx.top("ipc")
    if ipc is not None and ipc.value < (low := ctx.t("compute.ipc_low")):
        out.append(ctx.ev(ipc, f"IPC {ipc.value:.2f} < {low:g}: the core waits on memory",
                          f"ipc < {low:g}"))
    mr = ctx.top("cache.miss_ratio")
    if mr is not None and mr.value >= ctx.t("cache.llc_miss_ratio"):
        out.append(ctx.ev(mr, f"cache miss ratio {mr.value:.1%}",
                          f"cache.miss_ratio >= {ctx.t('cache.llc_miss_ratio'):.2f}"))
    return out


def _miss_ratio(ctx: Context) -> tuple[list[Evidence], list[str]]:
    """High miss ratios from counters or simulation, with the thresholds that fired."""
    ev: list[Evidence] = []
    checks = (("llc.miss_ratio", "cache.llc_miss_ratio"),
              ("cache.miss_ratio", "cache.llc_miss_ratio"),
              ("l1d.miss_ratio", "cache.l1d_miss_ratio"),
              ("l2.miss_ratio", "cache.l2_miss_ratio"),
              ("d1.miss_ratio", "cache.sim_d1_miss_ratio"),
              ("ll.miss_ratio", "cache.sim_ll_miss_ratio"))
    fired = []
    for metric, tname in checks:
        loc = ctx.top(metric)
        if loc is None:
            continue
        limit = ctx.t(tname)
        if loc.value >= limit:
            ev.append(ctx.ev(loc, f"{metric} {loc.value:.2%}", f"{metric} >= {limit:.2%}"))
            fired.append(metric)
    if not fired:
        refs, miss = ctx.top("cache.references"), ctx.top("cache.misses")
        if refs is not None and miss is not None and refs.value > 0:
            ratio = miss.value / refs.value
            limit = ctx.t("cache.llc_miss_ratio")
            if ratio >= limit:
                ev.append(ctx.ev(miss, f"{fmt(miss.value)} misses / {fmt(refs.value)} refs = "
                                 f"{ratio:.1%}", f"cache.misses/references >= {limit:.0%}",
                                 metric="cache.miss_ratio", value=ratio, unit="ratio"))
                fired.append("cache.miss_ratio")
    return ev, fired


def _where(ctx: Context, ev: list[Evidence]) -> list[Evidence]:
    """The hottest function of the profile the misses came from: where to look."""
    files = {e.source.file for e in ev if e.source}
    for h, p in ctx.hotspots():
        if p.path in files and h.source is not None and h.self_share is not None:
            top = max((x for x in p.hotspots if x.self_share is not None),
                      key=lambda x: x.self_share or 0.0)
            return [Evidence("hotspot.share", top.self_share, "ratio", top.source,
                             source_kind(p.format), f"{top.name} holds {top.self_share:.0%} of "
                             f"the profile: the misses are there")]
    return []


def _time_on_miss_line(ctx: Context, ev: list[Evidence]) -> list[Evidence]:
    """A sampling profile of the real run that spends ``cache.miss_line_share`` of its time on
    the loop nest (within two lines) of the line the simulated D1 misses are on: the time goes
    where the misses are (a second family, from another quantity)."""
    misses = ctx.all("d1.misses", (ScopeKind.LINE,))
    if not misses or "sampling" in {e.source_kind for e in ev}:
        return []
    worst = max(misses, key=lambda m: m.value)
    file, _, line = worst.metric.scope.name.rpartition(":")
    if not line.isdigit():
        return []
    base, at = Path(file).name, int(line)
    lim = ctx.t("cache.miss_line_share")
    for p in ctx.profiles:
        if source_kind(p.format) != "sampling":
            continue
        near = [h for h in p.hotspots if h.self_share is not None
                and (w := _line_of(h)) is not None and near_line(base, at, *w)]
        share = sum(h.self_share or 0.0 for h in near)
        if near and share >= lim:
            return [Evidence("hotspot.share", share, "ratio", near[0].source or SourceRef(p.path),
                             "sampling", f"{p.format} puts {share:.0%} of the time within two "
                             f"lines of {base}:{at}, where the simulated D1 misses are",
                             f"share >= {lim:.2f}")]
    return []


_SRCLINE = re.compile(r"^(?P<file>[\w./+-]+\.\w+):(?P<line>\d+)$")


def _line_of(h: Hotspot) -> tuple[str, int] | None:
    """(file name, line) of a line-level hotspot: its location, or a ``file:line`` name
    (perf report --sort srcline)."""
    if h.location is not None and h.location.line is not None:
        return Path(h.location.file).name, h.location.line
    m = _SRCLINE.match(h.name.strip())
    return (Path(m["file"]).name, int(m["line"])) if m else None


def _cache_requests(ctx: Context, missing: tuple[str, ...]) -> list[DataRequest]:
    if ctx.counterless:
        return [rq.cachegrind(ctx)]
    return [rq.perf_stat(ctx, "cache-references,cache-misses,L1-dcache-loads,"
                         "L1-dcache-load-misses", "cache miss ratios of the run")]


@rule(id="hw.cache_locality",
      needs=("cache.miss_ratio|llc.miss_ratio|l1d.miss_ratio|l2.miss_ratio|d1.miss_ratio|"
             "ll.miss_ratio|cache.misses|scaling.size|array.leading_dim|loop.strided",),
      thresholds=("cache.llc_miss_ratio", "cache.l1d_miss_ratio", "cache.l2_miss_ratio",
                  "cache.sim_d1_miss_ratio", "cache.sim_ll_miss_ratio", "bw.far_below_peak",
                  "cache.miss_line_share", "cache.padded_speedup", "cache.rate_drop",
                  "cache.rate_drop_two", "cache.rate_step", "sweep.min_ticks",
                  "complexity.item_beyond_memory", "cache.strided_share"),
      request=_cache_requests)
def cache_locality(ctx: Context) -> Finding | None:
    """Many cache misses while DRAM bandwidth stays far below its peak: locality, not DRAM."""
    ev, _fired = _miss_ratio(ctx)
    if not ev:
        # no miss rate read: a size sweep whose power-of-two size is slower per element than
        # its neighbours still says set conflicts; cachegrind would give the miss rates
        sweep = pow2_sweep(ctx)
        walk = strided_walk(ctx)
        if not sweep and walk is not None:
            ctx.request(rq.cachegrind(ctx))
            return ctx.finding("hw.cache_locality", 0.5, "the hot loop walks an array across "
                               "its rows: one element of each cache line it loads", [walk[0]],
                               scope=walk[1],
                               limits=["read from the loop's source text beside the samples; "
                                       "no miss rate was measured"])
        if not sweep:
            falls = _rate_falls(ctx)
            if falls is None:
                return None
            ctx.request(rq.cachegrind(ctx))
            return ctx.finding("hw.cache_locality", 0.45, "the compute rate falls as the data "
                               "outgrows the caches", [falls],
                               limits=["no miss rate was measured: the rate alone does not "
                                       "say which level the data leaves"])
        ctx.request(rq.cachegrind(ctx))
        return ctx.finding("hw.cache_locality", 0.55, "cache-set conflicts: the power-of-two "
                           "size is slower per element than its neighbours", sweep,
                           limits=["no miss rate was measured: the per-element times alone "
                                   "point at the cache sets"])
    ev.extend(_where(ctx, ev))
    ev.extend(_time_on_miss_line(ctx, ev))
    falls = _rate_falls(ctx)  # the program's own sweep: the same work slower as data grows
    if falls is not None and falls.source_kind not in {e.source_kind for e in ev}:
        ev.append(falls)
    # rows a power of two apart (printed, or a sweep slower there): the misses are set conflicts
    conflicts = pow2_rows(ctx, ev) or pow2_sweep(ctx)
    if conflicts:
        return ctx.finding("hw.cache_locality", 0.7, "cache-set conflicts: a power-of-two "
                           "leading dimension maps every row of a tile to the same L1 sets",
                           ev + conflicts)
    # the compiler saw the access pattern the misses come from (a second family agreeing)
    odd = next((r for r, _p in ctx.remarks() if r.access in ("strided", "gather")), None)
    if odd is not None:
        ev.append(Evidence("remark.access", None, "", odd.source, "compiler",
                           f"the compiler reports {odd.access} access at {odd.file}:{odd.line}"))
    got, peak = achieved_bw(ctx), mem_bench(ctx)
    if got is not None and peak is not None:
        ratio = got.value / peak.value
        far = ctx.t("bw.far_below_peak")
        if ratio >= far:
            return None  # the traffic reaches DRAM at speed: the bandwidth rule speaks
        ev.append(ctx.ev(got, f"bandwidth {fmt(got.value)} MB/s is only {ratio:.0%} of the "
                         f"measured peak {fmt(peak.value)} MB/s", f"achieved < {far:.2f} x peak"))
        ev.append(ctx.ev(peak, f"measured peak {fmt(peak.value)} MB/s"))
        return ctx.finding("hw.cache_locality", 0.75, "many cache misses, DRAM far from its "
                           "ceiling: access pattern", ev)
    ctx.request(rq.bandwidth_bench(ctx))
    return ctx.finding("hw.cache_locality", 0.5, "many cache misses (bandwidth not measured)", ev,
                       limits=["without the achieved vs peak bandwidth a DRAM ceiling is not "
                               "ruled out"])


def strided_walk(ctx: Context) -> tuple[Evidence, str] | None:
    """The hot loop whose printed source jumps a row per step of its innermost variable
    (``loop.strided``), holding ``cache.strided_share`` or more of all samples, with the
    access's line; None otherwise."""
    lim = ctx.t("cache.strided_share")
    walk = max(ctx.all("loop.strided"), key=lambda w: w.value, default=None)
    if walk is None or walk.value < lim:
        return None
    return ctx.ev(walk, f"{walk.value:.0%} of the samples in the loop whose access "
                  f"{walk.metric.raw_name} jumps a row each step of its innermost variable "
                  f"({walk.metric.scope.name})", f"share >= {lim:.2f}"), walk.metric.scope.name


def printed_step(value: float) -> float:
    """The resolution a value was printed with, from its shortest decimal form (``0.07`` was
    printed to 0.01, ``0.0384`` to 0.0001): the smallest step its clock could show. A value
    parsed from text keeps the digits it was printed with (trailing zeros aside, which only
    make the step look coarser)."""
    text = repr(float(value))
    if "e" in text or "." not in text:
        return 1.0 if "e" not in text else 10.0 ** int(text.split("e")[1])
    digits = len(text.split(".")[1].rstrip("0"))
    return 10.0 ** -digits if digits else 1.0


def _rate_falls(ctx: Context) -> Evidence | None:
    """A size sweep whose own compute rate (``flops.rate``, ``lups.rate``, or the work it
    counts per second of its CPU time: ``work.items`` / ``time.cpu``; or the time it prints
    per item, ``time.per_item``, while that stays below ``complexity.item_beyond_memory``, what
    a few memory accesses cost) falls from size to size
    (none more than ``cache.rate_step`` above the one before), to ``cache.rate_drop`` times
    less at its largest size than at its smallest, over three sizes or more (two sizes:
    ``cache.rate_drop_two`` times, beyond what other jobs' load does to one run): the same
    operations run slower as the data grows, so the data, not the arithmetic, sets the pace.
    A printed bandwidth falling the same way is the DRAM's (the bandwidth rules read it), not
    this."""
    lim, step = ctx.t("cache.rate_drop"), ctx.t("cache.rate_step")
    two = ctx.t("cache.rate_drop_two")
    for name in ("flops.rate", "lups.rate", "work.items", "time.per_item"):
        pts: dict[float, tuple[float, Located]] = {}
        for sz in ctx.all("scaling.size", (ScopeKind.RUN,)):
            r = ctx.beside(sz, name, (ScopeKind.RUN,))
            if r is None or r.value <= 0 or sz.value <= 0:
                continue
            rate = 1.0 / r.value if name == "time.per_item" else r.value
            if name == "work.items":  # units of work per second of the run's own clock
                t = (ctx.beside(sz, "time.cpu", (ScopeKind.RUN,))
                     or ctx.beside(sz, "time.elapsed", (ScopeKind.RUN,)))
                if t is None or t.value < ctx.t("sweep.min_ticks") * printed_step(t.value):
                    continue  # a run of a few clock ticks has no rate to speak of
                rate, r = r.value / t.value, t
            pts.setdefault(sz.value, (rate, r))
        if len(pts) < 2:
            continue
        if name == "time.per_item" and (pts[max(pts)][1].value >= ctx.t(
                "complexity.item_beyond_memory") or any(
                ctx.beside(sz, "mem.bandwidth", (ScopeKind.RUN,)) is not None
                for sz in ctx.all("scaling.size", (ScopeKind.RUN,)))):
            # microseconds per item: more than its data's distance can cost; or the runs
            # print their bandwidth: the time per item is its inverse, the bandwidth rules'
            continue
        order = [pts[k] for k in sorted(pts)]
        if any(b[0] > step * a[0] for a, b in pairwise(order)):
            continue
        drop = order[0][0] / order[-1][0]
        need = lim if len(pts) >= 3 else two
        if drop >= need:
            small, big = min(pts), max(pts)
            what = (f"{order[0][0]:,.4g} units of work per second at size {small:g}, "
                    f"{order[-1][0]:,.4g} at {big:g}" if name == "work.items" else
                    f"{1e9 / order[0][0]:,.3g} ns per {item_word(order[0][1].metric.raw_name)}"
                    f" at size {small:g}, {1e9 / order[-1][0]:,.3g} ns at {big:g}"
                    if name == "time.per_item" else
                    f"{order[0][0]:,.0f} {order[0][1].metric.unit} at size {small:g}, "
                    f"{order[-1][0]:,.0f} at {big:g}")
            return ctx.ev(order[-1][1], f"{what}: {drop:.1f}x slower per operation as the "
                          "data grows", f"rate drop >= {need:g}",
                          metric="scaling.rate_drop", value=drop, unit="ratio")
    return None


def _numa_requests(ctx: Context, missing: tuple[str, ...]) -> list[DataRequest]:
    out = [rq.software_events(ctx, "CPU migrations reveal unbound threads on a multi-node "
                                   "machine")]
    if not ctx.counterless:
        out.append(rq.perf_stat(ctx, "node-loads,node-load-misses", "remote NUMA accesses"))
    out.append(DataRequest("compare a node-local run against the default placement",
                           ("numactl", "--cpunodebind=0", "--membind=0", *ctx.program())))
    return out


@rule(id="hw.numa_remote",
      needs=("numa.remote_ratio|numa.remote_accesses|cpu_migrations|mem.bandwidth",),
      facts=("numa.nodes",),
      thresholds=("numa.remote_ratio", "numa.migrations_per_s", "numa.socket_bw_ratio"),
      request=_numa_requests)
def numa_remote(ctx: Context) -> Finding | None:
    """Remote NUMA memory: a high remote share, or unbound threads on a multi-node machine."""
    nodes = int(ctx.fact("numa.nodes"))
    if nodes < 2:
        return None
    ev: list[Evidence] = [ctx.fact_ev("numa.nodes", nodes, f"{nodes} NUMA nodes on this machine")]
    strength = 0.0
    ratio = ctx.top("numa.remote_ratio")
    rem, loc_ = ctx.top("numa.remote_accesses"), ctx.top("numa.local_accesses")
    limit = ctx.t("numa.remote_ratio")
    if ratio is not None and ratio.value >= limit:
        ev.append(ctx.ev(ratio, f"{ratio.value:.0%} of memory accesses are remote",
                         f"numa.remote_ratio >= {limit:.2f}"))
        strength = max(strength, 0.8)
    elif ratio is None and rem is not None and loc_ is not None and rem.value + loc_.value > 0:
        r = rem.value / (rem.value + loc_.value)
        if r >= limit:
            ev.append(ctx.ev(rem, f"{fmt(rem.value)} remote vs {fmt(loc_.value)} local = {r:.0%}",
                             f"remote/(local+remote) >= {limit:.2f}", metric="numa.remote_ratio",
                             value=r, unit="ratio"))
            strength = max(strength, 0.8)
    for mig in ctx.all("cpu_migrations"):
        ts = task_seconds(ctx, mig.profile)
        if ts is None or ts[0] <= 0:
            continue
        rate = mig.value / ts[0]
        mlim = ctx.t("numa.migrations_per_s")
        if rate >= mlim:
            ev.append(ctx.ev(mig, f"{fmt(mig.value)} CPU migrations in {ts[0]:.3g} CPU-s = "
                             f"{rate:,.0f}/s: threads are not bound, pages first-touched on one "
                             f"node are read from the other", f"migrations/s >= {mlim:g}"))
            strength = max(strength, 0.65)
            break
    per_socket = ctx.all("mem.bandwidth", (ScopeKind.SOCKET, ScopeKind.NODE))
    if len(per_socket) >= 2:
        hi = max(per_socket, key=lambda x: x.value)
        lo = min(per_socket, key=lambda x: x.value)
        most = ctx.t("numa.socket_bw_ratio")
        if lo.value > 0 and hi.value / lo.value >= most:
            ev.append(ctx.ev(hi, f"socket {hi.metric.scope.name} carries {fmt(hi.value)} MB/s vs "
                             f"{fmt(lo.value)} MB/s on {lo.metric.scope.name}: memory sits on "
                             f"one node", f"per-socket bandwidth max/min >= {most:g}"))
            strength = max(strength, 0.7)
    if strength == 0.0:
        return None
    return ctx.finding("hw.numa_remote", strength, "memory served from a remote NUMA node "
                       "(placement)", ev)


def _cross_unit(ctx: Context) -> Finding | None:
    """``hw.vectorization`` from a tiny callee in another source file called per element
    (:func:`perfscout.diagnose.crossunit.cross_unit_call`): scoped to the calling line."""
    from perfscout.diagnose.crossunit import CROSS_UNIT_CALL, cross_unit_call

    got = cross_unit_call(ctx)
    if got is None:
        return None
    h = got.callee
    src = h.source or SourceRef(got.profile.path, None)
    fam = source_kind(got.profile.format)
    name = h.name.split(" (")[0]
    ev = [Evidence(CROSS_UNIT_CALL, got.ns_per_call, "ns", src, fam,
                   f"{name} ({got.callee_file}) called {fmt(float(h.calls or 0))} times, "
                   f"{got.ns_per_call:.2f} ns per call, {got.share:.0%} of the run",
                   f"calls >= {ctx.t('app.redundant_calls'):g} and <= "
                   f"{ctx.t('call.tiny_ns'):g} ns per call"),
          Evidence("hotspot.share", got.caller_share, "ratio", SourceRef(got.profile.path, None),
                   fam, f"{got.caller_line} (another source file) holds {got.caller_share:.0%}"
                   f" of the run: the loop that calls {name} per element",
                   f"share >= {ctx.t('app.redundant_share'):.2f}")]
    return ctx.finding(
        "hw.vectorization", 0.5, f"a call per element to {name} in another source file keeps "
        "the loop scalar", ev, scope=got.caller_line,
        limits=["the callee's body is not seen: that inlining it lets the loop vectorize is "
                "the compiler's to show (-flto with -fopt-info-vec)"])


def _vec_requests(ctx: Context, missing: tuple[str, ...]) -> list[DataRequest]:
    out = [rq.remarks(ctx)]
    if not ctx.counterless:
        out.append(rq.likwid_group(ctx, "FLOPS_DP", "vectorized share of the FLOPs"))
    return out


def _mix_samples(p: Profile) -> float:
    """The samples of the annotated functions a sampled instruction mix was weighted by."""
    return sum(m.value for m in p.metrics
               if m.name == "samples" and m.scope.kind == ScopeKind.FUNCTION)


def insn_mix(ctx: Context) -> list[tuple[float, Located, Located]]:
    """(scalar share of the floating-point instructions, scalar count, total) per profile
    that counts an instruction mix, a sampled one (perf annotate: weighted by where the time
    goes) before a static one (objdump: every instruction of the function once). x87 code and
    code calling software floating-point routines (``__float128``) are left to the precision
    rule, code calling libgcc for one instruction (``__popcountdi2``) to the compute rule. A
    sampled mix from an annotation of fewer than ``vector.min_mix_samples`` samples is left
    out: its share is noise (a long run's mix may put only a few samples on the arithmetic
    itself, the loads and stores around it taking the rest: that is still a mix)."""
    out: list[tuple[float, Located, Located]] = []
    for tot in ctx.all("insn.fp_total", (ScopeKind.PROCESS,)):
        if tot.value <= 0:
            continue

        def of(name: str, tot: Located = tot) -> Located | None:
            return next((x for x in ctx.all(name, (ScopeKind.PROCESS,))
                         if x.profile is tot.profile), None)

        if tot.kind == "sampling" and _mix_samples(tot.profile) < ctx.t(
                "vector.min_mix_samples"):
            continue  # 21 samples of a region, 6 on FP instructions: no mix to read
        packed, scalar, x87 = of("insn.packed"), of("insn.scalar"), of("insn.x87")
        if x87 is not None and x87.value / tot.value >= ctx.t("vector.x87_share"):
            continue
        soft = of("insn.softfloat_calls") or of("insn.isa_emulated_calls")
        if soft is not None and soft.value > 0:
            continue  # its work is calls to soft-float or bit-manipulation routines
        n_scalar = scalar.value if scalar is not None else tot.value - (
            packed.value if packed is not None else 0.0)
        out.append((max(0.0, n_scalar) / tot.value, scalar or packed or tot, tot))
    out.sort(key=lambda t: t[2].kind != "sampling")
    return out


_VEC_NEEDS = ("flops.vector_share", "flops.dp_vector", "@remarks", "insn.fp_total")


@rule(id="hw.vectorization",
      needs=("|".join((*_VEC_NEEDS, "@hotspots")),),
      thresholds=("vector.share_low", "vector.missed_share", "vector.x87_share",
                  "vector.min_mix_samples", "app.redundant_calls", "app.redundant_share",
                  "call.tiny_ns"),
      request=_vec_requests)
def vectorization(ctx: Context) -> Finding | None:
    """Scalar FLOPs and/or loops the compiler did not vectorize; the hot code's instruction mix
    (scalar vs packed) decides over remarks about other loops. A tiny program function called
    per element from a loop in another source file (:mod:`perfscout.diagnose.crossunit`) keeps
    that loop scalar whatever else is measured."""
    crossed = _cross_unit(ctx)
    if crossed is not None:
        return crossed
    if strided_walk(ctx) is not None:
        return None  # a walk a row per step: vectors would gather, the loop order decides
    if not any(ctx.has_input(n) for n in _VEC_NEEDS):  # a profile alone: ask as before
        from perfscout.diagnose import requests
        from perfscout.diagnose.engine import rules

        miss = ("|".join(_VEC_NEEDS),)
        if requests.relevant(ctx, rules()["hw.vectorization"], miss):
            for q in _vec_requests(ctx, miss):
                ctx.request(q)
        return None
    ev: list[Evidence] = []
    low = ctx.t("vector.share_low")
    scalar_high = 1.0 - low  # the same bound, as a scalar share
    if divider_bound(ctx) is not None:
        return None  # the hot code divides integers: no vector width has that instruction
    if atomic_loop(ctx) is not None:
        return None  # every loop takes an atomic: no vector form exists, the threads take turns
    cplx = complex_recovery(ctx)
    if cplx is not None:
        return _complex_recovery_finding(ctx, cplx)
    mix = insn_mix(ctx)
    if mix and mix[0][0] <= scalar_high:
        return None  # the hot code is already packed: remarks about other loops do not matter
    vmath = category_share(ctx, lambda h: bool(_VECTOR_MATH.match(h.name.strip()))
                           or "libmvec" in h.module.lower())
    if vmath is not None and vmath.share >= ctx.t("vector.share_low"):
        return None  # the time is in vector math routines: the hot loop is vectorized
    for share_s, loc, counted in mix:
        if share_s > scalar_high:
            ev.append(ctx.ev(loc, f"{loc.kind}: {share_s:.0%} of the floating-point "
                             f"instructions are scalar ({fmt(counted.value)} counted)",
                             f"scalar share > {scalar_high:.2f}", metric="insn.scalar_share",
                             value=share_s, unit="ratio"))
    share = ctx.top("flops.vector_share")
    if share is None:
        vec, dp = ctx.top("flops.dp_vector"), ctx.top("flops.dp")
        sca = dp
        if vec is not None and dp is not None and dp.value > 0:
            v = vec.value / dp.value
            if v < low:
                ev.append(ctx.ev(sca, f"vector share of DP FLOPs {v:.0%} (packed "
                                 f"{fmt(vec.value)} of {fmt(dp.value)} MFLOP/s)",
                                 f"flops.vector_share < {low:.2f}", metric="flops.vector_share",
                                 value=v, unit="ratio"))
    elif share.value < low:
        ev.append(ctx.ev(share, f"vector share of FLOPs {share.value:.0%}",
                         f"flops.vector_share < {low:.2f}"))
    rem = ctx.remarks()
    missed = [(r, p) for r, p in rem if r.kind == "missed" and not r.vectorized]
    mlim = ctx.t("vector.missed_share")
    if rem and missed and len(missed) / len(rem) >= mlim:
        r0, _ = missed[0]
        why = r0.message[:80]
        ev.append(Evidence("vector.loops_missed", float(len(missed)), "count",
                           r0.source or None, "compiler",
                           f"{len(missed)} of {len(rem)} remarked loops not vectorized, e.g. "
                           f"{r0.file}:{r0.line}: {why}", f"missed share >= {mlim:.2f}"))
    else:
        lm = ctx.top("vector.loops_missed")
        lv = ctx.top("vector.loops_vectorized")
        if lm is not None and lm.value > 0:
            tot = lm.value + (lv.value if lv else 0.0)
            if tot > 0 and lm.value / tot >= mlim:
                ev.append(ctx.ev(lm, f"{lm.value:.0f} of {tot:.0f} loops not vectorized",
                                 f"missed share >= {mlim:.2f}"))
    if not ev:
        return None
    if all(e.source_kind == "compiler" for e in ev) and not _remarks_can_decide(ctx):
        return None
    return ctx.finding("hw.vectorization", 0.5 + 0.1 * len(ev), "scalar code where SIMD is "
                       "available", ev, scope=_missed_at_hot_line(ctx, [r for r, _ in missed]))


def _missed_at_hot_line(ctx: Context, missed: list[Remark]) -> str:
    """The hottest program line (``file:line``) of a line-level profile of another family
    (sampling, a simulator's or gcov's line costs) when it is in a loop a compiler remark says
    was not vectorized (:func:`~perfscout.model.metrics.near_line` of the remark's line): the
    scalar loop is the one the time is in, so a loop proposal targets that line and the
    profile can confirm it. "" when no profile's hottest line is on a missed loop: remarks
    about a cold loop name no scope."""
    from perfscout.ingest.source_paths import library_source

    for p in ctx.profiles:
        if source_kind(p.format) == "compiler":
            continue
        lines = [(where, h.self_share) for h in p.hotspots if h.self_share is not None
                 and (where := source_line(h)) is not None
                 and not library_source(where.rpartition(":")[0])]
        if len({w for w, _ in lines}) < 2:
            continue
        hot = max(lines, key=lambda x: x[1])[0]
        file, _, no = hot.rpartition(":")
        for r in missed:
            if r.line and near_line(r.file, r.line, file, int(no)):
                return f"{file.rsplit('/', 1)[-1]}:{no}"
    return ""


def complex_recovery(ctx: Context) -> Located | None:
    """Call sites of libgcc's C99 complex multiply/divide (``__muldc3``, ``__mulsc3``,
    ``__divdc3``) in the hot code: gcc keeps the Annex G NaN/Inf recovery (a compare and a call
    on the rare path) unless told the operands are finite, and a loop holding a call is not
    vectorized across iterations, however its single product is laid out. A sampled annotate
    holds the hot code itself; a disassembly counts when it holds the sampled hot function or
    one function alone."""
    sampled = [x for x in ctx.all("insn.complex_calls", (ScopeKind.PROCESS,))
               if x.kind == "sampling" and x.value > 0]
    if sampled:
        return sampled[0]
    found = _in_hot_code(ctx, "insn.complex_calls", _hot_function(ctx))
    return found[0] if found else None


def _complex_recovery_finding(ctx: Context, calls: Located) -> Finding:
    hot = _hot_function(ctx)
    fn = calls.metric.scope.name or (hot[0] if hot is not None else "")
    where = f" in {fn}" if fn else ""
    ev = [ctx.ev(calls, f"{fmt(calls.value)} call site(s) of libgcc's complex multiply/divide "
                 f"(__muldc3 family){where}: C99 NaN/Inf recovery keeps the loop from being "
                 "vectorized across iterations", "insn.complex_calls > 0 in the hot code")]
    return ctx.finding("hw.vectorization", 0.65, "complex arithmetic with C99 NaN/Inf "
                       "recovery keeps the loop scalar (-fcx-limited-range, -ffast-math, or "
                       "the product written out)", ev, scope=fn,
                       limits=["the recovery call is read from the code; its cost is the "
                               "vector width the loop does not use"])


def _remarks_can_decide(ctx: Context) -> bool:
    """Compiler remarks alone say which loops are scalar, not that they cost time or that SIMD
    would speed them up: not when the program already streams at a real share of the measured
    bandwidth ceiling (wider vectors move no more bytes); without a measurement of where the
    time goes they stay a hypothesis with a request for one."""
    got, runs = achieved_bw(ctx), mem_bench_runs(ctx)
    if got is not None and runs and runs[0].value > 0 \
            and got.value / runs[0].value >= ctx.t("bw.far_below_peak"):
        return False
    if not any(source_kind(p.format) != "compiler" and (p.hotspots or p.metrics)
               for p in ctx.profiles):
        # which of the remarked loops is hot is unknown: a hypothesis, no code change (the
        # remarks_only guard), and a request for the profile that would decide
        ctx.request(rq.sampling(ctx))
    return True


def _peak_flops(ctx: Context) -> float | None:
    """MFLOP/s ceiling: HPL in the inputs, else cores x max clock x DP FLOP/cycle by ISA."""
    hpl = ctx.top("bench.gflops")
    if hpl is not None:
        return hpl.value * 1000.0
    s = ctx.snapshot
    if s is None or s.cpu.cores is None or s.cpu.max_mhz is None:
        return None
    per = 32 if s.cpu.has("avx512f") else 16 if s.cpu.has("avx2") and s.cpu.has("fma") else 8 \
        if s.cpu.has("avx") else 4
    return s.cpu.cores * s.cpu.max_mhz * per


@rule(id="hw.compute_bound",
      needs=("flops.dp|flops.rate|ipc|topdown.retiring|topdown.core_bound|insn.int_div|"
             "insn.div_sqrt|insn.isa_emulated_calls|time.step|vector.loops_vectorized|"
             "insn.packed",),
      thresholds=("vector.min_mix_samples", "compute.flops_near_peak", "compute.ipc_high",
                  "compute.tma_share",
                  "compute.rate_near_peak", "cache.sim_d1_miss_ratio", "vector.share_low",
                  "compute.divsqrt_share", "app.redundant_share", "steps.jump"),
      request=lambda ctx, miss: [rq.likwid_group(ctx, "FLOPS_DP", "FLOP rate of the run")
                                 if not ctx.counterless else rq.callgrind(ctx)])
def compute_bound(ctx: Context) -> Finding | None:
    """FLOP rate near the core's peak, or a very high IPC: the arithmetic is the limit. Not
    when the hot code calls libgcc's complex helpers: the loop is scalar by the C99 recovery
    (``hw.vectorization``), whatever rate it reaches."""
    if complex_recovery(ctx) is not None:
        return None
    ev: list[Evidence] = []
    fl, peak = ctx.top("flops.dp"), _peak_flops(ctx)
    if fl is not None and peak:
        r = fl.value / peak
        lim = ctx.t("compute.flops_near_peak")
        if r >= lim:
            ev.append(ctx.ev(fl, f"{fmt(fl.value)} MFLOP/s = {r:.0%} of peak {fmt(peak)}",
                             f"flops.dp >= {lim:.2f} x peak"))
    ev.extend(_reported_rate(ctx, peak) if fl is None else [])
    ipc = ctx.top("ipc")
    if ipc is not None and ipc.value >= ctx.t("compute.ipc_high"):
        ev.append(ctx.ev(ipc, f"IPC {ipc.value:.2f}", f"ipc >= {ctx.t('compute.ipc_high'):g}"))
    tma = ctx.t("compute.tma_share")
    for name, what in (("topdown.retiring", "of pipeline slots retire useful work"),
                       ("topdown.core_bound", "of slots wait on execution units (core bound, "
                                              "not memory)")):
        loc = ctx.top(name)
        if loc is not None and loc.value >= tma:
            ev.append(ctx.ev(loc, f"{loc.value:.0%} {what}", f"{name} >= {tma:.2f}"))
    if not ev:
        return _subnormal(ctx) or _isa_emulated(ctx) or fp_divider_bound(ctx) or \
            _vector_math(ctx) or _packed_hot_code(ctx) or divider_bound(ctx)
    return ctx.finding("hw.compute_bound", 0.45 + 0.15 * len(ev), "core-bound arithmetic", ev)


def run_cpu_share(ctx: Context) -> tuple[float, Located] | None:
    """The share of one CPU a one-thread run got: perf stat's ``CPUs utilized``, else CPU time
    over elapsed time of one process report (time -v, perf stat)."""
    from perfscout.diagnose.rules.common import thread_count

    if (thread_count(ctx) or 1) > 1:
        return None
    u = ctx.top("cpu.utilized")
    if u is not None and u.value > 0:
        return min(u.value, 1.0), u
    for el in ctx.all("time.elapsed", (ScopeKind.PROCESS,)):
        ts = task_seconds(ctx, el.profile)
        if ts is not None and el.value > 0 and ts[1].metric.name != "time.elapsed":
            return min(ts[0] / el.value, 1.0), ts[1]
    return None


def _subnormal(ctx: Context) -> Finding | None:
    """The program's printed step times jump ``steps.jump`` times or more while each step does
    the same work, its printed values fall below the smallest normal double (2.2e-308) from
    the slowdown on, and the run's CPU share says the slow steps took that much more CPU time
    (not a wait for the CPU): every operation on a subnormal operand takes a microcode assist.
    Flush-to-zero (``-ffast-math`` / ``-O3 -ffast-math``) or rescaling removes it; other jobs'
    load cannot explain it."""
    from perfscout.diagnose.steps import cpu_growth, step_jump, subnormal_values

    lim = ctx.t("steps.jump")
    sj = step_jump(ctx, lim)
    if sj is None:
        return None
    vals = subnormal_values(ctx, sj)
    if not vals:
        return None
    ev = [ctx.ev(sj.first_slow, f"the program's steps take {sj.jump:.1f}x longer from step "
                 f"{sj.onset} on ({len(sj.slow)} of {len(sj.slow) + len(sj.fast)} printed "
                 "intervals), the work per step unchanged", f"slow / fast >= {lim:g}",
                 metric="steps.slowdown", value=sj.jump, unit="ratio"),
          ctx.ev(vals[0], f"the values it prints there are subnormal ({vals[0].value:.3g} < "
                 "2.2e-308): each operation on them takes a microcode assist",
                 "0 < |value| < 2.2251e-308", metric="value.subnormal")]
    limits: list[str] = []
    share = run_cpu_share(ctx)
    if share is not None:
        growth = cpu_growth(sj, share[0])
        if growth < lim:
            return None  # waiting for the CPU could explain the slow steps
        ev.append(ctx.ev(share[1], f"the run got {share[0]:.0%} of a CPU: waiting explains at "
                         f"most {1 / max(share[0], 1e-9):.1f}x, the slow steps took at least "
                         f"{growth:.1f}x the CPU time of the fast ones", f"CPU growth >= {lim:g}",
                         metric="cpu.share", value=share[0], unit="ratio"))
    else:
        limits.append("no CPU time of the run was given: a wait for the CPU is not excluded")
    hot = _hot_line(ctx)
    return ctx.finding("hw.compute_bound", 0.75 if share is not None else 0.5,
                       "floating-point assists on subnormal numbers: the same steps became "
                       f"{sj.jump:.0f}x slower", ev, scope=hot, limits=limits)


#: vector math library entry points: glibc's libmvec and OpenMP ``declare simd`` variants
#: (``_ZGVdN4v_exp``), Intel SVML, SLEEF: a loop calling them is already vectorized
_VECTOR_MATH = re.compile(r"^_ZGV[a-z][NM]\d+[a-z0-9]*_|^__svml_|^Sleef_", re.I)


def _vector_math(ctx: Context) -> Finding | None:
    """A profile puts ``compute.tma_share`` or more of the run in a vector math library
    (libmvec's ``_ZGVdN4v_exp``, SVML, SLEEF): the hot loop is already vectorized and each
    call computes several elements; the arithmetic of the vector routine sets the pace. The
    compiler's remarks (the loop vectorized) or a disassembly of packed code agree. Nothing
    here says the loop waits on memory: a bandwidth finding, when present, ranks on its own."""
    lim = ctx.t("compute.tma_share")
    sh = category_share(ctx, lambda h: bool(_VECTOR_MATH.match(h.name.strip()))
                        or "libmvec" in h.module.lower())
    if sh is None or sh.share < lim:
        return None
    top = max(sh.entries, key=lambda x: x[1])[0]
    fam = source_kind(sh.profile.format)
    ev = [Evidence("hotspot.share", sh.share, "ratio", top.source or SourceRef(
        sh.profile.path, None), fam, f"{sh.share:.0%} of the run in vector math routines "
        f"({top.name}): the loop already calls the vector form, several elements a call",
        f"share >= {lim:.2f}")]
    # only vectorized code calls a vector math routine: the compiler's account of a vectorized
    # loop (its remarks) or packed code in the disassembly is the same fact seen by the compiler
    vec = [x for x in ctx.all("vector.loops_vectorized", (ScopeKind.PROCESS,))
           if x.value > 0 and x.kind != fam]
    packed_lim = 1.0 - ctx.t("vector.share_low")
    packed = [x for x in ctx.all("insn.packed_share") if x.kind != fam and x.value >= packed_lim]
    if vec:
        ev.append(ctx.ev(vec[0], f"the compiler vectorized {vec[0].value:.0f} loop(s)",
                         "loops vectorized > 0"))
    elif packed:
        ev.append(ctx.ev(packed[0], f"{packed[0].value:.0%} of the disassembled floating-point "
                         "instructions are packed", f"packed share >= {packed_lim:.2f}"))
    return ctx.finding("hw.compute_bound", 0.6, "the vectorized loop's time is in vector math "
                       "routines: the arithmetic sets the pace", ev, scope=top.name)


def _hot_line(ctx: Context) -> str:
    """The source line a sampled line-level profile (perf annotate) puts the most samples on."""
    locs = [x for x in ctx.all("samples", (ScopeKind.LINE,)) if x.kind == "sampling"]
    return max(locs, key=lambda x: x.value).metric.scope.name if locs else ""


def _isa_emulated(ctx: Context) -> Finding | None:
    """The disassembly calls a libgcc routine for what one instruction does (``__popcountdi2``:
    the build has no -mpopcnt/-march), and a profile, where there is one, puts the time in it
    (at least ``compute.tma_share``): the arithmetic is done the slow way, an ISA flag fixes it."""
    calls = max(ctx.all("insn.isa_emulated_calls"), key=lambda c: c.value, default=None)
    if calls is None or calls.value <= 0:
        return None
    lim = ctx.t("compute.tma_share")
    ev = [ctx.ev(calls, f"{calls.value:.0f} calls of libgcc routines standing in for one "
                 f"instruction in {calls.metric.scope.name or 'the code'} (built without the "
                 "ISA flag)", "calls > 0")]
    share = category_share(ctx, lambda h: is_isa_emulated(h.name))
    if share is not None and share.share >= lim:
        top = max(share.entries, key=lambda x: x[1])[0]
        ev.append(Evidence("isa.emulated_share", share.share, "ratio",
                           top.source or SourceRef(share.profile.path, None),
                           source_kind(share.profile.format),
                           f"{share.share:.0%} of the run in {top.name}: the instruction's work "
                           "done by a software routine", f"share >= {lim:.2f}"))
    elif share is not None or ctx.hotspots():
        return None  # profiled, and the time is elsewhere
    return ctx.finding("hw.compute_bound", 0.75 if len(ev) > 1 else 0.45,
                       "bit-manipulation done by libgcc calls: the build lacks the ISA flag "
                       "(-mpopcnt, -march)", ev, scope=calls.metric.scope.name)


def _hot_function(ctx: Context) -> tuple[str, Located] | None:
    """The function the sampling profile spends the most samples in."""
    locs = [x for x in ctx.all("samples", (ScopeKind.FUNCTION,)) if x.kind == "sampling"]
    if not locs:
        return None
    top = max(locs, key=lambda x: x.value)
    return top.metric.scope.name, top


def _in_hot_code(ctx: Context, metric: str,
                 hot: tuple[str, Located] | None) -> list[Located]:
    """The positive per-function counts of an instruction class in the hot code: in the
    sampled hot function, or, with no sampling, in a disassembly of one function alone."""
    found = [x for x in ctx.all(metric, (ScopeKind.FUNCTION,)) if x.value > 0]
    if hot is not None:
        return [x for x in found if x.metric.scope.name == hot[0]]
    return [x for x in found if len(str(x.profile.meta.get("functions", "")).split(",")) == 1]


def divider_bound(ctx: Context) -> Finding | None:
    """The hot function divides integers (``div``/``idiv``: tens of cycles each, no SIMD form
    on x86) and its sampled instructions are not floating point, with nothing saying it waits
    on memory: the divider's latency is the limit and vector width cannot help."""
    hot = _hot_function(ctx)
    divs = _in_hot_code(ctx, "insn.int_div", hot)
    if not divs or atomic_loop(ctx) is not None:
        return None  # no divide, or the atomic every loop takes is what costs
    div = divs[0]
    fp = ctx.beside(div, "insn.fp_total", (ScopeKind.FUNCTION,))
    sampled_fp = max((x.value for x in ctx.all("insn.fp_total", (ScopeKind.PROCESS,))
                      if x.kind == "sampling"), default=0.0)
    if hot is not None:
        if sampled_fp > ctx.t("vector.share_low") * hot[1].value:
            return None  # the sampled hot code is floating point: the FP rules judge it
    elif fp is not None and fp.value > div.value:
        return None
    d1 = ctx.top("d1.miss_ratio")
    if (d1 is not None and d1.value >= ctx.t("cache.sim_d1_miss_ratio")) or \
            ctx.top("mem.bandwidth") is not None:
        return None
    ev = [ctx.ev(div, f"{fmt(div.value)} integer division instruction(s) (div/idiv) in "
                 f"{div.metric.scope.name}: tens of cycles each, no SIMD form on x86",
                 "insn.int_div > 0 in the hot function")]
    if hot is not None:
        ev.append(ctx.ev(hot[1], f"{hot[0]} holds the sampled time; "
                         f"{sampled_fp / max(hot[1].value, 1.0):.0%} of its samples on "
                         "floating-point instructions", "sampled FP share < vector.share_low"))
    return ctx.finding("hw.compute_bound", 0.55, "integer division latency in the hot code", ev,
                       limits=["the divider's latency is inferred from the instruction mix; "
                               "no counter measured it"])


def fp_divider_bound(ctx: Context) -> Finding | None:
    """The hot function's floating-point code is packed and at least ``compute.divsqrt_share``
    of it divides or takes square roots (``vdivpd``, ``vsqrtpd``): one divider unit sets the
    throughput whatever the vector width, and nothing says the code waits on memory. The
    disassembly (compiler) says what the code is; a sampling profile putting the time in that
    function says that it is where the run spends it."""
    hot = _hot_function(ctx)
    divs = _in_hot_code(ctx, "insn.div_sqrt", hot)
    if not divs:
        return None
    div = max(divs, key=lambda x: x.value)

    def of(name: str) -> float:
        x = ctx.beside(div, name, (ScopeKind.FUNCTION,))
        return x.value if x is not None else 0.0

    fp, packed = of("insn.fp_total"), of("insn.packed")
    lim, low = ctx.t("compute.divsqrt_share"), ctx.t("vector.share_low")
    if fp <= 0 or div.value / fp < lim or packed / fp < low:
        return None
    d1 = ctx.top("d1.miss_ratio")
    if (d1 is not None and d1.value >= ctx.t("cache.sim_d1_miss_ratio")) or \
            ctx.top("mem.bandwidth") is not None:
        return None
    fn = div.metric.scope.name
    ev = [ctx.ev(div, f"{fmt(div.value)} of the {fmt(fp)} floating-point instructions of {fn} "
                 f"divide or take square roots, {packed / fp:.0%} of them packed: the divider "
                 "unit, not the vector width, sets the pace", f"div/sqrt share >= {lim:.2f} and "
                 f"packed share >= {low:.2f}", metric="insn.div_sqrt_share",
                 value=div.value / fp, unit="ratio")]
    if hot is not None:
        total = sum(x.value for x in ctx.all("samples", (ScopeKind.FUNCTION,))
                    if x.profile is hot[1].profile)
        share = hot[1].value / total if total > 0 else 0.0
        if share >= ctx.t("app.redundant_share"):
            ev.append(ctx.ev(hot[1], f"{share:.0%} of the sampled time is in {fn}",
                             f"share >= {ctx.t('app.redundant_share'):.2f}",
                             metric="hotspot.share", value=share, unit="ratio"))
    else:  # a sampling profile without per-function sample counts (perf report)
        ev.extend(_sampled_in(ctx, fn))
    if d1 is not None:
        ev.append(ctx.ev(d1, f"D1 miss ratio {d1.value:.1%}: the operands stay in cache",
                         f"d1.miss_ratio < {ctx.t('cache.sim_d1_miss_ratio'):.2f}"))
    return ctx.finding("hw.compute_bound", 0.55, "packed divide/square-root throughput in the "
                       "hot code", ev, scope=fn,
                       limits=["the divider's throughput is inferred from the instruction mix; "
                               "no counter measured it"])


def _sampled_in(ctx: Context, fn: str) -> list[Evidence]:
    """A sampling profile's share of the run in function ``fn`` (its rows per source line
    summed), as evidence when it reaches ``app.redundant_share``."""
    lim = ctx.t("app.redundant_share")
    for p in {id(q): q for _, q in ctx.hotspots()}.values():
        if source_kind(p.format) != "sampling":
            continue
        rows = [x for x in p.hotspots if x.name.split(" line ")[0].strip() == fn
                and x.self_share is not None]
        share = sum(x.self_share or 0.0 for x in rows)
        if rows and share >= lim:
            top = max(rows, key=lambda x: x.self_share or 0.0)
            return [Evidence("hotspot.share", share, "ratio", top.source or SourceRef(
                p.path, None), "sampling", f"{share:.0%} of the sampled time is in {fn}",
                f"share >= {lim:.2f}")]
    return []


def _packed_hot_code(ctx: Context) -> Finding | None:
    """No peak to compare with (the snapshot lacks the clock), but the sampled hot code is
    packed SIMD, the program reports a FLOP rate and nothing says it waits on memory: the
    arithmetic is the likeliest limit, stated as such."""
    allmix = insn_mix(ctx)
    # sampled hot code first; else the static mix of a disassembly of one function (the user
    # disassembled the hot function: every instruction of it counted once)
    mix = [m for m in allmix if m[2].kind == "sampling"] or [
        m for m in allmix if m[2].kind == "compiler"
        and len(str(m[2].profile.meta.get("functions", "")).split(",")) == 1]
    rate = max(ctx.all("flops.rate"), key=lambda x: x.value, default=None)
    low = ctx.t("vector.share_low")
    scalar_high = 1.0 - low
    if not mix or rate is None or mix[0][0] > scalar_high:
        return None
    d1 = ctx.top("d1.miss_ratio")
    if d1 is not None and d1.value >= ctx.t("cache.sim_d1_miss_ratio"):
        return None
    if ctx.top("mem.bandwidth") is not None:
        return None  # a bandwidth figure: the bandwidth rule weighs it
    share_s, _loc, tot = mix[0]
    how = "sampled" if tot.kind == "sampling" else "static"
    # operands that stay in L1 (a simulated or counted miss ratio below the threshold) are
    # the other half of "the arithmetic is the limit": nothing waits on data
    in_cache = ([ctx.ev(d1, f"D1 miss ratio {d1.value:.1%}: the operands stay in cache",
                        f"d1.miss_ratio < {ctx.t('cache.sim_d1_miss_ratio'):.2f}")]
                if d1 is not None else [])
    packed = ctx.ev(tot, f"{1.0 - share_s:.0%} of the {how} floating-point instructions are "
                    "packed SIMD: the hot code is already vectorized", f"packed share >= {low:.2f}",
                    metric="insn.packed_share", value=1.0 - share_s, unit="ratio")
    ceiling = measured_flop_ceiling(ctx)
    if ceiling is None:
        return ctx.finding(
            "hw.compute_bound", 0.4, "packed SIMD arithmetic in the hot code",
            # the rate is context (how fast), not a second measurement of what limits it
            [*in_cache, packed,
             ctx.ev(rate, f"the program reports {fmt(rate.value)} MFLOP/s", kind="derived")],
            limits=["no FLOP peak in the inputs or the snapshot: the distance to the ceiling "
                    "is not measured"])
    # a FLOP ceiling measured on this machine (likwid-bench peakflops): the program's own rate
    # against it is the program's measurement of how close the arithmetic is to its limit
    # measured, not theoretical: the bar of a counted FLOP rate against the peak applies
    r, lim = rate.value / ceiling.value, ctx.t("compute.flops_near_peak")
    quote = (f"the program reports {fmt(rate.value)} MFLOP/s = {r:.0%} of the "
             f"{fmt(ceiling.value)} MFLOP/s measured by {ceiling.profile.meta.get('test')}")
    if r >= lim:
        near = ctx.ev(rate, quote, f"flops.rate >= {lim:.2f} x peak")
        return ctx.finding("hw.compute_bound", 0.5, "packed SIMD arithmetic near the measured "
                           "FLOP ceiling", [*in_cache, packed, near])
    return ctx.finding(
        "hw.compute_bound", 0.3, "packed SIMD arithmetic in the hot code",
        [*in_cache, packed, ctx.ev(rate, quote, kind="derived")],
        conflicts=[f"{quote}: below {lim:.0%} of the ceiling, the arithmetic is not what the run "
                   "waits on"])


#: likwid-bench kernels that measure the core's FLOP ceiling (not a memory kernel's FLOPs)
_PEAKFLOPS = "peakflops"


def measured_flop_ceiling(ctx: Context) -> Located | None:
    """The best MFLOP/s a likwid-bench ``peakflops*`` run measured on this machine (a
    benchmark of the machine, not of the program), else None."""
    runs = [m for m in ctx.all("bench.mflops")
            if str(m.profile.meta.get("test", "")).startswith(_PEAKFLOPS)]
    return max(runs, key=lambda m: m.value, default=None)


def _reported_rate(ctx: Context, peak: float | None) -> list[Evidence]:
    """The program's own FLOP rate against the snapshot's peak, counted only when the operands
    stay in cache (simulated D1 misses low) and the code is packed: then arithmetic, not data,
    is what the core waits on."""
    rate = max(ctx.all("flops.rate"), key=lambda x: x.value, default=None)
    if rate is None or not peak:
        return []
    d1 = ctx.top("d1.miss_ratio")
    packed = ctx.top("insn.packed")
    if d1 is None or d1.value >= ctx.t("cache.sim_d1_miss_ratio") or packed is None:
        return []
    r = rate.value / peak
    lim = ctx.t("compute.rate_near_peak")
    if r < lim:
        return []
    return [ctx.ev(rate, f"the program reports {fmt(rate.value)} MFLOP/s = {r:.0%} of the "
                   f"snapshot peak {fmt(peak)}", f"flops.rate >= {lim:.2f} x peak"),
            ctx.ev(d1, f"simulated D1 miss ratio {d1.value:.2%}: operands stay in cache",
                   f"d1.miss_ratio < {ctx.t('cache.sim_d1_miss_ratio'):.2f}"),
            ctx.ev(packed, f"{packed.value:.0f} packed floating-point instructions: already "
                   "vectorized")]


def _share_or_ratio(ctx: Context, tma: str, num: str, den: str) -> tuple[float, Evidence] | None:
    t = ctx.top(tma)
    if t is not None:
        return t.value, ctx.ev(t, f"{tma} {t.value:.0%}")
    n, d = ctx.top(num), ctx.top(den)
    if n is not None and d is not None and d.value > 0:
        v = n.value / d.value
        return v, ctx.ev(n, f"{num} / {den} = {v:.1%}", metric=f"{num}/{den}", value=v,
                         unit="ratio")
    return None


@rule(id="hw.frontend", needs=("topdown.frontend_bound|stalled_cycles.frontend",),
      thresholds=("frontend.share",),
      request=lambda ctx, miss: [] if ctx.counterless else [
          rq.perf_stat(ctx, "cycles,instructions,stalled-cycles-frontend", "frontend stalls")])
def frontend(ctx: Context) -> Finding | None:
    """Frontend-bound: instruction fetch/decode starves the core."""
    got = _share_or_ratio(ctx, "topdown.frontend_bound", "stalled_cycles.frontend", "cycles")
    lim = ctx.t("frontend.share")
    if got is None or got[0] < lim:
        return None
    e = got[1]
    e = Evidence(e.metric, e.value, e.unit, e.source, e.source_kind, e.quote, f">= {lim:.2f}")
    return ctx.finding("hw.frontend", 0.5 + min(got[0], 0.4), "frontend-bound", [e])


@rule(id="hw.bad_speculation",
      needs=("topdown.bad_speculation|branch_miss_ratio|branch_misses",),
      thresholds=("badspec.share", "badspec.branch_miss_ratio"),
      request=lambda ctx, miss: [DataRequest(
          "branch mispredictions without counters (cachegrind branch simulation)",
          ("valgrind", "--tool=cachegrind", "--branch-sim=yes", *ctx.program()))]
      if ctx.counterless else [rq.perf_stat(ctx, "branches,branch-misses", "branch misses")])
def bad_speculation(ctx: Context) -> Finding | None:
    """Bad speculation: mispredicted branches throw away work."""
    t = ctx.top("topdown.bad_speculation")
    if t is not None:
        lim = ctx.t("badspec.share")
        if t.value >= lim:
            return ctx.finding("hw.bad_speculation", 0.5 + min(t.value, 0.4), "bad speculation",
                               [ctx.ev(t, f"bad speculation {t.value:.0%} of slots",
                                       f">= {lim:.2f}")])
        return None
    br = ctx.top("branch_miss_ratio")
    v: float | None = br.value if br is not None else None
    src = br
    if v is None:
        n, d = ctx.top("branch_misses"), ctx.top("branches")
        if n is None or d is None or d.value <= 0:
            return None
        v, src = n.value / d.value, n
    lim = ctx.t("badspec.branch_miss_ratio")
    if src is None or v < lim:
        return None
    return ctx.finding("hw.bad_speculation", 0.55, "frequent branch mispredictions",
                       [ctx.ev(src, f"branch miss ratio {v:.1%}", f">= {lim:.0%}",
                               metric="branch_miss_ratio", value=v, unit="ratio")])


@rule(id="hw.frequency", needs=("clock.ghz",), facts=("cpu.max_mhz",),
      thresholds=("freq.below_max",))
def frequency(ctx: Context) -> Finding | None:
    """Effective clock well below the CPU's maximum: throttling or a power-saving governor."""
    clk = ctx.top("clock.ghz")
    mx = float(ctx.fact("cpu.max_mhz")) / 1000.0
    lim = ctx.t("freq.below_max")
    if clk is None or mx <= 0 or clk.value / mx >= lim:
        return None
    ev = [ctx.ev(clk, f"effective clock {clk.value:.2f} GHz = {clk.value / mx:.0%} of max "
                 f"{mx:.2f} GHz", f"clock < {lim:.2f} x max"),
          ctx.fact_ev("cpu.max_mhz", mx * 1000, f"max clock {mx:.2f} GHz")]
    gov = ctx.snapshot.cpu.governor if ctx.snapshot else None
    if gov:
        ev.append(ctx.fact_ev("cpu.governor", None, f"governor {gov}"))
    return ctx.finding("hw.frequency", 0.55, "core clock below its maximum", ev)
