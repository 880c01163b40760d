"""A loop-invariant call of a pure project function computed once before the loop
(``hoist_invariant``).

``z[t] = (ds[t] - ds.mean()) / ds.stddev();`` in a loop over ``t``, with ``Series::mean`` and
``stddev`` defined in another translation unit, runs an O(n) function per element: O(n^2)
where O(n) would do. The compiler cannot move the call out: it sees only the declaration,
so for all it knows the call writes memory or does I/O. :func:`hoist_call` reads the
definition in the project's other C/C++ sources (:func:`~.source.project_codes`) and, when it
proves the function pure, computes each such call once into a ``const`` local before the
innermost loop at the line and uses the local in the loop.

A function is *pure* here when its definition (looked up by name; for ``obj.m()`` the method
of ``obj``'s declared class) reads only its parameters, the object it is called on and its
locals, and:

- writes only its locals and by-value parameters (not through a pointer or reference it
  receives, not a member, not a global; no ``static`` local);
- reads no mutable global (another call in the loop could change it);
- calls only pure functions: the C math library, ``std::`` maths, conversions, read-only
  accessors of a container (``size()``, ``begin()`` ...), or project functions proved pure
  the same way, at most ``MAX_DEPTH`` calls deep; no I/O (``printf``, ``std::cout``) and no
  ``throw``.

The call is loop-invariant when no name in its arguments is written in the loop (assigned,
incremented, its address taken, passed bare to another call that is not pure) or declared
inside it, and, for a member call, the object is neither written nor has a non-``const``
method called on it nor is passed to another call in the loop. Distinct names are assumed
not to alias (as everywhere in the transform stage; the note says so). The function is then
evaluated once even when the loop runs zero times: a pure function of in-bounds reads has no
effect, which the note states. Refusals name the write, the call or the changing argument.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from perfscout.transform.caller import STD_PURE
from perfscout.transform.cnames import (
    ALLOC,
    Param,
    call_name,
    declarator_name,
    fn_locals,
    fn_name,
    fn_params,
    lvalue_base,
)
from perfscout.transform.hoist import MATH, declared_in, written_in
from perfscout.transform.hoistpure import hoist_pure_call
from perfscout.transform.nest import apply_edits, make_diff
from perfscout.transform.region import PURE
from perfscout.transform.result import Generated, Refusal
from perfscout.transform.source import C_LOOP, Code, Loop, Node, project_codes, walk

WHAT = "hoist_invariant"
#: how many calls deep a pure function may call other project functions
MAX_DEPTH = 3
MAX_FILES = 400
MAX_BYTES = 2_000_000
#: read-only member functions of the standard containers and strings
CONST_ACCESSORS = frozenset({
    "size", "empty", "begin", "end", "cbegin", "cend", "rbegin", "rend", "data", "front",
    "back", "length", "capacity", "c_str", "find", "count", "contains"})
#: streams a function writes to: I/O
STREAMS = frozenset({"std::cout", "std::cerr", "std::clog", "cout", "cerr", "clog", "stdout",
                     "stderr"})
#: the key of :func:`_loop_state`'s answer naming a call of the loop that may write globals
GLOBALS = "*globals*"
CASTS = ("static_cast", "const_cast", "reinterpret_cast", "std::size_t", "size_t")


@dataclass(frozen=True)
class _Def:
    code: Code
    node: Node
    qualified: str  # Series::mean, clip
    cls: str  # the class it belongs to ("" for a free function)
    const: bool  # a const member function


class _Project:
    """The C/C++ function definitions and mutable globals of the project (this file first);
    ``.h`` headers are read as C++ when the hot file is C++."""

    def __init__(self, code: Code, root: Path | None) -> None:
        codes = project_codes(code, root, lambda lang: lang in ("c", "cpp"),
                              max_files=MAX_FILES, max_bytes=MAX_BYTES)
        self.codes = [c if not (code.lang == "cpp" and c.lang == "c") else
                      Code(c.text, c.path, "cpp") for c in codes]
        self.defs: dict[str, list[_Def]] = {}
        self.globals: dict[str, str] = {}  # mutable file-scope variable -> path:line
        for c in self.codes:
            for d in walk(c.tree.root_node):
                if d.type == "function_definition":
                    self._add(c, d)
            for d in c.tree.root_node.named_children:
                self._global(c, d)

    def _add(self, c: Code, d: Node) -> None:
        q = fn_name(c, d)
        cls = q.rpartition("::")[0]
        up = d.parent
        while not cls and up is not None:
            if up.type in ("class_specifier", "struct_specifier"):
                nm = up.child_by_field_name("name")
                cls = c.text_of(nm) if nm is not None else ""
                break
            up = up.parent
        decl = d.child_by_field_name("declarator")
        while decl is not None and decl.type != "function_declarator":
            decl = decl.child_by_field_name("declarator")
        const = decl is not None and any(
            x.type == "type_qualifier" and c.text_of(x) == "const" for x in decl.children)
        short = q.rpartition("::")[2]
        if cls and "::" not in q:
            q = f"{cls}::{q}"  # defined inside its class
        self.defs.setdefault(short, []).append(_Def(c, d, q, cls, const))

    def _global(self, c: Code, d: Node) -> None:
        if d.type != "declaration":
            return
        if any(x.type == "type_qualifier" and c.text_of(x) in ("const", "constexpr")
               for x in d.named_children):
            return
        for dec in d.children_by_field_name("declarator"):
            if any(x.type == "function_declarator" for x in walk(dec)):
                continue
            name, _ = declarator_name(c, dec)
            if name:
                self.globals[name] = f"{c.path}:{d.start_point[0] + 1}"

    def lookup(self, name: str, cls: str | None) -> list[_Def]:
        """Definitions of ``name``: the methods of ``cls`` when given (a member call), else
        the free functions."""
        found = self.defs.get(name.rpartition("::")[2], [])
        if cls is not None:
            return [d for d in found if d.cls == cls]
        return [d for d in found if not d.cls]


def _where(d: _Def) -> str:
    return f"{d.qualified}() ({d.code.path}:{d.node.start_point[0] + 1})"


def _impure(proj: _Project, d: _Def, depth: int, seen: frozenset[str]) -> str:
    """Why the definition ``d`` is not pure ("" when it is): the module docstring's rules."""
    code, fn = d.code, d.node
    where = _where(d)
    if d.qualified in seen:
        return ""  # recursion: proved by the other frames
    seen = seen | {d.qualified}
    by_name = {p.name: p for p in fn_params(code, fn)}
    local, static = fn_locals(code, fn)
    if static:
        return f"{where} keeps the static {static[0]} between calls"
    body = fn.child_by_field_name("body")
    for n in walk(body) if body is not None else []:
        line = n.start_point[0] + 1
        if n.type in ("throw_statement", "asm_statement", "goto_statement"):
            return f"{where} has '{code.text_of(n).splitlines()[0]}' at line {line}"
        if n.type in ("identifier", "qualified_identifier") and code.text_of(n) in STREAMS:
            return f"{where} writes to {code.text_of(n)} at line {line} (I/O)"
        if n.type == "identifier" and code.text_of(n) in proj.globals and \
                code.text_of(n) not in local and code.text_of(n) not in by_name:
            g = code.text_of(n)
            return (f"{where} reads the global {g} ({proj.globals[g]}) at line {line}, "
                    "which other code may change")
        target: Node | None = None
        if n.type == "assignment_expression":
            target = n.child_by_field_name("left")
        elif n.type == "update_expression":
            target = n.child_by_field_name("argument")
        if target is not None:
            why = _write(code, target, local, by_name)
            if why:
                return f"{where} writes {code.text_of(target)} at line {line}: {why}"
        if n.type == "call_expression":
            why = _call(proj, code, n, local, by_name, d, depth, seen)
            if why:
                return f"{where} {why}"
    return ""


def _write(code: Code, target: Node, local: dict[str, str], by_name: dict[str, Param]) -> str:
    """Why a write to ``target`` inside a function is not to its own state ("" when it is)."""
    base, through = lvalue_base(code, target)
    if base in local:
        marks = local[base]
        if "&" in marks or (through and "*" in marks and marks != "alloc"):
            return f"through the local pointer or reference {base}, which may point outside"
        return ""
    p = by_name.get(base)
    if p is not None:
        if not p.marks:
            return ""  # its own copy
        return f"through its parameter {base}, the caller's memory"
    if base:
        return f"{base} is not a local: a member or a global"
    return "the target is not a local"


def _call(proj: _Project, code: Code, n: Node, local: dict[str, str], by_name: dict[str, Param],
          d: _Def, depth: int, seen: frozenset[str]) -> str:
    """Why the call ``n`` inside the definition ``d`` is not pure ("" when it is)."""
    line = n.start_point[0] + 1
    cname = call_name(code, n)
    fnode = n.child_by_field_name("function")
    if cname in PURE or cname in STD_PURE or cname in MATH or cname in ALLOC or \
            cname.startswith(CASTS) or (fnode is not None and fnode.type in (
                "primitive_type", "sized_type_specifier")):
        return ""
    cls: str | None = None
    if fnode is not None and fnode.type == "field_expression":
        obj = fnode.child_by_field_name("argument")
        field = fnode.child_by_field_name("field")
        base, _ = lvalue_base(code, obj)
        method = code.text_of(field) if field is not None else cname
        is_this = obj is not None and code.text_of(obj) == "this"
        if base in local and not is_this:
            return ""  # a method of its own local object
        if not is_this and base not in by_name and not d.cls:
            return f"calls {cname}() at line {line} on {base or 'an object'}, not its own"
        if method in CONST_ACCESSORS:
            return ""
        cls = d.cls if (is_this or base not in by_name) else None
        cname = method
        if cls is None:
            return (f"calls {cname}() at line {line} on its parameter {base}: not a known "
                    "read-only accessor")
    elif d.cls and proj.lookup(cname, d.cls):
        cls = d.cls  # another method of the same object
    found = proj.lookup(cname, cls)
    if not found:
        return (f"calls {cname}() at line {line}, which is neither a known pure function nor "
                "defined in the project")
    if len(found) > 1:
        return f"calls {cname}() at line {line}, which the project defines {len(found)} times"
    if depth >= MAX_DEPTH:
        return f"calls {cname}() at line {line} (calls nested too deep to prove pure)"
    why = _impure(proj, found[0], depth + 1, seen)
    return f"calls {cname}() at line {line}: {why}" if why else ""


def _declared_class(code: Code, fn: Node | None, name: str) -> str:
    """The class name ``name`` is declared with in the function (``const Series& ds``,
    ``Series ds(n)``), "" when not found."""
    for d in walk(fn) if fn is not None else []:
        if d.type not in ("declaration", "parameter_declaration"):
            continue
        for dec in d.children_by_field_name("declarator"):
            nm, _ = declarator_name(code, dec)
            if nm == name:
                t = d.child_by_field_name("type")
                text = code.text_of(t) if t is not None else ""
                return re.sub(r"<.*", "", text).rpartition("::")[2].strip()
    return ""


@dataclass
class _Candidate:
    node: Node
    text: str
    fname: str
    d: _Def
    obj: str  # the base name of a member call's object, "" for a free function
    obj_node: Node | None = None  # the object expression (cells[c].series)


def _object_base(code: Code, obj: Node | None) -> str:
    """The base name of an object expression made of names, ``.`` members and subscripts
    (``ds``, ``cell.series``, ``cells[c]``); "" for anything else (a call, ``->``, ``*p``)."""
    n = obj
    while n is not None and n.type in ("field_expression", "subscript_expression",
                                       "parenthesized_expression"):
        if n.type == "field_expression" and "->" in code.text_of(n):
            return ""
        n = n.child_by_field_name("argument") or (n.named_children[0] if n.named_children
                                                  else None)
    return code.text_of(n) if n is not None and n.type == "identifier" else ""


def _resolve(proj: _Project, code: Code, fn: Node | None, call: Node
             ) -> _Candidate | str | None:
    """The project function a call of the loop names (None: not a project call, e.g. libm)."""
    cname = call_name(code, call)
    if cname in PURE or cname in STD_PURE or cname in MATH or cname in ALLOC:
        return None
    fnode = call.child_by_field_name("function")
    text = " ".join(code.text_of(call).split())
    line = call.start_point[0] + 1
    if fnode is not None and fnode.type == "field_expression":
        obj = fnode.child_by_field_name("argument")
        field = fnode.child_by_field_name("field")
        if code.text_of(fnode).find("->") >= 0:
            return f"{text} (line {line}) is called through a pointer"
        base = _object_base(code, obj)
        if obj is None or field is None or not base:
            return f"{text} (line {line}) is called through an expression, not a named object"
        method = code.text_of(field)
        cls = _declared_class(code, fn, base) if obj.type == "identifier" else ""
        if cls and cls != "auto":
            found = proj.lookup(method, cls)
            if not found and not any(x.cls == cls for v in proj.defs.values() for x in v):
                return None  # a library class (std::vector): not the project's to prove
        else:  # auto, a member's member, an element: the one method of that name
            found = [x for x in proj.defs.get(method, []) if x.cls]
        if not found:
            return (f"{text} (line {line}): no definition of {method}() in the project's "
                    "sources")
        if len(found) > 1:
            return f"{text} (line {line}): {method}() has {len(found)} definitions"
        return _Candidate(call, text, method, found[0], base, obj)
    found = proj.lookup(cname, None)
    if not found:
        if proj.defs.get(cname.rpartition("::")[2]):
            return f"{text} (line {line}) calls a member function on this"
        return (f"{text} (line {line}): {cname}() is not defined in the project's sources "
                "(nothing proves it pure)")
    if len(found) > 1:
        return f"{text} (line {line}): {cname}() has {len(found)} definitions"
    return _Candidate(call, text, cname, found[0], "")


def _loop_state(proj: _Project, code: Code, lp: Loop, cands: list[_Candidate]
                ) -> tuple[set[str], dict[str, str]]:
    """(names the loop may write, why each object of a member call may change)."""
    written = written_in(code, lp)
    touched: dict[str, str] = {}
    mine = {c.node.id for c in cands}
    fn = code.function_of(lp.node)
    for n in walk(lp.node):
        if n.type != "call_expression" or n.id in mine:
            continue
        cname = call_name(code, n)
        if cname in PURE or cname in STD_PURE or cname in MATH:
            continue
        inner = any(c.node.start_byte < n.start_byte and n.end_byte <= c.node.end_byte
                    for c in cands)
        if inner:  # nested in a pure candidate's arguments: pure ones change nothing
            got = _resolve(proj, code, fn, n)
            if got is None or (not isinstance(got, str) and not _impure(proj, got.d, 0,
                                                                          frozenset())):
                continue
        line = n.start_point[0] + 1
        fnode = n.child_by_field_name("function")
        if GLOBALS not in touched and not cname.startswith(CASTS) and not (
                fnode is not None and fnode.type in ("primitive_type", "sized_type_specifier")):
            got = _resolve(proj, code, fn, n)
            field = fnode.child_by_field_name("field") if fnode is not None and \
                fnode.type == "field_expression" else None
            if isinstance(got, str) or (got is None and field is not None and code.text_of(
                    field) not in CONST_ACCESSORS) or (isinstance(got, _Candidate) and _impure(
                    proj, got.d, 0, frozenset())):
                touched[GLOBALS] = f"{cname}() at line {line}"
        if fnode is not None and fnode.type == "field_expression":
            obj, _ = lvalue_base(code, fnode.child_by_field_name("argument"))
            field = fnode.child_by_field_name("field")
            method = code.text_of(field) if field is not None else ""
            cls = _declared_class(code, fn, obj)
            defs = proj.lookup(method, cls) if cls else []
            if method not in CONST_ACCESSORS and not (defs and all(x.const for x in defs)):
                touched.setdefault(obj, f"{code.text_of(n)} at line {line} may modify {obj} "
                                        f"({method}() is not a const member function)")
        al = n.child_by_field_name("arguments")
        for a in al.named_children if al is not None else []:
            if a.type == "identifier":
                name = code.text_of(a)
                written.add(name)
                touched.setdefault(name, f"{name} is passed to {cname}() at line {line}, "
                                         "which may modify it")
    return written, touched


def hoist_call(code: Code, line: int, rel: str, root: Path | None = None
               ) -> Generated | Refusal:
    """Each call of a pure project function with loop-invariant arguments in the innermost
    loop at ``line`` computed once into a ``const`` local before the loop (module
    docstring); a Refusal naming the impure statement, the changing argument or the missing
    definition otherwise."""
    if code.fortran:  # Fortran says which functions are pure: see hoistpure
        return hoist_pure_call(code, line, rel, root)
    loops = code.loops_at(line)
    if not loops:
        return Refusal(WHAT, f"line {line} of {rel} is not inside a loop")
    lp = code.loop(loops[0])
    fn = code.function_of(lp.node)
    proj = _Project(code, root)
    cands: list[_Candidate] = []
    why: list[str] = []
    for n in walk(lp.node):
        if n.type != "call_expression":
            continue
        if any(n.start_byte >= c.node.start_byte and n.end_byte <= c.node.end_byte
               for c in cands):
            continue  # inside an outer candidate's arguments
        got = _resolve(proj, code, fn, n)
        if isinstance(got, str):
            why.append(got)
        elif got is not None:
            cands.append(got)
    if not cands:
        return Refusal(WHAT, f"no call of a project function to hoist in the loop at line "
                             f"{lp.line}" + (f": {'; '.join(why[:3])}" if why else ""))
    impure: dict[int, str] = {}
    for c in cands:
        w = _impure(proj, c.d, 0, frozenset())
        if not w and c.obj and not c.d.const:
            w = f"{_where(c.d)} is not a const member function"
        if w:
            impure[c.node.id] = w
    # a pure call changes nothing: only the others may write what a candidate reads
    written, touched = _loop_state(proj, code, lp, [c for c in cands
                                                    if c.node.id not in impure])
    local = declared_in(code, lp.node)
    own = (declared_in(code, fn) | {p.name for p in fn_params(code, fn)}) \
        if fn is not None and fn.type == "function_definition" else set()
    file_scope = {k: v for k, v in proj.globals.items() if k not in own}
    if lp.node.type == "for_range_loop":
        nm, _ = declarator_name(code, lp.node.child_by_field_name("declarator"))
        local.add(nm)
    ok: list[_Candidate] = []
    refused: list[tuple[_Candidate, str]] = []
    for c in cands:
        w = impure.get(c.node.id) or _invariant(code, c, written, touched, local,
                                                file_scope) or \
            _pure_arguments(proj, code, fn, c)
        if w:
            refused.append((c, w))
            why.append(f"{c.text} (line {c.node.start_point[0] + 1}): {w}")
        else:
            ok.append(c)
    # the calls on the hot line are the point of the change: when none of them can move,
    # hoisting some other call of the loop (a size() in its condition) is not the answer
    on_line = [c for c in cands if c.node.start_point[0] + 1 == line]
    if not ok or (on_line and not any(c in ok for c in on_line)):
        return Refusal(WHAT, "; ".join(
            f"{c.text} (line {c.node.start_point[0] + 1}): {w}" for c, w in refused
            if not on_line or c in on_line) or "; ".join(why))
    return _emit(code, lp, rel, ok, why)


def _pure_arguments(proj: _Project, code: Code, fn: Node | None, c: _Candidate) -> str:
    """Why a call nested in the candidate's arguments or object is not pure ("" when each
    is: libm, a cast, or a project function proved pure): ``f(rand())`` must stay."""
    nodes = [*walk(c.node)[1:], *(walk(c.obj_node) if c.obj_node is not None else [])]
    for n in nodes:
        if n.type != "call_expression" or n.id == c.node.id:
            continue
        got = _resolve(proj, code, fn, n)
        cname = call_name(code, n)
        fnode = n.child_by_field_name("function")
        if got is None:
            field = fnode.child_by_field_name("field") if fnode is not None and \
                fnode.type == "field_expression" else None
            if field is not None and code.text_of(field) not in CONST_ACCESSORS:
                return f"its argument calls {cname}(), a library member not known to be pure"
            continue
        if cname.startswith(CASTS) or (fnode is not None and fnode.type in (
                "primitive_type", "sized_type_specifier")):
            continue
        if isinstance(got, str):
            return f"its argument calls {cname}(): {got}"
        why = _impure(proj, got.d, 0, frozenset())
        if why:
            return f"its argument calls {cname}(): {why}"
    return ""


def _invariant(code: Code, c: _Candidate, written: set[str], touched: dict[str, str],
               local: set[str], globals_: dict[str, str] | None = None) -> str:
    """Why the candidate's value may change between iterations ("" when it cannot). A
    file-scope variable among its arguments or its object may be written by any call of the
    loop not proved pure (``touched[GLOBALS]``)."""
    if GLOBALS in touched and globals_:
        al0 = c.node.child_by_field_name("arguments")
        names = {code.text_of(n) for n in [*(walk(al0) if al0 is not None else []), *(
            walk(c.obj_node) if c.obj_node is not None else [])] if n.type == "identifier"}
        for g in sorted(names | ({c.obj} if c.obj else set())):
            if g in globals_ and g not in local:
                return (f"{g} is a file-scope variable ({globals_[g]}) and the loop calls "
                        f"{touched[GLOBALS]}, which may write it")
    if c.obj:
        if c.obj in touched:
            return touched[c.obj]
        if c.obj in written:
            return f"{c.obj} is written in the loop"
        if c.obj in local:
            return f"{c.obj} is declared inside the loop"
    al = c.node.child_by_field_name("arguments")
    for n in [*walk(al), *(walk(c.obj_node) if c.obj_node is not None else [])] \
            if al is not None else []:
        if n.type != "identifier":
            continue
        name = code.text_of(n)
        if n.parent is not None and n.parent.type == "call_expression" and \
                n.parent.child_by_field_name("function") == n:
            continue  # a called function's name
        if name in touched:
            return touched[name]
        if name in written:
            return f"{name} changes in the loop"
        if name in local:
            return f"{name} is declared inside the loop (new in each iteration)"
    return ""


def _emit(code: Code, lp: Loop, rel: str, ok: list[_Candidate], why: list[str]
          ) -> Generated | Refusal:
    names: dict[str, str] = {}
    decls: list[str] = []
    edits: list[tuple[int, int, str]] = []
    for c in ok:
        if c.text not in names:
            name = f"ps_{c.fname}"
            while re.search(rf"\b{name}\b", code.text) or name in names.values():
                name += "_"
            typ = _result_type(code, c.d)
            if not typ:
                return Refusal(WHAT, f"{_where(c.d)} returns a pointer or nothing: no value to "
                                     "keep")
            names[c.text] = name
            decls.append(f"{typ} {name} = {code.text_of(c.node)};")
        edits.append((c.node.start_byte, c.node.end_byte, names[c.text]))
    ind = code.indent_at(lp.line)
    start = code.data.rfind(b"\n", 0, lp.node.start_byte) + 1
    parent = lp.node.parent
    if parent is not None and parent.type in (C_LOOP, "for_range_loop", "if_statement",
                                              "else_clause", "while_statement",
                                              "do_statement"):
        edits.append((start, start, f"{ind}{{\n" + "".join(f"{ind}{x}\n" for x in decls)))
        edits.append((lp.node.end_byte, lp.node.end_byte, f"\n{ind}}}"))
    else:
        edits.append((start, start, "".join(f"{ind}{x}\n" for x in decls)))
    text = apply_edits(code, edits)
    defs = sorted({_where(c.d) for c in ok})
    note = (f"{len(names)} call(s) of pure project functions with arguments unchanged in the "
            f"loop at {rel}:{lp.line} computed once before it ({', '.join(names)}; defined "
            f"in {', '.join(defs)}: they read only their parameters, the const object and "
            "their locals, and call only pure functions); evaluated once even when the loop "
            "runs zero times; distinct names assumed not to alias")
    if why:
        note += f"; not hoisted: {'; '.join(why[:3])}"
    return Generated(WHAT, rel, make_diff(code.text, text, rel), text, note)


def _result_type(code: Code, d: _Def) -> str:
    """The declaration type of the hoisted value: ``const auto`` (``const auto&`` for a
    reference result) in C++, the function's own return type in C; "" when the function
    returns a pointer or void."""
    decl = d.node.child_by_field_name("declarator")
    marks = ""
    while decl is not None and decl.type != "function_declarator":
        marks += {"pointer_declarator": "*", "reference_declarator": "&"}.get(decl.type, "")
        decl = decl.child_by_field_name("declarator") or (
            decl.named_children[0] if decl.named_children else None)
    t = d.node.child_by_field_name("type")
    typ = d.code.text_of(t) if t is not None else ""
    if typ == "void" and not marks:
        return ""
    if code.lang == "cpp":
        return "const auto&" if "&" in marks else "const auto"
    if marks or not typ:
        return ""
    return f"const {typ}"


def loop_call_sites(text: str, path: str, line: int, root: Path) -> list[tuple[str, int]]:
    """(path relative to ``root``, line) of each call inside a loop, anywhere in the
    project's C/C++ sources, of the function whose body holds ``path:line`` (a hot line of
    ``Series::mean``: every ``x.mean()`` in a loop): where :func:`hoist_call` is tried when
    the profile names the callee's line, not the caller's. Empty when the line is in no
    function or the file is not C/C++."""
    from perfscout.transform.source import language_of

    lang = language_of(path)
    if lang not in ("c", "cpp"):
        return []
    code = Code(text, path)
    at = code.node_at_line(line)
    fn = code.function_of(at) if at is not None else None
    if fn is None or fn.type != "function_definition":
        return []
    short = fn_name(code, fn).rpartition("::")[2]
    if not short:
        return []
    out: list[tuple[str, int]] = []
    for c in _Project(code, root).codes:
        rel = path if c is code or c.path == path else c.path
        for n in walk(c.tree.root_node):
            if n.type != "call_expression":
                continue
            fnode = n.child_by_field_name("function")
            if fnode is None:
                continue
            if fnode.type == "field_expression":
                field = fnode.child_by_field_name("field")
                name = c.text_of(field) if field is not None else ""
            else:
                name = call_name(c, n).rpartition("::")[2]
            ln = n.start_point[0] + 1
            if name == short and c.loops_at(ln) and (rel, ln) not in out:
                out.append((rel, ln))
    return out


__all__ = ["WHAT", "hoist_call", "loop_call_sites"]
