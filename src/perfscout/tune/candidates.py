"""The evidence's preferences as a distribution over candidate values, each with its reason.

A single preferred value per parameter (the one tile that "fits L2", the one flag set) is a
single-point heuristic: the day it is wrong, a search started from it spends its evaluations
near the wrong point (``rowsweep``, ``wht_cols``: the whole-row tile, not the L2 one, wins;
``nbody_pairs``: a parameter no finding spoke to is not at its best baseline). Here each
parameter keeps several *candidates*, each with why it is there:

- the evidence's first choice (:func:`perfscout.tune.prior.ranked` over the preferred values);
- for a tile, the largest whose three blocks fit L1 beside the L2 one;
- the baseline's value (the first listed: what was measured);
- for a loop order, the first order whose innermost loop is the body's unit-stride index
  (read from the body, whether or not a finding spoke for the order);
- the **extremes** (the smallest and the largest numeric value — for a tile the untiled
  whole row —, the last listed value of an unordered list), so a heuristic wrong in either
  direction is tried, not only its neighbourhood;
- for an unordered list (flag sets, loop orders), the evidence's other preferred values, in
  rank order, while the design has room; an ordered (numeric) parameter's other values are
  not listed in advance: the design's last slots :func:`bracket` them from what was measured.

:class:`perfscout.tune.design.DesignProposer` measures each candidate once (at the best point
so far) before the study's sampler takes over the full space.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from perfscout.model.snapshot import PlatformSnapshot
from perfscout.tune.space import Param

#: the first design's size at most (the first choice included): Optuna's TPE start-up length,
#: so the design takes the slots TPE would fill with random draws and no more
DESIGN_MAX = 10


@dataclass(frozen=True)
class Candidate:
    """One value of a parameter worth measuring early, why, and whether the design must keep
    it (the first choice, the baseline, the extremes) or only may (while it has room)."""

    value: Any
    reason: str
    required: bool = True


def _numeric(values: Sequence[Any]) -> bool:
    return bool(values) and all(isinstance(v, (int, float)) and not isinstance(v, bool)
                                for v in values)


def _l1_tile(p: Param, snapshot: PlatformSnapshot | None, elem: int = 8) -> Any | None:
    """The largest tile whose three T x T blocks of doubles fit L1, if the snapshot says L1."""
    if snapshot is None:
        return None
    l1 = next((c.size_bytes for c in snapshot.cpu.caches
               if c.level == 1 and c.kind in ("data", "unified") and c.size_bytes), None)
    if not l1:
        return None
    fit = [v for v in p.choices() if 3 * float(v) ** 2 * elem <= l1]
    return max(fit) if fit else None


def candidates(p: Param, ranked_preferred: Sequence[Any], why: str,
               snapshot: PlatformSnapshot | None) -> tuple[Candidate, ...]:
    """The candidates of ``p`` (its choices after the hard limits), first choice first.

    ``ranked_preferred`` are the evidence's preferred values in rank order, ``why`` the
    preference's reason."""
    ch = list(p.choices())
    if not ch:
        return ()
    out: list[Candidate] = []

    def add(v: Any, reason: str, required: bool = True) -> None:
        if v in ch and all(c.value != v for c in out):
            out.append(Candidate(v, reason, required))

    pref = [v for v in ranked_preferred if v in ch] or ch[:1]
    add(pref[0], f"the evidence's first choice ({why})")
    if p.role == "tile" and _numeric(ch):
        t1 = _l1_tile(p, snapshot)
        if t1 is not None:
            add(t1, "the largest tile whose three blocks fit L1")
    dropped = ch[0] not in pref
    if not dropped:
        add(ch[0], "the baseline's value (first listed: the configuration measured)")
    unit = p.contiguous or p.written if p.role == "loop_order" else ""
    if unit:
        add(next((v for v in ch if str(v).endswith(unit)), None),
            f"the first order whose innermost loop is the body's unit-stride index {unit!r}")
    if _numeric(ch):
        hi = max(ch, key=float)
        add(min(ch, key=float), "the smallest value (an extreme)")
        add(hi, "the largest value (an extreme: the untiled whole row)" if p.role == "tile"
            else "the largest value (an extreme)")
    else:
        add(ch[-1], "the last listed value (the other end of the list)")
    if not _numeric(ch):  # an ordered parameter's other values come by bracketing instead
        for v in pref[1:]:
            add(v, f"another value the evidence prefers ({why})", required=False)
    if dropped:
        add(ch[0], "the baseline's value, which the evidence dropped (last: least likely)",
            required=False)
    return tuple(out)


def _log_pos(v: Any) -> float:
    f = float(v)
    return math.log2(f) if f > 0 else f


def bracket(values: Sequence[Any], measured: Mapping[Any, float], direction: str = "minimize"
            ) -> tuple[Any, float] | None:
    """The next value of an ordered (numeric) parameter to measure, chosen by the measurements
    instead of the evidence, and the width of the gap it bisects (in octaves for positive
    values): the value nearest the middle (in ratio) of the wider gap between the
    best-measured value and its measured neighbours (or the end of the range). The evidence's
    preferred side loses its priority as soon as its values measure worse than a value on the
    other side (``fw_blocked``: tiles below the first choice measured 1.5x worse, the gap
    above it, to the whole matrix, held the best); None when no unmeasured value lies next to
    the best."""
    if not _numeric(values) or not measured:
        return None
    order = sorted(values, key=float)
    pick = min if direction == "minimize" else max
    best = pick(measured, key=lambda v: measured[v])
    seen = sorted((v for v in order if v in measured), key=float)
    i = seen.index(best)
    gaps = []
    for j in (i - 1, i + 1):
        end = seen[j] if 0 <= j < len(seen) else (order[0] if j < i else order[-1])
        lo, hi = sorted((float(best), float(end)))
        inside = [v for v in order if v not in measured and lo <= float(v) <= hi]
        if inside:
            mid = (_log_pos(best) + _log_pos(end)) / 2
            gaps.append((min(inside, key=lambda v: (abs(_log_pos(v) - mid),
                                                    abs(_log_pos(v) - _log_pos(best)))),
                         abs(_log_pos(best) - _log_pos(end))))
    return max(gaps, key=lambda g: g[1]) if gaps else None


def trim(cands: Mapping[str, tuple[Candidate, ...]], size: int = DESIGN_MAX
         ) -> dict[str, tuple[Candidate, ...]]:
    """The candidates a first design of at most ``size`` points can cover (one point per
    candidate beyond each parameter's first choice): every required one, then the optional
    ones in rank order, one parameter at a time in turn, while there is room. Required ones
    are never dropped, even over ``size``: a design without the extremes is not the bound."""
    keep = {n: [c for c in cs if c.required] for n, cs in cands.items()}
    room = size - 1 - sum(max(0, len(cs) - 1) for cs in keep.values())
    extra = {n: [c for c in cs if not c.required] for n, cs in cands.items()}
    while room > 0 and any(extra.values()):
        for n in cands:
            if room > 0 and extra[n]:
                keep[n].append(extra[n].pop(0))
                room -= 1
    return {n: tuple(c for c in cands[n] if c in keep[n]) for n in cands}


def span(cands: Mapping[str, tuple[Candidate, ...]]) -> int:
    """The number of points a design covering ``cands`` measures (first choice included)."""
    return 1 + sum(max(0, len(cs) - 1) for cs in cands.values())

