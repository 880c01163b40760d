"""Which advice held where: success rate and median actual/expected gain per proposal id.

:func:`summarize` groups cards by (proposal id, platform key); :func:`kb_stats` reduces them to
the plain mapping the advise stage accepts as ``kb_stats`` to adjust a proposal's confidence::

    {"thread_count": {"n": 3, "success_rate": 0.67, "median_actual": 1.8,
                      "median_actual_over_expected": 1.1}, ...}

Invalid results are counted in ``n_invalid`` but left out of the rates: a run that could not be
judged says nothing about the advice.
"""

from __future__ import annotations

import statistics
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from perfscout.experiment.stats import JUDGED
from perfscout.kb.cards import Card


@dataclass(frozen=True)
class ProposalStats:
    """The track record of one proposal id on one platform (``platform_key`` '*': all)."""

    proposal_id: str
    platform_key: str
    n: int  # judged cards (win, loss, neutral)
    wins: int
    losses: int
    n_invalid: int  # cards whose experiment answered nothing: invalid or inconclusive
    success_rate: float | None  # wins / n
    median_actual: float | None  # median measured speedup
    median_actual_over_expected: float | None  # median of actual / middle of expected range


def _stats(pid: str, key: str, cards: list[Card]) -> ProposalStats:
    judged = [c for c in cards if c.verdict in JUDGED]  # never an invalid/inconclusive gain
    wins = sum(1 for c in judged if c.verdict == "win")
    actual = [c.actual.value for c in judged if c.actual.value is not None]
    ratio = [r for c in judged if (r := c.actual_over_expected) is not None]
    return ProposalStats(
        pid, key, len(judged), wins, sum(1 for c in judged if c.verdict == "loss"),
        len(cards) - len(judged), wins / len(judged) if judged else None,
        statistics.median(actual) if actual else None,
        statistics.median(ratio) if ratio else None)


def summarize(cards: Iterable[Card], *, by_platform: bool = True) -> list[ProposalStats]:
    """Stats per (proposal id, platform key), or per proposal id over all platforms."""
    groups: dict[tuple[str, str], list[Card]] = {}
    for c in cards:
        groups.setdefault((c.proposal_id, c.platform_key if by_platform else "*"), []).append(c)
    return [_stats(pid, key, cs) for (pid, key), cs in sorted(groups.items())]


def kb_stats(cards: Iterable[Card], platform_key: str | None = None
             ) -> dict[str, Mapping[str, float | int | None]]:
    """The ``kb_stats`` mapping for advise(): proposal id -> its record, on ``platform_key``
    when given (the cards of other platforms are ignored), else over every platform."""
    chosen = [c for c in cards if platform_key is None or c.platform_key == platform_key]
    return {s.proposal_id: {"n": s.n, "wins": s.wins, "success_rate": s.success_rate,
                            "median_actual": s.median_actual,
                            "median_actual_over_expected": s.median_actual_over_expected}
            for s in summarize(chosen, by_platform=False) if s.n}
