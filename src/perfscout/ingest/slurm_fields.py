"""Slurm's value formats, read once for every reader of scheduler output (the sacct adapter
here, triage's job facts later in the pipeline): durations (``[D-]HH:MM:SS[.fff]``,
``MM:SS.fff``) and memory sizes (``22057M``, ``1.5G``, ``4000Mc``)."""

from __future__ import annotations

import re

_UNITS = {"": 1, "K": 1, "M": 1024, "G": 1024**2, "T": 1024**3}


def duration_s(text: str) -> float | None:
    """Slurm [D-]HH:MM:SS[.fff] or MM:SS.fff to seconds; None when empty or not a duration."""
    text = text.strip()
    m = re.fullmatch(r"(?:(\d+)-)?(\d+(?:\.\d+)?(?::\d+(?:\.\d+)?){0,2})", text)
    if not m:
        return None
    parts = [float(p) for p in m[2].split(":")]
    while len(parts) < 3:
        parts.insert(0, 0.0)
    h, mi, s = parts
    return int(m[1] or 0) * 86400 + h * 3600 + mi * 60 + s


def mem_kb(text: str) -> int | None:
    """'22057M', '1.5G', '512Mn', '4000Mc' to KiB (per-node/per-cpu suffix dropped)."""
    m = re.fullmatch(r"([\d.]+)([KMGT]?)[nc]?", text.strip())
    if not m:
        return None
    try:
        return int(float(m.group(1)) * _UNITS[m.group(2)])
    except ValueError:  # "1.2.3"
        return None
