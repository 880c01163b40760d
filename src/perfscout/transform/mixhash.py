"""mix_hash: a hand-written hash of a composite key that only XORs or adds its members' hashes
made to mix them (C++).

The container is one used at the hot line (or in its loop, or else in its function): a
``std::unordered_map``/``unordered_set`` (or their ``multi`` kinds), declared directly or
through a ``using``/``typedef`` alias anywhere in the project, keyed by a ``std::pair``, a
``std::tuple`` or a struct. Its hash is the functor its template arguments name, or the
project's ``std::hash<Key>`` specialisation when they name none. libstdc++'s ``std::hash`` of
an integer is the integer itself, so ``h(a) ^ h(b)`` (or ``+``, or ``^ (h(b) << 1)``) of
neighbouring keys takes few distinct values: the buckets become long chains that every
lookup walks.

The functor's ``operator()`` must return a combine of member terms — ``std::hash<T>()(k.m)``
(or ``{}``), the member itself, a cast of either, a term shifted left by a constant, or a local
variable holding one — joined only by ``^``, ``+`` or ``|``. Its body is rewritten: two members
of 32 bits or fewer are packed exactly into one 64-bit value (no two keys collide); otherwise
each member's hash is folded boost-style (``h ^= hash(m) + 0x9e3779b97f4a7c15 + (h << 6) + (h
>> 2)``). Members of other types than integers must have a standard hash.

Refused, with the reason: no unordered container with a hand-written hash at the line, no
definition of the functor in the project, a body that already mixes (a multiply, a right
shift, a large constant, a call of another function), a member that is neither an integer nor
a type with a standard hash, and a functor (or ``std::hash<Key>``) called anywhere else in the
project: its values are then used beyond a hash table, and would change.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path

from perfscout.transform.constref import Project
from perfscout.transform.devirt import _relative
from perfscout.transform.nest import make_diff
from perfscout.transform.result import Generated, Refusal
from perfscout.transform.source import Code, Node, walk

WHAT = "mix_hash"
UNORDERED = re.compile(r"(?:std::)?unordered_(?:multi)?(map|set)")
#: integer types (with the bits they hold): the exact packing needs two of 32 bits or fewer
INT_BITS = {"bool": 8, "char": 8, "signed char": 8, "unsigned char": 8, "short": 16,
            "unsigned short": 16, "int": 32, "unsigned": 32, "unsigned int": 32,
            "long": 64, "unsigned long": 64, "long long": 64, "unsigned long long": 64,
            "int8_t": 8, "uint8_t": 8, "int16_t": 16, "uint16_t": 16, "int32_t": 32,
            "uint32_t": 32, "int64_t": 64, "uint64_t": 64, "size_t": 64, "ptrdiff_t": 64,
            "short int": 16, "long int": 64, "unsigned short int": 16,
            "unsigned long int": 64, "long long int": 64}
#: other member types the standard library hashes (boost-style fold only)
STD_HASHED = re.compile(r"(std::)?(string|string_view|wstring)|double|float|long double")
COMBINE_OPS = frozenset({"^", "+", "|"})
#: the boost-style fold's constant (2^64 / golden ratio)
GOLDEN = "0x9e3779b97f4a7c15ULL"


def _no(why: str) -> Refusal:
    return Refusal(WHAT, why)


def _plain(t: str) -> str:
    """A type's text without ``const``, ``&``, ``std::`` and extra spaces."""
    t = re.sub(r"\bconst\b|&|\bstd::", " ", t)
    return " ".join(t.split())


def template_args(t: str) -> tuple[str, list[str]] | None:
    """(template name, its top-level arguments) of a type's text: ``std::pair<int, int>``
    -> (``std::pair``, [int, int]); None for a type that is no template."""
    t = t.strip()
    if "<" not in t or not t.endswith(">"):
        return None
    name, _, rest = t.partition("<")
    args, depth, cur = [], 0, ""
    for ch in rest[:-1]:
        depth += (ch in "<([") - (ch in ">)]")
        if ch == "," and depth == 0:
            args.append(cur.strip())
            cur = ""
        else:
            cur += ch
    args.append(cur.strip())
    return name.strip(), [a for a in args if a]


class _Finder:
    """The project's aliases, hash functors and ``std::hash`` specialisations."""

    def __init__(self, proj: Project) -> None:
        self.proj = proj
        self.aliases: dict[str, str] = {}
        self.specials: dict[str, tuple[Code, Node]] = {}  # key type -> std::hash<Key> struct
        for c in proj.codes.values():
            for n in walk(c.tree.root_node):
                if n.type == "alias_declaration":
                    nm, ty = n.child_by_field_name("name"), n.child_by_field_name("type")
                    if nm is not None and ty is not None:
                        self.aliases.setdefault(c.text_of(nm), c.text_of(ty))
                elif n.type == "type_definition":
                    ty = n.child_by_field_name("type")
                    for d in n.children_by_field_name("declarator"):
                        if ty is not None and d.type == "type_identifier":
                            self.aliases.setdefault(c.text_of(d), c.text_of(ty))
                elif n.type == "struct_specifier" and n.child_by_field_name("body") is not None:
                    nm = n.child_by_field_name("name")
                    got = template_args(c.text_of(nm)) if nm is not None else None
                    if got is not None and got[0] in ("hash", "std::hash") and len(got[1]) == 1:
                        self.specials.setdefault(_plain(got[1][0]), (c, n))

    def resolve(self, t: str, depth: int = 0) -> str:
        """``t`` with an alias name replaced by what it names (a few levels)."""
        t = _plain(t)
        while t in self.aliases and depth < 5:
            t, depth = _plain(self.aliases[t]), depth + 1
        return t


def _declared_type(code: Code, fn: Node | None, name: str) -> str:
    """The type text of the variable or parameter ``name`` declared in ``fn`` or at file
    scope ("" when none is)."""
    scopes = [s for s in (fn, code.tree.root_node) if s is not None]
    for scope in scopes:
        for d in walk(scope):
            if d.type not in ("declaration", "parameter_declaration", "field_declaration"):
                continue
            if scope is code.tree.root_node and code.function_of(d) is not None:
                continue
            for x in d.children_by_field_name("declarator"):
                inner: Node | None = x
                while inner is not None and inner.type in ("init_declarator",
                                                           "reference_declarator",
                                                           "pointer_declarator"):
                    inner = inner.child_by_field_name("declarator") or (
                        inner.named_children[-1] if inner.named_children else None)
                if inner is not None and code.text_of(inner) == name:
                    ty = d.child_by_field_name("type")
                    return code.text_of(ty) if ty is not None else ""
    return ""


def _containers(code: Code, line: int, f: _Finder) -> list[tuple[str, str, str]]:
    """(variable, key type, hash type or "") of the unordered containers used at ``line``,
    then in its loop, then in its function, nearest first."""
    at = code.node_at_line(line)
    fn = code.function_of(at) if at is not None else None
    near = [code.text_of(d) for d in walk(code.tree.root_node) if d.type == "identifier"
            and d.start_point[0] + 1 == line]
    loops = code.loops_at(line)
    if loops:
        near += [code.text_of(d) for d in walk(loops[0]) if d.type == "identifier"]
    if fn is not None:
        near += [code.text_of(d) for d in walk(fn) if d.type == "identifier"]
    out = []
    for nm in dict.fromkeys(near):
        got = template_args(f.resolve(_declared_type(code, fn, nm)))
        kind = UNORDERED.fullmatch(got[0]) if got is not None else None
        if got is None or kind is None:
            continue
        args = got[1]
        at_hash = 2 if kind.group(1) == "map" else 1
        out.append((nm, args[0], args[at_hash] if len(args) > at_hash else ""))
    return out


def _functor_at(code: Code, line: int, f: _Finder) -> list[tuple[str, str, str]]:
    """(a table, key type, hash type or "") when ``line`` is in the ``operator()`` of a
    project's hash functor or ``std::hash`` specialisation that an unordered container of the
    project uses (a profile puts the hot line in the hash itself when it is not inlined)."""
    at = code.node_at_line(line)
    fn = code.function_of(at) if at is not None else None
    cls = fn.parent.parent if fn is not None and fn.parent is not None else None
    if cls is None or cls.type not in ("struct_specifier", "class_specifier") or \
            _operator(code, cls) != fn:
        return []
    nm = cls.child_by_field_name("name")
    got = template_args(code.text_of(nm)) if nm is not None else None
    for c in f.proj.codes.values():
        for t in re.finditer(r"unordered_(?:multi)?(?:map|set)\s*<", c.text):
            end, depth = t.end() - 1, 0
            while end < min(len(c.text), t.end() + 400):
                depth += (c.text[end] == "<") - (c.text[end] == ">")
                end += 1
                if depth == 0:
                    break
            use = template_args("std::" + c.text[t.start():end])
            if use is None or nm is None:
                continue
            kind = UNORDERED.fullmatch(use[0])
            at_hash = 2 if kind is not None and kind.group(1) == "map" else 1
            hash_t = use[1][at_hash] if len(use[1]) > at_hash else ""
            if got is not None and got[0] in ("hash", "std::hash") and not hash_t and \
                    f.resolve(use[1][0]) == _plain(got[1][0]):
                return [(f"the table at {c.path}", use[1][0], "")]
            if got is None and f.resolve(hash_t) == code.text_of(nm):
                return [(f"the table at {c.path}", use[1][0], hash_t)]
    return []


def _members(f: _Finder, key: str) -> dict[str, str] | str:
    """Member access (``.first``, ``get<1>``, ``.i``) -> its type, for a pair, a tuple or a
    project struct; a string saying why not otherwise."""
    key = f.resolve(key)
    got = template_args(key)
    if got is not None and got[0] in ("pair", "std::pair") and len(got[1]) == 2:
        return {".first": _plain(got[1][0]), ".second": _plain(got[1][1]),
                "get<0>": _plain(got[1][0]), "get<1>": _plain(got[1][1])}
    if got is not None and got[0] in ("tuple", "std::tuple"):
        return {f"get<{i}>": _plain(a) for i, a in enumerate(got[1])}
    cls = f.proj.classes.get(key)
    if cls is None:
        return f"the key type {key} is not a pair, a tuple or a struct of the project"
    c, node = cls
    out = {}
    body = node.child_by_field_name("body")
    for d in body.named_children if body is not None else []:
        if d.type != "field_declaration" or any(x.type == "function_declarator"
                                                for x in walk(d)):
            continue
        ty = d.child_by_field_name("type")
        for x in d.children_by_field_name("declarator"):
            if ty is not None and x.type == "field_identifier":
                out["." + c.text_of(x)] = _plain(c.text_of(ty))
    return out


def _operator(c: Code, node: Node) -> Node | None:
    """The ``operator()`` definition in a struct's body."""
    body = node.child_by_field_name("body")
    for d in body.named_children if body is not None else []:
        if d.type == "function_definition" and any(
                x.type == "operator_name" and c.text_of(x).replace(" ", "") == "operator()"
                for x in walk(d.child_by_field_name("declarator") or d)):
            return d
    return None


class _Combine:
    """The member terms of an ``operator()`` body that only XORs/adds them."""

    def __init__(self, c: Code, param: str, members: Mapping[str, str]) -> None:
        self.c, self.param, self.members = c, param, members
        self.locals: dict[str, Node] = {}
        self.used: list[str] = []
        self.ops: set[str] = set()

    def body(self, body: Node) -> str:
        """"" when the body is locals initialised by terms and one ``return`` of a
        combine; else why not."""
        stmts = [s for s in body.named_children if s.type != "comment"]
        if not stmts or stmts[-1].type != "return_statement":
            return "its operator() does not end in one return"
        for s in stmts[:-1]:
            decls = s.children_by_field_name("declarator") if s.type == "declaration" else []
            if len(decls) != 1 or decls[0].type != "init_declarator":
                return f"its operator() does more than name terms ({self.c.text_of(s)!r})"
            nm, val = decls[0].child_by_field_name("declarator"), \
                decls[0].child_by_field_name("value")
            if nm is None or val is None:
                return f"its operator() declares {self.c.text_of(s)!r}"
            self.locals[self.c.text_of(nm)] = val
        ret = stmts[-1].named_children
        if not ret:
            return "its operator() returns nothing"
        return self.term(ret[0], top=True)

    def term(self, e: Node, top: bool = False) -> str:
        c = self.c
        while e.type in ("parenthesized_expression", "cast_expression"):
            e = e.child_by_field_name("value") or e.named_children[-1]
        if e.type == "call_expression" and c.text_of(e.child_by_field_name(
                "function") or e).replace(" ", "").startswith(("static_cast<", "size_t(",
                                                               "std::size_t(")):
            args = e.child_by_field_name("arguments")
            if args is not None and len(args.named_children) == 1:
                return self.term(args.named_children[0])
        if e.type == "binary_expression":
            op = c.text_of(e.child_by_field_name("operator") or e)
            left, right = e.child_by_field_name("left"), e.child_by_field_name("right")
            if left is None or right is None:
                return f"it cannot read {c.text_of(e)!r}"
            if op == "<<" and right.type == "number_literal":
                self.ops.add("<<")
                return self.term(left)
            if op in COMBINE_OPS:
                self.ops.add(op)
                return self.term(left) or self.term(right)
            if op in ("*", ">>", "%"):
                return f"it already mixes ({c.text_of(e)!r} uses {op})"
            return f"it combines with {op} ({c.text_of(e)!r}), not only ^, + or <<"
        if e.type == "identifier" and c.text_of(e) in self.locals:
            return self.term(self.locals.pop(c.text_of(e)))
        m = self.member(e)
        if m:
            self.used.append(m)
            return ""
        if e.type == "call_expression":
            fn = e.child_by_field_name("function")
            args = e.child_by_field_name("arguments")
            ftxt = c.text_of(fn).replace(" ", "") if fn is not None else ""
            if re.fullmatch(r"(std::)?hash<[^>]*>(\(\)|\{\})", ftxt) and args is not None and \
                    len(args.named_children) == 1:
                inner = self.member(args.named_children[0])
                if inner:
                    self.used.append(inner)
                    return ""
            return f"it calls {ftxt or c.text_of(e)!r}, which may already mix"
        if e.type == "number_literal":
            return f"it already mixes (the constant {c.text_of(e)})"
        return f"it combines {c.text_of(e)!r}, not a member's hash"

    def member(self, e: Node) -> str:
        """``.m`` for ``param.m``, ``get<i>`` for ``std::get<i>(param)``; "" otherwise."""
        c = self.c
        if e.type == "field_expression":
            arg, fld = e.child_by_field_name("argument"), e.child_by_field_name("field")
            if arg is not None and fld is not None and c.text_of(arg) == self.param and \
                    "." + c.text_of(fld) in self.members:
                return "." + c.text_of(fld)
        if e.type == "call_expression":
            fn, args = e.child_by_field_name("function"), e.child_by_field_name("arguments")
            got = re.fullmatch(r"(?:std::)?get<(\d+)>", c.text_of(fn).replace(" ", "")
                               if fn is not None else "")
            if got and args is not None and [c.text_of(a) for a in args.named_children] == [
                    self.param] and f"get<{got.group(1)}>" in self.members:
                return f"get<{got.group(1)}>"
        return ""


def _param(c: Code, op: Node) -> str:
    decl = op.child_by_field_name("declarator")
    params = decl.child_by_field_name("parameters") if decl is not None else None
    ps = [p for p in params.named_children] if params is not None else []
    if len(ps) != 1:
        return ""
    ids = [x for x in walk(ps[0]) if x.type == "identifier"]
    return c.text_of(ids[-1]) if ids else ""


def _access(param: str, m: str) -> str:
    return f"std::{m}({param})" if m.startswith("get<") else f"{param}{m}"


def _new_body(param: str, used: list[str], types: Mapping[str, str], indent: str,
              inner: str) -> tuple[str, str]:
    """(the new ``{ ... }`` body, how it mixes)."""
    bits = [INT_BITS.get(types[m]) for m in used]
    if len(used) == 2 and all(b is not None and b <= 32 for b in bits):
        a, b = (_access(param, m) for m in used)
        ret = (f"static_cast<std::size_t>(\n{inner}    static_cast<std::uint64_t>("
               f"static_cast<std::uint32_t>({a})) << 32 |\n{inner}    "
               f"static_cast<std::uint32_t>({b}))")
        return (f"{{\n{inner}return {ret};\n{indent}}}",
                "packs the two 32-bit members into one 64-bit value (no two keys collide)")
    lines = [f"{inner}std::size_t h = 0;"]
    for m in used:
        t = f"std::{types[m]}" if types[m].startswith(("string", "wstring")) else types[m]
        lines.append(f"{inner}h ^= std::hash<{t}>{{}}({_access(param, m)}) + {GOLDEN} + "
                     "(h << 6) + (h >> 2);")
    lines.append(f"{inner}return h;")
    return ("{\n" + "\n".join(lines) + f"\n{indent}}}",
            f"folds the {len(used)} members' hashes boost-style (h ^= hash + 0x9e3779b9... "
            "+ (h << 6) + (h >> 2))")


def _calls_elsewhere(proj: Project, name: str, home: Code, node: Node) -> str:
    """Where the functor (or ``std::hash<Key>``) is called, or an object of it made, outside
    its own definition: its values are then used beyond a hash table ("" when nowhere)."""
    called = re.compile(rf"(?<![\w:]){re.escape(name)}\s*(\(\s*\)|\{{\s*\}})\s*\(")
    made = re.compile(rf"(?<![\w:<,]){re.escape(name)}\s+\w+\s*[;{{(=]")
    for k, c in proj.codes.items():
        for pat in (called, made):
            for m in pat.finditer(c.text):
                if c is home and node.start_byte <= m.start() < node.end_byte:
                    continue
                return f"{k}:{c.text.count(chr(10), 0, m.start()) + 1}"
    return ""


def mix_hash(code: Code, line: int, rel: str, root: Path | None = None,
             current: Mapping[str, str] | None = None) -> Generated | Refusal:
    """The hash functor of the unordered container used at ``rel:line`` rewritten to mix
    its members (exact packing of two 32-bit integers, else a boost-style fold), in the
    project file that defines it; or why not."""
    if code.lang != "cpp" and Path(rel).suffix not in (".h", ".hpp", ".hh", ".hxx"):
        return _no(f"{rel} is not C++")
    proj = Project(code.text, rel, root, current)
    f = _Finder(proj)
    here = proj.codes[rel]
    conts = _functor_at(here, line, f) + _containers(here, line, f)
    if not conts:
        return _no(f"{rel}:{line}: no std::unordered_map/unordered_set is used at this line, "
                   "in its loop or in its function")
    why: list[str] = []
    for var, key, hash_t in conts:
        got = _one(proj, f, var, key, hash_t)
        if isinstance(got, Refusal):
            why.append(got.reason)
            continue
        path, new, note = got
        texts = {path: new}
        main = texts.get(rel, code.text)
        others = tuple((k, t) for k, t in texts.items() if k != rel)
        diff = make_diff(code.text, main, rel) + "".join(
            make_diff(proj.codes[k].text, t, k) for k, t in others)
        return Generated(WHAT, rel, diff, main, _relative(f"{rel}:{line}: {note}", root),
                         others=others)
    return _no(_relative(f"{rel}:{line}: " + "; ".join(dict.fromkeys(why)), root))


def _one(proj: Project, f: _Finder, var: str, key: str, hash_t: str
         ) -> tuple[str, str, str] | Refusal:
    """(file, its new text, note) for the hash of container ``var``; or why not."""
    plain = f.resolve(hash_t) if hash_t else ""
    if not hash_t or re.fullmatch(r"(std::)?hash<.*>", plain):
        name = f"std::hash<{_plain(key)}>"
        cls = f.specials.get(f.resolve(key)) or f.specials.get(_plain(key))
        if cls is None:
            return _no(f"{var} uses the library's {name} (no hand-written hash in the project)")
    else:
        name = plain
        cls = f.proj.classes.get(plain)
        if cls is None:
            return _no(f"{var}'s hash {plain} is not defined in the project")
    c, node = cls
    where = next(k for k, v in proj.codes.items() if v is c)
    op = _operator(c, node)
    body = op.child_by_field_name("body") if op is not None else None
    if op is None or body is None:
        return _no(f"{name} at {where}:{node.start_point[0] + 1} has no operator() body")
    at = f"{name}::operator() at {where}:{op.start_point[0] + 1}"
    members = _members(f, key)
    if isinstance(members, str):
        return _no(f"{at}: {members}")
    param = _param(c, op)
    if not param:
        return _no(f"{at} does not take one key")
    comb = _Combine(c, param, members)
    bad = comb.body(body)
    if bad:
        return _no(f"{at}: {bad}")
    used = list(dict.fromkeys(comb.used))
    if len(used) < 2:
        return _no(f"{at} hashes one member only: nothing to mix")
    members = {m: f.resolve(t) for m, t in members.items()}  # a member typed by an alias
    for m in used:
        t = members[m]
        if t not in INT_BITS and not STD_HASHED.fullmatch(t):
            return _no(f"{at}: the member {m.lstrip('.')} is a {t}, neither an integer nor a "
                       "type with a standard hash")
    called = _calls_elsewhere(proj, name, c, node) or (_calls_elsewhere(
        proj, name.removeprefix("std::"), c, node) if name.startswith("std::") else "")
    if called:
        return _no(f"{name} is called at {called}: its values are used beyond the hash table "
                   "and would change")
    indent = c.indent_at(body.start_point[0] + 1) if c.lines[body.start_point[0]].lstrip(
        ).startswith("{") else c.indent_at(op.start_point[0] + 1)
    inner = indent + "    "
    new_body, how = _new_body(param, used, members, indent, inner)
    text = c.text[:body.start_byte] + new_body + c.text[body.end_byte:]
    if "static_cast<std::uint32_t>" in new_body and not re.search(
            r"#\s*include\s*<(cstdint|stdint\.h)>", text):
        lines = text.splitlines(keepends=True)
        incs = [i for i, ln in enumerate(lines) if re.match(r"\s*#\s*include\b", ln)]
        lines.insert((incs or [-1])[-1] + 1, "#include <cstdint>\n")
        text = "".join(lines)
    ops = " ".join(sorted(comb.ops))
    note = (f"{at} combined {', '.join(m.lstrip('.') for m in used)} with {ops} only "
            f"(std::hash of an integer is the integer: neighbouring keys collide); it now {how}")
    return where, text, note


__all__ = ["WHAT", "mix_hash", "template_args"]
