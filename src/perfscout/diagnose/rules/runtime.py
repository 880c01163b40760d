"""Runtime-layer rules: MPI wait vs transfer, OpenMP imbalance, affinity, serial fraction,
GPU transfers."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from perfscout.diagnose import requests as rq
from perfscout.diagnose.engine import Context, Located, is_core_type, rule
from perfscout.diagnose.locks import SERIALIZING, sampled_locks, traced_futex
from perfscout.diagnose.placement import contended, placement, sweep_points, time_sharing
from perfscout.diagnose.rules.common import (
    Share,
    category_share,
    fmt,
    hot_is_mpi,
    hot_is_mpi_wait,
    is_mpi_wait,
    located,
    thread_count,
)
from perfscout.diagnose.rules.mpi_bounds import mpi_beyond_compute
from perfscout.ingest.derive import OS_WORKER_CPU
from perfscout.model.findings import DataRequest, Evidence, Finding
from perfscout.model.metrics import Hotspot, Profile, ScopeKind, SourceRef
from perfscout.model.symbols import OMP_RUNTIME_LIB


def _mpip(ctx: Context, miss: tuple[str, ...]) -> list[DataRequest]:
    n = ctx.fact("cpu.cores") or 2
    return [DataRequest("MPI time per rank and per call site (mpiP)",
                        ("mpirun", "--allow-run-as-root", "-np", str(n), "-x",
                         "LD_PRELOAD=libmpiP.so", *ctx.program()))]


def _hot_ev(ctx: Context, sh: Share, label: str, threshold: str) -> Evidence:
    h0, _ = max(sh.entries, key=lambda e: e[1])
    names = ", ".join(f"{h.name} {s:.0%}" for h, s in sorted(sh.entries, key=lambda e: -e[1])[:3])
    return Evidence("hotspot.share", sh.share, "ratio",
                    h0.source or SourceRef(sh.profile.path, None),
                    _kind(sh.profile), f"{label} {sh.share:.0%} of the whole profile "
                    f"({len(sh.entries)} functions: {names})", threshold)


def _kind(p: Profile) -> str:
    from perfscout.diagnose.engine import source_kind

    return source_kind(p.format)


def mpi_shares(ctx: Context) -> tuple[float, list[Evidence], float | None, list[Evidence]]:
    """(MPI share, its evidence, wait share of MPI time or None, its evidence)."""
    share_ev: list[Evidence] = []
    wait_ev: list[Evidence] = []
    share = 0.0
    wait: float | None = None
    ts = ctx.top("mpi.time_share")
    if ts is not None and ts.metric.scope.kind == ScopeKind.RANK:
        ts = None  # one rank's share is not the run's: take the mean over ranks below
    if ts is None:
        agg = [x for x in ctx.all("mpi.time_share", (ScopeKind.RANK,))]
        if agg:
            mean = sum(x.value for x in agg) / len(agg)
            ts = agg[0]
            share = mean
            share_ev.append(ctx.ev(ts, f"MPI is {mean:.0%} of app time (mean of {len(agg)} ranks)",
                                   metric="mpi.time_share", value=mean))
    else:
        share = ts.value
        share_ev.append(ctx.ev(ts, f"MPI is {ts.value:.0%} of application time"))
    calls = ctx.all("mpi.call_time") or ctx.all("mpi.call_share")
    if calls:
        by: dict[str, float] = {}
        first: dict[str, Located] = {}
        for c in calls:
            name = c.metric.scope.name or c.metric.raw_name
            by[name] = by.get(name, 0.0) + c.value
            first.setdefault(name, c)
        total = sum(by.values())
        if total > 0:
            w = sum(v for k, v in by.items() if is_mpi_wait(_mpi_name(k)))
            wait = w / total
            top = max((k for k in by if is_mpi_wait(_mpi_name(k))), key=lambda k: by[k],
                      default=None)
            if top is not None:
                wait_ev.append(ctx.ev(first[top], f"{wait:.0%} of MPI time in Wait/Barrier/"
                                      f"collectives (largest: {top})",
                                      metric="mpi.wait_share", value=wait, unit="ratio"))
    waits = ctx.all("mpi.wait_time", (ScopeKind.RANK,))
    mpis = ctx.all("mpi.time", (ScopeKind.RANK,))
    if wait is None and waits and mpis and sum(x.value for x in mpis) > 0:
        wait = min(1.0, sum(x.value for x in waits) / sum(x.value for x in mpis))
        top_w = max(waits, key=lambda x: x.value)
        wait_ev.append(ctx.ev(top_w, f"{wait:.0%} of MPI time is waiting (rank "
                              f"{top_w.metric.scope.name} waits {top_w.value:.3g} s)",
                              metric="mpi.wait_share", value=wait, unit="ratio"))
    tree = tree_mpi(ctx)
    if tree is not None and wait is None:
        wait, wait_ev = tree[1], tree[2][1:]
        if tree[0] > share or not share_ev:
            share, share_ev = tree[0], tree[2][:1]
    sh = category_share(ctx, hot_is_mpi)
    if sh is not None and (sh.share > share or wait is None):
        # a profile's MPI share when it is larger; its split of MPI time into waiting and the
        # rest whenever nothing else split it (a printout's per-rank MPI time does not)
        if sh.share > share:
            share = sh.share
            share_ev = [_hot_ev(ctx, sh, "MPI functions take", "")]
        wsh = category_share(ctx, hot_is_mpi_wait)
        if wsh is not None and sh.share > 0:
            wait = wsh.share / sh.share
            wait_ev = [_hot_ev(ctx, wsh, "waiting MPI calls take", "")]
    return share, share_ev, wait, wait_ev


def _is_api(name: str) -> bool:
    return name.lower().startswith(("mpi_", "pmpi_"))


def tree_mpi(ctx: Context) -> tuple[float, float, list[Evidence]] | None:
    """(MPI share, wait share of MPI, evidence) from a call tree: the inclusive time of the
    outermost MPI API calls over the whole tree. Sampling profilers put the self time of a wait
    inside the MPI library's internals (progress engines, network drivers), so only the API
    call's inclusive time says how long the program sat in MPI."""
    best: tuple[float, float, list[Evidence]] | None = None
    for p in ctx.profiles:
        root = p.calltree
        if root is None or root.inclusive_value <= 0:
            continue
        api: dict[str, float] = {}
        stack = [root]
        while stack:
            n = stack.pop()
            if _is_api(n.name):
                api[n.name] = api.get(n.name, 0.0) + n.inclusive_value
                continue
            stack.extend(n.children)
        mpi = sum(api.values())
        if mpi <= 0:
            continue
        waits = {k: v for k, v in api.items() if is_mpi_wait(k)}
        share, wait = mpi / root.inclusive_value, sum(waits.values()) / mpi
        if best is not None and share <= best[0]:
            continue
        src = next((h.source for h in p.hotspots if h.source is not None), None)
        top = sorted(api.items(), key=lambda kv: -kv[1])[:3]
        names = ", ".join(f"{k} {v / root.inclusive_value:.0%}" for k, v in top)
        ev = [Evidence("mpi.time_share", share, "ratio", located(src, top[0][0], p), _kind(p),
                       f"MPI API calls hold {share:.0%} of the whole call tree inclusive "
                       f"({names})")]
        if waits:
            w0 = max(waits, key=lambda k: waits[k])
            ev.append(Evidence("mpi.wait_share", wait, "ratio", located(src, w0, p), _kind(p),
                               f"{wait:.0%} of MPI time in Wait/Barrier/collectives "
                               f"(largest: {w0} {waits[w0] / root.inclusive_value:.0%})"))
        best = (share, wait, ev)
    return best


def _mpi_name(site: str) -> str:
    s = site.strip()
    return s if s.lower().startswith("mpi") else f"MPI_{s}"


def _thr(evs: Sequence[Evidence], text: str) -> list[Evidence]:
    return [Evidence(e.metric, e.value, e.unit, e.source, e.source_kind, e.quote,
                     e.threshold or text) for e in evs]


@rule(id="rt.mpi_wait", needs=("mpi.time_share|mpi.time|mpi.call_time|@hotspots",),
      thresholds=("mpi.share_high", "mpi.wait_share", "mpi.beyond_compute"), request=_mpip)
def mpi_wait(ctx: Context) -> Finding | None:
    """A high MPI share that is mostly waiting (Wait, Barrier, collectives)."""
    share, sev, wait, wev = mpi_shares(ctx)
    hi, wl = ctx.t("mpi.share_high"), ctx.t("mpi.wait_share")
    if share < hi or wait is None or wait < wl:
        return None
    if mpi_beyond_compute(ctx) is not None:
        return None  # longer than any wait for the others' compute: the operations' own cost
    ev = _thr(sev, f"MPI share >= {hi:.2f}") + _thr(wev, f"wait share >= {wl:.2f}")
    return ctx.finding("rt.mpi_wait", 0.5 + 0.45 * min(share, 1.0),
                       "ranks wait in MPI (Wait/Barrier/collectives)", ev)


@rule(id="rt.mpi_communication", needs=("mpi.time_share|mpi.time|mpi.call_time|@hotspots",),
      thresholds=("mpi.comm_share", "mpi.wait_share", "msg.small_bytes", "mpi.beyond_compute"))
def mpi_communication(ctx: Context) -> Finding | None:
    """A high MPI share spent moving data (point-to-point transfers), not waiting."""
    share, sev, wait, wev = mpi_shares(ctx)
    if share < ctx.t("mpi.comm_share"):
        return None
    beyond = mpi_beyond_compute(ctx)
    if beyond is not None:  # every rank in MPI longer than any wait could last: whatever the
        wev = [beyond]  # routines (a broadcast of a whole table), the time is their own cost
    elif wait is None:
        # no wait/transfer split: large messages say the time is spent moving data
        size = ctx.top("mpi.msg_size_mean")
        if size is None or size.value < ctx.t("msg.small_bytes"):
            return None
        wev = [ctx.ev(size, f"mean message {fmt(size.value)} B: transfers, not latency",
                      f"mean size >= {ctx.t('msg.small_bytes'):g} B")]
    elif wait >= ctx.t("mpi.wait_share"):
        return None
    ev = _thr(sev, f"MPI share >= {ctx.t('mpi.comm_share'):.2f}") + wev
    return ctx.finding("rt.mpi_communication", 0.4 + 0.4 * share, "time in MPI transfers", ev)


def _imbalance(ctx: Context, name: str, kinds: tuple[ScopeKind, ...]) -> tuple[float, Located,
                                                                               int] | None:
    """(max / mean, the largest, how many) of one input's per-thread values of ``name``, the
    largest ratio over the inputs. Threads of different runs are never pooled (thread 0 of a
    one-thread run is not thread 0 of a two-thread run), and a run that asked for one thread
    has no threads to balance (its sections ran one after the other). A busy time of zero is
    a thread that never ran the region (the runtime gave the team fewer threads, as
    ``rt.threads_lowered`` counts them), not one that waited."""
    from perfscout.diagnose.placement import _requested, widest_run

    per_input: dict[int, list[Located]] = {}
    for loc in ctx.all(name, kinds):
        if name == "busy.time" and loc.value <= 0:
            continue
        if not is_core_type(loc.metric.scope):  # core types of a hybrid CPU are not threads
            per_input.setdefault(id(loc.profile), []).append(loc)
    best: tuple[float, Located, int] | None = None
    for locs in per_input.values():
        vals = list(widest_run(locs).values())
        if len(vals) < 2 or _requested(ctx, vals[0]) == 1:
            continue
        mean = sum(v.value for v in vals) / len(vals)
        if mean <= 0:
            continue
        top = max(vals, key=lambda v: v.value)
        if best is None or top.value / mean > best[0]:
            best = (top.value / mean, top, len(vals))
    return best


_OMP_CODE = re.compile(r"\._omp_fn\.|^gomp_|^GOMP_|^__kmp|^__kmpc_|\.omp_outlined|omp_outlined")


def openmp_shares(hotspots: Sequence[Hotspot]) -> tuple[float, float]:
    """(outlined, runtime): the shares of a profile's samples in OpenMP region bodies
    (``main._omp_fn.0``, ``.omp_outlined.``) and in the OpenMP runtime (its entry points,
    ``GOMP_parallel``, and anything in libgomp/libomp, a stripped runtime's addresses too).
    Either above zero: the program already runs OpenMP regions."""
    outlined = runtime = 0.0
    for h in hotspots:
        share = h.self_share or 0.0
        if OMP_RUNTIME_LIB.search(h.module or "") or (
                _OMP_CODE.search(h.name) and "omp_fn" not in h.name
                and "outlined" not in h.name):
            runtime += share
        elif _OMP_CODE.search(h.name):
            outlined += share
    return outlined, runtime


def sampled_workers(ctx: Context) -> tuple[str, list[Located]] | None:
    """Per-worker sample shares of one sampling profile split by ``pid`` (perf's pid key is
    the thread id): ("thread", shares) when the profile holds OpenMP outlined or runtime code
    and no MPI code (the rows are threads of one process), ("rank", shares) when it holds MPI
    code (the rows are ranks); None otherwise or with fewer than two. Shares are each worker's
    samples in its own computing code (``compute.share``), else a thread's whole share
    (``samples`` at thread scope, which counts a spinning wait as busy)."""
    best: tuple[str, list[Located]] | None = None
    for p in ctx.profiles:
        comp = [loc for loc in ctx.all("compute.share", (ScopeKind.RANK, ScopeKind.THREAD))
                if loc.profile is p]
        whole = [loc for loc in ctx.all("samples", (ScopeKind.THREAD,))
                 if loc.profile is p and loc.metric.unit == "share"]
        rows = comp or whole
        if len(rows) < 2:
            continue
        names = [h.name for h in p.hotspots]
        mpi = any(hot_is_mpi(h) for h in p.hotspots)
        omp = any(_OMP_CODE.search(n) for n in names)
        if whole and not comp and not mpi:
            kind = "thread"  # the adapter read the rows as threads (perf report --sort pid)
        elif omp and not mpi:
            kind = "thread"
        elif mpi:
            kind = "rank"
        else:
            continue
        if best is None or len(rows) > len(best[1]):
            best = (kind, rows)
    return best


def _imbalance_conf(ctx: Context, ratio: float) -> float:
    """0.65 for a spread at or above ``imbalance.strong`` (the waiting threads' share of the
    run is measured and large: it ranks before a code-speed finding of unmeasured gain, such as
    scalar code in the same loop), else 0.55."""
    return 0.65 if ratio >= ctx.t("imbalance.strong") else 0.55


def _sampled_thread_imbalance(ctx: Context, lim: float) -> Finding | None:
    """Threads of one OpenMP process whose sampled shares spread by ``imbalance.max_over_mean``
    or more (``perf report --sort pid[,sym]``): some threads compute while others wait. Not
    when the busiest thread's extra samples are in routines no other thread ran
    (:func:`one_thread_part`): that is serial code outside the regions."""
    got = sampled_workers(ctx)
    if got is None or got[0] != "thread" or one_thread_part(ctx) is not None:
        return None
    rows = got[1]
    mean = sum(r.value for r in rows) / len(rows)
    if mean <= 0:
        return None
    top, low = max(rows, key=lambda r: r.value), min(rows, key=lambda r: r.value)
    ratio = top.value / mean
    if ratio < lim:
        return None
    what = "the samples (its own code)" if top.metric.name == "compute.share" else "the samples"
    lims = [] if top.metric.name == "compute.share" else [
        "a thread spinning at a barrier counts as busy in whole-thread shares: the spread is "
        "measured only where waiting threads slept"]
    return ctx.finding("rt.omp_imbalance", _imbalance_conf(ctx, ratio),
                       "threads carry unequal work (sampled)", [
        ctx.ev(top, f"thread {top.metric.scope.name} computes in {top.value:.0%} of {what} vs "
               f"{low.value:.0%} for {low.metric.scope.name} ({len(rows)} threads, max/mean "
               f"{ratio:.2f})", f"max/mean >= {lim:g}", metric="imbalance.max_over_mean",
               value=ratio, unit="ratio")], limits=lims)


@rule(id="rt.omp_imbalance", needs=("busy.time|time.elapsed|cycles|instructions|time.user|"
                                    "compute.share|samples",),
      thresholds=("imbalance.max_over_mean", "imbalance.strong"))
def omp_imbalance(ctx: Context) -> Finding | None:
    """Per-thread work differs: some threads idle at the barrier while others compute (the
    program's per-thread timers or counters, or a sampling profile split by thread)."""
    lim = ctx.t("imbalance.max_over_mean")
    # not instructions: a thread spinning at a barrier retires more of them than a busy one
    for name in ("busy.time", "time.user", "cycles", "time.elapsed"):
        got = _imbalance(ctx, name, (ScopeKind.THREAD, ScopeKind.CORE))
        if got is not None and got[0] >= lim:
            r, top, n = got
            ev = [ctx.ev(top, f"thread {top.metric.scope.name}: {name} max/mean {r:.2f} over "
                         f"{n} threads", f"max/mean >= {lim:g}",
                         metric="imbalance.max_over_mean", value=r, unit="ratio")]
            sampled = _sampled_thread_imbalance(ctx, lim)
            if sampled is not None and sampled.evidence[0].source_kind != top.kind:
                ev.append(sampled.evidence[0])  # a profile split by thread sees the spread too
            return ctx.finding("rt.omp_imbalance", _imbalance_conf(ctx, r),
                               "threads carry unequal work", ev)
    return _sampled_thread_imbalance(ctx, lim)


@rule(id="rt.affinity",
      needs=("affinity.cpus|cycles|instructions|time.user|flops.dp|mem.bandwidth|cpi"
             "|threads.per_cpu",),
      thresholds=("affinity.speedup_per_cpu", "affinity.busy_per_cpu",
                  "sched.shared_switches_per_s", "affinity.threads_per_cpu"),
      request=lambda ctx, miss: [rq.affinity_report(ctx)])
def affinity(ctx: Context) -> Finding | None:
    """Threads exist but are bound to fewer CPUs than they could use, or all busy threads sit
    on one NUMA node of a multi-node machine."""
    return _bound_short(ctx) or _one_node(ctx) or _traced_turns(ctx)


def _traced_turns(ctx: Context) -> Finding | None:
    """No report of the CPUs allowed, but a scheduler trace (``perf sched timehist``) shows the
    program's threads running on fewer CPUs than both their number and the machine's online
    CPUs (``affinity.threads_per_cpu`` threads or more per CPU they ran on): they were kept
    there. More threads than CPUs online is oversubscription, not this."""
    tp = ctx.top("threads.per_cpu")
    online = ctx.fact("cpu.online")
    if tp is None or not online or tp.value < ctx.t("affinity.threads_per_cpu"):
        return None
    n = next((x for x in ctx.all("threads.observed") if x.profile is tp.profile), None)
    if n is None or n.value > online:
        return None
    used = round(n.value / tp.value)
    if used >= min(n.value, online):
        return None
    ctx.request(rq.affinity_report(ctx))
    return ctx.finding(
        "rt.affinity", 0.55, f"{int(n.value)} threads ran on {used} of {int(online)} CPUs",
        [ctx.ev(tp, f"{int(n.value)} threads ran only on {used} CPU(s) in the scheduler trace",
                f">= {ctx.t('affinity.threads_per_cpu'):g} threads per CPU"),
         ctx.fact_ev("cpu.online", online, f"{int(online)} CPUs online")],
        limits=["no report of the CPUs the threads were allowed: the binding is inferred "
                "from where they ran"])


def _bound_short(ctx: Context) -> Finding | None:
    pl = placement(ctx)
    pts = _sweep(ctx)
    wanted = max([pl.wanted or 0, *(n for n, _, _ in pts)])
    if pl.allowed is None or pl.allowed_src is None or wanted < 2:
        return None
    limit = min(wanted, pl.online or wanted)
    if pl.allowed >= limit:
        return None
    ev = [ctx.ev(pl.allowed_src, f"{wanted} threads/ranks may run on only {pl.allowed} CPU(s) "
                 f"({pl.allowed_src.metric.raw_name})",
                 "CPUs allowed < min(threads, online CPUs)")]
    if pl.wanted_src is not None and pl.wanted_src.kind != pl.allowed_src.kind:
        ev.append(ctx.ev(pl.wanted_src, f"{int(pl.wanted_src.value)} threads/ranks requested",
                         kind="setting"))
    if pl.online:
        ev.append(ctx.fact_ev("cpu.online", pl.online, f"{pl.online} CPUs online"))
    if pl.busy is not None and pl.busy.value <= pl.allowed * ctx.t("affinity.busy_per_cpu"):
        ev.append(ctx.ev(pl.busy, f"{pl.busy.value:.2f} CPUs utilized: the threads share "
                         f"{pl.allowed} CPU(s)"))
    shared = time_sharing(ctx)
    if shared is not None:
        ev.append(ctx.ev(shared[0], f"{fmt(shared[0].value)} context switches = "
                         f"{shared[1]:,.0f}/CPU-s: the threads take turns on {pl.allowed} CPU(s)",
                         f"per CPU-s >= {ctx.t('sched.shared_switches_per_s'):g}"))
    # the sweep's speedup is the program's own measure of how many CPUs its threads got: at
    # most about the CPUs the mask allows, and below the threads it ran
    cap = pl.allowed * ctx.t("affinity.speedup_per_cpu")
    if len(pts) >= 2 and pts[-1][1] > 0 and pts[-1][0] > pts[0][0]:
        speedup = pts[0][1] / pts[-1][1]
        if speedup <= cap and speedup < pts[-1][0] / pts[0][0]:
            ev.append(ctx.ev(pts[-1][2], f"{pts[-1][0]} threads run {speedup:.2f}x faster than "
                             f"{pts[0][0]}: about the {pl.allowed} CPU(s) allowed",
                             "speedup / CPUs allowed <= affinity.speedup_per_cpu",
                             metric="scaling.speedup", value=speedup, unit="ratio"))
    return ctx.finding("rt.affinity", 0.75, f"threads bound to {pl.allowed} CPU(s) of "
                       f"{pl.online or '?'}: bind them to distinct cores", ev)


def _one_node(ctx: Context) -> Finding | None:
    s = ctx.snapshot
    nodes = ctx.fact("numa.nodes")
    if s is None or not nodes or int(nodes) < 2:
        return None
    nodes = int(nodes)
    cpus: dict[int, Located] = {}
    for name in ("cycles", "instructions", "flops.dp", "time.user", "cpi"):
        for loc in ctx.all(name, (ScopeKind.THREAD, ScopeKind.CORE)):
            digits = "".join(ch for ch in loc.metric.scope.name.split(":")[-1] if ch.isdigit())
            if digits and loc.value > 0:
                cpus.setdefault(int(digits), loc)
    if len(cpus) < 2:
        return None
    node_of = {c: n.id for n in s.numa.nodes for c in n.cpus}
    used = {node_of.get(c) for c in cpus}
    if None in used or len(used) != 1:
        return None
    node = next(iter(used))
    loc0 = next(iter(cpus.values()))
    ev = [ctx.ev(loc0, f"{len(cpus)} busy threads on CPUs {sorted(cpus)} all in NUMA node {node}",
                 "threads span 1 of >= 2 nodes"),
          ctx.fact_ev("numa.nodes", nodes, f"{nodes} NUMA nodes available")]
    return ctx.finding("rt.affinity", 0.7, "all threads packed on one NUMA node", ev)


_sweep = sweep_points  # the thread sweep, as placement reads it


def _idle_cores(ctx: Context) -> Finding | None:
    """No sweep, but a run that asked for several threads kept about one CPU busy on a machine
    whose other cores were free (no binding to fewer CPUs, no other jobs' load), and no input
    measured its ranks' or threads' work unequal (then the idle CPU is one waiting for the
    busiest: ``alg.load_imbalance``, not a serial part)."""
    busy = ctx.top("cpu.utilized")
    online = ctx.fact("cpu.online")
    if busy is None or not online or online < 2:
        return None
    pl = placement(ctx)
    if pl.wanted is None or pl.wanted < 2 or (pl.usable or 0) < 2 or \
            busy.value < ctx.t("contention.busy_share"):  # not even one CPU: contention
        for q in rq.thread_sweep(ctx):
            ctx.request(q)
        return None
    lim = ctx.t("serial.busy_cpus")
    if busy.value > lim or busy.value >= online:
        return None
    spread = ctx.t("imbalance.max_over_mean")
    if any(x.value >= spread for x in ctx.all("imbalance.max_over_mean")):
        return None  # the ranks' (threads') measured work is unequal: the idle CPU is one waiting
    others = ctx.top("machine.others_cpus")
    if others is not None and others.value >= ctx.t("contention.others_cpus"):
        return None  # a trace saw other tasks hold the CPUs: no free cores to leave idle
    if any(x.metric.raw_name in OS_WORKER_CPU for x in ctx.all("imbalance.max_over_mean")):
        # every thread ran about as long as the busiest (the spread is below the bound): the
        # work was shared, so about one CPU busy means they took turns, not a serial part
        return None
    for q in rq.thread_sweep(ctx):
        ctx.request(q)
    return ctx.finding(
        "rt.serial_fraction", 0.4, "the run uses one core of several",
        [ctx.ev(busy, f"{busy.value:.2f} CPUs utilized on a machine with {online} online CPUs: "
                "the rest idle", f"cpu.utilized <= {lim:g} with >= 2 CPUs"),
         ctx.fact_ev("cpu.online", online, f"{online} CPUs online"),
         *([ctx.ev(pl.wanted_src, f"{pl.wanted} threads requested, about one busy",
                   kind="setting")]
           if pl.wanted_src is not None else [])],
        limits=["one run, no thread sweep: the serial fraction itself is not measured"])


def _allocated_idle(ctx: Context) -> Finding | None:
    """sacct: a job on two CPUs or more used under ``cpu.allocated_low`` of them (CPU time /
    (elapsed x allocated CPUs)). Alone this cannot tell a serial part from waiting (I/O, MPI,
    other jobs): a thread sweep is requested, and a hypothesis is said only when the run asked
    for several threads on a machine other jobs did not load."""
    low = ctx.t("cpu.allocated_low")
    for a in ctx.all("cpu.allocated_share"):
        cpus = next((c for c in ctx.all("affinity.cpus") if c.profile is a.profile
                     and c.metric.scope == a.metric.scope), None)
        if cpus is None or cpus.value < 2 or a.value >= low:
            continue
        for q in rq.thread_sweep(ctx):
            ctx.request(q)
        pl = placement(ctx)
        if pl.wanted is None or pl.wanted < 2 or contended(ctx, pl):
            return None
        return ctx.finding(
            "rt.serial_fraction", 0.35, "the job leaves most of its allocated CPUs idle",
            [ctx.ev(a, f"the job used {a.value:.0%} of its {cpus.value:g} allocated CPUs "
                    "(CPU time / (elapsed x CPUs))", f"allocated share < {low:.2f}",
                    metric="cpu.allocated_share", value=a.value, unit="ratio"),
             *([ctx.ev(pl.wanted_src, f"{pl.wanted} threads requested", kind="setting")]
               if pl.wanted_src is not None else [])],
            limits=["job accounting alone cannot tell a serial part from waiting (I/O, MPI, "
                    "other jobs): a thread sweep decides"])
    return None


def amdahl(points: Sequence[tuple[int, float]]) -> tuple[float, float]:
    """Least-squares fit T(p) = a + b/p; returns (serial fraction a/(a+b), T(1) estimate)."""
    xs = [1.0 / p for p, _ in points]
    ys = [t for _, t in points]
    n = len(xs)
    mx, my = sum(xs) / n, sum(ys) / n
    sxx = sum((x - mx) ** 2 for x in xs)
    b = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / sxx if sxx else 0.0
    a = my - b * mx
    a, b = max(a, 0.0), max(b, 0.0)
    return (a / (a + b) if a + b > 0 else 0.0), a + b


def _streams_at_ceiling(ctx: Context) -> bool:
    """The program's own bandwidth is at ``bw.near_peak`` of the measured ceiling (its slowest
    run when a busy machine moved it, as the bandwidth rule judges): a sweep that stops
    speeding up (or slows down) has met the memory's limit, not a serial part."""
    from perfscout.diagnose.rules.common import achieved_bw, mem_bench_runs

    got, runs = achieved_bw(ctx), mem_bench_runs(ctx)
    return got is not None and bool(runs) and runs[0].value > 0 and \
        got.value / runs[0].value >= ctx.t("bw.near_peak")


def slower_with_threads(ctx: Context, pts: list[tuple[int, float, Located]],
                        threshold: str = "rt.contention_slowdown") -> Evidence | None:
    """The sweep's run at the most threads taking ``rt.contention_slowdown`` times the time
    of its run at the fewest, as evidence; None when it is not that much slower. An Amdahl
    serial part caps the speedup at 1x; only a cost that grows with each thread (a lock
    handed between cores, a team forked and joined per short region) makes the run slower,
    so ``rt.serial_fraction`` leaves such a sweep to the rule that measured that cost.
    ``threshold`` names the slowdown that cost must reach (``rt.region_slowdown`` for
    fork/join: a serial part inside a region also keeps the others at its barrier, and a
    busy machine can add a factor near two)."""
    if len(pts) < 2 or pts[0][1] <= 0:
        return None
    lim = ctx.t(threshold)
    (n0, t0, _), (n1, t1, loc) = pts[0], pts[-1]
    if t1 / t0 < lim:
        return None
    return ctx.ev(loc, f"{n1} threads take {t1:.3g} s against {t0:.3g} s at {n0}: "
                  f"{t1 / t0:.2f}x slower with more threads", f"slowdown >= {lim:.2f}",
                  metric="scaling.slowdown", value=round(t1 / t0, 3), unit="ratio")


@rule(id="rt.serial_fraction",
      needs=("time.elapsed|time.parallel|@hotspots|threads.one_only_share",),
      thresholds=("serial.fraction", "rt.contention_slowdown", "rt.fork_join_share",
                  "rt.lock_routine_share", "rt.region_slowdown",
                  "serial.phase_share", "serial.min_points", "bw.near_peak", "threads.busy_share",
                  "serial.one_thread_share",
                  "imbalance.max_over_mean", "redundant.thread_slowdown", "cpu.allocated_low",
                  "crossval.disagree"))
def serial_fraction(ctx: Context) -> Finding | None:
    """An Amdahl fit over a thread sweep: the serial share caps the speedup; or a printout's
    serial phases. (A profile whose OpenMP runtime holds the time is ``rt.region_overhead``:
    the regions run in parallel already.)"""
    if _bound_short(ctx) is not None:
        return None  # the threads had too few CPUs: affinity, not the code's serial part
    fit = _amdahl_fit(ctx) if ctx.all("time.elapsed") else None
    if fit is None:
        fit = _phase_split(ctx)
    if fit is None:
        fit = _one_thread_serial(ctx)
    return fit


def one_thread_part(ctx: Context) -> Located | None:
    """``threads.one_only_share`` at ``serial.one_thread_share`` or more: a profile of one
    OpenMP process split by thread puts that share of its samples in routines only the busiest
    thread ran. A parallel region's code runs on every thread of its team, however unequal
    their shares, so code on one thread alone ran outside the regions."""
    got = max(ctx.all("threads.one_only_share"), key=lambda x: x.value, default=None)
    return got if got is not None and got.value >= ctx.t("serial.one_thread_share") else None


def _one_thread_serial(ctx: Context) -> Finding | None:
    """The serial part seen by a profile split by thread (:func:`one_thread_part`): with no
    sweep to fit, the share of the samples only one thread ran is the serial share of the CPU
    time, a lower bound of its share of the wall time."""
    part = one_thread_part(ctx)
    if part is None:
        return None
    lim = ctx.t("serial.one_thread_share")
    who, _, names = part.metric.raw_name.partition(": ")
    return ctx.finding("rt.serial_fraction", 0.55, f"serial code outside the parallel regions: "
                       f"{part.value:.0%} of the samples ran on one thread only ({names})",
                       [ctx.ev(part, f"{part.value:.0%} of the samples in routines only "
                               f"{who} ran ({names}); the other threads ran none of it",
                               f"one-thread share >= {lim:.2f}")],
                       scope=names.split(", ")[0] if names else "")


def _phase_split(ctx: Context) -> Finding | None:
    """A printout that times its phases and marks which ran in parallel (``time.parallel``):
    when the other phases (``time.serial`` and the file's other timed phases) hold
    ``serial.phase_share`` or more of the printed time and more than one thread was asked
    for, the serial part caps the speedup, as an Amdahl fit would show."""
    lim = ctx.t("serial.phase_share")
    wanted = [x.value for x in ctx.all("threads.requested")]
    if wanted and max(wanted) <= 1:
        return None
    for par in ctx.all("time.parallel"):
        prof = par.profile
        par_t = sum(m.value for m in prof.metrics if m.name == "time.parallel")
        other = sum(m.value for m in prof.metrics if m.name == "time.serial") + sum(
            m.value * _SECONDS[m.unit.lower()] for m in prof.metrics
            if m.name.startswith("event.") and m.unit.lower() in _SECONDS)
        if par_t <= 0 or other <= 0:
            continue
        share = other / (other + par_t)
        if share < lim:
            continue
        ev = replace(ctx.ev(par, f"phases outside the parallel one take {other:.3g} s of "
                            f"{other + par_t:.3g} s printed ({share:.0%}); the parallel phase "
                            f"{par_t:.3g} s", f"share >= {lim:.2f}"),
                     metric="serial.phase_share", value=round(share, 3), unit="ratio")
        return ctx.finding("rt.serial_fraction", 0.5, "the program's serial phases hold most "
                           "of the run: more threads cannot shorten them", [ev])
    return None


#: seconds per printed time unit, for phases the printout times in its own words
_SECONDS = {"s": 1.0, "sec": 1.0, "secs": 1.0, "seconds": 1.0, "ms": 1e-3, "msec": 1e-3,
            "us": 1e-6, "usec": 1e-6}


#: OpenMP runtime routines that start and end a team or wait at its barrier
FORK_JOIN = ("gomp_parallel", "gomp_team_start", "gomp_team_end", "gomp_thread_start",
             "gomp_barrier_wait", "gomp_team_barrier_wait", "gomp_simple_barrier_wait",
             "gomp_centralized_barrier", "do_wait", "do_spin", "futex_wait", "futex_wake",
             "gomp_parallel_end", "gomp_parallel_start", "gomp_mutex", "__kmp_fork_call",
             "__kmp_join_call", "__kmp_barrier", "__kmp_wait", "__kmpc_fork_call",
             "__kmp_hyper_barrier", "__kmp_fork_barrier", "__kmp_join_barrier")


def fork_join_share(ctx: Context) -> Share | None:
    """The largest share of one sampling profile in the OpenMP runtime's team start/end and
    barrier code: the routines of :data:`FORK_JOIN`, and addresses perf could not name in
    the runtime library (a libgomp without symbols) when the profile also holds the
    program's outlined parallel regions (``fn._omp_fn.N``) or an input says the run asked
    for two threads or more (regions too short hold few samples of their own). Critical
    sections and locks are not counted
    (:func:`_serialized_share` judges those)."""
    from perfscout.diagnose.rules.common import category_share

    asked = any(x.value >= 2 for x in ctx.all("threads.requested"))
    if not asked and not any(_OMP_CODE.search(h.name)
                             and not h.name.lower().lstrip("_").startswith("gomp")
                             for h, _p in ctx.hotspots()):
        return None  # nothing says the program runs OpenMP teams

    def runtime(h: Hotspot) -> bool:
        low = h.name.lower().strip().lstrip("_").split("@")[0]
        if low.startswith(SERIALIZING):
            return False
        if low.startswith(tuple(f.lstrip("_") for f in FORK_JOIN)):
            return True
        return bool(h.module and OMP_RUNTIME_LIB.search(h.module)
                    and _ADDRESS.match(h.name) is not None)

    return category_share(ctx, runtime)


@rule(id="rt.region_overhead", needs=("@hotspots",),
      thresholds=("rt.fork_join_share", "rt.region_slowdown"))
def region_overhead(ctx: Context) -> Finding | None:
    """``rt.fork_join_share`` or more of a sampling profile in the runtime's fork/join and
    barrier code while the program's own parallel regions hold little: the threads spend the
    run starting, ending and waiting for regions that are too short, the classic being a
    ``parallel for`` on an inner loop, one region per row (``omp_outer_loop`` moves it out
    when the outer loop is independent)."""
    if _bound_short(ctx) is not None:
        return None  # the threads had too few CPUs: affinity, not the regions' size
    lim = ctx.t("rt.fork_join_share")
    sh = fork_join_share(ctx)
    if sh is None or sh.share < lim or _kind(sh.profile) != "sampling":
        return None
    ev = [replace(_hot_ev(ctx, sh, "the OpenMP runtime's team start/end and barrier code "
                          "holds", f"share >= {lim:.2f}"), metric="omp.fork_join_share")]
    slower = slower_with_threads(ctx, sweep_points(ctx), "rt.region_slowdown")
    if slower is not None:  # each added thread adds fork/join cost: the sweep measures it
        ev.append(slower)
    return ctx.finding("rt.region_overhead", 0.4 if slower is None else 0.6,
                       "threads forked, joined and waiting at barriers: parallel regions too "
                       "short for their cost", ev)


def _per_thread_cost(ctx: Context, pts: list[tuple[int, float, Located]], held: bool) -> bool:
    """A sweep slower with more threads and a sampled cost that grows with each thread,
    reported by its own rule: critical sections and locks taken per item
    (``rt.sync_contention``'s lock families), or, with no serializing code sampled, the
    runtime's fork/join code at ``rt.region_slowdown`` (``rt.region_overhead``). An ordered
    hand-off is neither: it stays the serial part."""
    if held:
        return slower_with_threads(ctx, pts) is not None and sampled_locks(
            ctx, ctx.t("rt.lock_routine_share")) is not None
    if traced_futex(ctx) is not None and slower_with_threads(ctx, pts) is not None:
        return True  # no profile, but the trace's futex time: turns on a lock, per thread
    forked = fork_join_share(ctx)
    return forked is not None and forked.share >= ctx.t("rt.fork_join_share") and \
        slower_with_threads(ctx, pts, "rt.region_slowdown") is not None


def _amdahl_fit(ctx: Context) -> Finding | None:
    """The thread sweep's Amdahl fit (the rule's first judgement)."""
    pl = placement(ctx)
    if _threads_timed_otherwise(ctx):
        return None
    usable = pl.usable
    pts = [x for x in _sweep(ctx) if usable is None or x[0] <= usable]
    # a machine with fewer CPUs than the usual number of points allows only that many
    need = int(min(ctx.t("serial.min_points"), usable or ctx.t("serial.min_points")))
    if len(pts) < need:
        if 1 <= len(pts) < need and any(thread_count(ctx, p) for p in ctx.profiles):
            for q in rq.thread_sweep(ctx):
                ctx.request(q)
        return _idle_cores(ctx) or _allocated_idle(ctx)
    s, _ = amdahl([(n, t) for n, t, _ in pts])
    lim = ctx.t("serial.fraction")
    if s < lim or _streams_at_ceiling(ctx):
        return None
    held = _serialized_share(ctx)
    if _per_thread_cost(ctx, pts, held is not None):
        return None  # slower with more threads: the turns on a lock (rt.sync_contention) or
        # the regions' fork/join (rt.region_overhead) cost more per thread, no serial part does
    n_max = pts[-1][0]
    ev = [ctx.ev(loc, f"{n} threads: {t:.3g} s", metric="time.elapsed") for n, t, loc in pts]
    ev.insert(0, Evidence("serial_fraction", s, "ratio", pts[0][2].source, "derived",
                          f"Amdahl fit over {len(pts)} points: serial fraction {s:.0%}, speedup "
                          f"cap {1 / s:.1f}x; at {n_max} threads {pts[0][1] / pts[-1][1]:.2f}x",
                          f"serial fraction >= {lim:.2f}"))
    if held is not None:
        ev.append(held)
    one = _sampled_one_worker(ctx, s)
    if one is not None:
        ev.append(one)
    return ctx.finding("rt.serial_fraction", 0.5 + min(s, 0.4), "serial fraction limits "
                       "scaling", ev)


def _sampled_one_worker(ctx: Context, fit: float) -> Evidence | None:
    """A profile sampled per thread (``perf report --sort pid,...``: ``compute.share`` per
    task, or each thread's share of the samples) whose split gives the same serial fraction
    as the fit: with serial fraction ``s`` over ``n`` tasks the busiest does ``s + (1 - s) /
    n`` of the work, so its share ``b`` implies ``s = (n b - 1) / (n - 1)``. Within
    ``crossval.disagree`` of the fit, it is the same serial part measured by another
    family."""
    by: dict[int, list[Located]] = {}
    for c in ctx.all("compute.share", (ScopeKind.RANK,)):
        if c.kind == "sampling":
            by.setdefault(id(c.profile), []).append(c)
    for c in ctx.all("samples", (ScopeKind.THREAD,)):  # --sort pid alone: each thread's share
        if c.kind == "sampling" and c.metric.unit == "share" and id(c.profile) not in by:
            by.setdefault(-id(c.profile), []).append(c)
    tol = ctx.t("crossval.disagree")
    for rows in by.values():
        total = sum(r.value for r in rows)
        n = len(rows)
        if n < 2 or total <= 0 or fit <= 0:
            continue
        top = max(rows, key=lambda r: r.value)
        share = top.value / total
        implied = (n * share - 1) / (n - 1)
        if abs(implied - fit) / max(implied, fit) <= tol:
            return ctx.ev(top, f"one task ({top.metric.raw_name or top.metric.scope.name}) "
                          f"holds {share:.0%} of the sampled computation of {n}: a serial "
                          f"fraction of {implied:.0%} (the sweep's fit {fit:.0%})",
                          f"within {tol:.0%} of the fit", metric="serial_fraction",
                          value=implied, unit="ratio")
    return None


def _threads_timed_otherwise(ctx: Context) -> bool:
    """The program timed its threads, and they were not one thread working while the others
    idled: their busy times unequal (``imbalance.max_over_mean``: the imbalance rule's
    finding), or every thread busy at least ``threads.busy_share`` of a run in which even the
    least busy took ``redundant.thread_slowdown`` x the whole one-thread run (each repeats the
    work: the redundant-work finding). Threads all busy without that slowdown may time a
    serial part inside the region (``omp single``) and keep the Amdahl fit. Threads taking
    turns in critical sections (a sampled serialized share) stay a serial part."""
    from perfscout.diagnose.placement import thread_busy

    tb = thread_busy(ctx)
    if tb is None or not tb.shares or _serialized_share(ctx) is not None:
        return False
    vals = [b.value for b in tb.busy]
    if max(vals) / (sum(vals) / len(vals)) >= ctx.t("imbalance.max_over_mean"):
        return True
    return (min(tb.shares) >= ctx.t("threads.busy_share") and tb.serial is not None
            and tb.serial > 0 and min(vals) / tb.serial >= ctx.t("redundant.thread_slowdown"))


def _serialized_share(ctx: Context) -> Evidence | None:
    """A sampling profile putting at least ``serial.fraction`` of the run in critical
    sections and locks (``GOMP_critical_start``, ``omp_set_lock``, their PLT stubs): the
    threads take turns, which is the serial part a sweep's Amdahl fit measures."""
    from perfscout.diagnose.rules.common import category_share

    def serializing(h: Hotspot) -> bool:
        low = h.name.lower().strip("_").split("@")[0]
        return low.startswith(SERIALIZING)

    # addresses perf could not name inside the runtime library that holds a serializing
    # routine (a libgomp without symbols) are that runtime's code too: the threads' hand-off
    runtime_mods = {h.module for h, _p in ctx.hotspots() if serializing(h) and h.module
                    and OMP_RUNTIME_LIB.search(h.module)}

    def in_runtime(h: Hotspot) -> bool:
        return serializing(h) or (h.module in runtime_mods and _ADDRESS.match(h.name) is not None)

    sh = category_share(ctx, in_runtime)
    if sh is None or sh.share < ctx.t("serial.fraction"):
        return None
    return replace(_hot_ev(ctx, sh, "critical sections, ordered regions and locks (threads "
                           "taking turns) hold", f"share >= {ctx.t('serial.fraction'):.2f}"),
                   metric="omp.serialized_share")


_ADDRESS = re.compile(r"^0x[0-9a-f]+$", re.I)


@rule(id="rt.gpu_transfer", needs=("@hotspots",), thresholds=("gpu.copy_share",))
def gpu_transfer(ctx: Context) -> Finding | None:
    """Host<->device copies take a large share of the run."""
    def is_copy(n: str) -> bool:
        low = n.lower()
        return "memcpy" in low and any(k in low for k in ("cuda", "hip", "cumem", "[cuda"))

    sh = category_share(ctx, lambda h: is_copy(h.name))
    lim = ctx.t("gpu.copy_share")
    if sh is None or sh.share < lim:
        return None
    return ctx.finding("rt.gpu_transfer", 0.6, "host-device copies dominate",
                       [_hot_ev(ctx, sh, "device copies take", f">= {lim:.2f}")])
