"""The append-only, hash-chained audit log of every request the sandbox saw.

One JSON object per line in ``WORKSPACE/.perfscout/audit.jsonl``. Each record carries ``prev``
(the hash of the record before it; 64 zeros for the first) and ``hash`` (SHA-256 of the record's
canonical JSON without ``hash``). A head file next to the log remembers the last hash and the
count, so deleting the final lines is caught too. :func:`verify` names the first bad line.

Appending is cheap: the head is a fixed-size record rewritten in place, and a writer that made
the last append (same file, size and mtime) reuses the hash it remembers instead of reading the
head again.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import json
import os
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from perfscout.model.errors import InputError, NotFoundError

GENESIS = "0" * 64
LOG_NAME = "audit.jsonl"


def default_log(workspace: Path) -> Path:
    """Where the runner for ``workspace`` writes its audit log."""
    return workspace / ".perfscout" / LOG_NAME


def _canonical(record: Mapping[str, Any]) -> str:
    body = {k: v for k, v in record.items() if k != "hash"}
    return json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def record_hash(record: Mapping[str, Any]) -> str:
    """SHA-256 of the canonical JSON of ``record`` minus its ``hash`` field."""
    return hashlib.sha256(_canonical(record).encode()).hexdigest()


HEAD_SIZE = 128  # bytes: the head JSON padded with spaces, rewritten in place


def _head_path(log: Path) -> Path:
    return log.with_name(log.name + ".head")


def _write_head(head: Path, digest: str, count: int) -> None:
    blob = json.dumps({"hash": digest, "count": count}).encode().ljust(HEAD_SIZE - 1) + b"\n"
    fd = os.open(head, os.O_WRONLY | os.O_CREAT, 0o644)
    try:
        os.pwrite(fd, blob, 0)
        if os.fstat(fd).st_size != len(blob):
            os.ftruncate(fd, len(blob))
    finally:
        os.close(fd)


def _stamp(st: os.stat_result) -> tuple[int, int, int, int]:
    return st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns


@contextlib.contextmanager
def _locked(log: Path) -> Iterator[None]:
    lock = log.with_name(log.name + ".lock")
    with open(lock, "a") as fh:
        fcntl.flock(fh.fileno(), fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fh.fileno(), fcntl.LOCK_UN)


def _last_hash(log: Path) -> tuple[str, int]:
    head = _head_path(log)
    if head.is_file():
        try:
            doc = json.loads(head.read_text())
            return str(doc["hash"]), int(doc["count"])
        except (ValueError, KeyError):
            pass
    # no (usable) head: take the last line, verify will report any damage
    last, count = GENESIS, 0
    if log.is_file():
        with open(log, "rb") as fh:
            for line in fh:
                if line.strip():
                    count += 1
                    with contextlib.suppress(ValueError, KeyError):
                        last = json.loads(line)["hash"]
    return last, count


class AuditLog:
    """Appends records to one log file; safe across processes (``flock``)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._last: tuple[tuple[int, int, int, int], str, int] | None = None

    def append(self, record: Mapping[str, Any]) -> dict[str, Any]:
        """Chain ``record`` to the log and write it as one line; returns what was written."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with _locked(self.path):
            fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
            try:
                before = _stamp(os.fstat(fd))
                if self._last is not None and self._last[0] == before:
                    prev, count = self._last[1], self._last[2]
                else:  # first append, or another writer appended meanwhile
                    prev, count = _last_hash(self.path)
                rec = dict(record)
                rec["seq"] = count + 1
                rec["prev"] = prev
                body = _canonical(rec)
                rec["hash"] = hashlib.sha256(body.encode()).hexdigest()
                # the line is the canonical body plus its hash (verify re-derives the body)
                line = body[:-1] + (',' if len(rec) > 1 else '') + f'"hash":"{rec["hash"]}"}}\n'
                os.write(fd, line.encode())
                after = _stamp(os.fstat(fd))
            finally:
                os.close(fd)
            _write_head(_head_path(self.path), rec["hash"], rec["seq"])
            self._last = (after, rec["hash"], rec["seq"])
        return rec


@dataclass(frozen=True)
class VerifyResult:
    ok: bool
    records: int
    line: int | None = None  # first bad line (1-based)
    problem: str = ""


def verify(path: Path) -> VerifyResult:
    """Check every record's hash and link; the head file catches deleted trailing lines."""
    if not path.is_file():
        raise NotFoundError(f"audit log {path} does not exist",
                            "run a command through the sandbox first, or name the log")
    prev = GENESIS
    n = 0
    with open(path, encoding="utf-8", errors="replace") as fh:
        for n, line in enumerate(fh, start=1):
            try:
                rec = json.loads(line)
            except ValueError:
                return VerifyResult(False, n - 1, n, "not valid JSON")
            if not isinstance(rec, dict) or "hash" not in rec:
                return VerifyResult(False, n - 1, n, "not an audit record")
            if rec.get("prev") != prev:
                return VerifyResult(False, n - 1, n, "chain broken: a record before this line "
                                    "was deleted, inserted or reordered")
            if rec.get("seq") != n:
                return VerifyResult(False, n - 1, n, f"sequence {rec.get('seq')} at line {n}")
            if record_hash(rec) != rec["hash"]:
                return VerifyResult(False, n - 1, n, "record was edited (hash mismatch)")
            prev = rec["hash"]
    head = _head_path(path)
    if head.is_file():
        try:
            doc = json.loads(head.read_text())
        except ValueError:
            return VerifyResult(False, n, None, f"head file {head} is damaged")
        if doc.get("count") != n or doc.get("hash") != prev:
            return VerifyResult(False, n, n + 1, f"log ends at line {n} but the head file "
                                f"records {doc.get('count')} records: trailing lines deleted")
    return VerifyResult(True, n)


def read_records(path: Path) -> list[dict[str, Any]]:
    """Every record of the log (for ``audit show``); bad lines raise :class:`InputError`."""
    if not path.is_file():
        raise NotFoundError(f"audit log {path} does not exist")
    out = []
    with open(path, encoding="utf-8", errors="replace") as fh:
        for n, line in enumerate(fh, start=1):
            try:
                out.append(json.loads(line))
            except ValueError:
                raise InputError(f"{path}:{n}: not valid JSON",
                                 "run perfscout audit verify to see the damage") from None
    return out
