"""An unclamped path for the interior (``interior_path``).

Image, stencil and search kernels read their neighbours through a clamp so that positions
past the edge read the edge: ``rx = clamp(x0 + x + dx, 0, w - 1)`` in the innermost loop. For
most blocks every position of the loop lies inside, the clamp is the identity, and its
compares keep the loop from vectorising. :func:`interior_path` gives the innermost loop a
second copy without the clamps, taken when the clamped index stays within its bounds at the
loop's first and last iteration (it is linear in the loop's variable, so it stays within them
in between); the original loop runs otherwise.

Legal when, read from the syntax tree (C, C++): the hot line is in a counted loop (step 1);
each clamp removed is a call of ``fmin(fmax(E, lo), hi)``, ``std::min(std::max(E, lo), hi)``,
``std::clamp(E, lo, hi)`` or of a function of the file whose body returns ``v < lo ? lo : (v >
hi ? hi : v)`` (either order, ``<=``/``>=`` too); ``E`` is linear in the loop's variable and
nothing in the loop writes the names of ``E``, ``lo`` or ``hi``. The copy computes the same
values in the same order wherever it is taken, so the output is the same.
"""

from __future__ import annotations

import re

from perfscout.transform.cutoff import NotLinear, linear_in
from perfscout.transform.hoist import written_in
from perfscout.transform.nest import apply_edits, make_diff
from perfscout.transform.result import Generated, Refusal
from perfscout.transform.source import C_LOOP, FUNCTION_NODES, Code, Node, walk

WHAT = "interior_path"
_NESTED = {("fmin", "fmax"), ("fminf", "fmaxf"), ("std::min", "std::max"), ("min", "max"),
           ("MIN", "MAX")}


def _args(n: Node) -> list[Node]:
    a = n.child_by_field_name("arguments")
    return [c for c in a.named_children if c.type != "comment"] if a is not None else []


def _fname(code: Code, call: Node) -> str:
    fn = call.child_by_field_name("function")
    return code.text_of(fn).replace(" ", "") if fn is not None else ""


def _clamp_functions(code: Code) -> set[str]:
    """Functions of the file whose body is one ``return`` clamping their first parameter
    between the second and the third."""
    out: set[str] = set()
    for fn in walk(code.tree.root_node):
        if fn.type not in FUNCTION_NODES or fn.type != "function_definition":
            continue
        decl = fn.child_by_field_name("declarator")
        while decl is not None and decl.type != "function_declarator":
            decl = decl.child_by_field_name("declarator")
        if decl is None:
            continue
        name = decl.child_by_field_name("declarator")
        params = decl.child_by_field_name("parameters")
        if name is None or params is None:
            continue
        pnames = []
        for p in params.named_children:
            ids = [d for d in walk(p) if d.type == "identifier"]
            if ids:
                pnames.append(code.text_of(ids[-1]))
        body = fn.child_by_field_name("body")
        stmts = [s for s in body.named_children if s.type != "comment"] if body else []
        if len(pnames) != 3 or len(stmts) != 1 or stmts[0].type != "return_statement":
            continue
        v, lo, hi = (re.escape(x) for x in pnames)
        text = re.sub(r"[\s()]+", "", code.text_of(stmts[0]))
        forms = (rf"return{v}<=?{lo}\?{lo}:{v}>=?{hi}\?{hi}:{v};",
                 rf"return{v}>=?{hi}\?{hi}:{v}<=?{lo}\?{lo}:{v};")
        if any(re.fullmatch(f, text) for f in forms):
            out.add(code.text_of(name))
    return out


def _clamp(code: Code, call: Node, helpers: set[str]) -> tuple[Node, Node, Node] | None:
    """(E, lo, hi) of a clamp call, else None."""
    name, args = _fname(code, call), _args(call)
    if (name in helpers or name == "std::clamp") and len(args) == 3:
        return args[0], args[1], args[2]
    if len(args) == 2 and args[0].type == "call_expression":
        inner = args[0]
        pair = (name, _fname(code, inner))
        if pair in _NESTED and len(_args(inner)) == 2:
            return _args(inner)[0], _args(inner)[1], args[1]
    return None


def _at(code: Code, e: Node, var: str, value: str) -> str:
    """The text of ``e`` with ``var`` replaced by ``(value)``."""
    parts, at = [], e.start_byte
    for d in walk(e):
        if d.type == "identifier" and code.text_of(d) == var:
            parts.append(code.data[at:d.start_byte].decode() + f"({value})")
            at = d.end_byte
    parts.append(code.data[at:e.end_byte].decode())
    return "".join(parts)


def interior_path(code: Code, line: int, rel: str) -> Generated | Refusal:
    """The innermost loop around ``rel:line`` with an unclamped copy for the interior (see
    the module text), or a Refusal naming why not."""
    if code.fortran:
        return Refusal(WHAT, "the interior path is generated for C and C++ loops")
    nodes = [n for n in code.loops_at(line) if n.type == C_LOOP]
    if not nodes:
        return Refusal(WHAT, f"line {line} of {rel} is not inside a counted for loop")
    lp = code.loop(nodes[0])
    if not lp.counted or lp.step != 1 or lp.lower_node is None or lp.upper_node is None:
        return Refusal(WHAT, f"the loop at {rel}:{lp.line} is not counted up by one")
    helpers = _clamp_functions(code)
    changed = written_in(code, lp) - {lp.var}
    found: list[tuple[Node, Node, Node, Node]] = []
    why = f"no clamp of an index linear in {lp.var} in the loop at {rel}:{lp.line}"
    for d in walk(lp.node):
        if d.type != "call_expression":
            continue
        got = _clamp(code, d, helpers)
        if got is None:
            continue
        e, lo, hi = got
        try:
            coef, _const = linear_in(code, e, lp.var)
        except NotLinear:
            why = f"the clamped '{code.text_of(e)}' is not linear in {lp.var}"
            continue
        if coef == "0":
            continue  # clamped once per iteration of an outer loop: not this loop's cost
        names = {code.text_of(x) for n in (e, lo, hi) for x in walk(n)
                 if x.type == "identifier"} - {lp.var}
        if names & changed:
            why = f"'{sorted(names & changed)[0]}' changes in the loop at {rel}:{lp.line}"
            continue
        found.append((d, e, lo, hi))
    if not found:
        return Refusal(WHAT, why)
    first = code.text_of(lp.lower_node)
    last = code.text_of(lp.upper_node) if lp.inclusive else \
        f"{code.text_of(lp.upper_node)} - 1"
    conds = []
    for _call, e, lo, hi in found:
        for end in (first, last):
            v = _at(code, e, lp.var, end)
            conds.append(f"({v}) >= ({code.text_of(lo)}) && ({v}) <= ({code.text_of(hi)})")
    loop_text = code.text_of(lp.node)
    fast = loop_text
    for call, e, _lo, _hi in sorted(found, key=lambda f: -f[0].start_byte):
        a, b = call.start_byte - lp.node.start_byte, call.end_byte - lp.node.start_byte
        fast = fast[:a] + f"({code.text_of(e)})" + fast[b:]
    pad = code.indent_at(lp.line)
    cond = f"\n{pad}    && ".join(dict.fromkeys(conds))
    new = (f"if ({cond}) {{ /* perfscout interior_path: every position inside, no clamp */\n"
           f"{pad}{fast}\n{pad}}} else {{\n{pad}{loop_text}\n{pad}}}")
    out = apply_edits(code, [(lp.node.start_byte, lp.node.end_byte, new)])
    which = ", ".join(sorted({code.text_of(c)[:40] for c, *_ in found}))
    return Generated(WHAT, rel, make_diff(code.text, out, rel), out,
                     f"the loop at {rel}:{lp.line} gets a copy without {which}, taken when the "
                     f"clamped positions at {lp.var} = {first} and {last} are inside (linear in "
                     f"{lp.var}: so are all between); the same values in the same order")


__all__ = ["WHAT", "interior_path"]
