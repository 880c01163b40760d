"""Evidence as a prior, not a prune: the findings order the search, the full space stays reachable.

A heuristic that cuts the space (tiles that fit L2, j-innermost orders, vectorizing flag sets)
turns into a liability the day it is wrong: the optimum is gone and no budget brings it back.
Here the evidence only decides *what is tried first*:

1. :func:`hard_limits` removes only what the evidence proves cannot work: flag sets the CPU or
   the compiler cannot take (:mod:`perfscout.model.isa`), thread counts above the allowed cores.
   (A configuration that fails to build or run is failed once and never measured again.)
2. :func:`evidence_prior` builds the *preferred region* over that space with :func:`narrow`
   (each preference keeps its reason), the evidence's first choice (:func:`first_choice`: each
   parameter at the value :func:`ranked` puts first) and, per parameter, the *candidates* the
   first design measures (:mod:`perfscout.tune.candidates`: the first choice, the L1 tile, the
   baseline, the extremes, the other preferred values; each with its reason).
3. :class:`perfscout.tune.design.DesignProposer` measures that design, then hands the full
   space to the study's sampler with the design as its history.

Why the flag sets' ISA reach in the first choice: a wide SIMD width preferred beside a portable
ISA level that lacks it builds the narrower code (``poly_simd``: width 512 under x86-64-v3).
Why a design of candidates and not a walk from one preferred point: docs/tune.md.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from perfscout.model.findings import Finding
from perfscout.model.isa import avx512, x86_isa
from perfscout.model.snapshot import PlatformSnapshot
from perfscout.tune.candidates import DESIGN_MAX, Candidate, candidates, trim
from perfscout.tune.narrow import ROLES_FOR_FINDING, SILENT, VECTORIZING, _flag_ok, narrow
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
    #: per parameter, the values the first design measures, first choice first, each with
    #: its reason (:mod:`perfscout.tune.candidates`)
    candidates: Mapping[str, tuple[Candidate, ...]] = field(default_factory=dict)

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
                "unaddressed": list(self.unaddressed),
                "candidates": {n: [{"value": c.value, "reason": c.reason} for c in cs]
                               for n, cs in self.candidates.items()}}


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
    ok = full.feasible(first)
    every = {p.name: candidates(
        p, ([first[p.name]] if ok and p.name in first else [])
        + ranked(p, next(q.values for q in prefs if q.param == p.name)),
        next(q.reason for q in prefs if q.param == p.name), snapshot) for p in full.params}
    silent = [q for q in prefs if q.reason.startswith(SILENT) and len(every[q.param]) > 1]
    # the silent parameters' joint move (design.silent_joint) takes one of the design's slots,
    # and each ordered parameter with values no candidate names keeps one for its bracketing
    # move (design.DesignProposer: the gap beside its best-measured value)
    ordered = sum(1 for p in full.params if _numeric_values(p.choices())
                  and len(p.choices()) > len(every[p.name]))
    cands = trim(every, DESIGN_MAX - (1 if len(silent) > 1 else 0) - ordered)
    return Prior(full, region, tuple(prefs), tuple(removed), first if ok else {}, unaddressed,
                 cands)


def _numeric_values(values: Sequence[Any]) -> bool:
    return bool(values) and all(isinstance(v, (int, float)) and not isinstance(v, bool)
                                for v in values)


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
