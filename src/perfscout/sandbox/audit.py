"""The append-only audit log of every request the sandbox saw, as a keyed (HMAC) chain.

One JSON object per line in ``WORKSPACE/.perfscout/audit.jsonl`` (the runner hides that
directory from the commands it runs). Each record carries ``seq``, ``prev`` (the MAC of the
record before it; 64 zeros for the first) and ``hash``: HMAC-SHA256, under the key in
``PERFSCOUT_HOME/private/audit.key`` (0600, never inside a sandbox's view), of the record's
canonical JSON without ``hash``. Without the key nobody can append a record, or edit one and
recompute the chain, that :func:`verify` accepts.

The head (last MAC, count and the log's path, itself MAC'd) is kept beside the key in
``PERFSCOUT_HOME/private/heads/``, so deleting trailing records is caught whether or not
anyone touched the head, and a missing head for a non-empty log is itself a finding. The heads
also list every log perfscout wrote under that home: :func:`known_logs` is what ``perfscout
audit verify`` checks when no log is named.

Appending is cheap: the head is rewritten in place, and a writer that made the last append
(same file, size and mtime) reuses the MAC it remembers.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import hmac
import json
import os
import secrets
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from perfscout.model.errors import ConfigError, InputError, NotFoundError

GENESIS = "0" * 64
LOG_NAME = "audit.jsonl"
PRIVATE = "private"
KEY_NAME = "audit.key"
KEY_BYTES = 32


def default_log(workspace: Path) -> Path:
    """Where the runner for ``workspace`` writes its audit log."""
    return workspace / ".perfscout" / LOG_NAME


def private_dir(home: Path) -> Path:
    """``HOME/private`` (0700): the key, the heads and the approvals store."""
    d = home / PRIVATE
    d.mkdir(parents=True, exist_ok=True, mode=0o700)
    return d


def secret_paths(home: Path) -> tuple[Path, ...]:
    """What no sandboxed command may see under ``home`` (the runner hides each)."""
    return (home / PRIVATE, home / "approvals.json", home / "cache" / "sandbox")


def load_key(home: Path, *, create: bool = True) -> bytes:
    """The MAC key of ``home`` (made, 0600, on first use when ``create``)."""
    path = home / PRIVATE / KEY_NAME
    if create and not path.exists():
        private_dir(home)
        with contextlib.suppress(FileExistsError):
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
            try:
                os.write(fd, secrets.token_bytes(KEY_BYTES))
            finally:
                os.close(fd)
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW)
    except OSError:
        raise NotFoundError(f"no audit key at {path}",
                            "the log was written under another PERFSCOUT_HOME") from None
    try:
        st = os.fstat(fd)
        key = os.read(fd, KEY_BYTES + 1)
    finally:
        os.close(fd)
    if len(key) != KEY_BYTES or st.st_mode & 0o077:
        raise ConfigError(f"audit key {path} is damaged or readable by others",
                          "restore it from a backup; records it signed cannot be checked "
                          "without it")
    return key


def _canonical(record: Mapping[str, Any]) -> str:
    body = {k: v for k, v in record.items() if k != "hash"}
    return json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def mac(key: bytes, text: str) -> str:
    """HMAC-SHA256 of ``text`` under ``key``, hex."""
    return hmac.new(key, text.encode(), hashlib.sha256).hexdigest()


def record_hash(key: bytes, record: Mapping[str, Any]) -> str:
    """The MAC of the canonical JSON of ``record`` minus its ``hash`` field."""
    return mac(key, _canonical(record))


def head_path(home: Path, log: Path) -> Path:
    """The head of ``log``, beside the key (named by the digest of the log's real path)."""
    real = os.path.realpath(log)
    return home / PRIVATE / "heads" / (hashlib.sha256(real.encode()).hexdigest()[:32] + ".head")


def _head_mac(key: bytes, log: str, digest: str, count: int) -> str:
    return mac(key, f"head\n{log}\n{digest}\n{count}")


def _write_head(key: bytes, head: Path, log: Path, digest: str, count: int) -> None:
    real = os.path.realpath(log)
    blob = json.dumps({"log": real, "hash": digest, "count": count,
                       "mac": _head_mac(key, real, digest, count)}).encode() + b"\n"
    fd = os.open(head, os.O_WRONLY | os.O_CREAT | os.O_NOFOLLOW, 0o600)
    try:
        os.pwrite(fd, blob, 0)
        if os.fstat(fd).st_size != len(blob):
            os.ftruncate(fd, len(blob))
    finally:
        os.close(fd)


def _read_head(head: Path) -> dict[str, Any] | None:
    try:
        doc = json.loads(head.read_bytes()[:65536])
    except (OSError, ValueError):
        return None
    return doc if isinstance(doc, dict) else None


def _stamp(st: os.stat_result) -> tuple[int, int, int, int]:
    return st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns


@contextlib.contextmanager
def _locked(head: Path) -> Iterator[None]:
    with open(head.with_suffix(".lock"), "a") as fh:
        fcntl.flock(fh.fileno(), fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fh.fileno(), fcntl.LOCK_UN)


class AuditLog:
    """Appends records to one log file under ``home``'s key; safe across processes."""

    def __init__(self, path: Path, home: Path) -> None:
        self.path = path
        self.home = home
        self.head = head_path(home, path)
        self._key: bytes | None = None
        self._last: tuple[tuple[int, int, int, int], str, int] | None = None

    def private_paths(self) -> tuple[Path, ...]:
        """The log's directory when it is perfscout's own (``.perfscout``), else the file."""
        return (self.path.parent,) if self.path.parent.name == ".perfscout" else (self.path,)

    def touch(self) -> None:
        """Make the log file (empty) if missing, so a view can hide it before any command."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        os.close(os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_NOFOLLOW,
                         0o600))

    def _prev(self, key: bytes) -> tuple[str, int]:
        doc = _read_head(self.head)
        if doc is not None and doc.get("mac") == _head_mac(
                key, str(doc.get("log")), str(doc.get("hash")), int(doc.get("count", -1))):
            return str(doc["hash"]), int(doc["count"])
        # no head yet (a new log): verify reports a head that went missing on a non-empty log
        return GENESIS, 0

    def append(self, record: Mapping[str, Any]) -> dict[str, Any]:
        """Chain ``record`` to the log and write it as one line; returns what was written."""
        if self._key is None:
            self._key = load_key(self.home)
        key = self._key
        # a stat first: mkdir of an existing folder still locks its parent (/tmp, say), which
        # under load cost more than the rest of the record
        if not self.path.parent.is_dir():
            self.path.parent.mkdir(parents=True, exist_ok=True)
        if not self.head.parent.is_dir():
            self.head.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        with _locked(self.head):
            fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_NOFOLLOW,
                         0o600)
            try:
                before = _stamp(os.fstat(fd))
                if self._last is not None and self._last[0] == before:
                    prev, count = self._last[1], self._last[2]
                else:  # first append, or another writer appended meanwhile
                    prev, count = self._prev(key)
                rec = dict(record)
                rec["seq"] = count + 1
                rec["prev"] = prev
                body = _canonical(rec)
                rec["hash"] = mac(key, body)
                # the line is the canonical body plus its MAC (verify re-derives the body)
                line = body[:-1] + (',' if len(rec) > 1 else '') + f'"hash":"{rec["hash"]}"}}\n'
                os.write(fd, line.encode())
                after = _stamp(os.fstat(fd))
            finally:
                os.close(fd)
            _write_head(key, self.head, self.path, rec["hash"], rec["seq"])
            self._last = (after, rec["hash"], rec["seq"])
        return rec


@dataclass(frozen=True)
class VerifyResult:
    ok: bool
    records: int
    line: int | None = None  # first bad line (1-based)
    problem: str = ""


def verify(path: Path, home: Path) -> VerifyResult:
    """Check every record's MAC and link, and the count and last MAC against the head."""
    head = head_path(home, path)
    if not path.is_file():
        if head.is_file():
            return VerifyResult(False, 0, None, "the log was deleted (its head remains)")
        raise NotFoundError(f"audit log {path} does not exist",
                            "run a command through the sandbox first, or name the log")
    key = load_key(home, create=False)
    prev = GENESIS
    n = 0
    with open(path, "rb") as fh:
        for n, raw in enumerate(fh, start=1):
            try:
                rec = json.loads(raw)
            except (ValueError, RecursionError):
                return VerifyResult(False, n - 1, n, "not valid JSON")
            if not isinstance(rec, dict) or "hash" not in rec:
                return VerifyResult(False, n - 1, n, "not an audit record")
            if rec.get("prev") != prev:
                return VerifyResult(False, n - 1, n, "chain broken: a record before this line "
                                    "was deleted, inserted or reordered")
            if rec.get("seq") != n:
                return VerifyResult(False, n - 1, n, f"sequence {rec.get('seq')} at line {n}")
            if not hmac.compare_digest(record_hash(key, rec), str(rec["hash"])):
                return VerifyResult(False, n - 1, n, "record was edited or forged (MAC "
                                    "mismatch under this home's key)")
            prev = rec["hash"]
    doc = _read_head(head)
    if doc is None:
        if n == 0:
            return VerifyResult(True, 0)
        return VerifyResult(False, n, None, f"head {head} is missing or damaged: the log "
                            "cannot be shown complete (truncated and the head removed?)")
    try:
        good = hmac.compare_digest(str(doc.get("mac")), _head_mac(
            key, str(doc.get("log")), str(doc.get("hash")), int(doc.get("count", -1))))
    except (TypeError, ValueError):
        good = False
    if not good:
        return VerifyResult(False, n, None, f"head {head} was edited (MAC mismatch)")
    if doc.get("count") != n or doc.get("hash") != prev:
        return VerifyResult(False, n, n + 1, f"log ends at record {n} but its head records "
                            f"{doc.get('count')}: records were deleted or replaced")
    return VerifyResult(True, n)


def known_logs(home: Path) -> list[Path]:
    """Every log perfscout wrote under ``home`` (from the heads beside the key)."""
    d = home / PRIVATE / "heads"
    out: list[Path] = []
    if not d.is_dir():
        return out
    for h in sorted(d.glob("*.head")):
        doc = _read_head(h)
        if doc is not None and isinstance(doc.get("log"), str):
            out.append(Path(doc["log"]))
    return out


def read_records(path: Path) -> list[dict[str, Any]]:
    """Every record of the log (for ``audit show``); bad lines raise :class:`InputError`."""
    if not path.is_file():
        raise NotFoundError(f"audit log {path} does not exist")
    out = []
    with open(path, "rb") as fh:
        for n, line in enumerate(fh, start=1):
            try:
                out.append(json.loads(line))
            except (ValueError, RecursionError):
                raise InputError(f"{path}:{n}: not valid JSON",
                                 "run perfscout audit verify to see the damage") from None
    return out
