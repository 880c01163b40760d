"""OpenMP on the loop that calls the hot function (``parallelize_caller``).

When the hot loop itself cannot run in parallel (it carries a dependence, or a loop around it
does, so a ``parallel for`` there would pay a barrier per outer step), the work is often one
call per independent item from a loop in the caller: ``for (n...) premium[n] =
price(book[n], steps);``. :func:`caller_parallel` puts ``#pragma omp parallel for
schedule(dynamic)`` on that loop (one parallel region, items of unequal cost balanced).

Legal only when, read from the parsed sources (the callee's definition is looked up in the
file and in the project's other C/C++ sources): every function the loop calls is either pure
(the C math library) or defined in the project and *writes only its own state*: its locals
(not ``static``), its by-value parameters, memory it allocates itself, and, through a pointer
or non-const reference parameter, only the loop's own element (the argument is ``&X[i]``,
``X + i`` or, for a reference, ``X[i]``, with ``i`` the loop variable and ``X`` not used
elsewhere in the loop); it calls only such functions, pure ones and members of its own locals;
it throws nothing. The loop itself must then pass the dependence test of ``parallelize_omp``
with those calls counted as pure (its own writes, scalars and reductions). Anything else is
refused naming the function and the statement.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from perfscout.transform.nest import make_diff
from perfscout.transform.pragmas import _blocking, _clauses, _existing, _insert
from perfscout.transform.region import PURE
from perfscout.transform.result import Generated, Refusal
from perfscout.transform.source import C_LOOP, Code, Node, project_codes, walk

WHAT = "parallelize_caller"
#: C++ library functions that neither write shared state nor keep any
STD_PURE = frozenset({
    "std::exp", "std::log", "std::log10", "std::sqrt", "std::pow", "std::sin", "std::cos",
    "std::tan", "std::atan", "std::atan2", "std::tanh", "std::abs", "std::fabs", "std::floor",
    "std::ceil", "std::max", "std::min", "std::erf", "std::erfc", "std::fma", "std::hypot",
    "std::cbrt", "std::round", "std::trunc", "std::exp2", "std::log2", "std::clamp",
    "std::swap", "std::isnan", "std::isfinite", "log2", "exp2", "erfc", "isnan", "isfinite",
    "sinh", "cosh", "asin", "acos", "expm1", "log1p", "fmod", "lround", "llround"})
ALLOC = frozenset({"malloc", "calloc", "realloc", "free", "aligned_alloc", "posix_memalign"})
MAX_FILES = 400
MAX_BYTES = 2_000_000


@dataclass
class _Param:
    name: str
    writable: bool  # a pointer to non-const, or a non-const reference
    index: int
    marks: str  # "*", "&", "[]"... ("" for a parameter passed by value)


def _call_name(code: Code, n: Node) -> str:
    fn = n.child_by_field_name("function")
    return code.text_of(fn).replace(" ", "") if fn is not None else ""


def _args(n: Node) -> list[Node]:
    al = n.child_by_field_name("arguments")
    return [c for c in al.named_children if c.type != "comment"] if al is not None else []


def _declarator_name(code: Code, d: Node | None) -> tuple[str, str]:
    """(name, the pointer/reference marks) of a declarator."""
    marks = ""
    while d is not None and d.type in ("pointer_declarator", "reference_declarator",
                                       "init_declarator", "array_declarator",
                                       "abstract_pointer_declarator"):
        if d.type == "pointer_declarator":
            marks += "*"
        elif d.type == "reference_declarator":
            marks += "&"
        elif d.type == "array_declarator":
            marks += "[]"
        d = d.child_by_field_name("declarator") or (
            next((c for c in d.named_children if c.type in ("identifier",
                 "pointer_declarator", "reference_declarator", "array_declarator")), None))
    return (code.text_of(d) if d is not None else ""), marks


def _params(code: Code, fn: Node) -> list[_Param]:
    decl = fn.child_by_field_name("declarator")
    while decl is not None and decl.type != "function_declarator":
        decl = decl.child_by_field_name("declarator")
    plist = decl.child_by_field_name("parameters") if decl is not None else None
    out = []
    for i, p in enumerate(c for c in (plist.named_children if plist is not None else [])
                          if c.type in ("parameter_declaration",
                                        "optional_parameter_declaration")):
        name, marks = _declarator_name(code, p.child_by_field_name("declarator"))
        const = any(c.type == "type_qualifier" and code.text_of(c) == "const"
                    for c in p.named_children)
        writable = bool(marks) and not const  # T *p, T &r, T p[] with non-const T
        out.append(_Param(name, writable, i, marks))
    return out


def _fn_name(code: Code, fn: Node) -> str:
    decl = fn.child_by_field_name("declarator")
    while decl is not None and decl.type != "function_declarator":
        decl = decl.child_by_field_name("declarator")
    inner = decl.child_by_field_name("declarator") if decl is not None else None
    return code.text_of(inner).replace(" ", "") if inner is not None else ""


class Project:
    """The project's C/C++ function definitions by name (this file first)."""

    def __init__(self, code: Code, root: Path | None) -> None:
        self.codes = project_codes(code, root, lambda lang: lang in ("c", "cpp"),
                                   max_files=MAX_FILES, max_bytes=MAX_BYTES)

    def definition(self, name: str) -> tuple[Code, Node] | None:
        short = name.rpartition("::")[2]
        for c in self.codes:
            for d in walk(c.tree.root_node):
                if d.type == "function_definition" and _fn_name(c, d).rpartition("::")[2] \
                        == short:
                    return c, d
        return None


def _base(code: Code, n: Node | None) -> tuple[str, bool]:
    """(the base name of an lvalue, whether it is reached through an index/pointer/member)."""
    through = False
    while n is not None and n.type in ("subscript_expression", "field_expression",
                                       "pointer_expression", "parenthesized_expression"):
        through = through or n.type != "parenthesized_expression"
        n = n.child_by_field_name("argument") or n.child_by_field_name("value") or (
            n.named_children[0] if n.named_children else None)
    return (code.text_of(n) if n is not None and n.type == "identifier" else ""), through


def _locals(code: Code, fn: Node) -> tuple[dict[str, str], list[str]]:
    """The function body's local names -> their marks ("*" for pointers, "alloc" for a
    pointer set from an allocation), and the static ones."""
    body = fn.child_by_field_name("body")
    out: dict[str, str] = {}
    static: list[str] = []
    for d in walk(body) if body is not None else []:
        if d.type not in ("declaration", "for_range_loop"):
            continue
        is_static = any(c.type == "storage_class_specifier" and code.text_of(c) == "static"
                        for c in d.named_children)
        decls = d.children_by_field_name("declarator")
        for dec in decls:
            name, marks = _declarator_name(code, dec)
            if not name:
                continue
            if is_static:
                static.append(name)
            init = dec.child_by_field_name("value") if dec.type == "init_declarator" else None
            alloc = init is not None and any(
                x.type in ("call_expression", "new_expression") and (
                    x.type == "new_expression" or _call_name(code, x) in ALLOC)
                for x in walk(init))
            out[name] = "alloc" if ("*" in marks and alloc) else marks
    return out, static


def _own_element(code: Code, arg: Node, var: str, ref: bool) -> str:
    """The array name when ``arg`` is the loop's own element (``&X[i]``, ``X + i``, or
    ``X[i]`` for a reference parameter), else ""."""
    def elem(n: Node) -> str:
        if n.type == "subscript_expression":
            idx = n.child_by_field_name("index") or n.child_by_field_name("indices")
            if idx is not None and code.text_of(idx).strip("[] ") == var:
                base = n.child_by_field_name("argument")
                return code.text_of(base) if base is not None and base.type == "identifier" \
                    else ""
        return ""
    if ref:
        return elem(arg)
    if arg.type == "pointer_expression" and code.text_of(arg).startswith("&"):
        inner = arg.child_by_field_name("argument")
        return elem(inner) if inner is not None else ""
    if arg.type == "binary_expression":
        left, right = arg.child_by_field_name("left"), arg.child_by_field_name("right")
        if left is not None and right is not None and code.text_of(right).strip() == var \
                and left.type == "identifier":
            return code.text_of(left)
    return ""


def _callee_ok(proj: Project, name: str, depth: int = 0) -> tuple[str, list[_Param]]:
    """("", its parameters) when the project function ``name`` writes only its own state
    (module docstring); (why not, []) otherwise."""
    found = proj.definition(name)
    if found is None:
        return f"{name}() is not defined in the project's sources (it may keep state)", []
    code, fn = found
    where = f"{name}() ({code.path}:{fn.start_point[0] + 1})"
    params = _params(code, fn)
    by_name = {p.name: p for p in params}
    local, static = _locals(code, fn)
    if static:
        return f"{where} keeps the static {static[0]} between calls", []
    body = fn.child_by_field_name("body")
    for d in walk(body) if body is not None else []:
        line = d.start_point[0] + 1
        if d.type in ("throw_statement", "co_return_statement", "asm_statement"):
            return f"{where} has '{code.text_of(d).split(chr(10))[0]}' at line {line}", []
        target: Node | None = None
        if d.type == "assignment_expression":
            target = d.child_by_field_name("left")
        elif d.type == "update_expression":
            target = d.child_by_field_name("argument")
        if target is not None:
            base, through = _base(code, target)
            if base in local:
                if through and local[base] == "*":
                    return (f"{where} writes through the pointer {base} at line {line}, "
                            "which may point outside the call"), []
                continue
            p = by_name.get(base)
            if p is not None and (not through or not p.marks or p.writable):
                continue  # its own copy, or the caller's element (checked at the call)
            return (f"{where} writes {code.text_of(target)} at line {line}, which is not its "
                    "own (a global or shared object)"), []
        if d.type == "call_expression":
            cname = _call_name(code, d)
            fnode = d.child_by_field_name("function")
            if cname in PURE or cname in STD_PURE or cname in ALLOC or (
                    fnode is not None and fnode.type in ("primitive_type",
                                                         "sized_type_specifier")):
                continue  # a pure function, an allocation, a conversion double(x)
            if fnode is not None and fnode.type == "field_expression":
                obj, _ = _base(code, fnode.child_by_field_name("argument"))
                if obj in local or (obj in by_name and not by_name[obj].writable):
                    continue
                return f"{where} calls {cname}() at line {line} on an object not its own", []
            if depth < 3:
                why, sub = _callee_ok(proj, cname, depth + 1)
                if not why and not any(p.writable for p in sub):
                    continue
                if not why:
                    why = f"{cname}() writes through a parameter"
                return f"{where} calls {cname}() at line {line}: {why}", []
            return f"{where} calls {cname}() at line {line} (calls nested too deep)", []
    return "", params


def caller_parallel(code: Code, line: int, rel: str, root: Path | None = None
                    ) -> Generated | Refusal:
    """``#pragma omp parallel for schedule(dynamic)`` on the innermost loop at ``line`` whose
    iterations are calls of functions that write only their own state (module docstring);
    a Refusal naming the function, the statement or the dependence otherwise."""
    if code.fortran:
        return Refusal(WHAT, "the caller's loop is Fortran: only C/C++ callers are analysed")
    lp = code.counted_loop_at(line, c_only=True)
    if isinstance(lp, str):
        return Refusal(WHAT, lp)
    proj = Project(code, root)
    calls = [d for st in lp.body for d in walk(st) if d.type == "call_expression"
             and _call_name(code, d) not in PURE and _call_name(code, d) not in STD_PURE]
    if not calls:
        return Refusal(WHAT, f"the loop over {lp.var} at line {lp.line} calls no function")
    names: set[str] = set()
    for call in calls:
        cname = _call_name(code, call)
        why, params = _callee_ok(proj, cname)
        if why:
            return Refusal(WHAT, why)
        args = _args(call)
        for p in params:
            if not p.writable or p.index >= len(args):
                continue
            arr = _own_element(code, args[p.index], lp.var, ref="&" in p.marks)
            uses = [d for d in walk(lp.node) if d.type == "identifier"
                    and code.text_of(d) == arr] if arr else []
            if not arr or len(uses) != 1:
                return Refusal(WHAT, f"{cname}() may write through its parameter {p.name}, "
                                     f"given {code.text_of(args[p.index])} at line "
                                     f"{call.start_point[0] + 1}: not the loop's own element "
                                     "used nowhere else in the loop")
        names.add(cname)
    code.pure_macros = code.pure_macros | frozenset(names)
    why, reds, priv, last = _blocking(code, lp)
    if why:
        return Refusal(WHAT, f"loop {lp.var} (line {lp.line}): {why}")
    have = _existing(code, lp, "omp")
    if have:
        return Refusal(WHAT, f"the loop at line {lp.line} already has '{have}'")
    cl = _clauses(reds, priv, last)
    text = _insert(code, lp, f"#pragma omp parallel for schedule(dynamic){cl}")
    note = (f"omp parallel for schedule(dynamic) on the loop over {lp.var} at {rel}:{lp.line}, "
            f"which calls {', '.join(sorted(names))}: each call writes only its own state "
            "and the loop's own element" + (f"; with{cl}" if cl else ""))
    return Generated(WHAT, rel, make_diff(code.text, text, rel), text, note,
                     flags=("-fopenmp",))


def callers_of(proj_root: Path, name: str) -> list[tuple[str, int]]:
    """(relative path, line) of each call of function ``name`` inside a counted for loop in
    the project's C/C++ sources: where :func:`caller_parallel` can be tried."""
    out = []
    short = name.rpartition("::")[2]
    for c in Project(Code("", "empty.c"), proj_root).codes[1:]:
        for d in walk(c.tree.root_node):
            if d.type == "call_expression" and _call_name(c, d).rpartition("::")[2] == short \
                    and any(n.type == C_LOOP for n in c.loops_at(d.start_point[0] + 1)):
                out.append((c.path, d.start_point[0] + 1))
    return out


__all__ = ["WHAT", "caller_parallel", "callers_of"]
