"""Math-library calls whose arguments do not change in the loop, computed once before it.

GCC and Clang keep ``exp(-beta * e0)`` inside a loop at ``-O2`` even when nothing in the
argument changes: the call may set ``errno``, so it is not a pure function to them unless
``-fno-math-errno``. :func:`hoist_calls` evaluates each such call once into a scalar just before
the innermost loop at the line and uses the scalar in the loop.

Legal when the function is a pure math function (``exp``, ``log``, ``pow``, ``sqrt``, ``sin``...,
``std::`` too, Fortran intrinsics), and no name in its arguments is written in the loop (nor is
it the loop variable; an array element only of an array the loop does not write) or declared
inside it (``double sr2 = s2 / r2;`` in the body: not in scope before the loop). The call then
returns the same value in every iteration; evaluating it once when the loop runs zero times
costs one call and may raise the same floating-point flags, nothing else.
"""

from __future__ import annotations

import re

from perfscout.transform.nest import apply_edits, make_diff
from perfscout.transform.result import Generated, Refusal
from perfscout.transform.source import C_LOOP, F_LOOP, Code, Loop, Node, walk

WHAT = "hoist_math"
MATH = frozenset({
    "exp", "expf", "log", "logf", "log10", "log2", "pow", "powf", "sqrt", "sqrtf", "sin",
    "sinf", "cos", "cosf", "tan", "tanf", "tanh", "atan", "atan2", "erf", "erfc", "cbrt",
    "sinh", "cosh", "asin", "acos", "expm1", "log1p", "hypot", "std::exp", "std::log",
    "std::pow", "std::sqrt", "std::sin", "std::cos", "std::tan", "std::tanh", "std::atan",
    "std::atan2", "std::erf", "std::cbrt", "std::log10", "dexp", "dlog", "dsqrt", "dsin",
    "dcos", "alog", "alog10"})
FLOAT_NAMES = re.compile(r"^(std::)?\w+f$")


def _name(code: Code, n: Node) -> str:
    fn = n.child_by_field_name("function") or (n.named_children[0] if n.named_children
                                                else None)
    s = code.text_of(fn).replace(" ", "") if fn is not None else ""
    return s.lower() if code.fortran else s


def written_in(code: Code, lp: Loop) -> set[str]:
    """The names a loop may write: its variable, assignment and update targets, inner loop
    variables, and every name passed by address or to a subroutine (conservative)."""
    out: set[str] = {lp.var}
    for d in walk(lp.node):
        t = None
        if d.type in ("assignment_expression", "assignment_statement"):
            t = d.child_by_field_name("left")
        elif d.type == "update_expression":
            t = d.child_by_field_name("argument")
        elif d.type in (C_LOOP, F_LOOP) and d is not lp.node:
            out.add(code.loop(d).var)
        while t is not None and t.type not in ("identifier",):
            t = t.child_by_field_name("argument") or t.child_by_field_name("value") or (
                t.named_children[0] if t.named_children else None)
        if t is not None:
            out.add(code.name_of(t))
        if d.type == "subroutine_call" or (d.type == "pointer_expression"
                                           and code.text_of(d).startswith("&")):
            out |= {code.name_of(x) for x in walk(d) if x.type == "identifier"}
    return out


def declared_in(code: Code, n: Node) -> set[str]:
    """Names declared by C/C++ declarations under ``n`` (``double dx = ...;`` in a loop body,
    ``int k`` of an inner ``for``). Such a name is not in scope before ``n``, and takes a new
    value in every iteration: an expression reading it cannot be moved out of ``n``."""
    out: set[str] = set()
    for d in walk(n):
        if d.type not in ("declaration", "parameter_declaration"):
            continue
        for top in d.children_by_field_name("declarator"):
            x: Node | None = top
            while x is not None and x.type != "identifier":
                x = x.child_by_field_name("declarator")
            if x is not None:
                out.add(code.name_of(x))
    return out


def _invariant(code: Code, call: Node, written: set[str], local: set[str]) -> str:
    """Why the call's value may change in the loop, or cannot be evaluated before it
    ("" when neither)."""
    for d in walk(call)[1:]:
        if d.type == "identifier" and code.name_of(d) in written:
            return f"{code.name_of(d)} changes in the loop"
        if d.type == "identifier" and code.name_of(d) in local:
            return (f"{code.name_of(d)} is declared inside the loop (not in scope before it, "
                    "and new in each iteration)")
        if d.type == "call_expression" and not code.fortran and _name(code, d) not in MATH:
            return f"it calls {_name(code, d)}()"
        if d.type in ("pointer_expression", "field_expression") and not code.fortran:
            return f"{code.text_of(d)} reads through a pointer"
    return ""


def hoist_calls(code: Code, line: int, rel: str) -> Generated | Refusal:
    """Each pure math call of the innermost loop at ``line`` whose arguments do not change in
    the loop computed once before it (module docstring); a Refusal naming why none is."""
    lp = code.counted_loop_at(line)
    if isinstance(lp, str):
        return Refusal(WHAT, lp)
    written = written_in(code, lp)
    local = set() if code.fortran else declared_in(code, lp.node)
    fn = code.function_of(lp.node)
    found: dict[str, list[Node]] = {}
    why = []
    for d in walk(lp.node):
        if d.type != "call_expression" or _name(code, d) not in MATH:
            continue
        w = _invariant(code, d, written, local)
        if w:
            why.append(f"{_name(code, d)}() at line {d.start_point[0] + 1}: {w}")
            continue
        if any(d.start_byte >= x.start_byte and d.end_byte <= x.end_byte
               for v in found.values() for x in v):
            continue  # inside a call already hoisted
        found.setdefault(" ".join(code.text_of(d).split()), []).append(d)
    if not found:
        return Refusal(WHAT, "no math call of the loop has arguments that stay the same"
                       + (f" ({'; '.join(why[:3])})" if why else ""))
    edits: list[tuple[int, int, str]] = []
    decls: list[str] = []
    ind = code.indent_at(lp.line)
    names = []
    for i, (text, calls) in enumerate(found.items(), 1):
        name = f"ps_h{i}"
        while re.search(rf"\b{name}\b", code.text):
            name += "_"
        names.append(name)
        if code.fortran:
            typ = _fortran_kind(code, fn, calls[0])
            if not typ:
                return Refusal(WHAT, f"the kind of {text} is not declared in reach")
            decls.append(f"{name} = {text}")
            names[-1] = f"{typ} :: {name}"
        else:
            typ = "float" if FLOAT_NAMES.match(_name(code, calls[0])) and \
                _name(code, calls[0]) not in ("erf",) else "double"
            decls.append(f"const {typ} {name} = {text};")
        for c in calls:
            edits.append((c.start_byte, c.end_byte, name))
    lp_start = code.data.rfind(b"\n", 0, lp.node.start_byte) + 1
    parent = lp.node.parent
    wrap = not code.fortran and parent is not None and parent.type in (
        C_LOOP, "if_statement", "else_clause", "while_statement")
    if wrap:
        edits.append((lp_start, lp_start, f"{ind}{{\n" + "".join(f"{ind}{x}\n" for x in decls)))
        edits.append((lp.node.end_byte, lp.node.end_byte, f"\n{ind}}}"))
    else:
        edits.append((lp_start, lp_start, "".join(f"{ind}{x}\n" for x in decls)))
    if code.fortran:
        unit = fn.named_children if fn is not None else []
        last = [c for c in unit if c.type in ("variable_declaration", "implicit_statement",
                                              "use_statement")]
        if not last:
            return Refusal(WHAT, "the program unit declares nothing: no place for the scalar")
        at = code.data.find(b"\n", last[-1].end_byte) + 1
        dind = code.indent_at(last[-1].start_point[0] + 1)
        edits.append((at, at, "".join(f"{dind}{n}\n" for n in names)))
    text = apply_edits(code, edits)
    note = (f"{len(found)} math call(s) with arguments unchanged in the loop over {lp.var} at "
            f"{rel}:{lp.line} computed once before it ({', '.join(found)})")
    return Generated(WHAT, rel, make_diff(code.text, text, rel), text, note)


def _fortran_kind(code: Code, fn: Node | None, call: Node) -> str:
    """The declared type of the call's first real argument name (the intrinsic's result kind
    follows its argument)."""
    for d in walk(call)[1:]:
        if d.type == "identifier":
            t = code.declared_type(fn, code.name_of(d))
            if t.lower().startswith(("real", "double")):
                return t
    return ""


__all__ = ["declared_in", "hoist_calls"]
