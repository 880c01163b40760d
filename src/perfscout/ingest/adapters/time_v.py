"""GNU ``/usr/bin/time -v`` reports (also after the program's own output in one log).

The ``key: value`` lines map to canonical metrics (elapsed, user, sys, peak RSS, page faults,
context switches, file-system I/O); other ``key: value`` lines of the block go to ``meta``.
A job log holding the report beside the program's printout and the runtime's reports
(``OMP_DISPLAY_ENV``, ``OMP_DISPLAY_AFFINITY``, ``--report-bindings``) keeps those too: the
lines outside the report are read as the program-output adapter reads them (families
``program`` and ``runtime_report``), so the thread count a log names is not lost to the report.
An ``uptime`` or ``/proc/loadavg`` line outside the block (a job log that prints the load before
and after the run) gives ``load.avg1/5/15`` of the machine: how busy it was around the run.
"""

from __future__ import annotations

import re
from pathlib import Path

from perfscout.ingest.adapters.program_output import beside_report
from perfscout.ingest.adapters.system_outputs import SystemLines
from perfscout.ingest.base import Adapter
from perfscout.ingest.lineread import Unparsed
from perfscout.ingest.registry import register_adapter
from perfscout.ingest.textutil import iter_lines
from perfscout.model.errors import ParseError
from perfscout.model.metrics import Metric, Profile, Scope, ScopeKind, SourceRef

# key as printed -> (canonical name, unit, factor)
_KEYS: dict[str, tuple[str, str, float]] = {
    "User time (seconds)": ("time.user", "s", 1.0),
    "System time (seconds)": ("time.sys", "s", 1.0),
    "Percent of CPU this job got": ("cpu.percent", "%", 1.0),
    "Maximum resident set size (kbytes)": ("mem.max_rss", "KiB", 1.0),
    "Major (requiring I/O) page faults": ("page_faults.major", "count", 1.0),
    "Minor (reclaiming a frame) page faults": ("page_faults.minor", "count", 1.0),
    "Voluntary context switches": ("context_switches", "count", 1.0),
    "Involuntary context switches": ("context_switches.involuntary", "count", 1.0),
    "Swaps": ("mem.swaps", "count", 1.0),
    "File system inputs": ("io.read_bytes", "B", 512.0),
    "File system outputs": ("io.write_bytes", "B", 512.0),
    "Exit status": ("exit_status", "", 1.0),
}
_ELAPSED = "Elapsed (wall clock) time (h:mm:ss or m:ss)"
_LINE = re.compile(r"^\t?\s*([A-Z][^:]*?(?:\([^)]*\))?)\s*:\s*(.*)$")


def _clock(text: str) -> float:
    """``h:mm:ss`` or ``m:ss.ss`` -> seconds."""
    parts = [float(p) for p in text.strip().split(":")]
    secs = 0.0
    for p in parts:
        secs = secs * 60 + p
    return secs


@register_adapter
class TimeVAdapter(Adapter):
    name = "time_v"
    family = "os_accounting"
    description = "GNU /usr/bin/time -v report"

    def sniff(self, head: str, path: Path) -> float:
        if "Command being timed:" in head or ("Maximum resident set size" in head
                                              and "Elapsed (wall clock)" in head):
            return 0.95
        return 0.0

    def parse(self, path: Path) -> Profile:
        src = str(path)
        bad = Unparsed()
        metrics: list[Metric] = []
        meta: dict[str, str] = {}
        inside = False
        outside = 0
        load = SystemLines(path)  # uptime / loadavg lines around the report
        scope = Scope(ScopeKind.PROCESS)
        report: set[int] = set()
        for n, line in iter_lines(path):
            s = line.strip()
            if s.startswith("Command being timed:"):
                inside = True
                meta["command"] = s.partition(":")[2].strip().strip('"')
                continue
            if not inside:
                if s.startswith(("User time (seconds)", _ELAPSED)):
                    inside = True  # a report whose first line was cut
                else:
                    outside += 1
                    load.line(n, line)
                    continue
            m = _LINE.match(line)
            if m:
                report.add(n)
            if not m:
                if metrics:
                    inside = False
                    outside += 1
                else:
                    bad.add(n)
                continue
            key, val = m.group(1).strip(), m.group(2).strip()
            try:
                if key == _ELAPSED:
                    metrics.append(Metric("time.elapsed", _clock(val), "s", scope,
                                          SourceRef(src, n), raw_name=key))
                elif key in _KEYS:
                    canon, unit, factor = _KEYS[key]
                    metrics.append(Metric(canon, float(val.rstrip("%")) * factor, unit, scope,
                                          SourceRef(src, n), raw_name=key))
                else:
                    meta[key] = val
            except ValueError:
                raise ParseError(src, n, f"a number after '{key}:'", val) from None
            if key == "Exit status":
                inside = False
        if not any(x.name == "time.elapsed" for x in metrics):
            raise ParseError(src, None, f"'{_ELAPSED}: ...' in a /usr/bin/time -v report")
        load.finish()
        metrics += [m for m in load.metrics if m.name.startswith("load.")]
        meta["outside_lines"] = str(outside)
        if outside:  # a line the load reader took above is not read a second time
            taken = {(m.name, m.source.line) for m in metrics if m.source is not None}
            metrics.extend(m for m in beside_report(path, report)
                           if m.source is None or (m.name, m.source.line) not in taken)
        return Profile(format=self.name, path=src, metrics=tuple(metrics), meta=meta,
                       **bad.as_fields())  # type: ignore[arg-type]
