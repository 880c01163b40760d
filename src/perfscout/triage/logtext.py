"""Turn raw job-log bytes into the lines a person would see.

Job logs carry ANSI escapes (colours, cursor-up from tqdm), carriage-return progress bars and
sometimes invalid UTF-8. A terminal shows only the last state of a carriage-return progress line,
so only that state is kept; a segment that is not a redraw of the same bar (a message written
before the bar moved on) is kept too. Text another writer glued onto a line without a newline
(the scheduler's ``slurmstepd: error:`` after a progress bar, a Python ``Traceback`` after
``tqdm``) is split onto its own line. Each line keeps its 1-based line number in the file, so
evidence can be quoted as ``file:line``.
"""

from __future__ import annotations

import bisect
import re

ANSI = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b[@-_]")
# writers that start a line of their own but often land after an unterminated progress line
GLUED = re.compile(r"(?<=\S)(?=slurmstepd(?:-[\w.-]+)?: error: |srun: error: |"
                   r"Traceback \(most recent call last\):)")
_DIGITS = re.compile(r"\d+(?:\.\d+)?")
# what a log is judged by when telling text from binary data, and the share of characters
# that are neither printable nor layout (undecodable bytes, control codes) that makes it binary
BINARY_SAMPLE = 64 * 1024
BINARY_SHARE = 0.10
_LAYOUT = frozenset("\t\n\r\x1b\b\f\v")


def looks_binary(raw: bytes) -> bool:
    """Binary data (a program, a core file, an archive), not a log: judged on the start of
    ``raw`` without its NUL bytes (a log truncated while a job kept writing begins with a hole
    of NULs), so stray non-UTF-8 bytes in a real log do not count against it."""
    text = raw[:BINARY_SAMPLE].replace(b"\0", b"").decode("utf-8", errors="replace")
    if not text:
        return False
    odd = sum(1 for c in text if c == "\ufffd" or (c < " " and c not in _LAYOUT))
    return odd > BINARY_SHARE * len(text)


def _shape(segment: str) -> str:
    """A progress bar's redraws differ only in their numbers and bar characters."""
    return _DIGITS.sub("#", re.sub(r"[#█▏▎▍▌▋▊▉=>\- ]+", " ", segment)).strip()


def _visible(line: str) -> list[str]:
    """The last state of a carriage-return line, plus earlier segments that are not redraws."""
    segments = [s.rstrip() for s in line.split("\r") if s.strip()]
    if len(segments) <= 1:
        return segments
    last = _shape(segments[-1])
    seen = {last}
    kept = []
    for seg in segments[:-1]:
        shape = _shape(seg)
        if shape not in seen and not _prefix_of_redraw(shape, last):
            kept.append(seg)
            seen.add(shape)
    return [*kept, segments[-1]]


def _prefix_of_redraw(shape: str, last: str) -> bool:
    """A bar state whose label matches the final state's (``train: #%|...``)."""
    head = shape.split(" ", 1)[0]
    return bool(head) and last.startswith(head) and "#" in shape


def clean_lines(raw: bytes) -> list[tuple[int, str]]:
    """(line number, visible text) for every non-blank line, in file order, indentation kept
    (tracebacks need it); one file line can give several entries (kept segments, glued
    writers) with the same number."""
    text = raw.decode("utf-8", errors="replace")
    out: list[tuple[int, str]] = []
    for no, line in enumerate(text.split("\n"), start=1):
        for seg in _visible(ANSI.sub("", line)):
            out.extend((no, part.rstrip()) for part in GLUED.split(seg) if part.strip())
    return out


class LineIndex:
    """Cleaned lines searchable a regex at a time over the whole text (one pass in C per
    regex instead of one call per line: a 10 MB log in about a second, not a minute)."""

    def __init__(self, lines: list[tuple[int, str]]) -> None:
        self.lines = lines
        self.text = "\n".join(t for _, t in lines)
        self.lower = self.text.lower()
        self.starts: list[int] = []
        pos = 0
        for _, t in lines:
            self.starts.append(pos)
            pos += len(t) + 1

    def hits(self, rx: re.Pattern[str]) -> list[int]:
        """Indices (into ``lines``) of the lines ``rx`` matches, each once, in order; ``rx``
        must be compiled with re.MULTILINE for ``^``/``$`` to mean a line's ends."""
        out: list[int] = []
        for m in rx.finditer(self.text):
            idx = bisect.bisect_right(self.starts, m.start()) - 1
            if not out or out[-1] != idx:
                out.append(idx)
        return out
