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
from perfscout.transform.region import Region, analyse
from perfscout.transform.source import Code, Loop, Node, language_of, walk

#: a compiler remark saying floating-point order blocks (or serialises) a vectorised loop
FP_REMARK = re.compile(r"reorder floating|unsafe fp math|fold-left|in-order \(fold-left\)|"
                       r"floating-point.*(reassociat|reorder)|fp math optimization|"
                       r"-ffast-math|-fassociative-math", re.I)
FP_TYPES = re.compile(r"\b(double|float|real|long double|_Float\d+|complex)\b", re.I)


def _innermost_loop(text: str, rel: str, line: int) -> tuple[Code, Node] | None:
    """The parsed file and the innermost loop holding ``rel:line``; None when the file is not
    C/C++/Fortran or the line is in no loop."""
    if language_of(rel) is None:
        return None
    code = Code(text, rel)
    nodes = code.loops_at(line)
    return (code, nodes[0]) if nodes else None


def fp_reductions(text: str, rel: str, line: int) -> list[str]:
    """The floating-point scalars the innermost loop holding ``rel:line`` reduces into
    (``+``/``*``), declared ``float``/``double``/``real``; empty when none, or when the file
    is not C/C++/Fortran or the line in no loop."""
    found = _innermost_loop(text, rel, line)
    if found is None:
        return []
    code, node = found
    lp = code.loop(node)
    if not lp.counted:
        return []
    region = analyse(code, lp)
    reds = scalars(region, lp).reductions
    fn = code.function_of(node)
    out = [n for n in reds if FP_TYPES.search(code.declared_type(fn, n) or "")]
    return out + [t for t in _element_sums(code, region, lp)
                  if FP_TYPES.search(code.declared_type(fn, t.split("(")[0].split("[")[0]
                                                        .strip()) or "")]


#: ``X = X + e`` / ``X += e`` on one line, X an array element (its text as written)
_SUM_INTO = re.compile(r"^\s*(?P<x>[A-Za-z_]\w*\s*(?:\([^=]*\)|(?:\[[^=\]]*\])+))\s*"
                       r"(?:\+=|=\s*(?P=x)\s*\+)")


def _element_sums(code: Code, region: Region, lp: Loop) -> list[str]:
    """The array elements the loop sums into whose subscripts do not change in it
    (``corr(i, j) = corr(i, j) + data(k, i) * data(k, j)`` in the loop over ``k``,
    ``c[i][j] += a[i][k] * b[k][j]``): each iteration adds to one memory cell in the program's
    order, a reduction like a scalar's. Every reference to the array in the loop is that one
    element, affine, on the one line that updates it."""
    refs = [r for r in region.refs if lp in r.loops]
    lines = code.lines
    out: list[str] = []
    for name in dict.fromkeys(r.name for r in refs if r.write):
        mine = [r for r in refs if r.name == name]
        texts = {re.sub(r"\s+", "", r.text) for r in mine}
        if len(texts) != 1 or len({r.line for r in mine}) != 1 or any(
                r.dims is None or any(v == lp.var for d in r.dims for v, c in d.coefs if c)
                for r in mine) or not 0 < mine[0].line <= len(lines):
            continue
        m = _SUM_INTO.match(lines[mine[0].line - 1])
        if m is not None and re.sub(r"\s+", "", m["x"]) in texts:
            out.append(mine[0].text)
    return out


#: math functions GCC and Clang vectorise only through a vector math library, which they call
#: only when errno and exact rounding may be dropped (``-ffast-math``)
VECTOR_MATH = frozenset({
    "exp", "expf", "exp2", "log", "logf", "log2", "log10", "pow", "powf", "sin", "sinf", "cos",
    "cosf", "tan", "tanh", "atan", "atan2", "erf", "cbrt", "sinh", "cosh"})


def math_calls(text: str, rel: str, line: int) -> list[str]:
    """The calls to the :data:`VECTOR_MATH` functions (``exp``, ``std::exp``...) in the body
    of the innermost loop holding ``rel:line`` (any loop kind: a range-based for too), in
    source order without repeats; empty when none or the line is in no loop."""
    found = _innermost_loop(text, rel, line)
    if found is None:
        return []
    code, node = found
    return _vector_math_in(code, node)


def _vector_math_in(code: Code, node: Node) -> list[str]:
    """The :data:`VECTOR_MATH` functions called under ``node``, in source order, once each."""
    out: list[str] = []
    for n in walk(node):
        if n.type != "call_expression":
            continue
        fn = n.child_by_field_name("function") or (n.named_children[0] if n.named_children
                                                   else None)
        name = code.text_of(fn).replace(" ", "") if fn is not None else ""
        if name.rpartition("::")[2] in VECTOR_MATH and name not in out:
            out.append(name)
    return out


def function_math_calls(text: str, rel: str, line: int) -> tuple[str, list[str]] | None:
    """(the function, the math functions it calls) when ``rel:line`` is in no loop of a C/C++
    function that calls :data:`VECTOR_MATH` functions in a body without loops of its own: a
    per-element routine (``CNDF(x)`` calling ``exp``) whose caller's loop is what vectorises;
    None otherwise."""
    if language_of(rel) not in ("c", "cpp"):
        return None
    code = Code(text, rel)
    if code.loops_at(line):
        return None
    node = code.node_at_line(line)
    fn = code.function_of(node) if node is not None else None
    if fn is None or any(n.type in ("for_statement", "while_statement", "do_statement",
                                    "for_range_loop") for n in walk(fn)):
        return None
    calls = _vector_math_in(code, fn)
    name = code.function_name(fn)
    return (name, calls) if calls and name else None


__all__ = ["FP_REMARK", "VECTOR_MATH", "fp_reductions", "function_math_calls", "math_calls"]
