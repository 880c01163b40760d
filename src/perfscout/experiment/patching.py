"""Apply a unified diff to one source text, in memory (no ``patch`` binary needed).

Hunks must match their context exactly (a small line offset is tolerated); a hunk that does not
match raises InputError naming it, so a stale patch never builds a half-changed variant.
"""

from __future__ import annotations

import re

from perfscout.model.errors import InputError

_HUNK = re.compile(r"^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@")


def apply_unified_diff(text: str, diff: str, name: str = "source") -> str:
    """Return ``text`` with every hunk of ``diff`` applied (file headers are ignored)."""
    lines = text.splitlines(keepends=True)
    out: list[str] = []
    pos = 0
    hunks = _parse(diff)
    if not hunks:
        raise InputError(f"patch for {name} has no hunks", hint="give a unified diff (diff -u)")
    for idx, (start, old, new) in enumerate(hunks, 1):
        at = _locate(lines, old, max(start - 1, 0), pos)
        if at is None:
            raise InputError(f"patch hunk {idx} does not apply to {name}",
                             hint="regenerate the diff against the current source")
        out.extend(lines[pos:at])
        out.extend(new)
        pos = at + len(old)
    out.extend(lines[pos:])
    return "".join(out)


def _parse(diff: str) -> list[tuple[int, list[str], list[str]]]:
    hunks: list[tuple[int, list[str], list[str]]] = []
    cur: tuple[int, list[str], list[str]] | None = None
    for raw in diff.splitlines(keepends=True):
        m = _HUNK.match(raw)
        if m:
            cur = (int(m.group(1)), [], [])
            hunks.append(cur)
            continue
        if cur is None or (raw.startswith(("--- ", "+++ ")) and not cur[1] and not cur[2]):
            continue
        body = raw[1:] if raw[:1] in (" ", "-", "+") else raw
        if not body.endswith("\n"):
            body += "\n"
        if raw.startswith("\\"):
            continue
        if raw.startswith("-"):
            cur[1].append(body)
        elif raw.startswith("+"):
            cur[2].append(body)
        else:
            cur[1].append(body)
            cur[2].append(body)
    return hunks


def _locate(lines: list[str], old: list[str], hint: int, floor: int) -> int | None:
    for delta in range(0, 200):
        for at in {hint + delta, hint - delta}:
            if at >= floor and lines[at:at + len(old)] == old:
                return at
    return None
