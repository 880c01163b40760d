"""Derived metrics, computed in one place for every adapter.

:func:`derive` adds ratios that follow from counters a profile already holds (IPC, miss ratios
per cache level, branch-miss ratio, vector share of FLOPs, arithmetic intensity, MPI fraction)
in each scope that has the inputs, and ``imbalance.max_over_mean`` across the thread or rank
values of one parent scope. Parsers only record what the tool printed; they never compute
these. Added metrics have ``derived=True``; a ratio the tool already printed in a scope is not
recomputed there, so ``derive`` is idempotent.
"""

from __future__ import annotations

import dataclasses
from collections import defaultdict

from perfscout.model.metrics import Metric, Profile, Scope, ScopeKind

# derived name -> (numerator, denominator, unit)
RATIOS: tuple[tuple[str, str, str, str], ...] = (
    ("ipc", "instructions", "cycles", "ratio"),
    ("branch_miss_ratio", "branch_misses", "branches", "ratio"),
    ("cache.miss_ratio", "cache.misses", "cache.references", "ratio"),
    ("l1d.miss_ratio", "l1d.load_misses", "l1d.loads", "ratio"),
    ("llc.miss_ratio", "llc.load_misses", "llc.loads", "ratio"),
    ("dtlb.miss_ratio", "dtlb.load_misses", "dtlb.loads", "ratio"),
    ("l2.miss_ratio", "l2.misses", "l2.requests", "ratio"),
    ("flops.vector_share", "flops.dp_vector", "flops.dp", "ratio"),
    ("arith_intensity", "flops.dp", "mem.bandwidth", "FLOP/B"),
    ("mpi.time_share", "mpi.time", "app.time", "ratio"),
    # a program's own per-rank printout gives its wall time, not mpiP's AppTime
    ("mpi.time_share", "mpi.time", "time.elapsed", "ratio"),
    # a rank's printed bytes over its printed message count
    ("mpi.msg_size_mean", "mpi.bytes_sent", "mpi.msg_count", "B"),
    # a debugger's stacks: the share of the process's threads sitting in a wait
    ("threads.wait_share", "threads.waiting", "threads.observed", "ratio"),
)

#: the OS's per-thread CPU share or CPU time (pidstat -t, ps -L, top -H): the CPU each worker
#: got, a second family beside a printout's busy times or a profile's samples. A thread below
#: ``_IDLE_WORKER`` of the busiest one did none of the work (a runtime's helper or progress
#: thread) and is left out of the spread; a barrier spun on counts as CPU, so a balanced split
#: against a printed spread is a stated conflict (crossval), never a confirmation
OS_WORKER_CPU: tuple[str, ...] = ("cpu.share", "time.cpu")
_IDLE_WORKER = 0.10

# values whose spread across threads/ranks means load imbalance
IMBALANCE_INPUTS: tuple[str, ...] = (
    "time.elapsed", "app.time", "mpi.time", "time.task_clock", "cycles", "instructions",
    "flops.dp", "flops.sp", "mem.bandwidth", "time.runtime_unhalted", "samples", "busy.time",
    "compute.share", *OS_WORKER_CPU,
)
_SPREAD_KINDS = (ScopeKind.THREAD, ScopeKind.RANK, ScopeKind.CORE)


def _ratios(metrics: tuple[Metric, ...]) -> list[Metric]:
    by_scope: dict[tuple[Scope, str], dict[str, Metric]] = defaultdict(dict)
    for m in metrics:
        # first value of a name per scope and aggregate kind wins; repeated runs stay apart
        by_scope[(m.scope, m.stat)].setdefault(m.name, m)
    out: list[Metric] = []
    for (scope, stat), names in by_scope.items():
        if stat and stat != "sum":
            continue  # min/max/avg of a ratio's inputs do not make the ratio's min/max/avg
        made: set[str] = set()
        for name, num, den, unit in RATIOS:
            if name in names or name in made or num not in names or den not in names:
                continue
            d = names[den].value
            if d == 0:
                continue
            made.add(name)
            out.append(Metric(
                name=name, value=names[num].value / d, unit=unit, scope=scope,
                source=names[num].source, raw_name=f"{num} / {den}", derived=True, stat=stat,
            ))
    return out


def _imbalance(metrics: tuple[Metric, ...]) -> list[Metric]:
    have = {(m.scope, m.raw_name) for m in metrics if m.name == "imbalance.max_over_mean"}
    groups: dict[tuple[str, ScopeKind, str], list[Metric]] = defaultdict(list)
    for m in metrics:
        if m.name in IMBALANCE_INPUTS and m.scope.kind in _SPREAD_KINDS and not m.stat:
            groups[(m.name, m.scope.kind, m.scope.parent)].append(m)
    out: list[Metric] = []
    for (name, _kind, parent), ms in groups.items():
        if name in OS_WORKER_CPU:
            busiest = max(m.value for m in ms)
            ms = [m for m in ms if m.value >= _IDLE_WORKER * busiest]
        if len({m.scope.name for m in ms}) < 2:
            continue
        mean = sum(m.value for m in ms) / len(ms)
        if mean <= 0:
            continue
        scope = Scope(ScopeKind.REGION, parent) if parent else Scope()
        if (scope, name) in have:
            continue
        top = max(ms, key=lambda m: m.value)
        out.append(Metric(
            name="imbalance.max_over_mean", value=top.value / mean, unit="ratio", scope=scope,
            source=top.source, raw_name=name, derived=True,
            family=top.family,  # the family that measured the inputs (a printout in a log)
        ))
    return out


def _app_time(metrics: tuple[Metric, ...]) -> list[Metric]:
    """A rank's application time from its own printout: compute time plus MPI time (its wait
    time when that is all it printed)."""
    by: dict[Scope, dict[str, Metric]] = defaultdict(dict)
    for m in metrics:
        if m.scope.kind == ScopeKind.RANK and m.name in ("busy.time", "mpi.time", "app.time",
                                                         "mpi.wait_time"):
            by[m.scope].setdefault(m.name, m)
    out: list[Metric] = []
    for scope, names in by.items():
        if "mpi.time" not in names and "mpi.wait_time" in names:  # waiting is time in MPI
            w = names["mpi.wait_time"]
            names["mpi.time"] = Metric("mpi.time", w.value, "s", scope, w.source,
                                       "mpi.wait_time", derived=True)
            out.append(names["mpi.time"])
        if "app.time" in names or "busy.time" not in names or "mpi.time" not in names:
            continue
        out.append(Metric("app.time", names["busy.time"].value + names["mpi.time"].value, "s",
                          scope, names["busy.time"].source, "busy.time + mpi.time", derived=True))
    return out


def _mix(metrics: tuple[Metric, ...]) -> list[Metric]:
    """x87 and packed shares of the floating-point instructions, per function."""
    by: dict[Scope, dict[str, Metric]] = defaultdict(dict)
    for m in metrics:
        if m.name.startswith("insn."):
            by[m.scope].setdefault(m.name, m)
    out: list[Metric] = []
    for scope, names in by.items():
        tot = names.get("insn.fp_total")
        if tot is None or tot.value <= 0:
            continue
        for part, share in (("insn.x87", "insn.x87_share"), ("insn.packed", "insn.packed_share")):
            if share not in names:
                v = names[part].value if part in names else 0.0
                out.append(Metric(share, v / tot.value, "ratio", scope, tot.source,
                                  f"{part} / insn.fp_total", derived=True))
    return out


def _numa(metrics: tuple[Metric, ...]) -> list[Metric]:
    """Remote share of node accesses: remote / (local + remote), per scope."""
    by: dict[Scope, dict[str, Metric]] = defaultdict(dict)
    for m in metrics:
        if m.name in ("numa.local_accesses", "numa.remote_accesses", "numa.remote_ratio"):
            by[m.scope].setdefault(m.name, m)
    out: list[Metric] = []
    for scope, names in by.items():
        loc, rem = names.get("numa.local_accesses"), names.get("numa.remote_accesses")
        if "numa.remote_ratio" in names or loc is None or rem is None:
            continue
        if loc.value + rem.value > 0:
            out.append(Metric("numa.remote_ratio", rem.value / (loc.value + rem.value), "ratio",
                              scope, rem.source, "remote / (local + remote)", derived=True))
    return out


def _sweep(metrics: tuple[Metric, ...]) -> list[Metric]:
    """Speedup and efficiency of a thread sweep (the size exponent is fitted by its rule)."""
    runs: dict[str, dict[str, Metric]] = defaultdict(dict)
    for m in metrics:
        if m.scope.kind == ScopeKind.RUN:
            runs[m.scope.name].setdefault(m.name, m)
    out: list[Metric] = []
    threads = sorted(((r["scaling.threads"].value, r["time.elapsed"]) for r in runs.values()
                      if "scaling.threads" in r and "time.elapsed" in r), key=lambda x: x[0])
    if len({n for n, _ in threads}) < len(threads):
        return []  # two runs at one thread count: a size sweep or repeats, not a thread sweep
    have = {(m.name, m.scope) for m in metrics}
    if len(threads) >= 2 and threads[0][1].value > 0:
        base_n, base = threads[0][0], threads[0][1].value
        for n, t in threads[1:]:
            if t.value <= 0 or ("scaling.speedup", t.scope) in have:
                continue
            sp = base / t.value
            out.append(Metric("scaling.speedup", sp, "ratio", t.scope, t.source,
                              f"time at {base_n:g} / time at {n:g}", derived=True))
            out.append(Metric("scaling.efficiency", sp * base_n / n, "ratio", t.scope, t.source,
                              "speedup / threads", derived=True))
    return out


def _cpu_accounting(metrics: tuple[Metric, ...]) -> list[Metric]:
    """Per scope: a job's CPU time over its elapsed time times the CPUs it may use
    (``cpu.allocated_share``, sacct), a task's run-queue wait over its CPU time plus that
    wait (``sched.wait_share``, /proc/PID/schedstat), and the CPUs a run kept busy from the
    percent of a CPU it got (``cpu.utilized``, /usr/bin/time's ``Percent of CPU``: the quantity
    perf stat prints as "CPUs utilized", under the one name rules and cross-checks read)."""
    by: dict[Scope, dict[str, Metric]] = defaultdict(dict)
    for m in metrics:
        if m.name in ("time.cpu", "time.elapsed", "affinity.cpus", "sched.wait_time",
                      "cpu.allocated_share", "sched.wait_share", "cpu.percent",
                      "cpu.utilized", "time.user", "time.sys") and not m.stat:
            by[m.scope].setdefault(m.name, m)
    out: list[Metric] = []
    for scope, n in by.items():
        cpu, el, cpus, wait = (n.get("time.cpu"), n.get("time.elapsed"), n.get("affinity.cpus"),
                               n.get("sched.wait_time"))
        if ("cpu.allocated_share" not in n and cpu and el and cpus and el.value > 0
                and cpus.value > 0):
            out.append(Metric("cpu.allocated_share", cpu.value / (el.value * cpus.value),
                              "ratio", scope, cpu.source,
                              "time.cpu / (time.elapsed x affinity.cpus)", derived=True))
        if "sched.wait_share" not in n and cpu and wait and cpu.value + wait.value > 0:
            out.append(Metric("sched.wait_share", wait.value / (cpu.value + wait.value),
                              "ratio", scope, wait.source,
                              "sched.wait_time / (time.cpu + sched.wait_time)", derived=True))
        pct = n.get("cpu.percent")
        if "cpu.utilized" not in n and pct is not None and pct.unit == "%":
            out.append(Metric("cpu.utilized", pct.value / 100, "cpus", scope, pct.source,
                              "cpu.percent / 100", derived=True))
        user, sys_ = n.get("time.user"), n.get("time.sys")
        if "cpu.utilized" not in n and pct is None and user is not None and el is not None \
                and el.value > 0 and user.family == el.family:
            # the shell's time (time -p): user + sys over real are the CPUs the run kept busy
            busy = user.value + (sys_.value if sys_ is not None else 0.0)
            out.append(Metric("cpu.utilized", busy / el.value, "cpus", scope, user.source,
                              "(time.user + time.sys) / time.elapsed", derived=True,
                              family=user.family))
    return out


#: the RUN scope name of one repeat of a run a printout timed several times (``rep 2``)
REPEAT = "rep "


def _repeats(metrics: tuple[Metric, ...]) -> list[Metric]:
    """The run times of the repeats of one run a printout gives (RUN scope ``rep N``)."""
    return [m for m in metrics if m.name == "time.elapsed" and not m.stat
            and m.scope.kind == ScopeKind.RUN and m.scope.name.startswith(REPEAT)
            and m.value > 0]


def _repeat_spread(metrics: tuple[Metric, ...]) -> list[Metric]:
    """The slowest over the fastest of three or more repeats of one run printed in one file
    (a ``rep seconds`` table: RUN scope ``rep N``): the same work timed again, so a wide
    spread is the machine's doing (other jobs, noise), not the program's. A first repeat
    slower than all the others is the run warming up (caches, first-touch page faults): left
    out when three remain."""
    reps = _repeats(metrics)
    if len(reps) >= 4 and max(reps, key=lambda m: m.value) is reps[0]:
        reps = reps[1:]  # a first repeat slower than every other: the run warming up
    if len(reps) < 3:
        return []
    slow, fast = max(reps, key=lambda m: m.value), min(reps, key=lambda m: m.value)
    return [Metric("time.repeat_spread", slow.value / fast.value, "ratio", Scope(),
                   slow.source, f"slowest / fastest of {len(reps)} repeats", derived=True)]


def derive(profile: Profile) -> Profile:
    """``profile`` with derived metrics appended (``derived=True``); the input is not changed."""
    added = (_app_time(profile.metrics) + _mix(profile.metrics) + _sweep(profile.metrics)
             + _numa(profile.metrics) + _cpu_accounting(profile.metrics)
             + _repeat_spread(profile.metrics))
    added += _ratios(profile.metrics + tuple(added))
    added += _imbalance(profile.metrics + tuple(added))
    if not added:
        return profile
    return dataclasses.replace(profile, metrics=profile.metrics + tuple(added))


def _run_times(profile: Profile) -> list[Metric]:
    """The whole-run times a printout gives: each repeat's (RUN scope ``rep N``), else its one
    run time; [] when it times several runs that are not repeats (a sweep)."""
    reps = _repeats(profile.metrics)
    if reps:
        return reps
    runs = [m for m in profile.metrics if m.name == "time.elapsed" and not m.stat
            and m.scope.kind in (ScopeKind.RUN, ScopeKind.PROCESS) and m.value > 0]
    return runs if len(runs) == 1 else []


#: two runs of one command whose CPU times differ by at most this share did the same work
SAME_CPU_TIME = 0.10


def _same_cpu_time(profiles: list[Profile]) -> bool:
    """Whether each of two runs states its CPU time (perf stat's task-clock, else user + sys)
    and they agree within :data:`SAME_CPU_TIME`: the same work, so a longer wall time is
    waiting, not computing."""
    cpu: list[float] = []
    for p in profiles:
        got = {m.name: m.value / (1000.0 if m.unit == "ms" else 1.0) for m in p.metrics
               if not m.stat and m.scope.kind in (ScopeKind.PROCESS, ScopeKind.RUN)
               and m.name in ("time.task_clock", "time.user", "time.sys", "time.cpu")}
        if "time.task_clock" in got:
            cpu.append(got["time.task_clock"])
        elif "time.cpu" in got:
            cpu.append(got["time.cpu"])
        elif "time.user" in got:
            cpu.append(got["time.user"] + got.get("time.sys", 0.0))
    return len(cpu) == 2 and min(cpu) > 0 and max(cpu) / min(cpu) <= 1.0 + SAME_CPU_TIME


def derive_across(profiles: tuple[Profile, ...]) -> tuple[Profile, ...]:
    """``time.repeat_spread`` of one command run in several inputs: printouts that echo the
    same command line (``meta["command"]``, its environment settings included) ran the same
    work, so the slowest over the fastest of their three or more run times is the machine's
    noise, as repeats printed in one file are (a run on a quiet machine beside one on a
    loaded one). Two runs are enough when both state their CPU time and it agrees
    (:func:`_same_cpu_time`): the same work waited longer. Added to the first of them, once,
    when it is wider than each input's own spread; inputs stating different thread counts are
    not pooled."""
    groups: dict[str, list[int]] = {}
    for i, p in enumerate(profiles):
        cmd = " ".join(str(p.meta.get("command", "")).split()) if p.meta else ""
        if cmd and _run_times(p):
            groups.setdefault(cmd, []).append(i)
    out = list(profiles)
    for cmd, idx in groups.items():
        if len(idx) < 2:
            continue
        threads = {m.value for i in idx for m in profiles[i].metrics
                   if m.name == "threads.requested"}
        times = [m for i in idx for m in _run_times(profiles[i])]
        same_work = len(times) == 2 and _same_cpu_time([profiles[i] for i in idx])
        if len(threads) > 1 or (len(times) < 3 and not same_work):
            continue
        slow, fast = max(times, key=lambda m: m.value), min(times, key=lambda m: m.value)
        spread = slow.value / fast.value
        own = [m.value for i in idx for m in profiles[i].metrics if m.name == "time.repeat_spread"]
        if own and spread <= max(own):
            continue
        what = (f"slowest / fastest of {len(times)} runs of '{cmd}' in {len(idx)} inputs"
                + (", their CPU time the same" if same_work else ""))
        added = Metric("time.repeat_spread", spread, "ratio", Scope(), slow.source, what,
                       derived=True)
        out[idx[0]] = dataclasses.replace(out[idx[0]], metrics=(*out[idx[0]].metrics, added))
    return tuple(out)

