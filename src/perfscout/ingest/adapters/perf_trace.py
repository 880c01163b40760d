"""``perf trace -s`` / ``-S`` summaries: calls, errors and time per system call, per thread.

``perf trace -s`` prints, under ``Summary of events:``, one table per thread (`` rec (20142),
40072 events, 100.0%``) with a row per system call: ``syscall calls errors total min avg max
stddev`` (times in msec; older perf has no ``errors`` column; ``--errno-summary`` adds a line
per errno under a row; ``--summary-mode=total`` prints one table for all threads under
`` total, N events``). The rows of all threads summed per call become ``syscall.calls`` /
``syscall.time`` / ``syscall.errors`` at FUNCTION scope and the sums of all rows
``syscall.total_calls`` / ``syscall.time`` / ``syscall.errors`` at process scope: the same
quantities ``strace -f -c`` gives, so the syscall rules read either. Each thread's own calls and
time are ``syscall.thread_calls`` / ``syscall.thread_time`` at THREAD scope (named by its tid).
perf trace times a call from entry to exit (wall time in the call, as ``strace -c -w``), so a
blocking call (``futex`` of a join, ``wait4``, ``poll``) holds the time it waited. ``-S`` also
prints every call before the summary: those lines are recognised and skipped (the summary
counts them). perf trace traces every call (tracepoints), so its family is instrumentation, as
``strace -c``'s.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from perfscout.ingest.base import Adapter
from perfscout.ingest.registry import register_adapter
from perfscout.ingest.textutil import Unparsed, iter_lines
from perfscout.model.errors import ParseError
from perfscout.model.metrics import Metric, Profile, Scope, ScopeKind, SourceRef

_SUMMARY = re.compile(r"^\s*Summary of events:\s*$")
_THREAD = re.compile(r"^\s*(?P<comm>.+?) \((?P<tid>\d+)\), (?P<events>\d+) events, "
                     r"(?P<pct>[\d.]+)%(?:, .*)?\s*$")
# ``--summary-mode=total`` (perf 6.15 on): one table for all threads
_ALL = re.compile(r"^\s*total, \d+ events\s*$")
_HEAD = re.compile(r"^\s*syscall\s+calls\s+(?:errors\s+)?total\s+min\s+avg\s+max\s+stddev\s*$")
_UNITS = re.compile(r"^\s*\(msec\)\s+\(msec\)\s+\(msec\)\s+\(msec\)\s+\(%\)\s*$")
_ROW = re.compile(r"^\s*(?P<name>[a-z_][\w]*)\s+(?P<calls>\d+)\s+(?:(?P<err>\d+)\s+)?"
                  r"(?P<total>\d+\.\d+)\s+(?P<min>\d+\.\d+)\s+(?P<avg>\d+\.\d+)\s+"
                  r"(?P<max>\d+\.\d+)\s+(?P<sd>\d+\.\d+)%\s*$")
_ERRNO = re.compile(r"^\s*E[A-Z0-9]+:\s*\d+\s*$")
# one traced call of -S (``0.050 ( 0.016 ms): rec/20666 brk() = 0x55c0...``, ``? ( ): ...``)
_EVENT = re.compile(r"^\s*(?:\d+\.\d+|\?)\s+\(\s*(?:\d+\.\d+ ms)?\s*\):\s")


@dataclass
class _Calls:
    calls: float = 0.0
    secs: float = 0.0
    errors: float = 0.0
    line: int = 0


@dataclass
class _Thread:
    tid: str
    comm: str
    line: int
    calls: float = 0.0
    secs: float = 0.0
    rows: int = 0


@dataclass
class _Read:
    per_call: dict[str, _Calls] = field(default_factory=dict)
    threads: list[_Thread] = field(default_factory=list)


def _read(path: Path, unparsed: Unparsed) -> _Read:
    got = _Read()
    summary = table = False
    thread: _Thread | None = None
    for no, line in iter_lines(path):
        s = line.strip()
        if not s or set(s) <= {"-", " "}:
            continue
        if _SUMMARY.match(line):
            summary = True
            continue
        if not summary:
            if not _EVENT.match(line):
                unparsed.add(no)
            continue
        t = _THREAD.match(line)
        if t:
            thread = _Thread(t["tid"], t["comm"].strip(), no)
            got.threads.append(thread)
            table = False
            continue
        if _ALL.match(line):
            thread, table = None, False
            continue
        if _HEAD.match(line):
            table = True
            continue
        if _UNITS.match(line) or _ERRNO.match(line):
            continue
        r = _ROW.match(line)
        if not (table and r):
            unparsed.add(no)
            continue
        calls, secs, err = float(r["calls"]), float(r["total"]) / 1e3, float(r["err"] or 0)
        c = got.per_call.setdefault(r["name"], _Calls(line=no))
        c.calls += calls
        c.secs += secs
        c.errors += err
        if thread is not None:
            thread.calls += calls
            thread.secs += secs
            thread.rows += 1
    return got


@register_adapter
class PerfTraceSummaryAdapter(Adapter):
    """``perf trace -s`` / ``-S`` system call summary (see module docstring)."""

    name = "perf-trace-summary"
    description = "perf trace -s / -S per-thread system call summary"
    family = "instrumentation"

    def sniff(self, head: str, path: Path) -> float:
        if path.is_dir():
            return 0.0
        lines = head.splitlines()
        table = any(_HEAD.match(ln) for ln in lines)
        return 0.9 if table and any(_SUMMARY.match(ln) for ln in lines) else 0.0

    def parse(self, path: Path) -> Profile:
        unparsed = Unparsed()
        got = _read(path, unparsed)
        if not got.per_call:
            raise ParseError(str(path), None, "a perf trace -s summary ('Summary of events:', "
                             "'syscall  calls  errors  total  min  avg  max  stddev' and rows)")
        metrics: list[Metric] = []
        for name, c in got.per_call.items():
            sc, src = Scope(ScopeKind.FUNCTION, name), SourceRef(str(path), c.line)
            metrics += [Metric("syscall.calls", c.calls, "count", sc, src, "calls"),
                        Metric("syscall.time", c.secs, "s", sc, src, "total (msec)")]
            if c.errors:
                metrics.append(Metric("syscall.errors", c.errors, "count", sc, src, "errors"))
        first = SourceRef(str(path), min(c.line for c in got.per_call.values()))
        metrics += [
            Metric("syscall.total_calls", sum(c.calls for c in got.per_call.values()), "count",
                   source=first, raw_name="calls, all rows", derived=True),
            Metric("syscall.time", sum(c.secs for c in got.per_call.values()), "s",
                   source=first, raw_name="total (msec), all rows", derived=True),
            Metric("syscall.errors", sum(c.errors for c in got.per_call.values()), "count",
                   source=first, raw_name="errors, all rows", derived=True)]
        for t in got.threads:
            if not t.rows:
                continue
            sc, src = Scope(ScopeKind.THREAD, t.tid), SourceRef(str(path), t.line)
            metrics += [Metric("syscall.thread_calls", t.calls, "count", sc, src,
                               f"{t.comm} ({t.tid}) calls"),
                        Metric("syscall.thread_time", t.secs, "s", sc, src,
                               f"{t.comm} ({t.tid}) total (msec)")]
        meta = {"threads": str(sum(1 for t in got.threads if t.rows))}
        comms = dict.fromkeys(t.comm for t in got.threads)
        if comms:
            meta["comm"] = " ".join(comms)
        return Profile(format=self.name, path=str(path), metrics=tuple(metrics), meta=meta,
                       unparsed_lines=unparsed.count, unparsed_examples=unparsed.examples)
