"""Scalar replacement and restrict rows for an inner loop that aliasing keeps scalar
(``restrict_rows``); a loop of several statements gets its in-memory accumulators held in
locals instead (:mod:`perfscout.transform.accumulate`).

``for (j...) if (d[i][k] + d[k][j] < d[i][j]) d[i][j] = d[i][k] + d[k][j];`` does not
vectorise: the store to row ``d[i]`` may change ``d[i][k]`` and row ``d[k]`` (they are the
same element at ``j == k``, the same row when ``i == k``), and the branch is a conditional
store. :func:`restrict_rows` rewrites the loop so that the compiler can prove what it could
not: the rows become local pointers, checked at run time not to overlap the written row
(else the original loop runs), passed ``restrict``; each element whose subscripts do not
change in the loop is read once into a scalar; when the written row holds such an element
(``d[i][k]`` with the store ``d[i][j]``), the loop is split at that column (``j < k``, the
original statement at ``j == k`` followed by a fresh read of the element, ``j > k``) so the
scalar is exact in every piece; ``if (E < W) W = E;`` becomes ``W = E < W ? E : W``
(``>``: the maximum), which stores the same values.

Legal when the loop is counted with step 1, its body is one statement (an assignment to an
element, or that compare-and-store), every array reference is ``X[r][j]`` (``j`` the loop
variable, ``r`` unchanged in the loop) or an element with no ``j`` at all, the loop writes
one row element only and no scalar, calls nothing that is not pure, and at most one column
of the written row is read as an invariant element. Refused otherwise, naming the reference.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from perfscout.transform.accumulate import promote_accumulators
from perfscout.transform.affine import poly
from perfscout.transform.nest import flat, loop_end_line, make_diff
from perfscout.transform.region import PURE
from perfscout.transform.result import Generated, Refusal
from perfscout.transform.source import C_LOOP, Code, Loop, Node, walk

WHAT = "restrict_rows"


@dataclass
class _Ref:
    node: Node
    array: str
    row: str  # the row subscript's text ("" for a 1-D array)
    col: Node  # the last subscript
    invariant: bool  # no loop variable in any subscript


def _chain(code: Code, n: Node) -> tuple[str, list[Node]] | None:
    idx: list[Node] = []
    while n.type == "subscript_expression":
        i = n.child_by_field_name("index") or n.child_by_field_name("indices")
        arg = n.child_by_field_name("argument")
        if i is None or arg is None:
            return None
        if i.type == "subscript_argument_list":
            if len(i.named_children) != 1:
                return None
            i = i.named_children[0]
        idx.insert(0, i)
        n = arg
    return (code.text_of(n), idx) if n.type == "identifier" else None


def _written_names(code: Code, n: Node) -> set[str]:
    out: set[str] = set()
    for d in walk(n):
        t = d.child_by_field_name("left") if d.type == "assignment_expression" else (
            d.child_by_field_name("argument") if d.type == "update_expression" else None)
        if t is not None and t.type == "identifier":
            out.add(code.text_of(t))
    return out


def _base_type(code: Code, fn: Node | None, name: str) -> str:
    t = code.declared_type(fn, name)
    base = re.sub(r"\bconst\b|\bstatic\b|\brestrict\b|\*|\[\]", " ", t).split()
    return " ".join(base)


def restrict_rows(code: Code, line: int, rel: str) -> Generated | Refusal:
    """The innermost loop at ``line`` rewritten with restrict row pointers, invariant
    elements in scalars and a branch-free minimum/maximum (module docstring), or, for a loop
    of several statements, its in-memory accumulators held in locals
    (:func:`perfscout.transform.accumulate.promote_accumulators`); a Refusal naming the
    reference or construct that forbids both."""
    rows = _restrict_rows(code, line, rel)
    if isinstance(rows, Generated):
        return rows
    acc = promote_accumulators(code, line, rel)
    if isinstance(acc, Generated):
        return acc
    return Refusal(WHAT, f"{rows.reason}; no accumulators to hold in locals: {acc.reason}")


def _restrict_rows(code: Code, line: int, rel: str) -> Generated | Refusal:
    if code.fortran:
        return Refusal(WHAT, "Fortran arrays do not alias: nothing to restrict")
    lp = code.counted_loop_at(line, c_only=True)
    if isinstance(lp, str):
        return Refusal(WHAT, lp)
    if lp.step != 1 or lp.inclusive:
        return Refusal(WHAT, f"the loop over {lp.var} at line {lp.line} is not "
                             "'j = lo; j < hi; j++'")
    if len(lp.body) != 1:
        return Refusal(WHAT, f"the loop over {lp.var} at line {lp.line} has "
                             f"{len(lp.body)} statements (one is rewritten)")
    st = lp.body[0]
    if any(d.type in (C_LOOP, "while_statement", "do_statement") for d in walk(st)):
        return Refusal(WHAT, f"the loop over {lp.var} at line {lp.line} holds another loop")
    j = lp.var
    fn = code.function_of(lp.node)
    scal = _written_names(code, st)
    if scal:
        return Refusal(WHAT, f"the loop writes the scalar {sorted(scal)[0]}")
    for d in walk(st):
        if d.type == "call_expression":
            f = d.child_by_field_name("function")
            name = code.text_of(f) if f is not None else "?"
            if name not in PURE and name not in code.pure_macros:
                return Refusal(WHAT, f"call to {name}() at line {d.start_point[0] + 1}")
        if d.type in ("pointer_expression", "field_expression", "return_statement",
                      "break_statement", "continue_statement", "goto_statement"):
            return Refusal(WHAT, f"'{code.text_of(d)}' at line {d.start_point[0] + 1} is not "
                                 "an array element of the loop")
    # the statement: W = E; W op= E; or if (E < W) W = E;
    minmax = ""
    if st.type == "if_statement":
        cond = st.child_by_field_name("condition")
        cons = st.child_by_field_name("consequence")
        if st.child_by_field_name("alternative") is not None or cond is None or cons is None:
            return Refusal(WHAT, f"the if at line {st.start_point[0] + 1} is not a "
                                 "compare-and-store")
        while cond.type == "parenthesized_expression" and cond.named_children:
            cond = cond.named_children[0]
        body = cons.named_children[0] if cons.type == "compound_statement" and len(
            cons.named_children) == 1 else cons
        asg = body.named_children[0] if body.type == "expression_statement" and \
            body.named_children else None
        if asg is None or asg.type != "assignment_expression" or cond.type != \
                "binary_expression":
            return Refusal(WHAT, f"the if at line {st.start_point[0] + 1} is not "
                                 "'if (E < W) W = E;'")
        w, e = asg.child_by_field_name("left"), asg.child_by_field_name("right")
        a, b = cond.child_by_field_name("left"), cond.child_by_field_name("right")
        op = code.text_of(cond.child_by_field_name("operator") or cond)
        if w is None or e is None or a is None or b is None or \
                code.text_of(asg.child_by_field_name("operator") or asg) != "=":
            return Refusal(WHAT, "not a compare-and-store")
        fw, fe, fa, fb = (flat(code.text_of(x)) for x in (w, e, a, b))
        less = op in ("<", "<=")
        if (fa, fb) == (fe, fw) and op in ("<", "<=", ">", ">="):
            minmax = "<" if less else ">"
        elif (fa, fb) == (fw, fe) and op in ("<", "<=", ">", ">="):
            minmax = ">" if less else "<"
        else:
            return Refusal(WHAT, f"'{code.text_of(cond)}' does not compare the stored value "
                                 "with the element it replaces")
        target, value = w, e
    elif st.type == "expression_statement" and st.named_children and \
            st.named_children[0].type == "assignment_expression":
        asg = st.named_children[0]
        left, right = asg.child_by_field_name("left"), asg.child_by_field_name("right")
        if left is None or right is None:
            return Refusal(WHAT, "not an assignment")
        target, value = left, right
    else:
        return Refusal(WHAT, f"the statement at line {st.start_point[0] + 1} is neither an "
                             "assignment to an element nor 'if (E < W) W = E;'")
    written_in_loop = {lp.var}
    refs: list[_Ref] = []
    for d in walk(st):
        if d.type != "subscript_expression" or (d.parent is not None and
                                                d.parent.type == "subscript_expression"):
            continue
        ch = _chain(code, d)
        if ch is None:
            return Refusal(WHAT, f"{code.text_of(d)} is not an array element by name")
        name, idx = ch
        if len(idx) > 2:
            return Refusal(WHAT, f"{code.text_of(d)} has more than two subscripts")
        vars_ = [code.identifiers(i) for i in idx]
        if any(v & (written_in_loop - {j}) for v in vars_):
            return Refusal(WHAT, f"{code.text_of(d)} is indexed by a name the loop writes")
        if not any(j in v for v in vars_):
            refs.append(_Ref(d, name, code.text_of(idx[0]) if len(idx) == 2 else "",
                             idx[-1], True))
            continue
        p = poly(code, idx[-1])
        if p != {(j,): 1} or (len(idx) == 2 and j in vars_[0]):
            return Refusal(WHAT, f"{code.text_of(d)} is not X[row][{j}] with the row fixed "
                                 "in the loop")
        refs.append(_Ref(d, name, code.text_of(idx[0]) if len(idx) == 2 else "", idx[-1],
                         False))
    tgt = next((r for r in refs if r.node == target), None)
    if tgt is None or tgt.invariant:
        return Refusal(WHAT, f"the loop stores into {code.text_of(target)}, not a row element "
                             f"X[row][{j}]")
    wkey = (tgt.array, flat(tgt.row))
    rows: dict[tuple[str, str], str] = {wkey: "ps_w"}
    for r in refs:
        if not r.invariant and (r.array, flat(r.row)) not in rows:
            rows[(r.array, flat(r.row))] = f"ps_r{len(rows)}"
    invs: dict[str, str] = {}
    split_cols = set()
    for r in refs:
        if r.invariant:
            invs.setdefault(flat(code.text_of(r.node)), f"ps_v{len(invs) + 1}")
            if (r.array, flat(r.row)) == wkey:
                split_cols.add(flat(code.text_of(r.col)))
    if len(split_cols) > 1:
        return Refusal(WHAT, f"the written row {tgt.array}[{tgt.row}] is read at several fixed "
                             f"columns ({', '.join(sorted(split_cols))})")
    if not invs and len(rows) == 1 and not minmax:
        return Refusal(WHAT, "the loop reads no other row and no invariant element: nothing "
                             "to restrict or hoist")
    types = {}
    for arr in {a for a, _ in rows} | {r.array for r in refs if r.invariant}:
        t = _base_type(code, fn, arr)
        if not t:
            return Refusal(WHAT, f"the type of {arr} is not declared in reach")
        types[arr] = t
    return _emit(code, rel, lp, st, refs, tgt, rows, invs, split_cols, types, target, value,
                 minmax)


def _emit(code: Code, rel: str, lp: Loop, st: Node, refs: list[_Ref], tgt: _Ref,
          rows: dict[tuple[str, str], str], invs: dict[str, str], split_cols: set[str],
          types: dict[str, str], target: Node, value: Node, minmax: str) -> Generated:
    j, t = lp.var, code.text_of
    lo, hi = lp.lower, lp.upper
    ind = code.indent_at(lp.line)
    i2, i3 = ind + "    ", ind + "        "

    def rewrite(n: Node, own: bool = False) -> str:
        """``n`` over the restrict rows and scalars (``own``: the written row's invariant
        elements read from the row itself, for the iteration that may write them)."""
        base = n.start_byte
        s = code.data[n.start_byte:n.end_byte]
        for r in sorted((r for r in refs if n.start_byte <= r.node.start_byte
                         and r.node.end_byte <= n.end_byte),
                        key=lambda r: r.node.start_byte, reverse=True):
            if r.invariant and own and (r.array, flat(r.row)) == (tgt.array, flat(tgt.row)):
                rep = f"ps_wr[{t(r.col)}]"
            else:
                rep = invs[flat(t(r.node))] if r.invariant else \
                    f"{rows[(r.array, flat(r.row))]}r[{j}]"
            s = s[:r.node.start_byte - base] + rep.encode() + s[r.node.end_byte - base:]
        return s.decode()

    w, e = rewrite(target), rewrite(value)
    ttype = types[tgt.array]
    if minmax:
        body = [f"{ttype} ps_t = {e};", f"{w} = ps_t {minmax} {w} ? ps_t : {w};"]
    else:
        body = [f"{rewrite(st).strip()}"]
    decl = lp.decl_type

    def header(a: str, b: str) -> str:
        return f"for ({decl + ' ' if decl else ''}{j} = {a}; {j} < {b}; {j}++) {{"

    out = [f"{ind}{{"]
    for (arr, _row), name in rows.items():
        row = next(r for r in refs if not r.invariant and (r.array, flat(r.row)) ==
                   (arr, _row))
        addr = f"&{arr}[{row.row}][0]" if row.row else f"&{arr}[0]"
        const = "" if name == "ps_w" else "const "
        out.append(f"{i2}{const}{types[arr]} *const {name} = {addr};")
    checks = [f"({n} + ({hi}) <= ps_w + ({lo}) || ps_w + ({hi}) <= {n} + ({lo}))"
              for n in rows.values() if n != "ps_w"]
    inv_refs = {flat(t(r.node)): r for r in refs if r.invariant}
    for key, r in inv_refs.items():
        if (r.array, flat(r.row)) != (tgt.array, flat(tgt.row)):
            checks.append(f"(&{t(r.node)} < ps_w + ({lo}) || &{t(r.node)} >= ps_w + ({hi}))")
        del key
    cond = " && ".join(checks) or "1"
    out.append(f"{i2}if ({cond}) {{")
    for (arr, _row), name in rows.items():
        const = "" if name == "ps_w" else "const "
        out.append(f"{i3}{const}{types[arr]} *restrict {name}r = {name};")
    for key, name in invs.items():
        r = inv_refs[key]
        own = (r.array, flat(r.row)) == (tgt.array, flat(tgt.row))
        out.append(f"{i3}{types[r.array]} {name} = "
                   f"{f'ps_wr[{t(r.col)}]' if own else t(r.node)};")
    loop_body = [f"{i3}    {b}" for b in body]
    if split_cols:
        col = next(iter(split_cols))
        out.append(f"{i3}long ps_e = ({col}) < ({lo}) ? ({lo}) : ({col}) > ({hi}) ? ({hi}) : "
                   f"({col});")
        if not decl:
            out.append(f"{i3}/* {j} steps through the pieces below */")
        out += [f"{i3}{header(lo, 'ps_e')}", *loop_body, f"{i3}}}"]
        one = " ".join(rewrite(st, own=True).split())
        reload = [f"{i3}    {name} = ps_wr[{t(inv_refs[k].col)}];" for k, name in invs.items()
                  if (inv_refs[k].array, flat(inv_refs[k].row)) == (tgt.array, flat(tgt.row))]
        out += [f"{i3}if (ps_e < ({hi})) {{",
                f"{i3}    {decl + ' ' if decl else ''}{j} = ps_e;",
                f"{i3}    {one}", *reload, f"{i3}}}"]
        out += [f"{i3}{header('ps_e + 1', hi)}", *loop_body, f"{i3}}}"]
    else:
        out += [f"{i3}{header(lo, hi)}", *loop_body, f"{i3}}}"]
    out.append(f"{i2}}} else {{")
    orig = code.lines[lp.line - 1:loop_end_line(lp.node)]
    out += [f"    {ln.rstrip(chr(10))}" if ln.strip() else "" for ln in orig]
    out.append(f"{i2}}}")
    out.append(f"{ind}}}")
    lines = list(code.lines)
    new = [x + "\n" for x in out]
    text = "".join(lines[:lp.line - 1] + new + lines[loop_end_line(lp.node):])
    names = ", ".join(f"{a}[{r}]" if r else a for a, r in rows)
    note = (f"the loop over {j} at {rel}:{lp.line}: rows {names} as restrict pointers "
            "(checked not to overlap the written row at run time, else "
            "the original loop runs)"
            + (f", {len(invs)} invariant element(s) read once" if invs else "")
            + (f", split at {j} == {next(iter(split_cols))} where the written row holds one"
               if split_cols else "")
            + (", the compare-and-store made branch-free" if minmax else "")
            + "; vectorises at -O3")
    return Generated(WHAT, rel, make_diff(code.text, text, rel), text, note)


__all__ = ["WHAT", "restrict_rows"]
