"""The evidence's first design, then the study's sampler over the full space.

:class:`DesignProposer` is the evidence-guided search: it proposes a small, diverse *first
design* — the evidence's first choice, then each parameter's other candidates
(:mod:`perfscout.tune.candidates`: the L1 tile, a baseline the evidence kept, the extremes)
measured once each, every one at the best point measured so far, the parameters a finding
spoke to before the silent ones (:func:`evidence_order`), and once the parameters no finding
spoke to moved together (:func:`silent_joint`); then the bracketing moves of the ordered
parameters; then, while it has room, the optional candidates (the evidence's lower-ranked
values, a baseline it dropped) — and then nothing: the study's own sampler (TPE over the full
space) continues with the design's trials as its history.

**The bound, by construction.** The design measures at most :func:`design_size` points (one per
move, plus the first choice: at most
:data:`~perfscout.tune.candidates.DESIGN_MAX` unless a space needs more for its required
candidates), whatever the measurements say: the evidence costs at most that many evaluations
over the same sampler started from the design's history (which takes the place of its random
start-up draws). That is not a bound against the sampler started from random draws: a
star-shaped history can steer TPE away from a value whose one measurement was bad
(docs/tune.md, ``spmv_sell``). No phase of it is extended by gains, so a heuristic wrong on
every parameter costs the design and no more; one wrong on one parameter is usually found
*inside* the design, since each parameter's extremes are in it.

Why not the earlier walk-and-lease guide (docs/tune.md): its evidence phases lasted while their
evaluations gained, with constants set table by table; it met every table post-hoc but two of
its three most recent first runs were worse than plain TPE, and its cost had no bound but the
one its phases happened to give.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from perfscout.tune.candidates import DESIGN_MAX, Candidate, bracket
from perfscout.tune.narrow import SILENT
from perfscout.tune.prior import Prior


def _key(point: Mapping[str, Any]) -> str:
    return json.dumps(dict(sorted(point.items())), sort_keys=True, default=str)


def design_size(prior: Prior) -> int:
    """The most points the first design measures (its bound): the first choice, one per
    move (:func:`moves`) and the bracketing moves of the ordered parameters
    (:func:`~perfscout.tune.candidates.bracket`) — never more than
    :data:`~perfscout.tune.candidates.DESIGN_MAX`, Optuna TPE's random start-up length, so the
    design takes the place of the sampler's start-up draws and never adds to them."""
    extra = sum(len(p.choices()) - len(prior.candidates.get(p.name, ()))
                for p in prior.space.params if _ordered(p.choices()))
    return min(DESIGN_MAX, 1 + len(moves(prior)) + extra)


def _ordered(values: Sequence[Any]) -> bool:
    return len(values) > 1 and all(isinstance(v, (int, float)) and not isinstance(v, bool)
                                   for v in values)


def moves(prior: Prior) -> list[dict[str, Candidate]]:
    """The design's candidate moves after the first choice, in the order they are tried:
    :func:`required_moves` (every parameter's second candidate, the silent parameters' joint
    move, their third candidates, ...), then :func:`optional_moves`. The proposer puts the
    bracketing moves between the two (:meth:`DesignProposer.propose`)."""
    return required_moves(prior) + optional_moves(prior)


def required_moves(prior: Prior) -> list[dict[str, Candidate]]:
    """The moves to the candidates the design must measure (first choice, L1 tile, a baseline
    the evidence kept, unit-stride order, extremes), round by round: each parameter's second
    candidate in turn (in :func:`evidence_order`), then the joint move of the silent
    parameters (:func:`silent_joint`), then their third candidates, ... — so every
    parameter's most likely alternative comes before any parameter's least likely one."""
    return _rounds(prior, required=True)


def optional_moves(prior: Prior) -> list[dict[str, Candidate]]:
    """The moves to the candidates the design may measure while it has room, after the
    bracketing moves: the evidence's lower-ranked preferred values of an unordered parameter
    and a baseline value the evidence dropped (a flag set without the vectorizer, a loop
    order whose innermost loop is not the unit stride). Measured first, such a value spent a
    slot on a point far off the best on nearly every recorded table (docs/tune.md), and a
    lower-ranked value that measured as a noisy incumbent moved the bracketing moves off
    the best neighbourhood."""
    return _rounds(prior, required=False)


def evidence_order(prior: Prior) -> list[str]:
    """The parameters in the order a design round moves them: those a finding spoke to first
    (the findings say where the time goes), the silent ones (:data:`SILENT`) after — unless a
    finding addresses no parameter of the space (``prior.unaddressed``: a cache finding on a
    space without tiles or loop orders), in which case the silent parameters are the only
    place its cause can be tuned and go first. Stable: the space's order within each group."""
    silent = {q.param for q in prior.preferences if q.reason.startswith(SILENT)}
    first_silent = bool(prior.unaddressed)
    return sorted(prior.candidates, key=lambda n: (n in silent) != first_silent)


def _rounds(prior: Prior, *, required: bool) -> list[dict[str, Candidate]]:
    lists = [(n, [c for c in prior.candidates[n][1:] if c.required == required])
             for n in evidence_order(prior)]
    out: list[dict[str, Candidate]] = []
    depth = max((len(cs) for _, cs in lists), default=0)
    for i in range(depth):
        out += [{n: cs[i]} for n, cs in lists if i < len(cs)]
        if required and i == 0 and (joint := silent_joint(prior)):
            out.append(joint)
    return out


def silent_joint(prior: Prior) -> dict[str, Candidate]:
    """The parameters no finding spoke to (fixed at the baseline for want of evidence), moved
    together, each to its candidate farthest from the baseline (numeric: in ratio; otherwise
    the last listed); empty with fewer than two. Their baseline values carry no evidence, least
    of all about how they interact, and a one-at-a-time move cannot show two of them that
    only pay together (a storage format's chunk height with its sorting window, a loop order
    with its blocking) — worse, its lone bad result steers the sampler away from the value."""
    out: dict[str, Candidate] = {}
    for pref in prior.preferences:
        cs = prior.candidates.get(pref.param, ())
        if not pref.reason.startswith(SILENT) or len(cs) < 2:
            continue
        base = cs[0].value
        if _positive(base) and all(_positive(c.value) for c in cs):
            far = max(cs[1:], key=lambda c: abs(math.log(float(c.value) / float(base))))
        else:
            far = next((c for c in cs[1:] if "last listed" in c.reason), cs[-1])
        out[pref.param] = Candidate(far.value, f"{far.reason}; the silent parameters "
                                    f"moved together")
    return out if len(out) >= 2 else {}


def _positive(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and v > 0


@dataclass
class DesignProposer:
    """Proposes the next point of the evidence's first design, or None (the sampler's turn).

    Each move sets one parameter to one candidate at the incumbent (the best point measured so
    far, so two good moves combine); a move is done once any measured point has that value
    (failed ones included), so the proposer is a function of the history alone and a guide
    rebuilt after a restart (:meth:`from_history`) goes on where the live one was, never past
    :func:`design_size` design points in all."""

    prior: Prior
    budget: int = 0
    seed: int = 0
    direction: str = "minimize"
    history: dict[str, float | None] = field(default_factory=dict)

    @classmethod
    def from_history(cls, prior: Prior, budget: int, history: Sequence[tuple[Mapping[str, Any],
                     float | None]], *, seed: int = 0, direction: str = "minimize"
                     ) -> DesignProposer:
        g = cls(prior, budget, seed, direction)
        for point, value in history:
            g.observe(point, value)
        return g

    def observe(self, point: Mapping[str, Any], value: float | None) -> None:
        """Record one finished evaluation (``value`` None: it failed)."""
        self.history[_key(self._restrict(point))] = value

    def propose(self) -> tuple[dict[str, Any], str] | None:
        """The next design point with why it is proposed, or None once the design is done
        (at most :func:`design_size` points, however many moves remain): the first choice,
        the :func:`required_moves`, the bracketing moves, then the :func:`optional_moves`."""
        space = self.prior.space
        if len(self.history) >= design_size(self.prior):
            return None
        first = self._restrict({**space.fixed_values(), **self.prior.first})
        if self.prior.first and _key(first) not in self.history:
            return first, "the evidence's first choice"
        inc = self.incumbent() or first
        seen = [json.loads(k) for k in self.history]
        return (self._move(required_moves(self.prior), inc, seen)
                or self._bracket(inc, seen)
                or self._move(optional_moves(self.prior), inc, seen))

    def _move(self, todo: Sequence[Mapping[str, Candidate]], inc: Mapping[str, Any],
              seen: Sequence[Mapping[str, Any]]) -> tuple[dict[str, Any], str] | None:
        """The first of ``todo`` not yet measured, set at the incumbent ``inc``."""
        space = self.prior.space
        for move in todo:
            if any(all(q.get(n) == c.value for n, c in move.items()) for q in seen):
                continue
            point = self._restrict({**space.fixed_values(), **inc,
                                    **{n: c.value for n, c in move.items()}})
            if _key(point) in self.history or not space.feasible(point):
                continue
            what = ", ".join(f"{n}={c.value!r}" for n, c in move.items())
            return point, f"first design: {what}, {next(iter(move.values())).reason}"
        return None

    def _bracket(self, inc: Mapping[str, Any], seen: Sequence[Mapping[str, Any]]
                 ) -> tuple[dict[str, Any], str] | None:
        """After the required moves: the ordered parameters at the values :func:`bracket`
        picks from what was measured, at the incumbent, the widest unmeasured gap beside a
        best-measured value first (where the measurements know least about the best)."""
        space = self.prior.space
        if len(self.history) >= design_size(self.prior):
            return None
        scored = [(q, v) for q, v in zip(seen, self.history.values(), strict=True)
                  if v is not None]
        todo = []
        for p in space.params:
            ch = p.choices()
            if not _ordered(ch):
                continue
            best: dict[Any, float] = {}
            for q, v in scored:
                if q.get(p.name) in ch:
                    x = q[p.name]
                    best[x] = v if x not in best else (
                        min(best[x], v) if self.direction == "minimize" else max(best[x], v))
            nxt = bracket(ch, best, self.direction)
            if nxt is not None:
                todo.append((-nxt[1], p.name, nxt[0]))
        for _, name, value in sorted(todo, key=lambda t: t[0]):
            point = self._restrict({**space.fixed_values(), **inc, name: value})
            if _key(point) not in self.history and space.feasible(point):
                return point, (f"first design: {name}={value!r}, the middle of the wider gap "
                               f"beside {name}'s best-measured value (bracketing)")
        return None

    def incumbent(self) -> dict[str, Any] | None:
        """The best measured point, or None."""
        done = [(k, v) for k, v in self.history.items() if v is not None]
        if not done:
            return None
        pick = min if self.direction == "minimize" else max
        return dict(json.loads(pick(done, key=lambda kv: kv[1])[0]))

    def _restrict(self, point: Mapping[str, Any]) -> dict[str, Any]:
        names = {p.name for p in self.prior.space.params} | set(self.prior.space.fixed_values())
        return {k: v for k, v in point.items() if k in names}
