"""Typed reading of what a person wrote in YAML or JSON (specs, spaces, replay tables).

:func:`~perfscout.model.serialize.from_jsonable` trusts its input: it rebuilds objects that
perfscout itself saved. A file a person wrote can hold anything, so the readers of user files
use these instead: every value is checked against the field's type, and a wrong one is an
InputError naming the file, the key and what was expected (exit 3), never a TypeError later.
YAML 1.1 reads ``1e-9`` and ``2e6`` as strings; numbers written that way are accepted.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

from perfscout.model.errors import InputError

T = TypeVar("T")


def number(value: Any, where: str, kind: str = "float") -> float | int:
    """``value`` as a float, or as an int when ``kind == "int"`` (a whole number)."""
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise InputError(f"{where} must be a number, not {value!r}")
    try:
        x = float(value)
    except ValueError:
        raise InputError(f"{where} must be a number, not {value!r}") from None
    if x != x or x in (float("inf"), float("-inf")):
        raise InputError(f"{where} must be a finite number, not {value!r}")
    if kind == "int":
        if x != int(x):
            raise InputError(f"{where} must be a whole number, not {value!r}")
        return int(x)
    return x


def mapping(value: Any, where: str) -> Mapping[Any, Any]:
    """``value`` if it is a mapping (``None``: empty), else an InputError."""
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise InputError(f"{where} must be a mapping (key: value), not {value!r}")
    return value


def listed(value: Any, where: str) -> Sequence[Any]:
    """``value`` if it is a list (``None``: empty), else an InputError."""
    if value is None:
        return []
    if not isinstance(value, (list, tuple)):
        raise InputError(f"{where} must be a list, not {value!r}")
    return value


def flag(value: Any, where: str) -> bool:
    """``value`` if it is a YAML/JSON boolean, else an InputError (``yes please`` is no flag)."""
    if not isinstance(value, bool):
        raise InputError(f"{where} must be true or false, not {value!r}")
    return value


def scalar_text(value: Any, where: str) -> str:
    """A string, number or boolean as text; a list or mapping is an InputError."""
    if isinstance(value, (Mapping, list, tuple)) or value is None:
        raise InputError(f"{where} must be a single value, not {value!r}")
    return str(value)


def from_user(cls: type[T], data: Any, where: str, **built: Any) -> T:
    """An instance of dataclass ``cls`` from user data, every field checked against its type.

    Keys that are not fields are ignored (the caller rejects unknown keys with its own hint);
    missing keys take the field default; ``built`` gives fields the caller has already built
    (and checked) itself, which replace those keys of ``data``."""
    if not (isinstance(cls, type) and dataclasses.is_dataclass(cls)):
        raise TypeError(f"from_user builds dataclasses, not {cls!r}")
    d = mapping(data, where)
    hints = typing.get_type_hints(cls)
    fields = {f.name: _build(hints[f.name], d[f.name], f"{where}: {f.name}")
              for f in dataclasses.fields(cls) if f.name in d and f.name not in built}
    return cls(**fields, **built)


def _build(tp: Any, data: Any, where: str) -> Any:
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin in (typing.Union, types.UnionType):
        if data is None and type(None) in args:
            return None
        (inner,) = [a for a in args if a is not type(None)]
        return _build(inner, data, where)
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return from_user(tp, data, where)
    if origin is tuple:
        return tuple(_build(args[0], v, f"{where}[{i}]")
                     for i, v in enumerate(listed(data, where)))
    if origin in (dict, Mapping) or origin is typing.get_origin(Mapping[str, int]):
        return {scalar_text(k, where): _build(args[1], v, f"{where}.{k}")
                for k, v in mapping(data, where).items()}
    if tp is bool:
        return flag(data, where)
    if tp is int:
        return number(data, where, "int")
    if tp is float:
        return number(data, where, "float")
    if tp is str:
        return scalar_text(data, where)
    return data
