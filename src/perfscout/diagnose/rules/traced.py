"""What a system-call trace (``strace -c`` / ``strace -f -c``) says on its own: time the run
spends moving file data (an intermediate array spilled to a scratch file and read back every
step: ``sys.io``), and processes created again and again (a checkpoint child ``fork()``ed every
step, whose shared pages the parent's next sweep copies on write: ``sys.tlb_pagefaults``).

The trace counts calls and the time spent in them; it does not see page faults or the run's
wall time, so each helper here reads those from another input when one is given (the
program's own printout, ``time -v``, ``perf stat``) and otherwise judges on the traced
quantities alone, with a data request for the rest.
"""

from __future__ import annotations

from dataclasses import dataclass

from perfscout.diagnose import requests as rq
from perfscout.diagnose.engine import Context, Located
from perfscout.diagnose.rules.common import fmt
from perfscout.model.findings import Evidence, Finding
from perfscout.model.metrics import Profile

#: system calls that move file data, sync it, or move the file offset between writing and
#: reading it back
FILE_CALLS = frozenset({"read", "write", "pread64", "pwrite64", "readv", "writev", "preadv",
                        "pwritev", "preadv2", "pwritev2", "copy_file_range", "sendfile",
                        "fsync", "fdatasync", "sync", "syncfs", "sync_file_range", "msync",
                        "lseek", "_llseek"})
READS = frozenset({"read", "pread64", "readv", "preadv", "preadv2"})
WRITES = frozenset({"write", "pwrite64", "writev", "pwritev", "pwritev2"})
#: system calls that create a process (``fork()`` is ``clone`` in glibc)
SPAWN_CALLS = frozenset({"fork", "vfork", "clone", "clone3"})


@dataclass(frozen=True)
class Traced:
    """One trace's calls of a set of system calls."""

    profile: Profile
    seconds: float  # time in those calls
    calls: float
    total_seconds: float  # time in every traced call
    top: Located  # the costliest of those calls (its time)

    def calls_of(self, ctx: Context, names: frozenset[str]) -> float:
        return sum(c.value for c in ctx.all("syscall.calls") if c.profile is self.profile
                   and c.metric.scope.name in names)

    def seconds_of(self, ctx: Context, names: frozenset[str]) -> float:
        return sum(t.value for t in ctx.all("syscall.time") if t.profile is self.profile
                   and t.metric.scope.name in names)


def traced(ctx: Context, names: frozenset[str]) -> Traced | None:
    """The trace (of those given) that spends the most time in ``names``; None without a trace
    that calls them."""
    best: Traced | None = None
    for p in {id(t.profile): t.profile for t in ctx.all("syscall.time")}.values():
        per = [t for t in ctx.all("syscall.time") if t.profile is p and t.metric.scope.name]
        hits = [t for t in per if t.metric.scope.name in names]
        if not hits:
            continue
        calls = sum(c.value for c in ctx.all("syscall.calls") if c.profile is p
                    and c.metric.scope.name in names)
        got = Traced(p, sum(t.value for t in hits), calls, sum(t.value for t in per),
                     max(hits, key=lambda t: t.value))
        if best is None or got.seconds > best.seconds:
            best = got
    return best


def _run_time(ctx: Context, not_from: Profile) -> Located | None:
    """The run's wall time from another input than the trace (its printout, time -v)."""
    els = [e for e in ctx.all("time.elapsed") if e.profile is not not_from and e.value > 0]
    return max(els, key=lambda e: e.value) if els else None


def traced_file_io(ctx: Context) -> Finding | None:
    """Traced calls that read, write, sync or seek files hold ``io.sync_share`` of the traced
    system-call time AND a real part of the run: ``io.traced_run_share`` of its wall time when
    another input gives that time, else ``io.traced_seconds`` on their own with the data
    written read back as well (a hypothesis that asks for the run's times). A file both
    written and read back in many calls is an intermediate spilled to storage; a result
    written once stays under both bars."""
    tr = traced(ctx, FILE_CALLS)
    if tr is None or tr.total_seconds <= 0 or tr.seconds <= 0:
        return None
    traced_share = tr.seconds / tr.total_seconds
    lim_share = ctx.t("io.sync_share")
    if traced_share < lim_share:
        return None
    ev = [ctx.ev(tr.top, f"{traced_share:.0%} of the traced system-call time reads, writes, "
                 f"syncs or seeks files ({fmt(tr.calls)} calls, {tr.seconds:.3g} s; "
                 f"{tr.top.metric.scope.name} {tr.top.value:.3g} s)",
                 f"file I/O share >= {lim_share:.2f}", metric="syscall.file_io_share",
                 value=traced_share, unit="ratio")]
    reads, writes = tr.calls_of(ctx, READS), tr.calls_of(ctx, WRITES)
    lim_back = ctx.t("io.read_back_ratio")
    back = reads > 0 and writes > 0 and min(reads, writes) / max(reads, writes) >= lim_back
    el = _run_time(ctx, tr.profile)
    if el is not None:
        lim = ctx.t("io.traced_run_share")
        run_share = tr.seconds / el.value
        if run_share < lim or run_share > ctx.t("io.traced_over_run"):
            # more traced time than the run itself: the tracer's own cost per call (ptrace,
            # perf trace) is in it, so it says nothing of the untraced run's share
            return None
        ev.append(ctx.ev(el, f"{tr.seconds:.3g} s of traced file I/O in a run of "
                         f"{el.value:.3g} s ({run_share:.0%})", f"share of the run >= {lim:.2f}",
                         metric="io.run_share", value=run_share, unit="ratio"))
        conf = 0.55 + 0.3 * min(run_share, 1.0)
    else:
        lim = ctx.t("io.traced_seconds")
        if tr.seconds < lim or not back:  # alone, the trace must show the data read back
            return None
        conf = 0.5
        ctx.request(rq.gnu_time(ctx, "the run's wall time beside its traced file I/O"))
    if back:
        ev.append(Evidence("syscall.read_write_ratio", min(reads, writes) / max(reads, writes),
                           "ratio", tr.top.source, tr.top.kind,
                           f"{fmt(writes)} writes and {fmt(reads)} reads: the data written is "
                           "read back", f"min/max of read and write calls >= {lim_back:g}"))
    title = ("the run writes data to a file and reads it back" if back
             else "the run spends its time in file I/O calls")
    return ctx.finding("sys.io", conf, title, ev, scope=tr.top.metric.scope.name)


def spawn_churn(ctx: Context) -> list[Evidence] | None:
    """Processes created over and over (``tlb.spawns`` or more ``clone``/``fork`` calls in a
    trace): with page faults counted by another input, the faults per process created (each
    child shares the parent's pages, so the parent's next write to each page copies it: one
    fault per page per fork); without them, each fork's own cost (``tlb.spawn_ms`` or more
    per call: copying the page tables of a large address space). None for a program that
    creates a process once or twice (a launcher, a helper at start)."""
    tr = traced(ctx, SPAWN_CALLS)
    lim = ctx.t("tlb.spawns")
    if tr is None or tr.calls < lim:
        return None
    ev = [ctx.ev(tr.top, f"{fmt(tr.calls)} processes created ({tr.top.metric.scope.name}, "
                 f"{tr.seconds:.3g} s in those calls)", f"process creations >= {lim:g}",
                 metric="syscall.spawns", value=tr.calls, unit="count")]
    faults = [f for n in ("page_faults", "page_faults.minor")
              for f in ctx.all(n) if f.value > 0 and f.kind != tr.top.kind]
    if faults:
        pf = max(faults, key=lambda f: f.value)
        per = pf.value / tr.calls
        lim_pf = ctx.t("tlb.faults_per_spawn")
        if per < lim_pf:
            return None
        ev.append(ctx.ev(pf, f"{fmt(pf.value)} page faults = {per:,.0f} per process created "
                         f"(~{per * 4096 / 2**20:,.0f} MiB of 4 KiB pages copied on write "
                         "each time)", f"faults per process created >= {lim_pf:g}",
                         metric="page_faults.per_spawn", value=per, unit="count"))
        return ev
    ms = 1000 * tr.seconds / tr.calls
    lim_ms = ctx.t("tlb.spawn_ms")
    if ms < lim_ms:
        return None
    ev.append(ctx.ev(tr.top, f"{ms:.2f} ms per process created: each copies the page tables "
                     "of a large address space", f"ms per creation >= {lim_ms:g}",
                     metric="syscall.spawn_ms", value=ms, unit="ms"))
    ctx.request(rq.software_events(ctx, "page faults of a run that forks every step"))
    return ev
