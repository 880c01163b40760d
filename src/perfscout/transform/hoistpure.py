"""A loop-invariant call of a Fortran ``pure`` or ``elemental`` project function computed once
before the loop (``hoist_invariant`` for Fortran).

``a(i) = damp(g, t) * x(i)`` in a loop over ``i`` calls ``damp`` once per element although
neither argument changes in the loop. Fortran states what C cannot: a function declared
``pure`` (or ``elemental``) has no side effect, and the compiler checks it. So a call whose
arguments are not written in the loop, of a pure function that reads no module variable the
loop writes, gives the same value in every iteration: :func:`hoist_pure_call` assigns it
once to a new local before the innermost loop at the line and uses the local in the loop.

Refused, with the reason, when the loop calls a subroutine (it may write what the function
reads), when an argument or a module variable the function reads is written in the loop, when
an argument calls a function that is neither an intrinsic nor pure, or when the result's type
is not declared in reach. A function that is not declared pure is never hoisted: nothing here
proves its purity from its body. As for every hoist, the value is computed even when the
loop runs zero times (a pure function has no effect, said in the note).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from perfscout.transform.hoist import MATH, written_in
from perfscout.transform.nest import apply_edits, make_diff
from perfscout.transform.result import Generated, Refusal
from perfscout.transform.source import Code, Node, project_codes, walk

WHAT = "hoist_invariant"
MAX_FILES = 400
MAX_BYTES = 2_000_000
#: Fortran intrinsics a hoisted call's argument may use (pure by the standard)
INTRINSICS = MATH | frozenset({"real", "dble", "int", "nint", "abs", "min", "max", "mod",
                               "sign", "sqrt", "exp", "log", "sin", "cos", "size", "kind",
                               "floor", "ceiling", "merge", "huge", "tiny", "epsilon"})


@dataclass(frozen=True)
class _Pure:
    """A project function declared ``pure`` or ``elemental``."""

    name: str
    type: str  # its result's declared scalar type (``real(dp)``), "" when not one
    elemental: bool  # called with an array it returns an array
    reads: frozenset[str]  # names it reads that are not its own (module variables)


def _pure_functions(codes: list[Code]) -> dict[str, _Pure]:
    out: dict[str, _Pure] = {}
    for c in codes:
        if not c.fortran:
            continue
        for fn in walk(c.tree.root_node):
            if fn.type != "function":
                continue
            st = next((x for x in fn.named_children if x.type == "function_statement"), None)
            if st is None:
                continue
            quals = {c.text_of(q).lower() for q in st.named_children
                     if q.type == "procedure_qualifier"}
            if not quals & {"pure", "elemental"}:
                continue
            name_n = next((x for x in st.named_children if x.type == "name"), None)
            if name_n is None:
                continue
            name = c.text_of(name_n).lower()
            res = next((x for x in st.named_children if x.type == "function_result"), None)
            rvar = (c.text_of(res.named_children[0]).lower() if res is not None
                    and res.named_children else name)
            typ = next((c.text_of(x) for x in st.named_children if x.type == "intrinsic_type"),
                       "") or c.declared_type(fn, rvar)
            if rvar in c.fortran_arrays(fn) or not re.match(
                    r"(?i)(real|double|integer|complex|logical)\b", typ):
                typ = ""  # an array or a derived or character result: no scalar local for it
            params = next((x for x in st.named_children if x.type == "parameters"), None)
            own = {rvar, name} | {c.text_of(p).lower() for p in (params.named_children
                                                                if params is not None else [])}
            local = {c.text_of(i).lower() for d in fn.named_children
                     if d.type == "variable_declaration" for i in walk(d)
                     if i.type == "identifier"}
            reads = {c.text_of(i).lower() for i in walk(fn) if i.type == "identifier"}
            out[name] = _Pure(name, typ, "elemental" in quals,
                              frozenset(reads - own - local - INTRINSICS))
    return out


def _callee(code: Code, n: Node) -> str:
    first = n.named_children[0] if n.named_children else None
    return code.text_of(first).lower() if first is not None and first.type == "identifier" \
        else ""


def hoist_pure_call(code: Code, line: int, rel: str, root: Path | None = None
                    ) -> Generated | Refusal:
    """Each call of a ``pure``/``elemental`` project function with loop-invariant arguments in
    the innermost Fortran loop at ``line`` assigned once to a local before the loop (module
    docstring); a Refusal naming why none is."""
    lp = code.counted_loop_at(line)
    if isinstance(lp, str):
        return Refusal(WHAT, lp)
    sub = next((d for d in walk(lp.node) if d.type == "subroutine_call"), None)
    if sub is not None:
        return Refusal(WHAT, f"the loop at line {lp.line} calls a subroutine "
                             f"({' '.join(code.text_of(sub).split())[:60]}): it may write "
                             "what a function reads")
    codes = project_codes(code, root, lambda lang: lang == "fortran", max_files=MAX_FILES,
                          max_bytes=MAX_BYTES)
    pure = _pure_functions(codes)
    written = {w.lower() for w in written_in(code, lp)}
    unit = code.function_of(lp.node)
    found: dict[str, list[Node]] = {}
    types: dict[str, str] = {}
    why: list[str] = []
    for d in walk(lp.node):
        if d.type != "call_expression":
            continue
        name = _callee(code, d)
        fn = pure.get(name)
        if fn is None:
            continue
        at = d.start_point[0] + 1
        args = d.named_children[1] if len(d.named_children) > 1 else None
        names = {code.text_of(i).lower() for i in walk(args) if i.type == "identifier"} \
            if args is not None else set()
        calls = {_callee(code, x) for x in walk(args) if x.type == "call_expression"} \
            if args is not None else set()
        changing = sorted((names - calls) & written)
        if changing:
            why.append(f"{name}() at line {at}: {', '.join(changing)} changes in the loop")
            continue
        impure = sorted(c for c in calls if c not in INTRINSICS and c not in pure)
        if impure:
            why.append(f"{name}() at line {at}: its argument calls {impure[0]}(), not pure")
            continue
        seen = sorted(fn.reads & written)
        if seen:
            why.append(f"{name}() at line {at} reads {', '.join(seen)}, written in the loop")
            continue
        if not fn.type:
            why.append(f"{name}(): its result is not a scalar of a declared type")
            continue
        arrays = sorted(names & code.fortran_arrays(unit)) if fn.elemental else []
        if arrays:
            why.append(f"{name}() at line {at} is elemental over the array {arrays[0]}: its "
                       "value is an array")
            continue
        if any(d.start_byte >= x.start_byte and d.end_byte <= x.end_byte
               for v in found.values() for x in v):
            continue
        text = " ".join(code.text_of(d).split())
        found.setdefault(text, []).append(d)
        types[text] = fn.type
    if not found:
        return Refusal(WHAT, f"no call of a pure project function with unchanged arguments in "
                             f"the loop at line {lp.line}"
                       + (f": {'; '.join(why[:3])}" if why else " (only functions declared "
                          "pure or elemental are hoisted)"))
    decls = [c for c in (unit.named_children if unit is not None else [])
             if c.type in ("variable_declaration", "implicit_statement", "use_statement")]
    if not decls:
        return Refusal(WHAT, "the program unit declares nothing: no place for the local")
    edits: list[tuple[int, int, str]] = []
    ind = code.indent_at(lp.line)
    lp_start = code.data.rfind(b"\n", 0, lp.node.start_byte) + 1
    assigns, locals_ = [], []
    for i, (text, sites) in enumerate(found.items(), 1):
        name = f"ps_h{i}"
        while re.search(rf"\b{name}\b", code.text, re.I):
            name += "_"
        assigns.append(f"{ind}{name} = {text}\n")
        locals_.append(f"{types[text]} :: {name}")
        edits += [(c.start_byte, c.end_byte, name) for c in sites]
    edits.append((lp_start, lp_start, "".join(assigns)))
    at = code.data.find(b"\n", decls[-1].end_byte) + 1
    dind = code.indent_at(decls[-1].start_point[0] + 1)
    edits.append((at, at, "".join(f"{dind}{x}\n" for x in locals_)))
    new = apply_edits(code, edits)
    note = (f"{len(found)} call(s) of pure function(s) with arguments unchanged in the loop over "
            f"{lp.var} at {rel}:{lp.line} computed once before it ({', '.join(found)}); a pure "
            "function has no effect, so evaluating it when the loop runs zero times changes "
            "nothing")
    return Generated(WHAT, rel, make_diff(code.text, new, rel), new, note)


__all__ = ["hoist_pure_call"]
