"""Floating-point types by every name a source file or a program's printout gives them, with
their width: declared once here and read by the printout reader (a run's type in bytes), the
A/B words of ``app.precision`` and of a build table's type column, and the BLAS/LAPACK
generators (the routine's ``d``/``s`` prefix). ``model`` depends on nothing."""

from __future__ import annotations

import re

#: each width's spellings, as C, C++, Fortran and printouts write them (blanks and leading
#: underscores do not count: ``long double`` = ``longdouble``, ``__float128`` = ``float128``)
_SPELLINGS: dict[int, tuple[str, ...]] = {
    16: ("long double", "float128", "quad", "quadruple", "binary128", "real*16", "real(16)",
         "real(kind=16)", "fp128"),
    8: ("double", "double precision", "float64", "fp64", "binary64", "real*8", "real(8)",
        "real(kind=8)", "f64"),
    4: ("float", "single", "float32", "fp32", "binary32", "real*4", "real(4)", "real(kind=4)",
        "f32", "real"),
    2: ("half", "fp16", "float16", "binary16"),
}

#: Fortran's default ``real``: a type in a declaration, but in a printout the word that labels
#: one (``real: float``), so a printout's type is never read from it alone
DEFAULT_REAL = "real"


def _key(spelling: str) -> str:
    return re.sub(r"\s+", "", spelling.lower()).lstrip("_")


TYPE_BYTES: dict[str, int] = {_key(s): w for w, names in _SPELLINGS.items() for s in names}

#: words that label a type or its size in a printout or a build table (``precision=``,
#: ``kind: 8``, ``wp``): a number beside one is the type's echo, not a second factor
TYPE_LABELS = frozenset({"real", "kind", "precision", "type", "wp", "dp", "sp"})

#: the single-word names of the types (``double``, ``fp32``): the words that make a pair of
#: runs a precision A/B when they differ by one
TYPE_WORDS = frozenset(k for k in TYPE_BYTES if re.fullmatch(r"[a-z]\w*", k))


def type_bytes(spelling: str) -> int | None:
    """The width in bytes of the type ``spelling`` names (``double precision`` -> 8,
    ``_Float128`` -> 16), None for a name that is no floating-point type."""
    return TYPE_BYTES.get(_key(spelling))


def blas_prefix(spelling: str) -> str | None:
    """``d`` or ``s``, the BLAS/LAPACK routine prefix for a declaration's element type; None
    for any other type (a generated call needs all operands in one of the two)."""
    return {8: "d", 4: "s"}.get(type_bytes(spelling) or 0)


def printout_pattern() -> str:
    """A regular expression alternative of every type name a printout may give (longest
    first, blanks as ``\\s+``, leading underscores optional), Fortran's bare ``real`` left out
    (there it labels)."""
    names = sorted({s for ns in _SPELLINGS.values() for s in ns if s != DEFAULT_REAL},
                   key=len, reverse=True)
    return "|".join("_*" + r"\s+".join(re.escape(p) for p in s.split()) for s in names)
