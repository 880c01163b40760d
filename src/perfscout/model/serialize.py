"""Convert frozen dataclasses to JSON-ready values and back.

Used wherever a model object crosses a boundary (the JSON envelope, the snapshot store,
SQLite rows, MCP tool results). ``from_jsonable`` rebuilds nested dataclasses from their type
hints so saved objects round-trip exactly.
"""

from __future__ import annotations

import array
import dataclasses
import enum
import types
import typing
from collections.abc import Mapping
from typing import Any, TypeVar

T = TypeVar("T")


def to_jsonable(obj: Any) -> Any:
    """Return ``obj`` as plain dicts, lists, strings, numbers, booleans and ``None``."""
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return {f.name: to_jsonable(getattr(obj, f.name)) for f in dataclasses.fields(obj)}
    if isinstance(obj, enum.Enum):
        return obj.value
    if isinstance(obj, Mapping):
        return {str(k): to_jsonable(v) for k, v in obj.items()}
    if isinstance(obj, array.array):
        return obj.tolist()
    if isinstance(obj, (list, tuple, set, frozenset)):
        return [to_jsonable(v) for v in obj]
    if isinstance(obj, float) and obj != obj:  # NaN is not JSON
        return None
    if isinstance(obj, str) and type(obj) is not str:  # a message Text: its English, plain
        return str(obj)
    return obj


def from_jsonable(cls: type[T], data: Any) -> T:
    """Rebuild an instance of ``cls`` (a dataclass, possibly nested) from ``to_jsonable`` output.

    Unknown keys are ignored and missing keys take the field default, so older saved objects
    still load after fields are added.
    """
    return typing.cast(T, _build(cls, data))


def _build(tp: Any, data: Any) -> Any:
    if data is None:
        return None
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if tp is Any:
        return data
    if origin in (typing.Union, types.UnionType):
        non_none = [a for a in args if a is not type(None)]
        for cand in non_none:
            try:
                return _build(cand, data)
            except (TypeError, ValueError, KeyError):
                continue
        return data
    if origin is typing.Literal:
        return data
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        if not isinstance(data, Mapping):
            raise TypeError(f"expected an object for {tp.__name__}")
        hints = typing.get_type_hints(tp)
        kwargs = {}
        for f in dataclasses.fields(tp):
            if f.name in data:
                kwargs[f.name] = _build(hints[f.name], data[f.name])
        return tp(**kwargs)
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return tp(data)
    if origin in (tuple,):
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_build(args[0], v) for v in data)
        if args:
            return tuple(_build(a, v) for a, v in zip(args, data, strict=False))
        return tuple(data)
    if origin in (list,):
        return [_build(args[0], v) for v in data] if args else list(data)
    if origin in (dict, Mapping) or origin is typing.get_origin(Mapping[str, int]):
        if args:
            return {k: _build(args[1], v) for k, v in data.items()}
        return dict(data)
    if tp is float and isinstance(data, int):
        return float(data)
    return data
