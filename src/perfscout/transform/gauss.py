"""Recognise a hand-written dense linear solve on the parsed tree (for ``use_lapack``).

``find_solve`` reads, in the function around a line, the Gaussian elimination and the back
substitution that ``transform.lapack`` replaces by one LAPACK call, into a ``Solve``: the
matrix, right-hand side and solution arrays with the element template the program uses, the
loops' bounds, pivoting and the singular check. Every shape it does not recognise, and every
statement that would make the replacement differ from the hand-written code, raises
``NoSolve`` with the reason (see ``transform.lapack`` for the shapes).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from perfscout.transform.nest import assignment
from perfscout.transform.region import PURE
from perfscout.transform.source import C_LOOP, F_LOOP, Code, Loop, Node, walk

_ZERO = re.compile(r"^\(?0(\.0*)?(d0|e0|_\w+|\.0*_\w+|\.d0|\.0d0|\.e0)?\)?$")
# Fortran's array searches a pivot search may call (pure: they only read the matrix)
_SEARCHES = frozenset({"maxloc", "minloc", "maxval", "minval"})
_ONE = re.compile(r"^\(?1(\.0*)?(d0|e0|f|_\w+|\.0*_\w+|\.d0|\.0d0|\.e0)?\)?$", re.I)


class NoSolve(Exception):
    """Not a recognised solve, or not legal to replace: the message says why."""


def canonical_text(code: Code, s: str) -> str:
    """A statement's text for comparison: whitespace and a trailing ``;`` removed, lower
    case in Fortran (case-insensitive there)."""
    out = re.sub(r"\s+", "", s)
    out = out.rstrip(";")
    return out.lower() if code.fortran else out


def strip_parens(s: str) -> str:
    """The expression text without redundant outer parentheses (``((a+b))`` -> ``a+b``)."""
    while s.startswith("(") and s.endswith(")") and _balanced(s[1:-1]):
        s = s[1:-1]
    return s


def _balanced(s: str) -> bool:
    depth = 0
    for ch in s:
        depth += {"(": 1, ")": -1}.get(ch, 0)
        if depth < 0:
            return False
    return depth == 0


@dataclass
class _Array:
    """How the program addresses an array: ``tpl`` with ``{0}`` (row) and ``{1}`` (column)
    for a matrix, ``{0}`` (row) and maybe ``{1}`` (right-hand side) for a vector."""

    name: str
    tpl: str

    def at(self, *ix: str) -> str:
        return self.tpl.format(*ix)


def _template(code: Code, ref: str, names: list[str]) -> str | None:
    """``ref`` (canonical text of an element) with each identifier of ``names`` replaced by a
    placeholder ``{n}``; None when one of them does not occur as an identifier."""
    out = ref.replace("{", "{{").replace("}", "}}")
    for n, v in enumerate(names):
        pat = re.compile(rf"(?<![\w.]){re.escape(v)}(?!\w)")
        if not pat.search(out):
            return None
        out = pat.sub("{" + str(n) + "}", out)
    return out


def _element(code: Code, n: Node) -> tuple[str, list[Node]] | None:
    """(array name, subscript nodes) of an element reference ``a[i][j]`` / ``a[i*n+j]`` /
    Fortran ``a(i, j)``; None for anything else."""
    if code.fortran:
        if n.type != "call_expression" or not n.named_children:
            return None
        head, args = n.named_children[0], n.named_children[-1]
        if head.type != "identifier" or args.type != "argument_list":
            return None
        return code.name_of(head), list(args.named_children)
    subs: list[Node] = []
    cur = n
    while cur.type == "subscript_expression":
        idx = cur.child_by_field_name("index") or cur.child_by_field_name("indices")
        arg = cur.child_by_field_name("argument")
        if idx is None or arg is None:
            return None
        if idx.type == "subscript_argument_list":
            idx = idx.named_children[0] if idx.named_children else idx
        subs.insert(0, idx)
        cur = arg
    if not subs or cur.type != "identifier":
        return None
    return code.text_of(cur), subs


@dataclass
class Solve:
    """What the recognised code does."""

    first: Node  # the elimination loop
    last: Node  # the back substitution (or the loop over right-hand sides around it)
    n: str  # the order of the system (C: the exclusive bound; Fortran: the last index)
    a: _Array
    b: _Array  # the right-hand side the elimination updates
    x: _Array  # where the back substitution writes the solution
    nrhs: str  # "1" for a vector
    k: str
    pivoting: bool
    lu_form: bool  # the multipliers are stored below the diagonal (LAPACK's factor form)
    singular: Node | None = None
    notes: list[str] = field(default_factory=list)
    scalars: set[str] = field(default_factory=set)  # temporaries the replaced code sets
    between: list[Node] = field(default_factory=list)  # kept, after the call
    factor_only: bool = False  # an LU factorisation; the forward substitution follows it
    src: _Array | None = None  # the right-hand side as given (the forward substitution's)


def _stmts(code: Code, n: Node) -> list[Node]:
    """The statements of a block, a loop body or an if's branch (comments dropped)."""
    if n.type in (C_LOOP, F_LOOP):
        return list(code.loop(n).body)
    if n.type == "compound_statement":
        return [c for c in n.named_children if c.type != "comment"]
    return [n]


def _loop_of(code: Code, n: Node) -> Loop | None:
    if n.type not in (C_LOOP, F_LOOP):
        return None
    return code.loop(n)


def _descending(code: Code, n: Node) -> tuple[str, str] | None:
    """(variable, first value) of ``for (i = N - 1; i >= 0; i--)`` / ``do i = n, 1, -1``:
    the first value is N - 1 (C) or n (Fortran); None for anything else."""
    if n.type == F_LOOP:
        lp = code.loop(n)
        stmt = n.named_children[0] if n.named_children else None
        ctl = next((c for c in stmt.named_children if c.type == "loop_control_expression"),
                   None) if stmt is not None else None
        parts = ctl.named_children if ctl is not None else []
        if len(parts) == 4 and canonical_text(code, code.text_of(parts[2])) == "1" and \
                canonical_text(code, code.text_of(parts[3])) == "-1":
            return lp.var, canonical_text(code, code.text_of(parts[1]))
        return None
    if n.type != C_LOOP:
        return None
    lp = code.loop(n)
    cond, upd = n.child_by_field_name("condition"), n.child_by_field_name("update")
    if not lp.var or cond is None or upd is None:
        return None
    c, u = canonical_text(code, code.text_of(cond)), canonical_text(code, code.text_of(upd))
    if c not in (f"{lp.var}>=0", f"{lp.var}>-1", f"0<={lp.var}") or \
            u not in (f"{lp.var}--", f"--{lp.var}", f"{lp.var}-=1", f"{lp.var}={lp.var}-1"):
        return None
    return lp.var, canonical_text(code, lp.lower)


def _counted(code: Code, n: Node, lower: tuple[str, ...], what: str) -> Loop:
    lp = _loop_of(code, n)
    if lp is None or not lp.counted or lp.step != 1:
        raise NoSolve(f"the {what} at line {n.start_point[0] + 1} is not a counted loop by 1")
    if canonical_text(code, lp.lower) not in lower:
        raise NoSolve(f"the {what} over {lp.var} at line {lp.line} starts at {lp.lower}, not "
                  f"{' or '.join(lower)}")
    return lp


def _upper(code: Code, lp: Loop) -> str:
    """The last index + 1 (C) or the last index (Fortran) as canonical text."""
    u = canonical_text(code, lp.upper)
    if not code.fortran and lp.inclusive:
        return f"{u}+1"
    return u


def _divisions(a: _Array, m: str, k: str, recips: set[str]) -> set[str]:
    """``A(m,k) /= A(k,k)`` in its usual spellings: a multiplier stored in place; also
    ``A(m,k) *= r`` for each scalar ``r`` of ``recips`` (set to ``1 / A(k,k)``)."""
    x, p = a.at(m, k), a.at(k, k)
    out = {f"{x}/={p}", f"{x}={x}/{p}", f"{x}=({x})/{p}", f"{x}={x}/({p})"}
    for r in recips:
        out |= {f"{x}*={r}", f"{x}={x}*{r}", f"{x}={r}*{x}"}
    return out


def _set_once_to_one_over(sets: list[tuple[str, str]]) -> set[str]:
    """The scalars of ``sets`` ((name, value) of a loop's statements) set once, to one over
    something (``r = 1 / A(k,k)``: a pivot's reciprocal)."""
    names = [nm for nm, _v in sets if nm]
    return {nm for nm, v in sets if nm and names.count(nm) == 1 and "/" in v and
            _ONE.match(v.partition("/")[0])}


def _reciprocal(sets: list[tuple[str, str]], r: str, a: _Array, k: str) -> bool:
    """Whether the scalar ``r`` is set to one over the pivot ``A(k,k)``."""
    return any(nm == r and strip_parens(v.partition("/")[2]) == a.at(k, k) for nm, v in sets)


def _dots(p: str, q: str) -> set[str]:
    """Fortran's dot product of two sections in its usual spellings."""
    return {f"sum({p}*{q})", f"sum({q}*{p})", f"dot_product({p},{q})", f"dot_product({q},{p})"}


def _statements(code: Code, lp: Loop) -> list[Node]:
    """A loop's statements without the directives among them (``#pragma omp``: the
    replacement removes them with the loop)."""
    return [t for t in lp.body if not (t.type == "preproc_call" and
                                       code.text_of(t).lstrip().startswith("#pragma"))]


def _update_forms(target: str, m: str, src: str) -> set[str]:
    """``target -= m * src`` in its usual spellings."""
    out = set()
    for prod in (f"{m}*{src}", f"{src}*{m}"):
        out |= {f"{target}-={prod}", f"{target}={target}-{prod}", f"{target}={target}-({prod})",
                f"{target}-=({prod})"}
    return out


class _Reader:
    def __init__(self, code: Code, root: Path | None) -> None:
        self.code = code
        self.root = root

    def text(self, n: Node) -> str:
        return canonical_text(self.code, self.code.text_of(n))

    # -- the elimination ----------------------------------------------------------------
    def elimination(self, kn: Node) -> Solve:
        code = self.code
        one = ("1",) if code.fortran else ("0",)
        klp = _counted(code, kn, one, "elimination loop")
        k = klp.var
        col = self._columns(klp) or self._sections(klp)
        if col is not None:
            return col
        inner = [s for s in klp.body if s.type in (C_LOOP, F_LOOP)
                 and canonical_text(code, code.loop(s).lower) == f"{k}+1"
                 and any(t.type in (C_LOOP, F_LOOP) for t in code.loop(s).body)]
        if len(inner) != 1:
            raise NoSolve(f"the loop over {k} at line {klp.line} holds no row loop 'for i = "
                      f"{k} + 1 .. n' with a column loop inside (the elimination)")
        ilp = _counted(code, inner[-1], (f"{k}+1",), "row loop")
        i, n = ilp.var, _upper(code, ilp)
        cands = [code.loop(s) for s in ilp.body if s.type in (C_LOOP, F_LOOP)
                 and canonical_text(code, code.loop(s).lower) in (k, f"{k}+1")]
        upd = None
        if len(cands) == 1 and cands[0].counted and len(cands[0].body) == 1:
            got = assignment(code, cands[0].body[0])
            el = _element(code, got[0]) if got is not None else None
            if el is not None:
                upd = (cands[0], el)
        if upd is None:
            raise NoSolve(f"the row loop over {i} at line {ilp.line} holds no one column loop "
                      f"from {k} or {k} + 1 with the update 'A(i, j) -= f * A(k, j)'")
        jlp, (aname, _subs) = upd
        j = jlp.var
        left_node = assignment(code, jlp.body[0])[0]  # type: ignore[index]
        tpl = _template(code, self.text(left_node), [i, j])
        if tpl is None:
            raise NoSolve(f"{code.text_of(left_node)} (line {jlp.line}) does not address the "
                      f"element by both {i} and {j}: the matrix layout is unknown")
        a = _Array(aname, tpl)
        if canonical_text(code, jlp.lower) not in (k, f"{k}+1"):
            raise NoSolve(f"the column loop over {j} at line {jlp.line} starts at {jlp.lower}, "
                      f"not {k} or {k} + 1")
        if _upper(code, jlp) != n:
            raise NoSolve(f"the column loop over {j} at line {jlp.line} ends at {jlp.upper}, not "
                      f"where the row loop ends ({ilp.upper}): an augmented matrix or a "
                      "rectangular system, not handled")
        sol = Solve(kn, kn, n, a, a, a, "1", k, False, False)
        sol.scalars.update({k, i, j})
        # the row loop's body: multiplier, its store, the update, the right-hand side
        mult = a.at(i, k)
        stored = False
        b: _Array | None = None
        for s in ilp.body:
            if s is jlp.node:
                if self.text(jlp.body[0]) not in _update_forms(a.at(i, j), mult, a.at(k, j)):
                    raise NoSolve(f"'{code.text_of(jlp.body[0]).strip()}' (line {jlp.line + 1}) is "
                              f"not the elimination update {a.at(i, j)} -= {mult} * "
                              f"{a.at(k, j)}")
                continue
            name, value = self._scalar_set(s)
            if name and strip_parens(value) == f"{a.at(i, k)}/{a.at(k, k)}":
                mult = name
                sol.scalars.add(name)
                continue
            got = assignment(code, s)
            if got is not None and self.text(got[0]) == a.at(i, k):
                rhs = self.text(got[2])
                if (got[1] == "=" and rhs == mult and mult != a.at(i, k)) or \
                        (got[1] == "/=" and rhs == a.at(k, k)) or \
                        (got[1] == "=" and strip_parens(rhs) == f"{a.at(i, k)}/{a.at(k, k)}"):
                    stored = True
                    continue
            bb = self._rhs_update(s, i, k, mult)
            if bb is not None and b is None:
                b, sol.nrhs = bb
                continue
            raise NoSolve(f"line {s.start_point[0] + 1}: '{code.text_of(s).strip()}' inside the "
                      "elimination is not part of it (the LAPACK call would not do it)")
        if mult == a.at(i, k) and not stored:
            raise NoSolve(f"the update uses {a.at(i, k)} as the multiplier without dividing it by "
                      f"the pivot {a.at(k, k)}")
        from_k = canonical_text(code, jlp.lower) == k
        if mult == a.at(i, k) and from_k:
            raise NoSolve(f"the update from column {k} overwrites its own multiplier {a.at(i, k)}")
        sol.lu_form = stored and not from_k
        return self._k_loop(sol, klp, b, [s for s in klp.body if s is not ilp.node], i,
                            ilp.upper)

    def _columns(self, klp: Loop) -> Solve | None:
        """The column-oriented orderings of the same elimination, multipliers stored:
        ``for k: [pivoting;] for m > k: A(m,k) /= A(k,k); for j > k: for i > k: A(i,j) -=
        A(i,k) * A(k,j)`` (or ``for i > k: for j > k``, then maybe ``B(i) -= A(i,k) * B(k)``
        in the row loop) ``[; for i > k: B(i) -= A(i,k) * B(k)]``. None when the loop over k
        holds no multiplier loop beside an update nest (the row-oriented form is read then);
        raises naming what makes an ordering differ from the elimination."""
        code = self.code
        k = klp.var
        own = f"{k}+1"
        stmts = _statements(code, klp)

        def below(s: Node) -> Loop | None:  # a loop over the rows/columns after k
            lp = _loop_of(code, s)
            return lp if lp is not None and canonical_text(code, lp.lower) == own else None

        sets = [self._scalar_set(t) for t in stmts]
        recips = _set_once_to_one_over(sets)
        found = None
        for s in stmts:
            out = below(s)
            inner = [t for t in (out.body if out is not None else []) if t.type in (C_LOOP,
                                                                                    F_LOOP)]
            if out is None or len(inner) != 1 or below(inner[0]) is None:
                continue
            ilp = code.loop(inner[0])
            got = assignment(code, ilp.body[0]) if len(ilp.body) == 1 else None
            el = _element(code, got[0]) if got is not None else None
            if got is None or el is None:
                continue
            stored = []  # the multipliers the update reads, in either orientation
            for row, cl in ((out.var, ilp.var), (ilp.var, out.var)):
                tpl = _template(code, self.text(got[0]), [row, cl])
                a = _Array(el[0], tpl or "")
                if tpl is None or self.text(ilp.body[0]) not in _update_forms(
                        a.at(row, cl), a.at(row, k), a.at(k, cl)):
                    continue
                stored.append(a.at(row, k))
                mults = [(t, lp) for t in stmts if t is not s for lp in [below(t)]
                         if lp is not None and len(lp.body) == 1 and
                         self.text(lp.body[0]) in _divisions(
                             a, lp.var, k, {r for r in recips if _reciprocal(sets, r, a, k)})]
                if len(mults) == 1:
                    found = (s, out, ilp, a, row, mults[0])
                    break
            if found is not None:
                break
            if stored and len(out.body) == 1:  # a bare nest: its multipliers come from elsewhere
                raise NoSolve(f"the update at line {out.line} reads multipliers stored in the "
                              f"matrix ({' or '.join(stored)}), but not one loop of the "
                              f"elimination divides them by the pivot first ('for m = {k} + 1 "
                              f".. n: A(m, {k}) /= A({k}, {k})')")
        if found is None:
            return None
        nest, out, ilp, a, row, (mnode, mlp) = found
        self._scaled_after_exchange(stmts, mnode, mlp.body[0], a, mlp.var, k)
        n = _upper(code, mlp)
        for lp, what in ((mlp, "multiplier loop"), (out, "update loop"), (ilp, "update loop")):
            _counted(code, lp.node, (own,), what)
            if _upper(code, lp) != n:
                raise NoSolve(f"the {what} over {lp.var} at line {lp.line} ends at {lp.upper}, "
                              f"the multiplier loop at {mlp.upper}: not the same system's rows "
                              "and columns")
        sol = Solve(klp.node, klp.node, n, a, a, a, "1", k, False, True)
        sol.scalars.update({k, mlp.var, out.var, ilp.var})
        b: _Array | None = None
        for t in out.body:  # for i: {for j: update; B(i) -= A(i,k) * B(k)}
            if t is not ilp.node:
                got_b = self._rhs_update(t, row, k, a.at(row, k)) if row == out.var else None
                if got_b is None:
                    raise NoSolve(f"line {t.start_point[0] + 1}: '{code.text_of(t).strip()[:60]}' "
                                  "inside the elimination's update is not part of it (the "
                                  "LAPACK call would not do it)")
                b, sol.nrhs = got_b
        if nest.start_byte < mnode.start_byte:
            raise NoSolve(f"the update at line {out.line} runs before the multipliers of line "
                          f"{mlp.line} are divided by the pivot: not an elimination")
        before: list[Node] = []
        for t in stmts:
            if t is nest or t is mnode:
                continue
            rlp = below(t)
            got_b = self._rhs_update(rlp.body[0], rlp.var, k, a.at(rlp.var, k)) \
                if rlp is not None and len(rlp.body) == 1 and b is None else None
            if got_b is None and b is None:  # for r: for i > k: B(i,r) -= A(i,k) * B(k,r)
                rlp, got_b = self._rhs_columns(t, k, a)
            if got_b is not None and rlp is not None:
                _counted(code, rlp.node, (own,), "right-hand side loop")
                if _upper(code, rlp) != n:
                    raise NoSolve(f"the right-hand side loop over {rlp.var} at line {rlp.line} "
                                  f"ends at {rlp.upper}, not at the system's last row "
                                  f"({mlp.upper})")
                if t.start_byte < mnode.start_byte:
                    raise NoSolve(f"the right-hand side update at line {rlp.line} runs before "
                                  f"the multipliers of line {mlp.line} are divided by the pivot")
                b, sol.nrhs = got_b
                sol.scalars |= {rlp.var, code.loop(t).var}
                continue
            before.append(self._before(t, mnode))
        return self._k_loop(sol, klp, b, before, mlp.var, mlp.upper)

    def _scaled_after_exchange(self, stmts: list[Node], mnode: Node, stmt: Node, a: _Array,
                               m: str, k: str) -> None:
        """When the multipliers ``stmt`` (in ``mnode``, one of the loop over k's ``stmts``)
        are scaled by a reciprocal of the pivot rather than divided by it, the reciprocal must
        be set right before them: a row exchange in between makes it another row's."""
        if self.text(stmt) in _divisions(a, m, k, set()):
            return
        at = stmts.index(mnode)
        prev = self._scalar_set(stmts[at - 1])[0] if at > 0 else ""
        if not prev or prev not in self.code.identifiers(stmt):
            raise NoSolve(f"the multipliers at line {mnode.start_point[0] + 1} are scaled by a "
                          "reciprocal of the pivot that is not set right before them: a row "
                          "exchange in between would make it another row's")

    def _rhs_columns(self, t: Node, k: str, a: _Array) -> tuple[Loop | None,
                                                                tuple[_Array, str] | None]:
        """(the row loop, (B, the number of right-hand sides)) of ``for r: for i = k+1..n:
        B(i,r) -= A(i,k) * B(k,r)``, the right-hand sides' update column by column; (None,
        None) for anything else."""
        code = self.code
        clp = _loop_of(code, t)
        if clp is None or not clp.counted or clp.step != 1 or len(clp.body) != 1 or \
                canonical_text(code, clp.lower) != ("1" if code.fortran else "0"):
            return None, None
        rlp = _loop_of(code, clp.body[0])
        got = assignment(code, rlp.body[0]) if rlp is not None and len(rlp.body) == 1 else None
        el = _element(code, got[0]) if got is not None else None
        if rlp is None or got is None or el is None or \
                canonical_text(code, rlp.lower) != f"{k}+1":
            return None, None
        tpl = _template(code, self.text(got[0]), [rlp.var, clp.var])
        b = _Array(el[0], tpl or "")
        if tpl is None or self.text(rlp.body[0]) not in _update_forms(
                b.at(rlp.var, clp.var), a.at(rlp.var, k), b.at(k, clp.var)):
            return None, None
        return rlp, (b, _upper(code, clp))

    def _sections(self, klp: Loop) -> Solve | None:
        """The column ordering in Fortran array sections: ``A(k+1:n, k) = A(k+1:n, k) /
        A(k, k); do j = k+1, n: A(k+1:n, j) -= A(k+1:n, k) * A(k, j); [B(k+1:n) -=
        A(k+1:n, k) * B(k)]``. None when the loop over k holds no such update loop; raises
        naming what makes the ordering differ from the elimination."""
        code = self.code
        k = klp.var
        if not code.fortran:
            return None
        stmts = _statements(code, klp)
        sets = [self._scalar_set(t) for t in stmts]
        recips = _set_once_to_one_over(sets)
        found = None
        for s in stmts:
            jlp = _loop_of(code, s)
            if jlp is None or canonical_text(code, jlp.lower) != f"{k}+1" or len(jlp.body) != 1:
                continue
            got = assignment(code, jlp.body[0])
            el = _element(code, got[0]) if got is not None else None
            if el is None or len(el[1]) != 2:
                continue
            subs = [self.text(x) for x in el[1]]
            for r in (0, 1):
                m = re.fullmatch(rf"{re.escape(k)}\+1:(.+)", subs[r])
                if m is None or subs[1 - r] != jlp.var:
                    continue
                a = _Array(el[0], f"{el[0]}({{0}},{{1}})" if r == 0 else f"{el[0]}({{1}},{{0}})")
                rows, j = subs[r], jlp.var
                if self.text(jlp.body[0]) not in _update_forms(a.at(rows, j), a.at(rows, k),
                                                               a.at(k, j)):
                    continue
                mults = [t for t in stmts if self.text(t) in _divisions(
                    a, rows, k, {x for x in recips if _reciprocal(sets, x, a, k)})]
                if len(mults) != 1:
                    raise NoSolve(f"the update at line {jlp.line} reads the multipliers "
                                  f"{a.at(rows, k)}, but not one statement of the elimination "
                                  f"divides them by the pivot first ({a.at(rows, k)} = "
                                  f"{a.at(rows, k)} / {a.at(k, k)})")
                found = (s, jlp, a, rows, m.group(1), mults[0])
        if found is None:
            return None
        nest, jlp, a, rows, n, mult = found
        self._scaled_after_exchange(stmts, mult, mult, a, rows, k)
        _counted(code, nest, (f"{k}+1",), "update loop")
        if _upper(code, jlp) != n:
            raise NoSolve(f"the update loop over {jlp.var} at line {jlp.line} ends at "
                          f"{jlp.upper}, its rows at {n}: not the same system's rows and columns")
        if nest.start_byte < mult.start_byte:
            raise NoSolve(f"the update at line {jlp.line} runs before the multipliers of line "
                          f"{mult.start_point[0] + 1} are divided by the pivot: not an "
                          "elimination")
        sol = Solve(klp.node, klp.node, n, a, a, a, "1", k, False, True)
        sol.scalars.update({k, jlp.var})
        b: _Array | None = None
        before: list[Node] = []
        for t in stmts:
            if t is nest or t is mult:
                continue
            got = assignment(code, t)
            el = _element(code, got[0]) if got is not None else None
            if el is not None and b is None and len(el[1]) == 1 and \
                    self.text(el[1][0]) == rows and t.start_byte > mult.start_byte:
                bb = _Array(el[0], f"{el[0]}({{0}})")
                if self.text(t) in _update_forms(bb.at(rows), a.at(rows, k), bb.at(k)):
                    b = bb
                    continue
            before.append(self._before(t, mult))
        return self._k_loop(sol, klp, b, before, jlp.var, n)

    def _before(self, t: Node, mult: Node) -> Node:
        """``t``, a statement of the loop over k that is no part of the elimination proper,
        when it comes before the multipliers ``mult`` (a pivoting part); raises otherwise."""
        if t.start_byte > mult.start_byte:
            raise NoSolve(f"line {t.start_point[0] + 1}: '{self.code.text_of(t).strip()[:60]}' "
                          "between the multipliers and the update is not part of the "
                          "elimination (the LAPACK call would not reproduce it)")
        return t

    def _k_loop(self, sol: Solve, klp: Loop, b: _Array | None, body: list[Node], i: str,
                last: str) -> Solve:
        """``sol`` completed: its right-hand side ``b`` (None: a factorisation alone, which
        must keep its multipliers), the loop over k's statements besides the elimination
        proper (``body``: pivot search, singular check, row exchanges) and the loop's bound,
        the system's order (``last``: how the row loop spells it)."""
        code = self.code
        n = sol.n
        if b is None:  # an LU factorisation: the solve follows (forward, then back)
            if not sol.lu_form:
                raise NoSolve(f"the elimination at line {klp.line} updates no right-hand side "
                          f"(B(i) -= f * B(k)) and does not keep its multipliers below the "
                          "diagonal: no solve can follow it")
            sol.factor_only = True
            b = _Array("", "\0{0}{1}")  # matches no reference: nothing to exchange
        sol.b = sol.x = b
        body = list(body)
        while body:
            s = body.pop(0)
            nxt = assignment(code, body[0]) if body else None
            held = self._scalar_set(s)
            if held[0] and nxt is not None and nxt[0].type != "identifier" and \
                    self.text(nxt[0]) == held[1]:
                self._exchange([s, *body[:2]], sol, None)  # t = X(k); X(k) = X(p); X(p) = t
                del body[:2]
                sol.pivoting = True
                continue
            self._pivot_part(s, sol, klp, i)
        if sol.factor_only and sol.pivoting:
            raise NoSolve(f"the factorisation at line {klp.line} pivots without a right-hand side "
                      "to exchange: its row order is kept elsewhere (a permutation the solve "
                      "applies), not handled")
        if _upper(code, klp) not in (n, _minus1(n), f"{_minus1(n)}+1",
                                     f"{_minus1(_minus1(n))}+1"):
            raise NoSolve(f"the loop over {sol.k} at line {klp.line} ends at {klp.upper}, not at "
                      f"the order of the system ({last})")
        return sol

    def _scalar_set(self, s: Node) -> tuple[str, str]:
        code = self.code
        if s.type == "declaration":
            ds = s.children_by_field_name("declarator")
            if len(ds) == 1 and ds[0].type == "init_declarator":
                d, v = ds[0].child_by_field_name("declarator"), ds[0].child_by_field_name("value")
                while d is not None and d.type == "pointer_declarator":  # double *row = a[k]
                    d = d.child_by_field_name("declarator")
                if d is not None and v is not None and d.type == "identifier":
                    return code.text_of(d), self.text(v)
            return "", ""
        got = assignment(code, s)
        if got is not None and got[0].type == "identifier" and got[1] == "=":
            return code.name_of(got[0]), self.text(got[2])
        return "", ""

    def _rhs_update(self, s: Node, i: str, k: str, mult: str) -> tuple[_Array, str] | None:
        code = self.code
        got = assignment(code, s)
        if got is not None:
            el = _element(code, got[0])
            if el is None:
                return None
            tpl = _template(code, self.text(got[0]), [i])
            if tpl is None or "{1}" in tpl:
                return None
            b = _Array(el[0], tpl)
            if self.text(s) in _update_forms(b.at(i), mult, b.at(k)):
                return b, "1"
            return None
        lp = _loop_of(code, s)
        if lp is None or not lp.counted or lp.step != 1 or len(lp.body) != 1:
            return None
        if canonical_text(code, lp.lower) != ("1" if code.fortran else "0"):
            return None
        got = assignment(code, lp.body[0])
        el = _element(code, got[0]) if got is not None else None
        if got is None or el is None:
            return None
        tpl = _template(code, self.text(got[0]), [i, lp.var])
        if tpl is None:
            return None
        b = _Array(el[0], tpl)
        if self.text(lp.body[0]) in _update_forms(b.at(i, lp.var), mult, b.at(k, lp.var)):
            self.rhs_var = lp.var
            return b, _upper(code, lp)
        return None

    def _pivot_part(self, s: Node, sol: Solve, klp: Loop, i: str) -> None:
        """Check one statement of the loop over k beside the row loop: the pivot search, the
        singular check, the row swap; raise naming it otherwise."""
        code = self.code
        a = sol.a
        line = s.start_point[0] + 1
        for d in walk(s):
            name = ""
            if d.type == "call_expression" and d.named_children:
                name = code.name_of(d.named_children[0])
            if d.type == "subroutine_call" or (name and name not in PURE and not (
                    code.fortran and name in {a.name, sol.b.name, *_SEARCHES})):
                raise NoSolve(f"line {d.start_point[0] + 1}: the call "
                          f"'{code.text_of(d).strip()[:50]}' inside the elimination may change "
                          "what the LAPACK call would not")
        if s.type == "if_statement" and self._singular(s, sol):
            return
        if may_leave(code, s):
            raise NoSolve(f"line {line}: '{code.text_of(s).strip()[:60]}' leaves the elimination "
                      "early, and is not a singular check on the pivot")
        writes = self._writes(s)
        if not {w for w in writes if w[1]}:  # the pivot search (scalars only), reading A
            names = {w[0] for w in writes}
            if names & {a.name, sol.b.name}:
                raise NoSolve(f"line {line} assigns {a.name} or {sol.b.name} as a whole")
            sol.scalars |= names
            if any(n.type in (C_LOOP, F_LOOP) for n in walk(s)) or s.type == "if_statement":
                sol.pivoting = True
            return
        stmts = [s]
        if s.type == "if_statement":  # if (p != k) { exchanges }
            if s.child_by_field_name("alternative") is not None or any(
                    c.type in ("else_clause", "elseif_clause") for c in s.named_children):
                raise NoSolve(f"line {line}: an if with an else inside the elimination")
            stmts = branch(code, s)
        self._exchanges(stmts, sol, None)
        sol.pivoting = True

    def _exchanges(self, stmts: list[Node], sol: Solve, col: Loop | None) -> None:
        """Each statement a loop of exchanges, or three statements exchanging two rows'
        elements through a temporary; raise naming the first that is not."""
        code = self.code
        rest = list(stmts)
        while rest:
            s = rest.pop(0)
            lp = _loop_of(code, s)
            if lp is not None and col is None:
                if not lp.counted or lp.step != 1:
                    raise NoSolve(f"the loop at line {lp.line} inside the elimination is not "
                              "counted")
                self._exchanges(list(lp.body), sol, lp)
                continue
            trio = [s, *rest[:2]]
            rest = rest[2:]
            self._exchange(trio, sol, col)

    def _exchange(self, trio: list[Node], sol: Solve, col: Loop | None) -> None:
        code = self.code
        line = trio[0].start_point[0] + 1
        what = f"line {line}: '{code.text_of(trio[0]).strip()[:60]}'"
        if len(trio) != 3:
            raise NoSolve(f"{what} inside the elimination is not an exchange 't = X(k); X(k) = "
                      "X(p); X(p) = t' (the LAPACK call would not do it)")
        t, v0 = self._scalar_set(trio[0])
        g1, g2 = assignment(code, trio[1]), assignment(code, trio[2])
        if not t or g1 is None or g2 is None:
            raise NoSolve(f"{what} inside the elimination is not an exchange of two rows "
                      "(the LAPACK call would not do it)")
        x1, y1, x2, y2 = (self.text(g1[0]), self.text(g1[2]), self.text(g2[0]),
                          self.text(g2[2]))
        if not (v0 == x1 and y1 == x2 and y2 == t):
            raise NoSolve(f"{what}: lines {line}-{line + 2} copy without exchanging")
        cv = col.var if col is not None else None
        for arr, two in ((sol.a, True), (sol.b, sol.nrhs != "1")):
            probe = re.escape(arr.tpl).replace(r"\{0\}", r"(\w+)").replace(r"\{1\}", r"(\w+)")
            rows = [probe]
            if two and cv is None:  # a whole row at once: a(k, :) or a row pointer a[k]
                rows = [re.escape(arr.tpl).replace(r"\{0\}", r"(\w+)").replace(r"\{1\}", "(:)")]
                if arr.tpl.startswith(f"{arr.name}[{{0}}]["):
                    rows.append(re.escape(arr.name) + r"\[(\w+)\]()")
            for pr in rows:
                m1, m2 = re.fullmatch(pr, x1), re.fullmatch(pr, x2)
                if m1 is None or m2 is None:
                    continue
                r1, r2 = m1.group(1), m2.group(1)
                if sol.k not in (r1, r2) or r1 == r2 or cv in (r1, r2):
                    continue
                if two and cv is not None and not m1.group(2) == m2.group(2) == cv:
                    continue
                if not two and cv is not None:
                    continue
                sol.scalars.add(t)
                if arr is sol.a and col is not None and (
                        canonical_text(code, col.lower) not in ("0", "1") or
                        _upper(code, col) != sol.n):
                    sol.notes.append(f"the swap at line {col.line} exchanges part of the "
                                     "rows; LAPACK exchanges whole rows (the multipliers too)")
                return
        raise NoSolve(f"{what}: it exchanges {x1} and {x2}, not row {sol.k} and the pivot row of "
                  f"{sol.a.name} or {sol.b.name}")

    def _singular(self, s: Node, sol: Solve) -> bool:
        """An ``if`` on a pivot element that leaves (return, stop, exit): the singular check,
        run again after the call when LAPACK reports a zero pivot."""
        code = self.code
        cond = s.child_by_field_name("condition") or (
            s.named_children[0] if s.named_children else None)
        if cond is None:
            return False
        c = self.text(cond)
        probe = re.escape(sol.a.tpl).replace(r"\{0\}", r"\w+").replace(r"\{1\}", sol.k)
        if not re.search(probe, c):
            return False
        if not may_leave(code, s) or s.child_by_field_name("alternative") is not None:
            return False
        if not re.search(r"(==|\.eq\.)\(?0(\.0*)?(d0|_\w+)?\)?\)?$", c):
            sol.notes.append(f"the singular check at line {s.start_point[0] + 1} is "
                             f"'{code.text_of(cond)}'; LAPACK reports only an exact zero pivot")
        sol.singular = s
        return True

    def _writes(self, s: Node) -> set[tuple[str, bool]]:
        """(name, is an element) of everything ``s`` assigns."""
        code = self.code
        out = set()
        for d in walk(s):
            got = assignment(code, d) if d.type in ("assignment_expression",
                                                     "assignment_statement") else None
            if got is None and d.type == "update_expression":
                arg = d.child_by_field_name("argument")
                if arg is not None:
                    got = (arg, "++", arg)
            if got is None:
                continue
            el = _element(code, got[0])
            if el is not None:
                out.add((el[0], True))
            else:
                out.add((code.name_of(got[0]), got[0].type != "identifier"))
        return out

    # -- the forward substitution (after an LU factorisation) --------------------------
    def forward(self, sol: Solve, n: Node) -> None:
        """``for i: [t = B(i);] for j < i: t -= A(i, j) * Y(j); [Y(i) = t]`` (in place:
        ``B(i) -= A(i, j) * B(j)``): sets the array the back substitution starts from."""
        code = self.code
        first = ("1", "2") if code.fortran else ("0", "1")
        lp = _counted(code, n, first, "forward substitution")
        i, a = lp.var, sol.a
        if len(lp.body) == 1 and lp.body[0].type in (C_LOOP, F_LOOP) and canonical_text(
                code, code.loop(lp.body[0]).lower) == f"{i}+1":
            self._forward_columns(sol, lp)
            return
        if len(lp.body) == 1 and code.fortran and lp.body[0].type not in (C_LOOP, F_LOOP):
            self._forward_sections(sol, lp)
            return
        if _upper(code, lp) != sol.n:
            raise NoSolve(f"the forward substitution over {i} at line {lp.line} does not run to "
                      "the last row")
        loops = [s for s in lp.body if s.type in (C_LOOP, F_LOOP)]
        if len(loops) != 1:
            raise NoSolve(f"the forward substitution at line {lp.line} has not one inner loop")
        mlp = _counted(code, loops[0], ("1",) if code.fortran else ("0",), "forward loop")
        j = mlp.var
        if _upper(code, mlp) != (f"{i}-1" if code.fortran else i) or len(mlp.body) != 1:
            raise NoSolve(f"the loop over {j} at line {mlp.line} does not run over the columns "
                      f"before {i}")
        pos = lp.body.index(loops[0])
        before, after = lp.body[:pos], lp.body[pos + 1:]
        inner = assignment(code, mlp.body[0])
        el = _element(code, inner[0]) if inner is not None else None
        if not before and not after and el is not None:
            tpl = _template(code, self.text(inner[0]), [i])  # type: ignore[index]
            y = _Array(el[0], tpl or "")
            if tpl is None or "{1}" in tpl or self.text(mlp.body[0]) not in _update_forms(
                    y.at(i), a.at(i, j), y.at(j)):
                raise NoSolve(f"line {mlp.line + 1} is not 'Y(i) -= A(i, j) * Y(j)'")
            sol.src = sol.b = sol.x = y
            sol.scalars |= {i, j}
            return
        if len(before) != 1 or len(after) != 1:
            raise NoSolve(f"the forward substitution at line {lp.line} is not 't = B(i); for j < "
                      "i: t -= A(i, j) * Y(j); Y(i) = t'")
        t, init = self._scalar_set(before[0])
        g = assignment(code, after[0])
        yel = _element(code, g[0]) if g is not None else None
        ytpl = _template(code, self.text(g[0]), [i]) if g is not None else None
        m = re.fullmatch(r"(\w+)(.*)", strip_parens(init)) if t else None
        if not t or g is None or yel is None or ytpl is None or m is None or \
                self.text(g[2]) != t:
            raise NoSolve(f"the forward substitution at line {lp.line} is not 't = B(i); ...; "
                      "Y(i) = t'")
        y = _Array(yel[0], ytpl)
        btpl = _template(code, strip_parens(init), [i])
        if btpl is None or "{1}" in btpl or "{1}" in ytpl:
            raise NoSolve(f"'{init}' (line {before[0].start_point[0] + 1}) is not B({i})")
        b = _Array(m.group(1), btpl)
        if self.text(mlp.body[0]) not in _update_forms(t, a.at(i, j), y.at(j)):
            raise NoSolve(f"line {mlp.line + 1} is not '{t} -= A(i, j) * Y(j)'")
        sol.src, sol.b, sol.x = b, y, y
        sol.scalars |= {i, j, t}

    def _forward_sections(self, sol: Solve, lp: Loop) -> None:
        """The forward substitution in Fortran array sections, in place: by rows ``Y(i) =
        Y(i) - dot_product(A(i, 1:i-1), Y(1:i-1))`` (or ``sum`` of the product), by columns
        ``Y(k+1:n) = Y(k+1:n) - A(k+1:n, k) * Y(k)``."""
        code = self.code
        v, a = lp.var, sol.a
        got = assignment(code, lp.body[0])
        el = _element(code, got[0]) if got is not None else None
        tpl = f"{el[0]}({{0}})" if el is not None and len(el[1]) == 1 else None
        y = _Array(el[0] if el is not None else "", tpl or "")
        text = self.text(lp.body[0])
        rows = {f"{y.at(v)}={y.at(v)}-{d}" for d in _dots(a.at(v, f"1:{v}-1"), y.at(f"1:{v}-1"))}
        up, last = _upper(code, lp), sol.n
        cols = _update_forms(y.at(f"{v}+1:{last}"), a.at(f"{v}+1:{last}", v), y.at(v))
        if tpl is None or not (
                (text in rows and up == last) or
                (text in cols and up in (last, _minus1(last)) and lp.lower.strip() == "1")):
            raise NoSolve(f"the forward substitution at line {lp.line} is not 'Y(i) = Y(i) - "
                          "dot_product(A(i, 1:i-1), Y(1:i-1))' nor 'Y(k+1:n) = Y(k+1:n) - "
                          "A(k+1:n, k) * Y(k)'")
        sol.src = sol.b = sol.x = y
        sol.scalars.add(v)

    def _forward_columns(self, sol: Solve, lp: Loop) -> None:
        """The forward substitution column by column: ``for k: for i > k: Y(i) -= A(i,k) *
        Y(k)`` in place (the right-hand side's update taken out of the elimination)."""
        code = self.code
        k, a = lp.var, sol.a
        if canonical_text(code, lp.lower) != ("1" if code.fortran else "0") or _upper(
                code, lp) not in (sol.n, _minus1(sol.n), f"{_minus1(sol.n)}+1",
                                  f"{_minus1(_minus1(sol.n))}+1"):
            raise NoSolve(f"the forward substitution over {k} at line {lp.line} does not run "
                          "over the system's columns")
        ilp = _counted(code, lp.body[0], (f"{k}+1",), "forward loop")
        i = ilp.var
        got = assignment(code, ilp.body[0]) if len(ilp.body) == 1 else None
        el = _element(code, got[0]) if got is not None else None
        tpl = _template(code, self.text(got[0]), [i]) if got is not None else None
        y = _Array(el[0] if el is not None else "", tpl or "")
        if _upper(code, ilp) != sol.n or tpl is None or "{1}" in tpl or \
                self.text(ilp.body[0]) not in _update_forms(y.at(i), a.at(i, k), y.at(k)):
            raise NoSolve(f"the forward substitution at line {lp.line} is not 'for {k}: for "
                          f"{i} = {k} + 1 .. n: Y({i}) -= A({i}, {k}) * Y({k})'")
        sol.src = sol.b = sol.x = y
        sol.scalars |= {i, k}

    # -- the back substitution ----------------------------------------------------------
    def back(self, sol: Solve, n: Node) -> None:
        code = self.code
        rv = ""
        dn = n
        if _descending(code, n) is None:
            lp = _loop_of(code, n)
            if lp is None or not lp.counted or len(lp.body) != 1 or \
                    _descending(code, lp.body[0]) is None:
                raise NoSolve(f"line {n.start_point[0] + 1}: what follows the elimination is not "
                          "a back substitution (a loop from the last row down)")
            if sol.nrhs == "1" or canonical_text(code, lp.lower) != ("1" if code.fortran else "0") \
                    or _upper(code, lp) != sol.nrhs:
                raise NoSolve(f"the loop over {lp.var} at line {lp.line} does not run over the "
                          f"{sol.nrhs} right-hand side(s)")
            rv, dn = lp.var, lp.body[0]
        elif sol.nrhs != "1":
            raise NoSolve(f"the back substitution at line {n.start_point[0] + 1} solves one "
                      f"right-hand side, the elimination updates {sol.nrhs}")
        got = _descending(code, dn)
        assert got is not None
        i, start = got
        want = _minus1(sol.n) if not code.fortran else sol.n
        if start != want:
            raise NoSolve(f"the back substitution at line {dn.start_point[0] + 1} starts at row "
                      f"{start}, not the last row")
        body = [c for c in (code.loop(dn).body if dn.type == F_LOOP else
                            _stmts(code, dn.child_by_field_name("body") or dn))]
        a = sol.a
        cols = (rv,) if rv else ()

        def vec(arr: _Array, r: str) -> str:
            return arr.at(r, *cols)

        loops = [s for s in body if s.type in (C_LOOP, F_LOOP)]
        if not loops and code.fortran and not rv:
            self._back_sections(sol, dn, i, body)
            sol.last = n
            return
        if len(loops) != 1:
            raise NoSolve(f"the back substitution at line {dn.start_point[0] + 1} has not one "
                      "inner loop over the solved rows")
        if canonical_text(code, code.loop(loops[0]).lower) == ("1" if code.fortran else "0"):
            self._back_columns(sol, dn, i, body, [*cols])
            sol.scalars |= set(cols)
            sol.last = n
            return
        mlp = _counted(code, loops[0], (f"{i}+1",), "substitution loop")
        m = mlp.var
        if _upper(code, mlp) != sol.n or len(mlp.body) != 1:
            raise NoSolve(f"the substitution loop over {m} at line {mlp.line} does not run to the "
                      "last row with one statement")
        pos = body.index(loops[0])
        before, after = body[:pos], body[pos + 1:]
        inner = self.text(mlp.body[0])
        last = after[-1] if len(after) == 1 else None
        if last is None or len(before) > 1:
            raise NoSolve(f"the back substitution at line {dn.start_point[0] + 1} is not 't = "
                      "B(i); for m: t -= A(i, m) * X(m); X(i) = t / A(i, i)'")
        g = assignment(code, last)
        if g is None:
            raise NoSolve(f"line {last.start_point[0] + 1} does not store the solved element")
        xel = _element(code, g[0])
        xt = _template(code, self.text(g[0]), [i, *cols])
        if xel is None or xt is None or ("{1}" in xt) != bool(rv):
            raise NoSolve(f"line {last.start_point[0] + 1} does not store the solved element "
                      f"X({i})")
        x = _Array(xel[0], xt)
        fin = (g[1], strip_parens(self.text(g[2])))
        diag = a.at(i, i)
        if before:
            t, init = self._scalar_set(before[0])
            if not t:
                raise NoSolve(f"line {before[0].start_point[0] + 1} is not 't = B(i)' or 't = 0'")
            sol.scalars.add(t)
            init = strip_parens(init)
            minus = _update_forms(t, a.at(i, m), vec(x, m))
            plus = {f"{t}+={a.at(i, m)}*{vec(x, m)}", f"{t}+={vec(x, m)}*{a.at(i, m)}",
                    f"{t}={t}+{a.at(i, m)}*{vec(x, m)}", f"{t}={t}+{vec(x, m)}*{a.at(i, m)}"}
            down = init == vec(sol.b, i) and inner in minus and fin == ("=", f"{t}/{diag}")
            up = bool(_ZERO.match(init)) and inner in plus and \
                fin == ("=", f"({vec(sol.b, i)}-{t})/{diag}")
            if not (down or up):
                raise NoSolve(f"the back substitution at line {dn.start_point[0] + 1} is not "
                          f"'{t} = B(i); {t} -= A(i, m) * X(m); X(i) = {t} / A(i, i)' over "
                          f"{a.name} and {sol.b.name}")
        else:
            if x.name != sol.b.name or x.tpl != sol.b.tpl or inner not in _update_forms(
                    vec(x, i), a.at(i, m), vec(x, m)) or fin not in (
                    ("/=", diag), ("=", f"{vec(x, i)}/{diag}")):
                raise NoSolve(f"the back substitution at line {dn.start_point[0] + 1} is not "
                          "'X(i) -= A(i, m) * X(m); X(i) /= A(i, i)' in place")
        if x.name == a.name:
            raise NoSolve(f"the solution is stored into the matrix {a.name}")
        sol.x = x
        sol.scalars |= {i, m, *cols}
        sol.last = n


    def _back_sections(self, sol: Solve, dn: Node, i: str, body: list[Node]) -> None:
        """The back substitution in Fortran array sections: by rows, ``X(i) = (B(i) -
        sum(A(i, i+1:n) * X(i+1:n))) / A(i, i)`` (or ``dot_product``); by columns, in place,
        ``X(i) = X(i) / A(i, i); X(1:i-1) = X(1:i-1) - A(1:i-1, i) * X(i)``."""
        code = self.code
        a, b = sol.a, sol.b
        got = [assignment(code, t) for t in body]
        shape = (f"the back substitution at line {dn.start_point[0] + 1} is not 'X({i}) = "
                 f"(B({i}) - sum(A({i}, {i}+1:n) * X({i}+1:n))) / A({i}, {i})' nor, in place, "
                 f"'X({i}) = X({i}) / A({i}, {i}); X(1:{i}-1) = X(1:{i}-1) - A(1:{i}-1, {i}) * "
                 f"X({i})' over {a.name} and {b.name or 'the right-hand side'}")
        g0 = got[0] if len(got) in (1, 2) else None
        el = _element(code, g0[0]) if g0 is not None else None
        tpl = _template(code, self.text(g0[0]), [i]) if g0 is not None else None
        if g0 is None or el is None or tpl is None or "{1}" in tpl or el[0] == a.name:
            raise NoSolve(shape)
        x = _Array(el[0], tpl)
        rest, right = f"{i}+1:{sol.n}", strip_parens(self.text(g0[2]))
        if len(body) == 1:
            sums = _dots(a.at(i, rest), x.at(rest))
            if g0[1] != "=" or right not in {f"({b.at(i)}-{t})/{a.at(i, i)}" for t in sums}:
                raise NoSolve(shape)
        else:
            first = f"1:{i}-1"
            g1 = got[1]
            if x.tpl != b.tpl or x.name != b.name or g1 is None or \
                    right != f"{x.at(i)}/{a.at(i, i)}" or \
                    self.text(body[1]) not in _update_forms(x.at(first), a.at(first, i), x.at(i)):
                raise NoSolve(shape)
        sol.x = x
        sol.scalars.add(i)

    def _back_columns(self, sol: Solve, dn: Node, j: str, body: list[Node],
                      cols: list[str]) -> None:
        """The back substitution column by column, in place: ``for j = n..1: X(j) /= A(j,j);
        for i < j: X(i) -= A(i,j) * X(j)`` (the column-major order of the same sums)."""
        code = self.code
        a, x = sol.a, sol.b
        shape = (f"the back substitution at line {dn.start_point[0] + 1} is not 'X({j}) /= "
                 f"A({j}, {j}); for i < {j}: X(i) -= A(i, {j}) * X({j})' in place over "
                 f"{a.name} and {x.name or 'the right-hand side'}")
        if len(body) != 2 or body[1].type not in (C_LOOP, F_LOOP):
            raise NoSolve(shape)
        lp = _counted(code, body[1], ("1",) if code.fortran else ("0",), "substitution loop")
        i = lp.var
        xj, xi = x.at(j, *cols), x.at(i, *cols)
        div = {f"{xj}/={a.at(j, j)}", f"{xj}={xj}/{a.at(j, j)}", f"{xj}={xj}/({a.at(j, j)})"}
        if _upper(code, lp) != (f"{j}-1" if code.fortran else j) or len(lp.body) != 1 or \
                self.text(body[0]) not in div or \
                self.text(lp.body[0]) not in _update_forms(xi, a.at(i, j), xj):
            raise NoSolve(shape)
        sol.x = x
        sol.scalars |= {i, j}


def may_leave(code: Code, s: Node) -> bool:
    """Whether ``s`` may leave the code early (return, stop, exit, break, goto)."""
    return any(d.type in ("return_statement", "stop_statement", "exit_statement",
                          "break_statement", "goto_statement", "continue_statement")
               for d in walk(s)) or re.search(r"\b(exit|abort|return|stop|goto|cycle)\b",
                                              code.text_of(s), re.I) is not None


def branch(code: Code, s: Node) -> list[Node]:
    """The statements an ``if`` runs (C: its consequence; Fortran: the block or the one
    statement after the condition)."""
    if code.fortran:
        return [c for c in s.named_children[1:] if c.type not in (
            "end_if_statement", "comment", "else_clause", "elseif_clause")]
    cons = s.child_by_field_name("consequence")
    return _stmts(code, cons) if cons is not None else []


def _minus1(n: str) -> str:
    if n.endswith("+1"):
        return n[:-2]
    return f"{n}-1"


def read_later(code: Code, fn: Node, sol: Solve, name: str) -> int:
    """The line where ``name`` appears again after the replaced code, 0 when it does not
    (a plain overwrite ``name = e`` first does not count)."""
    return read_after(code, fn, sol.last, name)


def read_after(code: Code, fn: Node, last: Node, name: str) -> int:
    """The line where ``name`` appears again in ``fn`` after the node ``last``, 0 when it does
    not (a plain overwrite ``name = e``, a loop header or a declaration first does not count)."""
    after = [d for d in walk(fn) if d.type == "identifier" and d.start_byte >= last.end_byte]
    for d in after:
        if code.name_of(d) != name:
            continue
        p = d.parent
        call = p.parent if p is not None and p.type == "argument_list" else None
        if p is not None and (p.type == "deallocate_statement" or (call is not None and
                              call.type == "call_expression" and
                              code.text_of(call).startswith("free("))):
            continue  # released, not read
        if p is not None and p.type in ("assignment_expression", "assignment_statement") and \
                (p.child_by_field_name("left") or p.named_children[0]) == d and name not in \
                code.identifiers(p.child_by_field_name("right") or p.named_children[-1]):
            return 0
        if p is not None and p.type == "loop_control_expression" and p.named_children[0] == d:
            return 0
        if p is not None and p.type == "init_declarator":
            return 0
        return d.start_point[0] + 1
    return 0


def find_solve(code: Code, line: int) -> tuple[Node, Solve]:
    at = code.node_at_line(line)
    fn = code.function_of(at) if at is not None else None
    if fn is None:
        raise NoSolve(f"line {line} is not inside a function")
    rd = _Reader(code, None)
    why = ""
    for n in walk(fn):
        if n.type not in (C_LOOP, F_LOOP):
            continue
        lp = code.loop(n)
        if not lp.counted or not any(t.type in (C_LOOP, F_LOOP) for t in lp.body):
            continue
        # the enclosing loops of ``line`` or the loop right before them
        try:
            sol = rd.elimination(n)
        except NoSolve as e:
            if n.start_point[0] + 1 <= line <= n.end_point[0] + 1 and not why:
                why = str(e)
            continue
        parent = n.parent
        sibs = [c for c in (parent.named_children if parent is not None else [])
                if c.type not in ("comment",)]
        nxt = sibs[sibs.index(n) + 1:]
        between: list[Node] = []
        found = None
        fwd = None
        for s in nxt:
            if sol.factor_only and fwd is None and s.type in (C_LOOP, F_LOOP) and \
                    code.loop(s).counted:
                fwd = s
                continue
            if s.type in (C_LOOP, F_LOOP) and (_descending(code, s) is not None or (
                    code.loop(s).counted and code.loop(s).body and
                    _descending(code, code.loop(s).body[0]) is not None)):
                found = s
                break
            between.append(s)
        inside = n.start_point[0] + 1 <= line <= n.end_point[0] + 1
        if found is None or (sol.factor_only and fwd is None):
            if inside:
                raise NoSolve(f"the elimination at line {lp.line} is not followed by a "
                          f"{'forward and ' if sol.factor_only else ''}back substitution in "
                          "the same block")
            continue
        if fwd is not None:
            rd.forward(sol, fwd)
        rd.back(sol, found)
        span = (n.start_point[0] + 1, found.end_point[0] + 1)
        if not span[0] <= line <= span[1]:
            continue
        arrays = {sol.a.name, sol.b.name, sol.x.name} | ({sol.src.name} if sol.src else set())
        for s in between:
            touched = code.identifiers(s) & arrays
            if touched:
                raise NoSolve(f"line {s.start_point[0] + 1} uses {', '.join(sorted(touched))} "
                          "between the elimination and the back substitution: the LAPACK call "
                          "would not reproduce it")
        sol.between = [s for s in between if s.type != "comment"]
        return fn, sol
    raise NoSolve(why or f"no Gaussian elimination (for k: for i = k + 1: for j: A(i, j) -= f * "
                     "A(k, j), or by columns: for k: A(m, k) /= A(k, k); for j: for i: A(i, j) "
                     f"-= A(i, k) * A(k, j)) followed by a back substitution around line {line}")
