"""Interchange a column sweep whose recurrence lives in scalars: expand the scalars into one
element per column, then run the rows outside.

A filter or solver that sweeps each column of a row-major array keeps its running state in
scalars that the column loop resets and the row loop carries (PolyBench deriche's
``tm1 = 0; ym1 = 0; for (i ...) { y1[i][j] = a * x[i][j] + b * ym1; ym1 = y1[i][j]; }``). The
inner loop walks a column (a row apart per step), and no interchange is legal while the state
is one scalar shared by all columns. Given the hot line in such a nest, the generator gives
each column its own copy of the state (``ym1_x[j]``, a variable-length array over the column
loop's range), sets the copies in a loop of their own, and runs the row loop outside the
column loop, which is then unit-stride:

    for (j = 0; j < h; j++) { ym1_x[j] = 0; }
    for (i = 0; i < w; i++)
        for (j = 0; j < h; j++) { y1[i][j] = a * x[i][j] + b * ym1_x[j]; ym1_x[j] = y1[i][j]; }

Legal when each column's iterations touch only that column: every array element the nest reads
or writes is indexed by the column variable itself in its last subscript (the unit-stride one)
and never by it anywhere else; the row loop's bounds do not depend on the column; every scalar
the row loop writes is one the column loop sets before it (its state, now per column) or is
declared inside the row loop's body; and no expanded scalar is read after the nest before it
is written again. Then each column's computation is the same sequence of operations in the
same order, only interleaved with the other columns': the output is bit for bit the same. C and
C++ only (a Fortran column sweep is unit-stride already); the column loop must count up from 0
(its range sizes the copies).
"""

from __future__ import annotations

import re

from perfscout.transform.nest import assignment, make_diff, used_after
from perfscout.transform.region import analyse
from perfscout.transform.result import Generated, Refusal
from perfscout.transform.source import C_LOOP, Code, Node, walk

WHAT = "loop_interchange"
#: how a refusal begins when the nest is a column sweep but its state cannot be split per column
STATE_REFUSED = "the column sweep's state cannot be kept per column: "


def _init(code: Code, n: Node) -> tuple[str, Node] | None:
    """(scalar, value) of a statement ``s = value;`` (nothing else), else None."""
    got = assignment(code, n) if n.type == "expression_statement" else None
    if got is None or got[0].type != "identifier" or got[1] != "=":
        return None
    return code.text_of(got[0]), got[2]


def expand_and_interchange(code: Code, line: int, rel: str) -> Generated | Refusal:
    """The rewrite at the column sweep around ``rel:line`` (see the module text), or a
    Refusal naming what is not that shape."""
    def no(why: str) -> Refusal:
        return Refusal(WHAT, f"not a column sweep with its state in scalars: {why}")

    def kept(why: str) -> Refusal:  # the shape matched; what keeps the state shared
        return Refusal(WHAT, f"{STATE_REFUSED}{why}")

    if code.fortran:
        return no("a Fortran column sweep walks memory with unit stride already")
    nodes = [n for n in code.loops_at(line) if n.type == C_LOOP]
    if len(nodes) < 2:
        return no("the line is not in a loop inside another loop")
    inner, outer = code.loop(nodes[0]), code.loop(nodes[1])
    if not inner.ordered:
        return no(f"the loop over {inner.var} is not a counted loop")
    if not outer.body or outer.body[-1] != inner.node:
        return no(f"the loop over {inner.var} does not end the body of the loop over "
                  f"{outer.var}")
    state: dict[str, Node] = {}
    for st in outer.body[:-1]:
        got = _init(code, st)
        if got is None:
            return no(f"line {st.start_point[0] + 1} is not a plain 'scalar = value;'")
        state[got[0]] = got[1]
    if not state:
        return no(f"the loop over {outer.var} sets no scalar before the loop over {inner.var}")
    j, i = outer.var, inner.var
    if not outer.counted or outer.lower.strip() != "0" or outer.step != 1:
        return kept(f"the loop over {j} does not count up from 0 by 1 (its range sizes the "
                    "copies)")
    for b in (inner.lower_node, inner.upper_node, inner.limit_node):
        if b is not None and j in code.identifiers(b):
            return kept(f"the loop over {i} runs to bounds that depend on {j}")
    reg = analyse(code, outer)
    if reg.refs and all(r.dims and r.dims[-1].vars == {i: 1} for r in reg.refs):
        return no(f"the loop over {i} walks memory with unit stride already")
    if reg.blockers:
        return kept(reg.blockers[0].reason)
    for r in reg.refs:
        if r.dims is None or not r.dims:
            return kept(f"{r.text} (line {r.line}) is not an affine array element")
        last_dim = r.dims[-1]
        if last_dim.vars != {j: 1} or last_dim.const:
            return kept(f"{r.text} (line {r.line}) is not indexed by {j} in its last subscript")
        if any(j in d.vars for d in r.dims[:-1]):
            return kept(f"{r.text} (line {r.line}) uses {j} in another subscript too")
    body_decls = {code.text_of(d) for st in inner.body for d in walk(st)
                  if d.type == "identifier" and d.parent is not None
                  and d.parent.type in ("init_declarator", "declaration")}
    for ev in reg.events:
        if ev.kind in ("def", "red") and ev.name not in state and ev.name not in body_decls \
                and ev.name not in (i, j):
            return kept(f"scalar {ev.name} (line {ev.line}) is written in the sweep but not "
                      f"set per {j} before it")
    for name, value in state.items():
        if code.identifiers(value) & (set(state) | {i}):
            return kept(f"{name}'s starting value reads the sweep's state")
        if used_after(code, outer, name):
            return kept(f"{name} is read after the nest: its last value would be lost")
    fn = code.function_of(outer.node)
    taken = code.identifiers(fn) if fn is not None else set()
    names: dict[str, str] = {}
    for s in state:
        x = f"{s}_{j}"
        while x in taken:
            x += "_"
        names[s] = x
    types = {s: code.declared_type(fn, s) for s in state}
    if any(not t or "*" in t or "[" in t for t in types.values()):
        bad = next(s for s, t in types.items() if not t or "*" in t or "[" in t)
        return kept(f"the type of {bad} is not a plain scalar type")
    size = outer.upper + (" + 1" if outer.inclusive else "")
    ind = code.indent_at(outer.line)
    step = "    "
    body_lines = _renamed(code, inner.body[0], inner.body[-1], names, j).splitlines()
    head_j = outer.header.strip().rstrip("{").strip()
    head_i = inner.header.strip().rstrip("{").strip()
    out = [f"{ind}{types[s]} {names[s]}[{size}];" for s in state]
    out.append(f"{ind}{head_j} {{")
    out += [f"{ind}{step}{names[s]}[{j}] = {code.text_of(v)};" for s, v in state.items()]
    out.append(f"{ind}}}")
    out.append(f"{ind}{head_i}")
    out.append(f"{ind}{step}{head_j} {{")
    base = min((len(x) - len(x.lstrip()) for x in body_lines if x.strip()), default=0)
    out += [f"{ind}{step * 2}{x[base:]}" if x.strip() else "" for x in body_lines]
    out.append(f"{ind}{step}}}")
    first, last_line = outer.line, outer.node.end_point[0] + 1
    lines = list(code.lines)
    text = "".join(lines[:first - 1] + [x + "\n" for x in out] + lines[last_line:])
    note = (f"the state {', '.join(state)} of the sweep over {i} kept per {j} "
            f"({', '.join(names.values())}), and the loops reordered to ({i}, {j}) at "
            f"{rel}:{first}: {j} innermost walks memory with unit stride; each column's "
            "operations run in the same order (output unchanged); the copies are "
            f"variable-length arrays of {size} elements on the stack")
    return Generated(WHAT, rel, make_diff(code.text, text, rel), text, note)


def _renamed(code: Code, first: Node, last: Node, names: dict[str, str], j: str) -> str:
    """The source lines from ``first``'s to ``last``'s (whole lines) with each expanded scalar
    read or written as its copy ``name_x[j]``."""
    start = first.start_byte - first.start_point[1]  # the first statement's line
    end = last.end_byte
    edits = sorted(((d.start_byte - start, d.end_byte - start, f"{names[code.text_of(d)]}[{j}]")
                    for st in _between(first, last) for d in walk(st)
                    if d.type == "identifier" and code.text_of(d) in names), reverse=True)
    raw = code.data[start:end]
    for a, b, new in edits:
        raw = raw[:a] + new.encode() + raw[b:]
    return re.sub(r"[ \t]+\n", "\n", raw.decode())


def _between(first: Node, last: Node) -> list[Node]:
    """``first``, its following siblings, up to ``last``."""
    out: list[Node] = []
    n: Node | None = first
    while n is not None:
        out.append(n)
        if n == last:
            break
        n = n.next_sibling
    return out


__all__ = ["expand_and_interchange"]
