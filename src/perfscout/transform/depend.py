"""Data dependences between array references of a loop nest, and what they forbid.

The tests are the classical ones a parallelising compiler runs on affine subscripts: per
dimension, ZIV (two constants), strong SIV (the same single loop variable with the same
coefficient gives an exact distance) and the GCD test otherwise, which either proves
independence or leaves the direction unknown (``*``). Unknown means "assume it exists": every
legality answer here errs on the side of refusing. Distinct array names are taken not to overlap
(what ``restrict`` would promise in C); the generated change says so.

Scalars are classified per loop: private (written before read in every iteration), a reduction
(only updated with ``+=``/``*=`` or ``s = s + e``), or loop-carried (anything else).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from math import gcd

from perfscout.transform.affine import Dim
from perfscout.transform.region import Ref, Region
from perfscout.transform.source import Loop

Entry = int | str  # a distance, or "*" when unknown


@dataclass(frozen=True)
class Dependence:
    """Two references to the same array that may touch the same element."""

    src: Ref
    dst: Ref
    loops: tuple[Loop, ...]  # the loops both references sit in, outermost first
    dist: tuple[Entry, ...]  # dst iteration minus src iteration, per loop

    @property
    def array(self) -> str:
        return self.src.name

    def describe(self, lp: Loop | None = None) -> str:
        """One line naming the references, their lines and the distance vector."""
        def role(r: Ref) -> str:
            return "write" if r.write and not r.read else ("update" if r.write else "read")
        src, dst, dist = self.src, self.dst, list(self.dist)
        first = next((d for d in dist if isinstance(d, int) and d != 0), 0)
        if isinstance(first, int) and first < 0:  # say it in execution order
            src, dst = dst, src
            dist = [-d if isinstance(d, int) else d for d in dist]
        pair = (f"{src.text} ({role(src)}, line {src.line})" if src is dst else
                f"{src.text} ({role(src)}, line {src.line}) then "
                f"{dst.text} ({role(dst)}, line {dst.line})")
        vec = ", ".join(f"{lp_.var}:{d}" for lp_, d in zip(self.loops, dist, strict=True))
        where = f", carried by loop {lp.var} (line {lp.line})" if lp is not None else ""
        why = ""
        if not (src.fits and dst.fits):
            why = (" (a column index of the linear subscript may run past the row length, "
                   "so rows may overlap)")
        elif src.dims is None or dst.dims is None:
            why = " (a subscript is not affine in the loop variables)"
        return f"dependence on {self.array}: {pair}, distance ({vec}){where}{why}"

    def directions(self) -> set[tuple[int, ...]]:
        """The possible direction vectors (-1/0/1 per loop), each made lexicographically
        positive; the all-zero vector (same iteration) is left out."""
        choices = [(1 if d > 0 else -1 if d < 0 else 0,) if isinstance(d, int) else (-1, 0, 1)
                   for d in self.dist]
        out: set[tuple[int, ...]] = set()
        for v in itertools.product(*choices):
            first = next((x for x in v if x), 0)
            if first == 0:
                continue
            out.add(v if first > 0 else tuple(-x for x in v))
        return out


def _common(a: tuple[Loop, ...], b: tuple[Loop, ...]) -> tuple[Loop, ...]:
    out = []
    for x, y in zip(a, b, strict=False):
        if x is not y:
            break
        out.append(x)
    return tuple(out)


def _distance(a: Ref, b: Ref, loops: tuple[Loop, ...], outer: frozenset[str] = frozenset()
              ) -> tuple[Entry, ...] | None:
    """Distance vector over ``loops`` from ``a`` to ``b``; None when they never overlap.
    Variables of ``outer`` loops hold one value while both references run: equal terms in
    them cancel."""
    common = {lp.var for lp in loops}
    if a.dims is not None and a.dims == b.dims and not (a.fits and b.fits):
        # one linear subscript, written the same in both, whose rows may overlap: equal
        # values when the one common loop variable in it is equal (its stride is a size)
        moving = {v for d in a.dims for v in d.vars} - outer
        if len(moving) == 1 and moving <= common:
            return tuple(0 if lp.var in moving else "*" for lp in loops)
        return tuple("*" for _ in loops)
    if a.dims is None or b.dims is None or len(a.dims) != len(b.dims) or not (
            a.fits and b.fits):
        # not affine, or a linear subscript whose column may spill into the next row
        return tuple("*" for _ in loops)
    dist: dict[str, Entry] = {}
    for da, db in zip(a.dims, b.dims, strict=True):
        got = _dim_distance(_cancel(da, db, outer), _cancel(db, da, outer), common)
        if got is None:
            return None
        for v, d in got.items():
            prev = dist.get(v)
            if prev is None or prev == "*":
                dist[v] = d if prev is None else "*"
            elif d != "*" and d != prev:
                return None  # two exact distances that disagree: never the same element
    # in execution order: a loop counting down runs its larger index first
    return tuple(_in_order(dist.get(lp.var, "*"), lp) for lp in loops)


def _in_order(d: Entry, lp: Loop) -> Entry:
    return -d if lp.down < 0 and isinstance(d, int) else d


def _cancel(d: Dim, other: Dim, outer: frozenset[str]) -> Dim:
    keep = tuple((v, c) for v, c in d.coefs if not (v in outer and other.vars.get(v) == c))
    return Dim(keep, d.const, d.stride, d.sym)


def _dim_distance(da: Dim, db: Dim, common: set[str]) -> dict[str, Entry] | None:
    va, vb = da.vars, db.vars
    if da.sym != db.sym:  # v[0] against v[n - 1]: equal for some n, pinning no loop
        return {v: "*" for v in {*va, *vb} if v in common}
    if not va and not vb:
        return {} if da.const == db.const else None
    if len(va) == 1 and va.keys() == vb.keys() and next(iter(va)) in common and va == vb:
        (v, c), = va.items()
        diff = da.const - db.const
        if diff % c:
            return None
        return {v: diff // c}
    g = 0
    for c in [*va.values(), *vb.values()]:
        g = gcd(g, abs(c))
    if g and (db.const - da.const) % g:
        return None
    return {v: "*" for v in {*va, *vb} if v in common}


def dependences(region: Region) -> list[Dependence]:
    """Every pair of references to one array, at least one a write, that may overlap."""
    out: list[Dependence] = []
    refs = region.refs
    for i, a in enumerate(refs):
        for b in refs[i:]:
            if a.name != b.name or not (a.write or b.write):
                continue
            loops = _common(a.loops, b.loops)
            dist = _distance(a, b, loops, region.outer_vars)
            if dist is None:
                continue
            dep = Dependence(a, b, loops, dist)
            if dep.directions():
                out.append(dep)
    return out


def carried(deps: list[Dependence], lp: Loop) -> list[Dependence]:
    """Dependences carried by ``lp``: same iteration of every loop outside it, a later one
    of ``lp``."""
    out = []
    for d in deps:
        if lp not in d.loops:
            continue
        p = d.loops.index(lp)
        if any(all(x == 0 for x in v[:p]) and v[p] == 1 for v in d.directions()):
            out.append(d)
    return out


def order_violation(deps: list[Dependence], order: list[Loop]) -> Dependence | None:
    """The first dependence a loop order would reverse; None when the order is legal."""
    for d in deps:
        pos = [d.loops.index(lp) for lp in order if lp in d.loops]
        for v in d.directions():
            pv = [v[p] for p in pos]
            first = next((x for x in pv if x), 0)
            if first < 0:
                return d
    return None


@dataclass(frozen=True)
class Scalars:
    """How the scalars written inside a loop behave across its iterations."""

    reductions: dict[str, str]  # name -> operator (+, *)
    private: tuple[str, ...]
    carried: tuple[str, ...]  # one line each: why the value flows between iterations


def scalars(region: Region, lp: Loop) -> Scalars:
    """Classify every scalar written inside ``lp`` (its own induction variable excluded)."""
    inner = [e for e in region.events if lp in e.loops]
    reds: dict[str, str] = {}
    private: list[str] = []
    bad: list[str] = []
    for name in dict.fromkeys(e.name for e in inner):
        if name == lp.var or lp in region.declared.get(name, ()):
            continue
        evs = [e for e in inner if e.name == name]
        writes = [e for e in evs if e.kind in ("def", "red")]
        if not writes:
            continue
        ops = {e.op for e in evs if e.kind == "red"}
        if all(e.kind == "red" for e in evs) and len(ops) == 1:
            reds[name] = ops.pop()
            continue
        first = evs[0]
        n = len(first.loops)
        if first.kind == "def" and first.direct and all(
                len(e.loops) >= n and all(x is y for x, y in zip(e.loops, first.loops,
                                                                  strict=False))
                for e in evs):
            private.append(name)
            continue
        use = next((e for e in evs if e.kind in ("use", "red")), first)
        upd = next((e for e in evs if e.kind in ("def", "red")), first)
        bad.append(f"scalar {name} is written at line {upd.line} and read at line {use.line} "
                   f"in another iteration of loop {lp.var} (line {lp.line}): a loop-carried "
                   "dependence")
    return Scalars(reds, tuple(private), tuple(bad))
