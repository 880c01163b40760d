"""Loop fission: split a loop whose body holds several inner loops into one loop per piece.

``for i { t[i] = 0; for j t[i] += A[i][j] * x[j]; for j y[j] += A[i][j] * t[i]; }`` (two
matrix-vector products fused in one outer loop) becomes ``for i { t[i] = 0; for j ... }``
followed by ``for i { for j y[j] += ... }``: each piece is then a perfect nest a BLAS call can
replace. A piece is an inner loop with the plain statements before it.

Legal when running every iteration of an earlier piece before any of a later one keeps every
dependence: a later piece writes nothing an earlier piece references (arrays and scalars); an
array an earlier piece writes and a later one reads is touched, in every reference, only at
the element whose subscript is the outer loop variable itself (iteration ``i`` owns
``t[i]``), so no value crosses iterations; no scalar flows from an earlier piece to a later
one; and nothing in the loop blocks the analysis (a call, a pointer write). Refused otherwise,
naming the array or scalar.
"""

from __future__ import annotations

from dataclasses import dataclass

from perfscout.transform.nest import emit_loops, loop_end_line, parent_loop, stmt_lines
from perfscout.transform.region import Ref, analyse
from perfscout.transform.result import Refusal
from perfscout.transform.source import C_LOOP, F_LOOP, Code, Loop, Node, walk


@dataclass(frozen=True)
class Fissioned:
    """The text with the loop split, and one line inside each piece's innermost loop (the
    statement a generator is pointed at), in the new text, in order."""

    text: str
    targets: tuple[int, ...]
    outer_line: int
    hot: int  # the piece holding the line asked for


def _pieces(lp: Loop) -> list[list[Node]]:
    out: list[list[Node]] = []
    cur: list[Node] = []
    for s in lp.body:
        if s.type == "comment":
            continue
        cur.append(s)
        if s.type in (C_LOOP, F_LOOP):
            out.append(cur)
            cur = []
    if cur and out:
        out[-1].extend(cur)  # plain statements after the last inner loop stay with it
    return out


def _owned(r: Ref, var: str) -> bool:
    """Whether ``r`` touches only the element of iteration ``var`` (a subscript == var)."""
    return r.dims is not None and any(d.vars == {var: 1} and not d.const for d in r.dims)


def _span(n: Node) -> tuple[int, int]:
    return n.start_point[0] + 1, loop_end_line(n) if n.type in (C_LOOP, F_LOOP) \
        else n.end_point[0] + 1


def fission(code: Code, line: int, what: str) -> Fissioned | Refusal:
    """Split the loop around the inner loop holding ``line`` into one loop per piece."""
    nodes = code.loops_at(line)
    if not nodes:
        return Refusal(what, f"line {line} of {code.path} is not inside a loop")
    node: Node | None = nodes[0]
    outer: Loop | None = None
    while node is not None:
        pnode = parent_loop(code, node)
        if pnode is None:
            break
        cand = code.loop(pnode)
        if len(_pieces(cand)) > 1:
            outer = cand
            break
        node = pnode
    if outer is None:
        return Refusal(what, f"no loop around line {line} holds several inner loops to split")
    if not outer.counted:
        return Refusal(what, outer.problem)
    var = outer.var
    region = analyse(code, outer)
    if region.blockers:
        return Refusal(what, f"fission of loop {var} (line {outer.line}): "
                             + region.blockers[0].reason)
    pieces = _pieces(outer)
    # loop counters are set by their own loop header in each part: no value flows in them
    counters = {code.loop(n).var for n in walk(outer.node) if n.type in (C_LOOP, F_LOOP)}
    spans = [(_span(p[0])[0], _span(p[-1])[1]) for p in pieces]

    def piece_of(ln: int) -> int:
        return next((k for k, (a, b) in enumerate(spans) if a <= ln <= b), -1)

    for k in range(1, len(pieces)):
        later = [r for r in region.refs if piece_of(r.line) == k]
        earlier = [r for r in region.refs if 0 <= piece_of(r.line) < k]
        for w in (r for r in later if r.write):
            hit = next((r for r in earlier if r.name == w.name), None)
            if hit is not None:
                return Refusal(what, f"fission of loop {var} (line {outer.line}): {w.name} is "
                                     f"written at line {w.line} after its use at line "
                                     f"{hit.line} in an earlier part: a dependence carried "
                                     f"by loop {var}")
        for w in (r for r in earlier if r.write):
            reads = [r for r in later if r.name == w.name]
            bad = next((r for r in [w, *reads, *(e for e in earlier if e.name == w.name)]
                        if not _owned(r, var)), None) if reads else None
            if bad is not None:
                return Refusal(what, f"fission of loop {var} (line {outer.line}): {w.name} "
                                     f"is written at line {w.line} and read at line "
                                     f"{reads[0].line} in a later part, and {bad.text} is "
                                     f"not the element of iteration {var} alone")
        evs = [e for e in region.events if e.name not in counters]
        for e in (e for e in evs if piece_of(e.line) >= k and e.kind in ("def", "red")):
            seen = next((x for x in evs if x.name == e.name and 0 <= piece_of(x.line) < k),
                        None)
            if seen is not None:
                return Refusal(what, f"fission of loop {var} (line {outer.line}): scalar "
                                     f"{e.name} is written at line {e.line} and used at line "
                                     f"{seen.line} in an earlier part")
        for e in (e for e in evs if 0 <= piece_of(e.line) < k and e.kind in ("def", "red")):
            use = next((x for x in evs if x.name == e.name and piece_of(x.line) >= k), None)
            if use is not None:
                return Refusal(what, f"fission of loop {var} (line {outer.line}): scalar "
                                     f"{e.name} set at line {e.line} is read at line "
                                     f"{use.line} in a later part")
    indent = code.indent_at(outer.line)
    new: list[str] = []
    starts: list[int] = []
    for p in pieces:
        body = [ln for s in p for ln in stmt_lines(code, s)]
        starts.append(outer.line + len(new))
        new += emit_loops(code, [outer.header], body, indent)
    lines = list(code.lines)
    text = "".join(lines[:outer.line - 1] + [ln + "\n" for ln in new]
                   + lines[loop_end_line(outer.node):])
    fresh = Code(text, code.path)
    targets = tuple(_innermost_statement(fresh, s) for s in starts)
    return Fissioned(text, targets, outer.line, max(piece_of(line), 0))


def _innermost_statement(code: Code, start: int) -> int:
    """The line of the last statement of the innermost (last) loop of the loop at ``start``."""
    node = next(n for n in walk(code.tree.root_node)
                if n.type in (C_LOOP, F_LOOP) and n.start_point[0] + 1 == start)
    lp = code.loop(node)
    while True:
        inner = [s for s in lp.body if s.type in (C_LOOP, F_LOOP)]
        if not inner:
            break
        lp = code.loop(inner[-1])
    return lp.body[-1].start_point[0] + 1 if lp.body else lp.line


__all__ = ["Fissioned", "fission"]
