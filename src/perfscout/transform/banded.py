"""A dense solve of a banded (tridiagonal) system: LAPACK's ``dgtsv``/``dgbsv`` (``use_lapack``).

Tried by ``use_lapack`` before the dense ``dgesv`` (:mod:`.lapack`): when the hand-written
Gaussian elimination and back substitution that :func:`.gauss.find_solve` reads, or the
program's own dense ``dgesv_``/``call dgesv``, solve a matrix that is provably banded at that
point, the diff calls the O(n) tridiagonal solver ``dgtsv`` (every store within one diagonal
of the main one) or the band solver ``dgbsv`` (within ``k``, ``kl = ku = k``) on diagonals
extracted through the program's own element expression, instead of an O(n^3) dense LU.

The band is proved on the parsed tree, walking back from the solve through the statements
that run before it: in its block and the enclosing blocks of the function, and, when the
function reaches its start without one and the matrix is a parameter (or a global), in every
caller of the project before the call (where the caller can reach it: a C ``static`` stays in
its file). The walk must meet a **zeroing of the whole matrix** (``memset(a, 0, ..)``,
``calloc``, a ``std::vector`` of a size, ``a = 0`` / ``a(:, :) = 0`` in Fortran, a loop nest
``A(i, j) = 0`` over the system's order in both indices, also row by row inside the loop that
fills the row, or a function of the project handed the matrix that does one of these) with no
loop around the solve in between (the solve's own writes would reach the next pass). Every
store to the matrix from that zeroing on, in those functions and in the fill functions handed
the matrix, must be a zero or an element whose column is its row plus a constant (the
subscripts' affine forms, a flat ``m[i * n + i + 1]`` split by its stride); the widest
constant is the band.

Refused, naming it (``use_lapack`` then falls back to ``dgesv`` and says why in its note): a
store at a column that is not the row plus a constant (a computed column); no zeroing before
the solve, or only outside a loop around it; the matrix passed to a library call, aliased,
used through pointer arithmetic or assigned as a whole between its zeroing and the solve; a
global the project's other functions use (between the zeroing and the solve, or at all when
the proof did not read them); a parameter with no caller in the project, or a caller that
passes something other than the array; the matrix used in the loop around the solve before
its zeroing, or read again after the solve (the hand-written elimination leaves its upper
triangle, ``dgesv`` its factors; the banded call leaves the matrix as filled), in the function
or in the caller after the call; ``dgesv``'s pivots read after it; a right-hand side distinct
from the solution read again; a temporary of the solve read after it.

Pivoting: ``dgtsv``/``dgbsv`` pivot partially, like ``dgesv``; a hand-written solve without
pivoting gets the same solution up to rounding (and a solution where the hand-written code
would have met a zero pivot). A singular check in the elimination runs after the call when
LAPACK reports an exactly zero pivot (``info > 0``); a ``dgesv`` call's ``info`` receives
LAPACK's.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from perfscout.transform.affine import Poly, poly
from perfscout.transform.gauss import (
    _ZERO,
    NoSolve,
    Solve,
    _Array,
    _element,
    _upper,
    canonical_text,
    find_solve,
    read_after,
)
from perfscout.transform.lapack import (
    _splice,
    after_includes,
    leading_dim,
    real_kind,
    singular_lines,
    with_fortran_decls,
)
from perfscout.transform.mathtable import fresh_name
from perfscout.transform.nest import assignment, make_diff, zero_value
from perfscout.transform.region import PURE
from perfscout.transform.result import Generated, Refusal
from perfscout.transform.source import (
    C_LOOP,
    F_LOOP,
    FUNCTION_NODES,
    Code,
    Node,
    project_codes,
    walk,
)

WHAT = "use_lapack"

#: loops around the solve: a zeroing outside one does not hold on the loop's next pass
_LOOPS = frozenset({C_LOOP, F_LOOP, "for_range_loop", "while_statement", "do_statement"})
#: nodes whose named children run one after another
_BLOCKS = frozenset({"compound_statement", F_LOOP, "if_statement", "elseif_clause",
                     "else_clause", "block_construct", *FUNCTION_NODES})


# a Fortran unit's header names its dummy arguments: not a use of the matrix
_HEADERS = frozenset({"comment", "subroutine_statement", "function_statement"})


class NoBand(NoSolve):
    """The band of the solved matrix is not proved; ``zeroed`` when a zeroing was found (the
    matrix looks banded, something else stands in the way)."""

    def __init__(self, why: str, zeroed: bool = False) -> None:
        super().__init__(why)
        self.zeroed = zeroed


@dataclass
class Band:
    """The proved band: every nonzero (r, c) of the matrix at the solve has |c - r| <= k."""

    k: int
    zeroing: str  # "file:line" of the zeroing
    where: str  # the function that fills the matrix
    walked: set[str] = field(default_factory=set)  # the functions the proof read (lower case)


class _Prover:
    """Proves a matrix banded at a point of a function, following callers in the project."""

    def __init__(self, code: Code, root: Path | None) -> None:
        fortran = code.fortran
        self.codes = project_codes(code, root, lambda lang: (lang == "fortran") == fortran,
                                   max_files=200, max_bytes=2_000_000)
        self.k = 0
        self._nest = 0  # fill functions being read, one inside the other
        self.order: str | None = None
        self._ranks: dict[tuple[str, int, str], int] = {}

    # -- the walk back from the solve ------------------------------------------------------
    def prove(self, code: Code, fn: Node, anchor: Node, name: str, stride: str | None,
              order: str | None, depth: int = 0) -> Band:
        """The band of ``name`` at ``anchor`` in ``fn``. ``stride``: the row stride of a flat
        matrix when known; ``order``: the system's order as this function spells it (C: the
        exclusive bound, Fortran: the last index), which a zeroing loop nest must cover;
        None when it cannot be said here (a zeroing nest is then taken as covering it)."""
        self.order = order
        region: list[Node] = []
        zero: Node | None = None
        cur = anchor
        while zero is None and cur is not fn and cur.parent is not None:
            parent = cur.parent
            # a Fortran do loop holds its body's statements itself (a loop and a block at
            # once): the statements before the solve in that body are looked at first
            if parent.type in _BLOCKS:
                sibs = [c for c in parent.named_children if c.end_byte <= cur.start_byte
                        and c.type not in _HEADERS]
                for s in reversed(sibs):
                    region.append(s)
                    if self._zeroes(code, s, name):
                        zero = s
                        break
            if zero is None and parent.type in _LOOPS and (
                    parent.type != "do_statement" or not code.fortran):
                raise NoBand(f"{name} is not zeroed (memset, calloc, a whole-array zero, a "
                             f"zeroing loop nest over the system's order{_of(order)}) inside "
                             "the loop at line "
                             f"{parent.start_point[0] + 1} around the solve in "
                             f"{code.function_name(fn)}: on the loop's next pass the matrix holds "
                             "what the elimination left, not a band")
            cur = parent
        if zero is not None:
            self._read_before(code, fn, anchor, zero, name)
        # the zeroing first (here or in the callers): a store refused before one is found
        # says nothing about a band
        band = Band(0, f"{code.path}:{zero.start_point[0] + 1}", code.function_name(fn)) \
            if zero is not None else self._from_callers(code, fn, name, stride, order, depth)
        glob = _nm(code, name) not in _params(code, fn) and not _declared_inside(code, fn, name)
        for s in region:
            self._stores(code, s, name, stride)
            if glob:
                self._calls_touching(code, s, name)
        band.k = self.k
        band.walked.add(code.function_name(fn).lower())
        return band

    def _read_before(self, code: Code, fn: Node, anchor: Node, zero: Node, name: str) -> None:
        """Refuse a use of ``name`` in the loop around the solve before its zeroing: on the
        loop's next pass it reads what the replaced solve left."""
        loop = next((x for x in _ancestors(anchor) if x.type in _LOOPS and
                     (x.type != "do_statement" or not code.fortran)), None)
        if loop is None or not loop.start_byte <= zero.start_byte:
            return
        nm = _nm(code, name)
        for d in walk(loop):
            if d.type == "identifier" and code.name_of(d) == nm and \
                    d.start_byte < zero.start_byte:
                raise NoBand(f"line {d.start_point[0] + 1}: {name} is used before its zeroing "
                             f"in the loop at line {loop.start_point[0] + 1}: on the next pass "
                             "it reads what the elimination left, which the banded call does "
                             "not leave", zeroed=True)

    def _from_callers(self, code: Code, fn: Node, name: str, stride: str | None,
                      order: str | None, depth: int) -> Band:
        fname = code.function_name(fn)
        params = _params(code, fn)
        local = name.lower() if code.fortran else name
        if local in params:
            pos: int | None = params.index(local)
        elif _declared_inside(code, fn, name):
            raise NoBand(f"{name} is not zeroed (memset, calloc, a whole-array zero, a zeroing "
                         f"loop nest over the system's order{_of(order)}) before the solve in "
                         f"{fname}: the band is not proved")
        else:
            pos = None  # a global: the same name in the callers
        if depth >= 2:
            raise NoBand(f"{name} is filled more than two callers above the solve in {fname}: "
                         "not followed")
        calls = [(c, n) for c in self.linked(code, fname, False) for n in walk(c.tree.root_node)
                 if _call_name(c, n).lower() == fname.lower() and (
                     c is not code or not (fn.start_byte <= n.start_byte < fn.end_byte))]
        if not calls:
            what = "a parameter" if pos is not None else "not declared"
            raise NoBand(f"{name} is {what} in {fname} and no call of {fname} in the project "
                         "fills it before the call: the matrix is passed in from elsewhere "
                         "without a visible fill")
        band: Band | None = None
        for c, call in calls:
            arg = name
            if pos is not None:
                args = _args(c, call)
                got = _array_arg(c, args[pos]) if pos < len(args) else None
                if got is None:
                    raise NoBand(f"the call of {fname} at {c.path}:{call.start_point[0] + 1} "
                                 f"passes {c.text_of(args[pos]) if pos < len(args) else 'nothing'}"
                                 f" as {name}, not an array the proof can follow")
                arg = got
            cfn = c.function_of(call)
            if cfn is None:
                raise NoBand(f"the call of {fname} at {c.path}:{call.start_point[0] + 1} is in "
                             "no function")
            stmt = _statement_of(c, call)
            band = self.prove(c, cfn, stmt, arg, None, _order_in_caller(
                code, fn, order, c, _args(c, call)), depth + 1)
            ln = read_after(c, cfn, stmt, arg)
            if ln:
                raise NoBand(f"{arg} is read again at {c.path}:{ln} after the call of {fname}: "
                             "the hand-written elimination leaves its upper triangle there, "
                             "dgtsv leaves the matrix as filled", zeroed=True)
        assert band is not None
        return band

    # -- the zeroing -----------------------------------------------------------------------
    def _zeroes(self, code: Code, s: Node, name: str) -> bool:
        """Whether ``s`` zeroes the whole matrix ``name`` (not under a condition inside s; a
        zeroing of the whole at once not inside a loop, which might run no pass)."""
        for d in walk(s):
            if _conditional(d, s):
                continue
            callee = self._callee(code, d, name) if not any(
                x.type in _LOOPS for x in _ancestors(d) if s.start_byte <= x.start_byte) \
                else None
            if callee is not None:
                self._nest += 1
                try:
                    if any(self._zeroes(callee[0], st, callee[2]) for st in _body(*callee[:2])):
                        return True  # a fill function of the project that zeroes it first
                finally:
                    self._nest -= 1
            got = assignment(code, d) if d.type in ("expression_statement",
                                                    "assignment_statement") else None
            if got is not None and got[1] == "=" and _zero(code, got[2]):
                el = _element(code, got[0])
                if el is not None and el[0] == _nm(code, name) and \
                        self._covers(code, got[0], el[1], s):
                    return True
            if any(x.type in _LOOPS for x in _ancestors(d) if s.start_byte <= x.start_byte):
                continue  # only a zero store in a nest (checked above) may be in a loop
            if d.type == "call_expression" and not code.fortran:
                cn = _call_name(code, d)
                args = _args(code, d)
                if cn in ("memset", "std::memset") and len(args) == 3 and \
                        _base(code, args[0]) == name and _zero(code, args[1]):
                    return True
                if cn in ("std::fill", "fill") and len(args) == 3 and \
                        _base(code, args[0]) == name and _zero(code, args[2]):
                    return True
                fld = d.child_by_field_name("function")
                if fld is not None and fld.type == "field_expression" and \
                        canonical_text(code, code.text_of(fld)) == f"{name}.assign" and \
                        len(args) == 2 and _zero(code, args[1]):
                    return True
            if d.type == "init_declarator" or (d.type in ("assignment_expression",
                                                           "assignment_statement")):
                left = d.child_by_field_name("declarator") or d.child_by_field_name("left") or \
                    d.named_children[0]
                right = d.child_by_field_name("value") or d.child_by_field_name("right") or \
                    d.named_children[-1]
                while left.type == "pointer_declarator":
                    left = left.child_by_field_name("declarator") or left
                if left.type == "identifier" and code.name_of(left) == _nm(code, name):
                    rt = canonical_text(code, code.text_of(right))
                    if re.match(r"^(\(\w+\*?\))?(std::)?calloc\(", rt) or (
                            code.fortran and _zero(code, right)):
                        return True
                if code.fortran and left.type == "call_expression" and _zero(code, right):
                    el = _element(code, left)
                    if el is not None and el[0] == _nm(code, name) and all(
                            canonical_text(code, code.text_of(x)) == ":" for x in el[1]):
                        return True
            if d.type == "declaration" and code.lang == "cpp" and \
                    re.match(r"^(std::)?vector<", canonical_text(code, code.text_of(d))):
                # a vector of a size (value-initialised: zeros), or of a size and a zero; in
                # the tree a constructor's arguments may be a function's parameters
                for dd in d.children_by_field_name("declarator"):
                    m = re.fullmatch(rf"{re.escape(name)}[({{]([^,]+)(,(.+))?[)}}]",
                                     canonical_text(code, code.text_of(dd)))
                    if m is not None and (m.group(3) is None or _ZERO.match(m.group(3))):
                        return True
        return False

    def _covers(self, code: Code, ref: Node, subs: list[Node], top: Node) -> bool:
        """Whether the zero store ``ref`` in loops inside ``top`` covers a whole square: its
        row and column are two distinct loop variables over the same range from the first
        index (or a flat index over ``e * e`` elements)."""
        loops = {}
        cur = ref.parent
        while cur is not None and cur is not top.parent:
            if cur.type in (C_LOOP, F_LOOP):
                lp = code.loop(cur)
                if lp.counted and lp.step == 1 and canonical_text(code, lp.lower) == (
                        "1" if code.fortran else "0"):
                    loops[lp.var] = lp
            cur = cur.parent
        dims = self._dims(code, ref, subs, None, set(loops))
        if dims is None:
            return False
        if len(dims) == 1:
            (v,) = [m for m in dims[0] if m] if len(dims[0]) == 1 else [()]
            if len(v) != 1 or v[0] not in loops or dims[0][v] != 1:
                return False
            up = canonical_text(code, loops[v[0]].upper)
            parts = up.split("*")
            return not loops[v[0]].inclusive and len(parts) == 2 and parts[0] == parts[1] and \
                self.order in (None, parts[0])
        rv = [m for m in dims[0] if m]
        cv = [m for m in dims[1] if m]
        if len(dims[0]) != 1 or len(dims[1]) != 1 or len(rv) != 1 or len(cv) != 1:
            return False
        r, c = rv[0], cv[0]
        if len(r) != 1 or len(c) != 1 or r == c or r[0] not in loops or c[0] not in loops or \
                dims[0][r] != 1 or dims[1][c] != 1:
            return False
        a, b = loops[r[0]], loops[c[0]]
        return _upper(code, a) == _upper(code, b) and self.order in (None, _upper(code, a))

    # -- the stores ------------------------------------------------------------------------
    def _stores(self, code: Code, s: Node, name: str, stride: str | None) -> None:
        """Check every use of ``name`` in ``s``: a store must be a zero or within the band
        (updating :attr:`k`); a call, alias or whole assignment is refused."""
        nm = _nm(code, name)
        for d in walk(s):
            if d.type != "identifier" or code.name_of(d) != nm:
                continue
            line = d.start_point[0] + 1
            ref, subs = _outer_element(code, d)
            p = ref.parent
            if p is None:
                continue
            if p.type in ("assignment_expression", "assignment_statement") and \
                    (p.child_by_field_name("left") or p.named_children[0]) == ref:
                right = p.child_by_field_name("right") or p.named_children[-1]
                op = p.child_by_field_name("operator")
                plain = op is None or code.text_of(op) == "="
                if plain and _zero(code, right):
                    continue
                if not subs or (code.fortran and any(
                        canonical_text(code, code.text_of(x)).count(":") for x in subs)):
                    if plain and re.match(r"^(\(\w+\*?\))?(std::)?calloc\(",
                                          canonical_text(code, code.text_of(right))):
                        continue
                    raise NoBand(f"line {line}: {name} is assigned as a whole "
                                 f"('{code.text_of(p).strip()[:60]}') between its zeroing and "
                                 "the solve", zeroed=True)
                self._band_store(code, ref, subs, stride, line)
                continue
            if p.type == "update_expression":
                self._band_store(code, ref, subs, stride, line)
                continue
            if _declarator(d):
                continue
            partial = bool(subs) and len(subs) < self._rank(code, s, name)
            call = _enclosing_call(ref)
            cn = _call_name(code, call)
            by_ref = code.fortran and p.type == "argument_list" and cn not in PURE
            if subs and not partial and p.type != "pointer_expression" and not by_ref:
                continue  # an element read
            if cn in ("memset", "std::memset", "free", "std::fill", "fill") or (
                    cn in PURE and not by_ref) or p.type == "sizeof_expression":
                continue
            if p.type == "field_expression" and not code.fortran:
                fld = canonical_text(code, code.text_of(p)).rpartition(".")[2]
                if fld in ("size", "begin", "end", "assign") or (fld == "data" and
                                                               _zeroes_call(code, p)):
                    continue
            callee = self._callee(code, call, name) if call is not None else None
            if callee is not None:  # a function of the project: its stores are read too
                self._nest += 1
                try:
                    for st in _body(*callee[:2]):
                        self._stores(callee[0], st, callee[2], None)
                finally:
                    self._nest -= 1
                continue
            what = f"passed to {cn}()" if call is not None else "aliased or used as a pointer"
            raise NoBand(f"line {line}: {name} is {what} "
                         f"('{code.text_of(call or p).strip()[:60]}') between its zeroing and "
                         "the solve: the band is not proved", zeroed=True)

    def _callee(self, code: Code, call: Node, name: str) -> tuple[Code, Node, str] | None:
        """(file, definition, parameter) of the project's function that ``call`` hands the
        matrix ``name`` itself to; None for any other node, a library call, or a chain of such
        functions deeper than three."""
        if call.type not in ("call_expression", "subroutine_call") or self._nest >= 3:
            return None
        cn = _call_name(code, call).lower()
        args = _args(code, call)
        pos = next((i for i, a in enumerate(args) if _array_arg(code, a) == _nm(code, name)),
                   None)
        if not cn or pos is None:
            return None
        for c, f in self.definitions(code, cn):
            ps = _params(c, f)
            if pos < len(ps) and ps[pos]:
                return c, f, ps[pos]
        return None

    def linked(self, code: Code, name: str, var: bool) -> list[Code]:
        """``code`` and the project's other files that can reach its ``name`` (a function, or
        a global variable when ``var``): none for a C ``static`` one; for a variable only a
        file declaring it ``extern`` (C) or using this file's module (Fortran)."""
        others = [c for c in self.codes if c is not code]
        if code.fortran:
            if not var:
                return [code, *others]
            mods = re.findall(r"(?im)^\s*module\s+(?!procedure\b)(\w+)", code.text)
            return [code, *[c for c in others if any(
                re.search(rf"(?im)^\s*use\s+{m}\b", c.text) for m in mods)]]
        if _file_static(code, name):
            return [code]
        if not var:
            return [code, *others]
        return [code, *[c for c in others
                        if re.search(rf"\bextern\b[^;]*\b{re.escape(name)}\b", c.text)]]

    def definitions(self, code: Code, fname: str) -> list[tuple[Code, Node]]:
        """The definitions of the function ``fname`` a call in ``code`` may reach: this file's
        first, another file's unless it is ``static`` there."""
        out = []
        for c in [code, *[c for c in self.codes if c is not code]]:
            for f in walk(c.tree.root_node):
                if f.type in FUNCTION_NODES and c.function_name(f).lower() == fname.lower() \
                        and (c is code or c.fortran or not _file_static(c, fname)):
                    out.append((c, f))
        return out

    def _calls_touching(self, code: Code, s: Node, name: str) -> None:
        """Refuse a call in ``s`` to a function of the project that uses the global ``name``
        (it may store anywhere in the matrix between its zeroing and the solve)."""
        for d in walk(s):
            cn = _call_name(code, d) if d.type in ("call_expression", "subroutine_call") else ""
            if not cn or cn in PURE:
                continue
            for c, f in self.definitions(code, cn):
                if _nm(c, name) in c.identifiers(f):
                    raise NoBand(f"line {d.start_point[0] + 1}: {cn}() (at {c.path}:"
                                 f"{f.start_point[0] + 1}) uses {name} between its zeroing "
                                 "and the solve: its stores are not followed", zeroed=True)

    def _rank(self, code: Code, s: Node, name: str) -> int:
        """The most subscripts ``name`` takes in the function around ``s`` (its rank as the
        program addresses it: 1 for a flat matrix)."""
        fn = code.function_of(s) or s
        key = (code.path, fn.start_byte, name)
        if key not in self._ranks:
            nm = _nm(code, name)
            self._ranks[key] = max((len(_outer_element(code, d)[1]) for d in walk(fn)
                                    if d.type == "identifier" and code.name_of(d) == nm),
                                   default=0)
        return self._ranks[key]

    def _band_store(self, code: Code, ref: Node, subs: list[Node], stride: str | None,
                    line: int) -> None:
        loops = {code.loop(n).var for n in _ancestors(ref) if n.type in (C_LOOP, F_LOOP)}
        dims = self._dims(code, ref, subs, stride, loops)
        off = _offset(dims) if dims is not None and len(dims) == 2 else None
        if off is None:
            raise NoBand(f"line {line}: the store '{code.text_of(ref).strip()}' is at a column "
                         "that is not its row plus a constant (a computed column): the band is "
                         "not proved", zeroed=True)
        self.k = max(self.k, abs(off))

    def _dims(self, code: Code, ref: Node, subs: list[Node], stride: str | None,
              loops: set[str]) -> list[Poly] | None:
        """Row and column of an element as affine forms (a flat subscript split by its stride:
        ``stride`` when known, else the one name beside a loop variable in its products)."""
        ps = [poly(code, x) for x in subs]
        if any(p is None for p in ps):
            return None
        got = [p for p in ps if p is not None]
        if len(got) != 1:
            return got
        (p,) = got
        high = [m for m in p if len(m) >= 2]
        if not high:
            return [p] if stride is None else [{}, p]
        names = set.intersection(*(set(m) for m in high)) - loops
        if stride is not None:
            names &= {stride}
        if len(names) != 1:
            return [p]
        (st,) = names
        row: Poly = {}
        col: Poly = {}
        for m, c in p.items():
            if st in m:
                rest = list(m)
                rest.remove(st)
                row[tuple(rest)] = row.get(tuple(rest), 0) + c
            else:
                col[m] = c
        if any(st in m for m in row) or any(st in m for m in col):
            return None
        return [row, col]


def _zero(code: Code, n: Node) -> bool:
    """Whether ``n`` is a literal zero (also a Fortran kind suffix ``0.0_dp``)."""
    return zero_value(code, n) or _ZERO.match(canonical_text(code, code.text_of(n))) is not None


def _of(order: str | None) -> str:
    return f" {order}" if order else ""


def _order_in_caller(code: Code, fn: Node, order: str | None, caller: Code,
                     args: list[Node]) -> str | None:
    """The system's order as the caller spells it: the argument passed for the parameter it
    is, the same name for a global or a macro, None when it is computed in the callee."""
    if order is None:
        return None
    params = _params(code, fn)
    if order in params and params.index(order) < len(args):
        return canonical_text(caller, caller.text_of(args[params.index(order)]))
    if re.fullmatch(r"\w+", order) and not _declared_inside(code, fn, order):
        return order
    return None


def _offset(dims: list[Poly]) -> int | None:
    diff = dict(dims[1])
    for m, c in dims[0].items():
        diff[m] = diff.get(m, 0) - c
    diff = {m: c for m, c in diff.items() if c}
    if any(m for m in diff):
        return None
    return diff.get((), 0)


def _nm(code: Code, name: str) -> str:
    return name.lower() if code.fortran else name


def _ancestors(n: Node) -> list[Node]:
    out = []
    cur = n.parent
    while cur is not None and cur.type not in FUNCTION_NODES:
        out.append(cur)
        cur = cur.parent
    return out


def _conditional(d: Node, top: Node) -> bool:
    """Whether ``d`` runs under a condition inside ``top`` (an if or a ternary)."""
    cur = d.parent
    while cur is not None and cur is not top:
        if cur.type in ("if_statement", "conditional_expression", "elseif_clause",
                        "else_clause", "where_statement", "switch_statement"):
            return True
        cur = cur.parent
    return top.type == "if_statement" and d is not top


def _outer_element(code: Code, d: Node) -> tuple[Node, list[Node]]:
    """The whole element reference whose array is the identifier ``d`` (``d`` itself when it
    is used bare), with its subscripts."""
    cur = d
    while cur.parent is not None and (
            (cur.parent.type == "subscript_expression" and
             cur.parent.child_by_field_name("argument") == cur) or
            (code.fortran and cur.parent.type == "call_expression" and
             cur.parent.named_children[0] == cur)):
        cur = cur.parent
    if cur is d:
        return d, []
    el = _element(code, cur)
    return cur, (el[1] if el is not None else [])


def _file_static(code: Code, name: str) -> bool:
    """Whether the C/C++ file declares ``name`` (a function or a variable) ``static`` at file
    scope: no other file reaches it."""
    for d in code.tree.root_node.named_children:
        if d.type not in ("declaration", "function_definition") or "static" not in {
                code.text_of(c) for c in d.children if c.type == "storage_class_specifier"}:
            continue
        if d.type == "function_definition":
            if code.function_name(d) == name:
                return True
            continue
        for decl in d.children_by_field_name("declarator"):
            first = next((x for x in walk(decl) if x.type == "identifier"), None)
            if first is not None and code.name_of(first) == name:
                return True
    return False


def _body(code: Code, fn: Node) -> list[Node]:
    """The statements of a function's body (Fortran: its declarations too, not its header)."""
    if not code.fortran:
        b = fn.child_by_field_name("body")
        return [c for c in b.named_children if c.type != "comment"] if b is not None else []
    return [c for c in fn.named_children if c.type not in ("comment", "subroutine_statement",
                                                          "function_statement")
            and not c.type.startswith("end_")]


def _declarator(d: Node) -> bool:
    """Whether the identifier ``d`` is the name a declaration declares."""
    p = d.parent
    if p is None:
        return False
    if p.type in ("sized_declarator", "variable_declaration", "parameter_declaration",
                  "declaration"):
        return True
    return p.type in ("init_declarator", "array_declarator", "pointer_declarator",
                      "reference_declarator", "function_declarator") and \
        p.child_by_field_name("declarator") == d


def _enclosing_call(n: Node) -> Node | None:
    cur = n.parent
    while cur is not None and cur.type in ("argument_list", "pointer_expression",
                                           "cast_expression", "parenthesized_expression"):
        if cur.type == "argument_list":
            return cur.parent
        cur = cur.parent
    return None


def _zeroes_call(code: Code, field: Node) -> bool:
    call = field.parent
    return call is not None and call.type == "call_expression" and call.parent is not None \
        and call.parent.type == "argument_list" and \
        _call_name(code, call.parent.parent) in ("memset", "std::memset")


def _call_name(code: Code, n: Node | None) -> str:
    if n is None:
        return ""
    if n.type == "subroutine_call":
        idn = next((c for c in n.named_children if c.type == "identifier"), None)
        return code.name_of(idn) if idn is not None else ""
    if n.type == "call_expression" and n.named_children:
        f = n.child_by_field_name("function") or n.named_children[0]
        if f.type in ("identifier", "qualified_identifier"):
            return code.text_of(f) if not code.fortran else code.name_of(f)
    return ""


def _args(code: Code, call: Node) -> list[Node]:
    al = call.child_by_field_name("arguments") or next(
        (c for c in call.named_children if c.type == "argument_list"), None)
    return list(al.named_children) if al is not None else []


def _base(code: Code, n: Node) -> str:
    """The array an argument points at: ``a``, ``&a[0]``, ``&a[0][0]``, ``a[0]``,
    ``a.data()``; "" for anything else."""
    t = canonical_text(code, code.text_of(n))
    m = re.fullmatch(r"&?(\w+)(\[0\])*|(\w+)\.data\(\)|\(\w+\*\)(\w+)", t)
    if m is None:
        return ""
    return m.group(1) or m.group(3) or m.group(4) or ""


def _array_arg(code: Code, n: Node) -> str | None:
    b = _base(code, n)
    return (b.lower() if code.fortran else b) or None


def _statement_of(code: Code, n: Node) -> Node:
    cur = n
    while cur.parent is not None and cur.parent.type not in _BLOCKS:
        cur = cur.parent
    return cur


def _params(code: Code, fn: Node) -> list[str]:
    if code.fortran:
        head = next((c for c in fn.named_children if c.type.endswith("_statement")), None)
        ps = next((c for c in head.named_children if c.type == "parameters"), None) \
            if head is not None else None
        return [code.name_of(c) for c in ps.named_children] if ps is not None else []
    decl = fn.child_by_field_name("declarator")
    while decl is not None and decl.type != "function_declarator":
        decl = decl.child_by_field_name("declarator")
    pl = decl.child_by_field_name("parameters") if decl is not None else None
    out = []
    for p in pl.named_children if pl is not None else []:
        d = p.child_by_field_name("declarator")
        idn = next((x for x in walk(d) if x.type == "identifier"), None) if d is not None \
            else None
        out.append(code.name_of(idn) if idn is not None else "")
    return out


def _declared_inside(code: Code, fn: Node, name: str) -> bool:
    nm = _nm(code, name)
    for d in walk(fn):
        if d.type in ("declaration", "variable_declaration"):
            for x in walk(d):
                if x.type == "identifier" and code.name_of(x) == nm and x.parent is not None \
                        and x.parent.type in ("init_declarator", "declaration", "array_declarator",
                                              "pointer_declarator", "sized_declarator",
                                              "variable_declaration", "reference_declarator",
                                              "function_declarator"):
                    return nm not in _params(code, fn)
    return False


def _stride(tpl: str, name: str) -> str | None:
    """The row stride of a flat element template (``m[{0}*n+{1}]`` -> ``n``), None for two
    subscripts."""
    inner = tpl[len(name):]
    if inner.count("[") != 1 and not inner.startswith("("):
        return None
    ids = set(re.findall(r"(?<![\w{])[A-Za-z_]\w*", inner))
    return ids.pop() if len(ids) == 1 and inner.startswith("[") else None


def find_band(code: Code, fn: Node, sol: Solve, root: Path | None) -> Band:
    """The band of the matrix the solve ``sol`` reads, proved on the fill before it; raises
    :class:`NoBand` naming what stands in the way."""
    return _Prover(code, root).prove(code, fn, sol.first, sol.a.name,
                                     _stride(sol.a.tpl, sol.a.name), sol.n)


def banded(code: Code, line: int, rel: str, root: Path | None = None) -> Generated | Refusal:
    """The diff replacing the hand-written solve around ``line`` by ``dgtsv`` (tridiagonal)
    or ``dgbsv`` when its matrix is provably banded; a Refusal naming why not."""
    try:
        return _attempt(code, line, rel, root)
    except NoSolve as e:
        return Refusal(WHAT, str(e))


def banded_or_why(code: Code, line: int, rel: str, root: Path | None = None
                  ) -> tuple[Generated | None, str]:
    """(the banded diff, "") when the solve around ``line`` has a provably banded matrix, else
    (None, why) where ``why`` is the reason only when the matrix was seen zeroed (it looks
    banded and something stands in the way; "" for a plain dense matrix): what ``use_lapack``
    adds to the dense ``dgesv`` note."""
    try:
        return _attempt(code, line, rel, root), ""
    except NoBand as e:
        return None, str(e) if e.zeroed else ""
    except NoSolve:
        return None, ""


def _attempt(code: Code, line: int, rel: str, root: Path | None) -> Generated:
    """The hand-written solve around ``line``, else the program's dense dgesv call there;
    raises what stands in the way (the hand-written solve's reason when neither is there)."""
    try:
        return _banded(code, line, rel, root)
    except NoBand:
        raise
    except NoSolve as e:
        first = e
    try:
        return _gesv_call(code, line, rel, root)
    except NoBand:
        raise
    except NoSolve:
        raise first from None


def _banded(code: Code, line: int, rel: str, root: Path | None) -> Generated:
    fn, sol = find_solve(code, line)
    names = sorted({sol.a.name, sol.b.name, sol.x.name} | ({sol.src.name} if sol.src else
                                                            set()))
    prec = real_kind(code, fn, names, root)
    for nm in sorted(sol.scalars - {sol.k} if sol.singular is not None else sol.scalars):
        ln = read_after(code, fn, sol.last, nm)
        if ln:
            raise NoSolve(f"{nm}, set by the replaced code, is read again at line {ln}")
    ln = read_after(code, fn, sol.last, sol.a.name)
    if ln:
        raise NoBand(f"{sol.a.name} is read again at line {ln}: the hand-written elimination "
                     "leaves its factors there, the banded call leaves the matrix as filled")
    if sol.x.name != sol.b.name:
        ln = read_after(code, fn, sol.last, sol.b.name)
        if ln:
            raise NoBand(f"{sol.b.name} is read again at line {ln}; after the hand-written solve "
                         "it holds the forward-substituted right-hand side")
    band = find_band(code, fn, sol, root)
    _global_users(code, fn, sol.a.name, band, root)
    k = max(band.k, 1)
    routine = f"{prec}gtsv" if k == 1 else f"{prec}gbsv"
    first, last = sol.first.start_point[0] + 1, sol.last.end_point[0] + 1
    text = _emit(code, fn, sol, routine, prec, k, "")
    what = f"Gaussian elimination{' with partial pivoting' if sol.pivoting else ''} and back " \
           f"substitution at {rel}:{first}-{last}"
    notes = [_band_note(what, routine, sol.a.name, band)]
    if not sol.pivoting:
        notes.append(f"the hand-written code did not pivot, {routine} does")
    if not sol.pivoting and sol.singular is not None:
        notes.append(f"the check at line {sol.singular.start_point[0] + 1} stopped where the "
                     f"unpivoted elimination met a zero pivot; {routine} stops only on a "
                     "singular matrix, so it solves some systems the program gave up on")
    notes.append(f"{sol.a.name} is left as filled, where the hand-written code left its upper "
                 "triangle (not read again)")
    notes.extend(sol.notes)
    return Generated(WHAT, rel, make_diff(code.text, text, rel), text, "; ".join(notes),
                     libs=("-lopenblas",))


def _global_users(code: Code, fn: Node, name: str, band: Band, root: Path | None) -> None:
    """Refuse a global matrix that a function the proof did not read uses: it may read what
    the replaced solve leaves in the matrix."""
    if name in _params(code, fn) or _declared_inside(code, fn, name):
        return
    for c in _Prover(code, root).linked(code, name, True):
        for f in walk(c.tree.root_node):
            if f.type in FUNCTION_NODES and f.type != "program" and \
                    c.function_name(f).lower() not in band.walked and \
                    _nm(c, name) in c.identifiers(f):
                raise NoBand(f"{name} is also used in {c.function_name(f)} "
                             f"({c.path}:{f.start_point[0] + 1}), which may read the factors "
                             "the replaced solve leaves", zeroed=True)


def _band_note(what: str, routine: str, name: str, band: Band) -> str:
    k = max(band.k, 1)
    shape = "tridiagonal" if k == 1 else f"banded (kl = ku = {k})"
    return (f"{what} replaced by {routine}: the matrix {name} is {shape} there (zeroed at "
            f"{band.zeroing}, then stored only within {k} of the diagonal, in {band.where}); "
            f"{'O(n)' if k == 1 else 'O(n k^2)'} work instead of O(n^3); results differ by "
            "rounding")


def _emit(code: Code, fn: Node, sol: Solve, routine: str, prec: str, k: int, info: str,
          ldb: str = "") -> str:
    """The file with the solve ``sol`` replaced by the banded call; ``info``: the program's
    variable that receives LAPACK's info ("" for none), ``ldb``: the right-hand side's leading
    dimension when the program gives it (a dgesv call's)."""
    first, last = sol.first.start_point[0] + 1, sol.last.end_point[0] + 1
    indent = code.indent_at(first)
    if code.fortran:
        return _fortran(code, fn, sol, routine, k, first, last, indent, info, ldb)
    return _c(code, sol, routine, prec, k, first, last, indent, info)


_GESV = re.compile(r"^[sd]gesv_?$", re.I)


def _gesv_call(code: Code, line: int, rel: str, root: Path | None) -> Generated:
    """A dense ``dgesv_``/``call dgesv`` on a provably banded matrix (the call on ``line``, or
    the only one in its function) becomes the banded call."""
    at = code.node_at_line(line)
    fn = code.function_of(at) if at is not None else None
    if fn is None:
        raise NoSolve(f"line {line} is not inside a function")
    calls = [d for d in walk(fn) if d.type in ("call_expression", "subroutine_call")
             and _GESV.match(_call_name(code, d))]
    here = [d for d in calls if d.start_point[0] + 1 <= line <= d.end_point[0] + 1]
    if not here and len(calls) != 1:
        raise NoSolve(f"no dgesv call at line {line}")
    call = (here or calls)[0]
    args = _args(code, call)
    cn = _call_name(code, call)
    if len(args) != 8:
        raise NoSolve(f"the {cn} call at line {call.start_point[0] + 1} has not eight arguments")
    txt = [canonical_text(code, code.text_of(a)) for a in args]

    def value(t: str) -> str:  # C passes every scalar by pointer
        if code.fortran:
            return t
        return t[1:] if re.fullmatch(r"&\w+", t) else f"(*{t})"

    a, b = _array_arg(code, args[2]), _array_arg(code, args[5])
    if a is None or b is None or (not code.fortran and (txt[2] not in (a, f"{a}.data()")
                                                       or txt[5] not in (b, f"{b}.data()"))):
        raise NoBand(f"{cn} at line {call.start_point[0] + 1} is passed {code.text_of(args[2])} "
                     f"and {code.text_of(args[5])}: not the arrays themselves")
    n, nrhs, lda, ldb = value(txt[0]), value(txt[1]), value(txt[3]), value(txt[6])
    stmt = _statement_of(code, call)
    for nm in (a, txt[4].lstrip("&")):
        ln = read_after(code, fn, stmt, nm)
        if ln:
            raise NoBand(f"{nm} is read again at line {ln}: after {cn} it holds the LU factors "
                         "or pivots, which the banded call does not produce")
    band = _Prover(code, root).prove(code, fn, stmt, a, None, canonical_text(code, n))
    _global_users(code, fn, a, band, root)
    prec = cn.lower()[0]
    k = max(band.k, 1)
    routine = f"{prec}gtsv" if k == 1 else f"{prec}gbsv"
    if code.fortran:
        ext = code.array_extents(fn, b) or []
        ma = _Array(a, f"{a}({{0}},{{1}})")
        mb = _Array(b, f"{b}({{0}},{{1}})" if len(ext) == 2 else f"{b}({{0}})")
    else:
        ma = _Array(a, f"{a}[({{0}}) + ({{1}}) * (size_t)({lda})]")
        mb = _Array(b, f"{b}[({{0}}) + ({{1}}) * (size_t)({ldb})]")
    sol = Solve(stmt, stmt, n, ma, mb, mb, nrhs, "", True, True)
    text = _emit(code, fn, sol, routine, prec, k, txt[7] if code.fortran else value(txt[7]),
                 ldb)
    where = f"the dense {cn} call at {rel}:{stmt.start_point[0] + 1}"
    note = "; ".join([_band_note(where, routine, a, band), f"{a} is left as filled, where "
                      f"{cn} left its LU factors (not read again)"])
    return Generated(WHAT, rel, make_diff(code.text, text, rel), text, note,
                     libs=("-lopenblas",))


_PROTO_GT = ("extern void {r}_(const int *n, const int *nrhs, {t} *dl, {t} *d, {t} *du, "
             "{t} *b, const int *ldb, int *info); /* LAPACK (use_lapack) */\n")
_PROTO_GB = ("extern void {r}_(const int *n, const int *kl, const int *ku, const int *nrhs, "
             "{t} *ab, const int *ldab, int *ipiv, {t} *b, const int *ldb, int *info); "
             "/* LAPACK (use_lapack) */\n")


def _c(code: Code, sol: Solve, routine: str, prec: str, k: int, first: int, last: int,
       indent: str, info: str) -> str:
    t = "double" if prec == "d" else "float"
    a, b, x = sol.a, sol.src or sol.b, sol.x
    p = fresh_name(code, "lapack_")
    r, c = f"{p}r", f"{p}c"
    multi = sol.nrhs != "1" or "{1}" in b.tpl
    bi = b.at(r, c) if multi else b.at(r)
    xi = x.at(r, c) if multi else x.at(r)
    s = "    "
    body = ["{", f"{s}/* {routine}: LAPACK's {'tridiagonal' if k == 1 else 'band'} solve of the "
            f"banded matrix (use_lapack) */",
            f"{s}int {p}n = {sol.n}, {p}nrhs = {sol.nrhs}, {p}info = 0;"]
    if k == 1:
        body += [
            f"{s}{t} *{p}d = ({t} *)malloc(sizeof({t}) * (size_t){p}n * 3);",
            f"{s}{t} *{p}dl = {p}d + {p}n, *{p}du = {p}d + 2 * (size_t){p}n;",
            f"{s}for (int {r} = 0; {r} < {p}n; {r}++) {{",
            f"{s}{s}{p}d[{r}] = {a.at(r, r)};",
            f"{s}{s}if ({r} + 1 < {p}n) {{",
            f"{s}{s}{s}{p}dl[{r}] = {a.at(f'({r} + 1)', r)};",
            f"{s}{s}{s}{p}du[{r}] = {a.at(r, f'({r} + 1)')};",
            f"{s}{s}}}",
            f"{s}}}"]
    else:
        body += [
            f"{s}int {p}kl = {k}, {p}ku = {k}, {p}ldab = {3 * k + 1};",
            f"{s}int *{p}ipiv = (int *)malloc(sizeof(int) * (size_t){p}n);",
            f"{s}{t} *{p}ab = ({t} *)calloc((size_t){p}ldab * (size_t){p}n, sizeof({t}));",
            f"{s}for (int {c} = 0; {c} < {p}n; {c}++)",
            f"{s}{s}for (int {r} = {c} > {k} ? {c} - {k} : 0; {r} < {p}n && {r} <= {c} + {k}; "
            f"{r}++)",
            f"{s}{s}{s}{p}ab[(size_t){c} * {p}ldab + {2 * k} + {r} - {c}] = {a.at(r, c)};"]
    body += [
        f"{s}{t} *{p}b = ({t} *)malloc(sizeof({t}) * (size_t){p}n * (size_t){p}nrhs);",
        f"{s}for (int {r} = 0; {r} < {p}n; {r}++)",
        f"{s}{s}for (int {c} = 0; {c} < {p}nrhs; {c}++)",
        f"{s}{s}{s}{p}b[(size_t){c} * {p}n + {r}] = {bi};"]
    if k == 1:
        body.append(f"{s}{routine}_(&{p}n, &{p}nrhs, {p}dl, {p}d, {p}du, {p}b, &{p}n, &{p}info);")
    else:
        body.append(f"{s}{routine}_(&{p}n, &{p}kl, &{p}ku, &{p}nrhs, {p}ab, &{p}ldab, {p}ipiv, "
                    f"{p}b, &{p}n, &{p}info);")
    body += [
        f"{s}for (int {r} = 0; {r} < {p}n; {r}++)",
        f"{s}{s}for (int {c} = 0; {c} < {p}nrhs; {c}++)",
        f"{s}{s}{s}{xi} = {p}b[(size_t){c} * {p}n + {r}];",
        f"{s}free({p}b);"]
    if info:
        body.append(f"{s}{info} = {p}info;")
    body += [f"{s}free({p}d);"] if k == 1 else [f"{s}free({p}ab);", f"{s}free({p}ipiv);"]
    body += [s + ln for ln in singular_lines(code, sol, f"{p}info")]
    body.append("}")
    text = _splice(code, sol, first, last, [indent + ln for ln in body])
    head = (_PROTO_GT if k == 1 else _PROTO_GB).format(r=routine, t=t)
    if code.lang == "cpp":
        head = head.replace("extern void", 'extern "C" void', 1)
    if "<stdlib.h>" not in text and "<cstdlib>" not in text:
        head = "#include <stdlib.h>\n" + head
    return after_includes(text, head)


def _fortran(code: Code, fn: Node, sol: Solve, routine: str, k: int, first: int, last: int,
             indent: str, info_out: str, ldb_given: str) -> str:
    a, b, x = sol.a, sol.src or sol.b, sol.x
    vec_ok = {f"{b.name}({{0}})", f"{b.name}({{0}},{{1}})"}
    if b.tpl not in vec_ok or x.tpl.replace(x.name, b.name, 1) not in vec_ok:
        raise NoSolve(f"the right-hand side is addressed {b.tpl.format('i', 'r')}: not b(i) or "
                      "b(i, r)")
    n = sol.n
    ldb = ldb_given or leading_dim(code, fn, x.name, n)
    p = fresh_name(code, "lapack_")
    r, c, info = f"{p}r", f"{p}c", f"{p}info"
    real = code.declared_type(fn, a.name).split(",")[0].strip()
    if not re.fullmatch(r"(?i)real\s*(\*\s*\d+|\(.*\))?|double\s*precision", real):
        real = "real(kind(1.0d0))" if routine.startswith("d") else "real(kind(1.0))"
    body = [f"! {routine}: LAPACK's {'tridiagonal' if k == 1 else 'band'} solve of the banded "
            "matrix (use_lapack)"]
    if x.name != b.name:
        col = ", :" if sol.nrhs != "1" else ""
        body.append(f"{x.name}(1:{n}{col}) = {b.name}(1:{n}{col})")
    if k == 1:
        decl = f"{indent}{real}, allocatable :: {p}dl(:), {p}d(:), {p}du(:)\n"
        body += [f"allocate ({p}dl(max({n} - 1, 1)), {p}d({n}), {p}du(max({n} - 1, 1)))",
                 f"do {r} = 1, {n}",
                 f"  {p}d({r}) = {a.at(r, r)}",
                 f"  if ({r} < {n}) then",
                 f"    {p}dl({r}) = {a.at(f'{r} + 1', r)}",
                 f"    {p}du({r}) = {a.at(r, f'{r} + 1')}",
                 "  end if",
                 "end do",
                 f"call {routine}({n}, {sol.nrhs}, {p}dl, {p}d, {p}du, {x.name}, {ldb}, {info})",
                 f"deallocate ({p}dl, {p}d, {p}du)"]
    else:
        decl = (f"{indent}{real}, allocatable :: {p}ab(:, :)\n"
                f"{indent}integer, allocatable :: {p}ipiv(:)\n")
        body += [f"allocate ({p}ab({3 * k + 1}, {n}), {p}ipiv({n}))",
                 f"{p}ab = 0",
                 f"do {c} = 1, {n}",
                 f"  do {r} = max(1, {c} - {k}), min({n}, {c} + {k})",
                 f"    {p}ab({2 * k + 1} + {r} - {c}, {c}) = {a.at(r, c)}",
                 "  end do",
                 "end do",
                 f"call {routine}({n}, {k}, {k}, {sol.nrhs}, {p}ab, {3 * k + 1}, {p}ipiv, "
                 f"{x.name}, {ldb}, {info})",
                 f"deallocate ({p}ab, {p}ipiv)"]
    if info_out:
        body.append(f"{info_out} = {info}")
    body += singular_lines(code, sol, info)
    text = _splice(code, sol, first, last, [indent + ln for ln in body])
    return with_fortran_decls(code, fn, text, decl + f"{indent}integer :: {r}, {c}, {info}\n"
                              f"{indent}external :: {routine}\n")


__all__ = ["WHAT", "Band", "NoBand", "banded", "banded_or_why", "find_band"]
