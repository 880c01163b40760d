"""``rt.threads_lowered``: the run asked for several OpenMP threads (``OMP_NUM_THREADS``, as
``OMP_DISPLAY_ENV`` or the program prints it) but its parallel regions ran with fewer, because
code set the count lower at run time (a library's setup calling ``omp_set_num_threads(1)``).

Told apart from its look-alikes by what was measured: threads that exist but share a core are
affinity (``rt.affinity``: the thread table and the per-thread profile still list them all);
one thread busy while the others idle is a serial fraction (they exist, with few samples); a
program whose time is outside any parallel region is serial code. Here the thread table, the
per-thread profile or the runtime's affinity lines show fewer threads than requested, and a
sampled profile puts the time inside the compiler's outlined parallel-region bodies.

The cause is named when the runtime says it: with ``OMP_DYNAMIC='TRUE'`` in ``OMP_DISPLAY_ENV``
the runtime itself may size each team below the request (libgomp by the load average), so the
finding names dynamic adjustment and the fix is ``OMP_DYNAMIC=false``, not a source search.
"""

from __future__ import annotations

import re
from pathlib import Path

from perfscout.diagnose import requests as rq
from perfscout.diagnose.engine import Context, Located, rule, source_kind
from perfscout.model.findings import Evidence, Finding
from perfscout.model.metrics import ScopeKind, SourceRef
from perfscout.model.symbols import OMP_OUTLINED


def _region_share(ctx: Context) -> tuple[float, str, SourceRef, str] | None:
    """The sampled share of the busiest parallel-region body (inclusive when the profile has
    call chains: its own samples are few when it calls libm), with its name, source and
    family; None when no sampled profile holds one. Region bodies run only inside a parallel
    region, so any sample there says the regions ran."""
    best: tuple[float, str, SourceRef, str] | None = None
    for h, p in ctx.hotspots():
        if not OMP_OUTLINED.search(h.name):  # a region body compilers outline
            continue
        share = max(x for x in (h.inclusive_share, h.self_share, 0.0) if x is not None)
        if share <= 0:
            continue
        if best is None or share > best[0]:
            best = (share, h.name, h.source or SourceRef(p.path, None), source_kind(p.format))
    return best


def dynamic_teams(ctx: Context) -> Located | None:
    """The runtime's report that teams may be shrunk at run time (``OMP_DYNAMIC='TRUE'``),
    unless another report of the run says ``'FALSE'`` (then nothing is known)."""
    got = ctx.all("omp.dynamic")
    on = [x for x in got if x.value >= 1]
    return on[0] if on and len(on) == len(got) else None


#: words a program prints for the size of the team a parallel region ran with
#: (``omp_get_num_threads()`` inside it: ``team size 1``, ``threads in region: 2``), compared
#: with spaces, ``_`` and ``-`` removed
TEAM_WORDS = frozenset({"teamsize", "ompteamsize", "ompgetnumthreads", "numthreadsinregion",
                        "threadsinregion", "threadsinteam", "activethreads", "threadsused",
                        "team", "teamthreads", "threadsrunning", "runningthreads",
                        "nthreadsused"})
#: a label that names the team size with more words around it (``team size in the parallel
#: region``, ``threads in parallel team``): the words, not their order or separators
TEAM_PHRASE = re.compile(r"^(?:omp)?(?:teamsize|numthreads|threads)in(?:the)?(?:parallel)?"
                         r"(?:region|team)$|^(?:omp)?teamsize(?:in|of)?(?:the)?(?:parallel)?"
                         r"(?:region|team)?$")


def _printed_team(ctx: Context) -> list[tuple[int, Located, str]]:
    """(largest team, where, how) from each printout that names the team size its regions
    ran with; a summary line the reader derived (``median of 3``) is not one more region."""
    by: dict[int, Located] = {}
    for p in ctx.profiles:
        for m in p.metrics:
            raw = m.raw_name.lower()
            key = re.sub(r"[\s_\-]+", "", raw)
            if (m.name.startswith("event.") and "(" not in raw
                    and (key in TEAM_WORDS or TEAM_PHRASE.match(key))
                    and m.value >= 1 and float(m.value).is_integer()):
                old = by.get(id(p))
                if old is None or m.value > old.value:
                    by[id(p)] = Located(m, p)
    return [(int(loc.value), loc, "the team size the program printed from its parallel "
             "regions") for loc in by.values()]


def _requested(ctx: Context) -> Located | None:
    got = [x for x in ctx.all("threads.requested") if x.value >= 2]
    return max(got, key=lambda x: x.value) if got else None


def _timed(ctx: Context) -> list[tuple[int, Located, str]]:
    """(threads, where, how) from each program printout that timed its threads one by one
    (``thread 1 busy 0.04 s``): a thread prints its time from inside the region, so the count
    is the team that ran it, however little work one thread got. It decides over per-thread
    sample shares, which mix in other regions (a pool started before a library lowered the
    count shows a second thread; a thread starved by the data shows almost none)."""
    out: list[tuple[int, Located, str]] = []
    by: dict[int, dict[str, Located]] = {}
    for b in ctx.all("busy.time", (ScopeKind.THREAD,)):
        if b.kind == "program" and b.value > 0:
            by.setdefault(id(b.profile), {}).setdefault(b.metric.scope.name, b)
    for rows in by.values():
        first = min(rows.values(),
                    key=lambda r: (r.metric.source.line or 0) if r.metric.source else 0)
        out.append((len(rows), first, "threads that timed themselves inside the parallel "
                    "region (the program's printout)"))
    return out


def running(ctx: Context) -> list[tuple[int, Located, str]]:
    """(threads that ran work, where, how) from each input that measures it per thread: the
    program's own per-thread timers first (:func:`_timed`), or the team size it printed
    (:func:`_printed_team`); else a
    perf report by thread (samples) and a ps -L / top -H table (CPU share), a thread counting
    when it holds ``threads.running_share`` or more; a table without CPU shares counts its
    threads. The runtime's OMP_DISPLAY_AFFINITY lines (the team of the first region that
    changed it) count only when nothing measures the threads."""
    timed = _timed(ctx) or _printed_team(ctx)
    if timed:
        return timed
    lim = ctx.t("threads.running_share")
    out: list[tuple[int, Located, str]] = []
    shares: dict[int, list[Located]] = {}
    for s in ctx.all("samples", (ScopeKind.THREAD,)):
        if s.metric.unit == "share":
            shares.setdefault(id(s.profile), []).append(s)
    for rows in shares.values():
        busy = [r for r in rows if r.value >= lim]
        if busy:
            out.append((len(busy), max(busy, key=lambda r: r.value),
                        "threads with samples in the per-thread profile"))
    by_table: dict[int, list[Located]] = {}
    for c in ctx.all("cpu.share", (ScopeKind.THREAD,)):
        by_table.setdefault(id(c.profile), []).append(c)
    for rows in by_table.values():
        busy = [r for r in rows if r.value >= lim]
        if busy:
            out.append((len(busy), max(busy, key=lambda r: r.value),
                        "threads with CPU time in the OS's thread table"))
    for obs in ctx.all("threads.observed", (ScopeKind.PROCESS,)):
        if id(obs.profile) not in by_table:
            out.append((int(obs.value), obs, "threads listed by the OS"))
    if not out:
        for aff in ctx.all("affinity.threads"):
            if aff.kind == "runtime_report" and aff.metric.raw_name == "OMP_DISPLAY_AFFINITY":
                out.append((int(aff.value), aff, "threads the OpenMP runtime reported"))
    return out


def thread_limit(ctx: Context, requested: float) -> Located | None:
    """The runtime's report of a thread limit below the request (``OMP_THREAD_LIMIT='1'`` in
    ``OMP_DISPLAY_ENV``, often set by a site module): every team is capped at it, whatever
    ``OMP_NUM_THREADS`` says."""
    got = [x for x in ctx.all("omp.thread_limit") if 0 < x.value < requested]
    return min(got, key=lambda x: x.value) if got else None


@rule(id="rt.threads_lowered", needs=("threads.requested",),
      thresholds=("threads.lowered_share", "threads.running_share"),
      request=lambda ctx, miss: [rq.affinity_report(ctx)])
def threads_lowered(ctx: Context) -> Finding | None:
    """Fewer threads ran than were requested (``threads.lowered_share`` or less of them, in
    every input that lists threads), with the sampled time inside parallel-region bodies when
    a profile by symbol is given (without one the finding stays a weak hypothesis and asks for
    it; with one that shows no region, it is serial code, not this)."""
    req = _requested(ctx)
    seen = running(ctx)
    if req is None or not seen:
        return _below_allocation(ctx) or _capped(ctx)
    lim = ctx.t("threads.lowered_share")
    if any(n / req.value > lim for n, _, _ in seen):
        return None
    ev = [ctx.ev(req, f"{req.value:.0f} threads requested ({req.metric.raw_name or 'threads'})",
                 kind="setting")]
    for n, loc, how in seen:
        ev.append(ctx.ev(loc, f"{n} of {req.value:.0f} requested: {how}",
                         f"running / requested <= {lim:.2f}", metric="threads.running",
                         value=float(n), unit="count"))
    region = _region_share(ctx)
    profiled = any(p.hotspots for p in ctx.profiles)
    limits: list[str] = []
    if region is not None:
        share, name, src, fam = region
        ev.append(Evidence("hotspot.share", share, "ratio", src, fam,
                           f"samples inside a parallel-region body ({name}, {share:.0%} "
                           "including what it calls when the profile says): the regions ran, "
                           "with fewer threads", "share > 0"))
        conf = 0.75
    elif profiled:
        return None  # the sampled time is outside any parallel region: serial code
    elif thread_limit(ctx, req.value) is not None:
        conf = 0.7
    else:
        conf = 0.45
        limits.append("a program with no parallel region also runs one thread: a sampled "
                      "profile by symbol (time inside ..._omp_fn / omp_outlined) decides it")
        ctx.request(rq.sampling(ctx))
    ran = min(n for n, _, _ in seen)
    why = ""
    dyn = dynamic_teams(ctx)
    cap = thread_limit(ctx, req.value)
    if cap is not None:
        ev.append(ctx.ev(cap, f"OMP_THREAD_LIMIT={cap.value:.0f}: the runtime caps every team "
                         f"at {cap.value:.0f} thread(s), below the {req.value:.0f} requested",
                         "< threads requested"))
        why = f": OMP_THREAD_LIMIT={cap.value:.0f} in the run's environment (unset it or raise it)"
    elif dyn is not None:
        ev.append(ctx.ev(dyn, "OMP_DYNAMIC='TRUE': the runtime may give a team fewer threads "
                         "than requested (libgomp sizes it by the load average)", "== TRUE",
                         kind="setting"))
        why = ": dynamic adjustment (OMP_DYNAMIC=true), set OMP_DYNAMIC=false"
    return ctx.finding("rt.threads_lowered", conf, f"parallel regions ran with {ran} of "
                       f"{req.value:.0f} requested threads{why}", ev, limits=limits)


def _below_allocation(ctx: Context) -> Finding | None:
    """The job was given several CPUs per task (a batch script's ``--cpus-per-task``,
    ``scontrol``'s ``CPUs/Task``) or the process may run on several (``affinity.cpus``:
    ``nproc`` in the transcript, ``Cpus_allowed_list``, ``taskset``; the largest report counts,
    since nproc itself honours ``OMP_NUM_THREADS``) but the OpenMP runtime reports a thread
    count below them
    (``OMP_NUM_THREADS = '1'`` in ``OMP_DISPLAY_ENV``, often from a file the script sources)
    and the run kept no more CPUs busy than those threads (``threads.lowered_share`` of the
    allocation or less): the regions run with fewer threads than the job holds CPUs. The
    runtime's report is what says the program is OpenMP; without it one CPU busy is also a
    serial program. When an environment module or a sourced settings file handed over sets
    that count, the finding names it (:func:`_set_by`)."""
    alloc = max([*ctx.all("threads.cpus_per_task"), *ctx.all("affinity.cpus")],
                key=lambda x: x.value, default=None)
    told = [x for x in ctx.all("threads.requested") if x.kind == "runtime_report"
            and x.metric.raw_name == "OMP_NUM_THREADS"]
    if alloc is None or alloc.value < 2 or not told:
        return None
    n = max(x.value for x in told)
    lim = ctx.t("threads.lowered_share")
    if n / alloc.value > lim:
        return None
    busy = ctx.top("cpu.utilized")
    if busy is not None and busy.value > n + (1 - lim):
        return None  # it kept more CPUs busy than its threads: something else ran threads
    src = told[0]
    holds = (f"the job holds {alloc.value:.0f} CPUs per task "
             f"({alloc.metric.raw_name or 'CPUs per task'})"
             if alloc.metric.name == "threads.cpus_per_task" else
             f"the process may run on {alloc.value:.0f} CPUs "
             f"({alloc.metric.raw_name or 'its affinity'})")
    ev = [ctx.ev(alloc, holds, kind="setting"),
          ctx.ev(src, f"the OpenMP runtime was told to use {n:.0f} thread(s) "
                 "(OMP_NUM_THREADS in OMP_DISPLAY_ENV)", f"threads / CPUs <= {lim:.2f}",
                 metric="threads.running", value=n, unit="count")]
    # the CPUs it kept busy only gate this (a serial program keeps one busy too): they do not
    # measure why fewer threads ran, so they are no second family here
    setter = _set_by(ctx, n)
    sourced = next((p.meta["sources"] for p in ctx.profiles if p.meta.get("sources")), "")
    if setter is not None:
        ev.append(ctx.ev(setter, f"OMP_NUM_THREADS={n:.0f} is set by "
                         f"{Path(setter.profile.path).name} ({setter.profile.meta['flavour']})",
                         kind="setting"))
        why = (f": OMP_NUM_THREADS={n:.0f} is set by {Path(setter.profile.path).name} "
               f"(line {setter.source.line})")
    elif sourced:
        why = (f": OMP_NUM_THREADS={n:.0f} is set outside the script (it sources "
               f"{sourced.replace(chr(9), ', ')})")
    else:
        why = f": OMP_NUM_THREADS={n:.0f} in the run's environment"
    where = (f"a job of {alloc.value:.0f} CPUs per task"
             if alloc.metric.name == "threads.cpus_per_task" else
             f"{alloc.value:.0f} CPUs the process may use")
    return ctx.finding("rt.threads_lowered", 0.6, f"OpenMP runs {n:.0f} thread(s) on "
                       f"{where}{why}", ev,
                       limits=["the thread count comes from the environment, not from code: "
                               "set OMP_NUM_THREADS to the CPUs the run may use "
                               "(SLURM_CPUS_PER_TASK in a job, else nproc before it is set) "
                               "after the module or sourced file that lowers it"])


def _set_by(ctx: Context, n: float) -> Located | None:
    """The environment module or sourced settings file handed over that sets
    ``OMP_NUM_THREADS`` to ``n``: where the count the runtime reported came from."""
    return next((x for x in ctx.all("threads.requested") if x.profile.format == "env-settings"
                 and x.metric.raw_name == "OMP_NUM_THREADS" and x.value == n), None)


def _capped(ctx: Context) -> Finding | None:
    """The OpenMP runtime reports a thread limit below the threads requested
    (``OMP_THREAD_LIMIT`` in ``OMP_DISPLAY_ENV``: every team is capped at it) and the run kept
    no more CPUs busy than that limit (``threads.lowered_share`` of the request or less, the
    shell's or the kernel's accounting): the regions ran with the capped team. Without a
    count of the threads that ran, the limit and the CPUs busy are what say it; the CPUs busy
    only gate it (a serial program keeps one busy too), so it stays a hypothesis."""
    req = _requested(ctx)
    cap = thread_limit(ctx, req.value) if req is not None else None
    busy = ctx.top("cpu.utilized")
    if req is None or cap is None or busy is None:
        return None
    lim = ctx.t("threads.lowered_share")
    if busy.value / req.value > lim or busy.value > cap.value + (1 - lim):
        return None
    ev = [ctx.ev(req, f"{req.value:.0f} threads requested ({req.metric.raw_name or 'threads'})",
                 kind="setting"),
          ctx.ev(cap, f"OMP_THREAD_LIMIT={cap.value:.0f}: the runtime caps every team at "
                 f"{cap.value:.0f} thread(s), below the {req.value:.0f} requested",
                 "< threads requested", kind="setting")]  # what the run was told: no count
    return ctx.finding("rt.threads_lowered", 0.6, f"parallel regions ran with at most "
                       f"{cap.value:.0f} of {req.value:.0f} requested threads: "
                       f"OMP_THREAD_LIMIT={cap.value:.0f} in the run's environment (unset it "
                       "or raise it)", ev,
                       limits=["the limit comes from the environment (a site profile or "
                               "module often sets it), not from code",
                               f"the run kept {busy.value:.2g} CPUs busy ({busy.kind}), as the "
                               "capped team would; a serial program would too, so that "
                               "only gates the finding"])

