"""Turn proposal dicts or JSON (from an LLM or a user file) into :class:`Proposal` objects.

Parsing is tolerant: a missing field stays empty so the guards can name it ("incomplete
proposal: missing verification.commands") instead of the parser failing on it; shorthands are
accepted (``risk: "low"``, ``confidence: 0.6``, ``expected_gain: [1.1, 1.3]``, a verification
command as one string). Only input that is not a proposal at all raises :class:`InputError`.
"""

from __future__ import annotations

import json
import shlex
from collections.abc import Mapping
from typing import Any

from perfscout.model.errors import InputError
from perfscout.model.proposals import (
    Change,
    Confidence,
    ExpectedGain,
    PreconditionResult,
    Proposal,
    Risk,
    Verification,
)


def parse_proposals(data: Any, *, origin: str = "user") -> tuple[Proposal, ...]:
    """Proposals from a JSON text, one dict, a list of dicts, ``{"proposals": [...]}`` or an
    ``analyze``/``advise --json`` envelope (``{"data": {"proposals": [...]}}``)."""
    if isinstance(data, str | bytes):
        try:
            data = json.loads(data)
        except json.JSONDecodeError as e:
            raise InputError(f"proposals are not valid JSON: {e.msg} at line {e.lineno}",
                             hint="write a JSON list of proposal objects") from None
    if isinstance(data, Mapping):
        if isinstance(data.get("data"), Mapping):
            data = data["data"]
        data = data.get("proposals", [data])
    if not isinstance(data, list):
        raise InputError("proposals must be a JSON list of objects",
                         hint='write [{"id": ..., "change": ..., "verification": ...}, ...]')
    return tuple(parse_proposal(d, origin=origin, index=i) for i, d in enumerate(data))


def parse_proposal(d: Any, *, origin: str = "user", index: int = 0) -> Proposal:
    """One proposal from a dict; missing fields stay empty for the guards to report."""
    if not isinstance(d, Mapping):
        raise InputError(f"proposal #{index + 1} is a {type(d).__name__}, not an object",
                         hint="each proposal is a JSON object with at least an id")
    pid = str(d.get("id") or d.get("name") or f"{origin}.proposal_{index + 1}")
    return Proposal(
        id=pid,
        addresses=_strs(d.get("addresses")),
        layer=_opt_str(d.get("layer")),
        kind=_opt_str(d.get("kind")),
        title=str(d.get("title") or ""),
        change=_change(d.get("change")),
        preconditions=tuple(_pre(x) for x in _list(d.get("preconditions"))),
        evidence=_strs(d.get("evidence")),
        verification=_verification(d.get("verification")),
        expected_gain=_gain(d.get("expected_gain")),
        risk=_risk(d.get("risk")),
        confidence=_confidence(d.get("confidence")),
        invalid_when=_strs(d.get("invalid_when")),
        rollback=str(d.get("rollback") or ""),
        origin=str(d.get("origin") or origin),
        scope=str(d.get("scope") or ""),
    )


def _list(v: Any) -> list[Any]:
    if v is None or v == "":
        return []
    if isinstance(v, list | tuple):
        return list(v)
    return [v]


def _strs(v: Any) -> tuple[str, ...]:
    return tuple(str(x) for x in _list(v) if x is not None and str(x) != "")


def _opt_str(v: Any) -> str | None:
    return str(v) if v not in (None, "") else None


def _float(v: Any) -> float | None:
    if isinstance(v, bool):
        return None
    if isinstance(v, int | float):
        return float(v)
    if isinstance(v, str):
        try:
            return float(v.strip().rstrip("x%"))
        except ValueError:
            return None
    return None


def _str_map(v: Any) -> dict[str, str]:
    return {str(k): str(x) for k, x in v.items()} if isinstance(v, Mapping) else {}


def _argv(v: Any) -> tuple[str, ...]:
    if isinstance(v, str):
        try:
            return tuple(shlex.split(v))
        except ValueError:
            return (v,)
    return tuple(str(x) for x in _list(v))


def _change(v: Any) -> Change | None:
    if v is None:
        return None
    if isinstance(v, str):
        return Change(description=v)
    if not isinstance(v, Mapping):
        return None
    return Change(env=_str_map(v.get("env")), launcher=_argv(v.get("launcher") or ()),
                  flags=_argv(v.get("flags") or ()), defines=_str_map(v.get("defines")),
                  diff=str(v.get("diff") or ""),
                  params=dict(v["params"]) if isinstance(v.get("params"), Mapping) else {},
                  description=str(v.get("description") or ""))


def _pre(v: Any) -> PreconditionResult:
    if isinstance(v, Mapping):
        return PreconditionResult(str(v.get("name", "")), str(v.get("status") or "unknown"),
                                  str(v.get("detail") or ""))
    return PreconditionResult(str(v), "unknown")


def _verification(v: Any) -> Verification | None:
    if v is None:
        return None
    if isinstance(v, str | list) :
        v = {"commands": v}
    if not isinstance(v, Mapping):
        return None
    raw = v.get("commands", v.get("command"))
    if isinstance(raw, str) or (isinstance(raw, list | tuple) and raw
                                and all(isinstance(x, str) for x in raw)
                                and not any(" " in x for x in raw[:1])):
        cmds: tuple[tuple[str, ...], ...] = (_argv(raw),) if raw else ()
    else:
        cmds = tuple(c for c in (_argv(x) for x in _list(raw)) if c)
    return Verification(commands=cmds, metric=str(v.get("metric") or ""),
                        direction=str(v.get("direction") or ""))


def _gain(v: Any) -> ExpectedGain | None:
    if v is None:
        return None
    if isinstance(v, Mapping):
        lo, hi = _float(v.get("low")), _float(v.get("high"))
        basis = str(v.get("basis") or "")
    elif isinstance(v, list | tuple) and len(v) == 2:
        lo, hi, basis = _float(v[0]), _float(v[1]), ""
    else:
        lo = hi = _float(v)
        basis = ""
    if lo is None and hi is None:
        return None
    lo = lo if lo is not None else hi
    hi = hi if hi is not None else lo
    assert lo is not None and hi is not None
    return ExpectedGain(lo, hi, basis)


def _risk(v: Any) -> Risk | None:
    if v is None:
        return None
    if isinstance(v, Mapping):
        return Risk(str(v.get("level") or ""), str(v.get("reason") or ""))
    return Risk(str(v))


def _confidence(v: Any) -> Confidence | None:
    if isinstance(v, Mapping):
        val = _float(v.get("value"))
        return Confidence(val, str(v.get("rationale") or "")) if val is not None else None
    val = _float(v)
    return Confidence(val) if val is not None else None
