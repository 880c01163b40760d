"""omp_outer_loop: a ``parallel for`` on an inner loop of a serial loop moves to that loop.

``for i: #pragma omp parallel for ... for j: ...`` forks and joins a thread team (and waits at
its barrier) once per ``i``: with short rows the program spends its time in the runtime's
fork/join and barrier code. When the loop around it carries no dependence, the directive is
moved there and the team is made once. C/C++ only.

The directive on the inner loop is removed, the file parsed again, and the loops around the
inner one are tried outermost first with the same test as ``parallelize_omp``
(:func:`perfscout.transform.pragmas.why_not_parallel`: the array dependences of
:mod:`.depend`, the scalar classes, the blocking constructs): the first that carries nothing
gets ``#pragma omp parallel for`` with the reductions it needs and ``private(...)`` for the
scalars written before read in each iteration, which include the inner loops' counters
declared outside the loop (a ``parallel for`` makes only its own counter private). A
``schedule(...)``/``num_threads(...)`` clause of the old directive is kept. A loop that does
carry a dependence (a red-black sweep's loop over the colours, a time loop) is skipped and
named; when every loop around it does, the change is refused with each dependence named.

A checkerboard (red-black) sweep is proved by colour: the loop over ``i`` holds only the loop
over ``j`` that starts at ``B + (i + c) % 2`` (or ``& 1``) and steps by 2, so the elements
``[i][j]`` it visits all have one parity of ``i + j``; every written array is referenced at
``[i + a][j + b]`` (also delinearised ``(i + a) * n + j + b``, the column then proved inside
its row from ``B`` and the upper bound), written only at its own element ``a = b = 0`` and read
there or at an odd ``a + b`` (the other colour, which this sweep does not write). Then no two
rows meet and the row loop gets the directive (the colour loop itself stays serial, named).

Refused also when the old directive is not ``parallel for`` (an ``omp for`` inside a region
the program opened itself), has ``collapse``/``ordered``, or the chosen loop holds another
OpenMP directive (a nested region would need its own analysis).
"""

from __future__ import annotations

import re
from pathlib import Path

from perfscout.transform.affine import poly
from perfscout.transform.caller import STD_PURE, Project, callee_ok
from perfscout.transform.cnames import call_name
from perfscout.transform.depend import scalars
from perfscout.transform.nest import loop_end_line, make_diff, used_after
from perfscout.transform.pragmas import insert_around, omp_clauses, why_not_parallel
from perfscout.transform.region import PURE, analyse
from perfscout.transform.result import Generated, Refusal
from perfscout.transform.source import C_LOOP, Code, Loop, Node, walk

WHAT = "omp_outer_loop"
_KEEP = re.compile(r"\b(schedule|num_threads)\s*\([^)]*\)")


def _pragma_lines(code: Code, lp: Loop) -> tuple[int, int] | None:
    """(first, last) 1-based lines of the ``#pragma omp`` directive right above ``lp``
    (backslash continuations included), None when there is none."""
    end = lp.line - 1
    while end >= 1 and not code.lines[end - 1].strip():
        end -= 1
    start = end
    while start > 1 and code.lines[start - 2].rstrip().endswith("\\"):
        start -= 1
    if start < 1:
        return None
    text = "".join(code.lines[start - 1:end]).strip()
    return (start, end) if re.match(r"#\s*pragma\s+omp\b", text) else None


def _directive(code: Code, span: tuple[int, int]) -> str:
    raw = "".join(code.lines[span[0] - 1:span[1]])
    return " ".join(raw.replace("\\\n", " ").split())


def _parallel_loop(code: Code, line: int) -> tuple[Loop, tuple[int, int]] | Refusal:
    """The loop with an ``omp parallel for`` directive at ``line``: the innermost enclosing
    loop that has one, else one inside the innermost enclosing loop."""
    nodes = code.loops_at(line)
    if not nodes:
        return Refusal(WHAT, f"line {line} of {code.path} is not inside a loop")
    cands = [n for n in nodes if n.type == C_LOOP]
    cands += [d for d in walk(nodes[0]) if d.type == C_LOOP and d is not nodes[0]]
    for n in cands:
        lp = code.loop(n)
        span = _pragma_lines(code, lp)
        if span is not None:
            return lp, span
    return Refusal(WHAT, f"no '#pragma omp' directive on the loops at {code.path}:{line}")


def _outer_loops(n: Node) -> list[Node]:
    """The loops around ``n`` in its function, outermost first."""
    out = []
    p = n.parent
    while p is not None and p.type != "function_definition":
        if p.type == C_LOOP:
            out.append(p)
        p = p.parent
    return out[::-1]


def _other_directive(code: Code, lp: Loop) -> int:
    """The line of an OpenMP directive inside ``lp``'s text (0 when there is none)."""
    for ln in range(lp.line, loop_end_line(lp.node) + 1):
        if re.match(r"\s*#\s*pragma\s+omp\b", code.lines[ln - 1]):
            return ln
    return 0


def _parity_start(code: Code, n: Node, var: str) -> int | None:
    """``B`` when ``n`` is ``B + (X) % 2`` / ``B + ((X) & 1)`` (or that term alone) with ``X``
    holding ``var`` with coefficient +-1; None otherwise."""
    while n.type == "parenthesized_expression" and n.named_children:
        n = n.named_children[0]
    op = n.child_by_field_name("operator")
    left, right = n.child_by_field_name("left"), n.child_by_field_name("right")
    if n.type != "binary_expression" or op is None or left is None or right is None:
        return None
    o = code.text_of(op)
    if o in ("%", "&") and code.text_of(right) == ("2" if o == "%" else "1"):
        p = poly(code, left)
        return 0 if p is not None and p.get((var,)) in (1, -1) and not any(
            var in m and m != (var,) for m in p) else None
    if o == "+":
        for term, other in ((left, right), (right, left)):
            b = poly(code, other)
            if b is not None and set(b) <= {()} and _parity_start(code, term, var) == 0:
                return b.get((), 0)
    return None


def _colour_proof(code: Code, lp: Loop) -> tuple[str, dict[str, str], list[str], list[str]]:
    """Why the rows of a checkerboard sweep over ``lp`` may meet ("" when they cannot: see
    the module's docstring), with the reductions, private and lastprivate scalars."""
    inner = [x for x in lp.body if x.type == C_LOOP]
    if len(lp.body) != 1 or len(inner) != 1:
        return "not a checkerboard: the loop holds more than one inner loop", {}, [], []
    jl = code.loop(inner[0])
    start = _parity_start(code, jl.lower_node, lp.var) if jl.lower_node is not None else None
    if jl.step != 2 or start is None or jl.upper_node is None or jl.lower_node is None:
        return ("not a checkerboard: the inner loop does not start at B + (i + c) % 2 and "
                "step by 2"), {}, [], []
    reg = analyse(code, lp)
    if reg.blockers:
        return reg.blockers[0].reason, {}, [], []
    moved = code.identifiers(jl.lower_node) & {e.name for e in reg.events
                                               if e.kind in ("def", "red")}
    if moved:
        return (f"not a checkerboard: {sorted(moved)[0]} in the inner loop's start changes "
                "inside the loop"), {}, [], []
    sc = scalars(reg, lp)
    if sc.carried:
        return sc.carried[0], {}, [], []
    written = {r.name for r in reg.refs if r.write}
    upper = poly(code, jl.upper_node)
    for r in reg.refs:
        if r.name not in written:
            continue
        where = f"{r.text} (line {r.line})"
        if r.dims is None or len(r.dims) != 2 or r.dims[0].vars != {lp.var: 1} or \
                r.dims[1].vars != {jl.var: 1}:
            return f"{where} is not [{lp.var} + a][{jl.var} + b]", {}, [], []
        a, b = r.dims[0].const, r.dims[1].const
        if r.split:  # the column must stay inside its row: B + b >= 0, upper + b <= n
            row = {(r.dims[1].stride or r.dims[0].stride or ("",))[0]: 1} if (
                r.dims[1].stride or r.dims[0].stride) else {}
            k = None if upper is None or not row or {m: c for m, c in upper.items()
                                                     if m != ()} != {(x,): 1 for x in row} \
                else upper.get((), 0) + (1 if jl.inclusive else 0)
            if k is None or start + b < 0 or k + b > 0:
                return f"{where}: its column may leave the row", {}, [], []
        if r.write and (a, b) != (0, 0):
            return f"{where} writes another element than the sweep's own", {}, [], []
        if not r.write and (a, b) != (0, 0) and (a + b) % 2 == 0:
            return f"{where} reads the colour being written", {}, [], []
    last = [n for n in sc.private if used_after(code, lp, n)]
    return "", sc.reductions, [n for n in sc.private if n not in last], last


def _own_state_calls(code: Code, scope: Node, root: Path | None) -> frozenset[str]:
    """The project functions called under ``scope`` that write only their own state and
    nothing through their parameters (``parallelize_caller``'s test: a counter-based random
    number generator, a helper computing a value): calls to them do not block the move."""
    proj = Project(code, root)
    out = set()
    for call in walk(scope):
        if call.type != "call_expression":
            continue
        name = call_name(code, call)
        if not name or name in PURE or name in STD_PURE or name in out:
            continue
        why, params = callee_ok(proj, name)
        if not why and not any(p.writable for p in params):
            out.add(name)
    return frozenset(out)


def omp_outer_loop(code: Code, line: int, rel: str, root: Path | None = None
                   ) -> Generated | Refusal:
    """Move the ``omp parallel for`` of the loop at ``line`` to the outermost loop around it
    that carries no dependence; a Refusal naming each dependence when there is none.
    ``root``: the project folder where the functions the loops call are defined (those that
    write only their own state do not block the move)."""
    if code.fortran:
        return Refusal(WHAT, "Fortran is not handled (C/C++ only)")
    found = _parallel_loop(code, line)
    if isinstance(found, Refusal):
        return found
    inner, span = found
    old = _directive(code, span)
    if not re.match(r"#\s*pragma\s+omp\s+parallel\s+for\b", old):
        return Refusal(WHAT, f"the directive at line {span[0]} is '{old}', not 'omp parallel "
                             "for': the parallel region is the program's own")
    if re.search(r"\b(collapse|ordered)\b", old):
        return Refusal(WHAT, f"the directive at line {span[0]} has collapse/ordered: '{old}'")
    outers = _outer_loops(inner.node)
    if not outers:
        return Refusal(WHAT, f"the parallel loop over {inner.var or '?'} at line {inner.line} "
                             "is inside no loop of its function: its region is made once per "
                             "call already")
    # analysed with the directive blanked (line numbers as the user sees them), rewritten
    # with it removed
    blank = "".join(code.lines[:span[0] - 1] + ["\n"] * (span[1] - span[0] + 1)
                    + code.lines[span[1]:])
    text = "".join(code.lines[:span[0] - 1] + code.lines[span[1]:])
    bare = Code(blank, code.path)
    bare.pure_macros, bare.expand = code.pure_macros, code.expand
    bare.pure_macros = bare.pure_macros | _own_state_calls(code, outers[0], root)
    cut = Code(text, code.path)
    kept = " ".join(m.group(0) for m in _KEEP.finditer(old))
    reasons = []
    for n in outers:
        at = n.start_point[0] + 1
        cand = next((x for x in bare.loops_at(at) if x.start_point[0] + 1 == at), None)
        if cand is None:
            continue
        lp = bare.loop(cand)
        why, reds, priv, last = why_not_parallel(bare, lp)
        colour = ""
        if "dependence on" in why:  # a checkerboard's rows do not meet: proved by colour
            cw, creds, cpriv, clast = _colour_proof(bare, lp)
            if not cw:
                why, reds, priv, last = "", creds, cpriv, clast
                colour = ("; a checkerboard sweep: each row writes one colour and reads "
                          "the other")
            else:
                why += f" ({cw})"
        if not why and _other_directive(bare, lp):
            why = f"it holds another OpenMP directive (line {_other_directive(bare, lp)})"
        if why:
            reasons.append(f"loop {lp.var or '?'} (line {lp.line}): {why}")
            continue
        cl = omp_clauses(reds, priv, last)
        target = next(x for x in cut.loops_at(at) if x.start_point[0] + 1 == at)
        new = insert_around(cut, cut.loop(target),
                      f"#pragma omp parallel for{' ' + kept if kept else ''}{cl}")
        note = (f"'{old}' moved from the loop over {inner.var} (line {inner.line}) to the loop "
                f"over {lp.var} at {rel}:{lp.line}" + (f" with{cl}" if cl else "")
                + ": one thread team instead of one per iteration; no dependence carried by "
                f"{lp.var}{colour}" + (f" (outer loops refused: {'; '.join(reasons)})"
                                       if reasons else ""))
        return Generated(WHAT, rel, make_diff(code.text, new, rel), new, note,
                         flags=("-fopenmp",))
    return Refusal(WHAT, f"the parallel loop over {inner.var} (line {inner.line}) stays where "
                         "it is: no loop around it can run its iterations in parallel: "
                   + "; ".join(reasons))
