"""Loop interchange and tiling of a perfect nest, with their legality checks.

Interchange tries every order of the nest's loops, scores each by how many references the
innermost loop walks with unit stride (the last subscript in C/C++, the first in Fortran) or not
at all, and takes the best order that reverses no dependence. Tiling needs a fully permutable
nest (no dependence with a negative direction anywhere) and tiles every loop with one tile size.

When the hot loop is not a perfect nest because the loop around it holds other statements or
loops too (PolyBench's ``trmm``: ``for j { for k B[i][j] += A[k][i] * B[k][j]; B[i][j] *=
alpha; }``), that loop is first distributed over its pieces (:func:`.fission.fission`, with its
own dependence check) and each piece that is now a perfect nest is reordered; the piece holding
the hot line must be.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable

from perfscout.transform.depend import Dependence, dependences, order_violation, scalars
from perfscout.transform.expand import STATE_REFUSED, expand_and_interchange
from perfscout.transform.fission import fission
from perfscout.transform.nest import (
    Nest,
    emit_loops,
    make_diff,
    map_line,
    perfect_nest,
    replace_lines,
)
from perfscout.transform.region import Ref
from perfscout.transform.result import Generated, Refusal
from perfscout.transform.source import Code, Loop


def _check_nest(code: Code, nest: Nest, what: str) -> Refusal | None:
    if len(nest.loops) < 2:
        lp = nest.loops[0]
        below = [x for x in nest.region.loops if x is not lp]
        why = (f"its body holds other statements beside the loop over {below[0].var} "
               f"(line {below[0].line})" if below else "it is a single loop")
        return Refusal(what, f"the loop over {lp.var} at line {lp.line} is not part of a perfect "
                             f"nest of two or more loops: {why}")
    if nest.region.blockers:
        return Refusal(what, nest.region.blockers[0].reason)
    names = {lp.var for lp in nest.loops}
    for lp in nest.loops:
        if lp.down and (what != "loop_interchange" or lp.down != -1):
            return Refusal(what, lp.problem)  # tiles are emitted counting up
        if lp.step != 1 and not lp.down:
            return Refusal(what, f"the loop over {lp.var} at line {lp.line} steps by {lp.step}")
        dep = set().union(*(code.identifiers(b) for b in (lp.lower_node, lp.upper_node,
                                                          lp.limit_node)
                            if b is not None)) & (names - {lp.var})
        if dep:
            return Refusal(what, f"the bounds of loop {lp.var} (line {lp.line}) depend on "
                                 f"{', '.join(sorted(dep))}: a non-rectangular nest")
    inner = nest.loops[-1]
    for lp in nest.loops:
        sc = scalars(nest.region, lp)
        if sc.carried:
            return Refusal(what, sc.carried[0])
        if sc.reductions:
            name, op = next(iter(sc.reductions.items()))
            return Refusal(what, f"scalar {name} is accumulated ({op}) across the nest (loop "
                                 f"{lp.var}, line {lp.line}): reordering the loops reorders "
                                 "that sum")
        if lp is inner:
            break
    return None


def _prepared(code: Code, line: int, what: str
              ) -> tuple[Nest, list[Dependence]] | Refusal:
    """The perfect nest at ``line`` that passes the common checks, with its dependences."""
    nest = perfect_nest(code, line, what, prologue=True)
    if isinstance(nest, Refusal):
        return nest
    bad = _check_nest(code, nest, what)
    return bad if bad is not None else (nest, dependences(nest.region))


def _unit(code: Code, r: Ref, var: str) -> int:
    """2 when ``var`` walks ``r`` with unit stride, 1 when ``r`` does not move, else 0."""
    if r.dims is None:
        return 0
    where = [k for k, d in enumerate(r.dims) if var in d.vars]
    if not where:
        return 1
    fast = 0 if code.fortran else len(r.dims) - 1
    if where == [fast] and abs(r.dims[fast].vars[var]) == 1 and len(r.dims[fast].vars) == 1:
        return 2
    return 0


def _score(code: Code, refs: list[Ref], order: list[Loop]) -> int:
    return sum(_unit(code, r, order[-1].var) for r in refs)


def _moves(a: list[Loop], b: list[Loop]) -> int:
    return sum(1 for x, y in zip(a, b, strict=True) if x is not y)


def best_order(code: Code, nest: Nest, deps: list[Dependence]
               ) -> tuple[list[Loop], list[tuple[list[Loop], Dependence]]]:
    """The best legal order (the original when nothing is better) and the better orders
    that a dependence forbids, best first."""
    refs = [r for r in nest.region.refs if len(r.loops) == len(nest.loops)]
    orig = list(nest.loops)
    base = _score(code, refs, orig)
    cands = sorted((list(p) for p in itertools.permutations(orig)),
                   key=lambda o: (-_score(code, refs, o), _moves(orig, o)))
    refused: list[tuple[list[Loop], Dependence]] = []
    for o in cands:
        if _score(code, refs, o) <= base:
            break
        bad = order_violation(deps, o)
        if bad is None:
            return o, refused
        refused.append((o, bad))
    if not refused and inner_carries(deps, orig):
        # as many unit-stride accesses either way, but the innermost loop carries a
        # dependence (a recurrence: each iteration waits for the one before): an order whose
        # innermost loop carries none runs independent iterations side by side
        for o in cands:
            if _score(code, refs, o) == base and o != orig and \
                    order_violation(deps, o) is None and not inner_carries(deps, o):
                return o, refused
    return orig, refused


def inner_carries(deps: list[Dependence], order: list[Loop]) -> bool:
    """Whether the innermost loop of ``order`` carries a dependence: some direction of one
    is zero in every outer loop and not in the innermost."""
    for d in deps:
        if order[-1] not in d.loops:
            continue
        pos = [d.loops.index(lp) for lp in order if lp in d.loops]
        if any(all(v[p] == 0 for p in pos[:-1]) and v[pos[-1]] != 0 for v in d.directions()):
            return True
    return False


def _headers(code: Code, nest: Nest, order: list[Loop]) -> list[str]:
    return [lp.header for lp in order]


def _with_init(code: Code, nest: Nest, new_nest: list[str]) -> list[str]:
    if not nest.init:
        return new_nest
    init = emit_loops(code, [lp.header for lp in nest.loops[: nest.init_depth]], nest.init,
                      nest.indent)
    return init + new_nest


def _lone_loop(code: Code, line: int) -> bool:
    """Whether the loop at ``line`` is no perfect nest only because the loop around it holds
    more than it: what distributing that loop first can mend."""
    nest = perfect_nest(code, line, "probe", prologue=True)
    if isinstance(nest, Refusal):  # stores ahead of it that cannot run first: split instead
        nest = perfect_nest(code, line, "probe")
    return not isinstance(nest, Refusal) and len(nest.loops) < 2 and \
        len(nest.region.loops) == 1 and len(code.loops_at(line)) > 1


def _split_then(code: Code, line: int, rel: str, what: str, first: Refusal,
                one: Callable[[Code, int], Generated | Refusal]) -> Generated | Refusal:
    """Distribute the loop around the lone loop at ``line`` over its pieces, then apply
    ``one`` to every piece (the last first, so earlier lines stay put); the piece holding
    ``line`` must take it. ``first``: the refusal on the nest as written, kept in the answer
    when the split does not help."""
    fz = fission(code, line, what, isolate=True)
    if isinstance(fz, Refusal):
        return Refusal(what, f"{first.reason}; {fz.reason}")
    cur = code.rewritten(fz.text)
    made: list[str] = []
    why: dict[int, str] = {}
    for k in reversed(range(len(fz.targets))):
        at = map_line(fz.text, cur.text, fz.targets[k])
        g = one(cur, at) if at is not None else Refusal(what, "rewritten")
        if isinstance(g, Refusal):
            why[k] = g.reason
            continue
        cur = cur.rewritten(g.new_text)
        made.insert(0, f"part {k + 1}: {g.note}")
    if fz.hot in why:
        return Refusal(what, f"{first.reason}; after distributing the loop at line "
                             f"{fz.outer_line} over its {len(fz.targets)} parts, part "
                             f"{fz.hot + 1}: {why[fz.hot]}")
    note = (f"the loop at {rel}:{fz.outer_line} distributed over its {len(fz.targets)} parts "
            "(every dependence between them runs forward), then " + "; ".join(made))
    return Generated(what, rel, make_diff(code.text, cur.text, rel), cur.text, note)


def interchange(code: Code, line: int, rel: str, split: bool = True) -> Generated | Refusal:
    """Reorder the nest at ``line`` so that the innermost loop is unit-stride (``split``:
    distribute the loop around a lone hot loop first, see the module's text)."""
    what = "loop_interchange"
    got = _prepared(code, line, what)
    if isinstance(got, Refusal):
        if split and _lone_loop(code, line):
            done = _split_then(code, line, rel, what, got,
                               lambda c, ln: interchange(c, ln, rel, split=False))
            if isinstance(done, Generated) or not split:
                return done
            got = done
        # a column sweep whose state is in scalars: each column its own copy, rows outside
        expanded = expand_and_interchange(code, line, rel) if split else got
        if isinstance(expanded, Generated):
            return expanded
        if expanded.reason.startswith(STATE_REFUSED):
            return Refusal(what, f"{got.reason}; {expanded.reason}")
        return got
    nest, deps = got
    order, refused = best_order(code, nest, deps)
    if order == nest.loops:
        if refused:
            o, dep = refused[0]
            return Refusal(what, f"the order ({', '.join(lp.var for lp in o)}) would walk the "
                                 f"innermost loop with unit stride but reverses the "
                                 f"{dep.describe()}")
        return Refusal(what, f"no order of loops ({', '.join(lp.var for lp in nest.loops)}) "
                             "gives the innermost loop more unit-stride accesses than the "
                             "current one")
    new = _with_init(code, nest, emit_loops(code, _headers(code, nest, order), nest.body,
                                            nest.indent))
    text = replace_lines(code, nest.first_line, nest.last_line, new)
    vars_ = ", ".join(lp.var for lp in order)
    refs = [r for r in nest.region.refs if len(r.loops) == len(nest.loops)]
    why = (f"{order[-1].var} innermost walks memory with unit stride"
           if _score(code, refs, order) > _score(code, refs, list(nest.loops)) else
           f"{order[-1].var} innermost carries no dependence, where {nest.loops[-1].var} "
           "carried a recurrence (as many unit-stride accesses either way)")
    note = (f"loops reordered to ({vars_}) at {rel}:{nest.first_line}: {why}; {len(deps)} "
            "dependence(s) checked, none reversed; distinct arrays assumed not to overlap")
    if nest.note:
        note += "; " + nest.note
    return Generated(what, rel, make_diff(code.text, text, rel), text, note)


def _tile_names(code: Code, nest: Nest) -> dict[str, str]:
    fn = code.function_of(nest.loops[0].node)
    taken = code.identifiers(fn) if fn is not None else set()
    out = {}
    for lp in nest.loops:
        name = lp.var * 2
        while name in taken:
            name += "_t"
        out[lp.var] = name
    return out


def tiling(code: Code, line: int, rel: str, tile: int = 64, split: bool = True
           ) -> Generated | Refusal:
    """Tile every loop of the perfect nest at ``line`` by ``tile`` (the point loops in the
    best order interchange would choose; ``split`` as for :func:`interchange`)."""
    what = "loop_tiling"
    if tile < 2:
        return Refusal(what, f"tile size {tile} is below 2")
    got = _prepared(code, line, what)
    if isinstance(got, Refusal):
        if split and _lone_loop(code, line):
            return _split_then(code, line, rel, what, got,
                               lambda c, ln: tiling(c, ln, rel, tile, split=False))
        return got
    nest, deps = got
    for d in deps:
        for v in d.directions():
            if any(x < 0 for x in v):
                return Refusal(what, "the nest is not fully permutable: the "
                                     f"{d.describe()} has a negative direction")
    order, _ = best_order(code, nest, deps)
    names = _tile_names(code, nest)
    fn = code.function_of(nest.loops[0].node)
    headers: list[str] = []
    points: list[str] = []
    for lp in order:
        tv = names[lp.var]
        if code.fortran:
            headers.append(f"do {tv} = {lp.lower}, {lp.upper}, {tile}")
            points.append(f"do {lp.var} = {tv}, min({tv} + {tile - 1}, {lp.upper})")
            continue
        typ = lp.decl_type or code.declared_type(fn, lp.var) or "long"
        cmp = "<=" if lp.inclusive else "<"
        headers.append(f"for ({typ} {tv} = {lp.lower}; {tv} {cmp} {lp.upper}; {tv} += {tile})")
        decl = f"{lp.decl_type} " if lp.decl_type else ""
        points.append(f"for ({decl}{lp.var} = {tv}; {lp.var} < {tv} + {tile} && "
                      f"{lp.var} {cmp} {lp.upper}; {lp.var}++)")
    new = _with_init(code, nest, emit_loops(code, headers + points, nest.body, nest.indent))
    text = replace_lines(code, nest.first_line, nest.last_line, new)
    if code.fortran:
        text = _declare_fortran(code, text, nest, [names[lp.var] for lp in order])
    note = (f"{len(order)} loops tiled by {tile} at {rel}:{nest.first_line}, point loops "
            f"({', '.join(lp.var for lp in order)}); nest fully permutable "
            f"({len(deps)} dependence(s) checked)")
    if nest.note:
        note += "; " + nest.note
    return Generated(what, rel, make_diff(code.text, text, rel), text, note)


def _declare_fortran(code: Code, text: str, nest: Nest, names: list[str]) -> str:
    """Declare the tile counters after the last declaration of the program unit."""
    unit = code.function_of(nest.loops[0].node)
    decls = [c for c in (unit.named_children if unit is not None else [])
             if c.type in ("variable_declaration", "implicit_statement", "use_statement")]
    if not decls:
        return text
    last = decls[-1].end_point[0] + 1
    lines = text.splitlines(keepends=True)
    ind = code.indent_at(last)
    lines.insert(last, f"{ind}integer :: {', '.join(names)}\n")
    return "".join(lines)
