"""Floating-point reductions in the hot loop: what keeps a compiler from vectorising it.

A sum ``s += a[i] * b[i]`` over ``double s`` must be added in the program's order unless the
compiler may reassociate (``-ffast-math``, ``-fassociative-math``): GCC then keeps the loop
scalar or uses an in-order (fold-left) reduction, Clang says it "cannot prove it is safe to
reorder floating-point operations". :func:`fp_reductions` names such scalars in the innermost
loop at a line, from the parsed source (the same scalar classification the OpenMP generators
use); :data:`FP_REMARK` matches the compilers' own words for it.
"""

from __future__ import annotations

import re

from perfscout.transform.depend import scalars
from perfscout.transform.region import analyse
from perfscout.transform.source import Code, language_of

#: a compiler remark saying floating-point order blocks (or serialises) a vectorised loop
FP_REMARK = re.compile(r"reorder floating|unsafe fp math|fold-left|in-order \(fold-left\)|"
                       r"floating-point.*(reassociat|reorder)|fp math optimization|"
                       r"-ffast-math|-fassociative-math", re.I)
FP_TYPES = re.compile(r"\b(double|float|real|long double|_Float\d+|complex)\b", re.I)


def fp_reductions(text: str, rel: str, line: int) -> list[str]:
    """The floating-point scalars the innermost loop holding ``rel:line`` reduces into
    (``+``/``*``), declared ``float``/``double``/``real``; empty when none, or when the file
    is not C/C++/Fortran or the line in no loop."""
    if language_of(rel) is None:
        return []
    code = Code(text, rel)
    nodes = code.loops_at(line)
    if not nodes:
        return []
    lp = code.loop(nodes[0])
    if not lp.counted:
        return []
    reds = scalars(analyse(code, lp), lp).reductions
    fn = code.function_of(nodes[0])
    return [n for n in reds if FP_TYPES.search(code.declared_type(fn, n) or "")]


__all__ = ["FP_REMARK", "fp_reductions"]
