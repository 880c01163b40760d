"""Prove that a fill ``a[j] = f(j)`` over a counted loop stores a non-decreasing sequence.

The expression (C/C++ syntax tree, the loop body's local definitions substituted) is evaluated
in interval arithmetic together with its derivative (forward mode: each node gives the range of
its value and of its slope over a piece of the variable's range). When the slope's lower bound
is >= 0 on every piece of the range, the expression is non-decreasing there; pieces where it is
not are split, up to a fixed depth. ``fabs`` has the interval ``[-|d|, |d|]`` as its slope where
its argument may change sign (Clarke's generalised derivative), so kinks are handled soundly.

The variable is the loop counter ``j`` when its range is known (literal bounds), or the
normalised coordinate ``t = j / (n - 1)`` (range ``[0, 1]``) or ``j / n`` (``[0, 1)``) when the
fill uses ``j`` only through that ratio over a loop ``j < n``: grids are usually written so.
Any other unknown name (a variable whose value is not a literal or a macro) makes the proof
fail with the name, never a guess.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from perfscout.transform.source import Code, Node

PIECES = 64
DEPTH = 10
UNBOUNDED = 2.0 ** 53


@dataclass(frozen=True)
class Iv:
    """A value range and a slope range over one piece of the variable's range."""

    lo: float
    hi: float
    dlo: float
    dhi: float


class NotMonotone(ValueError):
    """The proof does not go through; the message names the construct or the piece."""


def _mul(a: tuple[float, float], b: tuple[float, float]) -> tuple[float, float]:
    ps = [a[0] * b[0], a[0] * b[1], a[1] * b[0], a[1] * b[1]]
    ps = [0.0 if math.isnan(p) else p for p in ps]
    return min(ps), max(ps)


def _add(a: tuple[float, float], b: tuple[float, float]) -> tuple[float, float]:
    return a[0] + b[0], a[1] + b[1]


def _inv(a: tuple[float, float], what: str) -> tuple[float, float]:
    if a[0] <= 0.0 <= a[1]:
        raise NotMonotone(f"{what} may be zero")
    return 1.0 / a[1], 1.0 / a[0]


def _mono(f: Callable[[float], float], df: Callable[[float, float], tuple[float, float]],
          x: Iv) -> Iv:
    """An increasing function ``f`` with derivative range ``df(lo, hi)`` applied to ``x``."""
    d = df(x.lo, x.hi)
    s = _mul(d, (x.dlo, x.dhi))
    return Iv(f(x.lo), f(x.hi), *s)


def _exp_d(lo: float, hi: float) -> tuple[float, float]:
    return math.exp(lo), math.exp(hi)


def _pos(x: Iv, name: str) -> Iv:
    """``x``, checked positive (the domain of log, sqrt, a real power)."""
    if x.lo <= 0.0:
        raise NotMonotone(f"the argument of {name} may be <= 0")
    return x


LN10 = math.log(10.0)
UNARY: dict[str, Callable[[Iv], Iv]] = {
    "exp": lambda x: _mono(math.exp, _exp_d, x),
    "log": lambda x: _mono(math.log, lambda lo, hi: (1 / hi, 1 / lo), _pos(x, "log")),
    "log10": lambda x: _mono(math.log10, lambda lo, hi: (1 / (hi * LN10), 1 / (lo * LN10)),
                             _pos(x, "log10")),
    "sqrt": lambda x: _mono(math.sqrt, lambda lo, hi: (0.5 / math.sqrt(hi),
                                                       0.5 / math.sqrt(lo)), _pos(x, "sqrt")),
    "atan": lambda x: _mono(math.atan, lambda lo, hi: (
        1 / (1 + max(lo * lo, hi * hi)), 1.0 if lo <= 0 <= hi else 1 / (1 + min(
            lo * lo, hi * hi))), x),
    "tanh": lambda x: _mono(math.tanh, lambda lo, hi: (0.0, 1.0), x),
    "cbrt": lambda x: _mono(lambda v: v ** (1 / 3), lambda lo, hi: (
        hi ** (-2 / 3) / 3, lo ** (-2 / 3) / 3), _pos(x, "cbrt")),
}


def _fabs(x: Iv) -> Iv:
    if x.lo >= 0:
        return x
    if x.hi <= 0:
        return Iv(-x.hi, -x.lo, -x.dhi, -x.dlo)
    m = max(abs(x.dlo), abs(x.dhi))
    return Iv(0.0, max(-x.lo, x.hi), -m, m)


def _pow(x: Iv, y: Iv) -> Iv:
    if y.dlo == y.dhi == 0.0 and y.lo == y.hi:  # x ** c
        c = y.lo
        if c == 2.0:
            return _times(x, x)
        _pos(x, "pow")
        d = (min(c * x.lo ** (c - 1), c * x.hi ** (c - 1)),
             max(c * x.lo ** (c - 1), c * x.hi ** (c - 1)))
        vals = (x.lo ** c, x.hi ** c)
        return Iv(min(vals), max(vals), *_mul(d, (x.dlo, x.dhi)))
    if x.dlo == x.dhi == 0.0 and x.lo == x.hi and x.lo > 0:  # c ** y = exp(y ln c)
        k = math.log(x.lo)
        return UNARY["exp"](_times(Iv(k, k, 0.0, 0.0), y))
    raise NotMonotone("pow() of two varying arguments")


def _times(a: Iv, b: Iv) -> Iv:
    v = _mul((a.lo, a.hi), (b.lo, b.hi))
    d = _add(_mul((a.dlo, a.dhi), (b.lo, b.hi)), _mul((a.lo, a.hi), (b.dlo, b.dhi)))
    return Iv(*v, *d)


def _div(a: Iv, b: Iv, what: str) -> Iv:
    inv = _inv((b.lo, b.hi), what)
    v = _mul((a.lo, a.hi), inv)
    # (a/b)' = a'/b - a b'/b^2
    inv2 = _mul(inv, inv)
    d1 = _mul((a.dlo, a.dhi), inv)
    d2 = _mul(_mul((a.lo, a.hi), (b.dlo, b.dhi)), inv2)
    return Iv(*v, d1[0] - d2[1], d1[1] - d2[0])


CASTS = ("cast_expression", "parenthesized_expression")


@dataclass
class Fill:
    """What the evaluator needs about the fill: the code, the loop variable and its upper
    bound (``j < upper``), the names the loop body defined before the store (substituted), and
    the literal values of macros."""

    code: Code
    var: str
    upper: str  # text of the exclusive upper bound ("n", "NTAB", "100")
    lower: float
    defs: Mapping[str, Node]
    value_of: Callable[[str], float | None]


def strip(code: Code, n: Node) -> Node:
    """``n`` without parentheses and casts around it."""
    while n.type in CASTS:
        inner = n.child_by_field_name("value") or (
            n.named_children[-1] if n.named_children else None)
        if inner is None:
            break
        n = inner
    return n


class _Eval:
    def __init__(self, fill: Fill, mode: str) -> None:
        self.f = fill
        self.mode = mode  # "t": normalised coordinate; "j": the counter itself

    def ratio(self, n: Node) -> bool:
        """``j / (upper - 1)`` or ``j / upper``: the normalised coordinate."""
        c = self.f.code
        if n.type != "binary_expression" or c.text_of(n.child_by_field_name("operator")
                                                      or n) != "/":
            return False
        left = strip(c, n.child_by_field_name("left") or n)
        right = strip(c, n.child_by_field_name("right") or n)
        den = c.text_of(right).replace(" ", "")
        up = self.f.upper.replace(" ", "")
        return c.text_of(left) == self.f.var and self.f.lower == 0 and den in (
            up, f"{up}-1", f"({up})-1")

    def ev(self, n: Node, x: tuple[float, float]) -> Iv:
        c = self.f.code
        n = strip(c, n)
        t = n.type
        if self.mode == "t" and self.ratio(n):
            return Iv(x[0], x[1], 1.0, 1.0)
        if t == "number_literal":
            v = float(c.text_of(n).rstrip("fFlLuU"))
            return Iv(v, v, 0.0, 0.0)
        if t == "identifier":
            name = c.text_of(n)
            if name == self.f.var:
                if self.mode == "j":
                    return Iv(x[0], x[1], 1.0, 1.0)
                raise NotMonotone(f"{name} is used outside {name} / ({self.f.upper} - 1)")
            if name in self.f.defs:
                return self.ev(self.f.defs[name], x)
            known = self.f.value_of(name)
            if known is None:
                raise NotMonotone(f"the fill depends on {name}, whose value is not known here")
            return Iv(known, known, 0.0, 0.0)
        if t == "unary_expression":
            op = c.text_of(n.child_by_field_name("operator") or n)
            a = self.ev(n.child_by_field_name("argument") or n, x)
            if op == "-":
                return Iv(-a.hi, -a.lo, -a.dhi, -a.dlo)
            if op == "+":
                return a
            raise NotMonotone(f"unary {op} in the fill")
        if t == "binary_expression":
            op = c.text_of(n.child_by_field_name("operator") or n)
            a = self.ev(n.child_by_field_name("left") or n, x)
            b = self.ev(n.child_by_field_name("right") or n, x)
            if op == "+":
                return Iv(a.lo + b.lo, a.hi + b.hi, a.dlo + b.dlo, a.dhi + b.dhi)
            if op == "-":
                return Iv(a.lo - b.hi, a.hi - b.lo, a.dlo - b.dhi, a.dhi - b.dlo)
            if op == "*":
                return _times(a, b)
            if op == "/":
                return _div(a, b, c.text_of(n.child_by_field_name("right") or n))
            raise NotMonotone(f"operator {op} in the fill")
        if t == "call_expression":
            fn = c.text_of(n.child_by_field_name("function") or n).removeprefix("std::")
            args = [a for a in (n.child_by_field_name("arguments") or n).named_children
                    if a.type != "comment"]
            if fn in ("fabs", "abs") and len(args) == 1:
                return _fabs(self.ev(args[0], x))
            if fn in UNARY and len(args) == 1:
                return UNARY[fn](self.ev(args[0], x))
            if fn == "pow" and len(args) == 2:
                return _pow(self.ev(args[0], x), self.ev(args[1], x))
            raise NotMonotone(f"a call to {fn}() in the fill")
        raise NotMonotone(f"{c.text_of(n)!r} ({t}) in the fill")


def _uses_var_bare(fill: Fill, n: Node, ev: _Eval) -> bool:
    """Whether ``j`` appears other than inside the normalised ratio."""
    c = fill.code
    n = strip(c, n)
    if ev.ratio(n):
        return False
    if n.type == "identifier":
        name = c.text_of(n)
        if name in fill.defs:
            return _uses_var_bare(fill, fill.defs[name], ev)
        return name == fill.var
    return any(_uses_var_bare(fill, ch, ev) for ch in n.named_children)


def nondecreasing(fill: Fill, expr: Node) -> str:
    """Prove ``expr`` non-decreasing over the loop's range; returns how ("" never), raising
    :class:`NotMonotone` naming what blocks the proof."""
    upper_val = fill.value_of(fill.upper)
    t_eval = _Eval(fill, "t")
    if not _uses_var_bare(fill, expr, t_eval):
        ev, rng, what = t_eval, (0.0, 1.0), f"{fill.var} / ({fill.upper} - 1) in [0, 1]"
    elif upper_val is not None:
        ev, rng = _Eval(fill, "j"), (fill.lower, max(fill.lower, upper_val - 1))
        what = f"{fill.var} in [{rng[0]:g}, {rng[1]:g}]"
    else:  # an unknown bound: every counter a double can hold (proves x0 + j * h, h >= 0)
        ev, rng = _Eval(fill, "j"), (fill.lower, fill.lower + UNBOUNDED)
        what = f"{fill.var} >= {fill.lower:g}"
    worst = math.inf
    stack = [(rng[0] + (rng[1] - rng[0]) * k / PIECES,
              rng[0] + (rng[1] - rng[0]) * (k + 1) / PIECES, 0) for k in range(PIECES)]
    while stack:
        a, b, depth = stack.pop()
        iv = ev.ev(expr, (a, b))
        if iv.dlo >= 0.0:  # (a NaN bound compares false: the piece is split, then refused)
            worst = min(worst, iv.dlo)
            continue
        if depth >= DEPTH:
            raise NotMonotone(f"its slope may be negative near {what.split(' in ')[0]} = "
                              f"{(a + b) / 2:.6g} (interval bound {iv.dlo:.3g})")
        mid = (a + b) / 2
        stack += [(a, mid, depth + 1), (mid, b, depth + 1)]
    return f"slope >= {worst:.3g} over {what}"


__all__ = ["Fill", "NotMonotone", "nondecreasing", "strip"]
