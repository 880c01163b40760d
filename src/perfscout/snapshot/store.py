"""The snapshot store under ``<home>/snapshots/``: save atomically, list, load by id or path."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from perfscout.files import MAX_JSON_BYTES, parse_structured, read_user_bytes, write_atomic
from perfscout.model.errors import InputError, NotFoundError
from perfscout.model.serialize import from_jsonable, to_jsonable
from perfscout.model.snapshot import PlatformSnapshot


@dataclass(frozen=True)
class SavedSnapshot:
    """One entry of the store: its id, file, time taken, host and platform key."""

    id: str
    path: str
    taken_at: str
    hostname: str | None
    key: str


def _dir(home: Path) -> Path:
    return Path(home).expanduser() / "snapshots"


def save_snapshot(snap: PlatformSnapshot, home: Path) -> SavedSnapshot:
    """Write ``snap`` as JSON under ``home/snapshots/<id>.json`` (temp file + rename, so a
    crash never leaves a partial file) and return its entry. Ids sort by time taken."""
    d = _dir(home)
    d.mkdir(parents=True, exist_ok=True)
    stamp = re.sub(r"[^0-9TZ]", "", snap.taken_at) or "unknown"
    host = re.sub(r"[^A-Za-z0-9_.-]", "_", snap.hostname or "host")[:40]
    ident, n = f"{stamp}-{host}", 1
    while (d / f"{ident}.json").exists():
        n += 1
        ident = f"{stamp}-{host}-{n}"
    write_atomic(d / f"{ident}.json", json.dumps(to_jsonable(snap), indent=1))
    return SavedSnapshot(ident, str(d / f"{ident}.json"), snap.taken_at, snap.hostname, snap.key)


def list_snapshots(home: Path) -> list[SavedSnapshot]:
    """Saved snapshots, oldest first (unreadable files are skipped)."""
    out: list[SavedSnapshot] = []
    d = _dir(home)
    if not d.is_dir():
        return out
    for p in sorted(d.glob("*.json")):
        if p.name.startswith("."):
            continue
        try:
            s = load_snapshot(p)
        except InputError:
            continue
        out.append(SavedSnapshot(p.stem, str(p), s.taken_at, s.hostname, s.key))
    return sorted(out, key=lambda e: (e.taken_at, e.id))


def load_snapshot(path: Path) -> PlatformSnapshot:
    """Read a snapshot written by ``--save`` or printed by ``snapshot --json`` (the envelope)."""
    p = Path(path)
    if not p.is_file():
        raise NotFoundError(f"snapshot file {p} does not exist",
                            hint="`perfscout snapshot list` shows the saved ids")
    try:
        data: Any = parse_structured(
            read_user_bytes(p, "snapshot", limit=MAX_JSON_BYTES).decode("utf-8", "replace"),
            f"snapshot file {p}", "json")
    except InputError as exc:
        raise InputError(f"{p}: not a snapshot JSON file ({exc.message})",
                         hint="pass a file written by `snapshot --save` or `snapshot --json`"
                         ) from None
    if isinstance(data, dict) and "perfscout" in data and isinstance(data.get("data"), dict):
        data = data["data"]
    if not isinstance(data, dict) or "cpu" not in data or "schema" not in data:
        raise InputError(f"{p}: JSON without snapshot fields (schema, cpu)",
                         hint="pass a file written by `snapshot --save` or `snapshot --json`")
    try:
        return from_jsonable(PlatformSnapshot, data)
    except (TypeError, ValueError, KeyError, AttributeError) as exc:
        raise InputError(f"{p}: malformed snapshot ({exc})") from None


def resolve(ref: str, home: Path) -> PlatformSnapshot:
    """A snapshot from a saved id (or unique id prefix) or a JSON path."""
    p = Path(ref)
    if p.suffix == ".json" or p.exists():
        return load_snapshot(p)
    entries = list_snapshots(home)
    hits = [e for e in entries if e.id == ref] or [e for e in entries if e.id.startswith(ref)]
    if len(hits) != 1:
        known = ", ".join(e.id for e in entries[-5:]) or "none saved yet"
        what = "matches several" if hits else "matches no"
        raise NotFoundError(f"{ref!r} {what} saved snapshot", hint=f"latest ids: {known}")
    return load_snapshot(Path(hits[0].path))
