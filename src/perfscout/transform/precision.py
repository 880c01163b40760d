"""A software-emulated floating-point type in the hot routine changed to double
(``reduce_precision``).

``__float128``/``_Float128`` (C/C++) and gfortran's ``real(kind=16)`` are emulated by libgcc
calls per operation (``__addtf3``, ``__multf3``, ``__extenddftf2``...); 80-bit ``long double``
(``real(10)``) runs on the x87 unit, which has no vector form. When the profile's finding
(``app.precision``) names the hot line, :func:`reduce_precision` rewrites the routine holding it
so that its accumulators are ``double``:

- C/C++: every emulated type written inside the function body (declarations, casts,
  ``sizeof(T)``, template arguments) becomes ``double``; the ``L``/``q``/``Q`` suffix of its
  floating literals is dropped; ``sqrtl``/``fabsl``... and quadmath's ``sqrtq``/``powq``...
  become the double libm calls (``<math.h>`` included when it was not). A ``static``
  function's by-value parameters and result of the type change with it, and its prototypes
  (its callers are all in the file: C converts their arguments by value).
- Fortran: when the kind is a named parameter (``integer, parameter :: qp =
  selected_real_kind(33)``, ``= 16``, ``= real128``) used nowhere in the project but in the hot
  routine, its definition becomes ``kind(1.0d0)`` (in the module that holds it, possibly another
  file); when other code uses it too, only the routine's declarations (``real(qp)`` ->
  ``real(kind(1.0d0))``), literals (``1.0_qp``, ``1.5q0`` -> ``1.0d0``, ``1.5d0``) and
  conversions (``real(x, qp)`` -> ``real(x, kind(1.0d0))``) change. ``real*16`` and
  ``real(16)`` are rewritten in the routine either way.

Refused (no change, the reason named) when a value of the type crosses the routine's boundary
or its bits matter: a Fortran dummy argument or function result of the type (its callers pass
or receive the emulated type), a C parameter or result of it of a function that is not
``static`` (or is used as a value; a pointer or array parameter), a module, common or
file-scope variable of it used in the routine, its address taken or an array of it (Fortran:
any variable of a kept kind) passed to a call, an ``==``/``!=`` compare of it,
``transfer``/``equivalence``/``sizeof``/a union over it, unformatted I/O of it or a format that
asks for more digits than double holds (or bit edit descriptors), a ``printf`` ``%L``/``%Q``
conversion or ``quadmath_snprintf`` in the routine, and decimal types (``_Decimal64``: scaled
integers, not binary double, are their replacement). The results change (each term rounded to
double: a relative error near 1e-16 per operation instead of 1e-34), so the change is verified by
the program's own check with a tolerance, never by byte equality.
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

from perfscout.transform.devirt import _relative
from perfscout.transform.intpow import _after_includes
from perfscout.transform.nest import make_diff
from perfscout.transform.result import Generated, Refusal
from perfscout.transform.source import Code, Node, project_codes, walk

WHAT = "reduce_precision"
#: C/C++ emulated (or x87) type names written as one identifier
C_TYPES = frozenset({"__float128", "_Float128", "__float80", "_Float64x"})
#: decimal floating types: their replacement is scaled integers, not binary double
C_DECIMAL = frozenset({"_Decimal32", "_Decimal64", "_Decimal128"})
#: maths functions with a long double (``l``) or quadmath (``q``) form, renamed to the double one
MATH = frozenset({
    "sqrt", "fabs", "exp", "exp2", "expm1", "log", "log10", "log2", "log1p", "pow", "sin", "cos",
    "tan", "asin", "acos", "atan", "atan2", "sinh", "cosh", "tanh", "asinh", "acosh", "atanh",
    "floor", "ceil", "fmod", "hypot", "cbrt", "fma", "fmin", "fmax", "round", "trunc", "erf",
    "erfc", "tgamma", "lgamma", "ldexp", "copysign", "nearbyint", "rint", "remainder"})
#: quadmath's constants with a math.h double twin (``M_PIq`` -> ``M_PI``)
QUAD_CONSTANT = re.compile(r"^M_(?:E|LOG2E|LOG10E|LN2|LN10|PI|PI_2|PI_4|1_PI|2_PI|2_SQRTPI|SQRT2|"
                           r"SQRT1_2)q$")
#: the wide types' limits (``LDBL_EPSILON``, ``FLT128_MAX``): named in the note, not rewritten
WIDE_LIMIT = re.compile(r"^(?:LDBL|FLT128)_[A-Z_0-9]+$")
#: calls that print or scan with a format string (a %L or %Q conversion reads the wide type)
FORMATTED = frozenset({"printf", "fprintf", "sprintf", "snprintf", "scanf", "fscanf", "sscanf"})
#: Fortran intrinsics that read a value's bits or bytes
F_BITS = frozenset({"transfer", "storage_size", "sizeof", "c_sizeof", "c_loc", "bit_size"})
#: Fortran inquiry functions whose answer is the kind's: they answer for double after the change
F_INQUIRY = frozenset({"precision", "digits", "range", "epsilon", "huge", "tiny",
                       "maxexponent", "minexponent", "spacing", "nearest", "rrspacing"})
#: the double kind written into Fortran declarations and conversions
F_DOUBLE = "kind(1.0d0)"
#: most significant decimal digits a double prints meaningfully (a format asking more wants quad)
DOUBLE_DIGITS = 17
#: other Fortran files read for the kind parameter's definition and its other uses
MAX_FILES = 200

_F_TYPE = re.compile(r"^(real|complex)\s*(?:\*\s*(\d+)|\(\s*(?:kind\s*=\s*)?(\w+)\s*\))$", re.I)
_F_LITERAL = re.compile(r"^(\d+\.?\d*|\.\d+)(?:([eEdDqQ])([+-]?\d+))?(?:_(\w+))?$")
_F_DIGITS = re.compile(r"\b(?:[fdg]|es|en|e)\d+\.(\d+)", re.I)


def _lit_is_float(text: str) -> bool:
    t = text.lower()
    return (not t.startswith("0x") and ("." in t or "e" in t)) or (
        t.startswith("0x") and "p" in t)


def quad_literal_errors_only(code: Code, n: Node) -> bool:
    """Whether every syntax error under ``n`` is a C ``q``/``Q`` suffix of a number literal
    (``1.0Q``: GCC's ``__float128`` constant, which the C grammar does not know): such a file
    is still one this generator can read and rewrite."""
    errors = [d for d in walk(n) if d.is_error or d.is_missing]
    return bool(errors) and all(_q_suffix(code, e) is not None for e in errors)


def _q_suffix(code: Code, err: Node) -> Node | None:
    """The ``q`` identifier of an ERROR node that is only a literal's quad suffix, else None."""
    if not err.is_error or len(err.named_children) != 1:
        return None
    ident = err.named_children[0]
    prev = err.prev_sibling
    if ident.type != "identifier" or code.text_of(ident) not in ("q", "Q") or prev is None:
        return None
    last = prev
    while last.children:
        last = last.children[-1]
    return ident if last.type == "number_literal" and last.end_byte == err.start_byte else None


def reduce_precision(code: Code, line: int, rel: str, root: Path | None = None
                     ) -> Generated | Refusal:
    """The routine holding ``line`` computing in double instead of its emulated (or x87) type
    (module docstring); a Refusal naming what keeps the type when the change is not safe."""
    at = code.node_at_line(line)
    unit = code.function_of(at) if at is not None else None
    if unit is None:
        return Refusal(WHAT, f"line {line} of {rel} is in no function or program unit")
    got = _fortran(code, unit, rel, root) if code.fortran else _c(code, unit, rel)
    # a hot file given by its absolute path: the note names it relative to the project
    if isinstance(got, Generated):
        return replace(got, note=_relative(got.note, root))
    return Refusal(WHAT, _relative(got.reason, root))


# --- C and C++ ------------------------------------------------------------------------------
def _c_type(code: Code, n: Node) -> str:
    """``n``'s emulated type name when it is a type node naming one, else ""."""
    if n.type in ("type_identifier", "primitive_type") and code.text_of(n) in C_TYPES | C_DECIMAL:
        return code.text_of(n)
    if n.type == "sized_type_specifier" and any(c.type == "primitive_type" and code.text_of(c)
                                                == "double" for c in n.children) and any(
            c.type == "long" or code.text_of(c) == "long" for c in n.children):
        return "long double"
    return ""


def _declared(code: Code, decl: Node) -> list[tuple[str, Node]]:
    """(name, its declarator) of each variable a declaration names."""
    out = []
    for d in decl.children_by_field_name("declarator"):
        cur: Node | None = d
        top = d
        while cur is not None and cur.type not in ("identifier", "field_identifier"):
            if cur.type in ("function_declarator",):
                cur = None
                break
            cur = cur.child_by_field_name("declarator") or (
                cur.named_children[0] if cur.named_children else None)
        if cur is not None:
            out.append((code.text_of(cur), top))
    return out


def _pointer(d: Node) -> bool:
    cur: Node | None = d
    while cur is not None:
        if cur.type in ("pointer_declarator", "reference_declarator"):
            return True
        cur = cur.child_by_field_name("declarator")
    return False


def _c(code: Code, fn: Node, rel: str) -> Generated | Refusal:
    name = code.function_name(fn)
    body = fn.child_by_field_name("body")
    decl = fn.child_by_field_name("declarator")
    if fn.type != "function_definition" or body is None or decl is None:
        return Refusal(WHAT, f"{name} at {rel} is not a function definition")
    sig = _c_signature(code, fn, name)
    if isinstance(sig, str):
        return Refusal(WHAT, sig)
    nodes = walk(body)
    types = [n for n in nodes if _c_type(code, n)]
    if not types:
        return Refusal(WHAT, f"{name} declares no __float128, _Float128 or long double")
    dec = sorted({_c_type(code, n) for n in types} & C_DECIMAL)
    if dec:
        return Refusal(WHAT, f"{name} computes in {dec[0]}: decimal arithmetic is replaced by "
                             "scaled integers, not binary double")
    names: set[str] = set(sig[1])
    for n in nodes:
        if n.type == "declaration" and (t := n.child_by_field_name("type")) is not None and \
                _c_type(code, t):
            for v, d in _declared(code, n):
                if _pointer(d):
                    return Refusal(WHAT, f"'{v}' in {name} points to {_c_type(code, t)}: the "
                                         "memory it points to is typed elsewhere")
                names.add(v)
    why = _c_unsafe(code, fn, nodes, names)
    if why:
        return Refusal(WHAT, f"{why} in {name}")
    edits: list[tuple[int, int, str]] = [(n.start_byte, n.end_byte, "double")
                                         for n in [*types, *sig[0]]]
    quadmath = False
    limits: set[str] = set()
    for n in nodes:
        if n.type == "number_literal" and _lit_is_float(code.text_of(n)):
            if code.text_of(n)[-1] in "lLqQwW":
                edits.append((n.end_byte - 1, n.end_byte, ""))
        elif n.type == "literal_suffix" and code.text_of(n) in ("q", "Q", "w", "W"):
            edits.append((n.start_byte, n.end_byte, ""))
        elif n.is_error and (q := _q_suffix(code, n)) is not None:
            edits.append((q.start_byte, q.end_byte, ""))
        elif n.type == "call_expression" and (f := n.child_by_field_name("function")) \
                is not None and f.type == "identifier":
            call = code.text_of(f)
            if call[-1:] in ("l", "q") and call[:-1] in MATH:
                edits.append((f.start_byte, f.end_byte, call[:-1]))
                quadmath |= call[-1] == "q"
        elif n.type == "identifier" and QUAD_CONSTANT.match(code.text_of(n)):
            # quadmath's M_PIq: math.h's M_PI (else the product is still computed in quad)
            edits.append((n.end_byte - 1, n.end_byte, ""))
            quadmath = True
        elif n.type == "identifier" and WIDE_LIMIT.match(code.text_of(n)):
            limits.add(code.text_of(n))
    if quadmath and not re.search(r"^\s*#\s*include\s*[<\"](?:c?math)(?:\.h)?[>\"]", code.text,
                                  re.M):
        at = _after_includes(code)
        edits.append((at, at, "#include <math.h>\n"))
    data = code.data
    for lo, hi, rep in sorted(set(edits), reverse=True):
        data = data[:lo] + rep.encode() + data[hi:]
    text = data.decode()
    kinds = sorted({_c_type(code, n) for n in types})
    note = (f"{', '.join(kinds)} in {name} ({rel}:{fn.start_point[0] + 1}) computed in double"
            + (f" (variables {', '.join(sorted(names))})" if names else "")
            + (f"; {name} is static: its {', '.join(sorted(sig[2]))} of the type become "
               f"double with its declarations in {rel} (its callers, all in this file, convert "
               "by value)" if sig[0] else "")
            + (f"; {', '.join(sorted(limits))} (the wide type's limits) left as written: "
               "check them against double's" if limits else "")
            + "; the results change (each operation rounded to double, a relative error near "
              "1e-16 instead of the wide type's): verify with the program's own check and a "
              "tolerance")
    return Generated(WHAT, rel, make_diff(code.text, text, rel), text, note)


def _c_signature(code: Code, fn: Node, name: str
                 ) -> tuple[list[Node], set[str], set[str]] | str:
    """The emulated type nodes of ``fn``'s return and parameters and of its prototypes in
    the file, the parameters' names, and what they are (``result``, ``parameter x``); empty
    when the signature has none. The change to the signature is consistent only for a
    ``static`` function whose name is only called and declared in its file (C converts a
    by-value argument to the parameter's type): else why not, for a refusal."""
    decl = fn.child_by_field_name("declarator")
    ret = fn.child_by_field_name("type")
    types: list[Node] = []
    params: set[str] = set()
    what: set[str] = set()
    if ret is not None and _c_type(code, ret):
        types.append(ret)
        what.add("result")
    for p in walk(decl) if decl is not None else []:
        t = p.child_by_field_name("type") if p.type == "parameter_declaration" else None
        if t is None or not _c_type(code, t):
            continue
        d = p.child_by_field_name("declarator")
        if d is None or d.type != "identifier":
            return (f"parameter '{code.text_of(p)}' of {name} is {_c_type(code, t)} by "
                    "pointer or array: its callers pass the emulated type")
        types.append(t)
        params.add(code.text_of(d))
        what.add(f"parameter {code.text_of(d)}")
    if not types:
        return [], set(), set()
    static = any(c.type == "storage_class_specifier" and code.text_of(c) == "static"
                 for c in fn.children)
    if not static:
        return (f"{name} takes or returns {_c_type(code, types[0])} and is not static: its "
                "callers (possibly in other files) pass or receive the emulated type")
    own = fn.child_by_field_name("declarator")
    for n in walk(code.tree.root_node):
        if n.type != "identifier" or code.text_of(n) != name:
            continue
        up = n.parent
        if up is not None and up.type == "function_declarator":
            top = up.parent
            if top is not None and top.type == "declaration" and top.parent is not None and \
                    top.parent.type == "translation_unit":
                t = top.child_by_field_name("type")
                types += [x for x in [t] if x is not None and _c_type(code, x)]
                types += [x for x in walk(up) if x.type in ("primitive_type", "type_identifier",
                                                           "sized_type_specifier")
                          and _c_type(code, x) and x.parent is not None
                          and x.parent.type == "parameter_declaration"]
                continue
            if own is not None and own.start_byte <= n.start_byte < own.end_byte:
                continue
            return f"{name} is declared again at line {n.start_point[0] + 1} (an overload)"
        if up is None or up.type != "call_expression" or up.child_by_field_name("function") != n:
            return (f"{name} takes or returns {_c_type(code, types[0])} and is used as a value "
                    f"at line {n.start_point[0] + 1} (a pointer to it keeps the old type)")
    return types, params, what


def _c_unsafe(code: Code, fn: Node, nodes: list[Node], names: set[str]) -> str:
    """Why changing ``names`` (and the types written) in ``fn`` is unsafe, or ""."""
    local = set(names) | {v for n in nodes if n.type in ("declaration", "parameter_declaration")
                          for v, _d in _declared(code, n)}
    for p in walk(fn.child_by_field_name("declarator") or fn):
        if p.type == "parameter_declaration":
            local |= {v for v, _d in _declared(code, p)}
    wide = _c_file_scope(code)
    for n in nodes:
        if n.type == "identifier" and code.text_of(n) in wide and code.text_of(n) not in local:
            return (f"the file-scope variable '{code.text_of(n)}' is {wide[code.text_of(n)]} "
                    "(shared with other code)")
        uses = {code.text_of(d) for d in walk(n) if d.type == "identifier"} & names
        at = f"at line {n.start_point[0] + 1}"
        if n.type == "binary_expression" and (op := n.child_by_field_name("operator")) \
                is not None and op.type in ("==", "!=") and uses:
            return f"'{code.text_of(n)}' {at} compares the value for exact equality"
        if n.type == "pointer_expression" and code.text_of(n).startswith("&") and uses:
            return f"the address of '{code.text_of(n)[1:].strip()}' is taken {at}"
        if n.type == "sizeof_expression" and uses:
            return f"'{code.text_of(n)}' {at} reads the type's size"
        if n.type == "union_specifier" and any(_c_type(code, d) for d in walk(n)):
            return f"a union {at} overlays the type's bits"
        if n.type != "call_expression":
            continue
        fn_node = n.child_by_field_name("function")
        call = code.text_of(fn_node) if fn_node is not None else ""
        if call == "quadmath_snprintf":
            return f"quadmath_snprintf {at} prints the __float128 value"
        args = n.child_by_field_name("arguments")
        if call in FORMATTED and args is not None and any(
                a.type == "string_literal" and re.search(r"%[-+ #0-9.*]*(?:L|Q)[a-zA-Z]",
                                                         code.text_of(a))
                for a in args.named_children):
            return f"the format of {call} {at} has a %L/%Q conversion for the wide type"
        arrays = {v for v in names if code.array_extents(fn, v)}
        if args is not None and any(a.type == "identifier" and code.text_of(a) in arrays
                                    for a in args.named_children):
            return f"an array of the type is passed to {call} {at}"
    for n in walk(code.tree.root_node):
        if n.type == "union_specifier" and any(_c_type(code, d) for d in walk(n)) and \
                code.text_of(n.child_by_field_name("name") or n) in code.text_of(fn):
            return f"the union at line {n.start_point[0] + 1} overlays the type's bits, used"
    return ""


def _c_file_scope(code: Code) -> dict[str, str]:
    """File-scope variables of an emulated type: name -> type."""
    out: dict[str, str] = {}
    for n in code.tree.root_node.named_children:
        if n.type == "declaration" and (t := n.child_by_field_name("type")) is not None and \
                _c_type(code, t):
            for v, d in _declared(code, n):
                if d.type != "function_declarator":
                    out[v] = _c_type(code, t)
    return out


# --- Fortran --------------------------------------------------------------------------------
def _f_kind_value(code: Code, init: Node) -> str:
    """``wide`` when a kind parameter's value names an emulated or x87 real kind, else the
    name it copies (``qp2 = qp``), else ""."""
    t = code.text_of(init).replace(" ", "").lower()
    if t in ("16", "10", "real128", "kind(1.0q0)", "kind(1q0)", "kind(0.0q0)"):
        return "wide"
    m = re.match(r"^selected_real_kind\((?:p=)?(\d+)", t)
    if m:
        return "wide" if int(m.group(1)) > 15 else ""
    return t if re.fullmatch(r"[a-z_]\w*", t) else ""


def _f_params(codes: list[Code]) -> dict[str, tuple[Code, Node]]:
    """Kind parameters of an emulated real kind in the project: name -> (file, init value)."""
    found: dict[str, tuple[Code, Node, str]] = {}
    for c in codes:
        for d in walk(c.tree.root_node):
            if d.type != "variable_declaration" or not _is_kind_parameter(c, d):
                continue
            for i in d.named_children:
                if i.type == "init_declarator" and len(i.named_children) >= 2:
                    val = i.named_children[-1]
                    found[c.name_of(i.named_children[0])] = (c, val, _f_kind_value(c, val))
    wide = {k for k, v in found.items() if v[2] == "wide"}
    grew = True
    while grew:
        more = {k for k, v in found.items() if v[2] in wide} - wide
        wide |= more
        grew = bool(more)
    return {k: (found[k][0], found[k][1]) for k in wide}


def _is_kind_parameter(code: Code, d: Node) -> bool:
    """``d`` declares integer named constants (``integer, parameter :: qp = ...``)."""
    return any(c.type == "type_qualifier" and code.text_of(c).lower() == "parameter"
               for c in d.named_children) and any(
        c.type == "intrinsic_type" and code.text_of(c).lower().startswith("integer")
        for c in d.named_children)


def _f_wide(code: Code, typ: Node, params: dict[str, tuple[Code, Node]]) -> str:
    """The kind ``typ`` (an intrinsic_type) names when it is an emulated one (``qp``, ``16``),
    else ""."""
    m = _F_TYPE.match(code.text_of(typ).strip())
    if not m:
        return ""
    kind = (m.group(2) or m.group(3) or "").lower()
    if m.group(2) and m.group(1).lower() == "complex":  # complex*32 is two real(16)
        return kind if kind in ("32", "20") else ""
    return kind if kind in ("16", "10") or kind in params else ""


def _f_decl_names(code: Code, d: Node) -> list[str]:
    out = []
    for c in d.named_children:
        if c.type == "identifier":
            out.append(code.name_of(c))
        elif c.type in ("sized_declarator", "init_declarator") and c.named_children:
            out.append(code.name_of(c.named_children[0]))
    return out


def _own(code: Code, unit: Node) -> list[Node]:
    """The nodes of ``unit`` outside its internal procedures."""
    return [n for n in walk(unit) if code.function_of(n) == unit or n == unit]


def _fortran(code: Code, unit: Node, rel: str, root: Path | None) -> Generated | Refusal:
    name = code.function_name(unit)
    codes = project_codes(code, root, lambda lang: lang == "fortran", max_files=MAX_FILES)
    params = _f_params(codes)
    nodes = _own(code, unit)
    typ = {n: k for n in nodes if n.type == "intrinsic_type" and (k := _f_wide(code, n, params))}
    if not typ:
        return Refusal(WHAT, f"{name} declares no real(16), real*16 or real of a kind "
                             "parameter that selects quad or extended precision")
    decls = [n.parent for n in typ if n.parent is not None and
             n.parent.type == "variable_declaration"]
    names = {v for d in decls for v in _f_decl_names(code, d)}
    dummies = _f_dummies(code, unit)
    head = unit.named_children[0] if unit.named_children else unit
    result = [n for n in typ if n.parent == head]
    used = {k for k in typ.values() if k in params}
    # the kind parameter itself changes when nothing outside this routine uses it
    whole = sorted(k for k in used if not _used_elsewhere(codes, k, code, unit, params))
    shared = sorted(used - set(whole))
    if result:
        return Refusal(WHAT, f"{name} returns {code.text_of(result[0])}: its callers receive "
                             "the emulated type")
    passed = sorted(v for v in names & dummies if not _whole_typed(code, decls, v, whole))
    if passed:
        return Refusal(WHAT, f"the dummy argument {passed[0]} of {name} is of the emulated "
                             "type: its callers pass it")
    why = _f_unsafe(code, unit, nodes, names, codes, params) or _f_passed(
        code, unit, nodes, {v for v in names if not _whole_typed(code, decls, v, whole)})
    if why:
        return Refusal(WHAT, f"{why} in {name}")
    edits: list[tuple[int, int, str]] = []
    others: dict[str, tuple[Code, list[tuple[int, int, str]]]] = {}
    for k in whole:
        c, init = params[k]
        target = others.setdefault(c.path, (c, []))[1] if c is not code else edits
        target.append((init.start_byte, init.end_byte, F_DOUBLE))
    for n, k in typ.items():
        if k not in whole:
            word = re.match(r"\s*(\w+)", code.text_of(n))
            edits.append((n.start_byte, n.end_byte,
                          f"{word.group(1) if word else 'real'}({F_DOUBLE})"))
    rest = set(shared) | {"16", "10"}
    for n in nodes:
        if n.type == "number_literal":
            new = _f_literal(code.text_of(n), rest)
            if new is not None:
                edits.append((n.start_byte, n.end_byte, new))
        elif n.type == "identifier" and code.name_of(n) in shared and not _in_type_or_use(n):
            if not _conversion_kind(code, n):
                return Refusal(WHAT, f"the kind {code.name_of(n)} is used at line "
                                     f"{n.start_point[0] + 1} of {name} in a way this change "
                                     f"does not rewrite ('{code.text_of(n.parent or n)}')")
            edits.append((n.start_byte, n.end_byte, F_DOUBLE))
    text = _apply(code.data, edits)
    out = tuple((p, _apply(c.data, e)) for p, (c, e) in sorted(others.items()))
    diff = make_diff(code.text, text, rel) + "".join(
        make_diff(others[p][0].text, t, p) for p, t in out)
    where = []
    if whole:
        where.append(f"the kind parameter {', '.join(whole)} (used only by {name}) defined as "
                     f"{F_DOUBLE}" + "".join(f" in {p}" for p in others))
    if shared or any(k not in whole for k in typ.values()):
        where.append(f"the declarations, literals and conversions of {name} changed to "
                     f"{F_DOUBLE}" + (f" ({', '.join(shared)} is used by other code too and "
                                      "stays as it is)" if shared else ""))
    asked = sorted({f"{code.name_of(n.named_children[0])}() at line {n.start_point[0] + 1}"
                    for n in nodes if n.type == "call_expression" and n.named_children
                    and code.name_of(n.named_children[0]) in F_INQUIRY})
    if asked:
        where.append(f"{', '.join(asked)} now answer(s) for double")
    note = (f"{name} ({rel}:{unit.start_point[0] + 1}) computed in double "
            f"(variables {', '.join(sorted(names))}): {'; '.join(where)}; the results change "
            "(each operation rounded to double, a relative error near 1e-16 instead of 1e-34): "
            "verify with the program's own check and a tolerance")
    return Generated(WHAT, rel, diff, text, note, others=out)


def _apply(data: bytes, edits: list[tuple[int, int, str]]) -> str:
    for lo, hi, rep in sorted(set(edits), reverse=True):
        data = data[:lo] + rep.encode() + data[hi:]
    return data.decode()


def _f_literal(text: str, kinds: set[str]) -> str | None:
    """A real literal of an emulated kind (``1.0_qp``, ``2.5e-3_16``, ``1.5q0``) written as a
    double one (``1.0d0``, ``2.5d-3``, ``1.5d0``); None for any other literal."""
    m = _F_LITERAL.match(text)
    if not m:
        return None
    mant, letter, exp, kind = m.group(1), m.group(2), m.group(3), (m.group(4) or "").lower()
    if not (kind in kinds or letter in ("q", "Q")) or ("." not in mant and exp is None):
        return None
    return f"{mant}d{exp or '0'}"


def _in_type_or_use(n: Node) -> bool:
    cur: Node | None = n.parent
    while cur is not None:
        if cur.type in ("intrinsic_type", "use_statement", "included_items", "number_literal"):
            return True
        cur = cur.parent
    return False


def _conversion_kind(code: Code, n: Node) -> bool:
    """``n`` is the kind argument of ``real``/``cmplx`` (``real(x, qp)``, ``kind=qp``)."""
    p = n.parent
    if p is not None and p.type == "keyword_argument":
        if not code.text_of(p).replace(" ", "").lower().startswith("kind="):
            return False
        p = p.parent
    call = p.parent if p is not None and p.type == "argument_list" else None
    fn = call.named_children[0] if call is not None and call.named_children else None
    return fn is not None and code.name_of(fn) in ("real", "cmplx")


def _f_dummies(code: Code, unit: Node) -> set[str]:
    head = unit.named_children[0] if unit.named_children else None
    ps = next((c for c in head.named_children if c.type == "parameters"), None) \
        if head is not None else None
    return {code.name_of(c) for c in ps.named_children if c.type == "identifier"} if ps else set()


def _whole_typed(code: Code, decls: list[Node], v: str, whole: list[str]) -> bool:
    """The dummy ``v`` is declared with a kind parameter changed as a whole (its callers, if
    any of them used the parameter, would change with it: none does)."""
    for d in decls:
        if v in _f_decl_names(code, d):
            t = next((c for c in d.named_children if c.type == "intrinsic_type"), None)
            m = _F_TYPE.match(code.text_of(t).strip()) if t is not None else None
            return bool(m and (m.group(3) or "").lower() in whole)
    return False


def _used_elsewhere(codes: list[Code], kind: str, code: Code, unit: Node,
                    params: dict[str, tuple[Code, Node]]) -> bool:
    """Whether the kind parameter ``kind`` is used outside ``unit`` (other than its own
    definition and ``use`` imports), or the project declares an emulated type by another
    spelling (its callers could pass it)."""
    pat = re.compile(rf"(?i)(?:\b|_){re.escape(kind)}\b")
    name = params[kind][1].parent
    for c in codes:
        for n in walk(c.tree.root_node):
            if c is code and unit.start_byte <= n.start_byte < unit.end_byte:
                continue
            if n.type == "intrinsic_type" and (pat.search(c.text_of(n)) or _f_wide(c, n, {})):
                return True
            if n.type == "number_literal" and pat.search(c.text_of(n)):
                return True
            if n.type == "identifier" and c.name_of(n) == kind and n.parent != name and \
                    not _in_type_or_use(n):
                return True
    return False


#: Fortran intrinsics that take a real of any kind by value (a call to anything else passes the
#: variable by reference to a dummy that may be declared with the emulated kind)
F_INTRINSICS = F_INQUIRY | frozenset({
    "real", "dble", "cmplx", "int", "nint", "floor", "ceiling", "aint", "anint", "abs", "sqrt",
    "exp", "log", "log10", "sin", "cos", "tan", "asin", "acos", "atan", "atan2", "sinh", "cosh",
    "tanh", "min", "max", "mod", "modulo", "sign", "sum", "product", "dot_product", "matmul",
    "maxval", "minval", "maxloc", "minloc", "size", "shape", "lbound", "ubound", "kind",
    "merge", "hypot", "erf", "erfc", "gamma", "log_gamma", "norm2", "conjg", "aimag",
    "fraction", "exponent", "scale", "transpose", "reshape", "spread", "pack", "count",
    "allocated", "present"})


def _f_passed(code: Code, unit: Node, nodes: list[Node], names: set[str]) -> str:
    """The first call of ``unit`` (not an intrinsic, not an array element) whose arguments hold
    one of ``names``: the callee's dummy may be declared with the emulated kind."""
    arrays = code.fortran_arrays(unit)
    for n in nodes:
        if n.type not in ("call_expression", "subroutine_call") or not n.named_children:
            continue
        callee = code.name_of(n.named_children[0])
        if n.type == "call_expression" and (callee in F_INTRINSICS or callee in arrays):
            continue
        held = {code.name_of(d) for c in n.named_children[1:] for d in walk(c)
                if d.type == "identifier"} & names
        if held:
            return (f"{sorted(held)[0]} is passed to {callee} at line {n.start_point[0] + 1} "
                    "(its dummy argument may be of the emulated type)")
    return ""


def _f_unsafe(code: Code, unit: Node, nodes: list[Node], names: set[str], codes: list[Code],
              params: dict[str, tuple[Code, Node]]) -> str:
    """Why computing ``names`` of ``unit`` in double is unsafe, or ""."""
    locals_ = {v for n in nodes if n.type == "variable_declaration"
               for v in _f_decl_names(code, n)}
    shared = _f_module_vars(codes, params)
    for n in nodes:
        at = f"at line {n.start_point[0] + 1}"
        if n.type == "identifier" and code.name_of(n) in shared and \
                code.name_of(n) not in locals_:
            return (f"the module variable {code.name_of(n)} is of the emulated type (a module "
                    "interface shared with other code)")
        uses = {code.name_of(d) for d in walk(n) if d.type == "identifier"} & names
        if not uses:
            continue
        low = code.text_of(n).lower()
        if n.type == "relational_expression" and any(
                c.type in ("==", "/=", ".eq.", ".ne.") or code.text_of(c).lower() in
                ("==", "/=", ".eq.", ".ne.") for c in n.children if not c.is_named):
            return f"'{code.text_of(n)}' {at} compares the value for exact equality"
        if n.type == "call_expression" and n.named_children and \
                code.name_of(n.named_children[0]) in F_BITS:
            return f"{code.name_of(n.named_children[0])}() {at} reads the value's bits"
        if low.startswith(("common", "equivalence")) and n.type.endswith("statement"):
            return f"'{code.text_of(n).strip()}' {at} shares the storage"
        if n.type in ("write_statement", "read_statement", "print_statement"):
            why = _f_io(code, n)
            if why:
                return f"{why} {at}"
    return ""


def _f_io(code: Code, n: Node) -> str:
    """Why the I/O statement ``n`` (which names a variable of the type) depends on the type."""
    fmt = next((c for c in n.named_children if c.type == "format_identifier" or (
        c.type == "keyword_argument" and code.text_of(c).replace(" ", "").lower().startswith(
            "fmt="))), None)
    if fmt is None:
        if n.type != "print_statement":
            return "unformatted (or namelist) I/O writes the type's bytes"
        return ""
    f = re.sub(r"(?i)^fmt\s*=\s*", "", code.text_of(fmt).strip())
    if f == "*":
        return ""
    lit = next((c for c in fmt.named_children if c.type == "string_literal"), None)
    if lit is not None:
        digits = [int(d) for d in _F_DIGITS.findall(f)]
        if any(d > DOUBLE_DIGITS for d in digits):
            return (f"the format {f} asks for {max(digits)} digits (more than double's "
                    f"{DOUBLE_DIGITS})")
        if re.search(r"(?i)(?:^|[(,\s])[boz]\d", f.strip("'\"")):
            return f"the format {f} prints the bits"
        return ""
    return f"the format {f} is not written in the statement (it may depend on the type)"


def _f_module_vars(codes: list[Code], params: dict[str, tuple[Code, Node]]) -> set[str]:
    """Variables of an emulated type declared in a module's specification part."""
    out: set[str] = set()
    for c in codes:
        for m in walk(c.tree.root_node):
            if m.type != "module":
                continue
            for d in m.named_children:
                t = next((x for x in d.named_children if x.type == "intrinsic_type"), None) \
                    if d.type == "variable_declaration" else None
                if t is not None and _f_wide(c, t, params):
                    out |= set(_f_decl_names(c, d))
    return out


__all__ = ["WHAT", "quad_literal_errors_only", "reduce_precision"]
