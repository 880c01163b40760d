"""Streaming line reading and the unparsed-line tally the text adapters share.

Text adapters read one line at a time (never the whole file) through
:func:`perfscout.ingest.textutil.iter_lines`, and
record every line they did not understand in an :class:`Unparsed` tally, whose count and first
line numbers go into ``Profile.unparsed_lines`` / ``unparsed_examples``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path
from typing import TypeVar

from perfscout.ingest.textutil import Unparsed
from perfscout.model.errors import ParseError

__all__ = ["Unparsed", "first_match", "to_float"]

H = TypeVar("H")


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
