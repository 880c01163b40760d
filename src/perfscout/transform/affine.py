"""Array subscripts as affine forms of the loop variables, for the dependence tests.

A subscript is read from the syntax tree into a polynomial (monomial -> integer coefficient); a
subscript is *affine* when every monomial holds at most one loop variable, to the first power.
A linearised C subscript ``A[i * n + k]`` is split by its symbolic strides into dimensions
(``[i][k]``, the row length ``n``), the way a compiler's delinearisation reads it; the
dependence test stays conservative where that split could hide a wrap-around between rows.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from perfscout.transform.source import Code, Node, walk

Poly = dict[tuple[str, ...], int]


@dataclass(frozen=True)
class Dim:
    """One subscript dimension: sum(coefs[v] * v) + const."""

    coefs: tuple[tuple[str, int], ...]
    const: int
    stride: tuple[str, ...] = ()  # the symbolic stride this dimension was split by ("n",)
    # a subscript with no loop variable may hold symbols (``v[n - 1][i]``): their terms,
    # (monomial, coefficient); two such subscripts with the same terms differ by their consts
    sym: tuple[tuple[tuple[str, ...], int], ...] = ()

    @property
    def vars(self) -> dict[str, int]:
        return dict(self.coefs)


def poly(code: Code, n: Node, env: Mapping[str, Poly] | None = None, depth: int = 0
         ) -> Poly | None:
    """The polynomial of an integer expression, or None when it is not one (calls, floats,
    divisions, pointers). A struct member (``g->nx``) is a symbol like a variable. An index
    macro (``IX(i, j)``) or a one-line index function (``idx(i, j)``, see
    :meth:`Code.index_functions`) is read through: its body with the arguments put in for its
    parameters (``env``: parameter -> the argument's polynomial)."""
    t = n.type
    if t == "number_literal":
        s = code.text_of(n).rstrip("lLuU")
        return {(): int(s)} if s.isdigit() else None
    if t == "identifier":
        name = code.name_of(n)
        if env is not None and name in env:
            return dict(env[name])
        return {(name,): 1}
    if t == "call_expression" and depth < 8:
        return _through_call(code, n, env, depth)
    if t == "field_expression":  # a size held in a struct: a symbol like a variable
        path = code.member_path(n)
        return {(path,): 1} if path is not None else None
    if t in ("parenthesized_expression", "cast_expression"):
        inner = n.child_by_field_name("value") or (n.named_children[-1] if n.named_children
                                                     else None)
        return poly(code, inner, env, depth) if inner is not None else None
    if t == "unary_expression":
        op = code.text_of(n.child_by_field_name("operator") or n.children[0])
        arg = n.child_by_field_name("argument") or n.named_children[-1]
        p = poly(code, arg, env, depth)
        if p is None or op not in ("-", "+"):
            return None
        return {m: -c for m, c in p.items()} if op == "-" else p
    if t in ("binary_expression", "math_expression"):
        left, right = n.child_by_field_name("left"), n.child_by_field_name("right")
        op_node = n.child_by_field_name("operator")
        if left is None or right is None or op_node is None:
            return None
        op = code.text_of(op_node)
        a, b = poly(code, left, env, depth), poly(code, right, env, depth)
        if a is None or b is None:
            return None
        if op == "+":
            return _add(a, b, 1)
        if op == "-":
            return _add(a, b, -1)
        if op == "*":
            out: Poly = {}
            for ma, ca in a.items():
                for mb, cb in b.items():
                    m = tuple(sorted(ma + mb))
                    out[m] = out.get(m, 0) + ca * cb
            return {m: c for m, c in out.items() if c}
    return None


def _through_call(code: Code, n: Node, env: Mapping[str, Poly] | None, depth: int
                  ) -> Poly | None:
    fn = n.child_by_field_name("function")
    args = n.child_by_field_name("arguments")
    if fn is None or fn.type != "identifier" or args is None:
        return None
    name = code.name_of(fn)
    fns = code.index_functions()
    if name in fns:
        params, expr = fns[name]
        if len(params) != len(args.named_children):
            return None
        inner: dict[str, Poly] = {}
        for p, a in zip(params, args.named_children, strict=True):
            got = poly(code, a, env, depth + 1)
            if got is None:
                return None
            inner[p] = got
        return poly(code, expr, inner, depth + 1)
    if name not in code.pure_macros:
        return None
    text = code.expand_calls(code.text_of(n))
    if text == code.text_of(n):
        return None
    sub = Code(f"long perfscout_x = {text};\n", "expr.cpp" if code.lang == "cpp" else "expr.c")
    init = next((d for d in walk(sub.tree.root_node) if d.type == "init_declarator"), None)
    value = init.child_by_field_name("value") if init is not None else None
    if value is None or sub.syntax_error(sub.tree.root_node):
        return None
    return poly(sub, value, env, depth + 1)  # its names are the caller's (sizes, loop vars)


def _add(a: Poly, b: Poly, sign: int) -> Poly:
    out = dict(a)
    for m, c in b.items():
        out[m] = out.get(m, 0) + sign * c
    return {m: c for m, c in out.items() if c}


def dims_of(polys: list[Poly], loop_vars: set[str]) -> tuple[tuple[Dim, ...], bool] | None:
    """Dimensions of a subscript list (one polynomial per index), delinearising each index by
    its symbolic strides; None when not affine. The flag says whether any index was split."""
    out: list[Dim] = []
    split = False
    for p in polys:
        groups: dict[tuple[str, ...], dict[str, int]] = {}
        consts: dict[tuple[str, ...], int] = {}
        for mono, c in p.items():
            lv = [x for x in mono if x in loop_vars]
            sym = tuple(x for x in mono if x not in loop_vars)
            if len(lv) > 1:
                return None
            if lv:
                g = groups.setdefault(sym, {})
                g[lv[0]] = g.get(lv[0], 0) + c
            else:
                consts[sym] = consts.get(sym, 0) + c
        syms = set(groups) | set(consts)
        if not groups and any(consts):  # no loop variable at all: one unknown place
            out.append(Dim((), consts.get((), 0),
                           sym=tuple(sorted((s, c) for s, c in consts.items() if s and c))))
            continue
        if any(s not in groups and s for s in consts):
            return None  # a symbolic offset beside loop variables: cannot be placed
        order = sorted(syms, key=lambda s: -len(s))
        if len({len(s) for s in order}) != len(order):
            return None  # two strides of the same degree (i*n + j*m): no single order
        if len(order) > 1:
            split = True
        for s in order or [()]:
            out.append(Dim(tuple(sorted(groups.get(s, {}).items())), consts.get(s, 0), s))
    return tuple(out), split
