"""Turn raw job-log bytes into the lines a person would see.

Job logs carry ANSI escapes (colours, cursor-up from tqdm), carriage-return progress bars and
sometimes invalid UTF-8. Each cleaned line keeps its 1-based line number in the file, so evidence
can be quoted as ``file:line``.
"""

from __future__ import annotations

import re

ANSI = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b[@-_]")


def clean_lines(raw: bytes) -> list[tuple[int, str]]:
    """(line number, visible text) for every line; a CR-rewritten line keeps every segment that
    is not a progress bar redraw, so a message appended after a bar is not lost."""
    text = raw.decode("utf-8", errors="replace")
    out: list[tuple[int, str]] = []
    for no, line in enumerate(text.split("\n"), start=1):
        line = ANSI.sub("", line)
        segments = [s.strip() for s in line.split("\r") if s.strip()]
        if not segments:
            continue
        out.append((no, " | ".join(segments) if len(segments) > 1 else segments[0]))
    return out
