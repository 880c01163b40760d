"""Loop bounds from a distance cutoff (``cutoff_bounds``).

A kernel that adds each source's contribution to the grid points within a cutoff often visits
every point and tests the distance::

    for (k = 0; k < nz; k++) { dz = k * h - az;
      for (j = 0; j < ny; j++) { dy = j * h - ay;
        for (i = 0; i < nx; i++) { dx = i * h - ax; r2 = dx*dx + dy*dy + dz*dz;
          if (r2 < a2) { ... } } } }

Only the points of the cutoff's bounding box can pass the test. :func:`cutoff_bounds` gives
each loop whose index a squared term of the distance depends on the range where that term
alone stays within the cutoff, with one grid step of margin on each side, computed before the
loop from the same quantities (``|k*h - az| <= sqrt(a2)``); the test itself stays, so every
point inside the new bounds does exactly what it did, in the same order.

Legal when, read from the syntax tree (C, C++): the innermost loop around the hot line ends in
that ``if`` with no ``else``; the compared quantity is a sum of squares (``x*x``, directly or
through locals), each term linear in one loop's index with a coefficient and offset nothing in
that loop writes or declares (the innermost loop whose index it reads: an outer loop's index in
it is fixed there); the cutoff is invariant in the outermost loop restricted; and
everything a skipped iteration would run outside the test is free of effects: local
declarations with pure initialisers and the inner loops' headers (no assignment to anything
else, no call but pure math, no ``break``/``continue``/``return``/``goto``). A skipped point has
one term at least a grid step beyond the cutoff, so the sum of squares fails the test there.
"""

from __future__ import annotations

import re

from perfscout.transform.hoist import declared_in, written_in
from perfscout.transform.nest import apply_edits, make_diff
from perfscout.transform.region import PURE
from perfscout.transform.result import Generated, Refusal
from perfscout.transform.source import C_LOOP, Code, Loop, Node, walk

WHAT = "cutoff_bounds"
#: the comparisons of a cutoff test, read as ``squares OP bound`` (the swapped form flips)
_LESS = {"<": "<", "<=": "<=", ">": "<", ">=": "<="}
_JUMPS = frozenset({"break_statement", "continue_statement", "return_statement",
                    "goto_statement"})
_MATH_H = re.compile(r"#\s*include\s*[<\"](?:math\.h|cmath|tgmath\.h)[>\"]")


class NotLinear(Exception):
    pass


def _strip(n: Node) -> Node:
    while n.type == "parenthesized_expression" and n.named_child_count == 1:
        n = n.named_children[0]
    return n


def _mentions(code: Code, n: Node, names: set[str]) -> bool:
    return any(d.type == "identifier" and code.text_of(d) in names for d in walk(n))


def linear_in(code: Code, n: Node, var: str) -> tuple[str, str]:
    """``n`` as ``coef * var + const`` (texts, ``"0"`` for none); NotLinear otherwise."""
    n = _strip(n)
    if not _mentions(code, n, {var}):
        return "0", f"({code.text_of(n)})"
    if n.type == "identifier":
        return "1", "0"
    if n.type == "cast_expression":
        value = n.child_by_field_name("value")
        if value is None:
            raise NotLinear
        return linear_in(code, value, var)
    if n.type == "unary_expression" and code.text_of(n).lstrip().startswith("-"):
        arg = n.child_by_field_name("argument")
        if arg is None:
            raise NotLinear
        c, k = linear_in(code, arg, var)
        return f"(-{c})", f"(-{k})"
    if n.type != "binary_expression":
        raise NotLinear  # a call, a subscript or a field that reads the index
    left, right = n.child_by_field_name("left"), n.child_by_field_name("right")
    op = n.child_by_field_name("operator")
    if left is None or right is None or op is None:
        raise NotLinear
    o = code.text_of(op)
    if o in "+-":
        (c1, k1), (c2, k2) = linear_in(code, left, var), linear_in(code, right, var)
        return f"({c1} {o} {c2})", f"({k1} {o} {k2})"
    if o in "*/":
        if o == "*" and not _mentions(code, left, {var}):
            left, right = right, left
        if _mentions(code, right, {var}):
            raise NotLinear  # a product of two index terms, or a division by one
        c, k = linear_in(code, left, var)
        f = f"({code.text_of(right)})"
        return f"({c} {o} {f})", f"({k} {o} {f})"
    raise NotLinear


def _declared_value(code: Code, name: str, before: Node, scope: Node) -> Node | None:
    """The initialiser of the last declaration of ``name`` inside ``scope`` that starts before
    ``before`` and whose block encloses it (the local a distance term is kept in)."""
    found: Node | None = None
    for d in walk(scope):
        if d.type != "init_declarator" or d.start_byte >= before.start_byte:
            continue
        decl = d.child_by_field_name("declarator")
        val = d.child_by_field_name("value")
        if decl is None or val is None or code.text_of(decl).lstrip("*& ") != name:
            continue
        block = d.parent.parent if d.parent is not None else None
        if block is not None and block.start_byte <= before.start_byte < block.end_byte:
            found = val
    return found


def _squares(code: Code, n: Node, guard: Node, scope: Node) -> list[Node]:
    """The bases of ``n`` read as a sum of squares (``dx*dx + dy*dy``, through the locals that
    hold them); [] when it is not one."""
    n = _strip(n)
    if n.type == "identifier":
        val = _declared_value(code, code.text_of(n), guard, scope)
        return _squares(code, val, guard, scope) if val is not None else []
    if n.type != "binary_expression":
        return []
    op = code.text_of(n.child_by_field_name("operator") or n)
    left, right = n.child_by_field_name("left"), n.child_by_field_name("right")
    if left is None or right is None:
        return []
    if op == "+":
        a, b = _squares(code, left, guard, scope), _squares(code, right, guard, scope)
        return a + b if a and b else []
    if op == "*" and code.text_of(_strip(left)).replace(" ", "") == code.text_of(
            _strip(right)).replace(" ", ""):
        base = _strip(left)
        if base.type == "identifier":
            val = _declared_value(code, code.text_of(base), guard, scope)
            return [val] if val is not None else []
        return [base]
    return []


def _effect(code: Code, n: Node, own: str = "") -> str:
    """What in ``n`` (an expression) has an effect: an assignment, an increment (but of
    ``own``, the loop's variable) or a call to anything but pure math; "" when none."""
    for d in walk(n):
        if d.type == "assignment_expression":
            return code.text_of(d)
        if d.type == "update_expression":
            arg = d.child_by_field_name("argument")
            if arg is None or code.text_of(arg) != own:
                return code.text_of(d)
        if d.type == "call_expression":
            fn = d.child_by_field_name("function")
            if fn is None or code.text_of(fn).replace(" ", "") not in PURE:
                return code.text_of(d)
    return ""


def _skipped_effects(code: Code, lp: Loop, guard: Node) -> str:
    """What an iteration of ``lp`` runs outside ``guard`` that has an effect ("" when
    nothing): such an iteration may be skipped only when it does nothing."""
    for d in walk(lp.node):
        if d.type in _JUMPS:
            return code.text_of(d).strip()
    stack = list(lp.body)
    while stack:
        s = stack.pop()
        if s.id == guard.id or s.type in ("comment", "{", "}", ";"):
            continue
        if s.type == "compound_statement":
            stack.extend(s.named_children)
        elif s.type == "declaration":
            bad = _effect(code, s)
            if bad:
                return bad
        elif s.type == C_LOOP:
            inner = code.loop(s)
            if not inner.counted:
                return inner.header.strip()
            for part in ("initializer", "condition", "update"):
                p = s.child_by_field_name(part)
                bad = _effect(code, p, inner.var) if p is not None else ""
                if bad and not (part == "initializer" and p is not None
                                and p.type == "declaration"):
                    return bad
            stack.extend(inner.body)
        else:
            return code.text_of(s).strip().splitlines()[0]
    return ""


def _fresh(code: Code, base: str) -> str:
    name, n = base, 1
    while re.search(rf"\b{re.escape(name)}\b", code.text):
        n += 1
        name = f"{base}{n}"
    return name


def cutoff_bounds(code: Code, line: int, rel: str) -> Generated | Refusal:
    """Each loop of the nest around ``rel:line`` restricted to the cutoff's bounding box (see
    the module text), or a Refusal naming what forbids it."""
    if code.fortran:
        return Refusal(WHAT, "the cutoff bounds are generated for C and C++ loops")
    nodes = [n for n in code.loops_at(line) if n.type == C_LOOP]
    if not nodes:
        return Refusal(WHAT, f"line {line} of {rel} is not inside a counted for loop")
    loops = [code.loop(n) for n in nodes]  # innermost first
    inner = loops[0]
    stmts = [s for s in inner.body if s.type != "comment"]
    guard = stmts[-1] if stmts else None
    if guard is None or guard.type != "if_statement" or guard.child_by_field_name(
            "alternative") is not None:
        return Refusal(WHAT, f"the loop at {rel}:{inner.line} does not end in a test without "
                             "else around its work")
    cond = guard.child_by_field_name("condition") or guard
    if cond.type == "condition_clause" and cond.named_child_count == 1:  # C++'s if (...)
        cond = cond.named_children[0]
    cond = _strip(cond)
    op_node = cond.child_by_field_name("operator") if cond.type == "binary_expression" else None
    op = code.text_of(op_node) if op_node is not None else ""
    if op not in _LESS:
        return Refusal(WHAT, f"the test at {rel}:{guard.start_point[0] + 1} is no comparison "
                             "of a distance with a cutoff")
    left, right = cond.child_by_field_name("left"), cond.child_by_field_name("right")
    if left is None or right is None:
        return Refusal(WHAT, "the test has no two sides")
    squares, bound = (left, right) if op in ("<", "<=") else (right, left)
    fn = code.function_of(guard) or code.tree.root_node
    bases = _squares(code, squares, guard, fn)
    if not bases:
        return Refusal(WHAT, f"'{code.text_of(squares)}' at {rel}:{guard.start_point[0] + 1} "
                             "is not a sum of squares")
    # each squared term: linear in one loop's index, the rest invariant in that loop
    restrict: dict[int, tuple[Loop, str, str]] = {}
    for base in bases:
        # the innermost loop whose index the term reads: an outer loop's index in it is
        # fixed while that loop runs (a centre's coordinate, the row of a plane)
        owner = [lp for lp in loops if _mentions(code, base, {lp.var})]
        if not owner:
            return Refusal(WHAT, f"the term '{code.text_of(base)}' depends on no loop index")
        lp = owner[0]
        if not lp.counted or lp.step != 1:
            return Refusal(WHAT, f"the loop at {rel}:{lp.line} is not counted up by one")
        try:
            coef, const = linear_in(code, base, lp.var)
        except NotLinear:
            return Refusal(WHAT, f"the term '{code.text_of(base)}' is not linear in {lp.var}")
        changed = (written_in(code, lp) | declared_in(code, lp.node)) - {lp.var}
        names = set(re.findall(r"[A-Za-z_]\w*", f"{coef} {const}"))
        if names & changed:
            return Refusal(WHAT, f"'{sorted(names & changed)[0]}' changes in the loop at "
                                 f"{rel}:{lp.line}: the term's offset is not fixed there")
        if lp.node.id in restrict:
            return Refusal(WHAT, f"two terms depend on {lp.var}")
        restrict[lp.node.id] = (lp, coef, const)
    outer = max((v[0] for v in restrict.values()), key=lambda lp: loops.index(lp))
    if _mentions(code, bound, written_in(code, outer) | declared_in(code, outer.node)) or \
            _effect(code, bound):
        return Refusal(WHAT, f"the cutoff '{code.text_of(bound)}' changes in the loop at "
                             f"{rel}:{outer.line}")
    for lp, _c, _k in restrict.values():
        bad = _skipped_effects(code, lp, guard)
        if bad:
            return Refusal(WHAT, f"an iteration of the loop at {rel}:{lp.line} does "
                                 f"'{bad[:60]}' outside the test: it cannot be skipped")
        if lp.lower_node is None or lp.upper_node is None or _effect(code, lp.upper_node) \
                or _effect(code, lp.lower_node):
            return Refusal(WHAT, f"the bounds of the loop at {rel}:{lp.line} are not plain")
    edits: list[tuple[int, int, str]] = []
    for lp, coef, const in restrict.values():
        v, low, up = lp.var, lp.lower_node, lp.upper_node
        cond_node = lp.node.child_by_field_name("condition")
        if low is None or up is None or cond_node is None:
            return Refusal(WHAT, f"the loop at {rel}:{lp.line} has no plain bounds")
        lo_n, hi_n = _fresh(code, f"ps_lo_{v}"), _fresh(code, f"ps_hi_{v}")
        a, b, c = _fresh(code, f"ps_a_{v}"), _fresh(code, f"ps_b_{v}"), _fresh(code, f"ps_c_{v}")
        pad = code.indent_at(lp.line)
        hi = f"(long)({code.text_of(up)})" + (" + 1" if lp.inclusive else "")
        pre = (
            f"{{ /* perfscout cutoff_bounds: {v} only where its term stays within the cutoff */\n"
            f"{pad}long {lo_n} = (long)({code.text_of(low)}), {hi_n} = {hi};\n"
            f"{pad}{{\n"
            f"{pad}    const double {c} = sqrt((double)({code.text_of(bound)}));\n"
            f"{pad}    double {a} = (-(double){const} - {c}) / (double){coef};\n"
            f"{pad}    double {b} = (-(double){const} + {c}) / (double){coef};\n"
            f"{pad}    if ({a} > {b}) {{ double t_ = {a}; {a} = {b}; {b} = t_; }}\n"
            f"{pad}    if ({a} == {a} && {b} == {b}) {{ /* a cutoff or step that is no number "
            "changes nothing */\n"
            f"{pad}        if ({a} - 2.0 >= (double){hi_n} || {b} + 2.0 < (double){lo_n}) "
            f"{hi_n} = {lo_n};\n"
            f"{pad}        else {{\n"
            f"{pad}            if ({a} - 1.0 > (double){lo_n}) {lo_n} = (long)floor({a}) - 1;\n"
            f"{pad}            if ({b} + 2.0 < (double){hi_n}) {hi_n} = (long)ceil({b}) + 2;\n"
            f"{pad}        }}\n"
            f"{pad}    }}\n"
            f"{pad}}}\n{pad}")
        edits.append((lp.node.start_byte, lp.node.start_byte, pre))
        edits.append((lp.node.end_byte, lp.node.end_byte, " }"))
        edits.append((low.start_byte, low.end_byte, lo_n))
        edits.append((cond_node.start_byte, cond_node.end_byte, f"{v} < {hi_n}"))
    out = apply_edits(code, edits)
    if not _MATH_H.search(code.text):
        out = ("#include <math.h> /* perfscout cutoff_bounds: sqrt, floor, ceil */\n" + out)
    which = ", ".join(lp.var for lp, _c, _k in sorted(restrict.values(),
                                                      key=lambda x: x[0].line))
    return Generated(WHAT, rel, make_diff(code.text, out, rel), out,
                     f"the loops over {which} restricted to the cutoff's bounding box (one step "
                     f"of margin), the test at {rel}:{guard.start_point[0] + 1} kept: the points "
                     "left out failed it; the others do the same work in the same order")


__all__ = ["WHAT", "NotLinear", "cutoff_bounds", "linear_in"]
