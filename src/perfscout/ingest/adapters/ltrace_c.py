"""``ltrace -c`` / ``ltrace -c -f`` summary tables: calls and time per library function.

Each function row becomes a hotspot (its ``% time`` as the self share of the time ltrace saw in
library calls, its seconds, its call count) and a ``calls`` count at FUNCTION scope; with ``-S``
the ``SYS_name`` rows are system calls (``syscall.calls`` / ``syscall.time``, as strace gives
them). The shares are of the time spent inside traced library calls (ltrace's own overhead
included), not of the run: enough to say which library routine is called how often, not how
much of the program's time it takes. ltrace traces every call, so its family is
instrumentation.
"""

from __future__ import annotations

import re
from pathlib import Path

from perfscout.ingest.base import Adapter
from perfscout.ingest.registry import register_adapter
from perfscout.ingest.textutil import Unparsed, summary_rows
from perfscout.model.errors import ParseError
from perfscout.model.metrics import Hotspot, Metric, Profile, Scope, ScopeKind, SourceRef

_HEAD = re.compile(r"^\s*%\s*time\s+seconds\s+usecs/call\s+calls\s+function\s*$")
_ROW = re.compile(r"^\s*(?P<pct>\d+\.\d+)\s+(?P<sec>\d+\.\d+)\s+(?:(?P<us>\d+)\s+)?"
                  r"(?P<calls>\d+)\s+(?P<name>\S+)\s*$")


@register_adapter
class LtraceSummaryAdapter(Adapter):
    """``ltrace -c`` summary (see module docstring)."""

    name = "ltrace-c"
    description = "ltrace -c / -c -f library call summary"
    family = "instrumentation"

    def sniff(self, head: str, path: Path) -> float:
        if path.is_dir():
            return 0.0
        return 0.9 if any(_HEAD.match(ln) for ln in head.splitlines()[:50]) else 0.0

    def parse(self, path: Path) -> Profile:
        metrics: list[Metric] = []
        hot: list[Hotspot] = []
        unparsed = Unparsed()
        total = False
        for no, m in summary_rows(path, _HEAD, _ROW, unparsed):
            src = SourceRef(str(path), no)
            calls, sec, name = int(m["calls"]), float(m["sec"]), m["name"]
            if name == "total" and m["us"] is None:
                total = True
                metrics.append(Metric("calls", float(calls), "count", source=src,
                                      raw_name="total calls"))
                continue
            if name.startswith("SYS_"):
                sc = Scope(ScopeKind.FUNCTION, name[4:])
                metrics += [Metric("syscall.calls", float(calls), "count", sc, src, "calls"),
                            Metric("syscall.time", sec, "s", sc, src, "seconds")]
                continue
            hot.append(Hotspot(name, self_share=float(m["pct"]) / 100, self_value=sec,
                               unit="s", calls=calls, source=src))
            metrics.append(Metric("calls", float(calls), "count",
                                  Scope(ScopeKind.FUNCTION, name), src, "calls"))
        if not (hot or metrics):
            raise ParseError(str(path), None, "an ltrace -c table ('% time  seconds  usecs/call "
                             "calls  function' and rows)")
        if not total:
            unparsed.add(0)
        return Profile(format=self.name, path=str(path), metrics=tuple(metrics),
                       hotspots=tuple(hot), unparsed_lines=unparsed.count,
                       unparsed_examples=unparsed.examples)
