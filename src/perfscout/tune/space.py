"""Search spaces: typed parameters with roles, constraints and fixed values, each with a reason.

A parameter's *role* (from :data:`ROLES`) says what it means to the program, so narrowing derived
from findings applies to parameters it has never seen by name. YAML form::

    name: matmul
    params:
      order: {role: loop_order, kind: categorical, values: [ijk, ikj, jik, jki, kij, kji],
              source: matmul.c:29}     # or body: "C[i*n+j] += ...", or contiguous: j
      tile:  {role: tile, kind: pow2, low: 8, high: 256}
      threads: {role: threads, kind: int, low: 1, high: 2}
      flags: {role: compiler_flags, kind: categorical, values: ["-O2", "-O3 -march=native"]}
      chunk: {role: chunk, values: [1, 16], env: OMP_CHUNK}   # or define: NAME, flag: "-f..{}"
    program: prog.yaml        # the experiment spec of the user's program (default: the
                              # bundled tunable matmul); relative to this file
    constraints:
      - {kind: divides, param: tile, value: 384}
      - {kind: product_le, params: [threads, ranks], value: 2}
    fixed: {unroll: 1}
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from perfscout.files import read_structured
from perfscout.model.errors import InputError
from perfscout.model.user_data import listed, mapping, number
from perfscout.tune.stride import contiguous_of, written_of

ROLES: dict[str, str] = {
    "threads": "OpenMP thread count (OMP_NUM_THREADS)",
    "ranks": "MPI rank count (mpirun -np)",
    "binding": "thread/rank placement (OMP_PROC_BIND / launcher binding)",
    "compiler_flags": "a compiler flag set",
    "loop_order": "loop nest order",
    "tile": "tile / block size of a loop nest",
    "unroll": "unroll factor",
    "simd_width": "SIMD width or vectorization switch",
    "decomposition": "domain decomposition (process grid)",
    "chunk": "OpenMP schedule chunk size",
    "other": "anything else",
}
KINDS = ("int", "float", "categorical", "pow2", "ordinal")


@dataclass(frozen=True)
class Param:
    """One tunable parameter. ``values`` for categorical/ordinal; ``low``/``high`` otherwise."""

    name: str
    role: str
    kind: str
    values: tuple[Any, ...] = ()
    low: float | None = None
    high: float | None = None
    reason: str = ""  # why it is in the space, or how it was narrowed
    # loop_order only: the loop index that walks memory with unit stride in the loop body
    # (``j`` for row-major ``C[i][j] += A[i][k] * B[k][j]``). Orders are strings of index letters,
    # outermost first; with a cache-locality finding, narrowing keeps the orders whose innermost
    # loop is this index.
    contiguous: str = ""
    # the loop body ``contiguous`` was read from and the vote (``body:`` / ``source: FILE:LINE``
    # in YAML, see :mod:`perfscout.tune.stride`); empty when the space names the index itself
    contiguous_from: str = ""
    # how a value reaches the user's program (program spaces; otherwise by role): a
    # preprocessor define (``-DNAME=value``), an environment variable, or a flag template
    # (``"-falign-loops={}"``, appended to the build flags)
    define: str = ""
    env: str = ""
    flag: str = ""
    # loop_order only: the unit-stride index of the array the body writes (a preference for a
    # tied vote, never a cut; see :func:`perfscout.tune.stride.written_index`)
    written: str = ""

    def choices(self) -> tuple[Any, ...]:
        """Every value of a discrete parameter (pow2/int ranges are enumerated)."""
        if self.kind in ("categorical", "ordinal"):
            return self.values
        if self.kind == "pow2":
            assert self.low is not None and self.high is not None
            lo, hi = int(math.log2(self.low)), int(math.log2(self.high))
            return tuple(2**e for e in range(lo, hi + 1))
        if self.kind == "int":
            assert self.low is not None and self.high is not None
            return tuple(range(int(self.low), int(self.high) + 1))
        return ()


@dataclass(frozen=True)
class Constraint:
    """``divides``: param's value divides ``value``; ``product_le``: product of params <= value;
    ``le``: param <= value."""

    kind: str
    params: tuple[str, ...]
    value: float
    reason: str = ""

    def holds(self, point: Mapping[str, Any]) -> bool:
        raw = [point.get(p) for p in self.params]
        if any(v is None for v in raw):
            return True
        vals = [float(v) for v in raw]  # type: ignore[arg-type]
        if self.kind == "divides":
            d = int(vals[0])
            return d > 0 and int(self.value) % d == 0
        if self.kind == "product_le":
            return math.prod(vals) <= self.value
        if self.kind == "le":
            return vals[0] <= self.value
        raise InputError(f"unknown constraint kind {self.kind!r}",
                         hint="valid: divides, product_le, le")


@dataclass(frozen=True)
class Fixed:
    name: str
    value: Any
    reason: str = ""
    role: str = "other"


@dataclass(frozen=True)
class Space:
    name: str
    params: tuple[Param, ...]
    constraints: tuple[Constraint, ...] = ()
    fixed: tuple[Fixed, ...] = ()
    notes: tuple[str, ...] = field(default_factory=tuple)
    # the experiment spec of the program tuned (``program: spec.yaml``); empty: the bundled
    # tunable matmul
    program: str = ""

    def param(self, name: str) -> Param:
        for p in self.params:
            if p.name == name:
                return p
        raise KeyError(name)

    def by_role(self, role: str) -> list[Param]:
        return [p for p in self.params if p.role == role]

    def fixed_values(self) -> dict[str, Any]:
        return {f.name: f.value for f in self.fixed}

    def feasible(self, point: Mapping[str, Any]) -> bool:
        full = {**self.fixed_values(), **point}
        return all(c.holds(full) for c in self.constraints)

    def size(self) -> int | None:
        """Number of discrete points before constraints (None with a float parameter)."""
        n = 1
        for p in self.params:
            c = p.choices()
            if not c:
                return None
            n *= len(c)
        return n

    def widen(self, other: Space) -> Space:
        """Bring back parameters of ``other`` that this (narrowed) space fixed."""
        names = {p.name for p in self.params}
        back = [p for p in other.params if p.name not in names]
        fixed = tuple(f for f in self.fixed if f.name not in {p.name for p in back})
        back = [dataclasses.replace(p, reason=(p.reason + "; widened back").lstrip("; "))
                for p in back]
        return dataclasses.replace(self, params=(*self.params, *back), fixed=fixed)

    def describe(self) -> dict[str, Any]:
        """The searched space with the reason for each choice (for --json and reports)."""
        return {
            "name": self.name,
            "params": [{"name": p.name, "role": p.role, "kind": p.kind,
                        "values": list(p.choices()) or [p.low, p.high], "reason": p.reason,
                        **({"contiguous": p.contiguous} if p.contiguous else {}),
                        **({"contiguous_from": p.contiguous_from} if p.contiguous_from else {})}
                       for p in self.params],
            "fixed": [{"name": f.name, "value": f.value, "role": f.role, "reason": f.reason}
                      for f in self.fixed],
            "constraints": [{"kind": c.kind, "params": list(c.params), "value": c.value,
                             "reason": c.reason} for c in self.constraints],
            "size": self.size(),
            "notes": list(self.notes),
            **({"program": self.program} if self.program else {}),
        }


def _param(name: str, d: Any, where: str, base: Path | None) -> Param:
    d = mapping(d, f"{where}: parameter {name!r}")
    unknown = set(d) - {"role", "kind", "values", "low", "high", "reason", "contiguous", "body",
                        "source", "define", "env", "flag"}
    if unknown:
        raise InputError(f"{where}: parameter {name!r} has unknown keys {sorted(unknown)}")
    role = str(d.get("role", "other"))
    if role not in ROLES:
        raise InputError(f"{where}: parameter {name!r} has unknown role {role!r}",
                         hint="roles: " + ", ".join(ROLES))
    values = tuple(listed(d.get("values"), f"{where}: parameter {name!r}: values"))
    kind = str(d.get("kind") or ("categorical" if values else "int"))
    if kind not in KINDS:
        raise InputError(f"{where}: parameter {name!r} has unknown kind {kind!r}",
                         hint="kinds: " + ", ".join(KINDS))
    low, high = (None if d.get(k) is None else number(d[k], f"{where}: parameter {name!r}: {k}")
                 for k in ("low", "high"))
    if kind in ("categorical", "ordinal"):
        if not values:
            raise InputError(f"{where}: parameter {name!r} ({kind}) needs `values`")
    else:
        values = tuple(number(v, f"{where}: parameter {name!r}: values[{i}]")
                       for i, v in enumerate(values))
        if values and (low is None or high is None):
            low, high = min(values), max(values)
        if low is None or high is None or float(low) > float(high):
            raise InputError(f"{where}: parameter {name!r} needs low <= high")
        if kind == "pow2" and any(x <= 0 or (int(x) & (int(x) - 1)) for x in (low, high)):
            raise InputError(f"{where}: parameter {name!r}: pow2 bounds must be powers of two")
    contiguous, source = contiguous_of(d, role, values, f"{where}: parameter {name!r}", base)
    via = {k: str(d.get(k) or "") for k in ("define", "env", "flag")}
    if sum(1 for v in via.values() if v) > 1:
        raise InputError(f"{where}: parameter {name!r}: give one of define, env, flag")
    if via["flag"] and "{}" not in via["flag"]:
        raise InputError(f"{where}: parameter {name!r}: flag needs a {{}} for the value",
                         hint='e.g. flag: "-falign-loops={}"')
    return Param(name, role, kind, values, None if low is None else float(low),
                 None if high is None else float(high), str(d.get("reason", "")), contiguous,
                 source, **via, written=written_of(d, values, base) if role == "loop_order"
                 else "")


def space_from_dict(data: Any, where: str = "space", base: Path | None = None) -> Space:
    """Build a :class:`Space` from parsed YAML/JSON; InputError names the offending key.

    ``base`` is the folder a parameter's ``source: FILE:LINE`` is read relative to."""
    data = mapping(data, f"{where}: a space")
    unknown = set(data) - {"name", "params", "constraints", "fixed", "notes", "program"}
    if unknown:
        raise InputError(f"{where}: unknown keys {sorted(unknown)}")
    params = tuple(_param(str(k), v, where, base)
                   for k, v in mapping(data.get("params"), f"{where}: params").items())
    if not params:
        raise InputError(f"{where}: no parameters to tune")
    cons = []
    for i, c in enumerate(listed(data.get("constraints"), f"{where}: constraints")):
        at = f"{where}: constraints[{i}]"
        if "kind" not in mapping(c, at):
            raise InputError(f"{at} needs a `kind`")
        names: Sequence[Any] = (listed(c.get("params"), f"{at}: params")
                                or ([c["param"]] if "param" in c else []))
        cons.append(Constraint(str(c["kind"]), tuple(str(n) for n in names),
                               float(number(c.get("value", 0), f"{at}: value")),
                               str(c.get("reason", ""))))
    fixed = tuple(Fixed(str(k), v, "fixed by the user") for k, v in
                  mapping(data.get("fixed"), f"{where}: fixed").items())
    program = ""
    if data.get("program"):
        prog = Path(str(data["program"])).expanduser()
        program = str(prog if prog.is_absolute() or base is None else base / prog)
    return Space(str(data.get("name", Path(where).stem)), params, tuple(cons), fixed,
                 program=program)


def load_space(path: str | Path) -> Space:
    p = Path(path)
    return space_from_dict(read_structured(p, "space", "yaml"), str(p), p.parent)
