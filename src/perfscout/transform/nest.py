"""The loop nest around a hot line, made perfect where that is exact, and written back as text.

:func:`perfect_nest` finds the largest perfect nest (each loop's body is the next loop) that holds
the line. A nest that is perfect except for a scalar reduction, the matrix-product shape::

    for i: for j: { s = 0; for k: s += e; X[i][j] = s; }

is rewritten exactly as ``for i: for j: X[i][j] = 0;`` followed by the perfect nest
``for i: for j: for k: X[i][j] += e`` (each element still sums its terms in the same order), which
is what interchange, tiling and the BLAS recogniser then work on. :func:`emit_loops` and
:func:`make_diff` write the result back in the file's own style and indentation.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field, replace

from perfscout.transform.region import Event, Ref, Region, analyse
from perfscout.transform.result import Refusal
from perfscout.transform.source import C_LOOP, F_LOOP, Code, Loop, Node

STEP = "  "


@dataclass
class Nest:
    """A perfect loop nest (after the exact normalisation, if one was needed)."""

    loops: list[Loop]
    body: list[str]  # innermost statements, dedented
    region: Region  # reads/writes of the (normalised) nest
    first_line: int  # lines of the source the nest occupies (1-based, inclusive)
    last_line: int
    indent: str
    init: list[str] = field(default_factory=list)  # statements over loops[:init_depth]
    init_depth: int = 0
    note: str = ""
    store: Ref | None = None  # the normalised accumulation target
    red_op: str = ""
    init_value: str = ""
    product: Node | None = None  # the accumulated expression (normalised or original)


def stmt_lines(code: Code, n: Node) -> list[str]:
    """The statement's source lines, dedented to its first column (trailing ``;`` kept)."""
    col = n.start_point[1]
    raw = code.data[n.start_byte:n.end_byte].decode().split("\n")
    out = [raw[0]]
    for ln in raw[1:]:
        cut = len(ln) - len(ln.lstrip(" \t"))
        out.append(ln[min(col, cut):])
    row, end = n.end_point
    rest = code.lines[row][end:].rstrip("\n") if row < len(code.lines) else ""
    if rest.strip().startswith(("/*", "//", "!")):
        out[-1] += rest  # the statement's trailing comment stays with it
    return out


def bare_body(n: Node) -> bool:
    """Whether C/C++ node ``n`` is the whole body of a loop or branch written without braces:
    a change that puts statements beside it must add the block."""
    p = n.parent
    return p is not None and p.type in (C_LOOP, "for_range_loop", "while_statement",
                                          "do_statement", "if_statement", "else_clause")


def loop_end_line(n: Node) -> int:
    return n.end_point[0] + 1 if n.end_point[1] > 0 else n.end_point[0]


def enclosing_loop(n: Node, stop: Node, loops: tuple[str, ...]) -> Node | None:
    """The innermost node of a type in ``loops`` around ``n`` below ``stop`` (its function):
    where a buffer, an allocation or a call is repeated; None when ``n`` is not in a loop of
    ``stop``. ``loops`` names the language's loop node types (C ``for``/``while``/``do``,
    Fortran ``do``/``do while``), so the C and Fortran generators share one search."""
    p = n.parent
    while p is not None and p != stop:
        if p.type in loops:
            return p
        p = p.parent
    return None


def parent_loop(code: Code, n: Node) -> Node | None:
    """The loop whose body directly holds ``n`` (through a compound statement only)."""
    p = n.parent
    if p is not None and p.type == "compound_statement":
        p = p.parent
    return p if p is not None and p.type in (C_LOOP, F_LOOP) else None


def _single_loop(lp: Loop) -> Node | None:
    if len(lp.body) == 1 and lp.body[0].type in (C_LOOP, F_LOOP):
        return lp.body[0]
    return None


@dataclass
class _Reduction:
    init_node: Node
    name: str
    value: str
    inner: Node
    store_node: Node
    store_op: str
    target: Node


def _reduction_shape(code: Code, lp: Loop) -> _Reduction | None:
    """``{ s = c; <loop>; X = s; }`` in this loop's body."""
    if len(lp.body) != 3 or lp.body[1].type not in (C_LOOP, F_LOOP):
        return None
    init, inner, store = lp.body
    name, value = _scalar_init(code, init)
    if not name:
        return None
    got = _store(code, store, name)
    if got is None:
        return None
    target, op = got
    return _Reduction(init, name, value, inner, store, op, target)


def _scalar_init(code: Code, n: Node) -> tuple[str, str]:
    if n.type == "declaration":
        ds = n.children_by_field_name("declarator")
        if len(ds) == 1 and ds[0].type == "init_declarator":
            d, v = ds[0].child_by_field_name("declarator"), ds[0].child_by_field_name("value")
            if d is not None and v is not None and d.type == "identifier":
                return code.text_of(d), code.text_of(v)
    got = assignment(code, n)
    if got is not None and got[0].type == "identifier" and got[1] == "=":
        return code.name_of(got[0]), code.text_of(got[2])
    return "", ""


def assignment(code: Code, n: Node) -> tuple[Node, str, Node] | None:
    """(left, operator, right) of an assignment statement (C ``x op= e;`` or Fortran
    ``x = e``); None for anything else."""
    e = n.named_children[0] if n.type == "expression_statement" and n.named_children else n
    if e.type not in ("assignment_expression", "assignment_statement"):
        return None
    left = e.child_by_field_name("left") or e.named_children[0]
    right = e.child_by_field_name("right") or e.named_children[-1]
    opn = e.child_by_field_name("operator")
    return left, (code.text_of(opn) if opn is not None else "="), right


def _store(code: Code, n: Node, name: str) -> tuple[Node, str] | None:
    got = assignment(code, n)
    if got is None:
        return None
    left, op, right = got
    if right.type != "identifier" or code.name_of(right) != name or left.type == "identifier":
        return None
    return (left, op) if op in ("=", "+=") else None


def _update(code: Code, n: Node, name: str) -> tuple[str, Node] | None:
    """``s += e`` / ``s = s + e`` / ``s *= e``: (operator, e)."""
    got = assignment(code, n)
    if got is None:
        return None
    left, op, right = got
    if left.type != "identifier" or code.name_of(left) != name:
        return None
    if op in ("+=", "*="):
        return (op[0], right) if name not in code.identifiers(right) else None
    if op == "=" and right.type in ("binary_expression", "math_expression"):
        rop = code.text_of(right.child_by_field_name("operator") or right)
        a, b = right.child_by_field_name("left"), right.child_by_field_name("right")
        if rop in ("+", "*") and a is not None and b is not None:
            if a.type == "identifier" and code.name_of(a) == name and \
                    name not in code.identifiers(b):
                return rop, b
            if b.type == "identifier" and code.name_of(b) == name and \
                    name not in code.identifiers(a):
                return rop, a
    return None


def perfect_nest(code: Code, line: int, what: str, prologue: bool = False) -> Nest | Refusal:
    """The perfect nest holding ``line`` (normalised if it has the scalar-reduction shape).
    ``prologue``: also take a loop whose body stores into array elements ahead of its one
    inner loop, those stores hoisted into a nest of their own (see :func:`_prologue`); for
    the transformations that emit ``Nest.init`` (interchange, tiling)."""
    nodes = code.loops_at(line)
    if not nodes:
        fn = code.function_of(code.node_at_line(line) or code.tree.root_node)
        return Refusal(what, f"line {line} of {code.path} is not inside a loop "
                             f"(it is in {code.function_name(fn)})")
    cur = code.loop(nodes[0])
    if not cur.ordered:
        return Refusal(what, cur.problem)
    red: _Reduction | None = None
    pro: Node | None = None  # the loop holding an element prologue (see _prologue)
    while True:  # descend into a single inner loop (or the reduction shape)
        one = _single_loop(cur)
        shape = _reduction_shape(code, cur) if one is None and red is None else None
        if prologue and one is None and shape is None and red is None and pro is None:
            one = _prologue_shape(code, cur)
            pro = cur.node if one is not None else None
        if one is None and shape is None:
            break
        if shape is not None:
            red = shape
        cur = code.loop(one if one is not None else shape.inner)  # type: ignore[union-attr]
        if not cur.ordered:
            return Refusal(what, cur.problem)
    chain = [cur]
    while True:  # ascend while the parent holds only this loop (or the reduction shape)
        pnode = parent_loop(code, chain[0].node)
        if pnode is None:
            break
        parent = code.loop(pnode)
        if not parent.ordered:
            break
        if len(parent.body) == 1 or parent.node == pro:
            chain.insert(0, parent)
            continue
        shape = _reduction_shape(code, parent) if red is None else None
        if shape is not None and shape.inner == chain[0].node:
            red = shape
            chain.insert(0, parent)
            continue
        if prologue and red is None and pro is None and \
                _prologue_shape(code, parent) == chain[0].node:
            pro = parent.node
            chain.insert(0, parent)
            continue
        break
    root = chain[0]
    region = analyse(code, root)
    inner = chain[-1]
    nest = Nest(chain, [], region, root.line, loop_end_line(root.node),
                code.indent_at(root.line))
    if pro is not None:  # the prologue runs under the loops down to the one holding it
        return _prologue(code, nest, 1 + next(i for i, lp in enumerate(chain) if lp.node == pro),
                         what)
    if red is None:
        nest.body = [ln for s in inner.body for ln in stmt_lines(code, s)]
        if len(inner.body) == 1:
            nest.product = _rhs(code, inner.body[0])
        return nest
    return _normalise(code, nest, red)


def _prologue_shape(code: Code, lp: Loop) -> Node | None:
    """The inner loop of ``{ X[..] = e; ...; <loop> }``: plain stores into array elements
    ahead of one inner loop, which ends the body (``tmp[i][j] = 0; for k ...``,
    ``D[i][j] *= beta; for k ...``); None for any other body."""
    if len(lp.body) < 2 or lp.body[-1].type not in (C_LOOP, F_LOOP):
        return None
    for st in lp.body[:-1]:
        got = assignment(code, st)
        if got is None or got[0].type == "identifier":
            return None
    return lp.body[-1]


def _prologue(code: Code, nest: Nest, depth: int, what: str) -> Nest | Refusal:
    """Hoist the element prologue of the loop at ``depth - 1`` into its own nest over the
    outer ``depth`` loops (run before the rest), leaving a perfect nest. Legal when every
    prologue statement writes only the element its outer iteration owns (each subscript one
    outer loop variable, all of them used), reads no scalar the nest defines, and the inner
    loops touch each array the prologue writes only at that same element: then each
    element still sees its prologue before its updates, and nothing else reads or writes
    what the prologue writes in between. Refused otherwise, naming the reference."""
    def no(why: str) -> Refusal:
        return Refusal(what, f"the statements ahead of the inner loop cannot run first: {why}")

    reg = nest.region
    outer = nest.loops[:depth]
    ovars = [lp.var for lp in outer]
    pnodes = nest.loops[depth - 1].body[:-1]
    plines = {ln for n in pnodes for ln in range(n.start_point[0] + 1, n.end_point[0] + 2)}
    pre = [r for r in reg.refs if r.line in plines]
    rest = [r for r in reg.refs if r.line not in plines]

    def key(r: Ref) -> tuple[tuple[tuple[str, int], ...], ...] | None:
        if r.dims is None:
            return None
        return tuple((*sorted(d.vars.items()), ("", d.const)) for d in r.dims)

    owned: dict[str, object] = {}
    for r in pre:
        if not r.write:
            continue
        used = [next(iter(d.vars)) for d in r.dims or () if len(d.vars) == 1 and not d.const
                and next(iter(d.vars.values())) == 1]
        if r.dims is None or len(used) != len(r.dims) or sorted(used) != sorted(ovars):
            return no(f"{r.text} (line {r.line}) is not the one element of an "
                      f"iteration of loops {', '.join(ovars)}")
        if owned.setdefault(r.name, key(r)) != key(r):
            return no(f"{r.name} is written at two different elements")
    for r in pre + rest:
        if r.name in owned and key(r) != owned[r.name]:
            return no(f"{r.text} (line {r.line}) touches {r.name} at another "
                      "element than the prologue writes")
    written_inner = {r.name for r in rest if r.write}
    for r in pre:
        if not r.write and r.name in written_inner and r.name not in owned:
            return no(f"the prologue reads {r.name} (line {r.line}), which the "
                      "inner loop writes")
    defs = {ev.name for ev in reg.events if ev.kind in ("def", "red")} - set(ovars)
    for ev in reg.events:
        if ev.line in plines and ev.name not in ovars and (
                ev.kind != "use" or ev.name in defs):
            return no(f"scalar {ev.name} (line {ev.line}) flows between the "
                      "prologue and the loop")
    if reg.blockers:
        return Refusal(what, reg.blockers[0].reason)
    inner = nest.loops[-1]
    nest.body = [ln for st in inner.body for ln in stmt_lines(code, st)]
    nest.init = [ln for st in pnodes for ln in stmt_lines(code, st)]
    nest.init_depth = depth
    nest.region = Region(reg.root, reg.loops, rest,
                         [ev for ev in reg.events if ev.line not in plines],
                         dict(reg.declared), reg.blockers)
    if len(inner.body) == 1:
        nest.product = _rhs(code, inner.body[0])
    nest.note = (f"the statement(s) ahead of the loop over {nest.loops[depth].var} run first, "
                 f"in their own nest over {', '.join(ovars)} (each touches only its own "
                 "element)")
    return nest


def _rhs(code: Code, n: Node) -> Node | None:
    got = assignment(code, n)
    if got is None or (got[1] != "+=" and not code.fortran):
        return None
    return got[2]


def _normalise(code: Code, nest: Nest, red: _Reduction) -> Nest | Refusal:
    what = "normalising the reduction"
    inner = nest.loops[-1]
    depth = next(i for i, lp in enumerate(nest.loops) if lp.node == red.inner) \
        if any(lp.node == red.inner for lp in nest.loops) else -1
    if depth <= 0 or len(inner.body) != 1:
        return Refusal(what, "the inner loops around the reduction are not perfect")
    upd = _update(code, inner.body[0], red.name)
    if upd is None:
        return Refusal(what, f"the innermost statement does not update {red.name} with += or "
                             f"{red.name} = {red.name} + ...")
    op, expr = upd
    reg = nest.region
    store_line = red.store_node.start_point[0] + 1
    store = next((r for r in reg.refs if r.write and r.line == store_line), None)
    outer = nest.loops[:depth]
    if store is None or store.dims is None:
        return Refusal(what, f"the store {code.text_of(red.target)} has no affine subscript")
    used = {v for d in store.dims for v in d.vars}
    if used != {lp.var for lp in outer} or any(len(d.vars) > 1 or any(
            abs(c) != 1 for c in d.vars.values()) for d in store.dims):
        return Refusal(what, f"{code.text_of(red.target)} is not one element per iteration of "
                             f"loops {', '.join(lp.var for lp in outer)}: the sum cannot be "
                             "accumulated in place")
    reads = [r for r in reg.refs if r.line != store_line and r.name == store.name]
    if reads:
        return Refusal(what, f"{store.name} is also read at line {reads[0].line}: "
                             "accumulating in place would change what it reads")
    fn = code.function_of(nest.loops[0].node)
    after = [d for d in _after(code, fn, nest.loops[0].node) if code.name_of(d) == red.name]
    if after:
        return Refusal(what, f"{red.name} is read again at line {after[0].start_point[0] + 1} "
                             "after the nest")
    x = code.text_of(red.target)
    e = code.text_of(expr)
    zero = is_zero(red.value) if op == "+" else red.value.strip() in ("1", "1.0", "1.0d0")
    if red.store_op == "+=" and not zero:
        return Refusal(what, f"{x} += {red.name} with {red.name} starting at {red.value}")
    if code.fortran:
        if expr.type == "math_expression" and code.text_of(
                expr.child_by_field_name("operator") or expr) in ("+", "-"):
            e = f"({e})"
        acc = f"{x} = {x} {op} {e}"
        init = [f"{x} = {red.value}"]
    else:
        acc = f"{x} {op}= {e};"
        init = [f"{x} = {red.value};"]
    nest.body = [acc]
    if red.store_op == "=":
        nest.init, nest.init_depth = init, depth
    full = tuple(nest.loops)
    refs = [r for r in reg.refs if r is not store]
    refs.append(replace(store, read=True, loops=full, line=store.line))
    events = [ev for ev in reg.events if ev.name != red.name]
    nest.region = Region(reg.root, reg.loops, refs, events, dict(reg.declared), reg.blockers)
    nest.store, nest.red_op, nest.init_value, nest.product = store, op, red.value, expr
    nest.note = (f"the sum into {red.name} is accumulated in {x} directly (same order of terms "
                 "per element)")
    return nest


def is_zero(v: str) -> bool:
    """Whether the literal ``v`` is zero (``0``, ``0.0f``, ``0.d0``...)."""
    t = v.strip().lower().replace("d0", "").replace("_8", "").rstrip("f")
    try:
        return float(t) == 0.0
    except ValueError:
        return False


def flat(s: str) -> str:
    """``s`` without white space: two spellings of one bound or subscript compare equal."""
    return "".join(s.split())


def triangle(outer: Loop, inner: Loop) -> str:
    """Which triangle of ``outer``'s square ``inner`` walks: ``Upper`` when it starts at
    ``outer``'s variable (``j = i ..``), ``Lower`` when it stops at it (``j <= i``,
    ``j < i + 1``); "" for neither (a rectangular nest, or another shape)."""
    i = outer.var
    if flat(inner.lower) == i:
        return "Upper"
    if (inner.inclusive and flat(inner.upper) == i) or (
            not inner.inclusive and flat(inner.upper) in (f"{i}+1", f"1+{i}")):
        return "Lower"
    return ""


def zero_value(code: Code, n: Node) -> bool:
    """Whether the expression ``n`` is a literal zero, read through the file's macros
    (``SCALAR_VAL(0.0)`` is ``0.0`` once expanded)."""
    flat = "".join(ch for ch in code.expand(code.text_of(n)) if ch not in "() \t")
    return is_zero(flat)


def _after(code: Code, fn: Node | None, n: Node) -> list[Node]:
    if fn is None:
        return []
    out = []
    stack = [fn]
    while stack:
        c = stack.pop()
        if c.start_byte >= n.end_byte and c.type == "identifier":
            out.append(c)
        stack.extend(c.children)
    return sorted(out, key=lambda d: d.start_byte)


def used_after(code: Code, lp: Loop, name: str) -> bool:
    """Whether the value ``name`` has after loop ``lp`` may be read: it appears later in the
    function and its first later appearance is not a plain overwrite (``name = e`` without
    ``name`` in ``e``, or a loop header that starts a new count)."""
    fn = code.function_of(lp.node)
    later = [d for d in _after(code, fn, lp.node) if code.name_of(d) == name]
    if not later:
        return False
    first = later[0]
    p = first.parent
    if p is None:
        return True
    if p.type == "loop_control_expression" and p.named_children[0] == first:
        return False
    if p.type in ("assignment_expression", "assignment_statement"):
        left = p.child_by_field_name("left") or p.named_children[0]
        right = p.child_by_field_name("right") or p.named_children[-1]
        op = p.child_by_field_name("operator")
        plain = op is None or code.text_of(op) == "="
        return not (plain and left == first and name not in code.identifiers(right))
    return True


def emit_loops(code: Code, headers: list[str], body: list[str], indent: str) -> list[str]:
    """Source lines for ``headers`` nested around ``body`` (``end do`` closers in Fortran;
    braces in C only where the body has several statements)."""
    out: list[str] = []
    for d, h in enumerate(headers):
        brace = not code.fortran and d == len(headers) - 1 and len(body) > 1
        out.append(indent + STEP * d + h + (" {" if brace else ""))
    deep = indent + STEP * len(headers)
    out.extend(deep + ln for ln in body)
    if code.fortran:
        out.extend(indent + STEP * d + "end do" for d in reversed(range(len(headers))))
    elif len(body) > 1:
        out.append(indent + STEP * (len(headers) - 1) + "}")
    return out


def replace_lines(code: Code, first: int, last: int, new: list[str]) -> str:
    """The file's text with 1-based lines ``first..last`` replaced by ``new``."""
    lines = list(code.lines)
    return "".join(lines[: first - 1] + [ln + "\n" for ln in new] + lines[last:])


def map_line(old: str, new: str, line: int) -> int | None:
    """``line`` of ``old`` in ``new``: where an earlier change left it untouched; None when that
    change rewrote it (the nest it belongs to was already transformed)."""
    if old == new:
        return line
    sm = difflib.SequenceMatcher(None, old.splitlines(), new.splitlines(), autojunk=False)
    for tag, i1, i2, j1, _j2 in sm.get_opcodes():
        if tag == "equal" and i1 < line <= i2:
            return j1 + (line - i1)
    return None


def apply_edits(code: Code, edits: list[tuple[int, int, str]]) -> str:
    """``code``'s text with each ``(start byte, end byte, replacement)`` applied, the last
    first so that earlier offsets stay valid: how every generator writes its change."""
    data = code.data
    for lo, hi, rep in sorted(edits, key=lambda e: (e[0], e[1]), reverse=True):
        data = data[:lo] + rep.encode() + data[hi:]
    return data.decode()


def make_diff(old: str, new: str, rel: str) -> str:
    return "".join(difflib.unified_diff(old.splitlines(keepends=True),
                                        new.splitlines(keepends=True), f"a/{rel}", f"b/{rel}"))


__all__ = [
    "Event",
    "Nest",
    "apply_edits",
    "emit_loops",
    "flat",
    "make_diff",
    "map_line",
    "perfect_nest",
    "replace_lines",
    "stmt_lines",
    "triangle",
    "used_after",
    "zero_value",
]
