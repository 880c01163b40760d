"""The hedge: the evidence's guide and plain TPE as two streams, the guide's share earned.

Why (docs/tune.md, "Why first runs failed"): the guide of before this module decided alone
what was measured until its phases ran out (first choice, region walk, silent redraw,
one-at-a-time widening, start-up draws), and only then let TPE sample. Its cost over TPE was
therefore unbounded: every phase was a sequence of evaluations whose length was set by rules
(a lease, a line-search cycle, a region size) chosen on the tables it was tuned on, and each
first run found a table where that sequence was longer than TPE's whole search (a dense
optimum TPE's random start-up lands near in 8-14 evaluations). And what TPE got afterwards was
a history concentrated on the region, which is not the random start-up TPE is built on.

Here the two never share a model:

* the **plain stream** is a TPE study of its own (same sampler, same seed) that sees only its
  own proposals and their values. A point it asks that the study already measured is told at
  once from the history, at no cost. Its sequence of points is therefore exactly plain TPE's,
  and it reaches what plain TPE reaches after at most as many of *its own* evaluations;
* the **guided stream** is the :class:`GuidedProposer` (first choice, region walk, hand-offs;
  without its start-up draws, which only served a TPE that modelled its history);
* the **share rule**: the guided stream proposes while it holds credit,
  ``credit = start + per_gain * gains - guided_spent``, where ``gains`` counts its
  evaluations that beat the best so far (either stream's) by more than ``tie``; otherwise the
  plain stream proposes. Guided points that do not improve move the whole search to plain TPE.

The bound, by construction: at any moment at most ``start + per_gain * gains`` evaluations went
to guided points not paid for by a gain, so evaluations to any target <= plain TPE's own (same
seed) + ``start + per_gain * gains`` — per seed, not on average. Every guided evaluation paid
for by a gain beat every point measured before it, so the allowance grows only while the
guide is closing in on the best. The full space stays reachable: the plain stream samples all
of it.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import optuna
from optuna.distributions import BaseDistribution
from optuna.trial import TrialState

from perfscout.tune.optuna_bridge import distributions
from perfscout.tune.prior import GuidedProposer, Prior
from perfscout.tune.samplers import make_sampler

#: what the plain stream's trials record as ``proposed_by``
PLAIN = "plain TPE stream (hedge)"
#: the guided stream's credit before any gain (the first choice included); chosen on the five
#: tuning tables (docs/tune.md): the smallest that keeps transpose's walk (4 evaluations)
START = 4
#: credit a guided gain earns back: 1 of 1-3 tried, the tightest bound and the lowest worst
#: ratio over the two wrong-evidence tuning tables (matmul_rows 1.2, rowsweep 1.24)
PER_GAIN = 1
#: plain-stream asks in a row answered from the history before it is judged stalled
STALL = 200


def _key(point: Mapping[str, Any]) -> str:
    return json.dumps(dict(sorted(point.items())), sort_keys=True, default=str)


@dataclass
class Hedge:
    """Proposes every point (:class:`perfscout.tune.optuna_bridge.Guide`): the guided
    stream's while it holds credit, else the plain TPE stream's. Feed it every finished
    evaluation (:meth:`observe`, with the ``proposed_by`` it was given on a restart)."""

    prior: Prior
    budget: int
    seed: int = 0
    direction: str = "minimize"
    sampler: str = "tpe"
    start: int = START
    per_gain: int = PER_GAIN
    tie: float = 0.02
    guide: GuidedProposer = field(init=False)
    history: dict[str, float | None] = field(default_factory=dict)
    guided_spent: int = 0
    gains: int = 0
    plain_spent: int = 0
    _best: float | None = None
    _pending: dict[str, tuple[str, int]] = field(default_factory=dict)  # key -> (stream, trial)
    _plain: optuna.Study = field(init=False)
    _dists: dict[str, BaseDistribution] = field(init=False)

    def __post_init__(self) -> None:
        self.guide = GuidedProposer(self.prior, self.budget, self.seed,
                                    direction=self.direction, tie=self.tie, startup=0)
        self._plain = optuna.create_study(direction=self._dir(),
                                          sampler=make_sampler(self.sampler, self.seed))
        self._dists = distributions(self.prior.space)

    def _dir(self) -> Any:
        return "maximize" if self.direction == "maximize" else "minimize"

    @property
    def credit(self) -> int:
        """Guided evaluations the guided stream may still spend before a gain."""
        return self.start + self.per_gain * self.gains - self.guided_spent

    def propose(self) -> tuple[dict[str, Any], str] | None:
        """The next point and the stream (and phase) that chose it; None when the plain
        stream has stalled (every ask already measured, ``STALL`` times in a row)."""
        self._drop_unobserved()
        if self.credit > 0:
            got = self.guide.propose()
            if got is not None and _key(got[0]) not in self.history:
                self._pending[_key(got[0])] = ("guided", -1)
                return got
        return self._plain_next()

    def _plain_next(self) -> tuple[dict[str, Any], str] | None:
        fixed = self.prior.space.fixed_values()
        for _ in range(STALL):
            trial = self._plain.ask(self._dists)
            point = {**fixed, **trial.params}
            k = _key(point)
            if k in self.history:  # measured already (by either stream): free, as in plain TPE
                self._tell_plain(trial.number, self.history[k])
                continue
            if k in self._pending:  # asked again before its value came back
                self._plain.tell(trial.number, state=TrialState.FAIL)
                continue
            self._pending[k] = ("plain", trial.number)
            return point, PLAIN
        return None

    def _tell_plain(self, number: int, value: float | None) -> None:
        if value is None:
            self._plain.tell(number, state=TrialState.FAIL)
        else:
            self._plain.tell(number, value)

    def _drop_unobserved(self) -> None:
        """Proposals that were never evaluated (pruned by a constraint, claimed by another
        worker) are failed in the plain stream, so its study never waits on them."""
        for k, (stream, number) in list(self._pending.items()):
            if stream == "plain":
                self._plain.tell(number, state=TrialState.FAIL)
            del self._pending[k]

    def observe(self, point: Mapping[str, Any], value: float | None,
                proposed_by: str | None = None) -> None:
        """Record one finished evaluation. ``proposed_by`` (a restart's history) says which
        stream it was; a live proposal's stream is known from :meth:`propose`."""
        k = _key(point)
        if k in self.history:
            return
        self.history[k] = value
        stream, number = self._pending.pop(k, ("", -1))
        if not stream and proposed_by is not None:
            stream = "plain" if proposed_by == PLAIN else "guided"
        if stream == "plain":
            self.plain_spent += 1
            if number >= 0:
                self._tell_plain(number, value)
            else:  # rebuilt after a restart: the plain study learns its own trial again
                self._plain.add_trial(optuna.trial.create_trial(
                    params={n: point[n] for n in self._dists}, distributions=self._dists,
                    value=value, state=TrialState.COMPLETE if value is not None
                    else TrialState.FAIL))
        gained = self._count_gain(value)
        if stream == "guided":
            self.guided_spent += 1
            self.gains += int(gained)
        self.guide.observe(point, value)

    def _count_gain(self, value: float | None) -> bool:
        if value is None:
            return False
        sign = 1.0 if self.direction == "minimize" else -1.0
        best = self._best
        if best is None:
            self._best = value
            return False  # the first measured point only sets the mark
        gain = sign * (best - value) > self.tie * abs(best)
        if sign * (best - value) > 0:
            self._best = value
        return gain
