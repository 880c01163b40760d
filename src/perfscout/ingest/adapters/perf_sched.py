"""``perf sched latency`` and ``perf sched timehist``: how long each task waited on a run
queue for a CPU, from the kernel's scheduler events (``perf sched record``).

The program is the task the command line names (``$ perf sched record ./hybheat ...``, or
``perf sched record -- mpirun ... ./hybheat``), else the task with the most run time that is
no tool or kernel thread (:data:`NOT_THE_PROGRAM`). For it, at process scope:

- ``time.cpu``: its run time (latency: ``Runtime ms``; timehist: the sum of ``run time``);
- ``sched.wait_time``: the time its threads were runnable but waited for a CPU (latency:
  ``Avg delay`` x ``Switches``, the total perf averaged; timehist: the sum of ``sch delay``,
  and with ``--state`` of the ``wait time`` after each switch-out in state R, a preemption;
  without it a lower bound, as the metric's raw name says),
  so :mod:`perfscout.ingest.derive` gives ``sched.wait_share`` = wait / (run + wait), the
  quantity ``/proc/PID/schedstat`` and ``pidstat -w`` give;
- ``sched.timeslices``: the times it was switched in;
- ``threads.observed``: its threads (latency's ``name:(N)``, timehist's distinct tids).

``perf sched timehist -s`` (the runtime summary: ``comm[tid/pid] parent sched-in run-time
... migrations`` per thread, then ``Total scheduling time (msec): T (x N)``) gives the same run
time, time slices and threads, and ``cpu_migrations``; it has no queueing delay.

Both forms also give, where they hold what is needed:

- ``time.cpu`` per thread (THREAD scope), so that :mod:`perfscout.ingest.derive` states the
  spread of the threads' run time (a main thread busy alone while the others sleep);
- ``cpu.utilized`` (timehist): the program's run time over the span from its first to its last
  event, the CPUs it kept busy (the summary's span is the recording's, tool start and end
  included: no utilization is stated from it);
- ``threads.per_cpu``: its threads over the CPUs they ran on (timehist's CPU column): two
  threads that only ever ran on CPU 0 take turns on one CPU;
- ``machine.others_cpus``: the CPUs other tasks kept busy over the recording (another user's
  job, a build: not the kernel's own threads nor the tools).

Other tasks that ran beside it are also counted in ``meta`` (``other_tasks``,
``other_runtime_s``). Family: instrumentation. ``perf sched record`` traces every scheduler
event as it happens (the tracepoints ``perf trace`` and strace-like tracers use), where OS
accounting (``/usr/bin/time``'s rusage, ``/proc/PID/schedstat``, pidstat) reads the kernel's
running totals: a trace and a total are two ways of measuring, and agree or not.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from perfscout.ingest.base import Adapter
from perfscout.ingest.program_name import NOT_THE_PROGRAM, other_work, program_of
from perfscout.ingest.registry import register_adapter
from perfscout.ingest.textutil import Unparsed, iter_lines
from perfscout.model.errors import ParseError
from perfscout.model.metrics import Metric, Profile, Scope, ScopeKind, SourceRef

_LAT_HEAD = re.compile(r"^\s*Task\s*\|\s*Runtime ms\s*\|\s*Switches\s*\|\s*Avg delay ms\s*\|")
_LAT_ROW = re.compile(r"^\s*(?P<task>\S.*?):(?:\((?P<n>\d+)\)|(?P<pid>\d+))\s*\|\s*"
                      r"(?P<run>[\d.]+)\s*ms\s*\|\s*(?P<sw>\d+)\s*\|\s*avg:\s*(?P<avg>[\d.]+)\s*ms"
                      r"\s*\|\s*max:\s*(?P<max>[\d.]+)\s*ms")
_HIST_HEAD = re.compile(r"^\s*time\s+cpu\s+task name\s+wait time\s+sch delay\s+run time"
                        r"(?:\s+state)?\s*$")
_HIST_ROW = re.compile(r"^\s*[\d.]+\s+\[\d+\]\s+(?P<task>\S.*?)\[(?P<tid>\d+)(?:/(?P<pid>\d+))?\]"
                       r"\s+(?P<wait>[\d.]+)\s+(?P<sch>[\d.]+)\s+(?P<run>[\d.]+)"
                       r"(?:\s+(?P<state>[A-Za-z+]+))?\s*$")
# the summary (timehist -s): comm[tid/pid] parent sched-in run-time min avg max stddev migr
_SUM_HEAD = re.compile(r"^\s*comm\s+parent\s+sched-in\s+run-time\b")
_SUM_ROW = re.compile(r"^\s*(?P<task>\S.*?)\[(?P<tid>-?\d+)(?:/(?P<pid>-?\d+))?\]\s+-?\d+\s+"
                      r"(?P<sw>\d+)\s+(?P<run>[\d.]+)(?:\s+[\d.]+){4}\s+(?P<migr>\d+)\s*$")
_SUM_SPAN = re.compile(r"^\s*Total scheduling time \(msec\):\s*(?P<ms>[\d.]+)\s*\(x\s*(?P<n>\d+)\)")
_HIST_TIME = re.compile(r"^\s*(?P<t>\d+\.\d+)\s+\[(?P<cpu>\d+)\]")
_RECORD = re.compile(r"\bperf\s+sched\s+record\b(?P<rest>.*)$")
_LIMIT_LINES = 2_000_000


@dataclass
class _Task:
    """One task (command name) as the report gives it, its threads summed."""

    run_ms: float = 0.0
    wait_ms: float = 0.0
    switches: int = 0
    threads: set[str] = field(default_factory=set)
    line: int = 0
    stated: bool = False  # timehist printed each switch-out's state (--state)
    migrations: int | None = None  # the summary's migrations column, summed
    per_thread: dict[str, float] = field(default_factory=dict)  # tid -> run ms
    cpus: set[int] = field(default_factory=set)  # CPUs its events ran on (timehist)
    first: float | None = None  # its first event's start and its last event's end (s)
    last: float | None = None


@dataclass
class _Trace:
    """What one report holds: its form, its tasks, the task its command line names, and the
    span it covers (ms per CPU)."""

    kind: str = ""
    tasks: dict[str, _Task] = field(default_factory=lambda: defaultdict(_Task))
    named: str = ""
    span_ms: float | None = None
    first: float | None = None  # timehist: first and last event time (s)
    last: float | None = None


def _read(path: Path) -> tuple[_Trace, Unparsed]:
    tr = _Trace()
    tasks = tr.tasks
    last: dict[str, str] = {}  # tid -> its state when it last left a CPU (timehist --state)
    unparsed = Unparsed()
    for no, line in iter_lines(path):
        if no > _LIMIT_LINES:
            break
        rec = _RECORD.search(line)
        if rec is not None and not tr.named:
            tr.named = program_of(rec["rest"])
            continue
        if _LAT_HEAD.match(line):
            tr.kind = "latency"
            continue
        if _HIST_HEAD.match(line):
            tr.kind = "timehist"
            continue
        if _SUM_HEAD.match(line):
            tr.kind = tr.kind or "summary"  # timehist -S: the events, then their summary
            continue
        span = _SUM_SPAN.match(line)
        if span is not None:
            tr.span_ms = float(span["ms"])
            continue
        if tr.kind == "summary" or (tr.kind and _SUM_ROW.match(line)):
            m = _SUM_ROW.match(line)
            if m is not None and tr.kind == "summary":
                t = tasks[m["task"].strip()]
                t.line = t.line or no
                run = float(m["run"])
                t.run_ms += run
                t.switches += int(m["sw"])
                t.migrations = (t.migrations or 0) + int(m["migr"])
                t.threads.add(m["tid"])
                t.per_thread[m["tid"]] = t.per_thread.get(m["tid"], 0.0) + run
            continue
        m = _LAT_ROW.match(line) if tr.kind == "latency" else _HIST_ROW.match(line) \
            if tr.kind == "timehist" else None
        if m is None:
            if line.strip() and not set(line.strip()) <= set("-|: ") and tr.kind \
                    and not line.lstrip().startswith(("[tid", "(msec)", "Samples", "#")):
                unparsed.add(no)
            continue
        t = tasks[m["task"].strip()]
        t.line = t.line or no
        if tr.kind == "latency":
            t.run_ms += float(m["run"])
            t.switches += int(m["sw"])
            t.wait_ms += float(m["avg"]) * int(m["sw"])
            n = int(m["n"]) if m["n"] else 1
            t.threads |= {f"{m['task']}#{i}" for i in range(n)} if m["n"] else {m["pid"]}
        else:
            run = float(m["run"])
            t.run_ms += run
            # queued: the delay from wake-up to running, and with --state the wait after a
            # switch-out in state R (preempted, still runnable), never a sleep
            t.wait_ms += float(m["sch"]) + (float(m["wait"]) if last.get(m["tid"]) == "R"
                                             else 0.0)
            if m["state"]:
                last[m["tid"]] = m["state"]
                t.stated = True
            t.switches += 1
            t.threads.add(m["tid"])
            t.per_thread[m["tid"]] = t.per_thread.get(m["tid"], 0.0) + run
            at = _HIST_TIME.match(line)
            if at is not None:
                t.cpus.add(int(at["cpu"]))
                # an event's time is when the task left the CPU: it ran for "run" before it
                start, end = float(at["t"]) - run / 1e3, float(at["t"])
                for x in (tr, t):
                    x.first = start if x.first is None else min(x.first, start)
                    x.last = end if x.last is None else max(x.last, end)
    if tr.kind == "timehist" and tr.first is not None and tr.last is not None:
        tr.span_ms = (tr.last - tr.first) * 1e3
    return tr, unparsed


def _program(tasks: dict[str, _Task], named: str) -> str | None:
    if named and named in tasks:
        return named
    own = {k: t for k, t in tasks.items() if not NOT_THE_PROGRAM.match(k)}
    return max(own, key=lambda k: own[k].run_ms) if own else None


@register_adapter
class PerfSchedAdapter(Adapter):
    """``perf sched latency`` / ``perf sched timehist`` (see module docstring)."""

    name = "perf-sched"
    description = ("perf sched latency / timehist / timehist -s: run time, run-queue delay and "
                   "CPUs per task")
    family = "instrumentation"

    def sniff(self, head: str, path: Path) -> float:
        if path.is_dir():
            return 0.0
        lines = head.splitlines()[:40]
        if any(_LAT_HEAD.match(x) or _HIST_HEAD.match(x) or _SUM_HEAD.match(x)
               for x in lines):
            return 0.95
        return 0.0

    def parse(self, path: Path) -> Profile:
        return _profile(path, "")


def follow_task(p: Profile, names: list[str]) -> Profile:
    """Report ``p`` re-read for the first of ``names`` (programs other inputs name) that it
    holds as a task, when it had taken another task for the program; else ``p``."""
    tasks = p.meta.get("tasks", "").split("\t")
    hit = next((n for n in names if n in tasks), None)
    if hit is None or hit == p.meta.get("task"):
        return p
    return _profile(Path(p.path), hit)


def _profile(path: Path, want: str) -> Profile:
    """The report at ``path`` for the task ``want`` (or the one its command line names, or
    the busiest task that is no tool: see the module docstring)."""
    tr, unparsed = _read(path)
    kind, tasks = tr.kind, tr.tasks
    prog = want if want in tasks else _program(tasks, tr.named)
    if not kind or prog is None:
        raise ParseError(str(path), None, "perf sched latency ('Task | Runtime ms | "
                         "Switches | Avg delay ms'), perf sched timehist rows or its summary "
                         "(-s) of a task that is not a tool or kernel thread")
    t = tasks[prog]
    src = SourceRef(str(path), t.line)
    name = PerfSchedAdapter.name
    scope = Scope(ScopeKind.PROCESS, "")
    metrics = [
        Metric("time.cpu", t.run_ms / 1e3, "s", scope, src, f"{prog} run time"),
        Metric("sched.timeslices", float(t.switches), "count", scope, src,
               f"{prog} switches"),
        Metric("threads.observed", float(len(t.threads)), "count", scope, src,
               f"{prog} threads"),
    ]
    if kind != "summary":  # the summary states no queueing delay
        how = ("Avg delay x Switches" if kind == "latency" else
               "sum of sch delay and of the waits after a preemption (state R)" if t.stated
               else "sum of sch delay (without --state a preemption's wait is not told from "
               "a sleep: a lower bound)")
        metrics.append(Metric("sched.wait_time", t.wait_ms / 1e3, "s", scope, src,
                              f"{prog} {how}"))
    if t.migrations is not None:
        metrics.append(Metric("cpu_migrations", float(t.migrations), "count", scope, src,
                              f"{prog} migrations"))
    if len(t.per_thread) > 1:
        metrics += [Metric("time.cpu", ms / 1e3, "s", Scope(ScopeKind.THREAD, tid), src,
                           f"{prog}[{tid}] run time") for tid, ms in t.per_thread.items()]
    if len(t.threads) > 1 and t.cpus:
        metrics.append(Metric("threads.per_cpu", len(t.threads) / len(t.cpus), "ratio", scope,
                              src, f"{prog}: {len(t.threads)} threads on CPUs "
                              f"{','.join(map(str, sorted(t.cpus)))}"))
    others = {k: v for k, v in tasks.items() if k != prog and not NOT_THE_PROGRAM.match(k)}
    if t.first is not None and t.last is not None and t.last > t.first:
        # its own events' span: the summary's span is the recording's (the tool's start and
        # end too), over which the run's CPUs would read as partly idle
        own = (t.last - t.first) * 1e3
        metrics.append(Metric("cpu.utilized", t.run_ms / own, "cpus", scope, src,
                              f"{prog} run time / {own:.6g} ms from its first to last event"))
    if tr.span_ms and kind != "latency" and others:
        busy = sum(v.run_ms for k, v in others.items() if other_work(k))
        metrics.append(Metric("machine.others_cpus", busy / tr.span_ms, "cpus", scope, src,
                              f"other tasks' run time / {tr.span_ms:.6g} ms traced"))
    meta = {"report": kind, "task": prog, "other_tasks": str(len(others)),
            "tasks": "\t".join(k for k in tasks if not NOT_THE_PROGRAM.match(k)),
            "other_runtime_s": f"{sum(v.run_ms for v in others.values()) / 1e3:.3f}"}
    return Profile(format=name, path=str(path), metrics=tuple(metrics), meta=meta,
                   unparsed_lines=unparsed.count, unparsed_examples=unparsed.examples)
