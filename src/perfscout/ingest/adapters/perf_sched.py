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

Other tasks that ran beside it (another user's job, ``pytest``) are counted in ``meta``
(``other_tasks``, ``other_runtime_s``): the machine was shared, but their own waits say
nothing of the program's. Family: OS accounting (the kernel's own scheduler accounting).
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from perfscout.ingest.base import Adapter
from perfscout.ingest.program_name import NOT_THE_PROGRAM, program_of
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


def _read(path: Path) -> tuple[str, dict[str, _Task], str, Unparsed]:
    kind, named = "", ""
    tasks: dict[str, _Task] = defaultdict(_Task)
    last: dict[str, str] = {}  # tid -> its state when it last left a CPU (timehist --state)
    unparsed = Unparsed()
    for no, line in iter_lines(path):
        if no > _LIMIT_LINES:
            break
        rec = _RECORD.search(line)
        if rec is not None and not named:
            named = program_of(rec["rest"])
            continue
        if _LAT_HEAD.match(line):
            kind = "latency"
            continue
        if _HIST_HEAD.match(line):
            kind = "timehist"
            continue
        m = _LAT_ROW.match(line) if kind == "latency" else _HIST_ROW.match(line) \
            if kind == "timehist" else None
        if m is None:
            if line.strip() and not set(line.strip()) <= set("-|: ") and kind \
                    and not line.lstrip().startswith(("[tid", "(msec)", "Samples", "#")):
                unparsed.add(no)
            continue
        t = tasks[m["task"].strip()]
        t.line = t.line or no
        if kind == "latency":
            t.run_ms += float(m["run"])
            t.switches += int(m["sw"])
            t.wait_ms += float(m["avg"]) * int(m["sw"])
            n = int(m["n"]) if m["n"] else 1
            t.threads |= {f"{m['task']}#{i}" for i in range(n)} if m["n"] else {m["pid"]}
        else:
            t.run_ms += float(m["run"])
            # queued: the delay from wake-up to running, and with --state the wait after a
            # switch-out in state R (preempted, still runnable), never a sleep
            t.wait_ms += float(m["sch"]) + (float(m["wait"]) if last.get(m["tid"]) == "R"
                                             else 0.0)
            if m["state"]:
                last[m["tid"]] = m["state"]
                t.stated = True
            t.switches += 1
            t.threads.add(m["tid"])
    return kind, dict(tasks), named, unparsed


def _program(tasks: dict[str, _Task], named: str) -> str | None:
    if named and named in tasks:
        return named
    own = {k: t for k, t in tasks.items() if not NOT_THE_PROGRAM.match(k)}
    return max(own, key=lambda k: own[k].run_ms) if own else None


@register_adapter
class PerfSchedAdapter(Adapter):
    """``perf sched latency`` / ``perf sched timehist`` (see module docstring)."""

    name = "perf-sched"
    description = "perf sched latency / perf sched timehist: run-queue delay per task"
    family = "os_accounting"

    def sniff(self, head: str, path: Path) -> float:
        if path.is_dir():
            return 0.0
        lines = head.splitlines()[:40]
        if any(_LAT_HEAD.match(x) for x in lines) or any(_HIST_HEAD.match(x) for x in lines):
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
    kind, tasks, named, unparsed = _read(path)
    prog = want if want in tasks else _program(tasks, named)
    if not kind or prog is None:
        raise ParseError(str(path), None, "perf sched latency ('Task | Runtime ms | "
                         "Switches | Avg delay ms') or perf sched timehist rows of a task "
                         "that is not a tool or kernel thread")
    t = tasks[prog]
    src = SourceRef(str(path), t.line)
    name = PerfSchedAdapter.name
    scope = Scope(ScopeKind.PROCESS, "")
    how = ("Avg delay x Switches" if kind == "latency" else
           "sum of sch delay and of the waits after a preemption (state R)" if t.stated else
           "sum of sch delay (without --state a preemption's wait is not told from a sleep: "
           "a lower bound)")
    metrics = [
        Metric("time.cpu", t.run_ms / 1e3, "s", scope, src, f"{prog} run time"),
        Metric("sched.wait_time", t.wait_ms / 1e3, "s", scope, src, f"{prog} {how}"),
        Metric("sched.timeslices", float(t.switches), "count", scope, src,
               f"{prog} switches"),
        Metric("threads.observed", float(len(t.threads)), "count", scope, src,
               f"{prog} threads"),
    ]
    others = {k: v for k, v in tasks.items() if k != prog and not NOT_THE_PROGRAM.match(k)}
    meta = {"report": kind, "task": prog, "other_tasks": str(len(others)),
            "tasks": "\t".join(k for k in tasks if not NOT_THE_PROGRAM.match(k)),
            "other_runtime_s": f"{sum(v.run_ms for v in others.values()) / 1e3:.3f}"}
    return Profile(format=name, path=str(path), metrics=tuple(metrics), meta=meta,
                   unparsed_lines=unparsed.count, unparsed_examples=unparsed.examples)
