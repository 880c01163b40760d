"""Approval tokens: a person's explicit, scoped, expiring, signed yes to gated commands.

``perfscout approve grant --scope sbatch --ttl 1h [--for ID ...] [--command 'ARGV']`` prints
a token once; only its SHA-256 is stored, in ``PERFSCOUT_HOME/private/approvals.json`` (never
visible to a sandboxed command). Each grant is signed (HMAC-SHA256) with the home's audit key
(:func:`perfscout.sandbox.audit.load_key`), so editing the store (a later expiry, another
scope, a forged grant) voids the grant instead of widening it.

A grant may be bound to what it approves: proposal ids (``--for``) and/or the digest of one
argv (``--command``). A bound grant is good only for those; a check that names nothing it
could be bound to is refused. Scopes are a closed list (:data:`SCOPES` plus the ``approval:``
scopes of the policy): a grant for a scope nothing checks is refused.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import secrets
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from perfscout.files import write_atomic
from perfscout.model.errors import ConfigError, NotFoundError, UsageError
from perfscout.sandbox.audit import PRIVATE, load_key, mac, private_dir

STORE = "approvals.json"
# scopes checked somewhere in perfscout (the policy adds its own rules' scopes)
SCOPES = ("sbatch", "experiment", "tune", "run_command")
_TTL = re.compile(r"^(\d+(?:\.\d+)?)([smhd]?)$")
_UNIT = {"": 1, "s": 1, "m": 60, "h": 3600, "d": 86400}
MAX_TTL_S = 30 * 86400.0


@dataclass(frozen=True)
class Approval:
    id: str
    scope: str
    created: float
    expires: float
    note: str = ""
    bound: tuple[str, ...] = field(default=())  # proposal ids and/or "argv:<sha256>"

    @property
    def expired(self) -> bool:
        return time.time() >= self.expires


def parse_ttl(text: str) -> float:
    """``"90s"``, ``"15m"``, ``"1h"``, ``"2d"`` or plain seconds, as seconds (at most 30 d)."""
    m = _TTL.match(text.strip())
    if not m or float(m.group(1)) <= 0:
        raise UsageError(f"bad --ttl {text!r}", "use e.g. 30m, 1h or 2d")
    ttl = float(m.group(1)) * _UNIT[m.group(2)]
    if ttl > MAX_TTL_S:
        raise UsageError(f"--ttl {text!r} is longer than 30 days", "grant a shorter token")
    return ttl


def argv_digest(argv: Sequence[str]) -> str:
    """``argv:<sha256>`` of an argv, what a grant bound to one command holds."""
    return "argv:" + hashlib.sha256(json.dumps(list(argv)).encode()).hexdigest()


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _path(home: Path) -> Path:
    return home / PRIVATE / STORE


def _sign(key: bytes, digest: str, rec: dict[str, Any]) -> str:
    body = {k: v for k, v in rec.items() if k != "sig"}
    return mac(key, "approval\n" + digest + "\n" + json.dumps(body, sort_keys=True))


def _load(home: Path) -> dict[str, dict[str, Any]]:
    p = _path(home)
    if not p.exists():
        return {}
    try:
        data = json.loads(p.read_bytes()[:4 * 1024 * 1024])
    except (OSError, ValueError):
        raise ConfigError(f"approval store {p} is damaged",
                          "delete it and grant new tokens") from None
    if not isinstance(data, dict):
        raise ConfigError(f"approval store {p} is damaged", "delete it and grant new tokens")
    return {k: v for k, v in data.items() if isinstance(k, str) and isinstance(v, dict)}


def _save(home: Path, data: dict[str, dict[str, Any]]) -> None:
    private_dir(home)
    write_atomic(_path(home), json.dumps(data, indent=1, sort_keys=True), mode=0o600)


def _approval(d: dict[str, Any]) -> Approval | None:
    try:
        bound = d.get("bound", [])
        return Approval(str(d["id"]), str(d["scope"]), float(d["created"]),
                        float(d["expires"]), str(d.get("note", "")),
                        tuple(str(b) for b in bound) if isinstance(bound, list) else ("?",))
    except (KeyError, TypeError, ValueError):
        return None


def _valid(key: bytes, digest: str, d: dict[str, Any]) -> Approval | None:
    """The grant stored under ``digest`` if its signature holds, else None."""
    if not hmac.compare_digest(str(d.get("sig", "")), _sign(key, digest, d)):
        return None
    return _approval(d)


def known_scopes(policy_scopes: Iterable[str] = ()) -> tuple[str, ...]:
    """Every scope a grant may name: perfscout's own and the policy's ``approval:`` ones."""
    return tuple(sorted({*SCOPES, *policy_scopes}))


def grant_token(home: Path, scope: str, ttl_s: float = 3600.0, note: str = "", *,
                bound: Sequence[str] = (), scopes: Iterable[str] = ()) -> tuple[str, Approval]:
    """Create a signed token for ``scope`` valid ``ttl_s`` seconds; returns (token, record).

    ``bound`` ties it to proposal ids or :func:`argv_digest` values; ``scopes`` adds the
    policy's scopes to the known ones (an unknown scope is a UsageError).
    """
    allowed = known_scopes(scopes)
    if scope not in allowed:
        raise UsageError(f"unknown approval scope {scope!r}",
                         "scopes that something checks: " + ", ".join(allowed))
    if not (0 < ttl_s <= MAX_TTL_S) or ttl_s != ttl_s:
        raise UsageError(f"bad ttl {ttl_s!r}", "a lifetime between 1 s and 30 days")
    key = load_key(home)
    token = "ps_" + secrets.token_urlsafe(24)
    now = time.time()
    rec: dict[str, Any] = {"id": secrets.token_hex(4), "scope": scope, "created": now,
                           "expires": now + ttl_s, "note": note, "bound": list(bound)}
    rec["sig"] = _sign(key, _digest(token), rec)
    data = {k: v for k, v in _load(home).items()
            if (a := _approval(v)) is not None and not a.expired}  # prune expired and broken
    data[_digest(token)] = rec
    _save(home, data)
    a = _approval(rec)
    assert a is not None
    return token, a


def check_token(home: Path, token: str | None, scope: str, *,
                argv: Sequence[str] | None = None, subjects: Sequence[str] = (),
                bound_only: bool = False) -> bool:
    """Whether ``token`` is a live, untampered grant of ``scope`` covering what is asked.

    A grant bound to ids/argv digests covers ``argv`` when its digest is bound, and
    ``subjects`` (proposal ids) when every one is bound; a bound grant covers nothing else.
    With ``bound_only`` an unbound grant covers nothing either (the agent's experiments: a
    token must name the proposals a person saw).
    """
    if not token or not isinstance(token, str):
        return False
    rec = _load(home).get(_digest(token))
    if rec is None:
        return False
    try:
        key = load_key(home, create=False)
    except (NotFoundError, ConfigError):
        return False
    a = _valid(key, _digest(token), rec)
    if a is None or a.scope != scope or a.expired:
        return False
    if not a.bound:
        return not bound_only
    if subjects:
        return set(subjects) <= set(a.bound)
    return argv is not None and argv_digest(argv) in a.bound


def list_tokens(home: Path) -> list[Approval]:
    """Every stored grant (live and expired), oldest first; tampered ones are left out."""
    out: list[Approval] = []
    data = _load(home)
    if not data:
        return out
    key = load_key(home, create=False)
    for k, v in data.items():
        a = _valid(key, k, v)
        if a is not None:
            out.append(a)
    return sorted(out, key=lambda a: a.created)


def revoke_token(home: Path, ident: str) -> Approval:
    """Remove the grant with id ``ident`` (or the grant of the token ``ident``)."""
    data = _load(home)
    for k, v in data.items():
        if v.get("id") == ident or k == _digest(ident):
            del data[k]
            _save(home, data)
            return _approval(v) or Approval(str(v.get("id")), "?", 0.0, 0.0)
    raise NotFoundError(f"no approval with id {ident!r}", "see perfscout approve list")
