"""How experiment numbers are printed, one form for the CLI tables, the cards and the report.

``fmt`` gives a compact number (plain digits from ``10**digits`` up, ``digits`` significant
below, ``-`` when unknown); ``interval`` gives ``value [low, high]`` for a median or a ratio with
its confidence interval.
"""

from __future__ import annotations


def fmt(x: float | None, digits: int = 3) -> str:
    """A compact number for tables: ``-`` when unknown."""
    if x is None:
        return "-"
    return f"{x:.0f}" if abs(x) >= 10 ** digits else f"{x:.{digits}g}"


def interval(v: float | None, lo: float | None, hi: float | None) -> str:
    """``value [low, high]`` with three significant digits; ``-`` when there is no value."""
    if v is None:
        return "-"
    return f"{fmt(v)} [{fmt(lo)}, {fmt(hi)}]"
