"""Replace a hand-written Cholesky factorisation by LAPACK's ``dpotrf`` (``use_lapack``).

Tried by ``use_lapack`` when the hot line is not in a Gaussian elimination (``transform.lapack``).
Recognised structurally, on the parsed tree, the textbook nests of A = L L^T done in place over
the whole square matrix, where ``L(r, c)`` (r >= c) is however the program addresses the
factor's element (``a[r][c]``, ``a[c][r]`` for the upper triangle U = L^T, ``a[r * n + c]``,
Fortran ``a(r, c)`` / ``a(c, r)``), read from the nest itself:

* row-oriented (Cholesky-Banachiewicz): ``for i: [for j < i: DOT(i, j)]; DOT(i, i)``, or
  ``for i: for j <= i: s = L(i, j); for k < j: s -= L(i, k) * L(j, k); if (i == j)
  L(i, i) = sqrt(s) else L(i, j) = s / L(j, j)``;
* column-oriented (Cholesky-Crout): ``for j: DOT(j, j); for i > j: DOT(i, j)``;
* right-looking (outer product): ``for k: L(k, k) = sqrt(L(k, k)); for i > k: L(i, k) /=
  L(k, k); for j > k: for i >= j: L(i, j) -= L(i, k) * L(j, k)`` (or ``for i > k: for
  k < j <= i``),

where ``DOT(r, c)`` is ``s = L(r, c); for k < c: s -= L(r, k) * L(c, k)`` then ``L(c, c) =
sqrt(s)`` (diagonal) or ``L(r, c) = s / L(c, c)``; also ``s = 0; s += ...; sqrt(L(c, c) - s)``
/ ``(L(r, c) - s) / L(c, c)`` and in place ``L(r, c) -= ...; L(r, c) = sqrt(L(r, c))`` /
``L(r, c) /= L(c, c)``. The nest writes only the factor's triangle, so the call keeps the other
one untouched too; a loop zeroing the other triangle's part of row/column ``v`` in the outer
loop is reproduced after the call. A check ``if (s <= 0) return/exit`` before the diagonal's
sqrt runs when LAPACK reports ``info > 0`` (the row/column index it uses set from ``info``).
The sum may be computed by a dot-product helper of the file (``s = 0; for k < m: s += x[k] *
y[k]; return s``, :func:`dot_helpers`) called with the two rows (``dot(&a[i * n], &a[j * n],
j)``, ``dot(a[i], a[j], j)``): ``s = L(r, c) - dot(..)``, ``s = dot(..)`` or the store around
the call; when the hot line is in that helper, the nests around its calls are read (the
profile names the helper's loop, the sqrt is in its caller). The diagonal's sqrt may be held
in a scalar (``x = sqrt(d); L(c, c) = x``) that the column's divisions use.
Fortran calls ``dpotrf`` on the array (``'L'`` or ``'U'`` from the
addressing, the declared first extent as leading dimension); C/C++ copy the triangle through
the program's element expression into a column-major buffer, call ``dpotrf_`` (declared in the
diff: OpenBLAS has no LAPACKE) and copy it back. The build links ``-lopenblas``.

Refused, naming it: no ``sqrt`` of the diagonal (LDL^T or another factorisation); a helper's
dot product of other rows or another array; another
statement in the nest; a loop that does not cover the whole matrix; a temporary of the nest
read again after it; element types that are not all double or all single.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from perfscout.transform.banded import banded_or_why
from perfscout.transform.gauss import NoSolve, branch, may_leave, read_after, strip_parens
from perfscout.transform.gauss import canonical_text as _gauss_canon
from perfscout.transform.lapack import (
    after_includes,
    fortran_decl_end_or_nosolve,
    lapack,
    leading_dim,
    real_kind,
)
from perfscout.transform.linpack import NOT_LINPACK, linpack_pair
from perfscout.transform.lu import lu
from perfscout.transform.mathtable import fresh_name
from perfscout.transform.nest import assignment, make_diff
from perfscout.transform.result import Generated, Refusal
from perfscout.transform.source import C_LOOP, F_LOOP, Code, Loop, Node, walk

WHAT = "use_lapack"


def _canon(code: Code, s: str) -> str:
    """gauss's canonical text of an expression, its outer parentheses removed."""
    return strip_parens(_gauss_canon(code, s))


@dataclass
class Factor:
    """A recognised factorisation: the nest, the array, how L(r, c) is addressed, the order."""

    nest: Node
    name: str
    tpl: str  # "{0}" the row, "{1}" the column of L (row >= column)
    n: str  # C: the exclusive bound; Fortran: the last index
    form: str
    scalars: set[str]
    zeroed: bool = False  # the nest zeroed the other triangle: so does the replacement
    # ``if (s <= 0) leave`` before the diagonal's sqrt, and the names of its row and column
    check: tuple[Node, tuple[str, str]] | None = None

    def at(self, r: str, c: str) -> str:
        return self.tpl.format(r, c)


_SQRT = ("sqrt", "dsqrt", "sqrtf", "std::sqrt")


class _Match:
    """Matches one nest against the forms for one element template; ``depth`` counts the
    statements matched before a NoSolve, so the best candidate's reason is reported."""

    def __init__(self, code: Code, tpl: str, helpers: dict[str, tuple[int, int, int]] | None
                 = None) -> None:
        self.code, self.tpl, self.depth = code, tpl, 0
        self.helpers = helpers or {}
        # canonical text of a helper call -> (its stand-in name, (x, y, length) arguments)
        self.calls: dict[str, tuple[str, tuple[str, str, str]]] = {}
        # a scalar holding the diagonal's sqrt (``r = sqrt(d); L(j, j) = r``): name, element
        self.alias: tuple[str, str] | None = None
        self.alias_store: Node | None = None  # the statement ``r = sqrt(d)``
        self.scalars: set[str] = set()
        self.zero = "1" if code.fortran else "0"
        self.zeroed = False  # the nest also zeroes the other triangle
        self.check: tuple[Node, tuple[str, str]] | None = None  # the positivity check

    def L(self, r: str, c: str) -> str:
        return self.tpl.format(r, c)

    def t(self, n: Node) -> str:
        """The canonical text of ``n``, each dot-product helper call in it named by a
        stand-in (``__dot1``) whose arguments :meth:`helper_dot` checks, a scalar holding
        the diagonal's sqrt by that element."""
        if n is self.alias_store and self.alias is not None:
            return f"{self.alias[1]}={self.scalar_set(n)[1]}"
        text = self._t(n)
        if self.alias is not None:
            text = re.sub(rf"(?<![\w.]){re.escape(self.alias[0])}(?!\w)", self.alias[1], text)
        return text

    def _t(self, n: Node) -> str:
        code = self.code
        found = [d for d in walk(n) if d.type == "call_expression" and
                 _callee(code, d) in self.helpers]
        if not found:
            return _canon(code, code.text_of(n))
        data, base = code.text_of(n).encode(), n.start_byte
        for d in sorted(found, key=lambda x: x.start_byte, reverse=True):
            if any(o is not d and o.start_byte <= d.start_byte and d.end_byte <= o.end_byte
                   for o in found):
                continue  # inside another helper call: that one is named
            key = _canon(code, code.text_of(d))
            if key not in self.calls:
                order = self.helpers[_callee(code, d)]
                al = d.child_by_field_name("arguments")
                args = [_canon(code, code.text_of(a)) for a in al.named_children] \
                    if al is not None else []
                picked = (args[order[0]], args[order[1]], args[order[2]]) if len(args) == 3 \
                    else ("", "", "")
                self.calls[key] = (f"__dot{len(self.calls) + 1}", picked)
            name = self.calls[key][0].encode()
            data = data[:d.start_byte - base] + name + data[d.end_byte - base:]
        return _canon(code, data.decode())

    def rows(self, r: str) -> set[str]:
        """How a pointer to the start of row ``r`` of the factor is written: ``a[r]`` /
        ``&a[r][0]`` for ``a[r][k]``, ``&a[r * n]`` / ``a + r * n`` for ``a[r * n + k]``."""
        code, out = self.code, set()
        m = re.fullmatch(r"(.+\[[^\[\]]*\{0\}[^\[\]]*\])\[\{1\}\]", self.tpl)
        if m is not None:
            row = m.group(1).format(r)
            out |= {row, f"&{row}[0]", f"&({row}[0])"}
        m = re.fullmatch(r"(\w+)\[(.*\{0\}.*)\+\{1\}\]", self.tpl)
        if m is not None:
            arr, off = m.group(1), m.group(2).format(r)
            out |= {f"&{arr}[{off}]", f"{arr}+{off}", f"{arr}+({off})", f"({off})+{arr}",
                    f"{off}+{arr}", f"&{arr}[{off}+0]", f"&({arr}[{off}])"}
        return {_canon(code, x) for x in out}

    def helper_dot(self, name: str, r: str, c: str, at: Node) -> None:
        """The helper call named ``name`` is the dot product of rows ``r`` and ``c`` of the
        factor over the ``c`` columns before the diagonal; NoSolve naming what differs."""
        args = next((a for n, a in self.calls.values() if n == name), ("", "", ""))
        x, y, m = args
        if not ({x, y} <= self.rows(r) | self.rows(c) and (
                (x in self.rows(r) and y in self.rows(c)) or
                (y in self.rows(r) and x in self.rows(c)))) or m != _canon(self.code, c):
            raise self.fail(at, f"the dot product ({', '.join(args)}) is not of the rows "
                                f"{self.L(r, '0')} and {self.L(c, '0')} over the {c} "
                                "columns before the diagonal")

    def helper_body(self, body: list[Node], r: str, c: str, diag: bool | None,
                    where: Node) -> None:
        """DOT(r, c) with the sum computed by a dot-product helper of the file: ``s = L(r, c)
        - dot(..)`` or ``s = dot(..)`` then the store, or the store alone around the call."""
        code = self.code
        chk = body[-2] if diag and len(body) == 3 and body[-2].type == "if_statement" else None
        body = [x for x in body if x is not chk]
        texts = [self.t(x) for x in body]
        names = sorted({n for t in texts for n in re.findall(r"__dot\d+", t)})
        if len(body) not in (1, 2) or len(names) != 1:
            raise self.fail(where, f"the body computing L({r}, {c}) is not 'sum = dot(..); "
                                   "store' (one dot-product call and the store)")
        tok = names[0]
        self.helper_dot(tok, r, c, body[0])
        if len(body) == 2:
            acc, init = self.scalar_set(body[0])
            if not acc or (tok in texts[1] and tok not in texts[0]):
                raise self.fail(body[0], f"'{code.text_of(body[0]).strip()}' is not part of "
                                         "the factorisation (an extra statement in the nest)")
            if init == tok:
                mode = "zero"
            elif init == f"{self.L(r, c)}-{tok}":
                mode = "scalar"
            else:
                raise self.fail(body[0], f"'{code.text_of(body[0]).strip()}' does not start "
                                         f"the sum from L({r}, {c}) minus the dot product")
            self.scalars.add(acc)
            self.depth += 1
        else:
            acc, mode = tok, "zero"
        if chk is not None:
            self.positive(chk, r, c, acc, mode)
        self.store(body[-1], r, c, diag, acc, mode)

    def fail(self, n: Node, what: str) -> NoSolve:
        return NoSolve(f"line {n.start_point[0] + 1}: {' '.join(what.split())}")

    # bounds -----------------------------------------------------------------------------
    def upper(self, lp: Loop) -> str:
        u = _canon(self.code, lp.upper)
        return f"{u}+1" if not self.code.fortran and lp.inclusive else u

    def below(self, x: str) -> str:
        """The upper() of a loop over the indices before ``x``."""
        if not self.code.fortran:
            return x
        return x[:-2] if x.endswith("+1") else f"{x}-1"

    def upto(self, x: str) -> str:
        """The upper() of a loop over the indices up to ``x`` included."""
        return x if self.code.fortran else f"{x}+1"

    def loop(self, n: Node, lower: tuple[str, ...], upper: tuple[str, ...], what: str) -> Loop:
        code = self.code
        if n.type not in (C_LOOP, F_LOOP) or not code.loop(n).counted or \
                code.loop(n).step != 1:
            raise self.fail(n, f"'{code.text_of(n).splitlines()[0].strip()}' is not the {what} "
                               "(a counted loop by 1)")
        lp = code.loop(n)
        if _canon(code, lp.lower) not in lower or self.upper(lp) not in upper:
            raise self.fail(n, f"the {what} over {lp.var} runs {lp.lower}..{lp.upper}, not the "
                               "range the factorisation needs: a partial range")
        self.scalars.add(lp.var)
        self.depth += 1
        return lp

    # statements -------------------------------------------------------------------------
    def scalar_set(self, s: Node) -> tuple[str, str]:
        code = self.code
        if s.type == "declaration":
            ds = s.children_by_field_name("declarator")
            if len(ds) == 1 and ds[0].type == "init_declarator":
                d, v = ds[0].child_by_field_name("declarator"), ds[0].child_by_field_name("value")
                if d is not None and v is not None and d.type == "identifier":
                    return code.text_of(d), self.t(v)
            return "", ""
        got = assignment(code, s)
        if got is not None and got[0].type == "identifier" and got[1] == "=":
            return code.name_of(got[0]), self.t(got[2])
        return "", ""

    def is_stmt(self, s: Node, forms: set[str]) -> bool:
        return self.t(s) in forms

    def products(self, r: str, c: str, k: str) -> set[str]:
        a, b = self.L(r, k), self.L(c, k)
        return {f"{a}*{b}", f"{b}*{a}"}

    def minus(self, target: str, prods: set[str]) -> set[str]:
        out = set()
        for p in prods:
            out |= {f"{target}-={p}", f"{target}={target}-{p}", f"{target}={target}-({p})",
                    f"{target}-=({p})"}
        return out

    def plus(self, target: str, prods: set[str]) -> set[str]:
        out = set()
        for p in prods:
            out |= {f"{target}+={p}", f"{target}={target}+{p}", f"{target}={target}+({p})"}
        return out

    def stmts(self, n: Node) -> list[Node]:
        if n.type == "compound_statement":
            return [c for c in n.named_children if c.type != "comment"]
        return [n]

    def store(self, s: Node, r: str, c: str, diag: bool | None, acc: str, mode: str) -> None:
        """The store ending DOT(r, c): ``diag`` True/False, None for ``if (r == c) .. else``."""
        code = self.code
        if diag is None:
            cond, cons, alt = self.branches(s)
            chk = cons[0] if len(cons) == 2 and cons[0].type == "if_statement" else None
            cons = [x for x in cons if x is not chk]
            if cond not in (f"{r}=={c}", f"{c}=={r}", f"{r}.eq.{c}", f"{c}.eq.{r}") or \
                    len(cons) != 1 or len(alt) != 1:
                raise self.fail(s, f"'{code.text_of(s).splitlines()[0].strip()}' is not 'if "
                                   f"({r} == {c}) L({r}, {r}) = sqrt(..) else L({r}, {c}) = "
                                   f".. / L({c}, {c})'")
            if chk is not None:
                self.positive(chk, r, c, acc, mode)
            self.store(cons[0], r, c, True, acc, mode)  # r == c there: any spelling
            self.store(alt[0], r, c, False, acc, mode)
            return
        text = self.t(s)
        if diag:
            d = self.L(c, c)
            ok = set()
            for x in {d, self.L(r, r), self.L(r, c)}:  # the same element (r == c)
                root = {"scalar": acc, "zero": f"{x}-{acc}", "inplace": x}[mode]
                ok |= {f"{x}={fn}({root})" for fn in _SQRT}
            if text not in ok:
                if "sqrt" not in text:
                    raise self.fail(s, f"'{code.text_of(s).strip()}' stores the diagonal without "
                                       "sqrt: an LDL^T (or other) factorisation, not A = L L^T")
                raise self.fail(s, f"'{code.text_of(s).strip()}' is not {d} = sqrt(...)")
        else:
            e, d = self.L(r, c), self.L(c, c)
            num = {"scalar": acc, "zero": f"({e}-{acc})", "inplace": e}[mode]
            ok = {f"{e}={num}/{d}", f"{e}={num}/({d})"}
            if mode == "inplace":
                ok |= {f"{e}/={d}"}
            if text not in ok:
                raise self.fail(s, f"'{code.text_of(s).strip()}' is not {e} = ... / {d}")
        self.depth += 1

    def branches(self, s: Node) -> tuple[str, list[Node], list[Node]]:
        code = self.code
        if s.type != "if_statement":
            return "", [], []
        if code.fortran:
            kids = s.named_children
            cond = self.t(kids[0]) if kids else ""
            cons = [k for k in kids[1:] if k.type not in ("else_clause", "elseif_clause",
                                                          "end_if_statement", "comment")]
            els = [k for k in kids if k.type in ("else_clause", "elseif_clause")]
            return cond, cons, [k for k in els[0].named_children if k.type != "comment"] if \
                len(els) == 1 and els[0].type == "else_clause" else []
        cn = s.child_by_field_name("condition")
        co, al = s.child_by_field_name("consequence"), s.child_by_field_name("alternative")
        alt: list[Node] = []
        if al is not None:
            inner = [k for k in al.named_children if k.type != "comment"] if \
                al.type == "else_clause" else [al]
            alt = self.stmts(inner[0]) if len(inner) == 1 else []
        return (self.t(cn) if cn is not None else "", self.stmts(co) if co is not None else [],
                alt)

    def dot(self, body: list[Node], r: str, c: str, diag: bool | None, where: Node) -> None:
        """``body`` is exactly DOT(r, c) (see the module doc)."""
        code = self.code
        if diag and len(body) >= 2 and self.alias is None:
            # the sqrt in its own statement: ``x = sqrt(..); L(c, c) = x`` (x then divides)
            nm, val = self.scalar_set(body[-2])
            if nm and _canon(code, code.text_of(body[-1])) == f"{self.L(c, c)}={nm}" and \
                    val.startswith(tuple(f"{fn}(" for fn in _SQRT)):
                self.alias, self.alias_store = (nm, self.L(c, c)), body[-2]
                self.scalars.add(nm)
                self.depth += 1
                body = body[:-1]
        if self.helpers and any(d.type == "call_expression" and _callee(code, d) in
                                self.helpers for x in body for d in walk(x)):
            self.helper_body(body, r, c, diag, where)
            return
        chk = body[-2] if diag and len(body) in (3, 4) and body[-2].type == "if_statement" \
            else None
        body = [x for x in body if x is not chk]
        if len(body) > 3:  # name the statement that is not part of it, when one is
            for x in body:
                keep = (self.depth, set(self.scalars))
                try:
                    self.dot([y for y in body if y is not x], r, c, diag, where)
                except NoSolve:
                    continue
                finally:
                    self.depth, self.scalars = keep
                raise self.fail(x, f"'{code.text_of(x).strip()}' is not part of the "
                                   "factorisation (an extra statement in the nest)")
        if len(body) not in (2, 3):
            raise self.fail(where, f"the body computing L({r}, {c}) has {len(body)} statements, "
                                   "not the factorisation's 'sum; loop; store'")
        if len(body) == 3:
            acc, init = self.scalar_set(body[0])
            if not acc:
                raise self.fail(body[0], f"'{code.text_of(body[0]).strip()}' is not part of the "
                                         "factorisation (an extra statement in the nest)")
            if init == self.L(r, c):
                mode = "scalar"
            elif re.fullmatch(r"0(\.0*)?(f|d0|e0|_\w+)?", init):
                mode = "zero"
            else:
                raise self.fail(body[0], f"'{code.text_of(body[0]).strip()}' does not start the "
                                         f"sum from L({r}, {c}) or 0")
            self.scalars.add(acc)
            self.depth += 1
        else:
            acc, mode = self.L(r, c), "inplace"
        klp = self.loop(body[-2], (self.zero,), (self.below(c),), "dot-product loop")
        k = klp.var
        prods = self.products(r, c, k)
        forms = self.plus(acc, prods) if mode == "zero" else self.minus(acc, prods)
        if len(klp.body) != 1 or not self.is_stmt(klp.body[0], forms):
            got = "; ".join(code.text_of(x).strip() for x in klp.body)
            raise self.fail(klp.node, f"'{got}' is not {acc} {'+' if mode == 'zero' else '-'}= "
                                      f"{self.L(r, k)} * {self.L(c, k)} (an extra statement or "
                                      "another factorisation)")
        self.depth += 1
        if chk is not None:
            self.positive(chk, r, c, acc, mode)
        self.store(body[-1], r, c, diag, acc, mode)

    def positive(self, s: Node, r: str, c: str, acc: str, mode: str) -> None:
        """``s`` is ``if (d <= 0) <leave>`` on the diagonal before its sqrt (no else): LAPACK
        reports it as info > 0, the replacement runs the branch then."""
        code = self.code
        cond, cons, alt = self.branches(s)
        q = f"{self.L(c, c)}-{acc}" if mode == "zero" else acc
        m = re.fullmatch(r"(.+?)(<=|<|\.le\.|\.lt\.)\(?0(\.0*)?(f|d0|e0|_\w+)?\)?", cond)
        if m is None or _canon(code, m.group(1)) != q or alt or not cons or \
                not may_leave(code, s):
            raise self.fail(s, f"'{code.text_of(s).strip()}' is not part of the factorisation "
                               f"(an extra statement in the nest; a check 'if ({q} <= 0) "
                               "return/exit' is kept)")
        self.check = (s, (r, c))
        self.depth += 1

    def zeroes(self, s: Node, v: str, nn: str) -> bool:
        """Whether ``s`` is ``for z > v: L(v, z) = 0`` or ``for z < v: L(z, v) = 0`` (the
        other triangle's part of row or column ``v``, zeroed); sets ``zeroed``."""
        code = self.code
        lp = code.loop(s) if s.type in (C_LOOP, F_LOOP) else None
        if lp is None or not lp.counted or lp.step != 1 or len(lp.body) != 1:
            return False
        got = assignment(code, lp.body[0])
        if got is None or got[1] != "=" or not re.fullmatch(r"0(\.0*)?(f|d0|e0|_\w+)?",
                                                              self.t(got[2])):
            return False
        z, lo, hi, el = lp.var, _canon(code, lp.lower), self.upper(lp), self.t(got[0])
        if (lo, hi, el) in ((_canon(code, f"{v}+1"), nn, self.L(v, z)),
                            (self.zero, self.below(v), self.L(z, v))):
            self.zeroed = True
            self.scalars.add(z)
            return True
        return False

    # the forms --------------------------------------------------------------------------
    def nest(self, n: Node) -> tuple[str, str]:
        """(order, form) of the nest rooted at ``n``; raises NoSolve naming what differs."""
        code = self.code
        top = code.loop(n)
        if not top.counted:
            raise NoSolve(top.problem)
        nn = self.upper(top)
        outer = self.loop(n, (self.zero,), (nn,), "loop over the columns")
        v = outer.var
        body = [x for x in outer.body if not self.zeroes(x, v, nn)]
        after = _canon(code, f"{v}+1")
        first = body[0] if body else n
        # right-looking: L(k, k) = sqrt(L(k, k)); scale the column; update the trailing part
        root = {f"{self.L(v, v)}={fn}({self.L(v, v)})" for fn in _SQRT}
        if len(body) == 3 and first.type not in (C_LOOP, F_LOOP) and self.t(first) in root:
            self.depth += 1
            slp = self.loop(body[1], (after,), (nn,), "column scaling loop")
            i = slp.var
            e, d = self.L(i, v), self.L(v, v)
            if len(slp.body) != 1 or self.t(slp.body[0]) not in (f"{e}/={d}", f"{e}={e}/{d}"):
                raise self.fail(slp.node, f"the loop over {i} is not '{e} /= {d}' alone")
            self.depth += 1
            ulp = self.loop(body[2], (after,), (nn,), "trailing update loop")
            a = ulp.var
            if len(ulp.body) != 1:
                raise self.fail(ulp.node, "the trailing update holds more than its inner loop")
            ilp = code.loop(ulp.body[0]) if ulp.body[0].type in (C_LOOP, F_LOOP) else None
            if ilp is not None and _canon(code, ilp.lower) == a:  # for j > k: for i >= j
                self.loop(ilp.node, (a,), (nn,), "trailing update loop")
                r, c = ilp.var, a
            else:  # for i > k: for k < j <= i
                ilp = self.loop(ulp.body[0], (after,), (self.upto(a),), "trailing update loop")
                r, c = a, ilp.var
            want = self.minus(self.L(r, c), self.products(r, c, v))
            if len(ilp.body) != 1 or self.t(ilp.body[0]) not in want:
                got = "; ".join(code.text_of(x).strip() for x in ilp.body)
                raise self.fail(ilp.node, f"'{got}' is not {self.L(r, c)} -= {self.L(r, v)} * "
                                          f"{self.L(c, v)} alone")
            return nn, "right-looking"
        if body and body[0].type in (C_LOOP, F_LOOP) and len(body) == 1:
            # row-oriented with the if: for j <= i: s = L(i, j); ...; if (i == j) ..
            jlp = self.loop(body[0], (self.zero,), (self.upto(v),), "loop over the row")
            self.dot(jlp.body, v, jlp.var, None, jlp.node)
            return nn, "row-oriented"
        if body and body[0].type in (C_LOOP, F_LOOP) and code.loop(body[0]).counted and \
                _canon(code, code.loop(body[0]).lower) == self.zero:
            jlp = self.loop(body[0], (self.zero,), (self.below(v),), "loop over the row")
            self.dot(jlp.body, v, jlp.var, False, jlp.node)
            self.dot(body[1:], v, v, True, n)
            return nn, "row-oriented"
        # column-oriented: DOT(j, j); for i > j: DOT(i, j)
        if not body or body[-1].type not in (C_LOOP, F_LOOP):
            raise NoSolve(f"the loop over {v} at line {outer.line} is not a Cholesky nest "
                          "(row-, column-oriented or right-looking)")
        self.dot(body[:-1], v, v, True, n)
        ilp = self.loop(body[-1], (after,), (nn,), "loop below the diagonal")
        self.dot(ilp.body, ilp.var, v, False, ilp.node)
        return nn, "column-oriented"


def _elements(code: Code, nest: Node) -> list[tuple[str, str]]:
    """(array name, canonical text) of the element references in ``nest``."""
    out = []
    for d in walk(nest):
        if code.fortran and d.type == "call_expression" and d.named_children and \
                d.named_children[0].type == "identifier":
            name = code.name_of(d.named_children[0])
            if name.lower() not in ("sqrt", "dsqrt"):
                out.append((name, _canon(code, code.text_of(d))))
        elif not code.fortran and d.type == "subscript_expression" and (
                d.parent is None or d.parent.type != "subscript_expression"):
            cur = d
            while cur.type == "subscript_expression":
                nxt = cur.child_by_field_name("argument")
                if nxt is None:
                    break
                cur = nxt
            if cur.type == "identifier":
                out.append((code.text_of(cur), _canon(code, code.text_of(d))))
    return out


def _templates(code: Code, nest: Node) -> list[tuple[str, str]]:
    """(array, template) candidates: each element reference with two loop variables of the
    nest replaced by ``{0}``/``{1}`` (both orders)."""
    vars_ = [code.loop(d).var for d in walk(nest) if d.type in (C_LOOP, F_LOOP) and
             code.loop(d).counted]
    out: list[tuple[str, str]] = []
    for name, ref in _elements(code, nest):
        for u in vars_:
            for v in vars_:
                if u == v:
                    continue
                tpl = ref.replace("{", "{{").replace("}", "}}")
                pu = re.compile(rf"(?<![\w.]){re.escape(u)}(?!\w)")
                pv = re.compile(rf"(?<![\w.]){re.escape(v)}(?!\w)")
                if not pu.search(tpl) or not pv.search(tpl):
                    continue
                tpl = pv.sub("{1}", pu.sub("{0}", tpl))
                if any(re.search(rf"(?<![\w.]){re.escape(w)}(?!\w)", tpl) for w in vars_):
                    continue
                if (name, tpl) not in out:
                    out.append((name, tpl))
    return out


def _callee(code: Code, call: Node) -> str:
    f = call.child_by_field_name("function")
    return code.text_of(f).strip() if f is not None and f.type == "identifier" else ""


def _param_names(code: Code, fn: Node) -> list[tuple[str, bool]]:
    """(name, is a pointer) of a C function definition's parameters."""
    decl = fn.child_by_field_name("declarator")
    while decl is not None and decl.type != "function_declarator":
        decl = decl.child_by_field_name("declarator")
    params = decl.child_by_field_name("parameters") if decl is not None else None
    out: list[tuple[str, bool]] = []
    for p in params.named_children if params is not None else []:
        d = p.child_by_field_name("declarator")
        ptr = False
        while d is not None and d.type in ("pointer_declarator", "array_declarator"):
            ptr = True
            d = d.child_by_field_name("declarator")
        if p.type != "parameter_declaration" or d is None or d.type != "identifier":
            return []
        out.append((code.text_of(d), ptr))
    return out


def dot_helpers(code: Code) -> dict[str, tuple[int, int, int]]:
    """The file's functions that return the dot product of two arrays over a length (``s =
    0; for k < m: s += x[k] * y[k]; return s``), as name -> the positions of x, y and m among
    the parameters: a Cholesky written with such a helper is read through its calls."""
    out: dict[str, tuple[int, int, int]] = {}
    if code.fortran:
        return out
    for fn in walk(code.tree.root_node):
        if fn.type != "function_definition":
            continue
        params = _param_names(code, fn)
        ptrs = [i for i, (_n, p) in enumerate(params) if p]
        ints = [i for i, (_n, p) in enumerate(params) if not p]
        body = fn.child_by_field_name("body")
        if len(params) != 3 or len(ptrs) != 2 or len(ints) != 1 or body is None:
            continue
        x, y, m = (params[i][0] for i in (*ptrs, ints[0]))
        stmts = [c for c in body.named_children if c.type != "comment"]
        if len(stmts) != 3 or stmts[1].type != C_LOOP:
            continue
        init = _canon(code, code.text_of(stmts[0]))
        acc = re.fullmatch(r"(?:double|float)(\w+)=0(?:\.0*)?f?", init)
        ret = _canon(code, code.text_of(stmts[2]))
        lp = code.loop(stmts[1])
        if acc is None or ret != f"return{acc.group(1)}" or not lp.counted or \
                lp.step != 1 or lp.inclusive or _canon(code, lp.lower) != "0" or \
                _canon(code, lp.upper) != m or len(lp.body) != 1:
            continue
        s, k = acc.group(1), lp.var
        terms = {f"{x}[{k}]*{y}[{k}]", f"{y}[{k}]*{x}[{k}]"}
        if _canon(code, code.text_of(lp.body[0])) in {f"{s}+={t}" for t in terms} | \
                {f"{s}={s}+{t}" for t in terms}:
            out[code.function_name(fn)] = (ptrs[0], ptrs[1], ints[0])
    return out


def find_factor(code: Code, line: int) -> tuple[Node, Factor]:
    """The function and the Cholesky nest holding ``line`` (the outermost enclosing loop that
    is one); NoSolve naming what differs from the factorisation otherwise. When ``line`` is
    in a dot-product helper of the file (:func:`dot_helpers`), the nests around its calls
    are read: the profile names the helper's loop, the factorisation is its caller's."""
    at = code.node_at_line(line)
    fn = code.function_of(at) if at is not None else None
    if fn is None or at is None:
        raise NoSolve(f"line {line} is not inside a function")
    helpers = dot_helpers(code)
    name = code.function_name(fn)
    if name in helpers:
        why = ""
        for call in walk(code.tree.root_node):
            if call.type != "call_expression" or _callee(code, call) != name or \
                    code.function_of(call) == fn:
                continue
            try:
                return _find_factor(code, call.start_point[0] + 1, helpers)
            except NoSolve as e:
                why = why or f"{name} is called at line {call.start_point[0] + 1}: {e}"
        raise NoSolve(why or f"{name} (the dot product at line {line}) is called by no loop "
                             "of the file")
    return _find_factor(code, line, helpers)


def _find_factor(code: Code, line: int, helpers: dict[str, tuple[int, int, int]]
                 ) -> tuple[Node, Factor]:
    at = code.node_at_line(line)
    fn = code.function_of(at) if at is not None else None
    if fn is None or at is None:
        raise NoSolve(f"line {line} is not inside a function")
    loops = list(reversed(code.loops_at(line)))
    if not loops:
        raise NoSolve(f"line {line} is in no loop")
    why = ""  # the outermost candidate nest's reason (its best-matching template's)
    for n in loops:
        if not any("sqrt" in code.text_of(d) for d in walk(n) if d.type in (
                "call_expression",)):
            continue
        best: tuple[int, str] = (-1, "")
        for name, tpl in _templates(code, n):
            m = _Match(code, tpl, helpers)
            try:
                order, form = m.nest(n)
            except NoSolve as e:
                best = max(best, (m.depth, str(e)))
                continue
            return fn, Factor(n, name, tpl, order, form, m.scalars, m.zeroed, m.check)
        why = why or best[1]
    if not why:
        why = (f"the loop nest at line {loops[0].start_point[0] + 1} takes no sqrt of the "
               "diagonal: not A = L L^T (an LDL^T or other factorisation is not what dpotrf "
               "computes)")
    raise NoSolve(why)


def use_lapack(code: Code, line: int, rel: str, root: Path | None = None) -> Generated | Refusal:
    """``use_lapack`` at ``line``: the program's LINPACK ``dgefa``/``dgesl`` pair when the hot
    line is in it (``dgetrf``/``dgetrs``, :mod:`.linpack`), the solve of a provably banded
    matrix (``dgtsv``/``dgbsv``, :mod:`.banded`), else the dense solve (``dgesv``,
    :mod:`.lapack`) when the line is in one (its note says why the band was not proved when a
    zeroing was seen), else the Cholesky factorisation (``dpotrf``), else the unpivoted LU
    (``dgetrf``, :mod:`.lu`); a Refusal naming why none applies."""
    pair = linpack_pair(code, line, rel, root)
    if isinstance(pair, Generated) or not pair.reason.startswith(NOT_LINPACK):
        return pair  # the program's LINPACK pair, replaced or refused for a named reason
    band, why = banded_or_why(code, line, rel, root)
    if band is not None:
        return band
    got = lapack(code, line, rel, root)
    if isinstance(got, Generated):
        return replace(got, note=f"{got.note}; not dgtsv/dgbsv: {why}") if why else got
    chol = cholesky(code, line, rel, root)
    if isinstance(chol, Generated):
        return chol
    factors = lu(code, line, rel)
    if isinstance(factors, Generated):
        return factors
    return Refusal(WHAT, f"not a dense solve: {got.reason}; not a Cholesky factorisation: "
                         f"{chol.reason}; {factors.reason}"
                         + (f"; not a banded solve: {why}" if why else ""))


def cholesky(code: Code, line: int, rel: str, root: Path | None = None) -> Generated | Refusal:
    """The diff replacing the hand-written Cholesky factorisation around ``line`` by one LAPACK
    ``dpotrf`` (``spotrf``); a Refusal naming what does not match or is not legal."""
    try:
        return _cholesky(code, line, rel, root)
    except NoSolve as e:
        return Refusal(WHAT, str(e))


def _cholesky(code: Code, line: int, rel: str, root: Path | None) -> Generated:
    fn, f = find_factor(code, line)
    prec = real_kind(code, fn, [f.name], root)
    for nm in sorted(f.scalars):
        ln = read_after(code, fn, f.nest, nm)
        if ln:
            raise NoSolve(f"{nm}, set by the replaced factorisation, is read again at line {ln}")
    routine = f"{prec}potrf"
    first, last = f.nest.start_point[0] + 1, f.nest.end_point[0] + 1
    indent = code.indent_at(first)
    make: Callable[[Code, Node, Factor, str, str, str], tuple[list[str], str]] = \
        _fortran if code.fortran else _c
    lines, head = make(code, fn, f, routine, prec, indent)
    text = "".join(code.lines[:first - 1] + [ln + "\n" for ln in lines] + code.lines[last:])
    if code.fortran:
        at = fortran_decl_end_or_nosolve(code, fn)
        data = text.encode()
        text = (data[:at] + head.encode() + data[at:]).decode()
    else:
        text = after_includes(text, head)
    upper = f.tpl.index("{1}") < f.tpl.index("{0}")
    note = (f"{f.form} Cholesky factorisation of {f.name} at {rel}:{first}-{last} replaced by "
            f"{routine} ({'upper' if upper else 'lower'} triangle, in place; the other triangle "
            f"{'zeroed' if f.zeroed else 'untouched'} as before); results differ by rounding; on a "
            "matrix that is not positive definite LAPACK stops with info > 0 where the loops "
            "produced NaN")
    if f.check is not None:
        note += (f"; the check at line {f.check[0].start_point[0] + 1} runs when LAPACK reports "
                 "a non-positive pivot (info > 0), the matrix then partly factored")
    return Generated(WHAT, rel, make_diff(code.text, text, rel), text, note,
                     libs=("-lopenblas",))


def _fortran(code: Code, fn: Node, f: Factor, routine: str, prec: str,
             indent: str) -> tuple[list[str], str]:
    if f.tpl == f"{f.name}({{0}},{{1}})":
        uplo = "L"
    elif f.tpl == f"{f.name}({{1}},{{0}})":
        uplo = "U"
    else:
        raise NoSolve(f"{f.name} is addressed {f.at('i', 'j')} for L(i, j): not the column-major "
                      "a(i, j) that LAPACK takes")
    info = fresh_name(code, "lapack_info")
    lda = leading_dim(code, fn, f.name, f.n)
    body = [f"! {routine}: LAPACK's Cholesky factorisation (use_lapack)",
            f"call {routine}('{uplo}', {f.n}, {f.name}, {lda}, {info})"]
    head = f"{indent}integer :: {info}\n{indent}external :: {routine}\n"
    if f.zeroed:  # the other triangle, as the loops left it
        j = fresh_name(code, "lapack_j")
        rows = f"1:{j} - 1" if uplo == "L" else f"{j} + 1:{f.n}"
        body += [f"do {j} = 1, {f.n}", f"  {f.name}({rows}, {j}) = 0", "end do"]
        head += f"{indent}integer :: {j}\n"
    if f.check is not None:
        used = _handler_names(code, f)
        body += [f"if ({info} > 0) then", *[f"  {v} = {info}" for v in used],
                 *["  " + ln for ln in _handler(code, f)], "end if"]
    return [indent + ln for ln in body], head


def _handler(code: Code, f: Factor) -> list[str]:
    assert f.check is not None
    return [ln.strip() for x in branch(code, f.check[0]) for ln in code.text_of(x).splitlines()]


def _handler_names(code: Code, f: Factor) -> list[str]:
    """The row/column names the positivity check's branch uses (set from LAPACK's info); a
    NoSolve when it uses another temporary of the nest, which the call does not leave."""
    assert f.check is not None
    ids = set().union(*(code.identifiers(x) for x in branch(code, f.check[0])))
    other = ids & f.scalars - set(f.check[1])
    if other:
        raise NoSolve(f"the check at line {f.check[0].start_point[0] + 1} uses "
                      f"{', '.join(sorted(other))}, which the LAPACK call does not set")
    return sorted(ids & set(f.check[1]))


_PROTO = ("extern void {r}_(const char *uplo, const int *n, {t} *a, const int *lda, int *info);"
          " /* LAPACK (use_lapack) */\n")


def _c(code: Code, fn: Node, f: Factor, routine: str, prec: str,
       indent: str) -> tuple[list[str], str]:
    t = "double" if prec == "d" else "float"
    p = fresh_name(code, "lapack_")
    r, c, s = f"{p}r", f"{p}c", "    "
    el = f.at(r, c)
    body = [
        "{",
        f"{s}/* {routine}: LAPACK's Cholesky factorisation A = L L^T (use_lapack); "
        "column-major copy of the factor's triangle */",
        f"{s}int {p}n = {f.n}, {p}info = 0;",
        f"{s}char {p}uplo = 'L';",
        f"{s}{t} *{p}a = ({t} *)malloc(sizeof({t}) * (size_t){p}n * (size_t){p}n);",
        f"{s}for (int {r} = 0; {r} < {p}n; {r}++)",
        f"{s}{s}for (int {c} = 0; {c} <= {r}; {c}++)",
        f"{s}{s}{s}{p}a[(size_t){c} * {p}n + {r}] = {el};",
        f"{s}{routine}_(&{p}uplo, &{p}n, {p}a, &{p}n, &{p}info);",
        f"{s}for (int {r} = 0; {r} < {p}n; {r}++)",
        f"{s}{s}for (int {c} = 0; {c} <= {r}; {c}++)",
        f"{s}{s}{s}{el} = {p}a[(size_t){c} * {p}n + {r}];",
        f"{s}free({p}a);",
    ]
    if f.check is not None:
        used = _handler_names(code, f)
        body += [f"{s}if ({p}info > 0) {{"] + [f"{s}{s}int {v} = {p}info - 1;" for v in used]
        body += [f"{s}{s}{ln}" for ln in _handler(code, f)] + [f"{s}}}"]
    if f.zeroed:  # the other triangle, as the loops left it
        body += [f"{s}for (int {r} = 0; {r} < {p}n; {r}++)",
                 f"{s}{s}for (int {c} = {r} + 1; {c} < {p}n; {c}++)",
                 f"{s}{s}{s}{el} = 0;"]
    body.append("}")
    head = _PROTO.format(r=routine, t=t)
    if code.lang == "cpp":
        head = head.replace("extern void", 'extern "C" void', 1)
    if "<stdlib.h>" not in code.text and "<cstdlib>" not in code.text:
        head = "#include <stdlib.h>\n" + head
    return [indent + ln for ln in body], head


__all__ = ["WHAT", "Factor", "cholesky", "find_factor", "use_lapack"]
