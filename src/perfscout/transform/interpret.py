"""Run a C loop nest on small numbers: what a nest computes, read from what it does.

A hand-written factorisation comes in many loop orders (Doolittle's row by row, Crout's column
by column, right-looking updates, each with its own temporaries); rather than one structural
pattern per order, :func:`run_nest` executes the nest on a small matrix, in Python, so a
generator can compare the result with the factorisation it would call instead
(:mod:`perfscout.transform.lu`). Only what a numeric kernel is made of runs: counted ``for``
loops, blocks, ``if``/``else``, assignments (``=``, ``+=``, ``-=``, ``*=``, ``/=``, ``++``,
``--``), declarations with a value, arithmetic and comparisons, ``sqrt``/``fabs``, casts, and
array elements (``a[i][j]``, ``a[i * n + j]``). Anything else raises :class:`Unsupported`:
the caller then reads no meaning into the nest.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

from perfscout.transform.region import Region, analyse, subscripts
from perfscout.transform.source import C_LOOP, Code, Loop, Node

#: the most statements one run may execute (a nest that would take longer is not a kernel to
#: read this way)
STEP_LIMIT = 200_000


class Unsupported(Exception):
    """The nest holds a construct this interpreter does not run; the message names it."""


_CALLS: dict[str, Callable[[float], float]] = {"sqrt": math.sqrt, "fabs": abs, "abs": abs}


@dataclass
class State:
    """Scalars by name and arrays by name (each a dict from an index tuple to its value)."""

    scalars: dict[str, float] = field(default_factory=dict)
    arrays: dict[str, dict[tuple[int, ...], float]] = field(default_factory=dict)
    steps: int = 0


@dataclass(frozen=True)
class OuterNest:
    """The outermost loop around a line, what its analysis found, and the arrays it writes
    and only reads (sorted): what a generator that runs the nest checks first."""

    top: Loop
    region: Region
    written: list[str]
    read: list[str]


def outer_nest(code: Code, line: int, kind: str) -> OuterNest | str:
    """The outermost loop around ``line`` of a C/C++ file and its arrays; a string (``kind``
    naming what was sought) saying why there is none to run."""
    if code.fortran:
        return f"not {kind} read by running it: Fortran nests are not run"
    nodes = code.loops_at(line)
    if not nodes:
        return f"line {line} of {code.path} is not inside a loop"
    top = code.loop(nodes[-1])
    region = analyse(code, top)
    if region.blockers:
        return f"not {kind}: {region.blockers[0].reason}"
    written = sorted({r.name for r in region.refs if r.write})
    read = sorted({r.name for r in region.refs} - set(written))
    return OuterNest(top, region, written, read)


def run_nest(code: Code, node: Node, state: State) -> State:
    """Execute the statement ``node`` (a loop nest, a block) of ``code`` on ``state``."""
    _Run(code, state).stmt(node)
    return state


class _Run:
    def __init__(self, code: Code, state: State) -> None:
        self.code, self.st = code, state

    def stmt(self, n: Node) -> None:
        self.st.steps += 1
        if self.st.steps > STEP_LIMIT:
            raise Unsupported("more statements than a small run takes")
        t = n.type
        if t in ("comment", ";"):
            return
        if t == "compound_statement":
            for c in n.named_children:
                self.stmt(c)
        elif t == C_LOOP:
            self.loop(n)
        elif t == "expression_statement":
            for c in n.named_children:
                self.expr(c)
        elif t == "declaration":
            for d in n.children_by_field_name("declarator"):
                if d.type == "init_declarator":
                    name = d.child_by_field_name("declarator")
                    value = d.child_by_field_name("value")
                    if name is None or value is None or name.type != "identifier":
                        raise Unsupported(f"declaration '{self.code.text_of(d)}'")
                    self.st.scalars[self.code.text_of(name)] = self.expr(value)
        elif t == "if_statement":
            cond = n.child_by_field_name("condition")
            then, other = n.child_by_field_name("consequence"), n.child_by_field_name(
                "alternative")
            if cond is None or then is None:
                raise Unsupported("if without a condition")
            if self.expr(cond):
                self.stmt(then)
            elif other is not None:
                for c in other.named_children:
                    self.stmt(c)
        else:
            raise Unsupported(f"{t.replace('_', ' ')} '{self.code.text_of(n)[:40]}'")

    def loop(self, n: Node) -> None:
        for part in ("initializer", "condition", "update"):
            if n.child_by_field_name(part) is None:
                raise Unsupported("a for loop without its three parts")
        init, cond, upd = (n.child_by_field_name(p) for p in ("initializer", "condition",
                                                               "update"))
        body = n.child_by_field_name("body")
        assert init is not None and cond is not None and upd is not None
        if body is None:
            raise Unsupported("a for loop without a body")
        if init.type == "declaration":
            self.stmt(init)
        else:
            self.expr(init)
        while self.expr(cond):
            self.stmt(body)
            self.expr(upd)

    def expr(self, n: Node) -> float:
        t = n.type
        c = self.code
        if t == "number_literal":
            return float(c.text_of(n).rstrip("fFlLuU"))
        if t == "identifier":
            name = c.text_of(n)
            if name not in self.st.scalars:
                raise Unsupported(f"'{name}' read before it has a value")
            return self.st.scalars[name]
        if t in ("parenthesized_expression", "condition_clause"):
            inner = [x for x in n.named_children if x.type != "comment"]
            if len(inner) != 1:
                raise Unsupported(f"'{c.text_of(n)}'")
            return self.expr(inner[0])
        if t == "cast_expression":
            v = n.child_by_field_name("value")
            typ = c.text_of(n.child_by_field_name("type") or n)
            if v is None:
                raise Unsupported("a cast without a value")
            x = self.expr(v)
            return float(int(x)) if any(w in typ for w in ("int", "long", "size_t")) else x
        if t == "unary_expression":
            op = c.text_of(n.child_by_field_name("operator") or n.children[0])
            arg = n.child_by_field_name("argument")
            if arg is None or op not in ("-", "+", "!"):
                raise Unsupported(f"'{c.text_of(n)}'")
            x = self.expr(arg)
            return -x if op == "-" else x if op == "+" else float(not x)
        if t == "binary_expression":
            return self.binary(n)
        if t == "subscript_expression":
            name, idx = self.element(n)
            return self.st.arrays[name].get(idx, 0.0)
        if t == "call_expression":
            fn, args = n.child_by_field_name("function"), n.child_by_field_name("arguments")
            f = _CALLS.get(c.text_of(fn)) if fn is not None else None
            if f is None or args is None or len(args.named_children) != 1:
                raise Unsupported(f"call '{c.text_of(n)[:40]}'")
            return float(f(self.expr(args.named_children[0])))
        if t == "assignment_expression":
            return self.assign(n)
        if t == "update_expression":
            arg = n.child_by_field_name("argument")
            if arg is None:
                raise Unsupported(f"'{c.text_of(n)}'")
            step = 1.0 if "++" in c.text_of(n) else -1.0
            return self.store(arg, self.expr(arg) + step)
        if t == "conditional_expression":
            cond, a, b = (n.child_by_field_name(k) for k in ("condition", "consequence",
                                                              "alternative"))
            if cond is None or a is None or b is None:
                raise Unsupported(f"'{c.text_of(n)}'")
            return self.expr(a) if self.expr(cond) else self.expr(b)
        raise Unsupported(f"{t.replace('_', ' ')} '{c.text_of(n)[:40]}'")

    def binary(self, n: Node) -> float:
        a, b = n.child_by_field_name("left"), n.child_by_field_name("right")
        op = self.code.text_of(n.child_by_field_name("operator") or n)
        if a is None or b is None:
            raise Unsupported(f"'{self.code.text_of(n)}'")
        if op == "&&":
            return float(bool(self.expr(a)) and bool(self.expr(b)))
        if op == "||":
            return float(bool(self.expr(a)) or bool(self.expr(b)))
        x, y = self.expr(a), self.expr(b)
        ops: dict[str, Callable[[float, float], float]] = {
            "+": lambda p, q: p + q, "-": lambda p, q: p - q, "*": lambda p, q: p * q,
            "/": lambda p, q: p / q, "<": lambda p, q: float(p < q),
            "<=": lambda p, q: float(p <= q), ">": lambda p, q: float(p > q),
            ">=": lambda p, q: float(p >= q), "==": lambda p, q: float(p == q),
            "!=": lambda p, q: float(p != q), "%": lambda p, q: float(int(p) % int(q))}
        if op not in ops:
            raise Unsupported(f"operator {op}")
        try:
            return ops[op](x, y)
        except ZeroDivisionError:
            return math.copysign(math.inf, x) if x else math.nan

    def assign(self, n: Node) -> float:
        left, right = n.child_by_field_name("left"), n.child_by_field_name("right")
        op = self.code.text_of(n.child_by_field_name("operator") or n)
        if left is None or right is None:
            raise Unsupported(f"'{self.code.text_of(n)}'")
        v = self.expr(right)
        if op != "=":
            old = self.expr(left)
            v = {"+=": old + v, "-=": old - v, "*=": old * v,
                 "/=": old / v if v else math.nan}.get(op, math.nan)
            if op not in ("+=", "-=", "*=", "/="):
                raise Unsupported(f"operator {op}")
        return self.store(left, v)

    def store(self, target: Node, v: float) -> float:
        if target.type == "identifier":
            self.st.scalars[self.code.text_of(target)] = v
        elif target.type == "subscript_expression":
            name, idx = self.element(target)
            self.st.arrays[name][idx] = v
        else:
            raise Unsupported(f"a store to '{self.code.text_of(target)}'")
        return v

    def element(self, n: Node) -> tuple[str, tuple[int, ...]]:
        base, idx = subscripts(n)
        name = self.code.text_of(base) if base is not None else ""
        if base is None or base.type != "identifier" or name not in self.st.arrays:
            raise Unsupported(f"array '{name or self.code.text_of(n)}'")
        return name, tuple(int(self.expr(i)) for i in idx)


__all__ = ["STEP_LIMIT", "OuterNest", "State", "Unsupported", "outer_nest", "run_nest"]
