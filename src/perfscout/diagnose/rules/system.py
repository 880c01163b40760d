"""System-layer rules: TLB and page faults, I/O waits, OS noise, oversubscription."""

from __future__ import annotations

from dataclasses import replace

from perfscout.diagnose import requests as rq
from perfscout.diagnose.engine import Context, Located, rule, source_kind
from perfscout.diagnose.kinds import NOISE_SHARE
from perfscout.diagnose.placement import contended, placement, sweep_points, time_sharing
from perfscout.diagnose.rules.common import (
    fmt,
    hybrid_launch,
    ranks,
    task_seconds,
    thread_count,
)
from perfscout.diagnose.rules.machine_load import lost_ev, machine_contention
from perfscout.diagnose.rules.traced import spawn_churn, traced_file_io
from perfscout.model.findings import DataRequest, Evidence, Finding
from perfscout.model.metrics import ScopeKind, SourceRef


def _sw(why: str) -> object:
    return lambda ctx, miss: [rq.software_events(ctx, why)]


@rule(id="sys.tlb_pagefaults", needs=("dtlb.miss_ratio|dtlb.load_misses|page_faults|"
                                      "page_faults.major|page_faults.minor|syscall.calls|"
                                      "alloc.temporary|@hotspots",),
      thresholds=("tlb.dtlb_miss_ratio", "tlb.major_faults", "tlb.faults_per_s", "tlb.sys_share",
                  "tlb.unmap_calls", "tlb.unmap_ms", "tlb.unmap_bytes", "tlb.spawns",
                  "tlb.faults_per_spawn",
                  "tlb.spawn_ms"),
      request=_sw("page faults and their rate"))  # type: ignore[arg-type]
def tlb_pagefaults(ctx: Context) -> Finding | None:
    """dTLB misses or page faults cost a real share of the run."""
    ev: list[Evidence] = []
    r = ctx.top("dtlb.miss_ratio")
    if r is None:
        m, lo = ctx.top("dtlb.load_misses"), ctx.top("dtlb.loads")
        if m is not None and lo is not None and lo.value > 0:
            v = m.value / lo.value
            if v >= ctx.t("tlb.dtlb_miss_ratio"):
                ev.append(ctx.ev(m, f"dTLB misses {fmt(m.value)} / loads {fmt(lo.value)} = "
                                 f"{v:.2%}", f">= {ctx.t('tlb.dtlb_miss_ratio'):.0%}",
                                 metric="dtlb.miss_ratio", value=v, unit="ratio"))
    elif r.value >= ctx.t("tlb.dtlb_miss_ratio"):
        ev.append(ctx.ev(r, f"dTLB miss ratio {r.value:.2%}",
                         f">= {ctx.t('tlb.dtlb_miss_ratio'):.0%}"))
    mj = ctx.top("page_faults.major")
    if mj is not None and mj.value >= ctx.t("tlb.major_faults"):
        ev.append(ctx.ev(mj, f"{fmt(mj.value)} major page faults",
                         f">= {ctx.t('tlb.major_faults'):g}"))
    # all faults (perf stat's page-faults), else the minor ones (perf stat, time -v): a fresh
    # page touched is a minor fault, the kind a buffer mapped again each step produces
    pf = ctx.top("page_faults") or ctx.top("page_faults.minor")
    if pf is not None:
        ts = task_seconds(ctx, pf.profile)
        u, s = ctx.top("time.user"), ctx.top("time.sys")
        if ts and ts[0] > 0 and u is not None and s is not None and u.value + s.value > 0:
            rate = pf.value / ts[0]
            sys_share = s.value / (u.value + s.value)
            if rate >= ctx.t("tlb.faults_per_s") and sys_share >= ctx.t("tlb.sys_share"):
                ev.append(ctx.ev(pf, f"{fmt(pf.value)} page faults = {rate:,.0f}/CPU-s",
                                 f"faults/s >= {ctx.t('tlb.faults_per_s'):g}"))
                ev.append(ctx.ev(s, f"system time {sys_share:.0%} of CPU time",
                                 f"sys share >= {ctx.t('tlb.sys_share'):.2f}"))
    spawns = spawn_churn(ctx)  # a child forked every step: the faults are copy-on-write
    remapped = _remapped(ctx) or _heap_remapped(ctx)
    if not ev and spawns is None and remapped is not None:
        ctx.request(rq.software_events(ctx, "page faults of the run (the trace does not see "
                                       "them)"))
        return ctx.finding("sys.tlb_pagefaults", 0.45, "large buffers mapped and unmapped "
                           "again and again: their pages are faulted in anew each time",
                           [remapped], limits=["a system-call trace does not count page "
                                               "faults: perf stat -e page-faults or time -v "
                                               "measures them"])
    if not ev and spawns is None:
        # no count of faults: a sampling profile alone putting the run's time in the kernel's
        # page-fault path (fault entry, page clearing, unmapping) still says where it goes
        alone = _sampled_faulting(ctx, set())
        if alone is None:
            return None
        ctx.request(rq.software_events(ctx, "how many page faults the run takes"))
        return ctx.finding("sys.tlb_pagefaults", 0.5, "the kernel's page-fault path holds a "
                           "large share of the samples: pages are faulted in (and cleared) "
                           "again and again", [alone],
                           limits=["no fault count was measured: perf stat -e page-faults or "
                                   "time -v counts them"])
    if spawns is not None:
        faulted = ctx.finding("sys.tlb_pagefaults", 0.45 + 0.1 * len(ev + spawns),
                              "copy-on-write page faults after a fork every step",
                              ev + spawns)
        return faulted
    churn = _unmap_churn(ctx) or remapped
    if churn is not None:  # the traced calls show how the faults come back: buffers unmapped
        ev.append(churn)
    faulting = _sampled_faulting(ctx, {e.source_kind for e in ev})
    if faulting is not None:
        ev.append(faulting)
    return ctx.finding("sys.tlb_pagefaults", 0.45 + 0.1 * len(ev), "TLB / page-fault pressure",
                       ev)


#: the kernel's page-fault path: entering the fault, finding and zeroing the new page
FAULT_PATH = ("exc_page_fault", "do_page_fault", "handle_mm_fault", "__handle_mm_fault",
              "do_anonymous_page", "do_user_addr_fault", "clear_page", "clear_page_erms",
              "clear_page_rep", "clear_page_orig", "asm_exc_page_fault", "do_fault",
              "alloc_pages_mpol", "__alloc_pages", "get_page_from_freelist",
              "__pte_offset_map_lock", "memcg1_commit_charge", "unmap_page_range",
              "zap_pte_range", "release_pages", "free_pages_and_swap_cache")


def _sampled_faulting(ctx: Context, have: set[str]) -> Evidence | None:
    """A profile of another family putting at least ``tlb.sys_share`` of the run in the kernel's
    page-fault path (fault entry, page allocation and zeroing, unmapping): where the time goes
    is faulting pages in."""
    from perfscout.diagnose.rules.common import category_share

    sh = category_share(ctx, lambda h: h.name.split("+")[0].strip() in FAULT_PATH)
    if sh is None or sh.share < ctx.t("tlb.sys_share"):
        return None
    fam = source_kind(sh.profile.format)
    if fam in have:
        return None
    top = max(sh.entries, key=lambda x: x[1])[0]
    return Evidence("hotspot.share", sh.share, "ratio", top.source or SourceRef(
        sh.profile.path, None), fam, f"{sh.share:.0%} of the samples in the kernel's page-fault "
        f"path ({', '.join(h.name for h, _ in sh.entries[:3])})",
        f"share >= {ctx.t('tlb.sys_share'):.2f}")


#: system calls that give memory back to the kernel (the next touch faults it in again)
RELEASE_CALLS = frozenset({"munmap", "madvise", "mremap"})


def _unmap_churn(ctx: Context) -> Evidence | None:
    """Repeated costly ``munmap``/``madvise`` calls (strace -c): large touched buffers go back
    to the kernel and the next allocation faults them in again. Supports a page-fault finding;
    alone it is not one."""
    best: tuple[Located, float] | None = None
    for calls in ctx.all("syscall.calls"):
        if calls.metric.scope.name not in RELEASE_CALLS or calls.value <= 0:
            continue
        secs = next((t for t in ctx.all("syscall.time") if t.profile is calls.profile
                     and t.metric.scope.name == calls.metric.scope.name), None)
        if secs is not None and (best is None or secs.value > best[1]):
            best = (calls, secs.value)
    if best is None or best[0].value < ctx.t("tlb.unmap_calls"):
        return None
    calls = best[0]
    ms = 1000 * best[1] / calls.value
    if ms < ctx.t("tlb.unmap_ms"):
        return None
    return ctx.ev(calls, f"{fmt(calls.value)} {calls.metric.scope.name} calls at {ms:.1f} ms "
                  "each: large buffers go back to the kernel and are faulted in again",
                  f"calls >= {ctx.t('tlb.unmap_calls'):g}, ms/call >= {ctx.t('tlb.unmap_ms'):g}")


#: system calls that map anonymous memory (a fresh mapping's pages fault on first touch)
MAP_CALLS = frozenset({"mmap", "mmap2"})


def _remapped(ctx: Context) -> Evidence | None:
    """A trace that names sizes (``strace`` call lines): ``tlb.unmap_calls`` or more
    ``munmap`` calls of ``tlb.unmap_bytes`` or more on average, with as many ``mmap`` calls
    in the same trace: large buffers are returned and mapped again, and every page of each
    new mapping is faulted in (zero-filled) when first touched."""
    for un in ctx.all("syscall.calls"):
        if un.metric.scope.name not in RELEASE_CALLS or un.value < ctx.t("tlb.unmap_calls"):
            continue
        size = next((b for b in ctx.all("syscall.bytes") if b.profile is un.profile
                     and b.metric.scope.name == un.metric.scope.name), None)
        maps = sum(c.value for c in ctx.all("syscall.calls") if c.profile is un.profile
                   and c.metric.scope.name in MAP_CALLS)
        if size is None or maps < ctx.t("tlb.unmap_calls"):
            continue
        mean = size.value / un.value
        if mean < ctx.t("tlb.unmap_bytes"):
            continue
        return ctx.ev(un, f"{fmt(un.value)} {un.metric.scope.name} calls of {mean / 2**20:.1f} "
                      f"MiB on average beside {fmt(maps)} mmap calls: each buffer mapped again "
                      f"is faulted in again ({mean / 4096:,.0f} pages of 4 KiB a time)",
                      f"calls >= {ctx.t('tlb.unmap_calls'):g}, bytes/call >= "
                      f"{ctx.t('tlb.unmap_bytes'):g}")
    return None


#: glibc's largest dynamic mmap threshold on 64-bit (DEFAULT_MMAP_THRESHOLD_MAX, 32 MiB): a
#: block at least this large is always mapped on malloc and unmapped on free, whatever was
#: freed before; smaller ones are served from the heap once one of their size was freed
GLIBC_MMAP_MAX = 32 * 2**20


def _heap_remapped(ctx: Context) -> Evidence | None:
    """An allocation profile (heaptrack) with one program site allocating ``tlb.unmap_calls``
    or more temporary blocks of at least :data:`GLIBC_MMAP_MAX`: glibc maps each anew and
    unmaps it on free, so every page of every block is faulted in (zero-filled) again."""
    for tmp in ctx.all("alloc.temporary", (ScopeKind.CALLSITE,)):
        if tmp.value < ctx.t("tlb.unmap_calls"):
            continue
        peak = ctx.beside(tmp, "heap.site_peak", (ScopeKind.CALLSITE,))
        if peak is None or peak.value < GLIBC_MMAP_MAX:
            continue
        pages = tmp.value * peak.value / 4096
        return ctx.ev(tmp, f"{fmt(tmp.value)} temporary blocks of {peak.value / 2**20:.0f} MiB "
                      f"allocated at {tmp.metric.scope.name}: each is above glibc's 32 MiB mmap "
                      f"ceiling, mapped anew and faulted in page by page (about {pages:,.0f} "
                      "page faults)", f"temporaries >= {ctx.t('tlb.unmap_calls'):g}, "
                      f"block >= {GLIBC_MMAP_MAX / 2**20:.0f} MiB")
    return None


@rule(id="sys.io", needs=("time.elapsed|syscall.time",),
      thresholds=("io.cpu_idle_share", "io.bytes", "io.blocked_switches", "io.sync_share",
                  "io.small_request_bytes", "io.traced_run_share", "io.traced_seconds",
                  "io.read_back_ratio", "app.io_share", "io.traced_over_run"),
      request=lambda ctx, miss: [rq.gnu_time(ctx, "elapsed vs CPU time and file-system I/O")])
def sys_io(ctx: Context) -> Finding | None:
    """The process waits (elapsed far above CPU time) while moving many bytes through files,
    or a system-call trace puts a real part of the run in file reads, writes and syncs
    (:func:`perfscout.diagnose.rules.traced.traced_file_io`)."""
    return _accounted_io(ctx) or traced_file_io(ctx)


def _accounted_io(ctx: Context) -> Finding | None:
    """Process accounting: elapsed far above CPU time while many bytes move through files."""
    el = ctx.top("time.elapsed")
    ts = task_seconds(ctx, el.profile if el else None)
    if el is None or ts is None or el.value <= 0 or ts[1].metric.name == "time.elapsed":
        return None
    threads = thread_count(ctx, el.profile) or 1
    util = ts[0] / (el.value * threads)
    idle = 1.0 - min(util, 1.0)
    if idle < ctx.t("io.cpu_idle_share"):
        return None
    ev = [ctx.ev(el, f"elapsed {el.value:.3g} s but CPU {ts[0]:.3g} s on {threads} thread(s): "
                 f"{idle:.0%} waiting", f"idle share >= {ctx.t('io.cpu_idle_share'):.2f}"),
          ctx.ev(ts[1], f"CPU time {ts[0]:.3g} s")]
    io = [loc for n in ("io.read_bytes", "io.write_bytes") if (loc := ctx.top(n)) is not None]
    moved = sum(loc.value for loc in io)
    if io and moved >= ctx.t("io.bytes"):
        ev.append(ctx.ev(max(io, key=lambda x: x.value), f"{moved / 1e6:,.0f} MB moved through "
                         "the file system", f"bytes >= {ctx.t('io.bytes'):g}"))
        traced = _file_io_share(ctx)
        if traced is not None:  # the traced system calls move or sync that data
            ev.append(traced)
        from perfscout.diagnose.rules.application import _printed_io_share

        printed = _printed_io_share(ctx, ctx.t("app.io_share"))
        if printed is not None and printed.source_kind not in {e.source_kind for e in ev}:
            ev.append(printed)  # the program's own timer of its file phase agrees
        return ctx.finding("sys.io", 0.7, "the run waits on file-system I/O", ev)
    # few bytes, but the process blocks itself (voluntary switches, not preemption by other
    # jobs) and its traced system time goes to syncing files: it waits for the disk
    blocked = _blocked(ctx)
    sync = _sync_share(ctx)
    if blocked is not None and sync is not None:
        ev.extend([blocked, sync])
        return ctx.finding("sys.io", 0.65, "the run waits for the disk (file syncs)", ev)
    small = _small_requests(ctx, moved)
    printed = _printed_small_requests(ctx)
    if small is not None and printed is not None:
        small.append(printed)  # the program's own request size agrees with the trace
    small = small or ([printed] if printed is not None else None)
    if blocked is not None and small is not None:
        ev.extend([blocked, *small])
        return ctx.finding("sys.io", 0.65, "the run waits for the disk, one small request at a "
                           "time", ev, scope=_top_data_call(ctx))
    return None


def _top_data_call(ctx: Context) -> str:
    """The traced call that moves the most file data time (``read``), for the finding's scope."""
    hits = [t for t in ctx.all("syscall.time") if t.metric.scope.name in DATA_CALLS]
    return max(hits, key=lambda t: t.value).metric.scope.name if hits else ""


def _small_requests(ctx: Context, moved: float) -> list[Evidence] | None:
    """``strace -c``: the calls that move file data hold ``io.sync_share`` or more of the traced
    time, and the bytes the run moved (process accounting) over those calls is at most
    ``io.small_request_bytes`` a call: each small request waits for the device (``O_DIRECT``,
    a raw device, a network file system). Returns the traced share and the bytes per call."""
    got = _syscall_share(ctx, DATA_CALLS)
    if got is None or moved <= 0:
        return None
    share, top, lim = got
    calls = sum(c.value for c in ctx.all("syscall.calls") if c.profile is top.profile
                and c.metric.scope.name in DATA_CALLS)
    if calls <= 0:
        return None
    per = moved / calls
    small = ctx.t("io.small_request_bytes")
    if per > small:
        return None
    return [ctx.ev(top, f"{share:.0%} of the traced system-call time moves file data "
                   f"({top.metric.scope.name} {top.value:.3g} s)", f"file data share >= {lim:.2f}",
                   metric="syscall.file_io_share", value=share, unit="ratio"),
            ctx.ev(top, f"{moved / 1e6:,.3g} MB in {fmt(calls)} calls = {per / 1024:,.1f} KiB per "
                   "call", f"bytes per call <= {small / 1024:g} KiB", metric="io.bytes_per_call",
                   value=per, unit="B")]


def _printed_small_requests(ctx: Context) -> Evidence | None:
    """The program's own printout: each read or write moves ``io.request_bytes``, at most
    ``io.small_request_bytes`` (``block=4096`` with ``O_DIRECT``)."""
    req = ctx.top("io.request_bytes")
    small = ctx.t("io.small_request_bytes")
    if req is None or req.value <= 0 or req.value > small:
        return None
    return ctx.ev(req, f"the program moves {fmt(req.value)} B per request",
                  f"bytes per request <= {small / 1024:g} KiB")


SYNC_CALLS = frozenset({"fsync", "fdatasync", "sync", "syncfs", "sync_file_range", "msync"})
#: system calls that move file data (with the syncs: the file I/O a trace sees)
DATA_CALLS = frozenset({"read", "write", "pread64", "pwrite64", "readv", "writev", "preadv",
                        "pwritev", "preadv2", "pwritev2", "copy_file_range", "sendfile"})


def _syscall_share(ctx: Context, names: frozenset[str]) -> tuple[float, Located, float] | None:
    """The share of traced system-call time spent in ``names`` when it reaches
    ``io.sync_share``, with the costliest of those calls and the bar."""
    times = [t for t in ctx.all("syscall.time") if t.metric.scope.name]
    total = sum(t.value for t in times)
    hits = [t for t in times if t.metric.scope.name in names]
    if total <= 0 or not hits:
        return None
    share = sum(t.value for t in hits) / total
    lim = ctx.t("io.sync_share")
    if share < lim:
        return None
    return share, max(hits, key=lambda t: t.value), lim


def _file_io_share(ctx: Context) -> Evidence | None:
    """``strace -c``: the share of traced system-call time that reads, writes or syncs files,
    at or above ``io.sync_share`` (the same bar as the sync share alone)."""
    got = _syscall_share(ctx, DATA_CALLS | SYNC_CALLS)
    if got is None:
        return None
    share, top, lim = got
    return ctx.ev(top, f"{share:.0%} of the traced system-call time reads, writes or syncs "
                  f"files ({top.metric.scope.name} {top.value:.3g} s)",
                  f"file I/O share >= {lim:.2f}", metric="syscall.file_io_share",
                  value=share, unit="ratio")


def _blocked(ctx: Context) -> Evidence | None:
    inv = ctx.top("context_switches.involuntary")
    if inv is None:
        return None
    vol = next((c for c in ctx.all("context_switches") if c.profile is inv.profile), None)
    if vol is None or vol.value + inv.value <= 0:
        return None
    share = vol.value / (vol.value + inv.value)
    lim = ctx.t("io.blocked_switches")
    if share < lim:
        return None
    return ctx.ev(vol, f"{fmt(vol.value)} voluntary vs {fmt(inv.value)} involuntary context "
                  f"switches: the process blocks itself ({share:.0%}), it is not preempted",
                  f"voluntary share >= {lim:.2f}", metric="context_switches.voluntary_share",
                  value=share, unit="ratio")


def _sync_share(ctx: Context) -> Evidence | None:
    got = _syscall_share(ctx, SYNC_CALLS)
    if got is None:
        return None
    share, top, lim = got
    calls = next((c for c in ctx.all("syscall.calls") if c.profile is top.profile
                  and c.metric.scope.name == top.metric.scope.name), None)
    n = f"{fmt(calls.value)} calls, " if calls is not None else ""
    return ctx.ev(top, f"{top.metric.scope.name} holds {share:.0%} of the traced system-call "
                  f"time ({n}{top.value:.3g} s)", f"sync share >= {lim:.2f}",
                  metric="syscall.sync_share", value=share, unit="ratio")


#: CPU seconds below which a switch rate is not rated: a process that mostly slept (30 x
#: ``sleep 0.1`` in a script: 0.04 s CPU) has a few switches over almost no CPU time
_MIN_RATED_CPU_S = 0.1


@rule(id="sys.os_noise",
      needs=("context_switches|cpu_migrations|context_switches.involuntary|cpu.utilized"
             "|sched.wait_share|machine.run_queue|cpu.share|psi.cpu.some|machine.others_cpus"
             "|machine.others_share|time.repeat_spread",),
      thresholds=("noise.ctx_per_cpu_s", "noise.involuntary_share", "contention.busy_share",
                  "noise.explains_share",
                  "contention.runqueue_share", "contention.run_queue",
                  "contention.machine_busy", "contention.busy_process", "contention.psi_cpu",
                  "oversub.ratio", "contention.others_cpus", "imbalance.strong",
                  "noise.repeat_spread"),
      request=_sw("context switches and migrations of the run"))  # type: ignore[arg-type]
def os_noise(ctx: Context) -> Finding | None:
    """Frequent context switches, other jobs' load holding the CPUs the run could use, or a
    run that waited in the run queue: the kernel takes the cores away from the program."""
    ctx.t("noise.explains_share")  # recorded: the ranking judges the share with it
    queued = _run_queue_wait(ctx)
    # the snapshot's load average, else vmstat/top saying the machine was saturated
    got = _contention(ctx, queued) or machine_contention(ctx) or _traced_contention(ctx)
    spread = _repeats_spread(ctx)
    if got is not None and spread is not None:
        # the same work timed again and stretched: the run's own measure of the waiting
        have = {(e.metric, e.source) for e in got.evidence}
        got = replace(got, evidence=(*got.evidence, *(
            e for e in spread.evidence if (e.metric, e.source) not in have)))
    got = got or spread
    if got is not None:
        return with_noise_share(got)
    if queued is not None:
        ev = [queued]
        own = _own_cpu_share(ctx, queued.source_kind)
        if own is not None:
            ev.append(own)
        return with_noise_share(ctx.finding("sys.os_noise", 0.6, "the run waits for a CPU "
                                            "behind other runnable tasks", ev))
    cs = ctx.top("context_switches.involuntary") or ctx.top("context_switches")
    if cs is None:
        return None
    ts = task_seconds(ctx, cs.profile)
    if ts is None or ts[0] < _MIN_RATED_CPU_S:
        return None
    rate = cs.value / ts[0]
    lim = ctx.t("noise.ctx_per_cpu_s")
    if rate < lim:
        return None
    ev = [ctx.ev(cs, f"{fmt(cs.value)} {cs.metric.name.replace('_', ' ')} in {ts[0]:.3g} CPU-s "
                 f"= {rate:,.0f}/s", f"per CPU-s >= {lim:g}"),
          ctx.ev(ts[1], f"CPU time {ts[0]:.3g} s")]
    own = _own_cpu_share(ctx, cs.kind)
    if own is not None:
        ev.append(own)
    return with_noise_share(ctx.finding("sys.os_noise", 0.5, "the scheduler interrupts the run "
                                        "often", ev))


def _repeats_spread(ctx: Context) -> Finding | None:
    """Repeats of one run, the same work timed again (in one printout, or one command echoed
    in several), whose slowest took ``noise.repeat_spread`` times the fastest or more
    (``time.repeat_spread``): nothing in the program changed between them, the machine did.
    A top table or vmstat saying other work saturated the CPUs while they ran is a second
    family; the slowest repeat's wall time beyond the fastest is what waiting can explain."""
    from perfscout.diagnose.rules.machine_load import saturated

    spread = max(ctx.all("time.repeat_spread"), key=lambda x: x.value, default=None)
    lim = ctx.t("noise.repeat_spread")
    if spread is None or spread.value < lim:
        return None
    ev = [ctx.ev(spread, f"repeats of the same run: the slowest took {spread.value:.2f}x the "
                 f"fastest ({spread.metric.raw_name})", f"slowest / fastest >= {lim:g}")]
    sat = saturated(ctx)
    if sat is not None:
        ev.extend(sat.evidence)
    lost = 1.0 - 1.0 / spread.value
    ev.append(ctx.ev(None, f"waiting for a CPU can explain {lost:.0%} of the slowest repeat's "
                     "wall time", metric=NOISE_SHARE, value=round(lost, 3), unit="ratio"))
    return ctx.finding("sys.os_noise", 0.45 + (0.15 if sat is not None else 0.0),
                       f"the same run took up to {spread.value:.1f}x longer from one repeat to "
                       "the next: the machine, not the code", ev,
                       limits=["repeats say the time varied, not what took the CPUs: a top, "
                               "vmstat or perf sched record beside a slow repeat shows it"])


def noise_share(f: Finding) -> float | None:
    """The share of the run's wall time the waiting for a CPU can explain, from the finding's
    own evidence: the run-queue wait share or 1 - the run's share of a CPU (the contention
    path states 1 - CPUs kept busy / CPUs it could use itself); None when no evidence
    measures it (a switch rate alone says how often, not how long)."""
    got: list[float] = []
    for e in f.evidence:
        if e.value is None:
            continue
        if e.metric == "sched.wait_share":
            got.append(e.value)
        elif e.metric == "cpu.share":
            got.append(1.0 - min(e.value, 1.0))
    return max(got) if got else None


def with_noise_share(f: Finding) -> Finding:
    """``f`` with its :data:`~perfscout.diagnose.kinds.NOISE_SHARE` stated as evidence (the
    ranking reads it), when its evidence measures one."""
    share = noise_share(f)
    if share is None or any(e.metric == NOISE_SHARE for e in f.evidence):
        return f
    ev = Evidence(NOISE_SHARE, round(share, 3), "ratio", None, "", f"waiting for a CPU can "
                  f"explain {share:.0%} of the run's wall time, none of its CPU time")
    return replace(f, evidence=(*f.evidence, ev))


def _own_cpu_share(ctx: Context, have: str) -> Evidence | None:
    """The program's own timers of another family (``wall=10.9 s cpu=0.087 s``) say a run
    of one thread got less than ``contention.busy_share`` of a CPU: it waited for one."""
    from perfscout.diagnose.placement import cpu_shares

    if (thread_count(ctx) or 1) > 1:
        return None
    lim = ctx.t("contention.busy_share")
    for runs in cpu_shares(ctx).values():
        share, loc = min(runs, key=lambda x: x[0])
        if loc.kind != have and share < lim:
            return ctx.ev(loc, f"the program's own timers: {share:.0%} of a CPU (CPU time / "
                          f"wall {loc.value:.3g} s)", f"cpu / wall < {lim:g}",
                          metric="cpu.share", value=share, unit="ratio")
    return None


#: run-queue wait (s) below which a task only woke up often (a sleeping waiter), not queued
_MIN_QUEUED_S = 0.1


def _run_queue_wait(ctx: Context) -> Evidence | None:
    """``/proc/PID/schedstat``, ``perf sched``: the run spent ``contention.runqueue_share`` or
    more of its runnable time waiting in the run queue (``sched.wait_share``): other tasks held
    the CPU. A wait under ``_MIN_QUEUED_S`` is a sleeping task's wake-ups, not a run held
    back; a run of more threads or ranks than CPUs queues behind its own threads."""
    w = ctx.top("sched.wait_share")
    lim = ctx.t("contention.runqueue_share")
    if w is None or w.value < lim:
        return None
    cpus = int(ctx.fact("cpu.online") or 0)
    if cpus and (_slower_beyond_cpus(ctx, cpus) is not None or (placement(ctx).wanted or 0)
                 > cpus * ctx.t("oversub.ratio")):
        return None  # the queue holds the program's own threads, more than CPUs: that is
        # sys.oversubscription, not other tasks
    waited = next((x for x in ctx.all("sched.wait_time") if x.profile is w.profile), None)
    if waited is not None and waited.value < _MIN_QUEUED_S:
        return None
    return ctx.ev(w, f"waited in the run queue {w.value:.0%} of its runnable time "
                  "(run-queue wait / (CPU time + wait)): other tasks held the CPU",
                  f"run-queue wait share >= {lim:.2f}")


def _contention(ctx: Context, queued: Evidence | None = None) -> Finding | None:
    """The run got fewer CPUs than it could use while the load average says other jobs ran:
    "0.33 CPUs utilized" under load 10 is a shared machine, not idle cores (``queued``, the
    run-queue wait, is added when there)."""
    pl = placement(ctx)
    if pl.busy is None or pl.load is None or not pl.online or not contended(ctx, pl):
        return None
    could = min(pl.wanted or 1, pl.usable or 1)
    lim = ctx.t("contention.busy_share")
    # not even one full CPU: a run with one busy thread or more would keep one CPU busy
    if pl.busy.value >= min(could, 1) * lim:
        return None
    ev = [ctx.ev(pl.busy, f"{pl.busy.value:.2f} CPUs utilized where {could} could be busy",
                 f"busy / usable < {lim:.2f}"),
          ctx.fact_ev("load.avg1", pl.load, f"load average {pl.load:.2f} on {pl.online} CPUs "
                      f"when collected: other jobs ran ({pl.other_load:.2f} besides this run)")]
    own = _own_cpu_share(ctx, pl.busy.kind)
    if own is not None:
        ev.append(own)
    if queued is not None:
        ev.append(queued)
    ev.append(lost_ev(ctx, pl.busy.value, could))
    return ctx.finding("sys.os_noise", 0.7, "other jobs share the cores: the run got "
                       f"{pl.busy.value:.2f} of {could} CPU(s)", ev,
                       limits=["the load average is sampled when the snapshot was taken, not "
                               "over the run"])


def _traced_contention(ctx: Context) -> Finding | None:
    """A record of the whole machine beside the run shows other tasks keeping at least
    ``contention.others_cpus`` CPUs busy: a scheduler trace (``perf sched timehist -s``:
    ``machine.others_cpus``) or a system-wide profile by command (``perf record -a``: the other
    commands' share of every CPU's samples times the CPUs online). The run's threads ran alike
    (no thread busier than ``imbalance.strong`` times the mean, when the trace gives them)
    and it kept fewer than ``contention.busy_share`` of the CPUs it could use (its measured
    utilization, or its own share of the system-wide samples times the CPUs): measured beside
    the run, not read from a load average sampled at another time."""
    online = ctx.fact("cpu.online")
    others = ctx.top("machine.others_cpus")
    held = others.value if others is not None else None
    share = ctx.top("machine.others_share")
    if held is None and share is not None and online:
        others, held = share, share.value * online
    if others is None or held is None or held < ctx.t("contention.others_cpus"):
        return None
    pl = placement(ctx)
    busy_loc = ctx.top("cpu.utilized")
    own = next((x for x in ctx.all("machine.program_share") if x.profile is others.profile),
               None)
    busy = busy_loc.value if busy_loc is not None else (
        own.value * online if own is not None and online else None)
    could = min(pl.wanted or 1, pl.usable or 1)
    lim = ctx.t("contention.busy_share")
    if busy is None or could < 2 or busy >= could * lim:
        return None
    if pl.wanted is not None and pl.usable is not None and pl.wanted > pl.usable:
        return None  # its own threads outnumber the CPUs: they queue behind each other first
    spread = next((x for x in ctx.all("imbalance.max_over_mean")
                   if x.profile is others.profile), None)
    if spread is not None and spread.value >= ctx.t("imbalance.strong"):
        return None  # one thread did the work: the others had nothing to run, not no CPU
    ev = [ctx.ev(others, f"other tasks kept {held:.2f} CPUs busy beside the run",
                 f">= {ctx.t('contention.others_cpus'):g} CPUs"),
          ctx.ev(busy_loc or own, f"{busy:.2f} CPUs utilized where {could} could be busy",
                 f"busy / usable < {lim:.2f}")]
    if spread is not None:
        ev.append(ctx.ev(spread, f"its threads ran alike (busiest {spread.value:.2f}x the "
                         "mean)"))
    ev.append(lost_ev(ctx, busy, could))
    return ctx.finding("sys.os_noise", 0.65, "other tasks shared the cores beside the run: it "
                       f"got {busy:.2f} of {could} CPU(s)", ev)


@rule(id="sys.oversubscription", needs=(), facts=("cpu.online",),
      thresholds=("oversub.ratio", "sched.shared_switches_per_s", "oversub.own_share_drop",
                  "contention.runqueue_share"))
def oversubscription(ctx: Context) -> Finding | None:
    """More threads or ranks than the machine has CPUs, or more of the user's own jobs
    started together than CPUs (each getting far less of a CPU than one run alone)."""
    cpus = int(ctx.fact("cpu.online"))
    jobs = _own_jobs(ctx, cpus)
    if jobs is not None:
        return jobs
    n = thread_count(ctx)
    # a hybrid launch in any input (a lone run beside an ensemble of hybrid ranks): the most
    # threads launched together, whichever file comes first
    hybrid = [h for p in ctx.profiles if (h := hybrid_launch(p.meta.get("command", "")))]
    if hybrid and max(hybrid) > (n or 0):
        n = max(hybrid)
    per_rank = ranks(ctx, "mpi.time") or ranks(ctx, "app.time")
    src = None
    pl = placement(ctx)
    # an input that lists the count (a runtime's rank lines) is the evidence even when the
    # command line asked for as many: what was asked is a setting, what was listed measured
    if pl.wanted_src is not None and pl.wanted and pl.wanted >= (n or 0):
        n, src = pl.wanted, pl.wanted_src
    if per_rank and len(per_rank) > (n or 0):
        n, src = len(per_rank), per_rank[0]
    if cpus <= 0:
        return None
    lim = ctx.t("oversub.ratio")
    slow = _slower_beyond_cpus(ctx, cpus)
    if slow is not None and slow[1][0] / cpus > lim and (n is None or n / cpus <= lim):
        # a sweep point past the CPUs (ranks x threads per rank of a hybrid run) that ran
        # slower than the points within them: the count that was run, measured by its time
        n, src = slow[1][0], slow[1][2]
    if n is None or n / cpus <= lim or _team_fit(ctx, n, cpus, src):
        return None
    prof = src.profile if src else next(
        (p for p in ctx.profiles if thread_count(ctx, p) == n), ctx.profiles[0])
    ev = [Evidence("threads", float(n), "count", src.source if src else
                   (prof.metrics[0].source if prof.metrics else None) or _path(prof),
                   _kind_of(src), f"{n} threads/ranks on {cpus} CPUs",
                   f"threads / cpus > {lim:g}"),
          ctx.fact_ev("cpu.online", cpus, f"{cpus} online CPUs")]
    shared = time_sharing(ctx)
    if shared is not None:  # the OS saw the threads take turns: a measured consequence
        ev.append(ctx.ev(shared[0], f"{fmt(shared[0].value)} context switches = "
                         f"{shared[1]:,.0f}/CPU-s: the threads take turns on the CPUs",
                         f"per CPU-s >= {ctx.t('sched.shared_switches_per_s'):g}"))
    queued = ctx.top("sched.wait_share")
    if queued is not None and queued.value >= ctx.t("contention.runqueue_share"):
        # the scheduler's own account: the program's threads waited for a CPU (perf sched,
        # /proc/PID/schedstat), the consequence of more of them than CPUs
        ev.append(ctx.ev(queued, f"its threads waited in the run queue {queued.value:.0%} of "
                         "their runnable time", f"run-queue wait share >= "
                         f"{ctx.t('contention.runqueue_share'):.2f}"))
    if slow is not None:  # the program's own measure: past the CPUs, the run got slower
        (n_in, t_in), (n_out, t_out, loc) = slow
        ev.append(ctx.ev(loc, f"{n_out} threads/ranks take {t_out:.3g} s vs {t_in:.3g} s with "
                         f"{n_in} on {cpus} CPUs ({t_out / t_in:.1f}x slower)",
                         "time with more threads than CPUs > time within them",
                         metric="scaling.speedup", value=t_in / t_out, unit="ratio"))
    return ctx.finding("sys.oversubscription", 0.8, "more threads/ranks than CPUs", ev)


def _team_fit(ctx: Context, n: int, cpus: int, src: Located | None) -> bool:
    """The count is only what was asked for (a setting) and the threads measured running
    (their own timers, a per-thread profile or table) were no more than the CPUs: the runtime
    ran fewer (``rt.threads_lowered``), nothing time-shared the cores."""
    from perfscout.diagnose.rules.threads_lowered import running

    if src is not None and src.metric.name != "threads.requested":
        return False
    seen = running(ctx)
    return bool(seen) and all(k < n and k <= cpus for k, _, _ in seen)


def _own_jobs(ctx: Context, cpus: int) -> Finding | None:
    """More runs of the program printed together than CPUs, each with a CPU share
    ``oversub.own_share_drop`` below a lone run's; process accounting of another family
    (several ``time -v`` reports each with as low a CPU percentage) measures the same share."""
    from perfscout.diagnose.placement import shared_jobs

    sj = shared_jobs(ctx)
    if sj is None or cpus <= 0 or sj.jobs / cpus <= ctx.t("oversub.ratio"):
        return None
    drop = ctx.t("oversub.own_share_drop")
    ev = [ctx.ev(sj.first, f"{sj.jobs} runs printed together on {cpus} CPUs, each with "
                 f"{sj.share:.0%} of a CPU (CPU time / wall time)", f"jobs / cpus > "
                 f"{ctx.t('oversub.ratio'):g}", metric="cpu.share", value=sj.share,
                 unit="ratio"),
          ctx.ev(sj.lone, f"the same program alone got {sj.alone:.0%} of a CPU "
                 f"({sj.alone / sj.share:.1f}x more)", f"alone / together >= {drop:g}",
                 metric="cpu.share", value=sj.alone, unit="ratio"),
          ctx.fact_ev("cpu.online", cpus, f"{cpus} online CPUs")]
    pcts = [p for p in ctx.all("cpu.percent") if p.kind != sj.first.kind]
    by: dict[int, list[Located]] = {}
    for p in pcts:
        by.setdefault(id(p.profile), []).append(p)
    reports = max(by.values(), key=len, default=[])
    if len(reports) >= 2:
        mean = sum(p.value for p in reports) / len(reports) / 100.0
        if mean > 0 and sj.alone / mean >= drop:
            ev.append(ctx.ev(reports[0], f"{len(reports)} process reports: each got "
                             f"{mean:.0%} of a CPU on average", f"alone / each >= {drop:g}",
                             metric="cpu.share", value=mean, unit="ratio"))
    return ctx.finding("sys.oversubscription", 0.7, "more of the user's own jobs at once than "
                       "CPUs", ev)


def _slower_beyond_cpus(ctx: Context, cpus: int
                        ) -> tuple[tuple[int, float], tuple[int, float, Located]] | None:
    """A sweep point with more runnable threads than CPUs that ran slower than the best point
    within them: (best within, slowest beyond), else None."""
    pts = sweep_points(ctx)
    inside = [(n, t) for n, t, _ in pts if n <= cpus and t > 0]
    beyond = [(n, t, loc) for n, t, loc in pts if n > cpus]
    if not inside or not beyond:
        return None
    best = min(inside, key=lambda x: x[1])
    worst = max(beyond, key=lambda x: x[1])
    return (best, worst) if worst[1] > best[1] else None


def _kind_of(src: Located | None) -> str:
    """A requested thread count is a setting; threads or ranks a runtime listed are measured."""
    if src is None:
        return "meta"
    from perfscout.diagnose.crossval import SETTING_QUANTITIES

    return "setting" if src.metric.name in SETTING_QUANTITIES or \
        src.metric.name.startswith("event.") else src.kind


def _path(p: object) -> SourceRef:
    return SourceRef(getattr(p, "path", ""), 1)


_unused: tuple[type, ...] = (DataRequest,)
