"""Streaming line reading and the unparsed-line tally the text adapters share.

Text adapters read one line at a time (never the whole file) through :func:`numbered_lines`, and
record every line they did not understand in an :class:`Unparsed` tally, whose count and first
line numbers go into ``Profile.unparsed_lines`` / ``unparsed_examples``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TypeVar

from perfscout.ingest.textutil import Unparsed
from perfscout.model.errors import ParseError

__all__ = ["Unparsed", "first_match", "numbered_lines"]

H = TypeVar("H")


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


def to_float(text: str, path: Path, line_no: int, what: str) -> float:
    """``float(text)`` or a :class:`ParseError` naming the file, line and expected value."""
    try:
        return float(text)
    except ValueError:
        raise ParseError(str(path), line_no, what, text) from None


def first_match(text: str, table: Sequence[tuple[re.Pattern[str], H]]
                ) -> tuple[H, re.Match[str]] | None:
    """The handler and match of the first pattern of ``table`` found in ``text`` (``search``:
    anchor a pattern with ``^`` to match at the start), or None. Line-oriented adapters keep
    their line kinds as such a table instead of a chain of match/if blocks."""
    for pattern, handler in table:
        m = pattern.search(text)
        if m is not None:
            return handler, m
    return None
