"""Other users' jobs holding the CPUs, seen from the machine's side: ``vmstat`` (more runnable
tasks than CPUs, no idle time) and ``top -b`` (several processes each taking a share of the
CPUs), with the run's own share of a CPU (its printed CPU and wall times, ``time -v``'s
percentage, or top's rows when every busy process got less than a CPU).

A serial job that got a third of a core on a saturated machine is slowed by the machine, not
by its code: the finding is ``sys.os_noise`` and the do-not list says not to change the code
for it. A busy machine where the run still got a full CPU is no finding here.
"""

from __future__ import annotations

from dataclasses import dataclass

from perfscout.diagnose.engine import Context, Located
from perfscout.diagnose.rules.common import fmt, thread_count
from perfscout.model.findings import Evidence, Finding
from perfscout.model.metrics import Profile, ScopeKind


@dataclass(frozen=True)
class Saturated:
    """The machine had more runnable work than CPUs."""

    cpus: float  # online CPUs (snapshot, topology input, else what top's rows add up to)
    evidence: tuple[Evidence, ...]


def _process_rows(ctx: Context) -> list[list[Located]]:
    """Per top/ps table input: the last CPU share of each process listed."""
    out: list[list[Located]] = []
    seen: dict[int, Profile] = {}
    for loc in ctx.all("cpu.share", (ScopeKind.PROCESS,)):
        seen[id(loc.profile)] = loc.profile
    for p in seen.values():
        last: dict[str, Located] = {}
        for loc in ctx.all("cpu.share", (ScopeKind.PROCESS,)):
            if loc.profile is p:
                last[loc.metric.scope.name] = loc
        out.append(list(last.values()))
    return out


def _cpus(ctx: Context, busy: Located | None, rows: list[list[Located]]) -> float | None:
    online = ctx.fact("cpu.online")
    if online:
        return float(online)
    topo = ctx.top("cpu.online")
    if topo is not None and topo.value > 0:
        return topo.value
    # top's %CPU adds up to the busy CPUs: on a machine busy at ``busy`` that is cpus x busy
    if busy is not None and busy.value >= ctx.t("contention.machine_busy") and rows:
        total = max(sum(r.value for r in t) for t in rows)
        return round(total / busy.value) or None
    return None


def saturated(ctx: Context) -> Saturated | None:
    """vmstat's run queue at ``contention.run_queue`` per CPU or more with the CPUs at least
    ``contention.machine_busy`` busy, or a top table with as many busy processes per CPU, or
    the kernel's CPU pressure (``psi.cpu.some``) at ``contention.psi_cpu`` or more in every
    reading around the run;
    a load average read from top's or uptime's header is added when it agrees."""
    busy = ctx.top("machine.cpu_busy")
    rows = _process_rows(ctx)
    cpus = _cpus(ctx, busy, rows)
    pressure = _cpu_pressure(ctx)
    if not cpus:  # the kernel's CPU pressure is a share of time: no CPU count needed
        return Saturated(0.0, (pressure,)) if pressure is not None else None
    lim_busy = ctx.t("contention.machine_busy")
    lim_rq = ctx.t("contention.run_queue")
    ev: list[Evidence] = []
    rq = ctx.top("machine.run_queue")
    if rq is not None and busy is not None and rq.value / cpus >= lim_rq \
            and busy.value >= lim_busy:
        ev.append(ctx.ev(rq, f"{rq.value:.1f} runnable tasks on {cpus:g} CPUs "
                         f"({rq.value / cpus:.1f} per CPU), CPUs {busy.value:.0%} busy",
                         f"runnable per CPU >= {lim_rq:g}, busy >= {lim_busy:.2f}",
                         metric="machine.run_queue_per_cpu", value=rq.value / cpus,
                         unit="ratio"))
    for table in rows:
        hot = [r for r in table if r.value >= ctx.t("contention.busy_process")]
        if len(hot) / cpus >= lim_rq:
            ev.append(ctx.ev(max(hot, key=lambda r: r.value),
                             f"{len(hot)} processes at {ctx.t('contention.busy_process'):.0%} "
                             "of a CPU or more "
                             f"share {cpus:g} CPUs (the busiest got "
                             f"{max(r.value for r in hot):.0%} of one)",
                             f"busy processes per CPU >= {lim_rq:g}",
                             metric="machine.busy_processes", value=float(len(hot)),
                             unit="count"))
            break
    if pressure is not None:
        ev.append(pressure)
    load = next((x for x in ctx.all("load.avg1") if x.value / cpus >= lim_rq), None)
    if load is not None and ev:  # a load average read beside them says the same
        ev.append(ctx.ev(load, f"load average {load.value:.2f} on {cpus:g} CPUs while it ran",
                         f"load per CPU >= {lim_rq:g}"))
    return Saturated(cpus, tuple(ev)) if ev else None


def _cpu_pressure(ctx: Context) -> Evidence | None:
    """The kernel's CPU pressure (``psi.cpu.some``) at ``contention.psi_cpu`` or more in every
    reading around the run: some runnable task waited for a CPU that share of the time."""
    psi = ctx.all("psi.cpu.some")
    lim_psi = ctx.t("contention.psi_cpu")
    if not psi or min(x.value for x in psi) < lim_psi:  # every reading around the run
        return None
    low = min(psi, key=lambda x: x.value)
    return ctx.ev(low, f"some runnable task waited for a CPU {low.value:.0%} of the "
                  f"time (/proc/pressure/cpu avg10, lowest of {len(psi)} reading(s))",
                  f"cpu pressure some >= {lim_psi:.2f}")


def _own_share(ctx: Context, want: float = 1.0) -> Evidence | None:
    """The run's own share of the ``want`` CPUs its threads could use below
    ``contention.busy_share`` of them: its printed CPU and wall times, else ``time -v``'s
    percentage, else its row in top (when an input names the program), else top's rows when
    every busy process got less."""
    from perfscout.diagnose.placement import cpu_shares

    lim = ctx.t("contention.busy_share") * want
    runs = [x for v in cpu_shares(ctx).values() for x in v]
    if runs:
        share, loc = min(runs, key=lambda x: x[0])
        if share >= lim:
            return None
        return ctx.ev(loc, f"the program's own timers: {share:.0%} of a CPU (CPU time / wall "
                      f"{loc.value:.3g} s)", f"cpu / wall < {lim:g}", metric="cpu.share",
                      value=share, unit="ratio")
    pct = ctx.top("cpu.percent")
    if pct is not None:
        if pct.value / 100 >= lim:
            return None
        return ctx.ev(pct, f"the run got {pct.value:.0f}% of a CPU (process accounting)",
                      f"cpu share < {lim:g}", metric="cpu.share", value=pct.value / 100,
                      unit="ratio")
    prog = ctx.program()[0].rsplit("/", 1)[-1]
    mine = [r for t in _process_rows(ctx) for r in t
            if prog != "app" and r.metric.scope.parent and prog.startswith(r.metric.scope.parent)]
    if mine:  # the program's own row (top prints the first 15 characters of its name)
        row = max(mine, key=lambda r: r.value)
        if row.value >= lim:
            return None
        return ctx.ev(row, f"the program's row in top: {row.value:.0%} of a CPU",
                      f"cpu share < {lim:g}", metric="cpu.share", value=row.value,
                      unit="ratio")
    for table in _process_rows(ctx):
        hot = [r for r in table if r.value >= ctx.t("contention.busy_process")]
        if hot and max(r.value for r in hot) < lim:
            top = max(hot, key=lambda r: r.value)
            return ctx.ev(top, f"no busy process got a whole CPU (at most {top.value:.0%}): "
                          "the run's share was less", f"every busy process < {lim:g} of a CPU",
                          metric="cpu.share", value=top.value, unit="ratio")
    return None


def _preempted(ctx: Context, own: Evidence) -> Evidence | None:
    """The run's involuntary context switches at ``noise.involuntary_share`` or more of all
    its switches (``time -v``, ``/proc/PID/status``): the kernel took the CPU away, the run
    did not give it up to wait (a sleeper's or reader's switches are voluntary)."""
    inv = ctx.top("context_switches.involuntary")
    if inv is None:
        return None
    vol = next((c for c in ctx.all("context_switches") if c.profile is inv.profile), None)
    total = inv.value + (vol.value if vol is not None else 0.0)
    lim = ctx.t("noise.involuntary_share")
    if vol is None or total <= 0 or inv.value / total < lim:
        return None
    return ctx.ev(inv, f"{fmt(inv.value)} involuntary vs {fmt(vol.value)} voluntary context "
                  f"switches: the run was preempted, it did not wait for itself",
                  f"involuntary share >= {lim:.2f}", metric="context_switches.involuntary_share",
                  value=inv.value / total, unit="ratio")


def loaded_around(ctx: Context, own: Evidence) -> tuple[Evidence, ...] | None:
    """A load average read from an input (``uptime`` or ``/proc/loadavg`` before or after the
    run) whose load of other jobs (the highest reading minus the CPU share the run got) is
    ``contention.other_load`` per CPU or more, and the run's own switches say it was
    preempted (:func:`_preempted`): other jobs held the CPUs it waited for. A load average
    without those switches says the machine was busy, not that this run lost its CPU."""
    cpus = _cpus(ctx, None, [])
    loads = ctx.all("load.avg1")
    if not cpus or not loads:
        return None
    load = max(loads, key=lambda x: x.value)
    other = max(0.0, load.value - (own.value or 0.0))
    lim = ctx.t("contention.other_load")
    if other / cpus < lim:
        return None
    pre = _preempted(ctx, own)
    if pre is None:
        return None
    return (ctx.ev(load, f"load average {load.value:.2f} on {cpus:g} CPUs around the run: "
                   f"{other:.2f} of it other jobs", f"other load per CPU >= {lim:g}",
                   metric="load.other_per_cpu", value=other / cpus, unit="ratio"), pre)


def lost_ev(ctx: Context, busy: float, could: float) -> Evidence:
    """The :data:`~perfscout.diagnose.kinds.NOISE_SHARE` a run keeping ``busy`` of the
    ``could`` CPUs it could use states: the share of its wall time waiting for a CPU can
    explain."""
    from perfscout.diagnose.kinds import NOISE_SHARE

    lost = 1.0 - min(busy / could, 1.0)
    return ctx.ev(None, f"waiting for a CPU can explain {lost:.0%} of the run's wall time, "
                  "none of its CPU time", metric=NOISE_SHARE, value=round(lost, 3),
                  unit="ratio")


def machine_contention(ctx: Context) -> Finding | None:
    """A run got less than ``contention.busy_share`` of the CPUs its threads could use (one
    for a serial run; its threads, at most the CPUs, for a parallel one) while the machine
    was saturated by other work (:func:`saturated`): other jobs took its CPUs. A parallel
    run needs the saturation itself (its own serial part also leaves CPUs unused, so a load
    average around it is not enough)."""
    threads = thread_count(ctx) or 1
    sat = saturated(ctx)
    cpus = sat.cpus if sat is not None and sat.cpus else _cpus(ctx, None, [])
    want = float(min(threads, cpus)) if cpus else 1.0
    if threads > 1 and sat is None:
        return None
    own = _own_share(ctx, want)
    if own is None:
        return None
    around = loaded_around(ctx, own) if sat is None else None
    if sat is None and around is None:
        return None
    got = own.value or 0.0
    ev = [*(sat.evidence if sat is not None else around or ()), own, lost_ev(ctx, got, want)]
    title = (f"other jobs hold the CPUs: the run got {got:.0%} of one" if want == 1 else
             f"other jobs hold the CPUs: the run got {got:.2g} of the {want:g} CPUs its "
             "threads could use")
    return ctx.finding("sys.os_noise", 0.5 + 0.1 * (len(ev) - 1), title, ev,
                       limits=["vmstat and top describe the whole machine while they ran, not "
                               "this run alone"])
