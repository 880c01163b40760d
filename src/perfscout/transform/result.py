"""What a source transformation returns: the change, or why it was refused.

A :class:`Refusal` is never silent: its reason names the dependence or the construct that
forbids the change (``flow dependence on x: x[i + 1] (line 7) ... carried by loop i``), so the
session and the report can show the user exactly why a source proposal stayed without a diff.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Generated:
    """A generated source change: a unified diff against one file, and what the build needs."""

    transform: str  # the proposal id it implements (loop_interchange, omp_simd, ...)
    path: str  # the file, relative to the source root, that the diff touches
    diff: str
    new_text: str
    note: str  # one line: what was done, on which loops, under which assumptions
    flags: tuple[str, ...] = ()  # compiler flags the change needs (-fopenmp, ...)
    libs: tuple[str, ...] = ()  # libraries to link (-lopenblas)
    #: other files the change rewrites (path as ``path`` is given, new text): a function's
    #: declarations in headers changed with its definition; ``diff`` covers them too
    others: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Refusal:
    """The transformation does not apply here; ``reason`` names what prevented it."""

    transform: str
    reason: str

    def __str__(self) -> str:
        return f"{self.transform} refused: {self.reason}"
