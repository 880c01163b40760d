"""Periodic libm calls of the hot loop read from a table computed once (``hoist_math``).

A direct discrete Fourier transform calls ``cos``/``sin`` of ``2 pi k j / n`` for every
(k, j): n^2 libm calls, which keep the loop scalar and dominate its time. The argument is
``C * K * (j + c) / n`` with ``C`` an even multiple of pi, ``K`` an integer that does not change
in the ``j`` loop and ``n`` an integer that does not change in the nest, so the value depends
only on the phase ``m = mod(K (j + c), n)``: ``f(C K (j + c) / n) = f(C m / n)`` for any
``2 pi``-periodic ``f``. :func:`math_table` computes ``f(C m / n)`` for ``m = 0 .. n-1`` once
before the nest and replaces each call by a table read, the phase stepped by ``mod(K, n)``
per iteration (no multiplication, no overflow: ``0 <= m < n``).

Legal only when, read from the syntax tree: the function is ``sin``/``cos`` (``sinf``,
``cosf``, ``std::sin``, ``std::cos``, Fortran ``dsin``/``dcos``); the argument (directly, or a
scalar assigned once in the loop body before the call) is a product/quotient of numeric
literals, one name of pi (``pi``, ``M_PI``; ``twopi``) with an even coefficient, integer
factors invariant in the loop, one factor ``j + c`` of the loop's variable, and one integer
divisor ``n`` that nothing in the nest writes; no integer division happens on the way (C's
``k * j / n`` with integers is refused); the loop is counted with step 1, its body has no
``continue``/``cycle``/``break``/``exit``/``goto``/``return`` and does not write its variable.
Values then differ from the original only by rounding: the table's argument is below ``C``,
where the original's grows with ``K j`` (the program's own output check judges the change).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction

from perfscout.transform.affine import poly
from perfscout.transform.hoist import declared_in, hoist_calls
from perfscout.transform.nest import apply_edits, make_diff
from perfscout.transform.result import Generated, Refusal
from perfscout.transform.source import C_LOOP, F_LOOP, Code, Loop, Node, walk

WHAT = "hoist_math"
#: 2 pi-periodic functions, by the name written in the source (lower case for Fortran)
PERIODIC = {"sin": "sin", "cos": "cos", "sinf": "sin", "cosf": "cos", "std::sin": "sin",
            "std::cos": "cos", "dsin": "sin", "dcos": "cos"}
PI_NAMES = {"pi": 1, "m_pi": 1, "twopi": 2, "two_pi": 2, "m_2pi": 2, "tau": 2}
F_CASTS = {"real", "dble", "float", "dfloat"}
INT_TYPE = re.compile(r"\b(int|long|short|unsigned|size_t|ptrdiff_t|integer|int\d+_t|"
                      r"uint\d+_t|ssize_t)\b", re.I)
FLOAT_TYPE = re.compile(r"\b(double|float|real|double precision)\b", re.I)
JUMPS_C = {"continue_statement", "break_statement", "goto_statement", "return_statement"}
JUMPS_F = {"keyword_statement", "cycle_statement", "exit_statement", "goto_statement",
           "return_statement", "stop_statement"}


class _No(Exception):
    """The argument or the loop is not of the shape; the message says why."""


@dataclass
class _Factor:
    node: Node  # the factor as written (a cast, parentheses, a name, a literal)
    core: Node  # the integer expression inside a cast/parentheses


@dataclass
class _Product:
    num: list[Node] = field(default_factory=list)
    den: list[Node] = field(default_factory=list)
    floating: bool = False


@dataclass
class _Phase:
    """The argument of one call: ``C * K * (j + c) / n``."""

    call: Node
    func: str  # sin or cos
    name: str  # as written
    expr: Node  # the product expression (the call's argument or the scalar's value)
    ints: list[_Factor]  # K's factors
    jfac: _Factor
    offset: int  # c
    n: Node  # the divisor

    def key(self, code: Code) -> tuple[str, ...]:
        return (tuple(sorted(code.text_of(f.core).replace(" ", "") for f in self.ints)),
                self.offset, code.text_of(self.n).replace(" ", ""))  # type: ignore[return-value]


def _op(code: Code, n: Node) -> str:
    o = n.child_by_field_name("operator")
    return code.text_of(o) if o is not None else ""


def _inner(n: Node) -> Node | None:
    return n.named_children[0] if n.named_children else None


def _call_name(code: Code, n: Node) -> str:
    fn = n.child_by_field_name("function") or _inner(n)
    name = code.text_of(fn).replace(" ", "") if fn is not None else ""
    return name.lower() if code.fortran else name


def _args(n: Node) -> list[Node]:
    al = n.child_by_field_name("arguments") or next(
        (c for c in n.named_children if c.type == "argument_list"), None)
    return [c for c in al.named_children if c.type != "comment"] if al is not None else []


def _literal(code: Code, n: Node) -> Fraction | None:
    if n.type != "number_literal":
        return None
    s = code.text_of(n).lower().split("_")[0].rstrip("lfu").replace("d", "e")
    try:
        return Fraction(s)
    except ValueError:
        return None


def _cast_core(code: Code, n: Node) -> tuple[Node, bool] | None:
    """(the value inside, whether the cast makes it floating) for ``(double)x``,
    ``real(x, dp)``, ``dble(x)``, parentheses; None when ``n`` is not one of these."""
    if n.type == "parenthesized_expression":
        inner = _inner(n)
        return (inner, False) if inner is not None else None
    if n.type == "cast_expression":
        typ = n.child_by_field_name("type")
        val = n.child_by_field_name("value")
        if typ is None or val is None:
            return None
        return val, bool(FLOAT_TYPE.search(code.text_of(typ)))
    if n.type == "call_expression" and code.fortran and _call_name(code, n) in F_CASTS:
        a = _args(n)
        return (a[0], True) if a else None
    return None


class _Reader:
    """Reads one argument expression into literals, pi, integer factors and the divisor."""

    def __init__(self, code: Code, fn: Node | None, lp: Loop, written: set[str],
                 nest_written: set[str]) -> None:
        self.code, self.fn, self.lp = code, fn, lp
        self.written, self.nest_written = written, nest_written

    def floating(self, n: Node) -> bool:
        c = self.code
        lit = _literal(c, n)
        if lit is not None:
            s = c.text_of(n).lower()
            return "." in s or "e" in s.split("_")[0] or "d" in s.split("_")[0]
        if n.type == "identifier":
            name = c.name_of(n)
            return name.lower() in PI_NAMES or bool(FLOAT_TYPE.search(
                c.declared_type(self.fn, name)))
        cast = _cast_core(c, n)
        if cast is not None:
            return cast[1] or self.floating(cast[0])
        if n.type in ("binary_expression", "math_expression"):
            left, right = n.child_by_field_name("left"), n.child_by_field_name("right")
            return any(x is not None and self.floating(x) for x in (left, right))
        return False

    def product(self, n: Node) -> _Product:
        c = self.code
        if n.type == "parenthesized_expression":
            inner = _inner(n)
            if inner is not None and inner.type in ("binary_expression", "math_expression") \
                    and _op(c, inner) in ("*", "/"):
                return self.product(inner)
        if n.type == "unary_expression" and c.text_of(n).lstrip()[:1] in "-+":
            arg = n.child_by_field_name("argument") or n.named_children[-1]
            return self.product(arg)  # the sign stays in the text the table evaluates
        if n.type in ("binary_expression", "math_expression") and _op(c, n) in ("*", "/"):
            left, right = n.child_by_field_name("left"), n.child_by_field_name("right")
            if left is None or right is None:
                raise _No(f"'{c.text_of(n)}' is not a product")
            a, b = self.product(left), self.product(right)
            if _op(c, n) == "*":
                return _Product(a.num + b.num, a.den + b.den, a.floating or b.floating)
            if not (a.floating or b.floating):
                raise _No(f"'{c.text_of(n)}' divides integers (the remainder is dropped)")
            return _Product(a.num + b.den, a.den + b.num, True)
        return _Product([n], [], self.floating(n))

    def integer(self, n: Node, nest: bool) -> _Factor:
        """``n`` as an integer factor free of names written in the loop (``nest``: in the
        whole nest); raises when it is not."""
        c = self.code
        core = n
        while True:
            cast = _cast_core(c, core)
            if cast is None:
                break
            core = cast[0]
        for d in walk(core):
            if d.type in ("call_expression", "subscript_expression", "field_expression",
                          "pointer_expression"):
                raise _No(f"'{c.text_of(n)}' is not an integer expression of plain names")
            if d.type == "number_literal" and _literal(c, d) is not None and \
                    _literal(c, d) != int(_literal(c, d) or 0):
                raise _No(f"'{c.text_of(n)}' is not an integer")
            if d.type != "identifier":
                continue
            name = c.name_of(d)
            typ = c.declared_type(self.fn, name)
            if not INT_TYPE.search(typ) and not self._loop_var(name):
                expanded = c.expand(c.text_of(d)).strip()
                if not expanded.isdigit():
                    raise _No(f"{name} in '{c.text_of(n)}' is not declared an integer")
            where = self.nest_written if nest else self.written
            if name in where:
                raise _No(f"{name} in '{c.text_of(n)}' is written inside the "
                          + ("nest" if nest else f"loop over {self.lp.var}"))
        return _Factor(n, core)

    def _loop_var(self, name: str) -> bool:
        cur: Node | None = self.lp.node
        while cur is not None:
            if cur.type in (C_LOOP, F_LOOP) and self.code.loop(cur).var == name:
                return True
            cur = cur.parent
        return False


def _written(code: Code, n: Node) -> set[str]:
    """Names assigned (or passed by address / to a Fortran call) under ``n``."""
    out: set[str] = set()

    def base(x: Node | None) -> None:
        while x is not None and x.type in ("subscript_expression", "field_expression",
                                           "parenthesized_expression", "pointer_expression",
                                           "call_expression", "derived_type_member_expression"):
            x = x.child_by_field_name("argument") or x.child_by_field_name("value") or _inner(x)
        if x is not None and x.type == "identifier":
            out.add(code.name_of(x))

    for d in walk(n):
        if d.type in ("assignment_expression", "assignment_statement"):
            base(d.child_by_field_name("left"))
        elif d.type == "update_expression" or (d.type == "pointer_expression"
                                               and _op(code, d) == "&"):
            base(d.child_by_field_name("argument"))
        elif d.type == "subroutine_call":
            for a in walk(d):
                if a.type == "identifier":
                    out.add(code.name_of(a))
        elif d.type == F_LOOP or d.type == C_LOOP:
            v = code.loop(d).var
            if v:
                out.add(v)
    return out


def _scalar_value(code: Code, lp: Loop, name: str, before: Node) -> Node | None:
    """The right-hand side of the one assignment ``name = expr`` among the loop body's own
    statements ahead of ``before``; None when there is not exactly one such, or it is not a
    statement of the body itself."""
    found: list[Node] = []
    for d in walk(lp.node):
        if d.type not in ("assignment_expression", "assignment_statement"):
            continue
        left = d.child_by_field_name("left")
        if left is None or left.type != "identifier" or code.name_of(left) != name:
            continue
        found.append(d)
    if len(found) != 1:
        return None
    stmt = found[0].parent if found[0].type == "assignment_expression" else found[0]
    if stmt is None or stmt not in lp.body or found[0].start_byte > before.start_byte:
        return None
    if found[0].type == "assignment_expression" and _op(code, found[0]) not in ("=", ""):
        return None
    return found[0].child_by_field_name("right")


def _phase(code: Code, rd: _Reader, lp: Loop, call: Node) -> _Phase:
    name = _call_name(code, call)
    args = _args(call)
    if len(args) != 1:
        raise _No(f"{name} at line {call.start_point[0] + 1} does not take one argument")
    expr = args[0]
    if expr.type == "identifier":
        value = _scalar_value(code, lp, code.name_of(expr), call)
        if value is None:
            raise _No(f"the argument {code.text_of(expr)} of {name} (line "
                      f"{call.start_point[0] + 1}) is not assigned once in the loop body "
                      "before the call")
        expr = value
    prod = rd.product(expr)
    coef, pis = Fraction(1), 0
    ints: list[_Factor] = []
    jfac: _Factor | None = None
    offset = 0
    for f in prod.num:
        lit = _literal(code, f)
        if lit is not None:
            coef *= lit
            continue
        if f.type == "identifier" and code.name_of(f).lower() in PI_NAMES:
            coef *= PI_NAMES[code.name_of(f).lower()]
            pis += 1
            continue
        if lp.var in code.identifiers(f):
            core = f
            while (cast := _cast_core(code, core)) is not None:
                core = cast[0]
            off = _offset(code, core, lp.var)
            if off is None or jfac is not None:
                raise _No(f"'{code.text_of(f)}' is not the loop variable {lp.var} plus a "
                          "constant, once")
            jfac, offset = _Factor(f, core), off
            continue
        ints.append(rd.integer(f, nest=False))
    divisors = []
    for f in prod.den:
        lit = _literal(code, f)
        if lit is not None and lit != 0:
            coef /= lit
            continue
        if f.type == "identifier" and code.name_of(f).lower() in PI_NAMES:
            raise _No("pi divides the argument")
        divisors.append(rd.integer(f, nest=True))
    if jfac is None:
        raise _No(f"the argument '{code.text_of(expr)}' does not grow with {lp.var}")
    if pis != 1 or coef.denominator != 1 or coef.numerator % 2:
        raise _No(f"the argument '{code.text_of(expr)}' is not an even multiple of pi times "
                  "integers (the function's period is not a whole number of steps)")
    if len(divisors) != 1:
        raise _No(f"the argument '{code.text_of(expr)}' is not divided by one integer n")
    return _Phase(call, PERIODIC[name], name, expr, ints, jfac, offset, divisors[0].core)


def _offset(code: Code, core: Node, var: str) -> int | None:
    """``c`` when ``core`` is ``var + c`` (``var``, ``(var - 1)``...), else None."""
    p = poly(code, core)
    if p is None or set(p) - {(), (var,)} or p.get((var,)) != 1:
        return None
    return p.get((), 0)


def fresh_name(code: Code, base: str) -> str:
    """A name starting with ``base`` that the file does not use yet (case-insensitively, for
    Fortran): what generators call the variables they introduce."""
    used = set(re.findall(r"[A-Za-z_]\w*", code.text.lower()))
    name, i = base, 1
    while name.lower() in used:
        i += 1
        name = f"{base}{i}"
    return name


def _table_type(code: Code, fn: Node | None, ph: _Phase, arg_name: str | None) -> str:
    if code.fortran:
        if arg_name:
            typ = code.declared_type(fn, arg_name)
            if typ:
                return typ
        for d in walk(ph.expr):
            if d.type == "call_expression" and _call_name(code, d) == "real" and \
                    len(_args(d)) == 2:
                return f"real({code.text_of(_args(d)[1])})"
            if d.type == "call_expression" and _call_name(code, d) in ("dble", "dfloat"):
                return "double precision"
            if d.type == "number_literal" and "_" in code.text_of(d):
                return f"real({code.text_of(d).split('_', 1)[1]})"
        raise _No("the kind of the argument is not written (declare it or use real(x, kind))")
    if ph.name.endswith("f"):
        return "float"
    if arg_name and "float" in code.declared_type(fn, arg_name).split():
        return "float"
    return "double"


def math_table(code: Code, line: int, rel: str) -> Generated | Refusal:
    """The periodic libm calls of the innermost loop at ``line`` read from a table of their
    values computed once before the nest (module docstring); else the math calls whose
    arguments do not change in the loop computed once before it
    (:func:`perfscout.transform.hoist.hoist_calls`); a Refusal naming why neither applies."""
    got = _table(code, line, rel)
    if isinstance(got, Generated):
        return got
    other = hoist_calls(code, line, rel)
    if isinstance(other, Generated):
        return other
    return Refusal(WHAT, f"{got.reason}; {other.reason}")


def _table(code: Code, line: int, rel: str) -> Generated | Refusal:
    nodes = code.loops_at(line)
    if not nodes:
        return Refusal(WHAT, f"line {line} of {code.path} is not inside a loop")
    lp = code.loop(nodes[0])
    if not lp.counted:
        return Refusal(WHAT, lp.problem)
    fn = code.function_of(lp.node)
    calls = [d for d in walk(lp.node) if d.type == "call_expression"
             and _call_name(code, d) in PERIODIC]
    if not calls:
        return Refusal(WHAT, f"the loop over {lp.var} at line {lp.line} calls no sin/cos")
    if lp.step != 1:
        return Refusal(WHAT, f"the loop over {lp.var} at line {lp.line} does not step by 1")
    jumps = JUMPS_F if code.fortran else JUMPS_C
    for d in walk(lp.node):
        if d.type in jumps and (d.type != "keyword_statement" or code.text_of(d).lower()
                                .split()[0] in ("cycle", "exit", "return", "stop")):
            return Refusal(WHAT, f"'{code.text_of(d).strip()}' at line {d.start_point[0] + 1} "
                                 "leaves the loop body early (the phase would not advance)")
    if any(d.type in (C_LOOP, F_LOOP) for d in walk(lp.node)[1:]):
        return Refusal(WHAT, f"the loop over {lp.var} at line {lp.line} holds another loop")
    body_written = set()
    for s in lp.body:
        body_written |= _written(code, s)
    if lp.var in body_written:
        return Refusal(WHAT, f"the loop variable {lp.var} is assigned in the loop body")
    if not code.fortran:  # declared in the body: out of scope where the table is filled
        body_written |= declared_in(code, lp.node)
    # the outermost loop around lp in which nothing writes the divisor: the table goes there
    outer_nodes = [n for n in nodes if n.type in (C_LOOP, F_LOOP)]
    rd = _Reader(code, fn, lp, body_written, set())
    phases: list[_Phase] = []
    why: list[str] = []
    for call in calls:
        try:
            # the nest's writes are checked per divisor below (top loop chosen afterwards)
            rd.nest_written = set()
            phases.append(_phase(code, rd, lp, call))
        except _No as exc:
            why.append(f"{_call_name(code, call)} at line {call.start_point[0] + 1}: {exc}")
    if not phases:
        return Refusal(WHAT, "; ".join(why))
    key = phases[0].key(code)
    phases = [p for p in phases if p.key(code) == key]
    first = phases[0]
    n_names = code.identifiers(first.n)
    top: Loop | None = None
    for node in outer_nodes:
        if n_names & (_written(code, node) | (set() if code.fortran
                                              else declared_in(code, node))):
            break
        top = code.loop(node)
    if top is None:
        return Refusal(WHAT, f"{code.text_of(first.n)} is written inside the loop over "
                             f"{lp.var}")
    try:
        return _emit(code, rel, fn, lp, top, phases, why)
    except _No as exc:
        return Refusal(WHAT, str(exc))


def _emit(code: Code, rel: str, fn: Node | None, lp: Loop, top: Loop, phases: list[_Phase],
          skipped: list[str]) -> Generated:
    first = phases[0]
    t = code.text_of
    n_txt = t(first.n)
    m, s, i = fresh_name(code, "ps_m"), fresh_name(code, "ps_s"), fresh_name(code, "ps_i")
    tables: dict[tuple[str, str], str] = {}  # (func, value text) -> table name
    values: dict[str, str] = {}
    edits: list[tuple[int, int, str]] = []
    arg_names = {}
    for ph in phases:
        a = _args(ph.call)[0]
        arg_names[id(ph)] = code.name_of(a) if a.type == "identifier" else None
        value = _substitute(code, ph, i)
        k = (ph.func, value)
        if k not in tables:
            name = fresh_name(code, f"ps_{ph.func}")
            while name in values:
                name += "_"
            tables[k] = name
            values[tables[k]] = value
        name = tables[k]
        ref = f"{name}({m})" if code.fortran else f"{name}[{m}]"
        edits.append((ph.call.start_byte, ph.call.end_byte, ref))
    typ = _table_type(code, fn, first, arg_names[id(first)])
    # the phase: K as the product of its factors, stepped modulo n
    k_txt = " * ".join(f"({t(f.core)})" for f in first.ints) or "1"
    start = f"({lp.lower}) + ({first.offset})" if first.offset else f"({lp.lower})"
    zero = lp.lower.strip() in ("0",) and first.offset == 0
    ind_top = code.indent_at(top.line)
    ind_lp = code.indent_at(lp.line)
    body_ind = ind_lp + "  "
    names = list(values)
    if code.fortran:
        init = "0" if zero else f"int(modulo(int({k_txt}, 8) * int({start}, 8), int({n_txt}, 8)))"
        pre_top = [f"{ind_top}allocate ({', '.join(f'{x}(0:{n_txt} - 1)' for x in names)})",
                   f"{ind_top}do {i} = 0, {n_txt} - 1"]
        pre_top += [f"{ind_top}  {x}({i}) = {values[x]}" for x in names]
        pre_top += [f"{ind_top}end do"]
        post_top = [f"{ind_top}deallocate ({', '.join(names)})"]
        pre_lp = [f"{ind_lp}{m} = {init}", f"{ind_lp}{s} = modulo({k_txt}, {n_txt})"]
        step = [f"{body_ind}{m} = {m} + {s}", f"{body_ind}if ({m} >= {n_txt}) {m} = {m} - {n_txt}"]
        end_stmt = next((c for c in lp.node.named_children if c.type == "end_do_loop_statement"),
                        None)
        if end_stmt is None:
            raise _No(f"the loop at line {lp.line} has no 'end do'")
        decl_at = fortran_decl_end(code, fn)
        edits.append((decl_at, decl_at, "\n".join(
            [f"{code.indent_at(code.data[:decl_at].decode().count(chr(10)))}{typ}, allocatable "
             f":: {', '.join(f'{x}(:)' for x in names)}",
             f"{code.indent_at(code.data[:decl_at].decode().count(chr(10)))}integer :: {m}, "
             f"{s}, {i}"]) + "\n"))
        line_start = code.data.rfind(b"\n", 0, end_stmt.start_byte) + 1
        edits.append((line_start, line_start, "\n".join(step) + "\n"))
        lp_start = code.data.rfind(b"\n", 0, lp.node.start_byte) + 1
        edits.append((lp_start, lp_start, "\n".join(pre_lp) + "\n"))
        top_start = code.data.rfind(b"\n", 0, top.node.start_byte) + 1
        top_end = top.node.end_byte
        edits.append((top_end, top_end, "\n" + "\n".join(post_top)))
        edits.append((top_start, top_start, "\n".join(pre_top) + "\n"))
        if code.fixed_form and any(len(x) > 72 for x in pre_top + pre_lp + step):
            raise _No("a generated line would pass column 72 of fixed-form Fortran")
    else:
        body = lp.node.child_by_field_name("body")
        if body is None or body.type != "compound_statement":
            raise _No(f"the body of the loop at line {lp.line} is not a braced block")
        init = "0" if zero else (f"(long)((((long long)({k_txt}) * ({start})) % ({n_txt}) + "
                                 f"({n_txt})) % ({n_txt}))")
        alloc = "".join(f"{ind_top}  {typ} *const {x} = ({typ} *)malloc(sizeof({typ}) * "
                        f"(size_t)({n_txt}));\n" for x in names)
        fill = (f"{ind_top}  long {i};\n{alloc}"
                f"{ind_top}  if ({' || '.join(f'!{x}' for x in names)}) abort();\n"
                f"{ind_top}  for ({i} = 0; {i} < ({n_txt}); {i}++) {{\n"
                + "".join(f"{ind_top}    {x}[{i}] = {values[x]};\n" for x in names)
                + f"{ind_top}  }}\n")
        top_start = code.data.rfind(b"\n", 0, top.node.start_byte) + 1
        edits.append((top_start, top_start, f"{ind_top}{{\n{fill}"))
        edits.append((top.node.end_byte, top.node.end_byte,
                      "\n" + "".join(f"{ind_top}  free({x});\n" for x in names)
                      + f"{ind_top}}}"))
        lp_start = code.data.rfind(b"\n", 0, lp.node.start_byte) + 1
        edits.append((lp_start, lp_start,
                      f"{ind_lp}{{\n{ind_lp}long {m} = {init}, {s} = (long)(({k_txt}) % "
                      f"({n_txt}));\n{ind_lp}if ({s} < 0) {s} += ({n_txt});\n"))
        close = body.end_byte - 1
        close_line = code.data.rfind(b"\n", 0, close) + 1
        at = close_line if not code.data[close_line:close].strip() else close
        edits.append((at, at, f"{body_ind}{m} += {s};\n{body_ind}if ({m} >= ({n_txt})) "
                              f"{m} -= ({n_txt});\n"))
        edits.append((lp.node.end_byte, lp.node.end_byte, f"\n{ind_lp}}}"))
    text = apply_edits(code, edits)
    if not code.fortran and not re.search(r"#\s*include\s*[<\"](stdlib\.h|cstdlib)[>\"]",
                                          text):
        text = "#include <stdlib.h>\n" + text
    funcs = sorted({ph.name for ph in phases})
    note = (f"{', '.join(funcs)} of '{t(first.expr)}' in the loop over {lp.var} at "
            f"{rel}:{lp.line} read from a table of {n_txt} values computed once before the "
            f"loop over {top.var} (line {top.line}), indexed by the phase mod("
            f"{k_txt} * ({lp.var}{'+' + str(first.offset) if first.offset else ''}), {n_txt}) "
            "stepped per iteration; results change by rounding only")
    if skipped:
        note += "; not changed: " + "; ".join(skipped)
    return Generated(WHAT, rel, make_diff(code.text, text, rel), text, note)


def _substitute(code: Code, ph: _Phase, i: str) -> str:
    """The call's value at phase ``i``: the argument with ``j + c`` replaced by ``i`` and each
    K factor by 1, under the same function."""
    base = ph.expr.start_byte
    s = code.data[ph.expr.start_byte:ph.expr.end_byte]
    reps = [(ph.jfac.core, i)] + [(f.core, "1") for f in ph.ints]
    for node, rep in sorted(reps, key=lambda r: r[0].start_byte, reverse=True):
        s = s[:node.start_byte - base] + f"({rep})".encode() + s[node.end_byte - base:]
    return f"{ph.name}({s.decode()})"


def fortran_decl_end(code: Code, fn: Node | None) -> int:
    """The byte just after the line of the unit's last declaration."""
    decls = [c for c in (fn.named_children if fn is not None else [])
             if c.type in ("variable_declaration", "implicit_statement", "use_statement")]
    if not decls:
        raise _No("the program unit declares nothing (implicit typing): no place to declare "
                  "the table")
    end = code.data.find(b"\n", decls[-1].end_byte)
    return len(code.data) if end < 0 else end + 1


__all__ = ["WHAT", "math_table"]
