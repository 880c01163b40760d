"""Loop fission (distribution): split a loop whose body holds several pieces, one loop each.

``for i { t[i] = 0; for j t[i] += A[i][j] * x[j]; for j y[j] += A[i][j] * t[i]; }`` (two
matrix-vector products fused in one outer loop) becomes ``for i { t[i] = 0; for j ... }``
followed by ``for i { for j y[j] += ... }``: each piece is then a perfect nest a BLAS call can
replace. By default a piece is an inner loop with the plain statements before it; with
``isolate`` every inner loop is a piece of its own and each run of plain statements another
(``for j { for k B[i][j] += A[k][i] * B[k][j]; B[i][j] *= alpha; }`` becomes a perfect
``j, k`` nest that interchange can reorder, followed by the scaling loop).

Legal when running every iteration of an earlier piece before any of a later one keeps every
dependence, decided from the dependence tests of :mod:`.depend`: every dependence between two
pieces runs forward in the loop (the later piece's reference touches the element at the same
or a later iteration: ``t[i]`` written in one piece and read in the next; ``B[k][j]`` with
``k > i`` read before ``B[i][j]`` is rescaled), never backward or at an unknown distance; no
scalar flows between pieces; and nothing in the loop blocks the analysis (a call, a pointer
write). Refused otherwise, naming the dependence or the scalar.
"""

from __future__ import annotations

from dataclasses import dataclass

from perfscout.transform.depend import dependences
from perfscout.transform.nest import bare_body, emit_loops, loop_end_line, parent_loop, stmt_lines
from perfscout.transform.region import analyse
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


def _pieces(lp: Loop, isolate: bool = False) -> list[list[Node]]:
    out: list[list[Node]] = []
    cur: list[Node] = []
    for s in lp.body:
        if s.type == "comment":
            continue
        is_loop = s.type in (C_LOOP, F_LOOP)
        if isolate and is_loop and cur:
            out.append(cur)  # the plain statements before a loop are a piece of their own
            cur = []
        cur.append(s)
        if is_loop:
            out.append(cur)
            cur = []
    if cur and out:
        if isolate:
            out.append(cur)
        else:
            out[-1].extend(cur)  # plain statements after the last inner loop stay with it
    return out


def _span(n: Node) -> tuple[int, int]:
    return n.start_point[0] + 1, loop_end_line(n) if n.type in (C_LOOP, F_LOOP) \
        else n.end_point[0] + 1


def fission(code: Code, line: int, what: str, isolate: bool = False) -> Fissioned | Refusal:
    """Split the loop around the inner loop holding ``line`` into one loop per piece
    (``isolate``: each inner loop alone, see the module's text); the nearest enclosing loop
    with two or more pieces is split."""
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
        if len(_pieces(cand, isolate)) > 1:
            outer = cand
            break
        node = pnode
    if outer is None:
        return Refusal(what, f"no loop around line {line} holds several inner loops to split")
    return _distribute(code, outer, _pieces(outer, isolate), line, what)


def split_statements(code: Code, line: int, what: str) -> Fissioned | Refusal:
    """Split the innermost loop holding ``line``, whose body is several statements and no
    loop (bicg's ``for j { s[j] += r[i] * A[i][j]; q[i] += A[i][j] * p[j]; }``), into one loop
    per statement, under the same legality check as :func:`fission`."""
    nodes = code.loops_at(line)
    if not nodes:
        return Refusal(what, f"line {line} of {code.path} is not inside a loop")
    lp = code.loop(nodes[0])
    body = [s for s in lp.body if s.type != "comment"]
    if len(body) < 2 or any(s.type in (C_LOOP, F_LOOP) for s in walk(lp.node)
                            if s is not lp.node):
        return Refusal(what, f"the loop over {lp.var} (line {lp.line}) is not several "
                             "statements in one innermost loop")
    return _distribute(code, lp, [[s] for s in body], line, what)


def _distribute(code: Code, outer: Loop, pieces: list[list[Node]], line: int, what: str
                ) -> Fissioned | Refusal:
    """``outer`` split into one loop per piece, when the dependence tests allow it."""
    if not outer.counted:
        return Refusal(what, outer.problem)
    var = outer.var
    region = analyse(code, outer)
    if region.blockers:
        return Refusal(what, f"fission of loop {var} (line {outer.line}): "
                             + region.blockers[0].reason)
    # loop counters are set by their own loop header in each part: no value flows in them
    counters = {code.loop(n).var for n in walk(outer.node) if n.type in (C_LOOP, F_LOOP)}
    spans = [(_span(p[0])[0], _span(p[-1])[1]) for p in pieces]

    def piece_of(ln: int) -> int:
        return next((k for k, (a, b) in enumerate(spans) if a <= ln <= b), -1)

    for d in dependences(region):  # source order: src sits in the earlier piece
        a, b = piece_of(d.src.line), piece_of(d.dst.line)
        if a == b or a < 0 or b < 0:
            continue
        step = d.dist[d.loops.index(outer)] if outer in d.loops else "*"
        if isinstance(step, int) and step >= 0:
            continue  # the later piece touches it at the same or a later iteration
        return Refusal(what, f"fission of loop {var} (line {outer.line}): {d.describe(outer)}"
                             f": running part {a + 1} to the end before part {b + 1} would "
                             "reverse it")
    for k in range(1, len(pieces)):
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
    shift = 0
    if bare_body(outer.node):  # `for (...) <the loop>`: several loops need a block now
        head = outer.line - 2
        if lines[head].rstrip().endswith(")"):
            lines[head] = lines[head].rstrip("\n") + " {\n"
        else:
            new.insert(0, code.indent_at(outer.line - 1) + "{")
            shift = 1
        new.append(code.indent_at(outer.line - 1) + "}" if shift else
                   lines[head][:len(lines[head]) - len(lines[head].lstrip())] + "}")
    text = "".join(lines[:outer.line - 1] + [ln + "\n" for ln in new]
                   + lines[loop_end_line(outer.node):])
    fresh = Code(text, code.path)
    targets = tuple(_innermost_statement(fresh, s + shift) for s in starts)
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


__all__ = ["Fissioned", "fission", "split_statements"]
