"""Approval tokens: a person's explicit, scoped, expiring yes to gated commands.

``perfscout approve grant --scope sbatch --ttl 1h`` prints a token once; only its SHA-256 is
stored, in ``PERFSCOUT_HOME/approvals.json``. Commands whose rule says ``approval: SCOPE``
run only with a valid token of that scope (:func:`check_token`). The MCP server and the
experiment runner call the same functions.
"""

from __future__ import annotations

import hashlib
import json
import re
import secrets
import time
from dataclasses import dataclass
from pathlib import Path

from perfscout.files import write_atomic
from perfscout.model.errors import ConfigError, NotFoundError, UsageError

STORE = "approvals.json"
_TTL = re.compile(r"^(\d+(?:\.\d+)?)([smhd]?)$")
_UNIT = {"": 1, "s": 1, "m": 60, "h": 3600, "d": 86400}


@dataclass(frozen=True)
class Approval:
    id: str
    scope: str
    created: float
    expires: float
    note: str = ""

    @property
    def expired(self) -> bool:
        return time.time() >= self.expires


def parse_ttl(text: str) -> float:
    """``"90s"``, ``"15m"``, ``"1h"``, ``"2d"`` or plain seconds, as seconds."""
    m = _TTL.match(text.strip())
    if not m or float(m.group(1)) <= 0:
        raise UsageError(f"bad --ttl {text!r}", "use e.g. 30m, 1h or 2d")
    return float(m.group(1)) * _UNIT[m.group(2)]


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _load(home: Path) -> dict[str, dict[str, object]]:
    p = home / STORE
    if not p.is_file():
        return {}
    try:
        data = json.loads(p.read_text())
    except ValueError:
        raise ConfigError(f"approval store {p} is damaged",
                          "delete it and grant new tokens") from None
    return data if isinstance(data, dict) else {}


def _save(home: Path, data: dict[str, dict[str, object]]) -> None:
    home.mkdir(parents=True, exist_ok=True)
    p = home / STORE
    write_atomic(p, json.dumps(data, indent=1, sort_keys=True), mode=0o600)


def _approval(digest: str, d: dict[str, object]) -> Approval:
    return Approval(str(d["id"]), str(d["scope"]), float(str(d["created"])),
                    float(str(d["expires"])), str(d.get("note", "")))


def grant_token(home: Path, scope: str, ttl_s: float = 3600.0, note: str = "") -> tuple[str,
                                                                                       Approval]:
    """Create a token for ``scope`` valid ``ttl_s`` seconds; returns (token, record)."""
    if not re.fullmatch(r"[a-z][a-z0-9_.-]*", scope):
        raise UsageError(f"bad scope {scope!r}", "scopes are lower-case words, e.g. sbatch")
    token = "ps_" + secrets.token_urlsafe(24)
    now = time.time()
    rec = {"id": secrets.token_hex(4), "scope": scope, "created": now, "expires": now + ttl_s,
           "note": note}
    data = _load(home)
    data = {k: v for k, v in data.items() if float(str(v["expires"])) > now}  # prune expired
    data[_digest(token)] = rec
    _save(home, data)
    return token, _approval(_digest(token), rec)


def check_token(home: Path, token: str | None, scope: str) -> bool:
    """Whether ``token`` is a live grant for ``scope``."""
    if not token:
        return False
    rec = _load(home).get(_digest(token))
    if rec is None:
        return False
    a = _approval(_digest(token), rec)
    return a.scope == scope and not a.expired


def list_tokens(home: Path) -> list[Approval]:
    """Every stored grant (live and expired), oldest first."""
    return sorted((_approval(k, v) for k, v in _load(home).items()), key=lambda a: a.created)


def revoke_token(home: Path, ident: str) -> Approval:
    """Remove the grant with id ``ident`` (or the grant of the token ``ident``)."""
    data = _load(home)
    for k, v in data.items():
        if v.get("id") == ident or k == _digest(ident):
            del data[k]
            _save(home, data)
            return _approval(k, v)
    raise NotFoundError(f"no approval with id {ident!r}", "see perfscout approve list")
