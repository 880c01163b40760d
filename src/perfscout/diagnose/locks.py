"""Which lock or OpenMP-runtime family a sampling profile's time is in: the routines threads
take turns in (critical sections, runtime atomics, OpenMP and pthread locks, futexes), the
runtime handing out iterations one chunk at a time, and the runtime library itself.

Declared once here and read by the contention rule (``rt.sync_contention``), by the thread
sweep's judgement of a cost that grows per thread (``rt.serial_fraction`` against it), and by
the advice that tells a dynamic schedule's handout from a lock.
"""

from __future__ import annotations

import re

from perfscout.diagnose.engine import Context, source_kind
from perfscout.diagnose.rules.common import fmt, hotspot_shares
from perfscout.model.findings import Evidence
from perfscout.model.metrics import Hotspot, Profile, SourceRef
from perfscout.model.symbols import OMP_RUNTIME_LIB

#: the OpenMP and pthread routines that serialize threads (critical sections, runtime
#: atomics, ordered regions, locks), as prefixes of their lower-case names
SERIALIZING = ("gomp_critical", "gomp_atomic", "gomp_ordered", "gomp_loop_ordered",
               "gomp_loop_ull_ordered", "gomp_doacross", "kmpc_doacross", "omp_set_lock",
               "omp_unset_lock", "omp_set_nest_lock", "kmpc_critical", "kmpc_end_critical",
               "kmpc_atomic", "kmpc_ordered", "pthread_mutex_lock", "pthread_mutex_unlock",
               "pthread_spin_lock", "gomp_mutex_lock", "gomp_mutex_unlock")


#: user-space lock and wait routines (pthread mutex/condvar/rwlock/spin, glibc's low-level
#: lock, semaphores) and the kernel's futex path: one row each of a lock taken per item
LOCK_ROUTINE = re.compile(
    r"^_*(?:gi_+)?(?:pthread_(?:mutex|cond|rwlock|spin)_[a-z_]+|lll_lock_[a-z_]+|"
    r"lll_unlock_[a-z_]+|futex_[a-z_]+|do_futex|x64_sys_futex|sys_futex|sem_(?:wait|post|"
    r"timedwait)|new_sem_[a-z_]+|condvar_[a-z_]+|pthread_mutex_unlock_usercnt|"
    r"pthread_mutex_lock_full)(?:@.*|\.[a-z0-9_.]+)?$")
#: the OpenMP runtime handing out loop iterations one chunk at a time (schedule(dynamic),
#: guided, runtime) and the mutex that guards it
SCHED_ROUTINE = re.compile(
    r"^_*(?:gomp_iter_(?:ull_)?(?:dynamic|guided)_next(?:_locked)?|gomp_mutex_lock(?:_slow)?|"
    r"gomp_mutex_unlock(?:_slow)?|gomp_loop_(?:ull_)?[a-z_]*(?:dynamic|guided|runtime)_[a-z_]+|"
    r"kmp_dispatch_next[a-z_0-9]*|kmpc_dispatch_next[a-z_0-9]*)(?:@.*|\.[a-z0-9_.]+)?$")
#: the serializing runtime routines threads take turns in (critical sections, runtime atomics,
#: OpenMP locks), without the ordered regions, which order work rather than guard data
CRITICAL = tuple(r for r in SERIALIZING if "ordered" not in r and "doacross" not in r)


def routine(h: Hotspot) -> str:
    return h.name.lower().strip().split("(")[0].strip().replace("@plt", "")


def lock_rows(p: Profile) -> tuple[str, float, tuple[tuple[Hotspot, float], ...]]:
    """The lock/wait family that holds the most of sampling profile ``p``: ("schedule", share,
    rows) when the OpenMP runtime's iteration handout is sampled (the runtime library's
    unresolved rows count with it: the handout and its spinning have no exported name),
    ("lock", ...) for pthread/futex routines, ("critical", ...) for the OpenMP runtime's
    critical sections and locks (``GOMP_critical_start``, ``omp_set_lock``: the runtime's
    serializing routines, :data:`CRITICAL`, with the runtime library's unresolved rows);
    ("", 0, ()) when none is sampled. An
    unresolved row whose library the profile does not name counts with the handout only when a
    named handout routine is sampled too (a static schedule samples none)."""
    shares = [(h, s) for h, s in hotspot_shares(p) if h.kind != "line"]
    sched = [(h, s) for h, s in shares if SCHED_ROUTINE.match(routine(h))]
    lock = tuple((h, s) for h, s in shares if LOCK_ROUTINE.match(routine(h)))
    best: tuple[str, float, tuple[tuple[Hotspot, float], ...]] = ("", 0.0, ())
    if sched:
        named = {id(h) for h, _ in sched}
        rows = tuple(sched) + tuple(
            (h, s) for h, s in shares if id(h) not in named
            and routine(h).startswith("0x")
            and (not h.module or OMP_RUNTIME_LIB.search(h.module)))
        best = ("schedule", sum(s for _, s in rows), rows)
    total = sum(s for _, s in lock)
    if total > best[1]:
        best = ("lock", total, lock)
    crit = [(h, s) for h, s in shares if routine(h).lstrip("_").startswith(CRITICAL)
            and not LOCK_ROUTINE.match(routine(h))]
    if crit:
        mods = {h.module for h, _ in crit if h.module and OMP_RUNTIME_LIB.search(h.module)}
        named = {id(h) for h, _ in crit}
        rows = tuple(crit) + tuple((h, s) for h, s in shares if id(h) not in named
                                   and routine(h).startswith("0x") and h.module in mods)
        if sum(s for _, s in rows) > best[1]:
            best = ("critical", sum(s for _, s in rows), rows)
    return best


def sampled_locks(ctx: Context, lim: float) -> tuple[str, Evidence, str] | None:
    """A sampling profile holding ``rt.lock_routine_share`` of its time in lock and wait
    routines or in the OpenMP runtime's iteration handout: (family, evidence, scope)."""
    best: tuple[str, float, tuple[tuple[Hotspot, float], ...], Profile] | None = None
    for p in {id(p): p for _, p in ctx.hotspots()}.values():
        if source_kind(p.format) != "sampling":
            continue
        fam, share, rows = lock_rows(p)
        if fam and share >= lim and (best is None or share > best[1]):
            best = (fam, share, rows, p)
    if best is None:
        return None
    fam, share, rows, p = best
    top = sorted(rows, key=lambda e: -e[1])
    what = {"schedule": "the OpenMP runtime handing out loop iterations one chunk at a time "
                        "(dynamic schedule)",
            "critical": "the OpenMP runtime's critical sections and locks (threads entering "
                        "one at a time)"}.get(fam, "lock and wait routines (mutex, condition "
                                                   "variable, futex)")
    ev = Evidence("hotspot.share", share, "ratio", top[0][0].source or SourceRef(p.path, None),
                  "sampling", f"{share:.0%} of the samples in {what}: "
                  + ", ".join(f"{h.name} {s:.0%}" for h, s in top[:4]),
                  f"lock/runtime share >= {lim:.2f}")
    named = [h for h, _ in top if not routine(h).startswith("0x")]
    return fam, ev, (named[0].name if named else top[0][0].name).split("@")[0]


def traced_futex(ctx: Context) -> Evidence | None:
    """strace -f -c: futex holds ``rt.futex_traced_share`` or more of the traced system time
    (a lock handed over per item wakes a waiter through the kernel). Read only beside a
    sampled lock: a trace alone cannot tell a lock taken per item from one taken per batch."""
    lim = ctx.t("rt.futex_traced_share")
    for fx in ctx.all("syscall.time"):
        if fx.metric.scope.name != "futex" or fx.value <= 0:
            continue
        total = sum(x.value for x in ctx.all("syscall.time") if x.profile is fx.profile
                    and x.metric.scope.name not in ("", "total"))
        if total <= 0 or fx.value / total < lim:
            continue
        calls = next((c.value for c in ctx.all("syscall.calls") if c.profile is fx.profile
                      and c.metric.scope.name == "futex"), None)
        n = f"{fmt(calls)} futex calls, " if calls is not None else ""
        return ctx.ev(fx, f"{n}{fx.value:.3g} s = {fx.value / total:.0%} of the traced system "
                      "time in futex (threads woken through the kernel to take the lock)",
                      f"futex share of traced time >= {lim:.2f}")
    return None
