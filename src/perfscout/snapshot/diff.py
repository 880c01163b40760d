"""Differences between two snapshots, generic over the model's dataclasses."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from perfscout.model.serialize import to_jsonable
from perfscout.model.snapshot import PlatformSnapshot, SnapshotChange

IGNORED = ("taken_at", "provenance", "origin", "unknown_reasons", "schema")
"""Top-level fields that differ between any two runs and are not a platform change."""

_KEYS = ("name", "implementation", "index", "id", "collector")


def diff_snapshots(a: PlatformSnapshot, b: PlatformSnapshot) -> list[SnapshotChange]:
    """What changed from ``a`` to ``b``: one :class:`SnapshotChange` per differing leaf.

    Sequences of records are matched by their natural key (compiler ``name``, MPI
    ``implementation``, GPU ``index``, NUMA node ``id``, cache ``level``/``kind``), so an added
    compiler reads ``compilers[gfortran]: None -> {...}``; plain lists (ISA flags) are compared
    whole."""
    out: list[SnapshotChange] = []
    for f in dataclasses.fields(PlatformSnapshot):
        if f.name not in IGNORED:
            _walk(f.name, getattr(a, f.name), getattr(b, f.name), out)
    return out


def _key(item: Any) -> str | None:
    if dataclasses.is_dataclass(item) and not isinstance(item, type):
        if hasattr(item, "level") and hasattr(item, "kind"):
            return f"L{item.level}{item.kind}"
        for k in _KEYS:
            if hasattr(item, k):
                return str(getattr(item, k))
    return None


def _walk(path: str, old: Any, new: Any, out: list[SnapshotChange]) -> None:
    if old == new:
        return
    if dataclasses.is_dataclass(old) and dataclasses.is_dataclass(new) and type(old) is type(new):
        for f in dataclasses.fields(old):
            _walk(f"{path}.{f.name}", getattr(old, f.name), getattr(new, f.name), out)
        return
    if isinstance(old, Mapping) and isinstance(new, Mapping):
        for k in sorted(set(old) | set(new)):
            _walk(f"{path}.{k}", old.get(k), new.get(k), out)
        return
    if isinstance(old, tuple) and isinstance(new, tuple):
        keys_old = [_key(x) for x in old]
        keys_new = [_key(x) for x in new]
        if all(k is not None for k in keys_old + keys_new) and (old or new):
            mo, mn = dict(zip(keys_old, old, strict=True)), dict(zip(keys_new, new, strict=True))
            for k in list(mo) + [k for k in mn if k not in mo]:
                _walk(f"{path}[{k}]", mo.get(k), mn.get(k), out)
            return
    out.append(SnapshotChange(path, to_jsonable(old), to_jsonable(new)))
