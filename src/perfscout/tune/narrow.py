"""Narrow a search space to the parameters and ranges the evidence points at.

Each finding id names the parameter roles worth searching (a bandwidth-bound triad tunes threads
and binding, not SIMD width; a cache-locality finding tunes loop order and tiles; an MPI-wait
finding tunes ranks x threads and the decomposition). Parameters no finding points at are fixed,
with the reason. Ranges are narrowed by the machine: tiles to what fits between L1 and L2, thread
counts to the cores, compiler flag sets to what the present compiler and CPU accept.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Iterable, Sequence
from typing import Any

from perfscout.model.findings import Finding
from perfscout.model.isa import flag_problem
from perfscout.model.snapshot import PlatformSnapshot
from perfscout.tune.space import Constraint, Fixed, Param, Space

ROLES_FOR_FINDING: dict[str, tuple[str, ...]] = {
    "hw.memory_bandwidth": ("threads", "binding"),
    "hw.numa_remote": ("threads", "binding"),
    "rt.affinity": ("threads", "binding"),
    "sys.oversubscription": ("threads", "ranks"),
    "sys.os_noise": ("threads", "binding"),
    "hw.cache_locality": ("loop_order", "tile"),
    "hw.vectorization": ("compiler_flags", "simd_width", "unroll"),
    "hw.compute_bound": ("compiler_flags", "simd_width", "unroll", "threads"),
    "hw.frontend": ("compiler_flags", "unroll"),
    "hw.bad_speculation": ("compiler_flags",),
    "rt.serial_fraction": ("threads",),
    "rt.region_overhead": ("threads",),
    "rt.omp_imbalance": ("chunk", "threads"),
    "rt.mpi_wait": ("ranks", "threads", "decomposition"),
    "rt.mpi_communication": ("ranks", "threads", "decomposition"),
    "alg.load_imbalance": ("ranks", "threads", "decomposition", "chunk"),
    "alg.small_messages": ("ranks", "decomposition"),
}

#: how a parameter's reason starts when no finding points at its role (its baseline is kept)
SILENT = "no finding points at"


def _flag_ok(flagset: str, snap: PlatformSnapshot | None) -> tuple[bool, str]:
    """Whether the snapshot's compiler and CPU can take ``flagset`` (model/isa.py decides)."""
    if snap is None:
        return True, ""
    why = flag_problem(str(flagset).split(), arch=snap.cpu.arch or "",
                       has_avx512f=snap.cpu.has("avx512f") if snap.cpu.isa else None,
                       vendors=[c.vendor for c in snap.compilers])
    return not why, why


def _cache_bytes(snap: PlatformSnapshot | None, level: int) -> int | None:
    if snap is None:
        return None
    for c in snap.cpu.caches:
        if c.level == level and c.kind in ("data", "unified") and c.size_bytes:
            return int(c.size_bytes)
    return None


def _pow2_floor(x: float) -> int:
    return 2 ** max(0, math.floor(math.log2(max(x, 1))))


def _tile_range(p: Param, snap: PlatformSnapshot | None, elem: int = 8) -> tuple[Param, str]:
    """Tiles whose three T x T blocks of doubles fit L2 and exceed a quarter of L1."""
    l1, l2 = _cache_bytes(snap, 1), _cache_bytes(snap, 2)
    if not l2:
        return p, "no L2 size in the snapshot: tile range kept"
    hi = _pow2_floor(math.sqrt(l2 / (3 * elem)))
    lo = _pow2_floor(math.sqrt((l1 or l2 / 16) / (4 * 3 * elem)))
    choices = [v for v in p.choices() if lo <= float(v) <= hi]
    if not choices:
        return p, f"cache-derived tile range [{lo}, {hi}] misses the given values: kept"
    why = (f"tiles in [{lo}, {hi}]: 3 blocks of {elem}-byte elements fit L2 ({l2 // 1024} KiB) "
           f"and exceed a quarter of L1 ({(l1 or 0) // 1024} KiB)")
    if p.kind in ("categorical", "ordinal"):
        return dataclasses.replace(p, values=tuple(choices), reason=why), why
    return dataclasses.replace(p, low=float(min(choices)), high=float(max(choices)),
                               reason=why), why


def _fix_value(p: Param, cores: int | None) -> tuple[Any, str]:
    """A role no finding points at keeps the baseline setting: by convention the first value
    listed (the configuration that was measured). Narrowing never changes what the evidence
    did not address. Threads are the exception: a node is run with all its cores unless a
    finding says otherwise (the threads/placement findings point at the threads role, so
    they never reach here), so threads are fixed at the largest value within the cores."""
    ch = p.choices()
    if p.role == "threads" and cores and ch:
        within = [v for v in ch if int(v) <= cores]
        if within:
            return max(within, key=int), f"all {cores} cores (the production setting)"
    return (ch[0] if ch else p.low), "its first (baseline) value"


VECTORIZING = ("-O3", "-Ofast", "-ftree-vectorize", "-ftree-loop-vectorize", "-march=", "-mcpu=",
               "-mavx", "-msse4", "-mfma", "-xHost", "-xCORE", "-qopt-zmm-usage")


def _vectorizing_flags(p: Param) -> tuple[Param, str]:
    """With a vectorization finding, the flag sets that turn on the full vectorizer or a wider
    ISA; a set with neither (plain -O1/-O2: gcc's vectorizer is off or in its very-cheap mode)
    repeats what the finding already saw fail."""
    keep = [v for v in p.choices() if any(f.startswith(VECTORIZING) for f in str(v).split())]
    if not keep or len(keep) == len(p.choices()):
        return p, "every flag set enables vectorization: all kept" if keep else \
            "no flag set enables more vectorization: all kept"
    dropped = [str(v) for v in p.choices() if v not in keep]
    why = ("flag sets that turn on the full vectorizer or a wider ISA; dropped "
           + ", ".join(repr(d) for d in dropped) + " (no full vectorizer, baseline ISA)")
    return dataclasses.replace(p, values=tuple(keep)), why


def _loop_orders(p: Param) -> tuple[Param, str]:
    """Orders whose innermost loop walks memory with unit stride (``p.contiguous``)."""
    if not p.contiguous:
        if p.contiguous_from:  # a body was read but decided nothing
            return p, f"no unit-stride index ({p.contiguous_from}): all loop orders kept"
        return p, ("no contiguous index given (`contiguous:`, `body:` or `source:`): "
                   "all loop orders kept")
    inner = [v for v in p.choices() if str(v).endswith(p.contiguous)]
    if not inner or len(inner) == len(p.choices()):
        return p, f"no order ends in the contiguous index {p.contiguous!r}: all kept"
    came = f"; {p.contiguous_from}" if p.contiguous_from else ""
    why = (f"orders whose innermost loop is {p.contiguous!r} (unit stride in the loop body"
           f"{came}): " + ", ".join(map(str, inner)))
    return dataclasses.replace(p, values=tuple(inner)), why


def narrow(findings: Iterable[Finding], snapshot: PlatformSnapshot | None, space: Space,
           *, min_confidence: float = 0.0) -> Space:
    """The part of ``space`` the findings point at, with a reason for every parameter."""
    fl = [f for f in findings if f.confidence >= min_confidence]
    roles: dict[str, list[str]] = {}
    for f in fl:
        for r in ROLES_FOR_FINDING.get(f.id, ()):
            roles.setdefault(r, []).append(f.id)
    cores = snapshot.cpu.cores if snapshot is not None else None
    if snapshot is not None and snapshot.cpu.online_cpus and snapshot.cpu.smt_on is False:
        cores = snapshot.cpu.online_cpus if cores is None else min(cores, snapshot.cpu.online_cpus)
    notes: list[str] = []
    if not roles:
        notes.append("no finding maps to a tunable role: the full space is searched")
    kept: list[Param] = []
    fixed: list[Fixed] = list(space.fixed)
    for p in space.params:
        if roles and p.role not in roles:
            v, how = _fix_value(p, cores)
            fixed.append(Fixed(p.name, v, f"{SILENT} {p.role}; fixed at {how}",
                               p.role))
            continue
        why = ("kept: " + ", ".join(sorted(set(roles[p.role])))) if roles else "no narrowing"
        q = dataclasses.replace(p, reason=why)
        if p.role == "tile":
            q, tw = _tile_range(q, snapshot)
            q = dataclasses.replace(q, reason=f"{why}; {tw}")
        if p.role == "loop_order" and "hw.cache_locality" in roles.get("loop_order", ()):
            q, ow = _loop_orders(q)
            q = dataclasses.replace(q, reason=f"{why}; {ow}")
        if p.role == "compiler_flags" and p.values:
            ok = [v for v in p.values if _flag_ok(str(v), snapshot)[0]]
            dropped = [f"{v!r} ({_flag_ok(str(v), snapshot)[1]})" for v in p.values
                       if v not in ok]
            if ok and dropped:
                q = dataclasses.replace(q, values=tuple(ok),
                                        reason=f"{why}; dropped " + ", ".join(dropped))
            if "hw.vectorization" in roles.get("compiler_flags", ()):
                q, vw = _vectorizing_flags(q)
                q = dataclasses.replace(q, reason=f"{q.reason}; {vw}")
        if (p.role == "threads" and cores and p.high is not None
                and p.kind in ("int", "pow2") and p.high > cores):
            q = dataclasses.replace(q, high=float(cores),
                                    reason=f"{q.reason}; at most {cores} cores")
        if p.role == "threads" and cores and p.values:
            vals = tuple(v for v in p.values if int(v) <= cores)
            if vals and len(vals) < len(p.values):
                q = dataclasses.replace(q, values=vals, reason=f"{q.reason}; at most {cores} cores")
        if len(q.choices()) == 1:
            fixed.append(Fixed(q.name, q.choices()[0], q.reason + " (single value left)", q.role))
            continue
        kept.append(q)
    cons = list(space.constraints)
    names = {p.name for p in kept} | {f.name for f in fixed}
    tr = [n for n in names if any(p.name == n and p.role in ("threads", "ranks")
                                  for p in space.params)]
    if cores and len(tr) == 2:
        cons.append(Constraint("product_le", tuple(sorted(tr)), float(cores),
                               f"threads x ranks <= {cores} cores"))
    if not kept:
        notes.append("every parameter got fixed; nothing left to search")
    return dataclasses.replace(space, params=tuple(kept), fixed=tuple(fixed),
                               constraints=tuple(cons), notes=(*space.notes, *notes))


def roles_of(findings: Sequence[Finding]) -> dict[str, list[str]]:
    """Which roles the findings point at (for reports)."""
    out: dict[str, list[str]] = {}
    for f in findings:
        for r in ROLES_FOR_FINDING.get(f.id, ()):
            out.setdefault(r, []).append(f.id)
    return out
