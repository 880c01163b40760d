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
   preferred value, in the evidence's rank order. The evidence's share is *earned*: a phase
   goes on only while its evaluations gain (beat the best by more than the noise, ``tie``);
   ``lease`` of them in a row without a gain hand the search off. Handed off: the incumbent
   with the parameters no finding spoke to redrawn together at random (on a lease too); the
   incumbent with each parameter moved, one at a time, to the values the evidence did not
   prefer; random draws over the full space (TPE's start-up, so the sampler that takes over
   does not model a history that is nearly all region); then nothing — the study's own
   sampler (TPE over the full space) continues with every trial so far as its history.

Why the lease: a wrong prior on two parameters that interact (``conv1d``: the loop order and
the block both fixed at the baseline's, the best needs both changed) cannot be escaped by
walking the region or by one-at-a-time moves; the walk spent the region and the widening
before TPE's first sample, 2.4x TPE's evaluations. A phase that stops gaining now hands off
after one line-search cycle of failed moves, and the silent parameters (fixed for want
of a finding, which says nothing about their interaction either) are searched jointly.

Why the silent lines first when a finding is unaddressed (no parameter of the space has a role
it names): the region was then built from the other findings alone, and the problem that
finding reports can only be acted on by the parameters no finding spoke to (``gather_hp``: a
cache finding over a space with no order or tile; huge pages and the prefetch distance decide
it, and the walk over the region spent 10 evaluations on gains that were noise). Why the flag
sets' ISA reach in the first choice: a wide SIMD width preferred beside a portable ISA level
that lacks it builds the narrower code (``poly_simd``: width 512 under x86-64-v3).

Why not only TPE's start-up: the evidence confined to the start-up slots, interleaved with
random draws, cost each right-evidence table its interleave share, and a start-up that is not
random does not leave TPE the same algorithm afterwards (docs/tune.md has the figures).

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
import itertools
import json
import math
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from perfscout.model.findings import Finding
from perfscout.model.isa import avx512, x86_isa
from perfscout.model.snapshot import PlatformSnapshot
from perfscout.tune.narrow import ROLES_FOR_FINDING, VECTORIZING, _flag_ok, narrow
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
    #: findings no parameter of the space can act on (none has a role they name)
    unaddressed: tuple[str, ...] = ()

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
                "first_choice": dict(self.first), "region_size": self.region.size(),
                "unaddressed": list(self.unaddressed)}


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
    findings = list(findings)
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
    roles = {p.role for p in full.params if len(p.choices()) > 1}
    unaddressed = tuple(dict.fromkeys(
        f.id for f in findings if ROLES_FOR_FINDING.get(f.id)
        and not roles.intersection(ROLES_FOR_FINDING[f.id])))
    return Prior(full, region, tuple(prefs), tuple(removed),
                 first if full.feasible(first) else {}, unaddressed)


def _vectorizing_count(flagset: Any) -> int:
    return sum(1 for f in str(flagset).split() if f.startswith(VECTORIZING))


NATIVE = ("-march=native", "-mcpu=native", "-xHost")


def isa_reach(flagset: Any) -> int:
    """How much of the CPU's vector ISA a flag set lets the compiler use: 3 the machine's whole
    ISA (``-march=native``: what the tuned machine has, at least any portable level it can run,
    since :func:`hard_limits` already removed what it cannot), 2 an AVX-512 level, 1 another
    named x86 ISA (``x86-64-v3``, ``-mavx2``...), 0 the compiler's default target."""
    flags = str(flagset).split()
    if any(f in NATIVE for f in flags):
        return 3
    if avx512(flags):
        return 2
    return 1 if x86_isa(flags) else 0


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
        return sorted(vals, key=lambda v: (-_vectorizing_count(v), -isa_reach(v),
                                           len(str(v).split())))
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


#: full-space draws after the evidence's phases: Optuna's TPE start-up length, so the sampler
#: that takes over models a history that also covers the whole space, not only the region
STARTUP = 10
#: the silent parameters' joint values are listed up to this many, sampled beyond
SILENT_GRID = 4096


@dataclass
class GuidedProposer:
    """Proposes the next point to enqueue, or None to let the study's sampler choose.

    The evidence's share of the budget is *earned* (the hand-off rule): its phases go on only
    while the evaluations they bring gain, i.e. beat the best so far by more than ``tie`` (the
    noise); ``lease`` evaluations in a row without a gain end the phase in force. Phases:
    the first choice; the walk over the preferred region (also over when it reaches a local
    optimum or ``region_share`` of the budget); then, handed off, the incumbent with the
    parameters no finding spoke to redrawn together at random (a silent prior is no evidence,
    least of all about how those parameters interact), again on a lease; the incumbent with
    each parameter moved alone to the values the evidence did not prefer; ``startup``
    random draws over the full space; then the study's sampler (TPE over the full space)
    with every trial so far as its history.

    Feed it every finished evaluation (:meth:`observe`), including ones it did not propose.
    Every phase switch is decided in :meth:`observe` from the history alone, so
    :meth:`from_history` rebuilds the guide after a restart where the live one was.
    """

    prior: Prior
    budget: int
    seed: int = 0
    region_share: float = 0.25
    history: dict[str, float | None] = field(default_factory=dict)
    direction: str = "minimize"
    #: points within this fraction of the region's best are contenders too: on a flat top
    #: the measured order of near-equal points is noise, so the walk goes on from each of them;
    #: an evaluation gains only when it beats the best by more than this fraction
    tie: float = 0.02
    #: evaluations in a row without a gain that end an evidence phase; None: the moves of one
    #: line-search cycle from a point (each free region parameter's other values; at least 2),
    #: so every parameter's line is tried once before the walk can be judged (blur3: a lease
    #: of one move per parameter ran out before the flags line, where the best was)
    lease: int | None = None
    startup: int = STARTUP
    #: the region walk's parameter (index among the region's multi-valued parameters)
    _cursor: int = 0
    _first_done: bool = False
    _region_done: int = 0
    _best: float | None = None
    _since_gain: int = 0
    #: the phase in force: region, silent (redraws), widen, startup, sampler
    phase: str = "region"
    _drawn: int = 0

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

    @property
    def lease_len(self) -> int:
        if self.lease is not None:
            return self.lease
        return max(2, sum(len(p.choices()) - 1 for p in self._walk_params()))

    def _walk_params(self) -> list[Param]:
        """The parameters the walk searches, line by line: the region's multi-valued ones;
        first, when a finding names no role the space has (:attr:`Prior.unaddressed`), the
        silent parameters too (their listed order, the baseline first): the evidence then
        says the problem lies outside what the region varies, and those parameters are the
        only ones left that could act on it (``gather_hp``: a TLB-bound gather whose cache
        finding names loop orders and tiles, which the space has none of; huge pages and the
        prefetch distance, both silent, decide it)."""
        region = [p for p in self.prior.region.params if len(p.choices()) > 1]
        return [*(self.prior.space.param(n) for n in self._walked_silent()), *region]

    def _walked_silent(self) -> list[str]:
        return self._silent_names() if self.prior.unaddressed else []

    def _in_region(self, point: Mapping[str, Any]) -> bool:
        """Whether ``point`` is in the region the walk searches (walked silent parameters
        at any value)."""
        free = set(self._walked_silent())
        fx = self.prior.region.fixed_values()
        if any(n in point and n not in free and point[n] != v for n, v in fx.items()):
            return False
        return all(p.name not in point or p.name in free or point[p.name] in p.choices()
                   for p in self.prior.region.params)

    def observe(self, point: Mapping[str, Any], value: float | None) -> None:
        """Record one finished evaluation (``value`` None: failed) and decide the phase."""
        k = _key(point)
        if k in self.history:
            self.history[k] = value
            return
        self.history[k] = value
        if self._in_region(point):
            self._walked_along(point)
            self._region_done += 1
        self._count_gain(value)
        if self.phase == "startup":
            self._drawn += 1
        self._next_phase()

    def _count_gain(self, value: float | None) -> None:
        sign = 1.0 if self.direction == "minimize" else -1.0
        best = self._best
        if best is None:
            self._best = value
            return
        gain = value is not None and sign * (best - value) > self.tie * abs(best)
        if value is not None and sign * (best - value) > 0:
            self._best = value
        self._since_gain = 0 if gain else self._since_gain + 1

    def _next_phase(self) -> None:
        """The hand-off rule: an evidence phase ends when its lease is spent (``lease``
        evaluations in a row without a gain) or it has nothing left to propose."""
        spent = self._since_gain >= self.lease_len
        if self.phase == "region" and (spent or self._region_done >= self.phase1_len
                                       or self._descend() is None):
            self.phase, self._since_gain = "silent", 0
            spent = False
        if self.phase == "silent" and (spent or self._silent() is None):
            self.phase = "widen"
        if self.phase == "widen" and self._widen() is None:
            self.phase = "startup"
        if self.phase == "startup" and self._drawn >= self.startup:
            self.phase = "sampler"

    def propose(self) -> tuple[dict[str, Any], str] | None:
        """The next point with the phase that chose it, or None (the study's sampler's turn)."""
        first = self._restrict(self.prior.first) if self.prior.first else {}
        if first and not self._first_done:
            self._first_done = True
            if _key(first) not in self.history:
                return first, "the evidence's first choice"
        if not self.history:
            return None
        if self.phase == "region":
            step = self._descend()
            if step is not None:
                return step, "neighbour of a region contender (evidence-ranked)"
        if self.phase in ("region", "silent"):
            got = self._silent()
            if got is not None:
                return got, ("incumbent with the parameters no finding spoke to redrawn "
                             "together (hand-off)")
        if self.phase in ("region", "silent", "widen"):
            w = self._widen()
            if w is not None:
                return w
        if self.phase != "sampler" and self._drawn < self.startup:
            return self._draw()
        return None

    def _silent_names(self) -> list[str]:
        """The parameters fixed at the baseline's value for want of a finding."""
        return [p.param for p in self.prior.preferences
                if p.reason.startswith("no finding points at")
                and len(self.prior.space.param(p.param).choices()) > 1]

    def _rng(self) -> random.Random:
        """Seeded by the seed and the history's length: a rebuilt guide draws the same."""
        return random.Random(f"{self.seed}:{len(self.history)}")

    def _silent(self) -> dict[str, Any] | None:
        """The incumbent with every silent parameter redrawn at random (unmeasured only)."""
        names = self._silent_names()
        inc = self.incumbent()
        if not names or inc is None:
            return None
        space = self.prior.space
        rng = self._rng()
        values = [space.param(n).choices() for n in names]
        if math.prod(len(v) for v in values) <= SILENT_GRID:
            combos: Iterable[tuple[Any, ...]] = itertools.product(*values)
        else:  # too many to list: as many random combinations as a listed grid would hold
            combos = [tuple(rng.choice(v) for v in values) for _ in range(SILENT_GRID)]
        cands = []
        for vals in combos:
            cand = self._restrict({**space.fixed_values(), **inc, **dict(zip(names, vals,
                                                                             strict=True))})
            if _key(cand) not in self.history and space.feasible(cand):
                cands.append(cand)
        return rng.choice(cands) if cands else None

    def _draw(self) -> tuple[dict[str, Any], str] | None:
        """A random unmeasured point of the full space (the sampler's start-up, as TPE's)."""
        rng = self._rng()
        space = self.prior.space
        for _ in range(200):
            cand = self._restrict({**space.fixed_values(),
                                   **{p.name: rng.choice(list(p.choices()))
                                      for p in space.params}})
            if _key(cand) not in self.history and space.feasible(cand):
                return cand, "full-space start-up draw (hand-off)"
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
        params = self._walk_params()
        silent = set(self._walked_silent())
        for step in range(len(params)):
            at = (self._cursor + step) % len(params)
            p = params[at]
            cont = self.contenders(region_only=True)
            for v in p.choices() if p.name in silent else ranked(p, p.choices()):
                for inc in cont:
                    if inc.get(p.name) == v:
                        continue
                    cand = self._restrict({**region.fixed_values(), **inc, p.name: v})
                    if _key(cand) in self.history or not self.prior.space.feasible(cand):
                        continue
                    return cand
        return None

    def _walked_along(self, point: Mapping[str, Any]) -> None:
        """Move the walk's cursor to the parameter ``point`` was a step along: the cursor's
        own if it was one, else the next such parameter cyclically. Set here, from the
        history alone, so a guide rebuilt after a restart walks on as the live one would."""
        params = [p.name for p in self._walk_params()]
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
                if k in self.history or not self.prior.space.feasible(cand):
                    continue
                return cand, f"incumbent with {p.name}={v!r} (outside the preferred values)"
        return None

