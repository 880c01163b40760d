"""``likwid-bench`` result blocks (``MByte/s:``, ``Cycles:``, ``Time:`` ...).

Standalone likwid-bench output is parsed here; when it is wrapped by ``likwid-perfctr -m`` the
perfctr adapter uses :func:`bench_metric` for these lines, so both read them one way.
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

from perfscout.ingest.base import Adapter
from perfscout.ingest.registry import register_adapter
from perfscout.ingest.textutil import Unparsed, iter_lines, parse_number
from perfscout.model.errors import ParseError
from perfscout.model.metrics import Metric, Profile, Scope, ScopeKind, SourceRef

BENCH_KEYS: dict[str, tuple[str, str]] = {
    "MByte/s": ("bench.bandwidth", "MB/s"),
    "MFlops/s": ("bench.mflops", "MFLOP/s"),
    "Cycles": ("bench.cycles", "count"),
    "Time": ("bench.time", "s"),
    "Cycles per update": ("bench.cycles_per_update", "ratio"),
    "Cycles per cacheline": ("bench.cycles_per_cacheline", "ratio"),
}
#: a likwid-bench command line a job log or a trimmed output echoes before each run
_COMMAND = re.compile(r"^\s*[$%#]?\s*likwid-bench\b(?:.*?\s-t\s+(?P<test>\S+))?", re.M)
_LINE = re.compile(r"^(?P<key>[A-Za-z][\w /]*?):\s+(?P<v>[-+\d.eE]+)(?:\s+sec)?\s*$")


def bench_metric(line: str, path: Path, no: int, run: int) -> Metric | None:
    """A likwid-bench result line as a metric (RUN scope ``run N``), or None."""
    m = _LINE.match(line.strip())
    if not m or m["key"] not in BENCH_KEYS:
        return None
    v = parse_number(m["v"])
    if v is None:
        return None
    name, unit = BENCH_KEYS[m["key"]]
    return Metric(name=name, value=v, unit=unit, scope=Scope(ScopeKind.RUN, f"run {run}"),
                  source=SourceRef(str(path), no), raw_name=m["key"])


def _beside(path: Path, lines: set[int]) -> list[Metric]:
    """The program's own printout on ``lines`` of a job log that also holds a likwid-bench run
    (``rep 3: 9.1 GB/s`` before the benchmark): read by the program-output reader, family
    ``program``, so the program's bandwidth stands beside the measured ceiling."""
    from perfscout.ingest.adapters.program_output import _read

    if not lines:
        return []
    try:
        got = _read(path, "program")[0]
    except (ParseError, ValueError):
        return []
    return [replace(m, family=m.family or "program") for m in got
            if m.source is not None and m.source.line in lines
            and not m.name.startswith("event.")]


@register_adapter
class LikwidBenchAdapter(Adapter):
    """Plain ``likwid-bench`` output (see module docstring)."""

    name = "likwid-bench"
    family = "benchmark"
    description = "likwid-bench results"

    def sniff(self, head: str, path: Path) -> float:
        if re.search(r"^MByte/s:\s", head, re.M) and ("Cycles per update" in head or
                                                      _COMMAND.search(head)):
            # the whole block, or the result lines kept under each echoed command
            return 0.7  # likwid-perfctr scores higher when perfctr tables wrap the run
        return 0.0

    def parse(self, path: Path) -> Profile:
        unparsed = Unparsed()
        metrics: list[Metric] = []
        meta: dict[str, str] = {}
        run = 0
        other: set[int] = set()  # lines of no likwid-bench shape: the job's own printout?
        fresh = False  # a run just started by its echoed command (its Cycles: starts none)
        for no, line in iter_lines(path):
            s = line.strip()
            cmd = _COMMAND.match(line)
            if cmd is not None:
                run, fresh = run + 1, True
                meta.setdefault("test", cmd["test"] or "")
                continue
            if s.startswith("Cycles:"):
                run, fresh = (run, False) if fresh else (run + 1, False)
            m = bench_metric(s, path, no, max(run, 1))
            if m:
                metrics.append(m)
                continue
            if s.startswith("Test:"):
                meta.setdefault("test", s.split(":", 1)[1].strip())
            elif s and not s.startswith(("-", "=", "#", "Group", "Number", "Iterations",
                                           "Size", "Vector", "Loop", "Inner", "Instructions",
                                           "UOPs", "Bytes", "Data", "Warning", "Allocate",
                                           "Initialization", "Using", "Running", "Threads")):
                unparsed.add(no)
                other.add(no)
        if not metrics:
            raise ParseError(str(path), None, "likwid-bench result lines like 'MByte/s: 1234'")
        beside = _beside(path, other)
        if beside:
            metrics.extend(beside)
            read = {m.source.line for m in beside if m.source is not None}
            unparsed = Unparsed()
            for no in sorted(other - read):
                unparsed.add(no)
        return Profile(format=self.name, path=str(path), metrics=tuple(metrics), meta=meta,
                       unparsed_lines=unparsed.count, unparsed_examples=unparsed.examples)
