"""A pure expression of the inner index, computed for every outer iteration again, read from a
table filled once before the outer loop (``hoist_invariant``, the table form).

A radix-2 FFT's butterfly factor ``w = exp(cmplx(0, ang * k))`` depends on the butterfly's
index ``k`` and on the stage, not on which group ``i0`` of butterflies runs: the group loop
around the ``k`` loop evaluates the same values again for every group (a sine and a cosine
each time). :func:`invariant_table` computes them once, for the ``k`` loop's whole range,
before the group loop, and the assignment reads the table.

Legal when, read from the syntax tree: the hot line is in a counted loop (step 1) directly
inside another loop; an assignment ``v = E`` of that loop's body has ``E`` built from
literals, names and calls of pure intrinsics only (no array element, no other call), with at
least one call and the inner index in it, not the outer loop's variable; no name of ``E`` nor
of the inner loop's bounds is written anywhere in the outer loop; the type of ``v`` is
declared. The table holds the values of the same expression, so the program computes the same
numbers (C: ``malloc``/``free`` around the outer loop; Fortran: an allocatable array).
"""

from __future__ import annotations

from perfscout.transform.hoist import declared_in, written_in
from perfscout.transform.mathtable import fortran_decl_end, fresh_name
from perfscout.transform.nest import apply_edits, make_diff
from perfscout.transform.region import PURE
from perfscout.transform.result import Generated, Refusal
from perfscout.transform.source import Code, Loop, Node, walk

WHAT = "hoist_invariant"
_ASSIGN = ("assignment_statement", "assignment_expression")
#: words of a declaration that are not the value's type (the table's elements are written)
_QUALIFIERS = frozenset({"const", "volatile", "static", "constexpr", "register", "thread_local",
                         "extern", "inline", "mutable"})


def _call_name(code: Code, n: Node) -> str:
    fn = n.child_by_field_name("function") or (n.named_children[0] if n.named_children else n)
    return code.name_of(fn).replace(" ", "")


def _assignments(code: Code, lp: Loop) -> list[tuple[Node, Node, Node]]:
    """(statement, target, value) of each plain ``v = E`` (C: also ``T v = E;``) directly in
    the loop's body."""
    out = []
    for s in lp.body:
        a = s
        if not code.fortran and s.type == "declaration":  # double g = E;
            inits = [d for d in s.named_children if d.type == "init_declarator"]
            if len(inits) == 1:
                name, val = (inits[0].child_by_field_name("declarator"),
                             inits[0].child_by_field_name("value"))
                if name is not None and val is not None and name.type == "identifier":
                    out.append((s, name, val))
            continue
        if not code.fortran:
            if s.type != "expression_statement" or not s.named_children:
                continue
            a = s.named_children[0]
        if a.type not in _ASSIGN:
            continue
        left = a.child_by_field_name("left") or (a.named_children[0] if a.named_children
                                                 else None)
        right = a.child_by_field_name("right") or (a.named_children[-1] if a.named_children
                                                   else None)
        op = a.child_by_field_name("operator")
        if left is None or right is None or left.type != "identifier" or (
                op is not None and code.text_of(op) != "="):
            continue
        out.append((s, left, right))
    return out


def _pure_expression(code: Code, e: Node) -> str:
    """Why ``e`` is not built of literals, names and pure intrinsic calls ("" when it is)."""
    calls = 0
    for d in walk(e):
        if d.type == "call_expression":
            name = _call_name(code, d)
            if name not in PURE and name.lower() not in PURE:
                return f"it calls or indexes {name}"
            calls += 1
        elif d.type in ("subscript_expression", "field_expression", "pointer_expression",
                        "derived_type_member_expression", "assignment_expression",
                        "update_expression"):
            return f"it reads memory ({code.text_of(d)[:40]})"
    return "" if calls else "it calls no math function (nothing costly to keep)"


def invariant_table(code: Code, line: int, rel: str) -> Generated | Refusal:
    """The table form of hoisting for the nest around ``rel:line`` (see the module text)."""
    nodes = code.loops_at(line)
    if len(nodes) < 2:
        return Refusal(WHAT, f"line {line} of {rel} is not in a loop inside another loop")
    inner, outer = code.loop(nodes[0]), nodes[1]
    if not inner.counted or inner.step != 1:
        return Refusal(WHAT, f"the loop at {rel}:{inner.line} is not counted up by one")
    outer_var = code.loop(outer).var if outer.type in ("for_statement", "do_loop") else ""
    changed = written_in(code, code.loop(outer)) | declared_in(code, outer)
    same = (lambda a, b: a.lower() == b.lower()) if code.fortran else (lambda a, b: a == b)
    bounds = {code.name_of(d) for n in (inner.lower_node, inner.upper_node) if n is not None
              for d in walk(n) if d.type == "identifier"}
    if bounds & (changed | {outer_var}):
        return Refusal(WHAT, f"the bounds of the loop at {rel}:{inner.line} change in the "
                             "loop around it")
    why = f"no assignment in the loop at {rel}:{inner.line}"
    for stmt, target, value in _assignments(code, inner):
        names = {code.name_of(d) for d in walk(value) if d.type == "identifier"
                 and not (d.parent is not None and d.parent.type == "call_expression"
                          and d.parent.child_by_field_name("function") == d)}
        if not any(same(x, inner.var) for x in names):
            why = f"'{code.text_of(value)[:40]}' does not depend on {inner.var}"
            continue
        bad = _pure_expression(code, value)
        if bad:
            why = f"'{code.text_of(value)[:40]}': {bad}"
            continue
        moved = {x for x in names if not same(x, inner.var)} & (changed | {outer_var})
        if moved:
            why = f"'{sorted(moved)[0]}' changes in the loop around {rel}:{inner.line}"
            continue
        fn = code.function_of(stmt)
        typ = " ".join(w for w in code.declared_type(fn, code.name_of(target)).split()
                       if w not in _QUALIFIERS)
        if not typ or "*" in typ or "[" in typ:
            why = f"the type of {code.text_of(target)} is not declared as a plain value"
            continue
        return _emit(code, rel, fn, inner, outer, value, typ)
    return Refusal(WHAT, why)


def _emit(code: Code, rel: str, fn: Node | None, inner: Loop, outer: Node, value: Node,
          typ: str) -> Generated | Refusal:
    tab, t = fresh_name(code, "ps_tab"), fresh_name(code, "ps_t")
    lo, hi = inner.lower, inner.upper
    # the expression with the inner index renamed to the table's
    parts, at = [], value.start_byte
    var = inner.var.lower() if code.fortran else inner.var
    for d in walk(value):
        if d.type == "identifier" and code.name_of(d) == var:
            parts.append(code.data[at:d.start_byte].decode() + t)
            at = d.end_byte
    parts.append(code.data[at:value.end_byte].decode())
    expr = "".join(parts)
    ind = code.indent_at(outer.start_point[0] + 1)
    start = code.data.rfind(b"\n", 0, outer.start_byte) + 1
    edits: list[tuple[int, int, str]] = []
    if code.fortran:
        try:
            decl_at = fortran_decl_end(code, fn)
        except Exception as exc:  # the unit declares nothing
            return Refusal(WHAT, str(exc))
        dind = code.indent_at(code.data[:decl_at].decode().count("\n"))
        edits.append((decl_at, decl_at, f"{dind}{typ}, allocatable :: {tab}(:)\n"
                                        f"{dind}integer :: {t}\n"))
        edits.append((start, start,
                       f"{ind}allocate ({tab}({lo}:{hi}))\n{ind}do {t} = {lo}, {hi}\n"
                       f"{ind}  {tab}({t}) = {expr}\n{ind}end do\n"))
        edits.append((outer.end_byte, outer.end_byte, f"\n{ind}deallocate ({tab})"))
        edits.append((value.start_byte, value.end_byte, f"{tab}({inner.var})"))
    else:
        n = f"(({hi}) - ({lo}){' + 1' if inner.inclusive else ''})"
        edits.append((start, start,
                      f"{ind}{{\n{ind}  {typ} *const {tab} = ({typ} *)malloc(sizeof({typ}) * "
                      f"(size_t)({n} > 0 ? {n} : 1));\n{ind}  if (!{tab}) abort();\n"
                      f"{ind}  for (long {t} = {lo}; {t} < ({lo}) + {n}; {t}++)\n"
                      f"{ind}    {tab}[{t} - ({lo})] = {expr};\n"))
        edits.append((outer.end_byte, outer.end_byte, f"\n{ind}  free({tab});\n{ind}}}"))
        edits.append((value.start_byte, value.end_byte, f"{tab}[{inner.var} - ({lo})]"))
    out = apply_edits(code, edits)
    if not code.fortran and "<stdlib.h>" not in out and "<cstdlib>" not in out:
        out = "#include <stdlib.h> /* perfscout hoist_invariant: malloc, free, abort */\n" + out
    note = (f"'{code.text_of(value)[:60]}' depends on {inner.var} only: computed once for "
            f"{inner.var} = {lo} .. {hi} into {tab} before the loop at {rel}:"
            f"{outer.start_point[0] + 1}, read from it in the loop at {rel}:{inner.line}; the "
            "same expression, the same values")
    return Generated(WHAT, rel, make_diff(code.text, out, rel), out, note)


__all__ = ["invariant_table"]
