"""The base class every format adapter implements."""

from __future__ import annotations

from abc import ABC, abstractmethod
from pathlib import Path

from perfscout.model.metrics import Profile

SNIFF_BYTES = 64 * 1024


class Adapter(ABC):
    """One input format.

    ``sniff`` looks at the head of a file (or at a directory) and returns a score in 0..1 (0: not
    this format); the registry picks the highest. ``parse`` reads the whole input and returns a
    :class:`Profile`, raising :class:`perfscout.model.errors.ParseError` (file, line, what was
    expected) when the input is malformed. Unknown lines are counted in ``unparsed_lines``.
    """

    name: str = ""
    description: str = ""
    family: str = ""  # one of model.metrics.FAMILIES: which independent source this is
    binary: bool = False  # sniff receives bytes decoded as latin-1 when True

    @abstractmethod
    def sniff(self, head: str, path: Path) -> float:
        """Score in 0..1 that ``path`` (whose first bytes are ``head``) is in this format."""

    @abstractmethod
    def parse(self, path: Path) -> Profile:
        """Parse ``path`` into a Profile."""
