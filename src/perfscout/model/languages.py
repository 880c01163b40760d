"""Source languages by file name: the one table of suffixes every stage reads (the parsers
that generate changes, the experiment's build of a project, gcov's line counts, the search
for a routine's source). Declared once here; ``model`` depends on nothing."""

from __future__ import annotations

from pathlib import PurePath

C_EXT = frozenset({".c", ".h"})
CPP_EXT = frozenset({".cc", ".cpp", ".cxx", ".c++", ".hpp", ".hh", ".hxx", ".C"})
FORTRAN_EXT = frozenset({".f", ".f90", ".f95", ".f03", ".f08", ".F", ".F90", ".F95", ".for",
                         ".ftn"})
#: headers: read with their language, never compiled on their own
HEADER_EXT = frozenset({".h", ".hpp", ".hh", ".hxx"})
#: every source suffix
SOURCE_EXT = C_EXT | CPP_EXT | FORTRAN_EXT
#: the files a build compiles
COMPILED_EXT = SOURCE_EXT - HEADER_EXT


def language_of(path: str) -> str | None:
    """``c``, ``cpp`` or ``fortran`` from the file name (Fortran's suffixes in any case);
    None for anything else."""
    suffix = PurePath(path).suffix
    if suffix in C_EXT:
        return "c"
    if suffix in CPP_EXT:
        return "cpp"
    if suffix.lower() in {s.lower() for s in FORTRAN_EXT}:
        return "fortran"
    return None
