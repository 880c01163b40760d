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

from pathlib import Path

from perfscout.transform.cnames import (
    ALLOC,
    Param,
    call_args,
    call_name,
    fn_locals,
    fn_name,
    fn_params,
    lvalue_base,
)
from perfscout.transform.nest import make_diff
from perfscout.transform.pragmas import (
    existing_pragma,
    insert_around,
    omp_clauses,
    why_not_parallel,
)
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
MAX_FILES = 400
MAX_BYTES = 2_000_000


class Project:
    """The project's C/C++ function definitions by name (this file first)."""

    def __init__(self, code: Code, root: Path | None) -> None:
        self.codes = project_codes(code, root, lambda lang: lang in ("c", "cpp"),
                                   max_files=MAX_FILES, max_bytes=MAX_BYTES)

    def definition(self, name: str) -> tuple[Code, Node] | None:
        short = name.rpartition("::")[2]
        for c in self.codes:
            for d in walk(c.tree.root_node):
                if d.type == "function_definition" and fn_name(c, d).rpartition("::")[2] \
                        == short:
                    return c, d
        return None


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


def callee_ok(proj: Project, name: str, depth: int = 0) -> tuple[str, list[Param]]:
    """("", its parameters) when the project function ``name`` writes only its own state
    (module docstring); (why not, []) otherwise."""
    found = proj.definition(name)
    if found is None:
        return f"{name}() is not defined in the project's sources (it may keep state)", []
    code, fn = found
    where = f"{name}() ({code.path}:{fn.start_point[0] + 1})"
    params = fn_params(code, fn)
    by_name = {p.name: p for p in params}
    local, static = fn_locals(code, fn)
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
            base, through = lvalue_base(code, target)
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
            cname = call_name(code, d)
            fnode = d.child_by_field_name("function")
            if cname in PURE or cname in STD_PURE or cname in ALLOC or (
                    fnode is not None and fnode.type in ("primitive_type",
                                                         "sized_type_specifier")):
                continue  # a pure function, an allocation, a conversion double(x)
            if fnode is not None and fnode.type == "field_expression":
                obj, _ = lvalue_base(code, fnode.child_by_field_name("argument"))
                if obj in local or (obj in by_name and not by_name[obj].writable):
                    continue
                return f"{where} calls {cname}() at line {line} on an object not its own", []
            if depth < 3:
                why, sub = callee_ok(proj, cname, depth + 1)
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
             and call_name(code, d) not in PURE and call_name(code, d) not in STD_PURE]
    if not calls:
        return Refusal(WHAT, f"the loop over {lp.var} at line {lp.line} calls no function")
    names: set[str] = set()
    for call in calls:
        cname = call_name(code, call)
        why, params = callee_ok(proj, cname)
        if why:
            return Refusal(WHAT, why)
        args = call_args(call)
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
    why, reds, priv, last = why_not_parallel(code, lp)
    if why:
        return Refusal(WHAT, f"loop {lp.var} (line {lp.line}): {why}")
    have = existing_pragma(code, lp, "omp")
    if have:
        return Refusal(WHAT, f"the loop at line {lp.line} already has '{have}'")
    cl = omp_clauses(reds, priv, last)
    text = insert_around(code, lp, f"#pragma omp parallel for schedule(dynamic){cl}")
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
            if d.type == "call_expression" and call_name(c, d).rpartition("::")[2] == short \
                    and any(n.type == C_LOOP for n in c.loops_at(d.start_point[0] + 1)):
                out.append((c.path, d.start_point[0] + 1))
    return out


def loop_callers(proj_root: Path, name: str, depth: int = 3) -> list[tuple[str, int, str]]:
    """(relative path, line, the function called there) of each call inside a counted for
    loop that reaches function ``name``: its own calls in loops, else those of the functions
    that call it outside a loop, up to ``depth`` calls up (``CNDF`` is called once per option
    by ``BlkSchlsEqEuroNoDiv``, which the option loop calls)."""
    codes = Project(Code("", "empty.c"), proj_root).codes[1:]
    seen: set[str] = set()
    names = [name.rpartition("::")[2]]
    for _ in range(depth):
        found: list[tuple[str, int, str]] = []
        up: list[str] = []
        for c in codes:
            for d in walk(c.tree.root_node):
                if d.type != "call_expression":
                    continue
                callee = call_name(c, d).rpartition("::")[2]
                if callee not in names:
                    continue
                if any(n.type == C_LOOP for n in c.loops_at(d.start_point[0] + 1)):
                    found.append((c.path, d.start_point[0] + 1, callee))
                    continue
                fn = c.function_of(d)
                outer = c.function_name(fn).rpartition("::")[2] if fn is not None else ""
                if outer and outer not in seen and outer not in names:
                    up.append(outer)
        if found:
            return found
        seen |= set(names)
        names = list(dict.fromkeys(up))
        if not names:
            break
    return []


__all__ = ["WHAT", "caller_parallel", "callers_of", "loop_callers"]
