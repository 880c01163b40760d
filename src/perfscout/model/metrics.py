"""The normalized measurement model every profiler adapter produces.

A :class:`Profile` is what one input file says: metrics with canonical names (see
:mod:`perfscout.model.metric_names`), hotspots, a call tree where the format has one, compiler
remarks, and an account of what could not be read.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

FAMILIES = ("hardware_counters", "sampling", "instrumentation", "simulator", "compiler",
            "program", "os_accounting", "runtime_report", "benchmark")
"""Independent evidence families: a finding is confirmed when two of them agree. Two formats of
one tool (callgrind and cachegrind) are one family; ``benchmark`` measures the machine's
ceiling, not the program."""


class ScopeKind(StrEnum):
    PROCESS = "process"
    THREAD = "thread"
    RANK = "rank"
    CORE = "core"
    SOCKET = "socket"
    NODE = "node"
    REGION = "region"
    FUNCTION = "function"
    CALLPATH = "callpath"
    CALLSITE = "callsite"
    LINE = "line"
    LOOP = "loop"
    INTERVAL = "interval"
    RUN = "run"  # one run of several appended in one file


@dataclass(frozen=True)
class Scope:
    kind: ScopeKind = ScopeKind.PROCESS
    name: str = ""  # thread id, rank, region or function name, "file:line"
    parent: str = ""  # enclosing scope, e.g. the region of a per-thread value


@dataclass(frozen=True)
class SourceRef:
    """Where a value came from: the input file and line (1-based)."""

    file: str
    line: int | None = None

    def __str__(self) -> str:
        return f"{self.file}:{self.line}" if self.line is not None else self.file


@dataclass(frozen=True)
class Metric:
    name: str  # canonical name
    value: float
    unit: str
    scope: Scope = field(default_factory=Scope)
    source: SourceRef | None = None
    raw_name: str = ""  # the name as the tool printed it
    variance_pct: float | None = None  # perf stat -r "( +- x% )"
    enabled_pct: float | None = None  # multiplexing share
    derived: bool = False
    stat: str = ""  # "sum"/"min"/"max"/"avg"/"p25"... for an aggregate row of per-thread values
    family: str = ""  # evidence family when it differs from the adapter's (interleaved reports)


@dataclass(frozen=True)
class Series:
    """One metric sampled over time (``perf stat -I``): a value per interval, kept in columns.

    A long interval file would cost hundreds of bytes per value as :class:`Metric` objects; the
    columns are compact float/int arrays (``array('d')``/``array('l')``, or any sequence), so a
    million intervals stay within a few tens of MB. ``times`` are the interval end stamps in
    seconds since the start, ``lines`` the input line of each value (provenance). ``stat`` says
    how the profile's aggregate :class:`Metric` of this series was formed ("sum" for counts and
    times, "mean" for ratios and rates).
    """

    name: str  # canonical name
    unit: str
    scope: Scope = field(default_factory=Scope)
    raw_name: str = ""
    file: str = ""
    times: Sequence[float] = ()
    values: Sequence[float] = ()
    lines: Sequence[int] = ()
    enabled_pct: Sequence[float] = ()  # multiplexing share per interval, when printed
    stat: str = "sum"

    def __len__(self) -> int:
        return len(self.values)

    def source(self, i: int) -> SourceRef:
        """Where value ``i`` was read."""
        return SourceRef(self.file, int(self.lines[i]) if i < len(self.lines) else None)


@dataclass(frozen=True)
class Hotspot:
    """One function (or region/line) with its share of the total."""

    name: str
    self_share: float | None = None  # 0..1 of the profile total
    inclusive_share: float | None = None
    self_value: float | None = None
    inclusive_value: float | None = None
    unit: str = ""
    module: str = ""
    callpath: tuple[str, ...] = ()
    location: SourceRef | None = None  # program source file:line where known
    calls: int | None = None
    source: SourceRef | None = None  # where in the input file
    kind: str = "function"  # "function", "region", or "line" (a hot source line)
    group: str = ""  # the region's paradigm where the tool names it (Score-P MPI/OMP/USR/COM)


@dataclass(frozen=True)
class CallNode:
    name: str
    self_value: float = 0.0
    inclusive_value: float = 0.0
    module: str = ""
    location: SourceRef | None = None
    children: tuple[CallNode, ...] = ()


@dataclass(frozen=True)
class Remark:
    """A compiler optimisation remark about one loop (vectorized or missed, and why)."""

    file: str
    line: int | None
    column: int | None = None
    kind: str = "missed"  # "optimized" or "missed" or "analysis"
    pass_name: str = "vectorize"
    message: str = ""
    vectorized: bool = False
    access: str = ""  # "contiguous", "strided", "gather", "" when unknown
    source: SourceRef | None = None


@dataclass(frozen=True)
class Profile:
    format: str  # adapter name
    path: str
    metrics: tuple[Metric, ...] = ()
    hotspots: tuple[Hotspot, ...] = ()
    calltree: CallNode | None = None
    remarks: tuple[Remark, ...] = ()
    meta: Mapping[str, str] = field(default_factory=dict)
    unparsed_lines: int = 0
    unparsed_examples: tuple[int, ...] = ()  # first few line numbers that were not understood
    notes: tuple[str, ...] = ()
    series: tuple[Series, ...] = ()  # time series (interval output); aggregates are in metrics

    def get(self, name: str, scope_kind: ScopeKind | None = None) -> list[Metric]:
        return [
            m for m in self.metrics
            if m.name == name and (scope_kind is None or m.scope.kind == scope_kind)
        ]

    def first(self, name: str) -> Metric | None:
        for m in self.metrics:
            if m.name == name:
                return m
        return None


SKIP_REASONS = ("not_found", "empty", "unreadable", "unknown_format", "topology", "parse_error",
                "binary")


@dataclass(frozen=True)
class Skipped:
    """One input that was not read, and why (one of :data:`SKIP_REASONS`).

    ``formats_tried`` names the adapters that were asked (all of them for an unknown format,
    the chosen one for a parse error, the text format that reads a binary input once converted);
    ``message`` is the one-line error a single input would have raised."""

    file: str
    reason: str
    formats_tried: tuple[str, ...] = ()
    message: str = ""
    convert: tuple[str, ...] = ()  # for a binary input: the command that turns it into text


#: a program source line as profilers print it: ``path/file.ext:NN``
SOURCE_LINE = re.compile(r"^(?P<file>[\w./+-]+\.(?:c|cc|cpp|cxx|h|hpp|f|f90|f95|F|F90|cu)):"
                         r"(?P<line>\d+)$")


def source_line(h: Hotspot) -> str | None:
    """A hotspot's program source line as ``path:line``, when it names one (its location, or
    a name that is a ``file:line``): one reading for the advice's target line and for the
    cross-check of a finding scoped to a line."""
    loc = h.location
    if loc is not None and loc.line is not None and SOURCE_LINE.match(f"{loc.file}:{loc.line}"):
        return f"{loc.file}:{loc.line}"
    m = SOURCE_LINE.match(h.name.strip())
    return f"{m['file']}:{m['line']}" if m else None


#: lines apart that still name one statement or one loop nest: a profiler attributes a loop's
#: samples to its header, its body or the line after it, a compiler's debug line table and its
#: remarks to either
NEAR_LINES = 2


def near_line(file: str, line: int, other_file: str, other_line: int) -> bool:
    """Whether two source positions name the same statement or loop nest: the same file name
    (whatever folder each tool printed) and at most :data:`NEAR_LINES` lines apart. One
    reading for every rule and guard that matches a remark or a profile line to the hot line."""
    return (other_file.rsplit("/", 1)[-1] == file.rsplit("/", 1)[-1]
            and abs(other_line - line) <= NEAR_LINES)

