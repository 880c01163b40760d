"""``sar -q`` (run queue and load averages) and ``sar -r`` (memory) reports, one or both in a
file; ``sar -u`` is read by :mod:`perfscout.ingest.adapters.mpstat` (the same columns).

``sar -q``: ``runq-sz`` is the machine's run queue (``machine.run_queue``, as vmstat's ``r``),
``ldavg-1/5/15`` its load averages (``load.avg1`` ...); ``sar -r``: ``kbavail`` is the memory
available (``memory.available_mb``). The ``Average:`` row is used when printed, else the mean of the
intervals; ``(N CPU)`` in the banner is ``cpu.online``. Like vmstat these say how busy the
machine was, not which process used it. Family: OS accounting.
"""

from __future__ import annotations

import re
from pathlib import Path

from perfscout.ingest.adapters.mpstat import (
    _STAMP,
    MACHINE,
    sysstat_lines,
    sysstat_sniff,
)
from perfscout.ingest.base import Adapter
from perfscout.ingest.registry import register_adapter
from perfscout.ingest.textutil import Unparsed
from perfscout.model.errors import ParseError
from perfscout.model.metrics import Metric, Profile, SourceRef

_HEAD = re.compile(rf"^{_STAMP}\s+(?P<cols>(?:runq-sz\s+plist-sz\s+ldavg-1|kbmemfree\s+kbavail"
                   r"\s+kbmemused)\b.*)$")
_ROW = re.compile(rf"^(?P<stamp>{_STAMP})\s+(?P<vals>[\d.,\s]+)$")
#: column -> (metric, unit, scale)
_NAMES = {"runq-sz": ("machine.run_queue", "count", 1.0), "ldavg-1": ("load.avg1", "count", 1.0),
          "ldavg-5": ("load.avg5", "count", 1.0), "ldavg-15": ("load.avg15", "count", 1.0),
          "kbavail": ("memory.available_mb", "MiB", 1 / 1024)}


@register_adapter
class SarAdapter(Adapter):
    """``sar -q`` and ``sar -r`` output (see module docstring)."""

    name = "sar"
    description = "sar -q (run queue, load averages) and sar -r (memory)"
    family = "os_accounting"

    def sniff(self, head: str, path: Path) -> float:
        return sysstat_sniff(head, path, _HEAD, 0.9)

    def parse(self, path: Path) -> Profile:
        blocks: list[tuple[list[str], dict[bool, list[tuple[int, dict[str, float]]]]]] = []
        unparsed = Unparsed()
        online, lines = sysstat_lines(path)
        for no, line in lines:
            h = _HEAD.match(line)
            if h:
                blocks.append((h["cols"].split(), {True: [], False: []}))
                continue
            m = _ROW.match(line)
            vals = m["vals"].replace(",", ".").split() if m else []
            if not (m and blocks and len(vals) == len(blocks[-1][0])):
                unparsed.add(no)
                continue
            cols, rows = blocks[-1]
            rows[m["stamp"] == "Average:"].append(
                (no, dict(zip(cols, (float(v) for v in vals), strict=True))))
        metrics: list[Metric] = []
        for cols, rows in blocks:
            use = rows[True] or rows[False]
            if not use:
                continue
            src = SourceRef(str(path), use[0][0])

            def mean(key: str, use: list[tuple[int, dict[str, float]]] = use) -> float:
                return sum(r[key] for _, r in use) / len(use)

            metrics += [Metric(name, mean(c) * scale, unit, MACHINE, src, c)
                        for c, (name, unit, scale) in _NAMES.items() if c in cols]
        if not metrics:
            raise ParseError(str(path), None, "sar -q or sar -r output (a 'runq-sz plist-sz "
                             "ldavg-1 ...' or 'kbmemfree kbavail kbmemused ...' header and rows)")
        metrics += online
        return Profile(format=self.name, path=str(path), metrics=tuple(metrics),
                       unparsed_lines=unparsed.count, unparsed_examples=unparsed.examples)
