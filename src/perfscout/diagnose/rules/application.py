"""Application-layer rules: I/O and parsing hotspots (judged on the whole profile), redundant
work, precision."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from perfscout.diagnose import requests as rq
from perfscout.diagnose.engine import Context, Located, rule, source_kind
from perfscout.diagnose.rules import app_compute
from perfscout.diagnose.rules.checking_build import checking_build
from perfscout.diagnose.rules.common import (
    Share,
    achieved_bw,
    category_share,
    fmt,
    hot_is_mpi,
    hotspot_shares,
    is_io,
    mem_bench,
)
from perfscout.diagnose.rules.runtime import _hot_ev

if TYPE_CHECKING:
    from perfscout.diagnose.libwork import FamilyShare as FamilyShareT
from perfscout.diagnose.rules.system import FAULT_PATH
from perfscout.model.findings import Evidence, Finding
from perfscout.model.isa import is_soft_float, soft_type
from perfscout.model.metrics import Hotspot, Profile, ScopeKind, SourceRef
from perfscout.model.symbols import LIBM, libm_routine


@rule(id="app.io_hotspot", needs=("@hotspots|syscall.total_calls|io.time|io.write_chars|"
                                 "io.read_chars",),
      thresholds=("app.io_share", "io.library_seen_share", "io.library_io_share",
                  "io.syscalls_per_s", "io.rw_syscall_share", "io.opens_per_write",
                  "io.reads_per_cpu_s",
                  "io.writes_per_record", "io.records_min", "io.small_call_bytes"),
      request=lambda ctx, miss: [rq.sampling(ctx)])
def io_hotspot(ctx: Context) -> Finding | None:
    """Input parsing or I/O functions hold a large share of the WHOLE profile (not its head),
    or the program makes read/write system calls at a very high rate (unbuffered I/O); the
    program's own timer of its output phase (``output=1.1 s`` of the run) agrees."""
    got = _syscall_io(ctx) or _small_calls(ctx)
    sh = _io_share(ctx)
    lim = ctx.t("app.io_share")
    if got is not None:
        if sh is not None and sh.share >= lim and not _formatted_in_memory(ctx, sh):
            # a sampled profile putting the run in I/O functions measures the same cost
            hot = _hot_ev(ctx, sh, "I/O and parsing functions take",
                          f"share of whole profile >= {lim:.2f}")
            if hot.source_kind not in {e.source_kind for e in got.evidence}:
                got = replace(got, evidence=(*got.evidence, hot))
        return got
    if sh is not None and _formatted_in_memory(ctx, sh):
        # that profile says the text is formatted (and parsed) in memory: redundant work, not
        # I/O; another profile of the run holding as large a share decides in its own terms,
        # so the answer never turns on which of two near-equal shares came out larger
        other = _io_share(ctx, skip=sh.profile)
        sh = other if other is not None and not _formatted_in_memory(ctx, other) else None
    parsed = _read_text(ctx, lim) or _read_in_user_space(ctx, lim)
    if parsed is not None:
        return parsed
    printed = _printed_io_share(ctx, lim)
    if (sh is None or sh.share < lim) and printed is None:
        return None
    if sh is None or sh.share < lim:
        assert printed is not None
        return ctx.finding("app.io_hotspot", 0.4 + 0.3 * min(printed.value or 0.0, 1.0),
                           "the program's own timer puts the run in reading/writing files",
                           [printed])
    ev = [_hot_ev(ctx, sh, "I/O and parsing functions take",
                  f"share of whole profile >= {lim:.2f}")]
    traced = _traced_file_calls(ctx, ev[0].source_kind)
    if traced is not None:
        ev.append(traced)
    if printed is not None and printed.source_kind != ev[0].source_kind:
        ev.append(printed)
    return ctx.finding("app.io_hotspot", 0.4 + 0.5 * min(sh.share, 1.0),
                       "input parsing / I/O functions are hot", ev)


def _io_share(ctx: Context, skip: Profile | None = None) -> Share | None:
    """The largest share of one profile's whole total in functions that read, write or parse
    by their name's words. A hot source line is named by its file (``readdup.c:20``), not by
    what it does: lines are left out (they would count their function's cost twice). A
    program function is I/O by its name only while the profile cannot say otherwise: when the
    profile holds library code (``io.library_seen_share`` or more: libc's routines are listed)
    and none of it reads, writes or parses (``io.library_io_share`` or less), the program's
    ``same_read`` or ``load_cell`` computes (its time is in ``memcmp`` or its own loops), since
    reading and parsing pass through the library's I/O routines, which the profile would list.
    ``skip``: a profile left out."""
    left_out = {id(h) for h in skip.hotspots} if skip is not None else set()

    def io_named(h: Hotspot) -> bool:
        return h.kind != "line" and id(h) not in left_out and is_io(h.name) and not hot_is_mpi(h)

    sh = category_share(ctx, io_named)
    if sh is None:
        return None
    shares = hotspot_shares(sh.profile)
    libs = [(h, s) for h, s in shares if h.kind != "line" and _in_library(h)]
    if sum(s for _, s in libs) < ctx.t("io.library_seen_share") or any(
            io_named(h) and s > ctx.t("io.library_io_share") for h, s in libs):
        return sh
    kept = tuple((h, s) for h, s in sh.entries if _in_library(h))
    return Share(sum(s for _, s in kept), sh.profile, kept) if kept else None


def _in_library(h: Hotspot) -> bool:
    """A frame of a shared library or the kernel (by the module the profile names, else by a
    library symbol's shape), not the program's own code."""
    from perfscout.diagnose.libwork import is_kernel

    mod = h.module.rsplit("/", 1)[-1].lower()
    if mod:
        return ".so" in mod or is_kernel(h) or mod.startswith("[vdso")
    return is_library_name(h.name)


def _read_text(ctx: Context, lim: float) -> Finding | None:
    """The runtime's text conversion (:mod:`perfscout.diagnose.textio`: libgfortran's
    list-directed READ, strtod/scanf, C++ stream extraction) holds ``app.io_share`` or more of
    a sampled profile while a system-call trace counts read calls: the input is parsed in user
    space. The trace's own time share of the run (few, large reads) says the kernel is not
    the cost, so the finding names conversion, not buffering or the file system."""
    from perfscout.diagnose.libwork import sampled_seconds
    from perfscout.diagnose.textio import text_io_share

    best: Share | None = None
    for p in ctx.profiles:
        if source_kind(p.format) != "sampling" or not p.hotspots:
            continue
        got = text_io_share(p, lim / 2)
        if got is not None and (best is None or got.share > best.share):
            best = got
    reads = [c for c in ctx.all("syscall.calls") if c.metric.scope.name in READ_CALLS
             and c.value > 0]
    if best is None or best.share < lim or not reads:
        return None  # without reads traced, a profile of text conversion may be output
    ev = [_hot_ev(ctx, best, "the runtime's text conversion (number parsing and formatted "
                  "I/O routines) takes", f"share of whole profile >= {lim:.2f}")]
    n = sum(c.value for c in reads)
    traced = sum(t.value for t in ctx.all("syscall.time")
                 if t.profile is reads[0].profile and t.metric.scope.name in READ_CALLS)
    run = max([sampled_seconds(best.profile) or 0.0,
               *(x.value for x in ctx.all("time.elapsed"))])
    if run > 0 and traced / run < lim:
        ev.append(ctx.ev(reads[0], f"{fmt(n)} read calls take {traced:.3g} s, "
                         f"{traced / run:.1%} of a {run:.3g} s run: the kernel's side of the "
                         "input is small", f"read time / run < {lim:.2f}",
                         metric="syscall.calls", value=n, unit="count"))
    return ctx.finding("app.io_hotspot", 0.45 + 0.5 * min(best.share, 0.8),
                       "reading text input: the time is in converting characters to numbers "
                       "in the language's I/O runtime, not in the system calls", ev,
                       scope=max(best.entries, key=lambda e: e[1])[0].name)


def _read_in_user_space(ctx: Context, lim: float) -> Finding | None:
    """No profile, but a trace and process accounting of one run: read calls at
    ``io.reads_per_cpu_s`` or more per CPU-second make most of the traced calls, the reads'
    traced time is under ``app.io_share`` of the CPU time and user time is at least
    ``1 - app.io_share`` of it. The run consumes its input at a rate only a read loop keeps up,
    and what it does between the reads is user-space work on the bytes (parsing text, as a
    list-directed READ or scanf does): a weak hypothesis, asking for a sampled profile that
    shows where the user time goes (a compute phase after a binary read looks the same)."""
    from perfscout.diagnose.rules.common import task_seconds

    reads = [c for c in ctx.all("syscall.calls") if c.metric.scope.name in READ_CALLS]
    tot = ctx.top("syscall.total_calls")
    if not reads or tot is None or tot.value <= 0 or any(
            source_kind(p.format) == "sampling" and p.hotspots for p in ctx.profiles):
        return None
    u, sy = ctx.top("time.user"), ctx.top("time.sys")
    ts = task_seconds(ctx, u.profile if u is not None else None)
    if u is None or sy is None or ts is None or ts[0] <= 0:
        return None
    n = sum(c.value for c in reads)
    traced = sum(t.value for t in ctx.all("syscall.time")
                 if t.profile is reads[0].profile and t.metric.scope.name in READ_CALLS)
    rate = n / ts[0]
    if (n / tot.value < ctx.t("io.rw_syscall_share") or rate < ctx.t("io.reads_per_cpu_s")
            or traced / ts[0] >= lim or u.value / ts[0] < 1 - lim):
        return None
    ctx.request(rq.sampling(ctx))
    return ctx.finding("app.io_hotspot", 0.4, "reading input: the run's CPU time is user-space "
                       "work between its reads (parsing the input, if a profile agrees)", [
                           ctx.ev(reads[0], f"{fmt(n)} read calls ({n / tot.value:.0%} of the "
                                  f"traced calls), {rate:,.0f} per CPU-second, taking "
                                  f"{traced:.3g} s ({traced / ts[0]:.1%} of the CPU time)",
                                  f"reads/CPU-s >= {ctx.t('io.reads_per_cpu_s'):g}, read time "
                                  f"< {lim:.2f} of CPU", metric="syscall.calls", value=n,
                                  unit="count"),
                           ctx.ev(u, f"user time {u.value:.3g} s of {ts[0]:.3g} s CPU "
                                  f"({u.value / ts[0]:.0%}): the cost is not in the kernel",
                                  f"user share >= {1 - lim:.2f}", metric="time.user_share",
                                  value=u.value / ts[0], unit="ratio", kind="derived")],
                       limits=["a trace and process accounting do not show where the user "
                               "time goes: a compute phase after a binary read looks the "
                               "same; a sampled profile (number parsing routines) decides"])


#: system calls that read a file's bytes
READ_CALLS = frozenset({"read", "readv", "pread64", "preadv", "preadv2"})


def _formatted_in_memory(ctx: Context, sh: Share) -> bool:
    """The I/O share ``sh`` holds printf-family formatting, and no trace counts read/write
    calls, and either the profile's call tree shows the formatting entered through
    snprintf-like formatters into memory (``app.format_into_strings``, any family) or a
    sampling profile spends less than ``app.format_transfer_ratio`` of that on the transfer
    path (no write/read call, no flush, no kernel write path): the text is formatted (and
    parsed back) in memory, so buffering has nothing to remove."""
    from perfscout.diagnose.libwork import family_of, formatted_into_strings, transfer_share

    fmt_share = sum(s for h, s in sh.entries if family_of(h) == "formatting")
    if fmt_share <= 0:
        return False
    if any(c.metric.scope.name in ("write", "writev", "pwrite64", "read", "readv", "pread64")
           and c.value > 0 for c in ctx.all("syscall.calls")):
        return False  # a trace decides it (``_unwritten`` reads the call rate)
    into = formatted_into_strings(sh.profile)
    if into is not None and into >= ctx.t("app.format_into_strings"):
        return True  # the call tree: the program formats into its own buffers
    if source_kind(sh.profile.format) != "sampling":
        return False
    return transfer_share(sh.profile) < ctx.t("app.format_transfer_ratio") * fmt_share


def _io_timed(ctx: Context) -> bool:
    """The program's own timer puts ``app.io_share`` or more of its run in reading or writing
    files (:func:`_printed_io_share`): text converted then is input or output, not work done
    in memory."""
    return _printed_io_share(ctx, ctx.t("app.io_share")) is not None


#: the phases of a run a reader names (their sum with the I/O phase is the timed run)
_PHASE_NAMES = frozenset({"busy.time", "time.step", "time.parallel", "time.serial",
                          "mpi.time", "mpi.wait_time"})


def _printed_io_share(ctx: Context, lim: float) -> Evidence | None:
    """The program timed its file I/O (``io.time``: ``output=1.142 s``) at ``app.io_share`` or
    more of its run: the run's time, or the sum of the phases it timed on the same run."""
    for io in [*ctx.all("io.time"), *_input_phases(ctx)]:
        same = [m for m in io.profile.metrics if m.scope == io.metric.scope and m.unit == "s"]
        run = next((m.value for m in same if m.name == "time.elapsed"), 0.0)
        if run <= 0:  # the phases the program timed: output=, solve=, ...
            # every other phase of that line: its own words, or a phase a reader named
            # (``compute_s=0.009`` read as the run's busy time)
            run = io.value + sum(m.value for m in io.profile.metrics if m is not io.metric
                                 and m.unit.lower() == "s" and (m.name.startswith("event.") or
                                                                m.name in _PHASE_NAMES)
                                 and m.source is not None and io.metric.source is not None
                                 and m.source.line == io.metric.source.line)
        if run <= io.value:
            continue  # nothing else timed: the share of the run is unknown
        if io.value / run >= lim:
            return ctx.ev(io, f"the program's own timer: {io.value:.3g} s of {run:.3g} s "
                          f"({io.value / run:.0%}) reading/writing files",
                          f"share >= {lim:.2f}", metric="io.time_share",
                          value=io.value / run, unit="ratio")
    return None


#: words a program uses for its own timer of the phase that reads and parses its input
INPUT_PHASE = frozenset({"load", "loading", "read", "reading", "input", "parse", "parsing",
                         "ingest", "readinput", "loadinput"})


def _input_phases(ctx: Context) -> list[Located]:
    """The program's own timers (in seconds) of its input phase (``load=0.55 s``,
    ``read_time: 2.1 s``): what no adapter names ``io.time`` but the program measured."""
    out = []
    for p in ctx.profiles:
        for m in p.metrics:
            key = re.sub(r"_?times?$|_?secs?$", "", m.raw_name.lower().replace("-", "_"))
            if m.name.startswith("event.") and m.unit == "s" and m.value > 0 and \
                    key.replace("_", "") in INPUT_PHASE:
                out.append(Located(m, p))
    return out


#: system calls that open, read, write, position or close files
FILE_CALLS = frozenset({"open", "openat", "openat2", "creat", "close", "read", "write",
                        "pread64", "pwrite64", "readv", "writev", "lseek", "fsync",
                        "fdatasync", "newfstatat", "fstat", "stat", "statx"})


def _traced_file_calls(ctx: Context, have: str) -> Evidence | None:
    """A system-call trace of another family (``strace -c``) whose file calls (open, write,
    close, lseek...) come at ``io.syscalls_per_s`` or more of the run and hold at least
    ``app.io_share`` of the non-waiting traced time: the program's I/O is per-event, which is
    what the sampled I/O functions spend their time on."""
    calls = [c for c in ctx.all("syscall.calls") if c.kind != have]
    if not calls:
        return None
    prof = calls[0].profile
    mine = {c.metric.scope.name: c for c in calls if c.profile is prof}
    times = {t.metric.scope.name: t.value for t in ctx.all("syscall.time")
             if t.profile is prof and t.metric.scope.name}
    files = [c for n, c in mine.items() if n in FILE_CALLS]
    busy = sum(v for n, v in times.items() if n not in WAITING_CALLS)
    runs = [x for x in ctx.all("time.elapsed") if x.value > 0]
    if not files or busy <= 0 or not runs:
        return None
    n_files = sum(c.value for c in files)
    rate = n_files / min(runs, key=lambda x: x.value).value
    share = sum(times.get(c.metric.scope.name, 0.0) for c in files) / busy
    if rate < ctx.t("io.syscalls_per_s") or share < ctx.t("app.io_share"):
        return None
    top = max(files, key=lambda c: c.value)
    return ctx.ev(top, f"{fmt(n_files)} file system calls ({top.metric.scope.name} "
                  f"{fmt(top.value)}) = {rate:,.0f}/s, {share:.0%} of the non-waiting traced "
                  "time", f"file calls/s >= {ctx.t('io.syscalls_per_s'):g}",
                  metric="syscall.calls", value=n_files, unit="count")


@rule(id="app.redundant_work",
      needs=("@hotspots|syscall.calls|copy.temporaries|busy.time|time.elapsed|"
             "build.checking_flags|alloc.temporary",),
      thresholds=("app.redundant_calls", "app.redundant_share", "app.pure_call_share",
                  "app.copy_share", "complexity.exponent", "app.repeated_queries",
                  "app.query_time_share",
                  "threads.busy_share", "redundant.thread_slowdown", "app.library_share",
                  "app.format_writes_per_s", "io.syscalls_per_s", "app.exception_share",
                  "rng.setup_share", "rng.refill_per_draw", "rng.seed_share",
                  "rng.draws_per_refill", "mpi.reduce_bytes_per_call", "mpi.reduce_share",
                  "call.tiny_ns", "build.checking_share", "alloc.churn_calls",
                  "alloc.churn_share", "app.copy_part"))
def redundant_work(ctx: Context) -> Finding | None:
    """A cheap function called an enormous number of times holds a real share, or a pure
    library routine (strlen, strcmp, ...) whose result cannot change holds a large share of
    the whole run, or the same file metadata is asked for per record, or every thread
    repeats the whole work, or exceptions are thrown on the hot path, a random engine is
    seeded per item, a whole array is reduced per call (:mod:`.app_compute`): recomputation;
    or the program is built in a debug/checking configuration (:mod:`.checking_build`),
    tried first: its checks inflate every other share."""
    return (checking_build(ctx) or app_compute.hot_exceptions(ctx)
            or app_compute.reseeded_engine(ctx)
            or _grown_per_append(ctx)
            or _redundant_calls(ctx) or _temporaries(ctx) or _repeated_queries(ctx)
            or _copied_values(ctx, ctx.t("app.copy_part"))
            or _library_work(ctx) or _copied_values(ctx) or _copied_into_fresh_blocks(ctx)
            or _threads_repeat_work(ctx) or _heap_churn(ctx)
            or app_compute.bulk_reduction(ctx))


def _copied_values(ctx: Context, copy_part: float = 0.0) -> Finding | None:
    """A sampling profile puts ``app.copy_share`` or more of the run in the allocator and the
    copy routines together (``memmove``, ``malloc``/``free``, libstdc++'s copy constructors,
    ``_M_construct``, ``_M_allocate``): a value that owns memory (a vector, a string) is
    allocated, copied and freed per call, the signature of a container passed by value. Tried
    first, before the allocator's share alone is read as churn, when the copies are
    ``copy_part`` (``app.copy_part``) or more of it: which reading wins must not hang on the
    allocator's sampled share crossing its own bound. Which parameter it is, and whether a
    const reference would do, is the source's question (the ``const_ref`` generator)."""
    from perfscout.diagnose.copies import copy_share

    lim = ctx.t("app.copy_share")
    got = copy_share([p for _, p in ctx.hotspots()])
    if got is None or got.share < lim or source_kind(got.profile.format) != "sampling" \
            or got.copy < copy_part * got.share:
        return None
    top = got.rows[0][0]
    ev = [Evidence("hotspot.share", got.share, "ratio",
                   top.source or SourceRef(got.profile.path, None), "sampling",
                   f"{got.share:.0%} of the run allocating and copying values (copies "
                   f"{got.copy:.0%}, the allocator {got.alloc:.0%}): "
                   + ", ".join(f"{h.name} {v:.0%}" for h, v in got.rows[:4]),
                   f"copy + allocation share >= {lim:.2f}")]
    user = next((f for h, _ in got.rows for f in h.callpath[1:]
                 if f and not f.startswith(("0x", "[")) and not is_library_name(f)), "")
    title = "values allocated and copied at every call" + (f" under {user}" if user else "")
    return ctx.finding("app.redundant_work", 0.45, title, ev, scope=user or top.name)


def _copied_into_fresh_blocks(ctx: Context) -> Finding | None:
    """A sampling profile puts ``app.copy_share`` or more of the run in block copies
    (``memmove``/``memcpy``) together with the allocator and the kernel's fault path of fresh
    pages, the copies alone at least a fifth of that: a block copied whole into newly
    allocated memory again and again. The signature of a container grown by one element per
    append (Fortran ``a = [a, x]``, C ``realloc`` by ``n + 1``): n appends copy O(n^2) bytes
    into O(n) fresh blocks (a large block comes from ``mmap``, so its cost shows as page
    faults, not in ``malloc``). The ``geometric_growth`` generator finds the append."""
    from perfscout.diagnose.copies import fresh_copy_share

    lim = ctx.t("app.copy_share")
    got = fresh_copy_share([p for _, p in ctx.hotspots()])
    if got is None or got.share < lim:
        return None
    share, copy_sh, fresh_sh, prof, top = got.share, got.copy, got.alloc, got.profile, got.rows
    ev = [Evidence("hotspot.share", share, "ratio", top[0][0].source or SourceRef(
        prof.path, None), "sampling",
        f"{share:.0%} of the run copying blocks into fresh memory (block copies "
        f"{copy_sh:.0%}, the allocator and fresh-page faults {fresh_sh:.0%}): "
        + ", ".join(f"{h.name} {v:.0%}" for h, v in top[:4]),
        f"copy + fresh-memory share >= {lim:.2f}")]
    user = next((f for h, _ in top for f in h.callpath[1:]
                 if f and not f.startswith(("0x", "[")) and not is_library_name(f)
                 and f not in FAULT_PATH), "")
    title = ("blocks copied whole into fresh memory again and again (a container grown by "
             "one element per append?)" + (f" under {user}" if user else ""))
    return ctx.finding("app.redundant_work", 0.4, title, ev, scope=user or top[0][0].name)


def _grown_per_append(ctx: Context) -> Finding | None:
    """An array grown by one element per append where the profile puts its time: the
    ``geometric_growth`` generator's append on a program line holding ``app.redundant_share``
    or more of a sampling profile (with function-level data only, in the hot routine's loops;
    :func:`perfscout.diagnose.copies.append_growth`), that time plus the block copies, the
    allocator and fresh-page faults reaching ``app.copy_share``. The compiler may copy the
    array inline (gfortran's array constructor) and the fresh blocks fault across many kernel
    symbols, so the copies need not show in ``memmove``; a ``memcpy`` that does is this
    append's, not a pure routine called too often (tried before :func:`_redundant_calls` and
    :func:`_library_work`). The finding names the append's line."""
    from perfscout.diagnose.copies import append_growth

    lim = ctx.t("app.copy_share")
    got = append_growth([p for _, p in ctx.hotspots()], ctx.t("app.redundant_share"))
    if got is None or got.share < lim:
        return None
    path, _, line = got.where.rpartition(":")
    ev = [Evidence("hotspot.share", got.share, "ratio", SourceRef(path, int(line)), "sampling",
                   f"{got.share:.0%} of the run growing an array one append at a time: the "
                   f"hot {got.basis} {got.hot} {got.own:.0%}, the rest block copies, the "
                   f"allocator and fresh-page faults; the append at {got.where} copies the "
                   "whole array into a fresh block each time (O(n^2) for n appends)",
                   f"own + copy + fresh-memory share >= {lim:.2f}")]
    grown = _append_exponent(ctx)
    if grown is not None:
        ev.append(grown)
    title = (f"an array grown by one element per append at {got.where}: copied whole into "
             "fresh memory each time")
    return ctx.finding("app.redundant_work", 0.5 if grown else 0.4, title, ev,
                       scope=got.where)


def _append_exponent(ctx: Context) -> Evidence | None:
    """The growth the append makes measurable: simulator runs of the program at two or more
    sizes (callgrind at ``./prog 3000`` and ``./prog 6000``, the complexity rule's pairing),
    their instruction counts growing as size^k with k at or above ``complexity.exponent``
    (n appends copying O(n^2) elements). None without such runs or below the exponent."""
    import math

    from perfscout.diagnose.rules.algorithm import _command_sizes, _slope

    runs = _command_sizes(ctx)
    k = _slope([(math.log(n), math.log(c), at) for n, c, at in runs]) if runs else None
    lim = ctx.t("complexity.exponent")
    if k is None or k < lim:
        return None
    sizes = sorted({n for n, _, _ in runs})
    top = max(runs, key=lambda r: r[0])[2]
    return ctx.ev(top, f"{top.kind}: instructions ~ size^{k:.2f} over {len(sizes)} sizes "
                  f"({fmt(sizes[0])} -> {fmt(sizes[-1])}): the appends' copies grow as the "
                  "square of their count", f"exponent >= {lim:g}", metric="scaling.exponent",
                  value=k, unit="ratio")


def is_library_name(name: str) -> bool:
    """A frame name that is the C library's, the allocator's or libstdc++'s, not the
    program's own function."""
    from perfscout.diagnose.copies import is_alloc, is_copy

    h = Hotspot(name)
    return is_alloc(h) or is_copy(h) or name.startswith(("std::", "__", "_M_", "operator "))


def _per_element_syscall(ctx: Context) -> tuple[Located, float, float] | None:
    """``strace -c``: one system call that neither moves file data, opens/closes files, asks
    for metadata, manages memory nor waits, made at ``io.syscalls_per_s`` or more of the run and
    holding ``app.query_time_share`` of the non-waiting traced time: the loop enters the kernel
    per element (a CPU-time clock read per cell). Returns (calls, calls/s, time share)."""
    runs = [x for x in ctx.all("time.elapsed") if x.value > 0]
    if not runs:
        return None
    run = min(runs, key=lambda x: x.value).value
    for prof in {id(c.profile): c.profile for c in ctx.all("syscall.calls")}.values():
        calls = {c.metric.scope.name: c for c in ctx.all("syscall.calls") if c.profile is prof}
        times = {t.metric.scope.name: t.value for t in ctx.all("syscall.time")
                 if t.profile is prof and t.metric.scope.name}
        busy = sum(v for n, v in times.items() if n not in WAITING_CALLS)
        cands = [c for n, c in calls.items() if n not in FILE_CALLS | METADATA_CALLS
                 | WAITING_CALLS | _MEMORY_CALLS | frozenset(RW_CALLS)]
        if not cands or busy <= 0:
            continue
        top = max(cands, key=lambda c: times.get(c.metric.scope.name, 0.0))
        share = times.get(top.metric.scope.name, 0.0) / busy
        rate = top.value / run
        if rate >= ctx.t("io.syscalls_per_s") and share >= ctx.t("app.query_time_share"):
            return top, rate, share
    return None


#: system calls that map, unmap or resize memory (page-fault churn, sys.tlb_pagefaults), and
#: those that move messages over sockets (communication: the messaging rules judge those)
_MEMORY_CALLS = frozenset({"mmap", "munmap", "mremap", "madvise", "brk", "mprotect",
                           "sendto", "recvfrom", "sendmsg", "recvmsg", "sendmmsg", "recvmmsg",
                           "send", "recv", "connect", "accept", "accept4"})


def _family_owned(p: Profile, lim: float) -> set[int]:
    """The rows of profile ``p`` that a library family holding ``lim`` or more counts (the
    string compares a ``dynamic_cast`` makes): the family's rule names their caller's cost,
    not the routine alone."""
    from perfscout.diagnose.libwork import family_shares

    return {id(h) for fs in family_shares(p).values() if fs.share >= lim for h, _ in fs.rows}


def _library_work(ctx: Context) -> Finding | None:
    """A non-compute library family (the allocator, clocks, text formatting: see
    :mod:`perfscout.diagnose.libwork`) holds ``app.library_share`` or more of a profile, or a
    trace shows one system call per element: the inner loop repeats bookkeeping around its
    work. A clock read per element through a system call puts the kernel's samples on the
    family too (the trace says which call they serve). Formatted text counts only when a
    trace shows it is not written (fewer than ``app.format_writes_per_s`` write calls per
    second of formatting): formatting whose output is written is I/O (``app.io_hotspot``)."""
    from perfscout.diagnose.libwork import (
        TIMER_CALLS,
        WHAT,
        FamilyShare,
        clock_in_kernel,
        family_of,
        family_shares,
        is_kernel,
        kernel_share,
        metadata_in_kernel,
    )

    lim = ctx.t("app.library_share")
    sys_call = _per_element_syscall(ctx)
    per: list[FamilyShare] = []
    for p in {id(p): p for _, p in ctx.hotspots()}.values():
        fams = family_shares(p)
        clock = clock_in_kernel(p)
        meta = metadata_in_kernel(p)
        if (sys_call is not None or clock or meta) and source_kind(p.format) == "sampling":
            # the kernel's samples are the traced (or sampled) call's cost: its family's
            name = "timer" if clock or (sys_call is not None and
                                        sys_call[0].metric.scope.name in TIMER_CALLS) \
                else "metadata" if meta else "syscall"
            old = fams.get(name)
            have = {id(h) for h, _ in old.rows} if old else set()
            rows = (old.rows if old else ()) + tuple(
                (h, s) for h, s in kernel_share(p)[1] if id(h) not in have
                and h.name.split("+")[0].strip() not in FAULT_PATH)
            conv = fams.get("time conversion")
            if name == "metadata" and conv is not None:
                # glibc's time-zone code stats its zone file at every call: the conversion
                # routines and the stat calls under them are one per-record cost
                rows += tuple(r for r in conv.rows if id(r[0]) not in have)
                del fams["time conversion"]
            if rows:
                fams[name] = FamilyShare(name, sum(s for _, s in rows), p,
                                         tuple(sorted(rows, key=lambda x: -x[1])))
        per.extend(fs for fs in fams.values() if fs.share >= _family_lim(ctx, fs.family))
    best = max(per, key=lambda fs: fs.share, default=None)
    if best is None and sys_call is None:
        return None
    ev: list[Evidence] = []
    if best is not None:
        lim = _family_lim(ctx, best.family)
        what = WHAT.get(best.family, f"in the kernel for {sys_call[0].metric.scope.name}()"
                        if sys_call is not None else best.family)
        ev.append(Evidence("hotspot.share", best.share, "ratio",
                           best.top.source or SourceRef(best.profile.path, None),
                           source_kind(best.profile.format),
                           f"{best.share:.0%} of the run {what}: "
                           + ", ".join(f"{h.name} {s:.0%}" for h, s in best.rows[:4]),
                           f"family share >= {lim:.2f}"))
        for fs in per:  # another family's profile agreeing on the same library family
            fam = source_kind(fs.profile.format)
            if fs.family == best.family and fam not in {e.source_kind for e in ev}:
                ev.append(Evidence("hotspot.share", fs.share, "ratio",
                                   fs.top.source or SourceRef(fs.profile.path, None), fam,
                                   f"{fs.profile.format} also puts {fs.share:.0%} in "
                                   f"{fs.family} ({fs.top.name})", f"family share >= {lim:.2f}"))
    if sys_call is not None:
        top, rate, share = sys_call
        ev.append(ctx.ev(top, f"{fmt(top.value)} {top.metric.scope.name}() system calls = "
                         f"{rate:,.0f}/s of the run, {share:.0%} of the non-waiting traced time",
                         f"calls/s >= {ctx.t('io.syscalls_per_s'):g} and time share >= "
                         f"{ctx.t('app.query_time_share'):.2f}"))
    family = best.family if best is not None else "syscall"
    if family in IN_MEMORY:
        assert best is not None
        dropped = _unwritten(ctx, best.share, family)
        if dropped is None:
            return None  # text that is written or read is I/O: app.io_hotspot's
        ev.append(dropped)
    routine = sys_call[0].metric.scope.name if sys_call is not None else ""
    if best is not None:  # the library routine the program calls, not the kernel's inside
        user = [h for h, _ in best.rows if not is_kernel(h)]
        callers = [h for h in user if family_of(h) == "time conversion"]
        own = [h for h in user if family_of(h)]  # not a compare a type check only joined
        routine = (callers or own or user)[0].name if user else routine or best.top.name
    site = _family_site(ctx, family, lim)
    if site is not None:
        ev.append(site[1])
    if family == "indirect calls":
        ev += _erased_sites(ctx)
    if family in ("construction", "indirect calls") and best is not None:  # the program's
        # code that builds the object / holds the call
        routine = _caller_of(best)
    titles = {"construction": "the same costly object built again at every call",
              "type checks": "a run-time type check (dynamic_cast) at every element",
              "indirect calls": "a call through std::function at every element (not "
                                "inlined)",
              "allocation": "memory allocated and freed in the inner loop",
              "timer": "a clock read in the inner loop",
              "formatting": "text formatted in the inner loop and never written",
              "text conversion": "numbers converted to text or parsed from text in the inner "
                                 "loop, with no file read or written",
              "time conversion": "timestamps converted to local time in the inner loop",
              "metadata": "file metadata asked for in the inner loop (a stat per element)",
              "syscall": "one system call per element"}
    return ctx.finding("app.redundant_work", 0.5, titles.get(family, titles["syscall"]), ev,
                       scope=_scope_at(routine, site, best.profile if best else None,
                                       best.share if best else 0.0,
                                       [h for h, _ in best.rows] if best else []))


def _heap_churn(ctx: Context) -> Finding | None:
    """An allocation profile (heaptrack) with one site of the program's own code whose blocks
    are nearly all temporary (freed right after use) and allocated ``alloc.churn_calls`` times
    or more: a scratch block allocated and freed in the loop, which one allocation before the
    loop would serve (``hoist_allocation``)."""
    best: tuple[Located, float] | None = None
    for tmp in ctx.all("alloc.temporary", (ScopeKind.CALLSITE,)):
        calls = ctx.beside(tmp, "alloc.calls", (ScopeKind.CALLSITE,))
        if calls is None or calls.value <= 0 or tmp.value < ctx.t("alloc.churn_calls"):
            continue
        share = tmp.value / calls.value
        if share >= ctx.t("alloc.churn_share") and (best is None or tmp.value > best[0].value):
            best = (tmp, share)
    if best is None:
        return None
    tmp, share = best
    site = tmp.metric.scope.name
    ev = ctx.ev(tmp, f"{fmt(tmp.value)} blocks allocated at {site}, {share:.0%} of them freed "
                "right after use (temporary): a scratch block allocated and freed in the loop",
                f"temporaries >= {ctx.t('alloc.churn_calls'):g}, share >= "
                f"{ctx.t('alloc.churn_share'):.2f}")
    return ctx.finding("app.redundant_work", 0.45, "memory allocated and freed in the inner loop",
                       [ev], scope=site.split(" (")[0])


def _erased_sites(ctx: Context) -> list[Evidence]:
    """The compiler's word beside a profile's std::function invokers: the call sites of
    ``std::function::operator()`` its inliner declined (``calls.std_function_sites``)."""
    total = next((x for x in ctx.all("calls.std_function_sites", (ScopeKind.PROCESS,))
                  if x.value > 0), None)
    if total is None:
        return []
    sites = [x.metric.scope.name for x in ctx.all("calls.std_function_sites",
                                                   (ScopeKind.CALLSITE,))]
    return [ctx.ev(total, f"the compiler did not inline {fmt(total.value)} call site(s) of "
                   f"std::function::operator() ({', '.join(sites[:3])}): each stays an "
                   "indirect call", "call sites > 0")]


def _caller_of(fs: FamilyShareT) -> str:
    """The program's own function that calls a library family's rows (:func:`_own_caller`)."""
    return _own_caller(fs.profile, fs.share, [h for h, _ in fs.rows])


def _own_caller(p: Profile, share: float, rows: list[Hotspot]) -> str:
    """The program's own function that calls library routines holding ``share`` of profile
    ``p``: in a profile counting callees (inclusive), the innermost non-library function
    holding at least that share; else a non-library frame on the ``rows``' call paths; ''
    when none is named (a library routine is never where the program's code can change)."""
    from perfscout.diagnose.libwork import is_kernel

    def own(name: str) -> bool:
        n = name.strip()
        return bool(n) and not n.startswith(("0x", "(", "[", "?")) and not n[0].isdigit() \
            and not is_library_name(n) and not re.search(r"'\d+$", n)  # a cycle's copy

    outer = [(h, s) for h, s in hotspot_shares(p) if h.kind == "function"
             and not is_kernel(h) and own(h.name) and s >= share]
    if outer:
        return min(outer, key=lambda x: x[1])[0].name
    return next((f for h in rows for f in h.callpath[1:] if own(f)), "")


def _scope_at(routine: str, site: tuple[str, Evidence] | None, p: Profile | None = None,
              share: float = 0.0, rows: list[Hotspot] | None = None) -> str:
    """The scope of a repeated library call: the routine at the program's line that calls it;
    when that line is in a system header or a library's source (an inlined ``vector::insert``
    calling ``memmove`` from ``stl_algobase.h``), the program's function holding the call
    (:func:`_own_caller`) instead, else the routine alone. A proposal never targets a
    library's line."""
    from perfscout.ingest.source_paths import library_source

    if site is not None and not library_source(site[0].rsplit(":", 1)[0]):
        return f"{routine} at {site[0]}"
    if site is not None and p is not None:
        return _own_caller(p, share, rows or []) or routine
    return routine


#: library families whose cost is I/O when the text is written or read (app.io_hotspot) and
#: work done in memory otherwise (app.redundant_work): the system calls they serve per second
#: decide
IN_MEMORY = {"formatting": ("write", "writev", "pwrite64", "pwritev"),
             "text conversion": ("write", "writev", "pwrite64", "pwritev", "read", "readv",
                                 "pread64", "preadv")}


def _unwritten(ctx: Context, fmt_share: float, family: str = "formatting") -> Evidence | None:
    """A trace of the run (``strace -c``) whose write calls (and, for text conversion, read
    calls) per second of the family's sampled time stay below ``app.format_writes_per_s``: the
    text is neither written nor read while it is converted."""
    from perfscout.diagnose.libwork import sampled_seconds

    if family == "text conversion" and _io_timed(ctx):
        return None  # the program timed its input/output phase: the parsing serves I/O
    runs = [x.value for x in ctx.all("time.elapsed") if x.value > 0] + [
        t for p in {id(p): p for _, p in ctx.hotspots()}.values()
        if (t := sampled_seconds(p)) is not None]
    traced = {id(c.profile): c.profile for c in ctx.all("syscall.calls")}
    if not traced:
        return _unwritten_sampled(ctx, family)
    if not runs:
        return None
    secs = fmt_share * min(runs)
    lim = ctx.t("app.format_writes_per_s")
    for prof in traced.values():
        writes = [c for c in ctx.all("syscall.calls") if c.profile is prof
                  and c.metric.scope.name in IN_MEMORY[family]]
        n = sum(c.value for c in writes)
        total = next((c for c in ctx.all("syscall.total_calls") if c.profile is prof), None)
        anchor = writes[0] if writes else total
        if anchor is None or secs <= 0 or n / secs >= lim:
            continue
        calls = "/".join(sorted({c.metric.scope.name for c in writes})) or "write"
        return ctx.ev(anchor, f"only {fmt(n)} {calls} "
                      f"call(s) in the run while {family} takes about {secs:.3g} s "
                      f"({n / secs:.1f}/s): the text stays in memory",
                      f"writes per formatting second < {lim:g}", metric="syscall.calls",
                      value=n, unit="count")
    return None


def _unwritten_sampled(ctx: Context, family: str = "formatting") -> Evidence | None:
    """Without a trace: a profile of library code converting text (``family``) whose transfer
    path (write/read calls, stdio flush, the kernel's write path) holds less than
    ``app.format_transfer_ratio`` of the family's share: the text is neither written nor
    read while it is converted. Any profile that samples the library's conversion routines
    (perf, a static gprof build, callgrind) samples its transfer routines too."""
    from perfscout.diagnose.libwork import family_shares, transfer_share

    lim = ctx.t("app.format_transfer_ratio")
    for p in {id(p): p for _, p in ctx.hotspots()}.values():
        fs = family_shares(p).get(family)
        if fs is None or (family == "formatting" and source_kind(p.format) != "sampling"):
            continue
        moved = transfer_share(p)
        if moved < lim * fs.share:
            return Evidence("hotspot.share", moved, "ratio",
                            fs.top.source or SourceRef(p.path, None), source_kind(p.format),
                            f"{moved:.1%} of the profile on the write/read path while "
                            f"{family} takes {fs.share:.0%}: the text stays in memory",
                            f"transfer share / {family} share < {lim:.2f}")
    return None


def _family_lim(ctx: Context, family: str) -> float:
    """The share at which library ``family`` holds a profile: ``app.library_share``, or
    ``app.indirect_call_share`` for std::function's invokers (whose rows leave out the part of
    each call inlined into the caller)."""
    return ctx.t("app.indirect_call_share" if family == "indirect calls"
                 else "app.library_share")


def _family_site(ctx: Context, family: str, lim: float) -> tuple[str, Evidence] | None:
    """The source line whose calls into ``family`` cost the most of a line-level profile
    (callgrind_annotate's ``=> calloc (300,000x)`` under the calling line), at ``lim`` or more
    of the run; None without line-level call data."""
    from perfscout.diagnose.libwork import family_of

    return _costliest_site(ctx, lambda callee: family_of(Hotspot(callee)) == family, lim)


def _threads_repeat_work(ctx: Context) -> Finding | None:
    """The program timed its threads: every one was busy at least ``threads.busy_share`` of
    the run, and even the least busy took ``redundant.thread_slowdown`` or more of the whole
    one-thread run. Work shared out keeps a thread's time at or below the one-thread run's
    (memory-bound with no speedup at all, about equal); each thread doing the whole work (a
    parallel region without a work-sharing loop) on shared memory makes it longer."""
    from perfscout.diagnose.placement import thread_busy

    tb = thread_busy(ctx)
    if tb is None or tb.serial is None or tb.serial <= 0 or not tb.shares:
        return None
    busy_lim, slow_lim = ctx.t("threads.busy_share"), ctx.t("redundant.thread_slowdown")
    least = min(tb.busy, key=lambda b: b.value)
    slow = least.value / tb.serial
    if min(tb.shares) < busy_lim or slow < slow_lim:
        return None
    total = sum(b.value for b in tb.busy)
    return ctx.finding(
        "app.redundant_work", 0.5, "every thread repeats the whole work",
        [ctx.ev(least, f"{len(tb.busy)} threads each busy {min(tb.shares):.0%}-"
                f"{max(tb.shares):.0%} of a {tb.wall:.3g} s run",
                f"busy / wall >= {busy_lim:g} for every thread", metric="threads.busy_share",
                value=min(tb.shares), unit="ratio"),
         ctx.ev(least, f"the least busy of {tb.threads} threads took {slow:.2f}x the whole "
                f"one-thread run ({least.value:.3g} s vs {tb.serial:.3g} s); together "
                f"{total / tb.serial:.1f}x its time",
                f"busy / one-thread wall >= {slow_lim:g}", metric="threads.slowdown",
                value=slow, unit="ratio")])


def _fortran_name(name: str) -> str:
    """A procedure's source name from its symbol: ``smooth_`` and ``__grid_MOD_smooth`` are
    ``smooth``."""
    low = name.lower().split("(")[0].strip()
    low = low.rsplit("_mod_", 1)[-1]
    return low[:-1] if low.endswith("_") and not low.endswith("__") else low


def _temporaries(ctx: Context) -> Finding | None:
    """The compiler copies an array section into a temporary and back at a call site
    (gfortran ``-Warray-temporaries``): copying the program need not do. A profile of another
    family agrees when the caller's own code (where the copies run) takes at least as much of
    the run as the callee that does the work, and at least ``app.redundant_share``."""
    temps = [x for x in ctx.all("copy.temporaries", (ScopeKind.LINE,)) if x.value > 0]
    if not temps:
        return None
    top = max(temps, key=lambda x: x.value)
    site, callee = top.metric.scope.name, top.metric.scope.parent
    ev = [ctx.ev(top, f"the compiler copies an array section into a temporary and back at "
                 f"{site}{f' (call to {callee})' if callee else ''}: "
                 f"{fmt(top.value)} temporary copies per call", "copy.temporaries > 0")]
    lim = ctx.t("app.redundant_share")
    for p in {id(p): p for _, p in ctx.hotspots()}.values():
        fam = source_kind(p.format)
        if fam == top.kind or not callee:
            continue
        shares = [(h, s) for h, s in hotspot_shares(p) if h.kind != "line"]
        work = next(((h, s) for h, s in shares if _fortran_name(h.name) == callee), None)
        if work is None:
            continue
        own = [(h, s) for h, s in shares if h is not work[0] and h.module == work[0].module]
        if not own:
            continue
        caller, share = max(own, key=lambda x: x[1])
        if share >= work[1] and share >= lim:
            ev.append(Evidence("hotspot.share", share, "ratio",
                               caller.source or SourceRef(p.path, None), fam,
                               f"{caller.name} (the caller, where the copies run) takes "
                               f"{share:.0%} of the run, {work[0].name} (the work) {work[1]:.0%}",
                               f"caller share >= callee share and >= {lim:.2f}"))
            break
    return ctx.finding("app.redundant_work", 0.55 if len(ev) > 1 else 0.35,
                       "array sections copied into temporaries at every call", ev, scope=site)


#: system calls that ask the kernel about a file without reading or writing it
METADATA_CALLS = frozenset({"stat", "stat64", "lstat", "lstat64", "fstat", "fstat64",
                            "newfstatat", "fstatat64", "statx", "access", "faccessat",
                            "faccessat2", "readlink", "readlinkat", "getdents64", "statfs",
                            "fstatfs"})
#: system calls that wait (for threads, children, timers, events): their time is not work
WAITING_CALLS = frozenset({"futex", "wait4", "waitid", "poll", "ppoll", "select", "pselect6",
                           "epoll_wait", "epoll_pwait", "nanosleep", "clock_nanosleep",
                           "rt_sigsuspend", "pause", "sched_yield"})


def _repeated_queries(ctx: Context) -> Finding | None:
    """``strace -c``: metadata queries (stat, access...) outnumber the files opened by
    ``app.repeated_queries`` and hold most of the system time that is not waiting; a
    process-accounting source whose system time exceeds its user time agrees."""
    lim = ctx.t("app.repeated_queries")
    for prof in {id(loc.profile): loc.profile for loc in ctx.all("syscall.calls")}.values():
        calls = {c.metric.scope.name: c for c in ctx.all("syscall.calls") if c.profile is prof}
        times = {t.metric.scope.name: t.value for t in ctx.all("syscall.time")
                 if t.profile is prof and t.metric.scope.name}
        meta = [c for n, c in calls.items() if n in METADATA_CALLS]
        if not meta:
            continue
        n_meta = sum(c.value for c in meta)
        opens = sum(c.value for n, c in calls.items() if n in ("open", "openat", "openat2",
                                                                 "creat"))
        busy = sum(v for n, v in times.items() if n not in WAITING_CALLS)
        meta_t = sum(times.get(c.metric.scope.name, 0.0) for c in meta)
        per_open = n_meta / max(opens, 1.0)
        if per_open < lim or busy <= 0 or meta_t / busy < ctx.t("app.query_time_share"):
            continue
        top = max(meta, key=lambda c: c.value)
        ev = [ctx.ev(top, f"{fmt(n_meta)} metadata system calls ({top.metric.scope.name} "
                     f"{fmt(top.value)}) for {fmt(opens)} files opened: {meta_t / busy:.0%} of "
                     "the non-waiting system time", f"queries / opens >= {lim:g}",
                     metric="syscall.calls", value=n_meta, unit="count")]
        us, sy = ctx.top("time.user"), ctx.top("time.sys")
        if us is not None and sy is not None and sy.profile is not prof and \
                sy.value > us.value:
            ev.append(ctx.ev(sy, f"system time {sy.value:.2f} s > user time {us.value:.2f} s: "
                             "the run works in the kernel, not in its own code",
                             "time.sys > time.user"))
        return ctx.finding("app.redundant_work", 0.5, "the same file metadata asked for again "
                           "and again", ev, scope=top.metric.scope.name)
    return None




def _parse_in_sort(ctx: Context) -> Finding | None:
    """Text-to-number parsing (strtod and glibc's internals of it) holds at least
    ``app.pure_call_share`` of a profile in which a sort or its comparator runs: the keys are
    parsed again at every comparison (n log n parses for n keys). A profile of another family
    that puts as large a share in the sort's comparators agrees."""
    lim = ctx.t("app.pure_call_share")
    for p in {id(p): p for _, p in ctx.hotspots()}.values():
        shares = hotspot_shares(p)
        parse = [(h, s) for h, s in shares if is_parse(h.name)]
        total = sum(s for _, s in parse)
        if total < lim or not any(is_sort(h.name) for h, _ in shares):
            continue
        top = max(parse, key=lambda x: x[1])[0]
        fam = source_kind(p.format)
        ev = [Evidence("hotspot.share", total, "ratio", top.source or SourceRef(p.path, None),
                       fam, f"{total:.0%} of the run parses text into numbers ({top.name} and "
                       "its internals) while a sort runs: " + _WHY["strtod"],
                       f"share >= {lim:.2f}")]
        for q in {id(q): q for _, q in ctx.hotspots()}.values():
            if source_kind(q.format) == fam:
                continue
            cmp = [(g, t) for g, t in hotspot_shares(q) if is_sort(g.name)]
            if cmp and sum(t for _, t in cmp) >= lim:
                g = max(cmp, key=lambda x: x[1])[0]
                ev.append(Evidence("hotspot.share", sum(t for _, t in cmp), "ratio",
                                   g.source or SourceRef(q.path, None), source_kind(q.format),
                                   f"{q.format} puts {sum(t for _, t in cmp):.0%} in the sort's "
                                   f"comparators ({', '.join(x.name for x, _ in cmp[:3])})",
                                   f"share >= {lim:.2f}"))
                break
        # the change parses each key once, before sorting: it is aimed at the parse
        return ctx.finding("app.redundant_work", 0.5, "the same keys parsed again at every "
                           "comparison of a sort", ev, scope=top.name)
    return None


def _redundant_calls(ctx: Context) -> Finding | None:
    got = _parse_in_sort(ctx)
    if got is not None:
        return got
    calls_lim, share_lim = ctx.t("app.redundant_calls"), ctx.t("app.redundant_share")
    pure_lim = ctx.t("app.pure_call_share")
    from perfscout.diagnose.crossunit import cross_unit_call

    crossed = cross_unit_call(ctx)  # new arguments per element: call overhead, not repetition
    best = None
    for p in {id(p): p for _, p in ctx.hotspots()}.values():
        for h, s in hotspot_shares(p):
            big = h.calls is not None and h.calls >= calls_lim and s >= share_lim
            if crossed is not None and h.name.split(" (")[0] == crossed.callee.name.split(" (")[0]:
                continue
            if big and (best is None or s > best[1]):
                best = (h, s, p)
        owned = _family_owned(p, ctx.t("app.library_share"))
        for h, s in _pure_totals(p):
            if s >= pure_lim and id(h) not in owned and (best is None or s > best[1]):
                best = (h, s, p)
    if best is None:
        return None
    h, s, p = best
    from perfscout.model.findings import Evidence

    fam = source_kind(p.format)
    if h.calls is None and _reusable(h):  # a sampling profile: no call counts
        ev = [Evidence("hotspot.share", s, "ratio", h.source or SourceRef(p.path, None), fam,
                       f"{_group(h)} ({h.name} and its aliases) holds {s:.0%} of the "
                       f"run: {_WHY.get(_group(h), _WHY['pure'])}",
                       f"share >= {pure_lim:.2f}")]
    else:
        ev = [Evidence("hotspot.calls", float(h.calls or 0), "count",
                       h.source or SourceRef(p.path, None), fam,
                       f"{h.name} called {fmt(float(h.calls or 0))} times for {s:.0%} "
                       "of the run", f"calls >= {calls_lim:g} and share >= {share_lim:.2f}")]
    # a math routine known only by its share: new arguments at every call are the
    # computation itself, so nothing here measures repetition; another profile seeing the
    # same routine hot agrees on where the time goes, not on its being redundant
    math_only = libm_routine(h.name) is not None and h.calls is None
    if libm_routine(h.name) is not None and not math_only:  # the program's own calls to libm
        calls = next((c for c in ctx.all("insn.libm_calls") if c.kind != fam), None)
        if calls is not None and calls.value > 0:
            ev.append(ctx.ev(calls, f"{fmt(calls.value)} call site(s) to libm in the "
                             "disassembled code", "insn.libm_calls > 0"))
    lim = pure_lim if _reusable(h) else share_lim
    if math_only:
        site = _call_site(ctx, h.name, lim)
        return ctx.finding(
            "app.redundant_work", 0.3, "a math routine holds most of the run", ev,
            scope=_scope_at(h.name, site, p, s, [h]),
            limits=["whether its arguments repeat (a loop-invariant call) is not measured: a "
                    "math routine called on new values is the computation itself"])
    # another family's profile that also puts a real share (``app.redundant_share``) in the
    # same routine agrees: a simulator run on a smaller input weighs its setup more, so the
    # share it gives the routine is smaller while the routine is still what the loop repeats
    site_lim, lim = lim, share_lim
    seen = {fam}
    for q in {id(q): q for _, q in ctx.hotspots()}.values():
        qfam = source_kind(q.format)
        if qfam in seen:
            continue
        same = [(g, t) for g, t in _pure_totals(q) if _group(g) == _group(h)] or \
            [(g, t) for g, t in hotspot_shares(q) if _group(g) == _group(h)]
        if same and max(t for _, t in same) >= lim:
            g, t = max(same, key=lambda x: x[1])
            seen.add(qfam)
            ev.append(Evidence("hotspot.share", t, "ratio", g.source or SourceRef(q.path, None),
                               qfam, f"{q.format} also puts {t:.0%} in {g.name}",
                               f"share >= {lim:.2f}"))
    phase = _phase_timer(ctx, _group(h), {e.source_kind for e in ev})
    if phase is not None:
        ev.append(phase)
    site = _call_site(ctx, h.name, site_lim)
    if site is not None:  # line-level data names the line that makes the calls
        ev.append(site[1])
    return ctx.finding("app.redundant_work", 0.45, "the same small computation repeated", ev,
                       scope=_scope_at(h.name, site, p, s, [h]))


#: words a program uses for its own timer of a clearing or copying phase
PHASE_WORDS = {"memset": ("clear", "zero", "zeroing", "reset", "memset", "fill"),
               "memcpy": ("copy", "memcpy", "pack", "unpack")}


def _phase_timer(ctx: Context, routine: str, have: set[str]) -> Evidence | None:
    """The program's own timer of a phase named for what the hot routine does (``clear:
    0.75 s`` for memset, ``copy_time`` for memcpy) holding at least ``app.pure_call_share``
    of its run: the program measured the same cost the profile sampled."""
    words = PHASE_WORDS.get(routine)
    if not words:
        return None
    lim = ctx.t("app.pure_call_share")
    for x in ctx.all("time.elapsed"):
        if x.kind in have or x.value <= 0:
            continue
        for m in x.profile.metrics:
            key = m.raw_name.lower()
            if m.unit != "s" or not m.name.startswith("event.") or not any(
                    key == w or key.startswith((w + "_", w + "time")) for w in words):
                continue
            share = m.value / x.value
            if lim <= share and m.value <= x.value:  # a phase is part of its run
                loc = Located(m, x.profile)
                return ctx.ev(loc, f"the program times its {m.raw_name} phase at "
                              f"{m.value:.3g} s of {x.value:.3g} s ({share:.0%})",
                              f"phase share >= {lim:.2f}", metric="phase.share", value=share,
                              unit="ratio")
    return None


def _call_site(ctx: Context, routine: str, lim: float) -> tuple[str, Evidence] | None:
    """The source line whose calls to ``routine`` (any of its aliases) cost at least ``lim``
    of the run in a line-level profile (callgrind_annotate's ``=> getenv (800,000x)`` under
    the calling line): where the repeated call is made, the line a change targets. None
    without line-level call data: no line is named rather than a guessed one."""
    return _costliest_site(ctx, lambda callee: _routine(callee) == _routine(routine), lim)


def _costliest_site(ctx: Context, callee_ok: Callable[[str], bool], lim: float
                    ) -> tuple[str, Evidence] | None:
    """The call site (line-level profile) whose calls to a callee ``callee_ok`` accepts cost
    the most of the run, at ``lim`` or more: (the calling line, its evidence)."""
    best: tuple[float, Located] | None = None
    for c in ctx.all("callsite.cost", (ScopeKind.CALLSITE,)):
        if not callee_ok(c.metric.scope.parent):
            continue
        tot = c.profile.first("profile.total")
        share = c.value / tot.value if tot is not None and tot.value > 0 else 0.0
        if share >= lim and (best is None or share > best[0]):
            best = (share, c)
    if best is None:
        return None
    share, c = best
    calls = ctx.beside(c, "callsite.calls", (ScopeKind.CALLSITE,))
    n = calls.value if calls is not None else None
    times = f" {fmt(n)} times" if n else ""
    return c.metric.scope.name, ctx.ev(
        c, f"{c.metric.scope.name} calls {c.metric.scope.parent}{times}: {share:.0%} of the run",
        f"share >= {lim:.2f}", metric="callsite.share", value=share, unit="ratio")


@rule(id="app.precision",
      needs=("flops.dp|insn.x87|insn.softfloat_calls|insn.fp_widen|precision.type_bytes|"
             "@hotspots",),
      thresholds=("bw.near_peak", "precision.x87_share", "precision.convert_ratio",
                  "precision.narrow_per_widen", "precision.type_ratio"))
def precision(ctx: Context) -> Finding | None:
    """A numeric type slower than the hardware's vector float/double: 80-bit long double on
    the x87 stack, ``__float128`` or ``_Decimal64`` emulated in software by library routines
    (no SIMD form exists for either: the fix is the data type), float data widened to double
    and narrowed back per element; or double precision throughout a bandwidth-bound code."""
    x87 = _x87(ctx)
    if x87 is not None:
        return x87
    sampled, ab = _long_doublelibm_routine(ctx), _type_ab(ctx)
    if sampled is not None or ab is not None:  # no disassembly: the routines, the printed A/B
        ev = [e for e in (sampled, ab) if e is not None]
        return ctx.finding("app.precision", 0.6 if sampled is not None else 0.45,
                           "a wide floating-point type (long double: 80-bit x87) costs the time: "
                           "vector and arch flags cannot help, the data type can", ev,
                           limits=["whether the narrower type is accurate enough is a domain "
                                   "question the data cannot answer"])
    soft = _soft_float(ctx)
    if soft is not None:
        return soft
    widened = app_compute.widened_float(ctx)
    if widened is not None:
        return widened
    dp, sp = ctx.top("flops.dp"), ctx.top("flops.sp")
    got, peak = achieved_bw(ctx), mem_bench(ctx)
    if dp is None or dp.value <= 0 or (sp is not None and sp.value > 0):
        return None
    if got is None or peak is None or got.value / peak.value < ctx.t("bw.near_peak"):
        return None
    return ctx.finding("app.precision", 0.3, "all-double arithmetic in a bandwidth-bound code",
                       [ctx.ev(dp, f"{fmt(dp.value)} MFLOP/s double, no single precision"),
                        ctx.ev(got, f"bandwidth {fmt(got.value)} MB/s near peak")],
                       limits=["whether single precision is accurate enough is a domain "
                               "question the data cannot answer"])


def _x87(ctx: Context) -> Finding | None:
    """x87 instructions hold a large share of the floating-point code (disassembly or annotate)."""
    lim = ctx.t("precision.x87_share")
    best: tuple[float, Located, Located] | None = None
    for x in ctx.all("insn.x87"):
        tot = next((t for t in ctx.all("insn.fp_total") if t.profile is x.profile
                    and t.metric.scope == x.metric.scope), None)
        if tot is None or tot.value <= 0:
            continue
        share = x.value / tot.value
        if share >= lim and (best is None or x.value > best[2].value):
            best = (share, tot, x)
    if best is None:
        return None
    share, tot, x = best
    where = x.metric.scope.name or "the code"
    ev = [ctx.ev(x, f"{x.value:.0f} of {tot.value:.0f} floating-point instructions in {where} "
                 f"are x87 (80-bit long double): no vector form exists",
                 f"x87 share >= {lim:.2f}", metric="insn.x87_share", value=share, unit="ratio")]
    # another family seeing x87 code too (disassembly and a sampled annotate agree)
    for y in ctx.all("insn.x87"):
        if y.kind == x.kind:
            continue
        t2 = next((t for t in ctx.all("insn.fp_total") if t.profile is y.profile
                   and t.metric.scope == y.metric.scope), None)
        if t2 is not None and t2.value > 0 and y.value / t2.value >= lim:
            ev.append(ctx.ev(y, f"{y.kind}: x87 instructions carry {y.value / t2.value:.0%} of "
                             "the floating-point weight", f"x87 share >= {lim:.2f}",
                             metric="insn.x87_share", value=y.value / t2.value, unit="ratio"))
            break
    for extra in (_long_doublelibm_routine(ctx), _type_ab(ctx)):
        if extra is not None and extra.source_kind not in {e.source_kind for e in ev}:
            ev.append(extra)
    for r, _p in ctx.remarks():
        if r.kind == "missed" and not r.vectorized:
            ev.append(Evidence("vector.loops_missed", 1.0, "count", r.source, "compiler",
                               f"the compiler did not vectorize {r.file}:{r.line}: "
                               f"{r.message[:70]}"))
            break
    return ctx.finding("app.precision", 0.8, "long double arithmetic on the x87 unit: vector and "
                       "arch flags cannot help, the data type can", ev, scope=where)


def _soft_float(ctx: Context) -> Finding | None:
    """A profile that puts at least ``precision.x87_share`` of the run in routines that
    emulate a floating-point type in software (:func:`~perfscout.model.isa.soft_type`:
    ``__float128`` by libgcc's ``__multf3``/``__addtf3``/libquadmath, ``_Decimal64`` by
    libgcc's ``__bid64_mul``/``__bid_adddd3``), sampling first; calls to them in the
    disassembled code are a second family. Each operation is a call of tens of integer
    instructions: vector width, -march and -O3 leave it as it is, a hardware type (double,
    long double, or scaled integers for decimal money) removes it."""
    lim = ctx.t("precision.x87_share")
    share = category_share(ctx, lambda h: is_soft_float(h.name))
    ev: list[Evidence] = []
    where = ""
    kinds: list[str] = []
    if share is not None and share.share >= lim:
        names = sorted({h.name for h, _ in share.entries}, key=len)[:3]
        top = max(share.entries, key=lambda x: x[1])[0]
        kinds.append(soft_type(top.name))
        ev.append(Evidence("precision.softfloat_share", share.share, "ratio",
                           top.source or SourceRef(share.profile.path, None),
                           source_kind(share.profile.format),
                           f"{share.share:.0%} of the run in software floating-point routines "
                           f"({', '.join(names)}): {kinds[0]} emulated by calls",
                           f"share >= {lim:.2f}"))
    calls = max(ctx.all("insn.softfloat_calls"), key=lambda c: c.value, default=None)
    if calls is not None and calls.value > 0 and (
            not ev or calls.kind not in {e.source_kind for e in ev}):
        # the caller is the scope only when no profile measured the time: a flat profile
        # gives the caller its self time alone, while the time is in the routines it calls
        if not ev:
            where = calls.metric.scope.name
        ev.append(ctx.ev(calls, f"{calls.value:.0f} calls of software floating-point routines "
                         f"in the disassembled {calls.metric.scope.name or 'code'}",
                         "softfloat calls > 0"))
    if not ev:
        return None
    kind = kinds[0] if kinds else _called_soft_type(ctx) or "a floating-point type"
    fix = ("scaled integers (cents in int64) or double" if kind == "_Decimal"
           else "a hardware floating-point type")
    strength = 0.8 if ev[0].metric == "precision.softfloat_share" else 0.45
    return ctx.finding("app.precision", strength, f"{kind} arithmetic emulated in software "
                       f"(library calls per operation): vector and arch flags cannot help, "
                       f"{fix} can", ev, scope=where,
                       limits=["whether a binary or integer type is accurate enough is a "
                               "domain question the data cannot answer"])


def _called_soft_type(ctx: Context) -> str:
    """The emulated type named by the disassembly's call targets (the first one found)."""
    for c in ctx.all("callsite.call_insns", (ScopeKind.CALLSITE,)):
        t = soft_type(c.metric.scope.parent)
        if t:
            return t
    return ""


PURE = ("strlen", "strnlen", "strcmp", "strncmp", "strchr", "strrchr", "strstr", "memcmp",
        "wcslen")
#: lookups whose answer does not change during a run: asked again per element, they are
#: redundant (the environment scan of getenv, locale and system queries)
LOOKUP = ("getenv", "secure_getenv", "sysconf", "nl_langinfo", "localeconv", "setlocale")
#: compiling a regular expression: its result serves every later match, so compiling it per
#: use (per line, per record) is the same work again. The public entry points, and glibc's
#: internals of regcomp (named only inside libc, or where a profile names regcomp.c)
COMPILE = ("regcomp", "regfree", "pcre_compile", "pcre2_compile", "pcre2_compile_8",
           "pcre_study", "onig_new")
_REGCOMP_INTERNALS = frozenset({
    "re_compile_internal", "re_compile_fastmap", "re_compile_fastmap_iter", "parse_expression",
    "parse_reg_exp", "parse_branch", "parse_bracket_exp", "parse_dup_op", "create_token_tree",
    "calc_eclosure", "calc_eclosure_iter", "calc_first", "calc_inveclosure", "re_dfa_add_node",
    "peek_token", "peek_token_bracket", "free_dfa_content", "free_token", "duplicate_node",
    "duplicate_node_closure", "optimize_subexps", "lower_subexps", "link_nfa_nodes", "analyze",
    "postorder", "preorder", "init_dfa", "re_string_construct", "build_charclass",
    "build_charclass_op", "create_initial_state"})  # regex_internal.c's are regexec's too


def _group(h: Hotspot) -> str:
    """The routine a hotspot is part of: ``regcomp`` for any of the pattern compiler's
    internals, else :func:`_routine` of its name."""
    return "regcomp" if is_pattern_compile(h) else _routine(h.name)


def _reusable(h: Hotspot) -> bool:
    """A routine whose result could be kept: pure, a fixed lookup, a pattern compile."""
    return _is_pure(h.name) or is_pattern_compile(h)


def is_pattern_compile(h: Hotspot) -> bool:
    """A routine that compiles a regular expression: regcomp/regfree and PCRE's compile by
    name, glibc's regcomp internals when the profile places them in libc or regcomp.c."""
    low = h.name.lower().strip().lstrip("_").split("@")[0]
    if low in COMPILE or low.startswith(("pcre2_compile", "pcre_compile")):
        return True
    where = f"{h.module} {h.location.file if h.location else ''}"
    return low in _REGCOMP_INTERNALS and ("libc." in where or "regcomp.c" in where)


#: clearing and copying memory: at any bandwidth, fewer bytes cleared or copied is the lever
FILL = ("memset", "memcpy", "memmove", "mempcpy", "bzero", "wmemset", "wmemcpy")
_FILL_NAME = re.compile(r"^_*(?P<fn>" + "|".join(FILL) + r")(?:_[a-z0-9_]+)?(?:@.*)?$")
#: text-to-number parsers and glibc's internals of them (multi-precision digit work)
_PARSE_NAME = re.compile(r"^_*(?:gi_+)?(?:(?:isoc99_|isoc23_)?v?sscanf|ato[fil]l?|"
                         r"strto(?:d|f|ld|l|ll|ul|ull|imax|umax)(?:_l)?(?:_internal)?|"
                         r"str_to_mpn|round_and_return|mpn_[a-z0-9_]+)(?:[._].*)?(?:@.*)?$")
#: sorting routines and comparators: a parse inside them is redone per comparison
_SORT_NAME = re.compile(r"(?:^_*(?:gi_+)?(?:qsort|msort|introsort|heapsort|mergesort|"
                        r"insertion_sort)|(?:^|::)(?:__)?(?:sort|stable_sort)\b|"
                        r"^(?:cmp|compar)(?:_|$)|^compare(?:_?(?:by|key|keys|fn|func)|$)|"
                        r"comparator|_(?:cmp|compare)$)", re.I)


_WHY = {
    "pure": "a routine whose result depends only on its arguments",
    **dict.fromkeys(LOOKUP, "a lookup whose answer does not change during the run"),
    "memset": "clearing memory; at any bandwidth only fewer bytes cleared help",
    "memcpy": "copying memory; at any bandwidth only fewer bytes copied help",
    "strtod": "parsing text into numbers inside a sort: the same keys parsed again at every "
              "comparison",
    "regcomp": "compiling a regular expression, whose result serves every later match: "
               "compiled per use, the same work is done again",
}

_LIBM_LONG = re.compile(r"^_*(?:ieee754_|gi_+|kernel_)?(?P<fn>[a-z0-9_]+?)l(?:_finite)?(?:@.*)?$")
#: the long double routines' own helpers (argument reduction, the kernels of sin/cos/tan)
_LIBM_LONG_HELPERS = ("rem_pio2", "sin", "cos", "tan")


def _type_ab(ctx: Context) -> Evidence | None:
    """One printout holding runs of the same program in two floating-point types
    (``precision.type_bytes``: ``mode=long double`` then ``mode=double``), the same size where
    one is printed: the wider type's run taking ``precision.type_ratio`` or more times the
    narrower one's. The program's own A/B of the data type."""
    lim = ctx.t("precision.type_ratio")
    runs = []
    for tb in ctx.all("precision.type_bytes", (ScopeKind.RUN,)):
        t = ctx.beside(tb, "time.elapsed", (ScopeKind.RUN,)) or ctx.beside(
            tb, "time.cpu", (ScopeKind.RUN,))
        size = ctx.beside(tb, "scaling.size", (ScopeKind.RUN,))
        if t is not None and t.value > 0:
            runs.append((tb, t, size.value if size is not None else None))
    best: tuple[float, Located, Located, Located] | None = None
    for wide, tw, sw in runs:
        for narrow, tn, sn in runs:
            if wide.profile is not narrow.profile or wide.value <= narrow.value or sw != sn:
                continue
            r = tw.value / tn.value
            if r >= lim and (best is None or r > best[0]):
                best = (r, wide, tw, narrow)
    if best is None:
        return None
    r, wide, tw, narrow = best
    return ctx.ev(tw, f"the same run in {wide.metric.raw_name} ({wide.value:.0f} bytes) took "
                  f"{r:.1f}x the {narrow.metric.raw_name} one ({narrow.value:.0f} bytes)",
                  f"ratio >= {lim:g}", metric="precision.type_ratio", value=r, unit="ratio")


def _long_doublelibm_routine(ctx: Context) -> Evidence | None:
    """A profile (sampling first) that puts at least ``precision.x87_share`` of the run in the
    long double variants of libm routines (``expl``, ``__ieee754_logl``): where the time goes
    is 80-bit arithmetic."""
    lim = ctx.t("precision.x87_share")
    profs = sorted({id(p): p for _, p in ctx.hotspots()}.values(),
                   key=lambda p: source_kind(p.format) != "sampling")
    for p in profs:
        hits = [(h, s) for h, s in hotspot_shares(p)
                if (m := _LIBM_LONG.match(h.name.lower().strip())) and
                (m["fn"] in LIBM or m["fn"] in _LIBM_LONG_HELPERS)]
        total = sum(s for _, s in hits)
        if hits and total >= lim:
            h = max(hits, key=lambda x: x[1])[0]
            return Evidence("hotspot.share", total, "ratio", h.source or SourceRef(p.path, None),
                            source_kind(p.format), f"{total:.0%} of the run in long double libm "
                            f"routines ({', '.join(sorted({x.name for x, _ in hits})[:3])})",
                            f"share >= {lim:.2f}")
    return None


def _routine(name: str) -> str:
    """One name for a routine across profilers: a pure libc routine by its family
    (``__strlen_evex`` and ``strlen`` are one; glibc's number-parsing internals are
    ``strtod``), others without arguments or line."""
    low = name.lower().strip("_")
    pure = next((f for f in (*PURE, *LOOKUP)
                 if low == f or low.startswith((f + "_", f + "@"))), None)
    fill = _FILL_NAME.match(name.lower().strip())
    if pure is None and fill is not None:
        pure = "memset" if fill["fn"] in ("memset", "bzero", "wmemset") else "memcpy"
    if pure is None and _PARSE_NAME.match(name.lower().strip()):
        pure = "strtod"
    return pure or libm_routine(name) or name.split("(")[0].split(" line ")[0].strip().lower()


def _is_pure(name: str) -> bool:
    """A libc or libm routine whose result depends only on its arguments (``__strlen_avx2``,
    ``__ieee754_exp_fma`` too), a lookup whose answer does not change during the run
    (``getenv``), or clearing/copying memory (``__memset_avx512_unaligned_erms``)."""
    low = name.lower().strip("_")
    return any(low == f or low.startswith(f + "_") or low.startswith(f"{f}@")
               for f in (*PURE, *LOOKUP)) \
        or libm_routine(name) is not None or _FILL_NAME.match(name.lower().strip()) is not None


def is_parse(name: str) -> bool:
    """A text-to-number parser (``strtod``, ``atof``, ``sscanf``) or glibc's internals of one
    (``____strtod_l_internal``, ``str_to_mpn``, ``__mpn_mul``)."""
    return _PARSE_NAME.match(name.lower().strip()) is not None


def is_sort(name: str) -> bool:
    """A sorting routine (``qsort``, glibc's ``msort_with_tmp``, ``std::sort``) or a
    comparator by its usual names (``cmp_text``, ``compare``, ``by_key_cmp``)."""
    return _SORT_NAME.search(name.strip()) is not None


def _pure_totals(p: Profile) -> list[tuple[Hotspot, float]]:
    """Each pure routine's share summed over the names one profile gives it (the libm entry,
    its ``@@GLIBC`` alias and its PLT stub), with its largest entry."""
    by: dict[str, tuple[Hotspot, float, float]] = {}
    for h, s in hotspot_shares(p):
        compile_ = is_pattern_compile(h)
        if not (compile_ or _is_pure(h.name)):
            continue
        r = _group(h)
        old = by.get(r)
        if old is None:
            by[r] = (h, s, s)
        else:
            top, best, tot = old
            by[r] = (h, s, tot + s) if s > best else (top, best, tot + s)
    return [(h, tot) for h, _b, tot in by.values()]


#: the calls one unbuffered record read or write makes (positioning included)
RW_CALLS = ("write", "read", "pwrite64", "pread64", "writev", "readv", "lseek", "llseek",
            "_llseek")


#: calls that open or close a file: a program that opens its file for each line it writes
#: makes as many of them as writes
OPEN_CLOSE_CALLS = ("open", "openat", "openat2", "creat", "close")


def _write_per_record(ctx: Context, rw: list[Located], writes: float) -> Finding | None:
    """No run time to rate the calls by, but the program says how many records it wrote: a
    write system call per record (``io.writes_per_record`` or more, over ``io.records_min``
    records) is output that is not buffered (a flush per line, an unbuffered stream)."""
    recs = [r for r in ctx.all("io.records_written") if r.value > 0]
    if not recs or writes <= 0:
        return None
    rec = max(recs, key=lambda r: r.value)
    per = writes / rec.value
    lim = ctx.t("io.writes_per_record")
    if rec.value < ctx.t("io.records_min") or per < lim:
        return None
    top = max((c for c in rw if "write" in c.metric.scope.name), key=lambda c: c.value)
    return ctx.finding("app.io_hotspot", 0.7, "unbuffered output: one write system call per "
                       "record written", [
                           ctx.ev(top, f"{fmt(writes)} write calls for {fmt(rec.value)} records "
                                  f"= {per:.2f} per record", f"writes per record >= {lim:g}",
                                  metric="io.writes_per_record", value=per, unit="ratio"),
                           ctx.ev(rec, f"the program wrote {fmt(rec.value)} records",
                                  f"records >= {ctx.t('io.records_min'):g}")],
                       scope=top.metric.scope.name)


#: (system call, the bytes its calls passed): the process's own I/O counts (/proc/PID/io)
_CALL_BYTES = (("write", "io.write_chars"), ("read", "io.read_chars"))


def _small_calls(ctx: Context) -> Finding | None:
    """The process's own counts (``/proc/PID/io``): at least ``io.records_min`` read or write
    system calls moving fewer than ``io.small_call_bytes`` bytes each on average: the
    program hands the kernel one record per call instead of a buffer (no run time needed:
    bytes per call are a property of the code)."""
    lim = ctx.t("io.small_call_bytes")
    best: tuple[float, Located, Located] | None = None
    for call, chars in _CALL_BYTES:
        for c in ctx.all("syscall.calls"):
            b = next((x for x in ctx.all(chars) if x.profile is c.profile), None)
            if c.metric.scope.name != call or b is None or c.value < ctx.t("io.records_min"):
                continue
            per = b.value / c.value
            if per < lim and (best is None or c.value > best[1].value):
                best = (per, c, b)
    if best is None:
        return None
    per, c, b = best
    name = c.metric.scope.name
    return ctx.finding("app.io_hotspot", 0.7, f"unbuffered I/O: one {name} system call per "
                       f"{per:.0f} bytes", [
                           ctx.ev(c, f"{fmt(c.value)} {name}() calls passed {fmt(b.value)} bytes"
                                  f" = {per:.1f} bytes per call", f"bytes per call < {lim:g}, "
                                  f"calls >= {ctx.t('io.records_min'):g}",
                                  metric="io.bytes_per_call", value=per, unit="B")],
                       scope=name)


def _rate_ev(ctx: Context, el: Located, rate: float, lim: float) -> Evidence:
    """The trace's I/O calls per second of the run (derived: the calls are the trace's, the
    run's time only rates them; the run's time is no second measurement of the cause, and a
    program timer shorter than the process's is no conflict with the trace)."""
    return ctx.ev(el, f"in a run of {el.value:.3g} s: {rate:,.0f} I/O calls/s",
                  f"I/O calls/s >= {lim:g}", metric="syscall.rate", value=rate, unit="1/s",
                  kind="derived")


def _syscall_io(ctx: Context) -> Finding | None:
    """read/write system calls at a rate only unbuffered I/O makes (strace -c); an lseek
    before each read or write positions that call and counts with it, and so do the open and
    close calls of a file opened for each write (at least one open per two writes: a log
    opened, appended to and closed per line)."""
    rw = [c for c in ctx.all("syscall.calls") if c.metric.scope.name in RW_CALLS]
    tot = ctx.top("syscall.total_calls")
    if not rw or tot is None or tot.value <= 0:
        return None
    io_calls = sum(c.value for c in rw)
    writes = sum(c.value for c in rw if "write" in c.metric.scope.name)
    reads = sum(c.value for c in rw if "read" in c.metric.scope.name)
    oc = [c for c in ctx.all("syscall.calls") if c.metric.scope.name in OPEN_CLOSE_CALLS
          and c.profile is rw[0].profile]
    opens = sum(c.value for c in oc if c.metric.scope.name != "close")
    per_write = ctx.t("io.opens_per_write")
    # a file opened for each write (a log appended to per line) or for each read (a /proc or
    # input file opened, read and closed again every step)
    reading = reads > writes
    reopened = opens >= per_write * (reads if reading else writes) > 0
    if reopened:
        io_calls += sum(c.value for c in oc)
    runs = [x for x in ctx.all("time.elapsed") if x.value > 0]
    if not runs and reopened and writes >= ctx.t("io.records_min") \
            and io_calls / tot.value >= ctx.t("io.rw_syscall_share"):
        # no run time to rate the calls by, but a file opened and closed again for each of
        # thousands of writes is a cost whatever the run's length
        op = max((c for c in oc if c.metric.scope.name != "close"), key=lambda c: c.value)
        return _write_per_record(ctx, rw, writes) or ctx.finding(
            "app.io_hotspot", 0.6, "a file opened, written and closed per line: one open and "
            "close system call per small write", [
                ctx.ev(op, f"{fmt(opens)} {op.metric.scope.name}() calls for {fmt(writes)} "
                       f"writes; open/close/read/write/lseek {io_calls / tot.value:.0%} of all "
                       "system calls", f"opens >= {per_write:g} x writes, writes >= "
                       f"{ctx.t('io.records_min'):g}")],
            scope=op.metric.scope.name,
            limits=["no run time beside the trace: the share of the run these calls take is "
                    "not measured (time -v or perf stat would say)"])
    # a timestamped trace (strace -tt), an excerpt too, rates its calls by its own span
    spans = [x for x in ctx.all("syscall.trace_span") if x.profile is rw[0].profile
             and x.value > 0]
    if not runs and not spans:
        return _write_per_record(ctx, rw, writes)
    el = min(runs, key=lambda x: x.value) if runs else spans[0]
    over = (f"in a run of {el.value:.3g} s" if runs else
            f"in the trace's {el.value:.3g} s from its first call to its last")
    rate = io_calls / el.value
    lim = ctx.t("io.syscalls_per_s")
    share = ctx.t("io.rw_syscall_share")
    if rate < lim or io_calls / tot.value < share:
        return None
    top = max(rw, key=lambda c: c.value)
    if reopened:
        op = max((c for c in oc if c.metric.scope.name != "close"), key=lambda c: c.value)
        n_rw = reads if reading else writes
        title = ("a file opened, read and closed again and again: one open and close system "
                 "call per small read" if reading else "a file opened, written and closed per "
                 "line: one open and close system call per small write")
        return ctx.finding("app.io_hotspot", 0.75, title, [
                               ctx.ev(op, f"{fmt(opens)} {op.metric.scope.name}() calls for "
                                      f"{fmt(n_rw)} {'reads' if reading else 'writes'}; "
                                      "open/close/read/write/lseek "
                                      f"{io_calls / tot.value:.0%} of all system calls",
                                      f"opens >= {per_write:g} x "
                                      f"{'reads' if reading else 'writes'}, I/O share of "
                                      f"syscalls >= {share:.2f}"),
                               _rate_ev(ctx, el, rate, lim) if reading else
                               ctx.ev(el, f"{over}: {rate:,.0f} I/O calls/s",
                                      f"I/O calls/s >= {lim:g}")],
                           scope=op.metric.scope.name)
    return ctx.finding("app.io_hotspot", 0.75, "unbuffered I/O: one system call per small "
                       "read or write", [
                           ctx.ev(top, f"{fmt(top.value)} {top.metric.scope.name}() calls, "
                                  f"{io_calls / tot.value:.0%} of all system calls",
                                  f"read/write share of syscalls >= {share:.2f}"),
                           ctx.ev(el, f"{over}: {rate:,.0f} I/O calls/s",
                                  f"I/O calls/s >= {lim:g}")],
                       scope=top.metric.scope.name)
