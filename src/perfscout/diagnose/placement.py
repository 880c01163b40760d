"""Where the run's threads could run, and who else was running: the quantities that tell apart
affinity (threads exist, bound to fewer CPUs), serial fraction (one thread does the work),
oversubscription (more runnable threads than CPUs) and contention from other jobs (load average
at collection time).

Every value comes with the located metric or snapshot fact it was read from, so the findings
quote their sources. Rules in :mod:`perfscout.diagnose.rules.runtime` and ``.system`` read these
instead of each re-deriving them.
"""

from __future__ import annotations

from dataclasses import dataclass

from perfscout.diagnose.engine import Context, Located
from perfscout.diagnose.rules.common import thread_count
from perfscout.model.metrics import ScopeKind


@dataclass(frozen=True)
class Placement:
    """The run's threads against the CPUs."""

    wanted: int | None  # threads or ranks the run asked for
    wanted_src: Located | None
    allowed: int | None  # distinct CPUs those threads may run on (affinity masks, bindings)
    allowed_src: Located | None
    online: int | None  # CPUs of the machine (snapshot)
    busy: Located | None  # CPUs the run kept busy (perf "CPUs utilized")
    load: float | None  # 1-minute load average when the snapshot was taken

    @property
    def other_load(self) -> float | None:
        """Load of other jobs: the load average minus what the run itself kept busy."""
        if self.load is None:
            return None
        return max(0.0, self.load - (self.busy.value if self.busy is not None else 0.0))

    @property
    def usable(self) -> int | None:
        """CPUs the run could use: its binding, else the machine."""
        vals = [v for v in (self.allowed, self.online) if v]
        return min(vals) if vals else None


def _max(ctx: Context, names: tuple[str, ...]) -> Located | None:
    locs = [loc for n in names for loc in ctx.all(n)
            if loc.metric.scope.kind in (ScopeKind.PROCESS, ScopeKind.NODE, ScopeKind.RUN)]
    return max(locs, key=lambda x: x.value) if locs else None


def hybrid_workers(ctx: Context) -> tuple[int, Located, Located] | None:
    """Ranks x threads per rank of a hybrid run that one input reports both of (a printout
    with ``--report-bindings`` lines and OMP_NUM_THREADS): the runnable threads of the run.
    Returns (total, ranks located, threads located) when both are at least 2."""
    best: tuple[int, Located, Located] | None = None
    for p in ctx.profiles:
        rk = [loc for loc in ctx.all("ranks.count") if loc.profile is p]
        th = [loc for loc in ctx.all("threads.requested") if loc.profile is p]
        if not rk or not th:
            continue
        # a rank count a runtime listed (MCW rank lines) is measured; a printed one a setting
        r = max(rk, key=lambda x: (x.value, x.kind == "runtime_report"))
        t = max(th, key=lambda x: x.value)
        if r.value >= 2 and t.value >= 2 and (best is None or r.value * t.value > best[0]):
            best = (int(r.value * t.value), r, t)
    return best


#: words a program prints for the size of its own thread or worker pool (``workers=8``,
#: ``pool: 8``) that no adapter names ``threads.requested``: the threads it starts
POOL_WORDS = frozenset({"workers", "nworkers", "numworkers", "pool", "poolsize",
                        "nworker", "workerthreads", "threadpool", "pthreads", "npthreads"})


def printed_pool(ctx: Context) -> Located | None:
    """The largest thread/worker pool size a program printed under a pool word (a setting of
    the run, like ``threads.requested``)."""
    locs = [loc for p in ctx.profiles for m in p.metrics
            if m.name.startswith("event.") and m.value >= 1 and float(m.value).is_integer()
            and m.raw_name.lower().replace("_", "").replace("-", "") in POOL_WORDS
            for loc in (Located(m, p),)]
    return max(locs, key=lambda x: x.value) if locs else None


def placement(ctx: Context) -> Placement:
    """Read the placement quantities from every input and the snapshot."""
    want = _max(ctx, ("threads.requested", "affinity.threads", "ranks.count"))
    pool = printed_pool(ctx)
    if pool is not None and (want is None or pool.value > want.value):
        want = pool
    n = int(want.value) if want is not None else None
    hyb = hybrid_workers(ctx)
    if hyb is not None and (n is None or hyb[0] > n):
        n, want = hyb[0], hyb[1]
    if n is None:
        tc = thread_count(ctx)
        n = tc if tc and tc > 0 else None
    allowed_locs = ctx.all("affinity.cpus")
    allowed = min(allowed_locs, key=lambda x: x.value) if allowed_locs else None
    online = ctx.fact("cpu.online")
    load = ctx.fact("load.avg1")
    return Placement(
        wanted=n, wanted_src=want,
        allowed=int(allowed.value) if allowed is not None else None, allowed_src=allowed,
        online=int(online) if online else None, busy=ctx.top("cpu.utilized"),
        load=float(load) if load is not None else None)


def contended(ctx: Context, pl: Placement) -> bool:
    """Other jobs' load filled the CPUs this run could use (the snapshot's load average)."""
    other = pl.other_load
    if other is None or not pl.online:
        return False
    return other / pl.online >= ctx.t("contention.other_load")


def time_sharing(ctx: Context) -> tuple[Located, float] | None:
    """Context switches per CPU-second at or above ``sched.shared_switches_per_s``: the run's
    own threads or ranks take turns on the CPUs (supports oversubscription or a binding to too
    few CPUs; other jobs' time slices alone give a few hundred per second). Returns the
    located count and the rate."""
    from perfscout.diagnose.rules.common import per_cpu_second

    cs = ctx.top("context_switches")
    got = per_cpu_second(ctx, cs) if cs is not None else None
    if cs is None or got is None:
        return None
    return (cs, got[0]) if got[0] >= ctx.t("sched.shared_switches_per_s") else None


def sweep_workers(ctx: Context, t: Located) -> int:
    """The runnable threads of one sweep row: its thread count times its rank count when the
    row names both (``ranks threads time``)."""
    rk = next((r for r in ctx.all("scaling.ranks", (ScopeKind.RUN,)) if r.profile is t.profile
               and r.metric.scope.name == t.metric.scope.name), None)
    return int(t.value * (rk.value if rk is not None and rk.value >= 1 else 1))


def sweep_points(ctx: Context) -> list[tuple[int, float, Located]]:
    """(runnable threads, elapsed s, located time) per sweep point, fewest threads first: the
    rows of a thread/rank sweep table, and each printout that states its thread count."""
    pts: dict[int, tuple[float, Located]] = {}
    runs = [m for m in ctx.all("scaling.threads", (ScopeKind.RUN,))]
    for t in runs:
        el = ctx.beside(t, "time.elapsed", (ScopeKind.RUN,))
        if el is not None:
            pts.setdefault(sweep_workers(ctx, t), (el.value, el))
    for p in ctx.profiles:
        n = thread_count(ctx, p)
        el = next((e for e in ctx.all("time.elapsed") if e.profile is p
                   and e.metric.scope.kind in (ScopeKind.PROCESS, ScopeKind.NODE)), None)
        if n is not None and el is not None:
            pts.setdefault(n, (el.value, el))
    # a printout that states its own thread count and time (``threads: 2`` / ``wall: 0.9 s``)
    # in the same run: one point per printout, several printouts make the sweep
    for req in ctx.all("threads.requested", (ScopeKind.RUN,)):
        el = ctx.beside(req, "time.elapsed", (ScopeKind.RUN,))
        if el is not None and req.value >= 1 and el.value > 0:
            pts.setdefault(int(req.value), (el.value, el))
    return sorted((n, t, loc) for n, (t, loc) in pts.items())


@dataclass(frozen=True)
class ThreadBusy:
    """One run's per-thread busy times against its wall time (the program's own timers)."""

    threads: int  # threads the run asked for (or the threads it timed)
    wall: float  # the run's elapsed time
    busy: tuple[Located, ...]  # one busy time per thread (or per section a thread ran)
    serial: float | None  # elapsed time of a one-thread run in the same collection

    @property
    def shares(self) -> list[float]:
        """Each thread's busy time over the run's wall time."""
        return [b.value / self.wall for b in self.busy] if self.wall > 0 else []


def _requested(ctx: Context, loc: Located) -> int | None:
    got = [r.value for r in ctx.all("threads.requested") if r.profile is loc.profile]
    return int(max(got)) if got else thread_count(ctx, loc.profile)


def widest_run(locs: list[Located]) -> dict[str, Located]:
    """One input's per-thread (or per-rank) values, in file order, split into its runs: a
    printout of several runs holds a table per run (thread 0 of the one-thread run, then
    threads 0 and 1), so a name seen again starts the next run's. The run with the most
    workers (the first of equals: one region's table before another's), by name."""
    groups: list[dict[str, Located]] = [{}]
    for loc in locs:
        if loc.metric.scope.name in groups[-1]:
            groups.append({})
        groups[-1][loc.metric.scope.name] = loc
    return max(groups, key=len)


def thread_busy(ctx: Context) -> ThreadBusy | None:
    """The widest run (two threads or more) that timed each of its threads: when the program
    times its threads, whether they all worked the whole run, unequally, or idled is measured,
    not inferred from a speedup. A one-thread run's several sections are not threads."""
    best: ThreadBusy | None = None
    serial = next((t for n, t, _ in sweep_points(ctx) if n == 1), None)
    profiles = {id(loc.profile): loc.profile for loc in ctx.all("busy.time", (ScopeKind.THREAD,))}
    for p in profiles.values():
        by = widest_run([loc for loc in ctx.all("busy.time", (ScopeKind.THREAD,))
                         if loc.profile is p])
        if len(by) < 2:
            continue
        first = next(iter(by.values()))
        n = _requested(ctx, first) or len(by)
        walls = [e.value for e in ctx.all("time.elapsed") if e.profile is p and
                 e.metric.scope.kind in (ScopeKind.PROCESS, ScopeKind.RUN, ScopeKind.NODE)]
        if n < 2 or not walls or max(walls) <= 0:
            continue
        got = ThreadBusy(n, max(walls), tuple(by.values()), serial)
        if best is None or got.threads > best.threads:
            best = got
    return best


@dataclass(frozen=True)
class SharedJobs:
    """Several runs of one program printed together, each getting far less of a CPU than the
    same program run alone: the user's own jobs took turns on the CPUs."""

    jobs: int  # runs in the printout
    share: float  # their mean CPU time / wall time
    alone: float  # the lone run's CPU time / wall time
    first: Located  # the first job's wall time
    lone: Located  # the lone run's wall time


def cpu_shares(ctx: Context) -> dict[int, list[tuple[float, Located]]]:
    """Per input: (CPU time / wall time, located wall time) of each run that printed both."""
    out: dict[int, list[tuple[float, Located]]] = {}
    for el in ctx.all("time.elapsed", (ScopeKind.RUN,)):
        cpu = next((c for c in ctx.all("time.cpu", (ScopeKind.RUN,)) if c.profile is el.profile
                    and c.metric.scope == el.metric.scope), None)
        if cpu is not None and el.value > 0:
            out.setdefault(id(el.profile), []).append((cpu.value / el.value, el))
    return out


def shared_jobs(ctx: Context) -> SharedJobs | None:
    """A printout holding several runs of the program (``job2: wall=2.1 s cpu=0.53 s`` ...)
    whose CPU share each fell to ``oversub.own_share_drop`` or more below a lone run's (another
    printout of one run, same size): the runs were started together and shared the CPUs."""
    by = cpu_shares(ctx)
    lone = [runs[0] for runs in by.values() if len(runs) == 1]
    batches = [runs for runs in by.values() if len(runs) >= 2]
    if not lone or not batches:
        return None
    s0, lone_loc = max(lone, key=lambda x: x[0])
    runs = max(batches, key=len)
    share = sum(s for s, _ in runs) / len(runs)
    if share <= 0 or s0 / share < ctx.t("oversub.own_share_drop"):
        return None
    return SharedJobs(len(runs), share, s0, runs[0][1], lone_loc)
