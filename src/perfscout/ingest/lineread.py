"""Streaming line reading and the unparsed-line tally the text adapters of part B share.

Text adapters read one line at a time (never the whole file) through :func:`numbered_lines`, and
record every line they did not understand in an :class:`Unparsed` tally, whose count and first
line numbers go into ``Profile.unparsed_lines`` / ``unparsed_examples``.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from perfscout.model.errors import ParseError

MAX_EXAMPLES = 10


def numbered_lines(path: Path) -> Iterator[tuple[int, str]]:
    """Yield ``(line_number, line_without_newline)`` from ``path``, 1-based, streaming.

    Undecodable bytes are replaced, so a stray byte never aborts a parse; a directory or an
    unreadable file raises :class:`ParseError` naming it.
    """
    try:
        fh = path.open("r", encoding="utf-8", errors="replace", newline=None)
    except OSError as exc:
        raise ParseError(str(path), None, "a readable text file", str(exc)) from None
    with fh:
        for n, line in enumerate(fh, 1):
            yield n, line.rstrip("\r\n")


@dataclass
class Unparsed:
    """Counts lines an adapter could not interpret and keeps the first few line numbers."""

    count: int = 0
    examples: list[int] = field(default_factory=list)

    def add(self, line_no: int) -> None:
        self.count += 1
        if len(self.examples) < MAX_EXAMPLES:
            self.examples.append(line_no)

    def as_fields(self) -> dict[str, object]:
        """Keyword arguments for :class:`perfscout.model.metrics.Profile`."""
        return {"unparsed_lines": self.count, "unparsed_examples": tuple(self.examples)}


def to_float(text: str, path: Path, line_no: int, what: str) -> float:
    """``float(text)`` or a :class:`ParseError` naming the file, line and expected value."""
    try:
        return float(text)
    except ValueError:
        raise ParseError(str(path), line_no, what, text) from None
