"""The summary valgrind's cachegrind prints on stderr (``==PID== D1  miss rate: 83.8% ...``).

Users keep this log more often than the ``cachegrind.out`` file. It gives the simulated miss
rates of the whole run: ``d1.miss_ratio`` (first-level data), ``ll.miss_ratio`` (last-level
data, ``LLd``) and the reference counts; with ``--branch-sim=yes`` also the simulated branches,
mispredictions and their ratio (``branches``, ``branch_misses``, ``branch_miss_ratio``; the
log of ``--cache-sim=no --branch-sim=yes`` has only these). Simulated caches and predictors are
deterministic: family simulator.
"""

from __future__ import annotations

import re
from pathlib import Path

from perfscout.ingest.base import Adapter
from perfscout.ingest.registry import register_adapter
from perfscout.ingest.textutil import Unparsed, iter_lines, parse_number
from perfscout.model.errors import ParseError
from perfscout.model.metrics import Metric, Profile, SourceRef

_LINE = re.compile(r"^==\d+==\s+(?P<key>I\s+refs|D\s+refs|D1\s+misses|LLd\s+misses|D1\s+miss rate"
                   r"|LLd\s+miss rate|LL\s+miss rate|I1\s+miss rate"
                   r"|Branches|Mispredicts|Mispred rate)"
                   r":\s+(?P<v>[\d,.]+)%?")
_NAMES = {"I refs": ("ir", "count", 1.0),
          "D1 miss rate": ("d1.miss_ratio", "ratio", 0.01),
          "LLd miss rate": ("ll.miss_ratio", "ratio", 0.01),
          "Branches": ("branches", "count", 1.0),
          "Mispredicts": ("branch_misses", "count", 1.0),
          "Mispred rate": ("branch_miss_ratio", "ratio", 0.01)}
_SUMMARY = re.compile(r"^==\d+==\s+(?:D1\s+miss rate|Mispred rate):", re.M)


@register_adapter
class ValgrindLogAdapter(Adapter):
    """cachegrind's stderr summary (see module docstring)."""

    name = "valgrind-log"
    description = "valgrind --tool=cachegrind stderr summary (simulated miss rates)"
    family = "simulator"

    def sniff(self, head: str, path: Path) -> float:
        if path.is_dir():
            return 0.0
        return 0.85 if _SUMMARY.search(head) else 0.0

    def parse(self, path: Path) -> Profile:
        metrics: list[Metric] = []
        unparsed = Unparsed()
        meta: dict[str, str] = {}
        for no, line in iter_lines(path):
            m = _LINE.match(line)
            if m:
                key = re.sub(r"\s+", " ", m["key"])
                if key in _NAMES:
                    v = parse_number(m["v"].replace(",", ""))
                    if v is not None:
                        name, unit, f = _NAMES[key]
                        metrics.append(Metric(name, v * f, unit, source=SourceRef(str(path), no),
                                              raw_name=key))
                continue
            c = re.match(r"^==\d+==\s+Command:\s+(.*)$", line)
            if c:
                meta["command"] = c.group(1).strip()
            elif line.strip() and not line.startswith("=="):
                unparsed.add(no)
        if not any(m.name in ("d1.miss_ratio", "branch_miss_ratio") for m in metrics):
            raise ParseError(str(path), None, "cachegrind summary lines ('==PID== D1  miss rate:'"
                             " or '==PID== Mispred rate:')")
        return Profile(format=self.name, path=str(path), metrics=tuple(metrics), meta=meta,
                       unparsed_lines=unparsed.count, unparsed_examples=unparsed.examples)
