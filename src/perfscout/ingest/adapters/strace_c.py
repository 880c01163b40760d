"""``strace -c`` / ``strace -f -c`` summary tables: calls, time and errors per system call.

Each syscall row becomes ``syscall.calls`` / ``syscall.time`` / ``syscall.errors`` scoped to the
call (FUNCTION scope), the ``total`` row becomes ``syscall.total_calls`` and ``syscall.time`` at
process scope. strace traces every call, so its family is instrumentation.
"""

from __future__ import annotations

import re
from pathlib import Path

from perfscout.ingest.adapters.program_output import beside_report
from perfscout.ingest.base import Adapter
from perfscout.ingest.registry import register_adapter
from perfscout.ingest.textutil import Unparsed, summary_rows
from perfscout.model.errors import ParseError
from perfscout.model.metrics import Metric, Profile, Scope, ScopeKind, SourceRef

_HEAD = re.compile(r"^\s*%\s*time\s+seconds\s+usecs/call\s+calls\s+(?:errors\s+)?syscall\s*$")
_ROW = re.compile(r"^\s*(?P<pct>\d+\.\d+)\s+(?P<sec>\d+\.\d+)\s+(?P<us>\d+)\s+(?P<calls>\d+)"
                  r"(?:\s+(?P<err>\d+))?\s+(?P<name>[\w]+)\s*$")


@register_adapter
class StraceSummaryAdapter(Adapter):
    """``strace -c`` summary (see module docstring)."""

    name = "strace-c"
    description = "strace -c / -f -c system call summary"
    family = "instrumentation"

    def sniff(self, head: str, path: Path) -> float:
        if path.is_dir():
            return 0.0
        return 0.9 if any(_HEAD.match(ln) for ln in head.splitlines()[:50]) else 0.0

    def parse(self, path: Path) -> Profile:
        metrics: list[Metric] = []
        unparsed = Unparsed()
        total = False
        for no, m in summary_rows(path, _HEAD, _ROW, unparsed):
            src = SourceRef(str(path), no)
            calls, sec, err = float(m["calls"]), float(m["sec"]), float(m["err"] or 0)
            if m["name"] == "total":
                total = True
                metrics += [Metric("syscall.total_calls", calls, "count", source=src,
                                   raw_name="total calls"),
                            Metric("syscall.time", sec, "s", source=src, raw_name="total seconds"),
                            Metric("syscall.errors", err, "count", source=src,
                                   raw_name="total errors")]
                continue
            sc = Scope(ScopeKind.FUNCTION, m["name"])
            metrics += [Metric("syscall.calls", calls, "count", sc, src, "calls"),
                        Metric("syscall.time", sec, "s", sc, src, "seconds")]
            if err:
                metrics.append(Metric("syscall.errors", err, "count", sc, src, "errors"))
        if not metrics:
            raise ParseError(str(path), None, "an strace -c table ('% time  seconds  usecs/call "
                             "calls  errors syscall' and rows)")
        if not total:
            unparsed.add(0)
        # the program's own lines kept above or below the table (``output= 4.27 s``)
        report = {m.source.line for m in metrics if m.source is not None and m.source.line}
        metrics += beside_report(path, report)
        return Profile(format=self.name, path=str(path), metrics=tuple(metrics),
                       unparsed_lines=unparsed.count, unparsed_examples=unparsed.examples)
