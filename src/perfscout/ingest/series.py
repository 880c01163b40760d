"""Collect time series column by column while streaming an interval file.

Use a :class:`SeriesSet` in an adapter whose format prints one value per metric per interval
(``perf stat -I``, timeline outputs): it keeps each series as compact arrays instead of one
:class:`~perfscout.model.metrics.Metric` per value, and gives back the finished
:class:`~perfscout.model.metrics.Series` plus one aggregate Metric per series (the sum of counts
and times, the mean of ratios and rates) for the rules that read totals.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable
from dataclasses import dataclass, field

from perfscout.model.metrics import Metric, Scope, Series, SourceRef

Append = Callable[[float], None]


@dataclass
class Columns:
    """The growing columns of one series; ``add`` appends one interval's value."""

    name: str
    unit: str
    scope: Scope
    raw_name: str
    stat: str  # "sum" or "avg"
    times: array = field(default_factory=lambda: array("d"))
    values: array = field(default_factory=lambda: array("d"))
    lines: array = field(default_factory=lambda: array("l"))
    enabled: array = field(default_factory=lambda: array("d"))

    def add(self, t: float, v: float, line: int, enabled: float | None = None) -> None:
        self.times.append(t)
        self.values.append(v)
        self.lines.append(line)
        # multiplexing shares are kept only when every interval printed one
        if enabled is not None and len(self.enabled) == len(self.values) - 1:
            self.enabled.append(enabled)


class SeriesSet:
    """Series keyed by (name, scope, raw name), in first-seen order."""

    def __init__(self, file: str) -> None:
        self.file = file
        self._by: dict[tuple[str, Scope, str], Columns] = {}

    def __bool__(self) -> bool:
        return bool(self._by)

    def columns(self, name: str, unit: str, scope: Scope, raw_name: str, stat: str) -> Columns:
        """The columns of that series (created on first use)."""
        key = (name, scope, raw_name)
        c = self._by.get(key)
        if c is None:
            c = self._by[key] = Columns(name, unit, scope, raw_name, stat)
        return c

    def series(self) -> tuple[Series, ...]:
        """The finished series (columns shared, not copied)."""
        out = []
        for c in self._by.values():
            en = c.enabled if len(c.enabled) == len(c.values) else array("d")
            out.append(Series(name=c.name, unit=c.unit, scope=c.scope, raw_name=c.raw_name,
                              file=self.file, times=c.times, values=c.values, lines=c.lines,
                              enabled_pct=en, stat=c.stat))
        return tuple(out)

    def aggregates(self) -> list[Metric]:
        """One Metric per series: ``sum`` of counts/times, ``avg`` of ratios/rates."""
        out = []
        for c in self._by.values():
            if not c.values:
                continue
            total = sum(c.values)
            value = total if c.stat == "sum" else total / len(c.values)
            out.append(Metric(name=c.name, value=value, unit=c.unit, scope=c.scope,
                              source=SourceRef(self.file, int(c.lines[0])),
                              raw_name=c.raw_name, stat=c.stat))
        return out
