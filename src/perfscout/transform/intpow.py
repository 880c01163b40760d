"""``pow`` of a small constant integer exponent in the hot loop as multiplications
(``integer_pow``).

``pow(sr2, 3.0)`` or ``pow(r, -6.0)`` in a pair loop is a full libm call per iteration
(``__ieee754_pow`` in the profile): GCC and Clang keep it at ``-O2`` for any exponent other than
2 (0.5 with ``-ffast-math``). :func:`integer_pow` replaces each such call of the innermost loop
at the line by a ``static inline`` helper (in its own ``#ifndef`` guard, for headers) written
at the top of the file that multiplies by
repeated squaring with temporaries (``t2 = x * x; t4 = t2 * t2; return t4 * t2`` for 6); a
negative exponent returns ``1.0 / (...)``. The base is evaluated once, as by the call.

Legal for C/C++ ``pow``, ``powf``, ``std::pow`` whose exponent is a numeric literal (optionally
negated) of integer value, 1 <= |e| <= :data:`MAX_EXP`; a non-integer or non-constant exponent is
refused, naming it (Fortran ``x**3`` is already multiplied out by gfortran). The products round
differently from libm's correctly-rounded-or-nearly ``pow`` (up to a few ulps for 8), so the
change must be judged by a tolerance check of the output, never byte equality.
"""

from __future__ import annotations

import re
from fractions import Fraction

from perfscout.model.symbols import libm_routine
from perfscout.transform.nest import apply_edits, make_diff
from perfscout.transform.result import Generated, Refusal
from perfscout.transform.source import Code, Node, walk

WHAT = "integer_pow"
#: the largest |exponent| multiplied out (three squarings at most)
MAX_EXP = 8
#: the call's name -> the helper's floating type
POW = {"pow": "double", "std::pow": "double", "powf": "float", "std::powf": "float"}


def is_pow_symbol(name: str) -> bool:
    """Whether a profile's hotspot ``name`` is libm's pow: where it is hot, the generator is
    worth trying on the program's hot lines."""
    return libm_routine(name) == "pow"


def _name(code: Code, n: Node) -> str:
    fn = n.child_by_field_name("function")
    return code.text_of(fn).replace(" ", "") if fn is not None else ""


def _args(n: Node) -> list[Node]:
    al = n.child_by_field_name("arguments")
    return [c for c in al.named_children if c.type != "comment"] if al is not None else []


def exponent(code: Code, n: Node) -> int | str:
    """The integer value of the literal exponent ``n`` (``3.0``, ``-6``, ``(2.)``), or why it
    cannot be multiplied out."""
    text = code.text_of(n)
    core, sign = n, 1
    while core.type in ("parenthesized_expression", "unary_expression"):
        if core.type == "unary_expression":
            op = code.text_of(core).lstrip()[:1]
            if op not in "+-":
                break
            sign = -sign if op == "-" else sign
            inner = core.child_by_field_name("argument")
        else:
            inner = core.named_children[0] if core.named_children else None
        if inner is None:
            break
        core = inner
    if core.type != "number_literal":
        return f"the exponent '{text}' is not a constant"
    lit = code.text_of(core).lower().rstrip("lf")
    try:
        v = Fraction(lit) * sign
    except ValueError:
        return f"the exponent '{text}' is not a decimal constant"
    if v.denominator != 1:
        return f"the exponent '{text}' is not an integer"
    if not 1 <= abs(v.numerator) <= MAX_EXP:
        return f"the exponent '{text}' is outside 1..{MAX_EXP} in magnitude"
    return v.numerator


def _helper(name: str, typ: str, e: int) -> str:
    """``static inline typ name(typ x)``: x**e by repeated squaring, one temporary a square."""
    k = abs(e)
    lines, have, factors = [], {1: "x"}, []
    p = 1
    while p * 2 <= k:
        lines.append(f"  const {typ} t{p * 2} = t{p} * t{p};" if p > 1 else
                     f"  const {typ} t2 = x * x;")
        have[p * 2] = f"t{p * 2}"
        p *= 2
    rest = k
    for q in sorted(have, reverse=True):
        if rest >= q:
            factors.append(have[q])
            rest -= q
    prod = " * ".join(factors)
    one = "1.0f" if typ == "float" else "1.0"
    ret = f"{one} / ({prod})" if e < 0 else prod
    guard = name.upper() + "_DEFINED"  # a header may be read twice in one translation unit
    return f"#ifndef {guard}\n#define {guard}\nstatic inline {typ} {name}({typ} x) {{\n" \
        + "".join(x + "\n" for x in lines) + f"  return {ret};\n}}\n#endif\n"


def integer_pow(code: Code, line: int, rel: str) -> Generated | Refusal:
    """Each ``pow`` of a small constant integer exponent in the innermost loop at ``line``
    replaced by multiplications (module docstring); a Refusal naming the exponents that are not
    such when none is."""
    if code.fortran:
        return Refusal(WHAT, "Fortran x**n with a constant integer n is already multiplied "
                             "out by the compiler")
    loops = code.loops_at(line)
    if not loops:
        return Refusal(WHAT, f"line {line} of {code.path} is not inside a loop")
    lp = loops[0]
    edits: list[tuple[int, int, str]] = []
    helpers: dict[tuple[str, int], str] = {}
    why: list[str] = []
    used = set(re.findall(r"[A-Za-z_]\w*", code.text))
    for d in walk(lp):
        if d.type != "call_expression" or _name(code, d) not in POW:
            continue
        where = f"{code.text_of(d)} at line {d.start_point[0] + 1}"
        args = _args(d)
        if len(args) != 2:
            why.append(f"{where}: not two arguments")
            continue
        e = exponent(code, args[1])
        if isinstance(e, str):
            why.append(f"{where}: {e}")
            continue
        typ = POW[_name(code, d)]
        key = (typ, e)
        if key not in helpers:
            base = f"ps_pow{'f' if typ == 'float' else ''}_{'m' if e < 0 else ''}{abs(e)}"
            name = base
            while name in used:
                name += "_"
            helpers[key] = name
        edits.append((d.start_byte, d.end_byte,
                      f"{helpers[key]}({code.text_of(args[0])})"))
    if not edits:
        return Refusal(WHAT, "no pow() of the loop at line "
                       f"{lp.start_point[0] + 1} has a small constant integer exponent"
                       + (f" ({'; '.join(why[:3])})" if why else ""))
    if any(a[0] < b[1] and b[0] < a[1] for a in edits for b in edits if a is not b):
        return Refusal(WHAT, "a pow() with an integer exponent is nested in another's "
                             "argument")
    top = "".join(_helper(n, t, e) for (t, e), n in sorted(helpers.items(),
                                                            key=lambda kv: kv[1]))
    at = _after_includes(code)
    edits.append((at, at, ("\n" if at else "") + top + ("\n" if not at else "")))
    text = apply_edits(code, edits)
    note = (f"{len(edits) - 1} pow() call(s) of constant integer exponent in the loop at "
            f"{rel}:{lp.start_point[0] + 1} replaced by multiplications "
            f"({', '.join(sorted(helpers.values()))}); results differ from libm pow in the "
            "last bits: judge the output with a tolerance check, not byte equality")
    if why:
        note += "; not changed: " + "; ".join(why)
    return Generated(WHAT, rel, make_diff(code.text, text, rel), text, note)


def _after_includes(code: Code) -> int:
    """The byte just after the file's last top-level ``#include`` line (0 when none)."""
    incs = [c for c in code.tree.root_node.children if c.type == "preproc_include"]
    if not incs:
        return 0
    end = incs[-1].end_byte
    return end if code.data[end - 1:end] == b"\n" else (code.data.find(b"\n", end) + 1 or
                                                          len(code.data))


__all__ = ["MAX_EXP", "WHAT", "exponent", "integer_pow", "is_pow_symbol"]
