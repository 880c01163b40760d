"""Apply a unified diff to one source text, in memory (no ``patch`` binary needed),
or a multi-file diff to a project copy (:func:`apply_patch_to_tree`).

Hunks must match their context exactly (a small line offset is tolerated); a hunk that does not
match raises InputError naming it, so a stale patch never builds a half-changed variant.
"""

from __future__ import annotations

import re
from pathlib import Path

from perfscout.model.errors import InputError
from perfscout.model.languages import SOURCE_EXT

_HUNK = re.compile(r"^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@", re.M)
SOURCE_SUFFIXES = tuple(sorted(SOURCE_EXT))


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
    """The hunks of ``diff``: (first old line, old lines, new lines). A hunk's lines start
    with a space, ``-`` or ``+`` (an empty line is an empty context line, as some tools and
    editors leave it); any other line ends the hunk, as ``diff -r``'s "Binary files a/x.o and
    b/x.o differ" or "Only in ..." between files do (they were once read as context, and the
    hunk then matched nothing)."""
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
        if raw.strip() and raw[:1] not in (" ", "-", "+", "\\"):
            cur = None  # not a hunk line: the hunk is over
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


def split_files(diff: str) -> list[tuple[str, str]]:
    """The per-file sections of a (possibly multi-file) unified diff: (path, section text).

    The path is the ``+++`` header's (``/dev/null`` is refused: files are not deleted);
    hunks before any header get the path ``""``."""
    sections: list[tuple[str, list[str]]] = []
    lines = diff.splitlines(keepends=True)
    i = 0
    while i < len(lines):
        ln = lines[i]
        if ln.startswith("--- ") and i + 1 < len(lines) and lines[i + 1].startswith("+++ "):
            path = lines[i + 1][4:].strip().split("\t")[0]
            sections.append((path, [ln, lines[i + 1]]))
            i += 2
            continue
        if ln.startswith("diff ") or ln.startswith("index "):
            i += 1
            continue
        if not sections:
            sections.append(("", []))
        sections[-1][1].append(ln)
        i += 1
    return [(p, "".join(body)) for p, body in sections if _HUNK.search("".join(body))]


def _target(root: Path, path: str, name: str) -> Path:
    if path == "/dev/null":
        raise InputError(f"patch for {name} deletes a file; only changes to files are applied")
    rel = Path(path)
    cands = [rel, Path(*rel.parts[1:])] if len(rel.parts) > 1 else [rel]
    for c in cands:
        if not c.is_absolute() and ".." not in c.parts and (root / c).is_file():
            return root / c
    hits = [p for p in root.rglob(rel.name) if p.is_file()]
    if len(hits) == 1:
        return hits[0]
    raise InputError(f"patch for {name} names {path}, which is not a file of the project",
                     hint="diff paths are relative to the project directory (a/ b/ prefixes "
                          "are stripped)")


def apply_patch_to_tree(root: Path, diff: str, name: str = "the project") -> list[Path]:
    """Apply every file section of ``diff`` to the files under ``root``, in order; returns the
    files changed. A section without a header applies to the only C/C++/Fortran source of a
    one-source project, else it is refused."""
    changed: list[Path] = []
    for path, section in split_files(diff):
        if path:
            target = _target(root, path, name)
        else:
            srcs = [p for p in root.rglob("*") if p.suffix in SOURCE_SUFFIXES
                    and p.suffix not in (".h", ".hpp") and p.is_file()]
            if len(srcs) != 1:
                raise InputError(f"patch for {name} names no file and the project has "
                                 f"{len(srcs)} sources", hint="give ---/+++ file headers")
            target = srcs[0]
        text = apply_unified_diff(target.read_text(), section, f"{target.name} ({name})")
        target.write_text(text)
        changed.append(target)
    if not changed:
        raise InputError(f"patch for {name} has no hunks", hint="give a unified diff (diff -u)")
    return changed
