"""unordered_map: an ordered ``std::map`` used only as a dictionary becomes a hash table (C++).

The map is the one used at the hot line (``counts[key]++``, ``m.find(k)``...), followed through
the file: returned from its function, its type goes into the function's return type and into
every variable the calls initialise (``auto`` follows by itself). For each of those variables
every use must be one that does not depend on the key order:

- ``m[k]``, ``find``, ``count``, ``contains``, ``insert``, ``emplace``, ``try_emplace``,
  ``erase``, ``at``, ``size``, ``empty``, ``clear``, ``end``, ``reserve``;
- a copy of all entries into a vector (``std::vector<...> v(m.begin(), m.end())``) that is then
  sorted by a total order (``std::sort``/``partial_sort``/``stable_sort`` with no comparator,
  or one that compares the keys ``.first``: ties cannot follow the table's order), the vector
  read before the sort only by loops that add or count (``+=``, ``++``: any order gives the
  same integers);
- a range-for over the map whose body only adds or counts.

Refused, naming the line: ``lower_bound``/``upper_bound``/``equal_range``/``rbegin``..., a
``begin()`` used any other way, a range-for that does more than add, the map passed to a
function or assigned, a key type without a standard hash, or a flow that leaves the file (a
prototype or a caller elsewhere: the change would touch two files).
"""

from __future__ import annotations

import re

from perfscout.transform.monotone import strip
from perfscout.transform.nest import make_diff
from perfscout.transform.result import Generated, Refusal
from perfscout.transform.source import Code, Node, walk

WHAT = "unordered_map"
FREE_USES = frozenset({"find", "count", "contains", "insert", "emplace", "try_emplace", "erase",
                       "at", "size", "empty", "clear", "end", "cend", "reserve",
                       "insert_or_assign"})
ORDERED = frozenset({"lower_bound", "upper_bound", "equal_range", "rbegin", "rend", "crbegin",
                     "crend", "key_comp", "value_comp", "extract", "merge"})
SORTS = frozenset({"std::sort", "std::partial_sort", "std::stable_sort", "sort",
                   "partial_sort", "stable_sort"})
HASHABLE = re.compile(r"(std::)?(string|string_view|u?int\d+_t|size_t)|(unsigned\s+)?"
                      r"(char|short|int|long|long\s+long)|unsigned|double|float|bool")


def _no(why: str) -> Refusal:
    return Refusal(WHAT, why)


def _map_word(code: Code, typ: Node | None) -> Node | None:
    """The ``map`` token of a ``std::map<K, V>`` (or ``map<K, V>``) type node."""
    if typ is None:
        return None
    t = typ
    if t.type == "qualified_identifier":
        scope = t.child_by_field_name("scope")
        if scope is None or code.text_of(scope) != "std":
            return None
        t = t.child_by_field_name("name") or t
    if t.type != "template_type":
        return None
    name = t.child_by_field_name("name")
    if name is None or code.text_of(name) != "map":
        return None
    args = t.child_by_field_name("arguments")
    kids = [a for a in args.named_children] if args is not None else []
    return name if len(kids) == 2 else None


def _key_type(code: Code, word: Node) -> str:
    args = word.parent.child_by_field_name("arguments") if word.parent is not None else None
    return code.text_of(args.named_children[0]) if args is not None else ""


def _decl_of(code: Code, scope: Node, name: str) -> tuple[Node, Node | None] | None:
    """(the declaration of ``name`` in ``scope``, its ``map`` token or None)."""
    for d in walk(scope):
        if d.type not in ("declaration", "parameter_declaration"):
            continue
        for x in d.children_by_field_name("declarator"):
            inner = x.child_by_field_name("declarator") if x.type == "init_declarator" else x
            while inner is not None and inner.type in ("reference_declarator",
                                                       "pointer_declarator"):
                inner = inner.named_children[-1] if inner.named_children else None
            if inner is not None and code.text_of(inner) == name:
                return d, _map_word(code, d.child_by_field_name("type"))
    return None


def _method(code: Code, ident: Node) -> tuple[str, Node] | None:
    """(method, the call) for ``ident.method(...)``."""
    p = ident.parent
    if p is None or p.type != "field_expression" or p.child_by_field_name("argument") != ident:
        return None
    call = p.parent
    if call is None or call.type != "call_expression":
        return None
    f = p.child_by_field_name("field")
    return (code.text_of(f) if f is not None else ""), call


def _adds_only(code: Code, body: Node | None) -> bool:
    """Whether ``body`` only adds or counts (``a += e``, ``a++``), possibly under an ``if``."""
    if body is None:
        return False
    b = strip(code, body)
    if b.type == "compound_statement":
        return all(_adds_only(code, s) for s in b.named_children if s.type != "comment")
    if b.type == "if_statement":
        return b.child_by_field_name("alternative") is None and _adds_only(
            code, b.child_by_field_name("consequence"))
    if b.type != "expression_statement" or not b.named_children:
        return False
    e = b.named_children[0]
    if e.type == "update_expression":
        return True
    if e.type == "assignment_expression":
        op = e.child_by_field_name("operator")
        return op is not None and code.text_of(op) in ("+=", "-=")
    return False


def _total_order(code: Code, call: Node) -> bool:
    """Whether a sort call orders by a total order over map entries: no comparator (pairs
    compare by key first), or a comparator that reads the keys ``.first``."""
    al = call.child_by_field_name("arguments")
    args = [a for a in al.named_children] if al is not None else []
    name = code.text_of(call.child_by_field_name("function") or call)
    plain = 3 if "partial_sort" in name else 2
    if len(args) == plain:
        return True
    return len(args) == plain + 1 and ".first" in code.text_of(args[-1])


class _Check:
    def __init__(self, code: Code) -> None:
        self.code = code
        self.edits: list[Node] = []  # `map` tokens to rename
        self.notes: list[str] = []

    def where(self, n: Node) -> str:
        return f"{self.code.path}:{n.start_point[0] + 1}"

    def entity(self, fn: Node, name: str, after: int) -> str:
        """Check every use of map variable ``name`` in ``fn`` (after byte ``after``); follow
        a ``return`` into the callers. "" when all are order-free, else why not."""
        c = self.code
        for d in walk(fn):
            if d.type != "identifier" or c.text_of(d) != name or d.start_byte < after:
                continue
            p = d.parent
            if p is None:
                continue
            if p.type == "subscript_expression" and p.child_by_field_name("argument") == d:
                continue
            if p.type in ("init_declarator", "declaration") and \
                    (p.child_by_field_name("declarator") == d or d in p.children_by_field_name(
                        "declarator")):
                continue
            m = _method(c, d)
            if m is not None:
                meth, call = m
                if meth in FREE_USES:
                    continue
                if meth in ORDERED:
                    return f"{name}.{meth}() at {self.where(d)} needs the key order"
                if meth in ("begin", "cbegin"):
                    why = self.copy_sorted(fn, call, name)
                    if why:
                        return why
                    continue
                return f"{name}.{meth}() at {self.where(d)} is not known to ignore the order"
            if p.type == "for_range_loop" and p.child_by_field_name("right") == d:
                if not _adds_only(c, p.child_by_field_name("body")):
                    return (f"the loop over {name} at {self.where(p)} reads the entries in key "
                            "order and does more than add or count")
                self.notes.append(f"the loop at {self.where(p)} adds over the entries in "
                                  "another order (exact for integers)")
                continue
            if p.type == "return_statement":
                why = self.returned(fn)
                if why:
                    return why
                continue
            return f"{name} is used as {c.text_of(p)!r} at {self.where(d)}"
        return ""

    def copy_sorted(self, fn: Node, begin_call: Node, name: str) -> str:
        """``std::vector<...> v(m.begin(), m.end())`` then a total-order sort of ``v``."""
        c = self.code
        al = begin_call.parent
        decl = al.parent.parent if al is not None and al.parent is not None else None
        if al is None or al.type != "argument_list" or decl is None or \
                decl.type != "declaration":
            return (f"{name}.begin() at {self.where(begin_call)} walks the entries in key "
                    "order (not a copy into a vector that is then sorted)")
        init = al.parent
        vec = init.child_by_field_name("declarator") if init is not None else None
        if vec is None:
            return f"{name}.begin() at {self.where(begin_call)}: no vector receives the copy"
        v = c.text_of(vec)
        sort = None
        for d in walk(fn):
            if d.type == "call_expression" and d.start_byte > decl.end_byte and \
                    c.text_of(d.child_by_field_name("function") or d) in SORTS and \
                    re.match(rf"\(\s*{re.escape(v)}\s*\.\s*begin\s*\(", c.text_of(
                        d.child_by_field_name("arguments") or d)):
                sort = d
                break
        if sort is None:
            return (f"the copy {v} of {name} at {self.where(decl)} is never sorted: its order "
                    "would follow the hash table")
        if not _total_order(c, sort):
            return (f"the sort at {self.where(sort)} does not break ties by the key (.first): "
                    "equal elements would follow the hash table's order")
        for d in walk(fn):
            if d.type != "identifier" or c.text_of(d) != v or not (
                    decl.end_byte <= d.start_byte < sort.start_byte):
                continue
            p = d.parent
            if p is not None and p.type == "for_range_loop" and \
                    p.child_by_field_name("right") == d and _adds_only(
                        c, p.child_by_field_name("body")):
                self.notes.append(f"the loop at {self.where(p)} adds over the entries in "
                                  "another order (exact for integers)")
                continue
            m = _method(c, d)
            if m is not None and m[0] in ("size", "empty"):
                continue
            return (f"{v} (the copy of {name}) is read at {self.where(d)} before its sort "
                    f"at {self.where(sort)}")
        self.notes.append(f"the copy {v} is sorted by a total order at {self.where(sort)}")
        return ""

    def returned(self, fn: Node) -> str:
        c = self.code
        word = _map_word(c, fn.child_by_field_name("type"))
        fname = c.function_name(fn)
        if word is None:
            return f"{fname} returns the map as another type"
        self.edits.append(word)
        calls = 0
        for d in walk(c.tree.root_node):
            dd = d.child_by_field_name("declarator") if d.type == "declaration" else None
            if dd is not None and dd.type == "function_declarator" and re.match(
                    rf"{re.escape(fname)}\s*\(", c.text_of(dd)):
                return f"{fname} is also declared at {self.where(d)}"
            if d.type != "call_expression" or c.text_of(
                    d.child_by_field_name("function") or d).rpartition("::")[2] != fname:
                continue
            calls += 1
            init = d.parent
            decl = init.parent if init is not None else None
            if init is None or init.type != "init_declarator" or decl is None:
                return f"the result of {fname}() at {self.where(d)} is not kept in a variable"
            var = c.text_of(init.child_by_field_name("declarator") or init)
            typ = decl.child_by_field_name("type")
            if typ is not None and typ.type != "placeholder_type_specifier":
                w = _map_word(c, typ)
                if w is None:
                    return f"the result of {fname}() at {self.where(d)} is converted"
                self.edits.append(w)
            caller = c.function_of(d)
            if caller is None:
                return f"{fname}() is called outside a function at {self.where(d)}"
            why = self.entity(caller, var, decl.end_byte)
            if why:
                return why
        if not calls:
            return f"{fname} is called nowhere in {c.path} (its callers are in other files)"
        return ""


def unordered_map(code: Code, line: int, rel: str) -> Generated | Refusal:
    """The ``std::map`` used at ``rel:line`` (and what it flows into in the file) made a
    ``std::unordered_map``, or why not."""
    if code.lang != "cpp":
        return _no(f"{rel} is not C++")
    at = code.node_at_line(line)
    fn = code.function_of(at) if at is not None else None
    if at is None or fn is None:
        return _no(f"line {line} of {rel} is not in a function")
    stmt = at
    while stmt.parent is not None and stmt.parent.start_point[0] + 1 == line and \
            stmt.parent.type not in ("compound_statement", "for_statement"):
        stmt = stmt.parent
    names = [code.text_of(d) for d in walk(stmt) if d.type == "identifier"
             and d.start_point[0] + 1 == line]
    loops = code.loops_at(line)  # then the names of the loop the line is in (its header)
    names += [code.text_of(d) for d in walk(loops[0]) if d.type == "identifier"] if loops \
        else []
    found = None
    for nm in dict.fromkeys(names):
        got = _decl_of(code, fn, nm)
        if got is not None and got[1] is not None:
            found = (nm, got)
            break
    if found is None:
        return _no(f"{rel}:{line}: no std::map declared in {code.function_name(fn)} is used "
                   "at this line or in its loop")
    name, (decl, word) = found
    if word is None:
        return _no(f"{rel}:{line}: {name} is not a std::map")
    if decl.type == "parameter_declaration":
        return _no(f"{rel}:{line}: {name} is a parameter of {code.function_name(fn)}: its "
                   "callers own the map")
    key = _key_type(code, word)
    if not HASHABLE.fullmatch(key.strip()):
        return _no(f"{rel}:{line}: the key type {key} of {name} has no standard hash")
    chk = _Check(code)
    chk.edits.append(word)
    why = chk.entity(fn, name, decl.end_byte)
    if why:
        return _no(f"{rel}:{line}: {why}")
    data = code.data
    out, at_byte = [], 0
    for w in sorted({(w.start_byte, w.end_byte) for w in chk.edits}):
        out.append(data[at_byte:w[0]].decode())
        out.append("unordered_map")
        at_byte = w[1]
    out.append(data[at_byte:].decode())
    new = "".join(out)
    if not re.search(r"#\s*include\s*<unordered_map>", new):
        lines = new.splitlines(keepends=True)
        incs = [i for i, ln in enumerate(lines) if re.match(r"\s*#\s*include\b", ln)]
        maps = [i for i in incs if re.match(r"\s*#\s*include\s*<map>", lines[i])]
        pos = (maps or incs or [-1])[-1] + 1
        lines.insert(pos, "#include <unordered_map>\n")
        new = "".join(lines)
    note = (f"{rel}:{line}: std::map {name} made a std::unordered_map ({len(chk.edits)} "
            f"type(s) changed): no use needs the key order"
            + "".join(f"; {n}" for n in dict.fromkeys(chk.notes)))
    return Generated(WHAT, rel, make_diff(code.text, new, rel), new, note)


__all__ = ["WHAT", "unordered_map"]
