"""A GEMM/GEMV nest whose result is first scaled by a scalar: BLAS's ``beta``.

PolyBench and most hand-written codes compute ``C = alpha*A*B + beta*C`` as::

    for i: { for j: C[i][j] *= beta;  for k: for j: C[i][j] += alpha * A[i][k] * B[k][j]; }

which is not a perfect nest. :func:`widen` recognises the scaling statement (``X *= s``,
``X = s * X``, ``X = X * s``, or ``X = 0`` for beta 0), over loops with the accumulation's own
bounds, or no loop when the enclosing loops already give every index, either as the first
statement of the loop around the accumulation nest (fused) or as the loop nest just before it,
and returns the nest that spans both with ``beta`` the scalar. It is exact: each element is
scaled once before its terms are added, as BLAS does. In the fused form, a write of the result
that is not such a scaling (by an array element, a loop variable, of another element, or over
other bounds) is refused with what it is; a separate nest before that is not one (of any of
those kinds) just stays (the call then accumulates onto what it left, beta 1).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from perfscout.transform.nest import (
    Nest,
    assignment,
    flat,
    loop_end_line,
    parent_loop,
    zero_value,
)
from perfscout.transform.region import Ref, analyse
from perfscout.transform.source import C_LOOP, F_LOOP, Code, Loop, Node, walk


@dataclass(frozen=True)
class Scaled:
    """The nest spanning the scaling and the accumulation; ``beta`` the scaling scalar."""

    nest: Nest
    beta: str


def _chain(code: Code, n: Node) -> tuple[list[Loop], Node] | None:
    """The single-body loops from ``n`` down and the one statement inside them."""
    loops = []
    while n.type in (C_LOOP, F_LOOP):
        lp = code.loop(n)
        if not lp.counted or len(lp.body) != 1:
            return None
        loops.append(lp)
        n = lp.body[0]
    return loops, n


def scale_of(code: Code, st: Node) -> tuple[str, Node] | None:
    """(scaled element, factor) of ``X *= s`` / ``X = s * X`` / ``X = X * s``."""
    got = assignment(code, st)
    if got is None:
        return None
    left, op, right = got
    if op == "*=":
        return code.text_of(left), right
    if op == "=" and right.type in ("number_literal", "number_literal_expression",
                                    "call_expression") and zero_value(code, right):
        return code.text_of(left), right  # X = 0 (or SCALAR_VAL(0.0)): beta 0
    while right.type == "parenthesized_expression" and right.named_children:
        right = right.named_children[0]
    rop = right.child_by_field_name("operator")
    if op != "=" or rop is None or code.text_of(rop) != "*":
        return None
    a, b = right.child_by_field_name("left"), right.child_by_field_name("right")
    if a is None or b is None:
        return None
    if flat(code.text_of(a)) == flat(code.text_of(left)):
        return code.text_of(left), b
    if flat(code.text_of(b)) == flat(code.text_of(left)):
        return code.text_of(left), a
    return None


def scalar_problem(code: Code, e: Node, loop_vars: set[str]) -> str:
    """Why ``e`` is not one scalar for the whole nest ("" when it is): an array element, a
    call, or a loop variable in it."""
    for d in walk(e):
        fn = d.child_by_field_name("function") if d.type == "call_expression" else None
        if fn is not None and code.text_of(fn) in code.pure_macros:
            continue  # a call-free macro (SCALAR_VAL(x)): an expression
        if d.type in ("subscript_expression", "call_expression", "field_expression",
                      "pointer_expression"):
            return f"{code.text_of(d)} is not a scalar"
        if d.type == "identifier" and code.name_of(d) in loop_vars:
            return f"it varies with loop {code.name_of(d)}"
    return ""


def _same_bounds(a: Loop, b: Loop) -> bool:
    return (flat(a.lower), flat(a.upper), a.step, a.inclusive) == \
        (flat(b.lower), flat(b.upper), b.step, b.inclusive)


def widen(code: Code, nest: Nest, out: Ref) -> Scaled | str | None:
    """The nest with the scaling of ``out`` before it; None when there is no statement before
    the nest that writes ``out``'s array, or a separate nest before that is no scaling (it
    stays); the reason when the fused write is one BLAS cannot express."""
    root = nest.loops[0]
    pnode = parent_loop(code, root.node)
    parent = code.loop(pnode) if pnode is not None else None
    if parent is not None and parent.counted and len(parent.body) == 2 and \
            parent.body[1] == root.node:
        outer = [parent]
        scaling = parent.body[0]
    else:
        prev = root.node.prev_named_sibling
        while prev is not None and prev.type == "comment":
            prev = prev.prev_named_sibling
        if prev is None or prev.type not in (C_LOOP, F_LOOP):
            return None
        outer, scaling = [], prev
    got = _chain(code, scaling)
    if got is None:
        return None
    sloops, st = got
    fac = scale_of(code, st)
    written = assignment(code, st)
    if written is None or out.name not in code.identifiers(written[0]):
        return None

    def fail(why: str) -> str | None:
        """Fused, the write cannot stay: refused; a separate nest before stays as it is and
        the call accumulates onto what it left (beta 1)."""
        return why if outer else None
    where = f"line {st.start_point[0] + 1}"
    if fac is None:
        return fail(f"{out.name} is also written before the nest ({where}: "
                    f"'{code.text_of(st).strip()}'), not scaled by a scalar")
    elem, factor = fac
    if flat(elem) != flat(out.text):
        return fail(f"{where} scales {elem}, not the result {out.text}")
    loops = {lp.var: lp for lp in [*outer, *nest.loops]}
    why = scalar_problem(code, factor, set(loops))
    if why:
        return fail(f"{out.text} is scaled by {code.text_of(factor)} at {where}: {why}; BLAS "
                    "beta is one number")
    for lp in sloops:
        if lp.var not in loops or not _same_bounds(lp, loops[lp.var]):
            return fail(f"the scaling loop {lp.var} ({where}) does not run over the nest's "
                        "bounds")
    chain = [*outer, *nest.loops]
    while outer:  # the loops around that hold only this nest
        up = parent_loop(code, chain[0].node)
        above = code.loop(up) if up is not None else None
        if above is None or not above.counted or len(above.body) != 1:
            break
        chain.insert(0, above)
    top = chain[0]
    region = analyse(code, top)
    skip = {st.start_point[0] + 1 + k for k in range(st.end_point[0] - st.start_point[0] + 1)}
    region.refs = [r for r in region.refs if r.line not in skip]
    acc = next((r for r in region.refs if r.write and r.line == out.line), out)
    need = {v for d in acc.dims or () for v in d.vars}
    have = {lp.var for lp in [*chain[:len(chain) - len(nest.loops)], *sloops]}
    if have != need:
        return fail(f"the scaling at {where} does not cover every {out.text} exactly once")
    first = top if outer else sloops[0]
    widened = replace(nest, loops=chain, region=region, first_line=first.line,
                      last_line=loop_end_line(chain[0].node) if outer else nest.last_line,
                      indent=code.indent_at(first.line))
    return Scaled(widened, "0" if zero_value(code, factor) else code.text_of(factor))


__all__ = ["Scaled", "scalar_problem", "scale_of", "widen"]
