"""Small text helpers shared by the snapshot parsers: sizes, CPU lists, key/value lines."""

from __future__ import annotations

import re
from typing import Any

from perfscout.model.errors import ParseError

Facts = dict[str, Any]
"""What one parser read: dotted snapshot field paths (``cpu.sockets``) mapped to values."""

_UNITS = {
    "": 1, "b": 1, "k": 1024, "kb": 1024, "kib": 1024, "m": 1024**2, "mb": 1024**2,
    "mib": 1024**2, "g": 1024**3, "gb": 1024**3, "gib": 1024**3, "t": 1024**4, "tb": 1024**4,
    "tib": 1024**4,
}
_SIZE = re.compile(r"^\s*([0-9]+(?:\.[0-9]+)?)\s*([KMGT]?i?B?)\s*$", re.IGNORECASE)


def parse_size(text: str) -> int | None:
    """Bytes in ``"1.5 MiB"``, ``"32K"``, ``"8192K"``, ``"28 MB"``; ``None`` if not a size."""
    m = _SIZE.match(text)
    if not m:
        return None
    unit = m.group(2).lower()
    if unit not in _UNITS:
        return None
    return int(float(m.group(1)) * _UNITS[unit])


def parse_cpu_list(text: str) -> tuple[int, ...]:
    """CPU ids in a kernel list ``"0-5,48-53"``, a strided ``"0-62:2"`` or a blank list ``"0 1 2"``.

    Raises ValueError on anything else, so callers decide whether that is fatal.
    """
    out: list[int] = []
    text = text.strip()
    if not text:
        return ()
    for part in re.split(r"[,\s]+", text):
        if not part:
            continue
        stride = 1
        if ":" in part:
            part, s = part.split(":", 1)
            stride = int(s)
            if stride <= 0:
                raise ValueError(f"bad stride {s!r}")
        if "-" in part:
            lo, hi = part.split("-", 1)
            a, b = int(lo), int(hi)
            if b < a or b - a > 1_000_000:
                raise ValueError(f"bad range {part!r}")
            out.extend(range(a, b + 1, stride))
        else:
            out.append(int(part))
    return tuple(out)


def key_values(text: str) -> list[tuple[str, str]]:
    """``Key: value`` lines (ASCII or full-width colon) in order, keys stripped."""
    pairs: list[tuple[str, str]] = []
    for line in text.splitlines():
        m = re.match(r"^\s*([^:：]{1,80}?)\s*[:：]\s*(.*?)\s*$", line)
        if m:
            pairs.append((m.group(1), m.group(2)))
    return pairs


def to_int(text: str | None) -> int | None:
    """An int from ``text`` or ``None`` (never raises)."""
    if text is None:
        return None
    try:
        return int(text.strip())
    except ValueError:
        return None


def to_float(text: str | None) -> float | None:
    """A float from ``text`` or ``None`` (never raises)."""
    if text is None:
        return None
    try:
        v = float(text.strip())
    except ValueError:
        return None
    return v if v == v else None


def require(facts: Facts, source: str, expected: str, found: str = "") -> Facts:
    """Return ``facts`` or raise :class:`ParseError` when the parser read nothing at all."""
    if not facts:
        raise ParseError(source, None, expected, found[:60])
    return facts


VERSION = re.compile(r"\b(\d+\.\d+(?:\.\d+)*)")
