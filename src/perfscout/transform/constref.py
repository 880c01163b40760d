"""const_ref: a C++ parameter passed by value that the function only reads becomes ``const T&``.

``double mean(std::vector<double> v)`` copies the whole vector at every call: an allocation, a
``memcpy`` and a free, which a profile shows as ``operator new``/``malloc``/``memcpy``/
``_M_allocate`` under the caller. When the function never changes, moves or keeps the address
of the parameter, ``const std::vector<double>& v`` gives it the same values without the copy.

The functions tried are those called on the hot line and the one holding it. A parameter is a
candidate when it is passed by value and its type owns memory: a standard container or string
(``std::vector``, ``std::string``, ``std::map``...), or a struct/class of the project holding one
(or a large array). Scalars, pointers, template parameters and small trivially copyable structs
are left as they are (named when nothing else is found).

Legal only when, in the definition's body, the parameter is never the target of an assignment
or ``++``/``--`` (itself, an element or a member), never has a mutating member called
(``push_back``, ``resize``...; on a project class, any member not declared ``const``), is
never moved (``std::move``/``std::forward``), never has its address taken (``&p``, ``&p[i]``,
``p.data()``), is not bound to a non-const reference (``auto& r = p``, ``for (auto& x : p)``)
and not handed to a project function as a non-const reference or pointer. At every call in the
project the object passed must not also be reachable by the function as something it writes:
another argument given as a non-const reference or pointer, or a global/member the function
assigns (by value the function saw a snapshot; by reference it would see its own writes).

Every declaration of the function in the project (headers included, member functions in their
class) is found with the parser and changed with the definition; the change may span several
files (:attr:`Generated.others`). The project's ``.h`` headers are parsed as C++ when it holds
C++ sources.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from perfscout.model.languages import CPP_EXT, HEADER_EXT
from perfscout.transform.nest import make_diff
from perfscout.transform.result import Generated, Refusal
from perfscout.transform.source import Code, Node, walk

WHAT = "const_ref"
#: standard types that own heap memory: a copy allocates and copies every element
OWNING = frozenset({"vector", "string", "wstring", "basic_string", "map", "multimap", "set",
                    "multiset", "unordered_map", "unordered_multimap", "unordered_set",
                    "unordered_multiset", "list", "forward_list", "deque", "valarray",
                    "function", "u16string", "u32string"})
#: members that change a container or string
MUTATING = frozenset({"push_back", "pop_back", "push_front", "pop_front", "emplace",
                      "emplace_back", "emplace_front", "emplace_hint", "insert", "erase",
                      "clear", "resize", "reserve", "assign", "swap", "append", "replace",
                      "shrink_to_fit", "try_emplace", "insert_or_assign", "merge", "extract",
                      "splice", "remove", "remove_if", "unique", "sort", "reverse", "fill",
                      "data", "operator="})
#: standard algorithms that write through the iterators they are given
WRITING_ALGOS = frozenset({"sort", "stable_sort", "partial_sort", "nth_element", "reverse",
                           "rotate", "shuffle", "fill", "fill_n", "iota", "generate",
                           "transform", "copy", "copy_n", "swap", "iter_swap", "remove",
                           "remove_if", "unique", "replace", "replace_if", "move",
                           "forward", "make_heap", "push_heap", "pop_heap", "sort_heap"})
SOURCE_EXT = CPP_EXT | HEADER_EXT
#: project files read at most (a root far above the program would hold thousands)
MAX_FILES = 400
#: bytes of a plain struct above which a copy is worth avoiding (a few cache lines)
SMALL_BYTES = 64
_PRIMITIVE_BYTES = {"char": 1, "bool": 1, "short": 2, "int": 4, "float": 4, "long": 8,
                    "double": 8, "size_t": 8}


def _no(why: str) -> Refusal:
    return Refusal(WHAT, why)


@dataclass
class Func:
    """One declaration or the definition of a function in a project file."""

    file: str  # path key (as given for the hot file, else relative to the root)
    code: Code
    cls: str  # the class it is a member of ("" for a free function)
    name: str
    params: list[Node]
    body: Node | None  # the definition's body; None for a declaration
    decl: Node  # the function_declarator

    @property
    def line(self) -> int:
        return self.decl.start_point[0] + 1


def _params(fd: Node) -> list[Node]:
    pl = fd.child_by_field_name("parameters")
    return [p for p in (pl.named_children if pl is not None else ())
            if p.type in ("parameter_declaration", "optional_parameter_declaration")]


def _class_of(n: Node, code: Code) -> str:
    p = n.parent
    while p is not None:
        if p.type in ("class_specifier", "struct_specifier"):
            nm = p.child_by_field_name("name")
            return code.text_of(nm) if nm is not None else ""
        if p.type == "compound_statement":
            return ""
        p = p.parent
    return ""


def _in_body(n: Node) -> bool:
    p = n.parent
    while p is not None:
        if p.type == "compound_statement" and p.parent is not None and \
                p.parent.type != "namespace_definition":
            return True
        p = p.parent
    return False


def functions(code: Code, key: str) -> list[Func]:
    """Every function declaration and definition at file, namespace or class level."""
    out = []
    for fd in walk(code.tree.root_node):
        if fd.type != "function_declarator" or _in_body(fd):
            continue
        d = fd.child_by_field_name("declarator")
        if d is None:
            continue
        cls = _class_of(fd, code)
        if d.type == "qualified_identifier":
            scope, nm = d.child_by_field_name("scope"), d.child_by_field_name("name")
            if scope is None or nm is None:
                continue
            cls, name = code.text_of(scope), code.text_of(nm)
        elif d.type in ("identifier", "field_identifier"):
            name = code.text_of(d)
        else:
            continue
        up = fd.parent
        while up is not None and up.type in ("reference_declarator", "pointer_declarator"):
            up = up.parent
        body = up.child_by_field_name("body") if up is not None and \
            up.type == "function_definition" else None
        out.append(Func(key, code, cls, name, _params(fd), body, fd))
    return out


def _type_of(code: Code, p: Node) -> tuple[str, Node | None, bool]:
    """(type text, type node, declared const) of a parameter."""
    t = p.child_by_field_name("type")
    const = any(c.type == "type_qualifier" and code.text_of(c) == "const" for c in p.children)
    return (" ".join(code.text_of(t).split()) if t is not None else ""), t, const


def _by_value_name(code: Code, p: Node) -> tuple[bool, str]:
    """(passed by value, its name or "")."""
    d = p.child_by_field_name("declarator")
    if d is None:
        return True, ""
    if d.type in ("identifier",):
        return True, code.text_of(d)
    return False, ""


class Project:
    """The C++ files of the project, parsed once, with their functions and classes."""

    def __init__(self, text: str, rel: str, root: Path | None,
                 current: Mapping[str, str] | None = None) -> None:
        self.codes: dict[str, Code] = {rel: Code(text, rel, "cpp")}
        self.absolute = Path(rel).is_absolute()
        if root is not None and root.is_dir():
            mine = (Path(rel) if self.absolute else root / rel).resolve()
            files = [f for f in sorted(root.rglob("*")) if f.suffix in SOURCE_EXT]
            for f in files[:MAX_FILES]:
                if not f.is_file() or \
                        any(part.startswith(".") for part in f.relative_to(root).parts):
                    continue
                if f.resolve() == mine:
                    continue
                key = str(f) if self.absolute else f.relative_to(root).as_posix()
                try:
                    body = (current or {}).get(key)
                    if body is None:
                        body = f.read_text(errors="replace")
                    self.codes[key] = Code(body, key, "cpp")
                except (OSError, ValueError):
                    continue
        self.funcs = [fn for k, c in self.codes.items() for fn in functions(c, k)]
        self.classes: dict[str, tuple[Code, Node]] = {}
        for c in self.codes.values():
            for n in walk(c.tree.root_node):
                if n.type in ("class_specifier", "struct_specifier") and \
                        n.child_by_field_name("body") is not None:
                    nm = n.child_by_field_name("name")
                    if nm is not None:
                        self.classes.setdefault(c.text_of(nm), (c, n))

    def same(self, f: Func) -> list[Func]:
        """Every declaration and definition of ``f`` (same class, name and arity)."""
        return [g for g in self.funcs if g.cls == f.cls and g.name == f.name
                and len(g.params) == len(f.params)]

    def heavy(self, type_node: Node | None, code: Code, depth: int = 0) -> str:
        """Why a copy of this type allocates or moves much memory ("" when it does not)."""
        if type_node is None or depth > 4:
            return ""
        t = type_node
        if t.type == "qualified_identifier":
            scope = t.child_by_field_name("scope")
            inner = t.child_by_field_name("name")
            if scope is not None and code.text_of(scope) == "std" and inner is not None:
                word = inner.child_by_field_name("name") if inner.type == "template_type" \
                    else inner
                w = code.text_of(word) if word is not None else ""
                if w in OWNING:
                    return f"std::{w} (owns heap memory: a copy allocates and copies it)"
                if w == "array" and inner.type == "template_type":
                    return self._std_array(code, inner)
            return ""
        if t.type == "type_identifier":
            return self._struct(code.text_of(t), depth)
        return ""

    def _std_array(self, code: Code, t: Node) -> str:
        args = t.child_by_field_name("arguments")
        kids = args.named_children if args is not None else []
        if len(kids) == 2 and kids[1].type == "number_literal":
            n = int(code.text_of(kids[1]).rstrip("uUlL") or 0)
            if n * 8 > SMALL_BYTES:
                return f"std::array of {n} elements"
        return ""

    def _struct(self, name: str, depth: int) -> str:
        found = self.classes.get(name)
        if found is None:
            return ""
        code, node = found
        body = node.child_by_field_name("body")
        size = 0
        for fd in (body.named_children if body is not None else ()):
            if fd.type != "field_declaration" or any(
                    d.type == "function_declarator" for d in walk(fd)):
                continue
            if any(c.type == "storage_class_specifier" for c in fd.children):
                continue  # static members are not copied
            why = self.heavy(fd.child_by_field_name("type"), code, depth + 1)
            if why:
                return f"{name} holds {why}"
            t = fd.child_by_field_name("type")
            each = _PRIMITIVE_BYTES.get(code.text_of(t).split()[-1], 8) if t is not None else 8
            for d in fd.children_by_field_name("declarator"):
                count = 1
                for sz in walk(d):
                    if sz.type == "array_declarator":
                        s = sz.child_by_field_name("size")
                        txt = code.text_of(s) if s is not None else ""
                        count *= int(txt) if txt.isdigit() else 1
                size += each * count
        return f"{name} ({size} bytes of plain members)" if size > SMALL_BYTES else ""

    def const_method(self, cls: str, name: str) -> bool:
        """Whether ``cls::name`` is declared ``const`` in the project (every overload)."""
        found = [f for f in self.funcs if f.cls == cls and f.name == name]
        return bool(found) and all(any(c.type == "type_qualifier" and f.code.text_of(c) ==
                                       "const" for c in f.decl.children) for f in found)


def _callee(code: Code, call: Node) -> tuple[str, bool]:
    """(name of the called function, called through an object ``x.f``/``x->f``)."""
    fn = call.child_by_field_name("function")
    if fn is None:
        return "", False
    if fn.type == "field_expression":
        f = fn.child_by_field_name("field")
        return (code.text_of(f) if f is not None else ""), True
    if fn.type == "qualified_identifier":
        return code.text_of(fn).split("::")[-1].split("<")[0], False
    if fn.type == "template_function":
        nm = fn.child_by_field_name("name")
        return (code.text_of(nm) if nm is not None else ""), False
    return code.text_of(fn), False


def _args(call: Node) -> list[Node]:
    a = call.child_by_field_name("arguments")
    return [x for x in (a.named_children if a is not None else ()) if x.type != "comment"]


def _required(f: Func) -> int:
    return sum(1 for p in f.params if p.type == "parameter_declaration")


def _root_name(code: Code, e: Node) -> str:
    """The variable an expression designates (``a`` of ``a[i].x``, ``*a``, ``&a``)."""
    cur: Node | None = e
    while cur is not None:
        if cur.type == "identifier":
            return code.text_of(cur)
        if cur.type in ("subscript_expression", "field_expression"):
            cur = cur.child_by_field_name("argument")
        elif cur.type in ("pointer_expression", "parenthesized_expression", "cast_expression"):
            cur = cur.named_children[-1] if cur.named_children else None
        else:
            return ""
    return ""


def _writes_through(f: Func, k: int) -> bool:
    """Whether parameter ``k`` of ``f`` is a non-const reference or a pointer to non-const."""
    if k >= len(f.params):
        return False
    p = f.params[k]
    d = p.child_by_field_name("declarator")
    _t, _n, const = _type_of(f.code, p)
    return d is not None and d.type in ("reference_declarator", "pointer_declarator") \
        and not const


def _top(code: Code, n: Node) -> Node:
    """The largest expression designating ``n`` or a part of it (element, member)."""
    cur = n
    while cur.parent is not None:
        p = cur.parent
        if p.type in ("subscript_expression", "field_expression") and \
                p.child_by_field_name("argument") == cur:
            if p.type == "field_expression" and p.parent is not None and \
                    p.parent.type == "call_expression" and \
                    p.parent.child_by_field_name("function") == p:
                return cur  # a member call on cur
            cur = p
        elif p.type == "parenthesized_expression":
            cur = p
        else:
            break
    return cur


class _Checker:
    def __init__(self, proj: Project, f: Func, name: str, tnode: Node | None) -> None:
        self.proj, self.f, self.name = proj, f, name
        self.cls = f.code.text_of(tnode) if tnode is not None and \
            tnode.type == "type_identifier" else ""

    def why_not(self) -> str:
        code, body = self.f.code, self.f.body
        assert body is not None
        for n in walk(body):
            if n.type in ("declaration", "parameter_declaration") and any(
                    d.type == "identifier" and code.text_of(d) == self.name
                    and d.parent is not None and d.parent.type in ("init_declarator",
                                                                   "declaration")
                    for d in n.children_by_field_name("declarator")):
                return f"{self.name} is declared again at line {n.start_point[0] + 1}"
            if n.type == "identifier" and code.text_of(n) == self.name:
                why = self._use(code, n)
                if why:
                    return f"{self.name} {why} (line {n.start_point[0] + 1})"
        return ""

    def _use(self, code: Code, n: Node) -> str:
        top = _top(code, n)
        p = top.parent
        if p is None:
            return ""
        if p.type == "assignment_expression" and p.child_by_field_name("left") == top:
            return "is assigned" if top is n else f"is written: {code.text_of(p)}"
        if p.type == "update_expression":
            return f"is written: {code.text_of(p)}"
        if p.type == "pointer_expression" and code.text_of(p).startswith("&"):
            return "has its address taken"
        if p.type == "field_expression" and p.parent is not None and \
                p.parent.type == "call_expression":
            f = p.child_by_field_name("field")
            meth = code.text_of(f) if f is not None else ""
            if meth in MUTATING:
                return f"is changed (or exposed for writing) by .{meth}()"
            outer = p.parent.parent
            if outer is not None and outer.type == "argument_list" and outer.parent is not None:
                why = self._argument(code, outer.parent, p.parent)
                if why.startswith("is handed"):
                    return f"through .{meth}() {why}"
            if top is n and self.cls and self.cls in self.proj.classes and \
                    not self.proj.const_method(self.cls, meth):
                return f"calls {self.cls}::{meth}(), which is not declared const"
            return ""
        if p.type == "argument_list" and p.parent is not None:
            return self._argument(code, p.parent, top)
        if p.type in ("init_declarator", "for_range_loop"):
            decl = p.parent if p.type == "init_declarator" else p
            d = p.child_by_field_name("declarator")
            if d is not None and d.type == "reference_declarator" and decl is not None:
                _t, _n, const = _type_of(code, decl)
                if not const:
                    return f"is bound to the non-const reference {code.text_of(d)}"
        return ""

    def _argument(self, code: Code, call: Node, top: Node) -> str:
        name, _member = _callee(code, call)
        if name in ("move", "forward"):
            return f"is moved from: {code.text_of(call)}"
        fn = call.child_by_field_name("function")
        if name in WRITING_ALGOS and fn is not None and "std" in code.text_of(fn):
            return f"is handed to std::{name}(), which writes through it"
        k = _args(call).index(top)
        for g in self.proj.funcs:
            if g.name == name and _required(g) <= len(_args(call)) <= len(g.params) and \
                    _writes_through(g, k):
                return f"is passed to {name}() as a non-const reference or pointer"
        return ""


def _written_outside(f: Func) -> set[str]:
    """Names the function writes that are neither its locals nor its parameters."""
    code, body = f.code, f.body
    if body is None:
        return set()
    local = {code.text_of(d) for n in walk(body) if n.type == "declaration"
             for d in walk(n) if d.type == "identifier" and d.parent is not None
             and d.parent.type in ("init_declarator", "declaration", "array_declarator")}
    local |= {_by_value_name(code, p)[1] for p in f.params}
    local |= {code.text_of(d) for p in f.params for d in walk(p) if d.type == "identifier"}
    out = set()
    for n in walk(body):
        target = None
        if n.type == "assignment_expression":
            target = n.child_by_field_name("left")
        elif n.type == "update_expression":
            target = n.child_by_field_name("argument")
        elif n.type == "call_expression":
            fn = n.child_by_field_name("function")
            if fn is not None and fn.type == "field_expression":
                fld = fn.child_by_field_name("field")
                if fld is not None and code.text_of(fld) in MUTATING:
                    target = fn.child_by_field_name("argument")
        if target is not None:  # the variable and the members it names (this->m, obj.m)
            for d in walk(target):
                if d.type in ("identifier", "field_identifier") and \
                        code.text_of(d) not in local:
                    out.add(code.text_of(d))
    return out


def _names(code: Code, e: Node) -> set[str]:
    """The variables and members an argument expression names (``a``, ``obj``, ``m``)."""
    return {code.text_of(d) for d in walk(e) if d.type in ("identifier", "field_identifier")}


def _aliased(proj: Project, f: Func, k: int) -> str:
    """A call of ``f`` where the object given as parameter ``k`` is also one the function
    writes ("" when none)."""
    writes = _written_outside(f)
    for key, code in proj.codes.items():
        for call in walk(code.tree.root_node):
            if call.type != "call_expression":
                continue
            name, _m = _callee(code, call)
            args = _args(call)
            if name != f.name or not _required(f) <= len(args) <= len(f.params) or k >= len(args):
                continue
            r = _root_name(code, args[k])
            if not r:
                continue
            where = f"{key}:{call.start_point[0] + 1}"
            for j, a in enumerate(args):
                if j != k and _root_name(code, a) == r and (
                        _writes_through(f, j) or code.text_of(a).startswith("&")):
                    return (f"at {where} {r} is also passed as parameter {j + 1}, which "
                            f"{f.name}() may write: by value it read a copy")
            shared = sorted(_names(code, args[k]) & writes)
            if shared:
                return (f"at {where} {code.text_of(args[k])} is passed while {f.name}() "
                        f"writes {shared[0]} itself: by value it read a copy")
    return ""


def _edit(code: Code, p: Node) -> tuple[int, int, str]:
    """(start byte, end byte, replacement) turning parameter ``p`` into a const reference."""
    t = p.child_by_field_name("type")
    d = p.child_by_field_name("declarator")
    dflt = p.child_by_field_name("default_value")
    assert t is not None
    new = f"const {code.text_of(t)}&" + (f" {code.text_of(d)}" if d is not None else "")
    if dflt is not None:
        new += f" = {code.text_of(dflt)}"
    return p.start_byte, p.end_byte, new


def _apply(code: Code, edits: list[tuple[int, int, str]]) -> str:
    data = code.data
    for s, e, new in sorted(edits, reverse=True):
        data = data[:s] + new.encode() + data[e:]
    return data.decode()


def _candidates(proj: Project, code: Code, rel: str, line: int) -> list[Func]:
    """The definitions of the functions called on ``line``, then of those called elsewhere
    in the innermost loop holding it (one hot loop: its calls are one target), then the one
    holding it."""
    out: list[Func] = []
    defs = [f for f in proj.funcs if f.body is not None]
    loops = code.loops_at(line)
    calls = [c for c in walk(code.tree.root_node)
             if c.type == "call_expression" and c.start_point[0] + 1 == line]
    calls += [c for c in walk(loops[0]) if c.type == "call_expression"] if loops else []
    for call in calls:
        name, _m = _callee(code, call)
        n = len(_args(call))
        out += [f for f in defs if f.name == name and _required(f) <= n <= len(f.params)
                and f not in out]
    for f in defs:
        if f.file == rel and f.body is not None and \
                f.body.start_point[0] + 1 <= line <= f.body.end_point[0] + 1 and f not in out:
            out.append(f)
    return out


def const_ref(code: Code, line: int, rel: str, root: Path | None = None,
              current: Mapping[str, str] | None = None) -> Generated | Refusal:
    """``const T&`` for the parameters copied by value at ``rel:line`` (the functions called
    there, then the function holding it), in every declaration and the definition; a Refusal
    naming why each one must stay a copy. ``root``: the project folder whose C++ files hold
    the declarations and the calls; ``current``: texts of its files that earlier changes
    rewrote (relative path -> text), read instead of the disk."""
    if code.lang != "cpp" and Path(rel).suffix not in HEADER_EXT:
        return _no(f"{rel} is not C++ (const references need C++)")
    if code.lang != "cpp":  # a .h header of a C++ project: read it as C++
        code = Code(code.text, rel, "cpp")
        if code.syntax_error(code.tree.root_node):
            return _no(f"{rel} is not C++ (const references need C++)")
    proj = Project(code.text, rel, root, current)
    here = proj.codes[rel]
    cands = _candidates(proj, here, rel, line)
    if not cands:
        return _no(f"no function is called or defined at {rel}:{line}")
    edits: dict[str, list[tuple[int, int, str]]] = {}
    notes, reasons = [], []
    for f in cands:
        group = proj.same(f)
        defs = [g for g in group if g.body is not None]
        if len(defs) != 1:
            reasons.append(f"{f.name}() has {len(defs)} definitions with {len(f.params)} "
                           "parameters in the project")
            continue
        for k, p in enumerate(f.params):
            by_value, name = _by_value_name(f.code, p)
            ttext, tnode, _c = _type_of(f.code, p)
            if not by_value:
                continue
            heavy = proj.heavy(tnode, f.code)
            if not heavy:
                if name and tnode is not None and tnode.type == "type_identifier":
                    reasons.append(f"{f.name}({ttext} {name}): a scalar, pointer or small "
                                   "trivially copyable type: the copy costs no allocation")
                continue
            if not name:
                continue
            why = _Checker(proj, f, name, tnode).why_not() or _aliased(proj, f, k)
            if not why and any(_type_of(g.code, g.params[k])[0] != ttext or
                               not _by_value_name(g.code, g.params[k])[0] for g in group):
                why = "a declaration gives it another type"
            if why:
                reasons.append(f"{f.name}({ttext} {name}) must stay a copy: {why}")
                continue
            for g in group:
                edits.setdefault(g.file, []).append(_edit(g.code, g.params[k]))
            notes.append(f"{f.name}({ttext} {name}) -> const {ttext}& ({heavy}; "
                         f"{len(group)} declaration(s) changed, definition at "
                         f"{f.file}:{f.line})")
    if not edits:
        return _no("; ".join(reasons) or f"no parameter copied by value at {rel}:{line}")
    texts = {k: _apply(proj.codes[k], sorted(set(v))) for k, v in edits.items()}
    new = texts.get(rel, code.text)
    others = tuple((k, t) for k, t in sorted(texts.items()) if k != rel)
    diff = make_diff(code.text, new, rel) + "".join(
        make_diff(proj.codes[k].text, t, k) for k, t in others)
    note = "; ".join(notes) + ("; left: " + "; ".join(reasons) if reasons else "") + \
        "; the function only reads it, no call passes it where the function writes"
    return Generated(WHAT, rel, diff, new, note, others=others)
