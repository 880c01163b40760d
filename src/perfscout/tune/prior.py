"""Evidence as a prior, not a prune: the findings order the search, the full space stays reachable.

A heuristic that cuts the space (tiles that fit L2, j-innermost orders, vectorizing flag sets)
turns into a liability the day it is wrong: the optimum is gone and no budget brings it back.
Here the evidence only decides *what is tried first*:

1. :func:`hard_limits` removes only what the evidence proves cannot work: flag sets the CPU or
   the compiler cannot take (:mod:`perfscout.model.isa`), thread counts above the allowed cores.
   (A configuration that fails to build or run is failed once and never measured again.)
2. :func:`evidence_prior` builds the *preferred region* over that space with :func:`narrow`
   (each preference keeps its reason) and the per-parameter preferences.
3. :class:`GuidedProposer` proposes the points the study enqueues (``study.enqueue_trial``),
   in phases: the evidence's first choice (:func:`first_choice`: each parameter at the value
   :func:`ranked` puts first); then a walk over the preferred region: each *contender* (a
   point within ``tie`` of the region's best, best first) with one parameter moved to another
   preferred value, in the evidence's rank order, until every contender's neighbours are
   measured; then a TPE search inside the region, which hands over once its best stalls; all
   of it within a share of the budget. Then the incumbent with each parameter moved, one at a
   time, to the values the evidence did not prefer (a wrong heuristic on one parameter costs a
   few evaluations, not the optimum); then nothing — the study's own sampler (TPE over the
   full space) continues with every trial so far as its history.

Why the walk: inside the region the evidence ranks values per parameter but says nothing
about how they interact, and a TPE start inside it is a handful of random draws — on a
flat-topped table (several points within a few percent, run-to-run spread larger than the
gaps) it finds the near-best points at about their density's rate. The walk spends one
evaluation per (parameter, value) around the best points and follows them, so it climbs a
ridge the first choice stands near; with ties kept as contenders, a 0.2% "loss" that is noise
does not stop it.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import optuna
from optuna.trial import TrialState

from perfscout.model.findings import Finding
from perfscout.model.snapshot import PlatformSnapshot
from perfscout.tune.narrow import VECTORIZING, _flag_ok, narrow
from perfscout.tune.optuna_bridge import distributions
from perfscout.tune.space import Param, Space


@dataclass(frozen=True)
class Preference:
    """The values of one parameter the evidence prefers (tried first), with the reason."""

    param: str
    values: tuple[Any, ...]
    reason: str


@dataclass(frozen=True)
class Prior:
    """The searched space (only proven-impossible values removed) and the preferred region."""

    space: Space
    region: Space
    preferences: tuple[Preference, ...]
    removed: tuple[str, ...] = ()
    #: the single point tried first (each parameter at its top-ranked preferred value)
    first: Mapping[str, Any] = field(default_factory=dict)

    def preferred(self, name: str) -> tuple[Any, ...]:
        for p in self.preferences:
            if p.param == name:
                return p.values
        return ()

    def describe(self) -> dict[str, Any]:
        """For --json and the report: what is searched, what is tried first and why."""
        return {"space": self.space.describe(), "removed": list(self.removed),
                "preferences": [{"param": p.param, "values": list(p.values),
                                 "reason": p.reason} for p in self.preferences],
                "first_choice": dict(self.first), "region_size": self.region.size()}


def allowed_cores(snapshot: PlatformSnapshot | None, affinity: int | None = None) -> int | None:
    """The cores a run may use: the snapshot's online CPUs (physical cores with SMT off), and
    at most the process's affinity when given."""
    cores = None
    if snapshot is not None:
        cores = snapshot.cpu.online_cpus or snapshot.cpu.cores
    if affinity:
        cores = affinity if cores is None else min(cores, affinity)
    return cores


def hard_limits(space: Space, snapshot: PlatformSnapshot | None,
                cores: int | None = None) -> tuple[Space, list[str]]:
    """``space`` without what provably cannot work on this machine, and what was removed."""
    removed: list[str] = []
    params: list[Param] = []
    for p in space.params:
        q = p
        if p.role == "compiler_flags" and p.values:
            bad = {v: _flag_ok(str(v), snapshot)[1] for v in p.values
                   if not _flag_ok(str(v), snapshot)[0]}
            if bad and len(bad) < len(p.values):
                q = dataclasses.replace(q, values=tuple(v for v in p.values if v not in bad))
                removed += [f"{p.name}={v!r}: {why}" for v, why in bad.items()]
        if p.role in ("threads", "ranks") and cores:
            if p.values:
                over = [v for v in p.values if int(v) > cores]
                if over and len(over) < len(p.values):
                    q = dataclasses.replace(q, values=tuple(v for v in p.values
                                                            if int(v) <= cores))
                    removed += [f"{p.name}={v}: more than the {cores} allowed cores"
                                for v in over]
            elif p.high is not None and p.low is not None and p.high > cores >= p.low:
                q = dataclasses.replace(q, high=float(cores))
                removed.append(f"{p.name} > {cores}: more than the allowed cores")
        params.append(q)
    return dataclasses.replace(space, params=tuple(params)), removed


def evidence_prior(findings: Iterable[Finding], snapshot: PlatformSnapshot | None, space: Space,
                   *, cores: int | None = None) -> Prior:
    """The prior the findings give over ``space`` (see the module docstring)."""
    full, removed = hard_limits(space, snapshot, cores if cores else allowed_cores(snapshot))
    region = _tie_to_written(narrow(list(findings), snapshot, full))
    prefs: list[Preference] = []
    fixed = {f.name: f for f in region.fixed}
    for p in full.params:
        if p.name in fixed:
            f = fixed[p.name]
            prefs.append(Preference(p.name, (f.value,), f.reason))
            continue
        q = region.param(p.name)
        why = q.reason or "no narrowing"
        prefs.append(Preference(p.name, tuple(q.choices()), why))
    first = first_choice(full, prefs)
    return Prior(full, region, tuple(prefs), tuple(removed),
                 first if full.feasible(first) else {})


def _vectorizing_count(flagset: Any) -> int:
    return sum(1 for f in str(flagset).split() if f.startswith(VECTORIZING))


def ranked(p: Param, values: Sequence[Any]) -> list[Any]:
    """``values`` of ``p`` in the order the evidence ranks them, best first.

    Per role: tiles largest first (fewest loop overheads while the blocks the narrowing kept
    still fit), unroll factors, SIMD widths and thread/rank counts largest first (what a
    vectorization or bandwidth finding asks for more of), flag sets with the most
    vectorizer/ISA flags first (ties: the fewest flags, so no semantics-changing extra such as
    -ffast-math), and otherwise the listed order (a loop order's unit-stride order, a baseline
    value)."""
    vals = list(values)
    numeric = all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in vals)
    if p.role in ("tile", "unroll", "simd_width", "threads", "ranks") and numeric:
        return sorted(vals, key=lambda v: -float(v))
    if p.role == "compiler_flags":
        return sorted(vals, key=lambda v: (-_vectorizing_count(v), len(str(v).split())))
    return vals


def first_choice(space: Space, prefs: Sequence[Preference]) -> dict[str, Any]:
    """The point the evidence ranks first, tried before any sampling: each parameter at the
    preferred value :func:`ranked` puts first. One evaluation: a wrong first choice costs one
    trial, the search goes on from there."""
    out: dict[str, Any] = {}
    by = {p.param: p.values for p in prefs}
    for p in space.params:
        vals = by.get(p.name) or p.choices()
        if vals:
            out[p.name] = ranked(p, vals)[0]
    return {**space.fixed_values(), **out}


def _tie_to_written(region: Space) -> Space:
    """A loop order the body's vote left open prefers the written array's unit stride."""
    params = []
    for p in region.params:
        if p.role == "loop_order" and p.written and not p.contiguous:
            inner = tuple(v for v in p.values if str(v).endswith(p.written))
            if inner and len(inner) < len(p.values):
                p = dataclasses.replace(p, values=inner, reason=(
                    f"{p.reason}; the tie goes to the written array's unit-stride index "
                    f"{p.written!r} (a strided store reads each line for ownership)"))
        params.append(p)
    return dataclasses.replace(region, params=tuple(params))


def _key(point: Mapping[str, Any]) -> str:
    return json.dumps(dict(sorted(point.items())), sort_keys=True, default=str)


MIN_REGION = 8


@dataclass
class GuidedProposer:
    """Proposes the next point to enqueue, or None to let the study's sampler choose.

    Feed it every finished evaluation (:meth:`observe`), including ones it did not propose;
    :meth:`from_history` rebuilds it after a restart (the walk is a function of the history,
    so it resumes where it was). ``region_share`` of the budget bounds the region's phases (at
    least 8 trials, at most the region); its TPE part ends early once the region's best has not
    improved for ``patience`` of its trials (after ``MIN_REGION``).
    """

    prior: Prior
    budget: int
    seed: int = 0
    region_share: float = 0.25
    history: dict[str, float | None] = field(default_factory=dict)
    direction: str = "minimize"
    _sub: optuna.Study | None = None
    _pending: dict[str, int] = field(default_factory=dict)
    _region_done: int = 0
    _widened: set[str] = field(default_factory=set)
    _region_best: float | None = None
    _since_better: int = 0
    _first_done: bool = False
    #: the region walk's parameter (index among the region's multi-valued parameters)
    _cursor: int = 0
    #: phase 1 also ends when this many region trials in a row did not improve its best
    #: (after at least MIN_REGION): a region whose best stalls hands over early
    patience: int = 6
    #: points within this fraction of the region's best are contenders too: on a flat top
    #: the measured order of near-equal points is noise, so the walk goes on from each of them
    tie: float = 0.02

    def __post_init__(self) -> None:
        self._sub = optuna.create_study(
            direction="minimize" if self.direction == "minimize" else "maximize",
            sampler=optuna.samplers.TPESampler(seed=self.seed))

    @classmethod
    def from_history(cls, prior: Prior, budget: int, history: Sequence[tuple[Mapping[str, Any],
                     float | None]], *, seed: int = 0, direction: str = "minimize"
                     ) -> GuidedProposer:
        g = cls(prior, budget, seed, direction=direction)
        for point, value in history:
            g.observe(point, value)
        return g

    @property
    def phase1_len(self) -> int:
        size = self.prior.region.size() or 0
        return min(size, max(8, int(self.budget * self.region_share)))

    def _in_region(self, point: Mapping[str, Any]) -> bool:
        fx = self.prior.region.fixed_values()
        if any(n in point and point[n] != v for n, v in fx.items()):
            return False
        return all(p.name not in point or point[p.name] in p.choices()
                   for p in self.prior.region.params)

    def observe(self, point: Mapping[str, Any], value: float | None) -> None:
        """Record one finished evaluation (``value`` None: failed)."""
        k = _key(point)
        first = k not in self.history
        self.history[k] = value
        if first and self._in_region(point):
            self._walked_along(point)
            self._region_done += 1
            self._tell_sub(point, value)
            better = value is not None and (
                self._region_best is None or (value < self._region_best
                                              if self.direction == "minimize"
                                              else value > self._region_best))
            self._since_better = 0 if better else self._since_better + 1
            if better:
                self._region_best = value

    def _tell_sub(self, point: Mapping[str, Any], value: float | None) -> None:
        assert self._sub is not None
        k = _key(point)
        num = self._pending.pop(k, None)
        if num is None:  # measured without being proposed here: give the sub-study the fact
            dists = _dists(self.prior.region)
            params = {n: point[n] for n in dists if n in point}
            if len(params) < len(dists):
                return
            t = optuna.trial.create_trial(
                params=params, distributions=dists, value=value,
                state=TrialState.COMPLETE if value is not None else TrialState.FAIL)
            self._sub.add_trial(t)
            return
        if value is None:
            self._sub.tell(num, state=TrialState.FAIL)
        else:
            self._sub.tell(num, value)

    def propose(self) -> tuple[dict[str, Any], str] | None:
        """The next point with the phase that chose it, or None (the study's sampler's turn)."""
        first = self._restrict(self.prior.first) if self.prior.first else {}
        if first and not self._first_done:
            self._first_done = True
            if _key(first) not in self.history:
                return first, "the evidence's first choice"
        if self._region_done < self.phase1_len:
            step = self._descend()
            if step is not None:
                return step, "neighbour of a region contender (evidence-ranked)"
        stalled = self._region_done >= MIN_REGION and self._since_better >= self.patience
        if self._region_done < self.phase1_len and not stalled:
            got = self._from_region()
            if got is not None:
                return got, "preferred region (evidence)"
        return self._widen()

    def _from_region(self) -> dict[str, Any] | None:
        assert self._sub is not None
        dists = _dists(self.prior.region)
        fixed = self.prior.region.fixed_values()
        for _ in range(50):
            t = self._sub.ask(dists)
            point = {**fixed, **t.params}
            if not self.prior.region.feasible(point):
                self._sub.tell(t, state=TrialState.PRUNED)
                continue
            mine = self._restrict(point)
            k = _key(mine)
            if k in self.history:
                v = self.history[k]
                self._sub.tell(t, v) if v is not None else self._sub.tell(
                    t, state=TrialState.FAIL)
                continue
            self._pending[k] = t.number
            return mine
        return None

    def _descend(self) -> dict[str, Any] | None:
        """The next point of the region walk: a cyclic line search over the region's
        parameters, run from every contender at once.

        The parameter at the cursor takes its preferred values in evidence rank order, each
        tried at every contender (a point within ``tie`` of the region's best, best first)
        that does not have it yet; once none is left unmeasured the cursor moves to the next
        parameter, cyclically. None once no parameter has an unmeasured move from any
        contender (a local optimum, up to the noise).

        Why a line per parameter across all contenders, not every move around the best point
        first: on a flat top the best and a point tied with it (within the run-to-run noise)
        are equally likely to be the better start, and the parameter just searched is already
        known along its line; the next parameter's values are what is unknown at both. (On
        ``stencil2d`` the old order measured five more moves around the best before the tied
        point's unroll move, which was the table's best.)"""
        region = self.prior.region
        params = [p for p in region.params if len(p.choices()) > 1]
        for step in range(len(params)):
            at = (self._cursor + step) % len(params)
            p = params[at]
            cont = self.contenders(region_only=True)
            for v in ranked(p, p.choices()):
                for inc in cont:
                    if inc.get(p.name) == v:
                        continue
                    cand = self._restrict({**region.fixed_values(), **inc, p.name: v})
                    if _key(cand) in self.history or not region.feasible(cand):
                        continue
                    return cand
        return None

    def _walked_along(self, point: Mapping[str, Any]) -> None:
        """Move the walk's cursor to the parameter ``point`` was a step along: the cursor's
        own if it was one, else the next such parameter cyclically. Set here, from the
        history alone, so a guide rebuilt after a restart walks on as the live one would."""
        params = [p.name for p in self.prior.region.params if len(p.choices()) > 1]
        along = set()
        for k in self.history:
            q = json.loads(k)
            diff = [i for i, n in enumerate(params) if q.get(n) != point.get(n)]
            if len(diff) == 1 and self._in_region(q):
                along.add(diff[0])
        if along and self._cursor not in along:
            self._cursor = min(along, key=lambda i: (i - self._cursor) % len(params))

    def contenders(self, region_only: bool = False) -> list[dict[str, Any]]:
        """The measured points within ``tie`` of the best, best first."""
        done = [(k, v) for k, v in self.history.items() if v is not None
                and (not region_only or self._in_region(json.loads(k)))]
        if not done:
            return []
        sign = 1.0 if self.direction == "minimize" else -1.0
        done.sort(key=lambda kv: sign * kv[1])
        best = done[0][1]
        return [dict(json.loads(k)) for k, v in done
                if sign * (v - best) <= self.tie * abs(best)]

    def _restrict(self, point: Mapping[str, Any]) -> dict[str, Any]:
        names = {p.name for p in self.prior.space.params} | set(self.prior.space.fixed_values())
        return {k: v for k, v in point.items() if k in names}

    def incumbent(self, region_only: bool = False) -> dict[str, Any] | None:
        done = [(k, v) for k, v in self.history.items() if v is not None
                and (not region_only or self._in_region(json.loads(k)))]
        if not done:
            return None
        pick = min if self.direction == "minimize" else max
        k, _ = pick(done, key=lambda kv: kv[1])
        return dict(json.loads(k))

    def _widen(self) -> tuple[dict[str, Any], str] | None:
        inc = self.incumbent()
        if inc is None:
            return None
        for p in self.prior.space.params:
            pref = self.prior.preferred(p.name)
            for v in p.choices():
                if v in pref:
                    continue
                cand = self._restrict({**self.prior.space.fixed_values(), **inc, p.name: v})
                k = _key(cand)
                if k in self.history or k in self._widened or not self.prior.space.feasible(
                        cand):
                    continue
                self._widened.add(k)
                return cand, f"incumbent with {p.name}={v!r} (outside the preferred values)"
        return None


def _dists(space: Space) -> dict[str, Any]:
    return dict(distributions(space))
