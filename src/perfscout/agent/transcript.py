"""The session transcript: one JSON object per line, flushed as it happens.

Kinds: ``meta`` (question, files, model, budgets), ``message`` (what was sent), ``model_reply``
(text, tool calls, token usage: what :class:`~perfscout.agent.models.ReplayModel` replays),
``tool_result``, ``decision`` (guard verdicts, approvals, denials) and ``end``. A crash loses at
most the line being written; a replay reads every complete line.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import IO, Any

from perfscout.files import parse_structured, read_user_text
from perfscout.model.errors import InputError, NotFoundError
from perfscout.model.serialize import to_jsonable


class Transcript:
    """Appends records to ``path`` (created with its parent directory)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        path.parent.mkdir(parents=True, exist_ok=True)
        self._fh: IO[str] | None = open(path, "a", encoding="utf-8")  # noqa: SIM115

    def write(self, kind: str, **data: Any) -> None:
        if self._fh is None:
            return
        rec = {"t": round(time.time(), 3), "kind": kind, **to_jsonable(data)}
        self._fh.write(json.dumps(rec, ensure_ascii=False, default=str) + "\n")
        self._fh.flush()

    def close(self) -> None:
        if self._fh is not None:
            self._fh.close()
            self._fh = None


def read_transcript(path: Path | str) -> list[dict[str, Any]]:
    """Every record of a transcript; a damaged line is an InputError naming it."""
    p = Path(path)
    if not p.is_file():
        raise NotFoundError(f"{p}: no such transcript", "sessions print their transcript path")
    out = []
    for n, line in enumerate(read_user_text(p, "transcript").splitlines(), 1):
        if not line.strip():
            continue
        try:
            rec = parse_structured(line, f"{p}:{n}", "json")
        except InputError:
            raise InputError(f"{p}:{n}: not a JSON line",
                             "the transcript is damaged at this line") from None
        if not isinstance(rec, dict) or "kind" not in rec:
            raise InputError(f"{p}:{n}: not a transcript record (no 'kind')")
        out.append(rec)
    if not out or out[0].get("kind") != "meta":
        raise InputError(f"{p}: not a perfscout agent transcript (no meta record first)")
    return out
