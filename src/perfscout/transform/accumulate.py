"""Accumulators kept in memory through a pointer, promoted to locals (``restrict_rows``).

``for (j...) { ...; fA[i].v += qB[j] * vij; fA[i].x += qB[j] * fxij; }`` (Rodinia's lavaMD,
an N-body force loop, ``y[i] += A[i][j] * x[j]`` through pointers): each store may change
what the loop reads next (``fA`` may alias ``rB`` and ``qB``, as far as the compiler can
tell), so every ``+=`` is a load and a store in memory and the loop does not vectorise.
:func:`promote_accumulators` keeps each such accumulator in a local for the loop (read once
before it, written once after it), which is what the loop computes when the arrays do not
overlap; the additions run in the same order, so the values are the same.

An accumulator is an element or member whose address the loop does not change
(``fA[i].v``, ``out[k]``, ``s->sum``: no variable of it is written in the loop), updated only
by ``+=``/``-=``/``*=`` or ``X = X + e`` statements directly in the loop's body, and read
nowhere else in the loop. Legal when the loop is counted, holds no call that is not pure, no
``break``/``return``/``goto``, and no other store through a pointer or into an array (which
could be the accumulator itself). Refused otherwise, naming what forbids it. C and C++ only
(Fortran's dummy arrays do not alias).
"""

from __future__ import annotations

from dataclasses import dataclass

from perfscout.transform.mathtable import fresh_name
from perfscout.transform.nest import bare_body, loop_end_line, make_diff
from perfscout.transform.region import PURE
from perfscout.transform.result import Generated, Refusal
from perfscout.transform.source import C_LOOP, Code, Loop, Node, walk

WHAT = "restrict_rows"
_LOOPS = (C_LOOP, "while_statement", "do_statement", "for_range_loop")
_UPDATE = {"+=", "-=", "*="}


@dataclass
class _Acc:
    text: str  # the accumulator as written (``fA[i].v``)
    stmts: list[Node]  # the statements updating it


def _target(code: Code, st: Node) -> tuple[Node, str] | None:
    """(lvalue, operator) of an expression statement ``X op= e`` / ``X = X + e``, else None."""
    e = st.named_children[0] if st.type == "expression_statement" and st.named_children \
        else None
    if e is None or e.type != "assignment_expression":
        return None
    left, right = e.child_by_field_name("left"), e.child_by_field_name("right")
    op = code.text_of(e.child_by_field_name("operator") or e)
    if left is None or right is None:
        return None
    if op in _UPDATE:
        return left, op
    if op == "=" and right.type == "binary_expression":
        a = right.child_by_field_name("left")
        o = code.text_of(right.child_by_field_name("operator") or right)
        if a is not None and o in ("+", "-", "*") and \
                code.text_of(a).replace(" ", "") == code.text_of(left).replace(" ", ""):
            return left, "="
    return None


def _memory(n: Node) -> bool:
    """An lvalue in memory (an element or a member), not a plain local."""
    return n.type in ("subscript_expression", "field_expression", "pointer_expression")


def promote_accumulators(code: Code, line: int, rel: str) -> Generated | Refusal:
    """The innermost loop at ``line`` with its in-memory accumulators held in locals (see the
    module text); a Refusal naming what forbids it."""
    if code.fortran:
        return Refusal(WHAT, "Fortran arrays do not alias: nothing to promote")
    lp = code.counted_loop_at(line, c_only=True)
    if isinstance(lp, str):
        return Refusal(WHAT, lp)
    written = _written_in(code, lp)
    accs: dict[str, _Acc] = {}
    for st in lp.body:
        got = _target(code, st)
        if got is None or not _memory(got[0]):
            continue
        left = got[0]
        if code.identifiers(left) & written:
            continue  # its address moves with the loop: no accumulator
        key = code.text_of(left).replace(" ", "")
        accs.setdefault(key, _Acc(code.text_of(left), [])).stmts.append(st)
    if not accs:
        return Refusal(WHAT, f"the loop over {lp.var} at line {lp.line} updates no element or "
                             "member whose address stays fixed in it")
    mine = {s.id for a in accs.values() for s in a.stmts}
    for d in walk(lp.node):
        if d.type in ("return_statement", "break_statement", "goto_statement"):
            return Refusal(WHAT, f"'{code.text_of(d).strip()}' at line {d.start_point[0] + 1} "
                                 "leaves the loop")
        if d.type == "call_expression":
            f = d.child_by_field_name("function")
            name = code.text_of(f) if f is not None else "?"
            if name not in PURE and name not in code.pure_macros:
                return Refusal(WHAT, f"call to {name}() at line {d.start_point[0] + 1}")
        if d.id != lp.node.id and d.type in _LOOPS:
            return Refusal(WHAT, f"the loop over {lp.var} at line {lp.line} holds another loop")
    for st in (s for s in walk(lp.node) if s.type in ("assignment_expression",
                                                      "update_expression")):
        lhs = st.child_by_field_name("left") or st.child_by_field_name("argument")
        stmt = st.parent
        if lhs is None or not _memory(lhs) or (stmt is not None and stmt.id in mine):
            continue
        if lhs.type == "field_expression" and _local_struct(code, lp, lhs):
            continue  # a member of a plain local struct (d.x): a scalar of this loop
        return Refusal(WHAT, f"the loop also stores into {code.text_of(lhs)} (line "
                             f"{st.start_point[0] + 1}): it may be an accumulator's memory")
    for key, acc in accs.items():
        uses = [d for d in walk(lp.node) if _memory(d) and
                code.text_of(d).replace(" ", "") == key and
                not any(d.start_byte >= s.start_byte and d.end_byte <= s.end_byte
                        for s in acc.stmts)]
        if uses:
            return Refusal(WHAT, f"{acc.text} is read at line {uses[0].start_point[0] + 1} "
                                 "besides its updates")
    return _rewrite(code, lp, list(accs.values()), rel)


def _local_struct(code: Code, lp: Loop, member: Node) -> bool:
    arg = member.child_by_field_name("argument")
    op = next((c.type for c in member.children if c.type in ("->", ".")), "")
    if arg is None or arg.type != "identifier" or op != ".":
        return False
    fn = code.function_of(lp.node)
    typ = code.declared_type(fn, code.text_of(arg))
    return bool(typ) and "*" not in typ and "[" not in typ and "&" not in typ


def _written_in(code: Code, lp: Loop) -> set[str]:
    """Plain variables the loop assigns (its counter too)."""
    out = {lp.var}
    for d in walk(lp.node):
        if d.type in ("assignment_expression", "update_expression"):
            left = d.child_by_field_name("left") or d.child_by_field_name("argument")
            if left is not None and left.type == "identifier":
                out.add(code.text_of(left))
        if d.type == "declaration":
            for dd in walk(d):
                if dd.type == "identifier" and dd.parent is not None and \
                        dd.parent.type in ("init_declarator", "declaration"):
                    out.add(code.text_of(dd))
    return out


def _rewrite(code: Code, lp: Loop, accs: list[_Acc], rel: str) -> Generated:
    base = fresh_name(code, "acc_")
    names = [f"{base}{k}" for k in range(len(accs))]
    first, last = lp.line, loop_end_line(lp.node)
    indent = code.indent_at(first)
    decl = "auto" if code.lang == "cpp" else None
    before = [f"{indent}{decl or f'__typeof__({a.text})'} {n} = {a.text};"
              for a, n in zip(accs, names, strict=True)]
    after = [f"{indent}{a.text} = {n};" for a, n in zip(accs, names, strict=True)]
    if bare_body(lp.node):  # `for (i...) <the loop>`: the locals and stores need a block
        outer = code.indent_at(first - 1) if first > 1 else ""
        before, after = [f"{outer}{{", *before], [*after, f"{outer}}}"]
    edits: list[tuple[int, int, str]] = []
    for a, n in zip(accs, names, strict=True):
        for st in a.stmts:
            e = st.named_children[0]
            left = e.child_by_field_name("left")
            assert left is not None
            edits.append((left.start_byte, left.end_byte, n))
            if code.text_of(e.child_by_field_name("operator") or e) == "=":
                right = e.child_by_field_name("right")
                a_ = right.child_by_field_name("left") if right is not None else None
                if a_ is not None:
                    edits.append((a_.start_byte, a_.end_byte, n))
    data = code.data
    for lo, hi, new in sorted(edits, reverse=True):
        data = data[:lo] + new.encode() + data[hi:]
    text = data.decode()
    lines = text.splitlines(keepends=True)
    end = last + (text.count("\n") - code.text.count("\n"))
    out = lines[:first - 1] + [ln + "\n" for ln in before] + lines[first - 1:end] + \
        [ln + "\n" for ln in after] + lines[end:]
    new_text = "".join(out)
    what = ", ".join(a.text for a in accs)
    note = (f"{len(accs)} accumulator(s) of the loop at {rel}:{first} held in locals ({what}): "
            "read once before the loop, stored once after it, the same additions in the same "
            "order; distinct arrays assumed not to overlap")
    return Generated(WHAT, rel, make_diff(code.text, new_text, rel), new_text, note)


__all__ = ["promote_accumulators"]
