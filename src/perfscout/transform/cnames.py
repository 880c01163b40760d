"""Names read off C/C++ syntax trees: a call's callee and arguments, a function's name and
parameters, a declarator's name and pointer marks, an lvalue's base, a body's locals.

Shared by the generators that reason about calls and functions (``parallelize_caller``,
``hoist_call``, ``omp_reduce``, the tallies and cyclic rewrites, the scratch-buffer hoists): one
reading of these nodes so that every generator agrees on what a name is.
"""

from __future__ import annotations

from dataclasses import dataclass

from perfscout.transform.source import Code, Node, walk

#: C allocation calls (a local set from one of these owns its memory)
ALLOC = frozenset({"malloc", "calloc", "realloc", "free", "aligned_alloc", "posix_memalign"})


@dataclass
class Param:
    """One parameter of a function definition, as the write-set checks need it."""
    name: str
    writable: bool  # a pointer to non-const, or a non-const reference
    index: int
    marks: str  # "*", "&", "[]"... ("" for a parameter passed by value)


def call_name(code: Code, n: Node) -> str:
    """The callee of a call expression as written (``std::exp``, ``obj.f``), spaces removed;
    "" when the call has no function field."""
    fn = n.child_by_field_name("function")
    return code.text_of(fn).replace(" ", "") if fn is not None else ""


def call_args(n: Node) -> list[Node]:
    """The argument nodes of a call expression (comments dropped)."""
    al = n.child_by_field_name("arguments")
    return [c for c in al.named_children if c.type != "comment"] if al is not None else []


def declarator_name(code: Code, d: Node | None) -> tuple[str, str]:
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


def fn_params(code: Code, fn: Node) -> list[Param]:
    """The parameters of a function definition in order, with whether each lets the
    callee write the caller's memory (a non-const pointer, reference or array)."""
    decl = fn.child_by_field_name("declarator")
    while decl is not None and decl.type != "function_declarator":
        decl = decl.child_by_field_name("declarator")
    plist = decl.child_by_field_name("parameters") if decl is not None else None
    out = []
    for i, p in enumerate(c for c in (plist.named_children if plist is not None else [])
                          if c.type in ("parameter_declaration",
                                        "optional_parameter_declaration")):
        name, marks = declarator_name(code, p.child_by_field_name("declarator"))
        const = any(c.type == "type_qualifier" and code.text_of(c) == "const"
                    for c in p.named_children)
        writable = bool(marks) and not const  # T *p, T &r, T p[] with non-const T
        out.append(Param(name, writable, i, marks))
    return out


def fn_name(code: Code, fn: Node) -> str:
    """The (possibly qualified) name of a function definition, spaces removed; "" when the
    declarator is not a plain function's."""
    decl = fn.child_by_field_name("declarator")
    while decl is not None and decl.type != "function_declarator":
        decl = decl.child_by_field_name("declarator")
    inner = decl.child_by_field_name("declarator") if decl is not None else None
    return code.text_of(inner).replace(" ", "") if inner is not None else ""


def lvalue_base(code: Code, n: Node | None) -> tuple[str, bool]:
    """(the base name of an lvalue, whether it is reached through an index/pointer/member)."""
    through = False
    while n is not None and n.type in ("subscript_expression", "field_expression",
                                       "pointer_expression", "parenthesized_expression"):
        through = through or n.type != "parenthesized_expression"
        n = n.child_by_field_name("argument") or n.child_by_field_name("value") or (
            n.named_children[0] if n.named_children else None)
    return (code.text_of(n) if n is not None and n.type == "identifier" else ""), through


def fn_locals(code: Code, fn: Node) -> tuple[dict[str, str], list[str]]:
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
            name, marks = declarator_name(code, dec)
            if not name:
                continue
            if is_static:
                static.append(name)
            init = dec.child_by_field_name("value") if dec.type == "init_declarator" else None
            alloc = init is not None and any(
                x.type in ("call_expression", "new_expression") and (
                    x.type == "new_expression" or call_name(code, x) in ALLOC)
                for x in walk(init))
            out[name] = "alloc" if ("*" in marks and alloc) else marks
    return out, static
