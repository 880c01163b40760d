"""Ranking: order proposals by expected gain, confidence and risk, one per change group first.

Score = geometric mean of the expected gain range, minus one, times the confidence, times a risk
factor. Unknown preconditions lower the confidence (one step each); ``kb_stats`` (what the
knowledge base measured for a proposal id before) pulls the confidence toward the recorded
success rate and scales it by how the actual gains compared with the expected ones.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from perfscout.model.proposals import Confidence, Proposal

RISK_FACTOR = {"low": 1.0, "medium": 0.8, "high": 0.55}
#: confidence multiplier per precondition the data could not decide
UNKNOWN_PENALTY = 0.85
#: weight of the recorded success rate against the catalog's own confidence
KB_WEIGHT = 0.5


def adjust_confidence(p: Proposal, kb_stats: Mapping[str, Any] | None = None) -> Proposal:
    """Lower the confidence per unknown precondition and blend in the knowledge base's record."""
    if p.confidence is None:
        return p
    value = p.confidence.value
    notes = [p.confidence.rationale] if p.confidence.rationale else []
    unknown = [r.name for r in p.preconditions if r.status == "unknown"]
    if unknown:
        value *= UNKNOWN_PENALTY ** len(unknown)
        notes.append(f"lowered: unknown {', '.join(unknown)}")
    stats = (kb_stats or {}).get(p.id)
    if stats:
        rate = _num(stats, "success_rate")
        ratio = _num(stats, "median_actual_over_expected")
        if rate is not None:
            value = (1 - KB_WEIGHT) * value + KB_WEIGHT * max(0.0, min(1.0, rate))
            notes.append(f"knowledge base success rate {rate:.0%}")
        if ratio is not None:
            value *= max(0.5, min(1.2, ratio))
            notes.append(f"knowledge base actual/expected {ratio:.2f}")
    value = round(max(0.0, min(0.95, value)), 3)
    return replace(p, confidence=Confidence(value, "; ".join(notes)))


def _num(stats: Any, key: str) -> float | None:
    v = stats.get(key) if isinstance(stats, Mapping) else getattr(stats, key, None)
    return float(v) if isinstance(v, int | float) else None


def score(p: Proposal) -> float:
    """Expected gain (geometric middle of the range, minus one) x confidence x risk factor."""
    g = p.expected_gain
    gain = ((g.low * g.high) ** 0.5 - 1.0) if g is not None and g.low > 0 and g.high > 0 else 0.0
    c = p.confidence.value if p.confidence else 0.0
    r = RISK_FACTOR.get(p.risk.level if p.risk else "", 0.5)
    return max(gain, 0.0) * c * r


#: score factor for a proposal that addresses only symptoms (findings another one explains)
SYMPTOM_FACTOR = 0.5


def rank(proposals: Sequence[Proposal], groups: Mapping[str, str] | None = None,
         symptoms: frozenset[str] = frozenset()) -> tuple[Proposal, ...]:
    """Best first; the first round holds one proposal per independent change group, the rest
    follow in score order. ``groups`` maps proposal id to group (default: the id itself);
    a proposal addressing only ``symptoms`` (finding ids explained by a root cause) scores
    half: fix the cause first."""
    groups = groups or {}

    def key(p: Proposal) -> tuple[float, str]:
        only_symptoms = bool(p.addresses) and set(p.addresses) <= symptoms
        return (-score(p) * (SYMPTOM_FACTOR if only_symptoms else 1.0), p.id)

    ordered = sorted(proposals, key=key)
    first: list[Proposal] = []
    later: list[Proposal] = []
    seen: set[str] = set()
    for p in ordered:
        g = groups.get(p.id, p.id)
        (later if g in seen else first).append(p)
        seen.add(g)
    return tuple(first + later)


def first_round(proposals: Sequence[Proposal], groups: Mapping[str, str] | None = None,
                ) -> tuple[Proposal, ...]:
    """Only the first-round proposals: one per independent change group."""
    groups = groups or {}
    out: list[Proposal] = []
    seen: set[str] = set()
    for p in rank(proposals, groups):
        g = groups.get(p.id, p.id)
        if g not in seen:
            out.append(p)
            seen.add(g)
    return tuple(out)
