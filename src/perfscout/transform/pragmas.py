"""OpenMP and unroll directives on the loop at a hot line, with the clauses they need.

``#pragma omp simd`` / ``!$omp simd`` goes on the innermost loop, ``#pragma omp parallel for`` /
``!$omp parallel do`` on the outermost loop of the nest that carries no dependence (inner loops
are tried in turn). Both refuse on any loop-carried dependence other than a recognised scalar
reduction, which becomes a ``reduction(op:x)`` clause; scalars written before they are read in
each iteration become ``private`` (``lastprivate`` when read after the loop). ``#pragma GCC
unroll N`` / ``!GCC$ unroll N`` needs only a counted loop whose variable the body leaves alone.
"""

from __future__ import annotations

from perfscout.transform.depend import Dependence, carried, dependences, scalars
from perfscout.transform.nest import loop_end_line, make_diff, triangle, used_after
from perfscout.transform.region import analyse
from perfscout.transform.result import Generated, Refusal
from perfscout.transform.source import C_LOOP, F_LOOP, Code, Loop


def _triangle_var(lp: Loop, inner: Loop) -> bool:
    """Whether ``inner`` walks one triangle of ``lp``'s square, by unit steps."""
    return inner.step == 1 and bool(triangle(lp, inner))


def _triangle_safe(d: Dependence, lp: Loop) -> bool:
    """Whether dependence ``d``, which the rectangular test says ``lp`` carries, cannot hold
    across iterations of ``lp`` because a loop inside it walks a triangle: both references
    index a 2-D array by ``[i][j]`` or its mirror ``[j][i]`` (unit steps, no offsets) with
    ``j`` that triangular loop. Two iterations ``i1 != i2`` then never meet: ``[i1][j1] ==
    [j2][i2]`` needs ``i1 = j2`` and ``j1 = i2``, and ``j >= i`` (or ``j <= i``) in both makes
    them equal; ``[i][j]`` against itself needs ``i1 = i2``."""
    inner = [x for x in d.loops[d.loops.index(lp) + 1:] if _triangle_var(lp, x)]
    for j in inner:
        pair = (lp.var, j.var), (j.var, lp.var)
        if all(r.dims is not None and len(r.dims) == 2 and not any(x.const for x in r.dims)
               and tuple(next(iter(x.vars), "") if x.vars and list(x.vars.values()) == [1]
                         and len(x.vars) == 1 else "" for x in r.dims) in pair
               for r in (d.src, d.dst)):
            return True
    return False


def why_not_parallel(code: Code, lp: Loop) -> tuple[str, dict[str, str], list[str], list[str]]:
    """Why ``lp`` cannot run its iterations concurrently ("" when it can), with the
    reductions, private and lastprivate scalars it needs. A dependence that only a
    triangular inner loop rules out (:func:`_triangle_safe`) does not count."""
    if not lp.counted:
        return lp.problem, {}, [], []
    reg = analyse(code, lp)
    if reg.blockers:
        return reg.blockers[0].reason, {}, [], []
    deps = [d for d in carried(dependences(reg), lp) if not _triangle_safe(d, lp)]
    if deps:
        return deps[0].describe(lp), {}, [], []
    sc = scalars(reg, lp)
    if sc.carried:
        return sc.carried[0], {}, [], []
    last = [n for n in sc.private if used_after(code, lp, n)]
    priv = [n for n in sc.private if n not in last]
    if not lp.decl_type and used_after(code, lp, lp.var):
        last.insert(0, lp.var)  # the loop's own counter is read after it: keep its last value
    return "", sc.reductions, priv, last


def omp_clauses(reds: dict[str, str], priv: list[str], last: list[str]) -> str:
    """The OpenMP clause text (`` reduction(+:s) private(t) lastprivate(k)``) for the
    scalar classes :func:`why_not_parallel` found."""
    out = ""
    by_op: dict[str, list[str]] = {}
    for name, op in reds.items():
        by_op.setdefault(op, []).append(name)
    for op, names in by_op.items():
        out += f" reduction({op}:{', '.join(names)})"
    if priv:
        out += f" private({', '.join(priv)})"
    if last:
        out += f" lastprivate({', '.join(last)})"
    return out


def existing_pragma(code: Code, lp: Loop, word: str) -> str:
    """The directive on the line above the loop when it is a pragma naming ``word``
    (e.g. ``omp``), else ""; so a generator does not add a second one."""
    prev = code.lines[lp.line - 2].strip() if lp.line >= 2 else ""
    low = prev.lower()
    if low.startswith(("#pragma", "!$omp", "!gcc$")) and word in low:
        return prev
    return ""


def insert_around(code: Code, lp: Loop, before: str, after: str = "") -> str:
    """The text with ``before`` on the line above the loop (and ``after`` below its end),
    wrapping the loop in braces when it is the unbraced body of another C statement."""
    lines = list(code.lines)
    ind = code.indent_at(lp.line)
    dind = "" if code.fixed_form else ind  # fixed form: a directive starts in column 1
    end = loop_end_line(lp.node)
    parent = lp.node.parent
    wrap = not code.fortran and parent is not None and parent.type in (
        C_LOOP, "if_statement", "else_clause", "while_statement")
    tail = [f"{dind}{after}\n"] if after else []
    body = lines[lp.line - 1:end]
    if wrap:
        body = ["  " + ln if ln.strip() else ln for ln in body]
        new = [f"{ind}{{\n", f"{ind}  {before}\n", *body, *tail, f"{ind}}}\n"]
    else:
        new = [f"{dind}{before}\n", *body, *tail]
    return "".join(lines[: lp.line - 1] + new + lines[end:])


def _innermost(code: Code, line: int, what: str) -> Loop | Refusal:
    nodes = code.loops_at(line)
    if not nodes:
        return Refusal(what, f"line {line} of {code.path} is not inside a loop")
    lp = code.loop(nodes[0])
    while True:
        inner = [s for s in lp.body if s.type in (C_LOOP, F_LOOP)]
        if len(inner) == 1 and len(lp.body) == 1:
            lp = code.loop(inner[0])
            continue
        break
    nested = analyse(code, lp).loops[1:]
    if nested:
        return Refusal(what, f"the loop over {lp.var or '?'} at line {lp.line} contains the loop "
                             f"over {nested[0].var or '?'} (line {nested[0].line}): simd goes on "
                             "an innermost loop")
    return lp


def simd(code: Code, line: int, rel: str) -> Generated | Refusal:
    """``omp simd`` on the innermost loop at ``line``, with the reduction clause it needs."""
    what = "omp_simd"
    lp = _innermost(code, line, what)
    if isinstance(lp, Refusal):
        return lp
    why, reds, priv, last = why_not_parallel(code, lp)
    if why:
        return Refusal(what, why)
    have = existing_pragma(code, lp, "simd")
    if have:
        return Refusal(what, f"the loop at line {lp.line} already has '{have}'")
    cl = omp_clauses(reds, priv, last)
    if code.fortran:
        text = insert_around(code, lp, f"!$omp simd{cl}", "!$omp end simd")
    else:
        text = insert_around(code, lp, f"#pragma omp simd{cl}")
    note = (f"omp simd on the loop over {lp.var} at {rel}:{lp.line}"
            + (f" with{cl}" if cl else "") + "; no loop-carried dependence")
    return Generated(what, rel, make_diff(code.text, text, rel), text, note,
                     flags=("-fopenmp-simd",))


def parallel(code: Code, line: int, rel: str) -> Generated | Refusal:
    """``omp parallel for`` on the outermost loop of the nest at ``line`` that carries no
    dependence, with its reduction/private clauses."""
    what = "parallelize_omp"
    nodes = code.loops_at(line)
    if not nodes:
        return Refusal(what, f"line {line} of {code.path} is not inside a loop")
    reasons = []
    for n in reversed(nodes):
        lp = code.loop(n)
        why, reds, priv, last = why_not_parallel(code, lp)
        if why:
            reasons.append(f"loop {lp.var or '?'} (line {lp.line}): {why}")
            continue
        have = existing_pragma(code, lp, "omp")
        if have:
            return Refusal(what, f"the loop at line {lp.line} already has '{have}'")
        cl = omp_clauses(reds, priv, last)
        tri = any(_triangle_var(lp, x) for x in analyse(code, lp).loops[1:])
        sched = "dynamic" if tri else "static"  # a triangle's rows differ in length
        if code.fortran:
            text = insert_around(code, lp, f"!$omp parallel do schedule({sched}){cl}" if tri else
                           f"!$omp parallel do{cl}", "!$omp end parallel do")
        else:
            text = insert_around(code, lp, f"#pragma omp parallel for schedule({sched}){cl}")
        note = (f"omp parallel for on the loop over {lp.var} at {rel}:{lp.line}"
                + (f" with{cl}" if cl else "") + "; no dependence carried by it"
                + ("; schedule(dynamic): the inner loop walks a triangle" if tri else "")
                + (f" (outer loops refused: {'; '.join(reasons)})" if reasons else ""))
        return Generated(what, rel, make_diff(code.text, text, rel), text, note,
                         flags=("-fopenmp",))
    return Refusal(what, "no loop of the nest can run its iterations in parallel: "
                   + "; ".join(reasons))


def unroll(code: Code, line: int, rel: str, factor: int = 4) -> Generated | Refusal:
    """``#pragma GCC unroll N`` / ``!GCC$ unroll N`` on the innermost loop at ``line``."""
    what = "loop_unroll"
    if factor < 2:
        return Refusal(what, f"unroll factor {factor} is below 2")
    lp = code.counted_loop_at(line)
    if isinstance(lp, str):
        return Refusal(what, lp)
    reg = analyse(code, lp)
    own = [e for e in reg.events if e.name == lp.var and e.kind in ("def", "red")
           and e.line != lp.line]
    if own:
        return Refusal(what, f"the loop variable {lp.var} is assigned at line {own[0].line} "
                             "inside the loop: its trip count is not known on entry")
    if existing_pragma(code, lp, "unroll"):
        return Refusal(what, f"the loop at line {lp.line} already has "
                             f"'{existing_pragma(code, lp, 'unroll')}'")
    pragma = f"!GCC$ unroll {factor}" if code.fortran else f"#pragma GCC unroll {factor}"
    text = insert_around(code, lp, pragma)
    note = f"unroll by {factor} of the loop over {lp.var} at {rel}:{lp.line}"
    return Generated(what, rel, make_diff(code.text, text, rel), text, note)
