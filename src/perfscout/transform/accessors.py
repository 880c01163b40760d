"""C++ element accessors: member functions that return one element of a member array.

``struct Cube { std::vector<double> a; int nq, np; double &at(int r, int q, int p) { return
a[(r * nq + q) * np + p]; } };`` is how C++ users index a 3-D array. A loop nest written
``cube.at(r, q, s)`` is a nest over ``cube.a`` with the subscript ``(r * cube.nq + q) *
cube.np + s``: :func:`accessor_methods` finds such methods in the file and the project headers
it includes, and :meth:`Accessor.expand` writes a call as that element, so the dependence tests
read it like an accessor macro (``perfscout.transform.region``). Anything else in the body (a
bounds check, a call, two statements) leaves the method out: a call to it stays a call.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from perfscout.transform.macros import Headers
from perfscout.transform.source import Code, Node, walk

#: casts the subscript's affine reading does not need (``static_cast<std::size_t>(r)``)
_CAST = re.compile(r"\bstatic_cast\s*<[^<>]*>")
_NAME = re.compile(r"[A-Za-z_]\w*")
_SAFE = frozenset({"identifier", "field_identifier", "number_literal", "binary_expression",
                   "parenthesized_expression", "cast_expression", "type_descriptor",
                   "primitive_type", "sized_type_specifier", "qualified_identifier",
                   "namespace_identifier", "type_identifier", "template_function",
                   "template_argument_list", "call_expression", "argument_list",
                   "unary_expression"})


@dataclass(frozen=True)
class Accessor:
    """One element accessor: ``array[index]`` over the method's parameters and members."""

    params: tuple[str, ...]
    array: str
    index: str
    members: frozenset[str]

    def expand(self, obj: str, op: str, args: list[str]) -> str | None:
        """``obj.at(i, j)`` as the element it returns (``obj.a[(i) * obj.n + (j)]``); None
        when the argument count differs."""
        if len(args) != len(self.params):
            return None
        put = dict(zip(self.params, args, strict=True))

        def sub(m: re.Match[str]) -> str:
            name = m.group(0)
            if name in put:
                return f"({put[name]})"
            return f"{obj}{op}{name}" if name in self.members else name

        return f"{obj}{op}{self.array}[{_NAME.sub(sub, _CAST.sub('', self.index))}]"


def _members(code: Code, body: Node) -> set[str]:
    out: set[str] = set()
    for f in body.named_children:
        if f.type != "field_declaration":
            continue
        for d in f.children_by_field_name("declarator"):
            cur: Node | None = d
            while cur is not None and cur.type != "field_identifier":
                cur = cur.child_by_field_name("declarator")
            if cur is not None:
                out.add(code.text_of(cur))
    return out


def _accessor(code: Code, fn: Node, members: set[str]) -> tuple[str, Accessor] | None:
    decl = fn.child_by_field_name("declarator")
    while decl is not None and decl.type == "reference_declarator":
        decl = decl.named_children[0] if decl.named_children else None
    if decl is None or decl.type != "function_declarator":
        return None
    name = decl.child_by_field_name("declarator")
    plist = decl.child_by_field_name("parameters")
    body = fn.child_by_field_name("body")
    if name is None or name.type != "field_identifier" or plist is None or body is None:
        return None
    stmts = [c for c in body.named_children if c.type != "comment"]
    if len(stmts) != 1 or stmts[0].type != "return_statement" or not stmts[0].named_children:
        return None
    expr = stmts[0].named_children[0]
    base, index = expr.child_by_field_name("argument"), expr.child_by_field_name("index")
    if index is None:  # C++ grammars keep the index in a list
        lst = expr.child_by_field_name("indices")
        index = lst.named_children[0] if lst is not None and len(lst.named_children) == 1 \
            else None
    if expr.type != "subscript_expression" or base is None or index is None or \
            base.type != "identifier" or code.text_of(base) not in members:
        return None
    calls = [d for d in walk(index) if d.type == "call_expression"]
    if any(d.is_named and d.type not in _SAFE for d in walk(index)) or any(
            not _CAST.match(code.text_of(c)) for c in calls):
        return None
    params: list[str] = []
    for p in plist.named_children:
        pd = p.child_by_field_name("declarator") if p.type == "parameter_declaration" else None
        if pd is None or pd.type != "identifier":
            return None
        params.append(code.text_of(pd))
    return code.text_of(name), Accessor(tuple(params), code.text_of(base),
                                        code.text_of(index), frozenset(members))


def _in_file(code: Code) -> dict[tuple[str, str], set[Accessor]]:
    out: dict[tuple[str, str], set[Accessor]] = {}
    for cls in walk(code.tree.root_node):
        if cls.type not in ("struct_specifier", "class_specifier"):
            continue
        cname, body = cls.child_by_field_name("name"), cls.child_by_field_name("body")
        if cname is None or body is None:
            continue
        members = _members(code, body)
        for fn in (c for c in body.named_children if c.type == "function_definition"):
            got = _accessor(code, fn, members)
            if got is not None:
                out.setdefault((code.text_of(cname), got[0]), set()).add(got[1])
    return out


def accessor_methods(code: Code, headers: Headers | None = None
                     ) -> dict[tuple[str, str], Accessor]:
    """(class, method) -> its accessor, from ``code`` and (through ``headers``) the project
    headers it includes, recursively; a method whose overloads return different elements is
    left out. Empty for C and Fortran files."""
    if code.lang != "cpp":
        return {}
    found: dict[tuple[str, str], set[Accessor]] = {}
    seen = {code.path}
    todo = [code]
    while todo:
        c = todo.pop()
        for k, v in _in_file(c).items():
            found.setdefault(k, set()).update(v)
        for inc in (n for n in walk(c.tree.root_node) if n.type == "preproc_include"):
            p = inc.child_by_field_name("path")
            name = c.text_of(p).strip('"<>') if p is not None else ""
            if not name or name in seen or headers is None:
                continue
            seen.add(name)
            text = headers(name, c.path)
            if text is not None:
                todo.append(Code(text, name, "cpp"))
    return {k: next(iter(v)) for k, v in found.items() if len(v) == 1}


def resolve(code: Code, scope: Node | None, obj: Node, method: str) -> Accessor | None:
    """The accessor ``obj.method(...)`` calls: by the declared class of ``obj`` (a variable
    or parameter), else the one class that has such a method."""
    table = code.accessors
    if not table:
        return None
    if obj.type == "identifier":
        typ = code.declared_type(scope, code.text_of(obj))
        cls = re.sub(r"\b(const|volatile|struct|class)\b|[&*\s]", "", typ)
        if (cls, method) in table:
            return table[(cls, method)]
    hits = [a for (_, m), a in table.items() if m == method]
    return hits[0] if len(hits) == 1 else None


__all__ = ["Accessor", "accessor_methods", "resolve"]
