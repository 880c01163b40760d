"""Algorithm-layer rules: load imbalance across ranks, small messages, complexity growth."""

from __future__ import annotations

import math
import re

from perfscout.diagnose.engine import Context, Located, rule
from perfscout.diagnose.rules.common import fmt, item_word, ranks
from perfscout.diagnose.rules.mpi_bounds import waits_beyond_spread
from perfscout.diagnose.rules.runtime import _mpip
from perfscout.ingest.derive import OS_WORKER_CPU
from perfscout.ingest.textutil import size_argument
from perfscout.model.findings import Evidence, Finding
from perfscout.model.metrics import Hotspot, Profile, ScopeKind, SourceRef

SOCKET_LEVEL = ("mem.", "energy", "power", "dram")


def _across_ranks(x: Located) -> bool:
    """A printed imbalance, or one derived across MPI ranks; a spread across the threads of one
    process is the OpenMP rule's, and one across a hybrid CPU's core types is no imbalance."""
    if not x.metric.derived:
        return True
    if x.metric.raw_name.startswith(SOCKET_LEVEL):
        return False  # uncore counters are read by one thread per socket: zero elsewhere
    if x.metric.raw_name == "compute.share":
        return False  # a profile's rows are ranks or threads by the code it holds: sampled path
    if x.metric.raw_name in OS_WORKER_CPU:
        return False  # CPU time counts polling inside MPI: it backs or contradicts a measured
        # split (crossval), never decides one alone
    ranks_ = {m.scope.name for m in x.profile.metrics
              if m.name == x.metric.raw_name and m.scope.kind == ScopeKind.RANK}
    return len(ranks_) >= 2


@rule(id="alg.load_imbalance", needs=("app.time|mpi.time|imbalance.max_over_mean|compute.share",),
      thresholds=("imbalance.max_over_mean", "imbalance.min_cost", "mpi.share_high"),
      request=_mpip)
def load_imbalance(ctx: Context) -> Finding | None:
    """Per-rank compute time (app - MPI) spreads: some ranks wait for the slowest."""
    lim = ctx.t("imbalance.max_over_mean")
    app = {loc.metric.scope.name: loc for loc in ranks(ctx, "app.time")}
    mpi = {loc.metric.scope.name: loc for loc in ranks(ctx, "mpi.time")}
    common = sorted(set(app) & set(mpi))
    if len(common) >= 2:
        work = {r: app[r].value - mpi[r].value for r in common}
        mean = sum(work.values()) / len(work)
        if mean > 0:
            top = max(work, key=lambda r: work[r])
            low = min(work, key=lambda r: work[r])
            ratio = work[top] / mean
            cost = (work[top] - mean) / app[top].value if app[top].value > 0 else 0.0
            if ratio >= lim and cost >= ctx.t("imbalance.min_cost") \
                    and not waits_beyond_spread(work, _rank_waits(ctx) or {
                        r: mpi[r].value for r in common}) \
                    and not _latency_beyond_spread(ctx, work):
                ev = [ctx.ev(app[top], f"rank {top} computes {work[top]:.3g} s vs mean "
                             f"{mean:.3g} s (max/mean {ratio:.2f}); rank {low} only "
                             f"{work[low]:.3g} s", f"compute max/mean >= {lim:g}",
                             metric="imbalance.max_over_mean", value=ratio, unit="ratio"),
                      ctx.ev(mpi[low], f"rank {low} spends {mpi[low].value:.3g} s in MPI")]
                ev.extend(_waiting_elsewhere(ctx, app[top].kind))
                ev.extend(_sampled_spread(ctx, app[top].kind))
                return ctx.finding("alg.load_imbalance", 0.8, "compute is unevenly split "
                                   "across ranks", ev)
    im = [x for x in ctx.all("imbalance.max_over_mean")
          if x.metric.scope.kind in (ScopeKind.RANK, ScopeKind.PROCESS, ScopeKind.REGION)
          and _across_ranks(x)]
    for x in im:
        if x.value >= lim and _spread_costs(ctx, x) and not _busiest_rank_waits(x) \
                and not _latency_beyond_spread(ctx, _rank_times(x.profile, x.metric.raw_name)):
            return ctx.finding("alg.load_imbalance", 0.6, "work unevenly split across ranks",
                               [ctx.ev(x, f"max/mean {x.value:.2f}", f">= {lim:g}")])
    return _sampled_ranks(ctx, lim)


def _sampled_ranks(ctx: Context, lim: float) -> Finding | None:
    """A sampling profile of an MPI run split by process (``perf report --sort pid,sym``):
    each rank's samples in its own computing code spread by ``imbalance.max_over_mean`` or
    more, and the least busy rank's missing share is at least ``imbalance.min_cost`` of the
    run: the ranks got unequal work and the others wait for the busiest (the MPI wait it
    explains). A per-rank printout of another family agreeing is added."""
    from perfscout.diagnose.rules.runtime import sampled_workers

    got = sampled_workers(ctx)
    if got is None or got[0] != "rank":
        return None
    rows = got[1]
    mean = sum(r.value for r in rows) / len(rows)
    top, low = max(rows, key=lambda r: r.value), min(rows, key=lambda r: r.value)
    if mean <= 0 or top.value / mean < lim or top.value - mean < ctx.t("imbalance.min_cost"):
        return None
    ev = [ctx.ev(top, f"{top.metric.raw_name or top.metric.scope.name} computes in "
                 f"{top.value:.0%} of the samples vs {low.value:.0%} for "
                 f"{low.metric.raw_name or low.metric.scope.name} ({len(rows)} ranks, max/mean "
                 f"{top.value / mean:.2f})", f"compute share max/mean >= {lim:g}",
                 metric="imbalance.max_over_mean", value=top.value / mean, unit="ratio")]
    ev.extend(_waiting_elsewhere(ctx, top.kind))
    return ctx.finding("alg.load_imbalance", 0.6, "compute is unevenly split across ranks "
                       "(sampled per process)", ev)


def _waiting_elsewhere(ctx: Context, kind: str) -> list[Evidence]:
    """Another family (a sampling profile of the same run) sees the fast ranks waiting: its
    waiting MPI calls hold a real share of the whole profile."""
    from perfscout.diagnose.rules.common import category_share, hot_is_mpi_wait
    from perfscout.diagnose.rules.runtime import _hot_ev

    sh = category_share(ctx, hot_is_mpi_wait)
    lim = ctx.t("mpi.share_high")
    if sh is None or sh.share < lim:
        return []
    e = _hot_ev(ctx, sh, "waiting MPI calls take", f"wait share >= {lim:.2f}")
    return [e] if e.source_kind != kind else []


def _sampled_spread(ctx: Context, kind: str) -> list[Evidence]:
    """A sampling profile split by process (one per rank) whose compute shares spread by at
    least ``imbalance.max_over_mean``: another family sees the same uneven split."""
    shares = [x for x in ctx.all("compute.share", (ScopeKind.RANK,)) if x.kind != kind]
    if len(shares) < 2:
        return []
    mean = sum(x.value for x in shares) / len(shares)
    top = max(shares, key=lambda x: x.value)
    lim = ctx.t("imbalance.max_over_mean")
    if mean <= 0 or top.value / mean < lim:
        return []
    low = min(shares, key=lambda x: x.value)
    return [ctx.ev(top, f"{top.kind}: {top.metric.raw_name} computes in {top.value:.0%} of the "
                   f"samples vs {low.value:.0%} for {low.metric.raw_name} (max/mean "
                   f"{top.value / mean:.2f})", f"compute share max/mean >= {lim:g}",
                   metric="imbalance.max_over_mean", value=top.value / mean, unit="ratio")]


def _rank_waits(ctx: Context) -> dict[str, float]:
    """Per-rank MPI wait time (``mpi.wait_time`` scoped to a rank), by rank."""
    return {loc.metric.scope.name: loc.value for loc in ranks(ctx, "mpi.wait_time")}


def _rank_times(p: Profile, name: str) -> dict[str, float]:
    """Per-rank values in seconds of metric ``name`` in profile ``p``, by rank."""
    return {m.scope.name: m.value for m in p.metrics
            if m.name == name and m.scope.kind == ScopeKind.RANK and m.unit == "s"}


def _latency_beyond_spread(ctx: Context, work: dict[str, float]) -> bool:
    """Many small messages (``msg.many`` or more, mean below ``msg.small_bytes``) and every
    rank, the busiest too, in MPI longer than the compute spread: the ranks pay each
    message's latency, which no rebalancing removes; the spread is not what the time goes to
    (the small-messages finding says what does)."""
    cnt = ctx.top("mpi.msg_count")
    if cnt is None or cnt.value < ctx.t("msg.many") or cnt.value <= 0:
        return False
    size = ctx.top("mpi.msg_size_mean")
    sent = ctx.top("mpi.bytes_sent")
    mean = size.value if size is not None else sent.value / cnt.value if sent else None
    if mean is None or mean >= ctx.t("msg.small_bytes"):
        return False
    comm = {loc.metric.scope.name: loc.value for loc in ranks(ctx, "mpi.time")}
    return waits_beyond_spread(work, comm)


def _busiest_rank_waits(x: Located) -> bool:
    """:func:`waits_beyond_spread` for a derived per-rank spread and the waits of its file."""
    if not x.metric.derived:
        return False
    work = {m.scope.name: m.value for m in x.profile.metrics
            if m.name == x.metric.raw_name and m.scope.kind == ScopeKind.RANK and m.unit == "s"}
    wait = {m.scope.name: m.value for m in x.profile.metrics
            if m.name == "mpi.wait_time" and m.scope.kind == ScopeKind.RANK}
    if not wait and x.metric.raw_name == "busy.time":  # the MPI times bound the waits
        wait = {m.scope.name: m.value for m in x.profile.metrics
                if m.name == "mpi.time" and m.scope.kind == ScopeKind.RANK}
    return waits_beyond_spread(work, wait)


#: the phases a rank's printed times split its run into (compute, communication, waiting, I/O)
_RANK_PHASES = frozenset({"busy.time", "mpi.time", "mpi.wait_time", "io.time"})


def _spread_costs(ctx: Context, x: Located) -> bool:
    """A spread of a per-rank *time* matters only when the slowest rank's excess over the mean
    is a real share of the run: 0.04 s vs 0.03 s of compute in a 7 s run is no imbalance.
    Spreads of other quantities (cycles, FLOPs) cannot be weighed and are kept."""
    if not x.metric.derived:
        return True
    vals = [m for m in x.profile.metrics if m.name == x.metric.raw_name
            and m.scope.kind == ScopeKind.RANK]
    if len(vals) < 2 or any(m.unit != "s" for m in vals):
        return True
    run = max((m.value for m in x.profile.metrics if m.name in ("time.elapsed", "app.time")
               and m.scope.kind in (ScopeKind.RANK, ScopeKind.PROCESS)), default=0.0)
    if run <= 0:  # no run time printed: a rank ran at least its printed phases in sequence
        phases: dict[str, float] = {}
        for m in x.profile.metrics:
            if m.name in _RANK_PHASES and m.scope.kind == ScopeKind.RANK and m.unit == "s":
                phases[m.scope.name] = phases.get(m.scope.name, 0.0) + m.value
        run = max(phases.values(), default=0.0)
    if run <= 0:
        return True
    mean = sum(m.value for m in vals) / len(vals)
    return (max(m.value for m in vals) - mean) / run >= ctx.t("imbalance.min_cost")


#: words an MPI program prints for the units of work its ranks exchange one message (or more)
#: for each: a task farm's tasks, a server's requests
UNIT_WORDS = frozenset({"tasks", "task", "ntasks", "requests", "chunks", "jobs", "workitems",
                        "items", "messages", "msgs", "queries", "packets"})


def _per_unit_latency(ctx: Context) -> Finding | None:
    """Each rank of an MPI run printed its elapsed time, its compute time and how many units
    of work it exchanged (``tasks=100000``, at least one message each): the time that is not
    compute, over the units, bounds the time of one message. Below ``msg.latency_us`` with the
    non-compute time at ``mpi.comm_share`` or more of the run, the ranks are latency-bound."""
    lim, floor = ctx.t("msg.latency_us"), ctx.t("mpi.comm_share")
    best: tuple[float, Located, float, float, float] | None = None
    for el in ranks(ctx, "time.elapsed"):
        same = [m for m in el.profile.metrics if m.scope == el.metric.scope]
        busy = next((m.value for m in same if m.name == "busy.time"), None)
        units = [m for m in same if m.name.startswith("event.") and m.value >= ctx.t("msg.many")
                 and m.raw_name.lower().replace("_", "") in UNIT_WORDS]
        if busy is None or not units or el.value <= 0:
            continue
        top = max(units, key=lambda m: m.value)
        comm = el.value - busy
        if comm <= 0 or comm / el.value < floor:
            continue
        us = comm / top.value * 1e6
        if us < lim and (best is None or us < best[0]):
            best = (us, Located(top, el.profile), comm, el.value, top.value)
    if best is None:
        return None
    us, loc, comm, run, n = best
    ev = [ctx.ev(loc, f"rank {loc.metric.scope.name}: {n:,.0f} {loc.metric.raw_name} exchanged, "
                 f"{comm:.3g} s of its {run:.3g} s not computing ({comm / run:.0%})",
                 f"units >= {ctx.t('msg.many'):g}", metric="mpi.msg_count", value=n,
                 unit="count"),
          ctx.ev(loc, f"at most {us:.1f} us per message (one message per unit at least): "
                 "latency-bound", f"time per message < {lim:g} us", metric="mpi.latency",
                 value=us, unit="us")]
    ev += _mpi_profile_share(ctx, loc.kind, floor)
    return ctx.finding("alg.small_messages", 0.55, "one small message per unit of work", ev,
                       limits=["the printout counts units of work, not messages: each needs "
                               "one message or more, so the time per message is at most this"])


@rule(id="alg.small_messages",
      needs=("mpi.msg_count|busy.time", "mpi.msg_size_mean|mpi.bytes_sent|mpi.latency|mpi.time|"
                                        "time.elapsed"),
      thresholds=("msg.small_bytes", "msg.many", "mpi.comm_share", "msg.latency_us"))
def small_messages(ctx: Context) -> Finding | None:
    """Many small messages: latency, not bandwidth, sets the communication cost. The size is
    the mean message size (printed, or bytes / count); without one, the time each message
    costs (printed latency, or MPI time / count on one rank) says the same: a message that
    costs a few microseconds is latency-bound whatever it carries."""
    cnt = ctx.top("mpi.msg_count")
    size = ctx.top("mpi.msg_size_mean")
    if cnt is None:
        return _per_unit_latency(ctx)
    small, many = ctx.t("msg.small_bytes"), ctx.t("msg.many")
    if cnt.value < many:
        return None
    mean = size.value if size is not None else None
    if mean is None:
        sent = ctx.top("mpi.bytes_sent")
        if sent is not None and cnt.value > 0:
            mean = sent.value / cnt.value
    share = ctx.top("mpi.time_share")
    floor = ctx.t("mpi.comm_share")
    if share is not None and share.value < floor:
        return None  # messages can be small and many, but MPI is too little of the run to matter
    ev = [ctx.ev(cnt, f"{fmt(cnt.value)} messages", f"count >= {many:g}")]
    if mean is not None:
        if mean >= small:
            return None
        ev.append(Evidence("mpi.msg_size_mean", mean, "B",
                           size.source if size is not None else cnt.source,
                           size.kind if size is not None else cnt.kind,
                           f"mean message {mean:,.0f} B", f"mean size < {small:g} B"))
    else:
        per = _time_per_message(ctx, cnt)
        if per is None:
            return None
        us, cost, run = per
        lim = ctx.t("msg.latency_us")
        if us >= lim or (run > 0 and cost / run < floor):
            return None
        ev.append(ctx.ev(cnt, f"{us:.1f} us per message ({cost:.3g} s of MPI"
                         + (f" in a {run:.3g} s run" if run > 0 else "") + "): latency-bound",
                         f"time per message < {lim:g} us", metric="mpi.latency", value=us,
                         unit="us"))
    ev += _mpi_profile_share(ctx, cnt.kind, floor)
    return ctx.finding("alg.small_messages", 0.6, "many small messages", ev)


def _time_per_message(ctx: Context, cnt: Located) -> tuple[float, float, float] | None:
    """(microseconds per message, MPI seconds, run seconds) of the rank or run that printed the
    message count: a printed latency, else its MPI time over its messages."""
    lat = ctx.top("mpi.latency")
    if lat is not None and lat.value > 0:
        return lat.value, 0.0, 0.0
    scope = cnt.metric.scope

    def same(name: str) -> float:
        return next((m.value for m in cnt.profile.metrics if m.name == name
                     and m.scope == scope), 0.0)

    cost = same("mpi.time") or same("mpi.wait_time")
    if cost <= 0 or cnt.value <= 0:
        return None
    return cost / cnt.value * 1e6, cost, same("time.elapsed") or same("app.time")


def _mpi_profile_share(ctx: Context, have: str, floor: float) -> list[Evidence]:
    """A profile of another family putting at least ``mpi.comm_share`` of its samples in MPI
    (API calls, progress engine, transports): it measures the same communication cost."""
    from perfscout.diagnose.engine import source_kind
    from perfscout.diagnose.rules.common import category_share, hot_is_mpi

    sh = category_share(ctx, hot_is_mpi)
    if sh is None or sh.share < floor:
        return []
    kind = source_kind(sh.profile.format)
    if kind == have:
        return []
    top = max(sh.entries, key=lambda e: e[1])[0]
    return [Evidence("mpi.time_share", sh.share, "ratio", top.source, kind,
                     f"{sh.share:.0%} of the profile in MPI code", f"share >= {floor:.2f}")]


def _command_sizes(ctx: Context, cost: str = "ir") -> list[tuple[float, float, Located]]:
    """(size, cost, located) from profiles of one program run with one numeric argument
    changed (``./ra 3000`` and ``./ra 6000`` in callgrind's ``Profiled target``/``cmd``, perf
    stat's ``Performance counter stats for './ra 3000'``): ``cost`` is the simulated
    instruction count (``ir``, deterministic) or the task's CPU time (``time.task_clock``: what
    the run itself consumed, which other jobs beside it stretch far less than its wall time)."""
    # runs of one command line whose numeric arguments differ in one place (``./qs 5000 5``
    # and ``./qs 10000 5``), or in several by one factor: that argument is the size
    groups: dict[tuple[str, ...], list[tuple[list[str], Located]]] = {}
    for ir in ctx.all(cost, (ScopeKind.PROCESS,)):
        meta = ir.profile.meta
        cmd = (meta.get("Profiled target") or meta.get("cmd") or meta.get("command") or ""
               ).split(" (PID")[0].split()
        if ir.value <= 0 or not any(_NUMBER.match(t) for t in cmd):
            continue
        key = tuple("#" if _NUMBER.match(t) else t for t in cmd)
        groups.setdefault(key, []).append((cmd, ir))
    best: list[tuple[float, float, Located]] = []
    for runs in groups.values():
        at = size_argument([c for c, _ in runs])
        if at is None:
            continue
        pts = [(float(c[at]), ir.value, ir) for c, ir in runs]
        if len(pts) > len(best):
            best = pts
    return best if len({p[0] for p in best}) >= 2 else []


_NUMBER = re.compile(r"^\d+(?:\.\d+)?(?:[eE]\d+)?$")


@rule(id="alg.complexity", needs=("scaling.size|ir|@hotspots|time.task_clock|time.per_item",
                                  "time.elapsed|time.cpu|ir|time.task_clock"),
      thresholds=("complexity.exponent", "complexity.two_size_factor", "app.pure_call_share",
                  "complexity.per_op_exponent", "complexity.pair_calls_match",
                  "complexity.item_beyond_memory"))
def complexity(ctx: Context) -> Finding | None:
    """Run time (or the simulated instruction count of one program run at several sizes)
    grows faster than the problem size warrants (fitted exponent). When every run performs the
    same number of operations (``scaling.ops``: events, queries, lookups) while the size
    grows, the time of one operation should barely grow (a hash or a tree lookup: constant or
    logarithmic); growing as a power of the size (``complexity.per_op_exponent``) each
    operation scans what the size counts."""
    pts = []
    sized = _one_size_column(ctx.all("scaling.size", (ScopeKind.RUN,)))
    clock = _sweep_clock(ctx, sized)
    what = "time" if clock == "time.elapsed" else "CPU time"
    ops: set[float] = set()
    for sz in sized:
        el = ctx.beside(sz, clock, (ScopeKind.RUN,))
        if el is not None and sz.value > 0 and el.value > 0:
            pts.append((math.log(sz.value), math.log(el.value), el))
            ops |= {o.value for o in ctx.all("scaling.ops", (ScopeKind.RUN,))
                    if o.profile is sz.profile and o.metric.scope.name == sz.metric.scope.name}
    pts = _one_file_sweep(pts)
    if len({round(p[0], 9) for p in pts}) < 2:  # no timed sweep: simulated runs at sizes
        pts = [(math.log(size), math.log(cost), loc) for size, cost, loc in _command_sizes(ctx)]
        what = "instructions"
    if len({round(p[0], 9) for p in pts}) < 2:  # or perf stat's CPU time of runs at sizes
        pts = [(math.log(size), math.log(cost), loc)
               for size, cost, loc in _command_sizes(ctx, "time.task_clock")]
        what = "CPU time (task-clock)"
    item = _per_item_growth(ctx, sized)  # when the timed sweep itself decides nothing
    sizes = sorted({round(p[0], 9) for p in pts})
    # two sizes far enough apart already give a slope; fewer decide nothing
    factor = round(math.exp(sizes[-1] - sizes[0]), 6) if sizes else 0.0
    if len(sizes) < 2:  # no sizes printed: two instrumented runs' call counts stand in,
        # or one run that counts every pair of its items for a few that matter
        return _calls_alone(ctx) or _pairs_in_one_run(ctx) or item
    if len(pts) < 3 and factor < ctx.t("complexity.two_size_factor"):
        return item
    n = len(pts)
    k = _slope(pts)
    if k is None:
        return item
    fixed = len(ops) == 1 and what != "instructions"  # the same operations at every size
    lim = ctx.t("complexity.per_op_exponent" if fixed else "complexity.exponent")
    if k < lim:
        return item
    if what != "instructions" and _work_rate_holds(ctx, pts):
        return item  # the printed work grows with the time: the algorithm needs that work
    two = len(sizes) == 2
    top = max(pts, key=lambda p: p[0])
    quote = (f"time per operation ~ size^{k:.2f} over {len(sizes)} sizes, {fmt(next(iter(ops)))}"
             " operations in every run" if fixed
             else f"{what} ~ size^{k:.2f} over {len(sizes)} sizes ({n} runs)")
    ev = [ctx.ev(top[2], quote, f"exponent >= {lim:g}")]
    rescan = _rescanning(ctx, top[2].kind)
    if rescan is not None:
        ev.append(rescan)
    per_call = _call_scaling(ctx, top[2].kind) or _pairwise_calls(
        ctx, top[2].kind, {round(math.exp(p[0])) for p in pts})
    if per_call is not None:
        ev.append(per_call)
    simulated, against = (_simulated_scaling(ctx, top[2].kind, lim) if what != "instructions"
                          else (None, ""))
    if simulated is not None:
        ev.append(simulated)
    return ctx.finding("alg.complexity", 0.4 if two else 0.5,
                       "time grows super-linearly with size", ev,
                       limits=["two problem sizes only: a third would show whether the growth "
                               "holds"] if two else [],
                       conflicts=[against] if against else [])


def _per_item_growth(ctx: Context, sized: list[Located]) -> Finding | None:
    """A sweep printing the time of one item or operation (``time.per_item``: ``2663.7
    ns/collision``) beside each size, that time growing as size^k with k >=
    ``complexity.per_op_exponent`` and reaching ``complexity.item_beyond_memory`` at the
    largest size: more than the memory hierarchy can add to one item, so each operation's work
    grows with the size (a lookup that scans the grid). Below that time the growth may be the
    caches' and this says nothing (:func:`hardware.cache_locality` reads it)."""
    pts: dict[float, Located] = {}
    for sz in sized:
        per = ctx.beside(sz, "time.per_item", (ScopeKind.RUN,))
        if per is not None and sz.value > 0 and per.value > 0:
            pts.setdefault(sz.value, per)
    if len(pts) < 2:
        return None
    lo, hi = min(pts), max(pts)
    if len(pts) < 3 and hi / lo < ctx.t("complexity.two_size_factor"):
        return None
    k = _slope([(math.log(n), math.log(p.value), p) for n, p in pts.items()])
    lim, beyond = ctx.t("complexity.per_op_exponent"), ctx.t("complexity.item_beyond_memory")
    top = pts[hi]
    if k is None or k < lim or top.value < beyond:
        return None
    ev = [ctx.ev(top, f"time per {item_word(top.metric.raw_name)} ~ size^{k:.2f} over "
                 f"{len(pts)} sizes ({fmt(pts[lo].value * 1e6)} us at {fmt(lo)}, "
                 f"{fmt(top.value * 1e6)} us at {fmt(hi)})", f"exponent >= {lim:g}",
                 metric="scaling.exponent", value=k, unit="ratio"),
          ctx.ev(top, f"{fmt(top.value * 1e6)} us for one operation: more than ten memory "
                 "accesses cost, so its work grows with the size, not its data's distance",
                 f"time per item >= {beyond:g} s")]
    rescan = _rescanning(ctx, top.kind)
    if rescan is not None:
        ev.append(rescan)
    two = len(pts) == 2
    return ctx.finding("alg.complexity", 0.4 if two else 0.55,
                       "each operation's time grows with the problem size", ev,
                       limits=["two problem sizes only: a third would show whether the growth "
                               "holds"] if two else [])


def _one_size_column(sized: list[Located]) -> list[Located]:
    """One size per run: a sweep printing two sizes of each run (a grid's side ``n`` and its
    ``vertices`` = n^2) is fitted against the one that counts the most items, the reading
    that gives the smallest exponent; mixing both would fit a line through two curves. A
    size the same in every run (``points 6000`` beside ``lmax 12, 24, 48``) is left out."""
    by: dict[tuple[int, str], list[Located]] = {}
    for sz in sized:
        by.setdefault((id(sz.profile), sz.metric.raw_name), []).append(sz)
    if len(by) < 2:
        return sized
    # a size printed alike in every run is the work held fixed, not the sweep's size
    drop = {k for k, xs in by.items() if len({x.value for x in xs}) == 1 and any(
        len({x.value for x in ys}) > 1 for j, ys in by.items() if j[0] == k[0]
        and {x.metric.scope.name for x in ys} & {x.metric.scope.name for x in xs})}
    runs = {k: {x.metric.scope.name for x in xs} for k, xs in by.items()}
    for key in by:  # rivals: another size of the same runs
        rivals = [k for k in by if k[0] == key[0] and k != key and k not in drop
                  and runs[k] & runs[key]]
        if any(max(x.value for x in by[k]) > max(x.value for x in by[key]) for k in rivals):
            drop.add(key)
    return [sz for key, xs in by.items() if key not in drop for sz in xs]


def _one_file_sweep(pts: list[tuple[float, float, Located]]
                    ) -> list[tuple[float, float, Located]]:
    """The points of the one file that holds a sweep (two sizes or more; the one with the most
    sizes), when one does: a lone sized run in another file (the program's printout inside a
    valgrind log, ten times slower under the simulator) is no point of that sweep. Files of
    one size each (one run per file) are kept together: their sweep spans the files."""
    by: dict[int, list[tuple[float, float, Located]]] = {}
    for p in pts:
        by.setdefault(id(p[2].profile), []).append(p)
    best = max(by.values(), key=lambda ps: len({round(p[0], 9) for p in ps}), default=[])
    return best if len({round(p[0], 9) for p in best}) >= 2 else pts


def _work_rate_holds(ctx: Context, pts: list[tuple[float, float, Located]]) -> bool:
    """Every timed run of the sweep printed its rate of useful work (``GFLOP/s``, ``MLUP/s``)
    or the work it did (``work.items``: pixel updates, pair interactions) and the time per
    unit of that work grows with the size by less than
    ``complexity.per_op_exponent``: the run's time grows because the work the program counts
    grows (a matrix product's n^3 flops), not because each unit of it costs more with the
    size; a falling rate is then the hardware's (caches), not the algorithm's."""
    per_work = []
    for logn, logt, loc in pts:
        rate = next((r for name in ("flops.rate", "lups.rate") for r in ctx.all(name)
                     if r.profile is loc.profile and r.metric.scope.name == loc.metric.scope.name
                     and r.value > 0), None)
        if rate is not None:
            per_work.append((logn, -math.log(rate.value), loc))
            continue
        # the work it counted (``pixel_updates``): the time of one unit of it
        work = ctx.beside(loc, "work.items", (ScopeKind.RUN,))
        if work is None or work.value <= 0:
            return False
        per_work.append((logn, logt - math.log(work.value), loc))
    k = _slope(per_work)
    return k is not None and k < ctx.t("complexity.per_op_exponent")


def _slope(pts: list[tuple[float, float, Located]]) -> float | None:
    """The least-squares slope of log cost over log size (the growth exponent)."""
    n = len(pts)
    mx = sum(p[0] for p in pts) / n
    my = sum(p[1] for p in pts) / n
    sxx = sum((p[0] - mx) ** 2 for p in pts)
    if sxx == 0:
        return None
    return sum((p[0] - mx) * (p[1] - my) for p in pts) / sxx


def _simulated_scaling(ctx: Context, have: str, lim: float) -> tuple[Evidence | None, str]:
    """The growth exponent a second family measured: simulator runs of the program at two or
    more sizes ``complexity.two_size_factor`` apart (``_command_sizes``), their instruction
    counts fitted against size. At or above ``lim`` it is evidence of the same growth; below it,
    a stated conflict (the instruction count does not grow as the timed sweep says)."""
    runs = _command_sizes(ctx)
    if not runs or runs[0][2].kind == have:
        return None, ""
    sizes = sorted({r[0] for r in runs})
    if sizes[-1] / sizes[0] < ctx.t("complexity.two_size_factor"):
        return None, ""
    k = _slope([(math.log(size), math.log(cost), loc) for size, cost, loc in runs])
    if k is None:
        return None, ""
    top = max(runs, key=lambda r: r[0])
    if k < lim:
        return None, (f"{top[2].kind}: instructions ~ size^{k:.2f} over {len(sizes)} sizes, "
                      f"below the {lim:g} the timed sweep shows: the growth is not confirmed")
    return ctx.ev(top[2], f"{top[2].kind}: instructions ~ size^{k:.2f} over {len(sizes)} sizes "
                  f"({fmt(sizes[0])} -> {fmt(sizes[-1])})", f"exponent >= {lim:g}",
                  metric="scaling.exponent", value=k, unit="ratio"), ""


def _calls_alone(ctx: Context) -> Finding | None:
    """Two instrumented profiles (gprof, callgrind at two sizes) and no printed sweep: a
    routine called ``complexity.two_size_factor`` or more times as often in one run whose self
    time grows as calls^k, k >= ``complexity.exponent``: each call does more work as the run
    grows (a chain walked per find, a window sorted per step)."""
    per_call = _call_scaling(ctx, "")
    if per_call is None:
        return None
    return ctx.finding("alg.complexity", 0.4, "a routine's cost per call grows with the run",
                       [per_call], limits=["two runs and no printed size: the call counts "
                                           "stand in for the problem size"])


def _sweep_clock(ctx: Context, sized: list[Located]) -> str:
    """The time a size sweep is judged on: the CPU time the program printed for every sized run
    when it did, else the CPU time ``perf stat`` counted for each (task-clock; other jobs'
    load stretches wall time, not CPU time: a linear sweep at load 10 can show a wall-time
    exponent above 2), else the elapsed time."""
    def timed(name: str) -> bool:
        return bool(sized) and all(any(
            e.profile is sz.profile and e.metric.scope.name == sz.metric.scope.name
            and e.value > 0 for e in ctx.all(name, (ScopeKind.RUN,))) for sz in sized)
    return next((n for n in ("time.cpu", "time.task_clock") if timed(n)), "time.elapsed")


def _call_scaling(ctx: Context, have: str) -> Evidence | None:
    """Two instrumented profiles of another family (gprof at two sizes) holding the same
    function with call counts ``complexity.two_size_factor`` or more apart: its self time grows
    as calls^k with k >= ``complexity.exponent`` (each call does more work as the run grows, the
    measured growth seen by a second family)."""
    from perfscout.diagnose.engine import source_kind

    by: dict[str, list[tuple[float, float, Hotspot, Profile]]] = {}
    for h, p in ctx.hotspots():
        if source_kind(p.format) == have or h.kind == "line" or not h.calls or h.calls <= 0:
            continue
        t = h.self_value
        if t is None or t <= 0:
            continue
        by.setdefault(h.name, []).append((float(h.calls), t, h, p))
    lim, far = ctx.t("complexity.exponent"), ctx.t("complexity.two_size_factor")
    for name, rows in by.items():
        rows = sorted({id(r[3]): r for r in rows}.values(), key=lambda r: r[0])
        if len(rows) < 2 or rows[-1][0] / rows[0][0] < far:
            continue
        (c1, t1, _h1, _p1), (c2, t2, h2, p2) = rows[0], rows[-1]
        k = math.log(t2 / t1) / math.log(c2 / c1)
        if k >= lim:
            return Evidence("scaling.calls_exponent", k, "ratio", h2.source or SourceRef(
                p2.path, None), source_kind(p2.format), f"{name}: {c1:,.0f} -> {c2:,.0f} calls, "
                f"self time {t1:.3g} -> {t2:.3g} s: time ~ calls^{k:.2f} (each call does more "
                "work as the run grows)", f"exponent >= {lim:g}")
    return None


def _pair_form(n: float, count: float, tol: float) -> str:
    """How ``count`` is the pairs of ``n`` items (``n(n-1)/2``, ``n(n+1)/2``, ``n^2``, within
    ``tol``), or ''."""
    return next((how for how, c in (("n(n-1)/2", n * (n - 1) / 2), ("n(n+1)/2", n * (n + 1) / 2),
                                    ("n^2", n * n)) if abs(count - c) <= tol * c), "")


#: the fewest items for a pair count to say anything (a handful of items pairs by any method)
MIN_PAIR_ITEMS = 100
#: the result count (the pairs that mattered) at most this share of the pairs examined
FEW_THAT_COUNT = 0.01


#: the words of a count of examined pairs (``pairs``, ``npairs``, ``comparisons``,
#: ``distance checks``, ``interactions``, ``tests``)
_PAIR_WORD = re.compile(r"pair|compar|distance|interaction|test|check|candidate", re.I)


def _pairs_in_one_run(ctx: Context) -> Finding | None:
    """One printed run whose count of examined pairs is exactly the pairs of its items
    (``particles=8000 pairs=31996000``: n(n-1)/2) while its result counts a hundredth of that
    or less (``links=3400``): every pair is tested for the few that count, the all-pairs
    search a neighbour search (cells, a tree, a sort) replaces. One size: the count says how
    the work grows, no second run timed it."""
    tol = ctx.t("complexity.pair_calls_match")
    for p in ctx.profiles:
        sized = [m for m in p.metrics if m.name == "scaling.size"]
        if len({m.value for m in sized}) != 1 or sized[0].value < MIN_PAIR_ITEMS:
            continue
        n = sized[0].value
        counts = [m for m in p.metrics if m.name.startswith(("event.", "work."))
                  and m.value > 0 and m.value == int(m.value) and m.value != n]
        for c in counts:
            if not _PAIR_WORD.search(c.raw_name):
                continue  # "sum x = 8e10" for 400000 particles: a result, not a count of pairs
            how = _pair_form(n, c.value, tol)
            few = [m for m in counts if m is not c and m.value <= FEW_THAT_COUNT * c.value]
            if not how or not few:
                continue
            ev = [ctx.ev(Located(c, p), f"{c.raw_name} = {c.value:,.0f} = {how} for "
                         f"{sized[0].raw_name} = {n:,.0f}, while {few[0].raw_name} = "
                         f"{few[0].value:,.0f}: every pair of the items is examined for a "
                         "few that count", "pairs examined = pairs of the items")]
            return ctx.finding("alg.complexity", 0.45, "every pair of the items is examined",
                               ev, limits=["one size: the pair count says how the work grows; "
                                           "a run at another size would time it"])
    return None


def _pairwise_calls(ctx: Context, have: str, sizes: set[int]) -> Evidence | None:
    """An instrumented profile of another family (gprof, callgrind) in which a routine was
    called once per pair of the items of one of the sweep's sizes n: n(n-1)/2, n(n+1)/2 or
    n^2 calls, exactly (within 0.1%). The work grows as the square of the items by
    construction: the all-pairs mechanism of the growth the sweep timed, counted by a second
    family."""
    from perfscout.diagnose.engine import source_kind

    tol = ctx.t("complexity.pair_calls_match")
    for h, p in ctx.hotspots():
        fam = source_kind(p.format)
        if fam == have or h.kind == "line" or not h.calls:
            continue
        for n in sorted(n for n in sizes if n > 2):
            hit = _pair_form(n, h.calls, tol)
            if hit:
                return Evidence("calls.count", float(h.calls), "count",
                                h.source or SourceRef(p.path, None), fam,
                                f"{h.name} called {h.calls:,} times = {hit} for n = {n:,}: once "
                                "per pair of the items", "calls = pairs of a swept size")
    return None


#: string routines that walk the whole string at every call: called once per appended piece,
#: they make the run quadratic in the string's length
RESCANNING = ("strcat", "strncat", "wcscat", "strlen", "wcslen", "strnlen")
#: routines that move a whole buffer at every call: called once per element (shifting an array
#: to remove its head, copying a growing buffer to append), they make the run quadratic too
MOVING = ("memmove", "memcpy", "bcopy", "wmemmove", "wmemcpy")


def _rescanning(ctx: Context, have: str) -> Evidence | None:
    """A profile of another family putting at least ``app.pure_call_share`` of the run in a
    routine that rescans the whole string (``strcat``, ``strlen``) or moves the whole buffer
    (``memmove``, ``memcpy``) at every call: the work per call grows with the data, the
    mechanism of the super-linear growth the sweep measured."""
    from perfscout.diagnose.engine import source_kind
    from perfscout.diagnose.rules.application import _routine
    from perfscout.diagnose.rules.common import hotspot_shares

    lim = ctx.t("app.pure_call_share")
    for _, p in ctx.hotspots():
        fam = source_kind(p.format)
        if fam == have:
            continue
        hits = [(h, s) for h, s in hotspot_shares(p) if h.kind != "line"
                and _rescans(h.name, RESCANNING + MOVING)]
        total = sum(s for _, s in hits)
        if hits and total >= lim:
            h = max(hits, key=lambda x: x[1])[0]
            what = ("moves the whole buffer" if _rescans(h.name, MOVING)
                    else "walks the whole string")
            return Evidence("hotspot.share", total, "ratio", h.source, fam,
                            f"{total:.0%} of the run in {_routine(h.name)} ({h.name}), which "
                            f"{what} at every call", f"share >= {lim:.2f}")
    return None


def _rescans(name: str, routines: tuple[str, ...] = RESCANNING) -> bool:
    low = name.lower().strip("_").split("@")[0]
    return any(low == r or low.startswith(r + "_") for r in routines)
