"""error_code_path: a lookup whose miss is caught as an exception becomes a test-first branch.

``try { s += cells.at(key); } catch (const std::out_of_range&) { s += 0; }`` pays the whole
unwinder (``__cxa_throw``, ``_Unwind_RaiseException``, the FDE search, the personality
routine: microseconds) at every miss, which a profile shows as libgcc's share beside the
loop. The same behaviour without the throw::

    auto it = cells.find(key);
    if (it != cells.end()) { s += it->second; } else { s += 0; }

and for a ``std::vector``/``std::array``/``std::string``/``std::deque`` indexed by ``at``:
``if (static_cast<std::size_t>(i) < v.size()) { ... v[i] ... } else { ... }``.

The try statements tried are the one holding the hot line, else those in the innermost loop
holding it, else those of its function, else those of the file's functions called on it.
Legal only when (read with tree-sitter, the callees' bodies from the project's C++ files):

- the try has one handler, for ``std::out_of_range`` (by value or reference, named or not),
  or for ``std::logic_error``/``std::exception``/``...`` when the lookup is the only call of
  the try body that may throw at all; the handler neither uses the exception object
  (``e.what()``), nor throws or rethrows, nor asks for ``std::current_exception``;
- the container is declared (in the function, a class member, a global, through a
  ``using``/``typedef``) as a ``std::map``/``std::unordered_map`` (or one of the indexed
  containers above), and every ``at`` of the try body is on it with the same key;
- no other call of the try body may throw ``std::out_of_range``: none of ``at``,
  ``substr``, ``compare``, ``insert``... on anything, no ``std::stoi``/``stod`` family (out
  of scope), no ``throw``; a call to the project's own function is followed into its body
  (three levels), one whose body is not in the sources is refused; an operator the project
  overloads with a body that may throw refuses every use of its symbol in the try body;
- the first lookup runs unconditionally as part of a statement of the try body itself (not
  under an ``if``, a loop, ``?:``, ``&&``/``||``, a lambda), and nothing of that statement
  with a side effect may run before it (another call, ``i++``, a stream ``<<``);
- the statements before it (they ran before the throw and still run) write neither the
  container nor the key, declare only scalars (a destructor would move past the handler)
  and no name the handler reads; then the find goes after them, in a block;
- with more than one ``at``, or an index tested then used again, the key has no call or
  side effect and nothing in the try body writes the container or the key.

``return``, ``break`` and ``continue`` stay as they are in both branches (an ``if`` does not
change what they leave); ``goto`` and a function-try-block are refused.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path

from perfscout.transform.constref import Project, _args, _callee, _root_name, _writes_through
from perfscout.transform.hoist import declared_in
from perfscout.transform.nest import make_diff
from perfscout.transform.result import Generated, Refusal
from perfscout.transform.source import FUNCTION_NODES, Code, Node, walk

WHAT = "error_code_path"
#: the exception a missing key or index throws; the handlers of its bases catch it too
OUT_OF_RANGE = "out_of_range"
BASES = frozenset({"logic_error", "exception"})
#: the outermost template of a container's declared type: a hash or tree map, or an indexed
#: sequence (``std::vector<std::map<...>>`` is a vector)
OUTER_TYPE = re.compile(r"\s*(?:const\s+)?(?:std::)?(\w+)")
MAPS = frozenset({"map", "unordered_map"})
INDEXED = frozenset({"vector", "array", "deque", "basic_string", "string", "wstring",
                     "u8string", "u16string", "u32string"})
STO = frozenset({"stoi", "stol", "stoll", "stoul", "stoull", "stof", "stod", "stold"})
#: members that may throw std::out_of_range for a bad position (strings, bitsets, ``at``)
OOR_METHODS = frozenset({"at", "substr", "replace", "compare", "copy", "insert", "erase",
                         "test", "set", "reset", "flip", "to_ulong", "to_ullong"})
#: calls that throw nothing: reading a container, the math library
PURE = frozenset({"size", "empty", "find", "count", "contains", "end", "begin", "cbegin",
                  "cend", "data", "length", "capacity", "front", "back", "sqrt", "cbrt",
                  "exp", "exp2", "log", "log2", "log10", "pow", "sin", "cos", "tan", "asin",
                  "acos", "atan", "atan2", "sinh", "cosh", "tanh", "fabs", "abs", "floor",
                  "ceil", "round", "lround", "trunc", "fmod", "fmin", "fmax", "hypot", "min",
                  "max", "clamp", "swap", "isnan", "isinf", "isfinite", "erf", "erfc"})
#: calls that throw nothing of the std::out_of_range family (they may run out of memory)
NO_OOR = frozenset({"push_back", "emplace_back", "pop_back", "reserve", "resize", "clear",
                    "emplace", "try_emplace", "push", "pop", "printf", "fprintf", "puts",
                    "sort", "fill", "accumulate", "make_pair", "move"})
SCALAR = re.compile(r"((const|volatile|unsigned|signed|short|long|int|char|bool|float|double|"
                    r"size_t|std::size_t|u?int(8|16|32|64)_t|std::u?int(8|16|32|64)_t|"
                    r"ptrdiff_t|std::ptrdiff_t)\s*)+")
#: a declaration in the try body whose type's constructor throws no std::out_of_range
NO_OOR_TYPES = re.compile(r"(const\s+)?(std::)?(vector|array|map|unordered_map|pair|"
                          r"tuple)\s*<.*")
BARRIERS = frozenset({"if_statement", "for_statement", "for_range_loop", "while_statement",
                      "do_statement", "switch_statement", "compound_statement",
                      "try_statement", "lambda_expression"})
MAX_DEPTH = 3
#: expressions whose ``operator`` may be an overload of the program's own
OPERATOR_USES = frozenset({"binary_expression", "unary_expression", "assignment_expression",
                           "update_expression"})


def _no(why: str) -> Refusal:
    return Refusal(WHAT, why)


def _line(n: Node) -> int:
    return n.start_point[0] + 1


def _tries(code: Code, fn: Node, line: int) -> list[Node]:
    """The try statements the hot line leads to: the one holding it, else those of its
    innermost loop, else those of its function (outermost ones only)."""
    at = code.node_at_line(line)
    cur = at
    while cur is not None and cur != fn:
        if cur.type == "try_statement":
            return [cur]
        cur = cur.parent
    loops = code.loops_at(line)
    for scope in (loops[0] if loops else None, fn):
        if scope is None:
            continue
        found = [n for n in walk(scope) if n.type == "try_statement"]
        found = [n for n in found if not any(o != n and o.start_byte <= n.start_byte
                                             and n.end_byte <= o.end_byte for o in found)]
        if found:
            return found
    return []


def _called_tries(code: Code, fn: Node, line: int) -> list[Node]:
    """The try statements of the file's functions called on the hot line (a loop in
    ``main`` calling the function that holds the try; the compiler may have inlined it)."""
    names = {_callee(code, c)[0] for c in walk(fn) if c.type == "call_expression"
             and c.start_point[0] + 1 == line}
    out: list[Node] = []
    for d in walk(code.tree.root_node):
        if d.type == "function_definition" and d != fn and \
                code.function_name(d) in names:
            body = d.child_by_field_name("body")
            out += _tries(code, d, body.start_point[0] + 1) if body is not None else []
    return out


def _handler(code: Code, clause: Node) -> tuple[str, str, str]:
    """(what the handler catches: ``oor``, ``broad`` or "" for something else, the
    exception's name or "", the type as written)."""
    params = clause.child_by_field_name("parameters")
    if params is None:
        return "", "", ""
    if any(c.type == "..." for c in params.children):
        return "broad", "", "..."
    decl = next((c for c in params.named_children if c.type == "parameter_declaration"), None)
    if decl is None:
        return "", "", code.text_of(params)
    t = decl.child_by_field_name("type")
    typ = code.text_of(t) if t is not None else ""
    scope, _sep, word = typ.strip().rpartition("::")
    if scope not in ("", "std"):
        return "", "", typ  # the program's own out_of_range is not the library's
    d = decl.child_by_field_name("declarator")
    names = [code.text_of(x) for x in walk(d) if x.type == "identifier"] if d else []
    kind = "oor" if word == OUT_OF_RANGE else "broad" if word in BASES else ""
    return kind, names[0] if names else "", typ


def _shift(text: str, step: str) -> str:
    """``text`` with ``step`` put before every non-empty line but the first."""
    first, *rest = text.split("\n")
    return "\n".join([first, *((step + ln) if ln.strip() else ln for ln in rest)])


class _Try:
    """One try statement checked and rewritten."""

    def __init__(self, proj: Project, code: Code, fn: Node, node: Node,
                 named: set[str]) -> None:
        self.proj, self.code, self.fn, self.node = proj, code, fn, node
        #: iterator names the rewrites of the same file chose already (one scope may hold two)
        self.named = named
        self.where = f"the try at {code.path}:{_line(node)}"
        self._operators: dict[bool, dict[str, str]] = {}

    def rewrite(self) -> tuple[str, str] | str:
        """(the text replacing the try statement, a note), or why it stays."""
        c, t = self.code, self.node
        if t.parent is not None and t.parent.type in FUNCTION_NODES | {
                "constructor_or_destructor_definition"}:
            return f"{self.where} is a function-try-block"
        body = t.child_by_field_name("body")
        clauses = [x for x in t.named_children if x.type == "catch_clause"]
        if body is None or len(clauses) != 1:
            return (f"{self.where} has {len(clauses)} handlers (only a try with one handler "
                    "is rewritten)")
        clause = clauses[0]
        hbody = clause.child_by_field_name("body")
        kind, ename, typ = _handler(c, clause)
        if not kind or hbody is None:
            return f"{self.where} catches {typ}, not the std::out_of_range a lookup throws"
        broad = kind == "broad"
        why = self._handler_body(hbody, ename)
        if why:
            return why
        for n in walk(body):
            if n.type in ("throw_statement", "goto_statement", "try_statement") and n != body:
                what = {"throw_statement": "throws", "goto_statement": "jumps with goto",
                        "try_statement": "holds another try"}[n.type]
                return f"{self.where}: its body {what} at line {_line(n)}"
        lookups = [n for n in walk(body) if n.type == "call_expression" and self._is_at(n)]
        if not lookups:
            return f"{self.where}: no .at() lookup in its body"
        recv, op, key = self._parts(lookups[0])
        for other in lookups[1:]:
            if self._parts(other) != (recv, op, key):
                return (f"{self.where}: .at() appears with different containers or keys "
                        f"({c.text_of(lookups[0])}, {c.text_of(other)} at line "
                        f"{_line(other)}): the other may throw too")
        recv_node = lookups[0].child_by_field_name("function")
        assert recv_node is not None
        obj = recv_node.child_by_field_name("argument")
        assert obj is not None
        if any(x.type not in ("identifier", "field_expression", "field_identifier", "this",
                              ".", "->") for x in walk(obj)):
            return f"{self.where}: the container {recv} is not a named variable or member"
        container = self._container(obj)
        if container not in ("map", "index"):
            return f"{self.where}: {container}"
        for n in lookups:
            up = n.parent
            while up is not None and up != body:
                if up.type == "lambda_expression":
                    return (f"{self.where}: the lookup at line {_line(n)} is in a lambda "
                            "(it may not see the iterator)")
                up = up.parent
        first = min(lookups, key=lambda n: n.start_byte)
        stmt = self._statement(first, body)
        if isinstance(stmt, str):
            return stmt
        keyn = _args(first)[0]
        names = {c.text_of(x) for x in walk(obj) if x.type == "identifier"} | \
            {c.text_of(x) for x in walk(keyn) if x.type == "identifier"}
        twice = len(lookups) > 1 or container == "index"
        if twice and any(x.type in ("call_expression", "update_expression",
                                    "assignment_expression", "new_expression")
                         for x in walk(keyn)):
            return (f"{self.where}: the key {key} has a call or a side effect and would be "
                    "evaluated a different number of times")
        stmts = [s for s in body.named_children if s.type != "comment"]
        pre = stmts[:stmts.index(stmt)]
        why = self._order(stmt, first) or self._before(pre, names, hbody) or (
            self._writes(body, names, lookups) if twice else "") or \
            self._others(body, lookups, broad)
        if why:
            return why
        return self._text(body, hbody, stmt, pre, lookups, recv, op, key, container), (
            f"{self.where} (catch {typ}) became a test-first branch: "
            + (f"{recv}{op}find({key}) != end()" if container == "map" else
               f"{key} < {recv}{op}size()")
            + f", {len(lookups)} lookup(s) read through it, the handler's code the else branch")

    # --- the checks -----------------------------------------------------------------------
    def _handler_body(self, hbody: Node, ename: str) -> str:
        c = self.code
        for n in walk(hbody):
            if n.type == "throw_statement":
                return f"{self.where}: the handler throws or rethrows at line {_line(n)}"
            if n.type == "goto_statement":
                return f"{self.where}: the handler jumps with goto at line {_line(n)}"
            if n.type == "identifier" and c.text_of(n) == "current_exception":
                return f"{self.where}: the handler asks for std::current_exception()"
            if ename and n.type == "identifier" and c.text_of(n) == ename:
                use = n.parent if n.parent is not None else n
                if use.parent is not None and use.parent.type == "call_expression":
                    use = use.parent
                return (f"{self.where}: the handler uses the exception object {ename} at "
                        f"line {_line(n)} ({c.text_of(use)}): no exception, no object")
        return ""

    def _is_at(self, call: Node) -> bool:
        f = call.child_by_field_name("function")
        if f is None or f.type != "field_expression":
            return False
        field = f.child_by_field_name("field")
        return field is not None and self.code.text_of(field) == "at" and len(_args(call)) == 1

    def _parts(self, call: Node) -> tuple[str, str, str]:
        f = call.child_by_field_name("function")
        assert f is not None
        obj, op = f.child_by_field_name("argument"), f.child_by_field_name("operator")
        c = self.code
        return (c.text_of(obj) if obj is not None else "",
                c.text_of(op) if op is not None else ".", c.text_of(_args(call)[0]))

    def _container(self, obj: Node) -> str:
        """``map``, ``index``, or why the container's type is not known to be either."""
        c = self.code
        last = obj.child_by_field_name("field") if obj.type == "field_expression" else obj
        name = c.text_of(last) if last is not None else ""
        kinds = {self._kind(name, typ) for typ in self._declared(name)}
        if not kinds:
            return f"the declaration of {name} is not found (its type is not known)"
        if len(kinds) > 1:
            return f"{name} is declared with different types ({', '.join(sorted(kinds))})"
        return kinds.pop()

    def _kind(self, name: str, typ: str) -> str:
        for _ in range(3):
            alias = self._alias(typ.strip())
            if alias is None:
                break
            typ = alias
        outer = OUTER_TYPE.match(typ)
        word = outer.group(1) if outer is not None else ""
        if word in MAPS:
            return "map"
        if word in INDEXED:
            return "index"
        return f"{name} is a {typ}, not a std::map, unordered_map, vector, array or string"

    def _declared(self, name: str) -> list[str]:
        """The types written in the declarations of variable or member ``name``: the
        function's own, else the project's classes' and globals'."""
        scopes: list[tuple[Code, Node]] = [(self.code, self.fn)]
        scopes += [(pc, pc.tree.root_node) for pc in self.proj.codes.values()]
        found: list[str] = []
        for pc, scope in scopes:
            for d in walk(scope):
                if d.type not in ("declaration", "parameter_declaration", "field_declaration"):
                    continue
                if scope != self.fn and (d.type == "parameter_declaration" or
                                         pc.function_of(d) is not None):
                    continue  # another function's own names
                for x in d.children_by_field_name("declarator"):
                    inner: Node | None = x
                    while inner is not None and (inner.type in (
                            "init_declarator", "reference_declarator", "pointer_declarator")
                            or (inner.type == "function_declarator" and scope == self.fn)):
                        # (a local ``std::vector<T> v(n);`` parses as a function_declarator)
                        inner = inner.child_by_field_name("declarator") or (
                            inner.named_children[-1] if inner.named_children else None)
                    if inner is not None and pc.text_of(inner) == name:
                        t = d.child_by_field_name("type")
                        found.append(pc.text_of(t) if t is not None else "")
            if found:
                return found
        return []

    def _alias(self, name: str) -> str | None:
        for pc in self.proj.codes.values():
            for d in walk(pc.tree.root_node):
                if d.type == "alias_declaration":
                    nm, t = d.child_by_field_name("name"), d.child_by_field_name("type")
                    if nm is not None and t is not None and pc.text_of(nm) == name:
                        return pc.text_of(t)
                if d.type == "type_definition":
                    t = d.child_by_field_name("type")
                    if t is not None and any(pc.text_of(x) == name for x in
                                             d.children_by_field_name("declarator")):
                        return pc.text_of(t)
        return None

    def _statement(self, first: Node, body: Node) -> Node | str:
        """The statement of the try body holding the first lookup, or why that lookup does
        not run every time the statement does."""
        n = first
        while n.parent is not None and n.parent != body:
            p = n.parent
            if p.type in BARRIERS:
                kind = {"if_statement": "an if", "compound_statement": "a nested block",
                        "lambda_expression": "a lambda", "try_statement": "a nested try",
                        "switch_statement": "a switch"}.get(p.type, "a loop")
                return (f"{self.where}: the first lookup (line {_line(first)}) is inside "
                        f"{kind}: the original throws only when that code runs")
            if p.type == "conditional_expression" and p.child_by_field_name("condition") != n:
                return f"{self.where}: the first lookup is one branch of a ?: expression"
            if p.type == "binary_expression" and p.child_by_field_name("right") == n:
                op = p.child_by_field_name("operator")
                if op is not None and self.code.text_of(op) in ("&&", "||", "and", "or"):
                    return (f"{self.where}: the first lookup is the right side of "
                            f"{self.code.text_of(op)} (it runs only for one value of the left)")
            n = p
        return n

    def _order(self, stmt: Node, first: Node) -> str:
        """Why part of the lookup's statement could run, with a side effect, before the
        lookup throws ("" when nothing could)."""
        c = self.code
        ups = set()
        p: Node | None = first
        while p is not None and p != stmt:
            ups.add((p.start_byte, p.end_byte, p.type))
            p = p.parent

        def inside(n: Node, m: Node) -> bool:
            return m.start_byte <= n.start_byte and n.end_byte <= m.end_byte

        for n in walk(stmt):
            if inside(n, first) or (n.start_byte, n.end_byte, n.type) in ups:
                continue
            if n.type == "call_expression":
                name, _m = _callee(c, n)
                if name not in PURE:
                    return (f"{self.where}: {c.text_of(n)} (line {_line(n)}) is in the "
                            "lookup's statement and may run before it throws")
            if n.type in ("update_expression", "assignment_expression", "new_expression",
                          "delete_expression"):
                return (f"{self.where}: {c.text_of(n)} in the lookup's statement may happen "
                        "before it throws")
        for a in ups:
            if a[2] == "binary_expression":
                node = next(x for x in walk(stmt) if (x.start_byte, x.end_byte, x.type) == a)
                op = node.child_by_field_name("operator")
                right = node.child_by_field_name("right")
                if op is not None and c.text_of(op) in ("<<", ">>") and right is not None \
                        and inside(first, right):
                    return (f"{self.where}: {c.text_of(node)} may write to a stream before "
                            "the lookup throws")
        return ""

    def _before(self, pre: list[Node], names: set[str], hbody: Node) -> str:
        """Why the statements before the lookup cannot run before the find ("" when they
        can: they touch neither the container nor the key)."""
        c = self.code
        declared: set[str] = set()
        for s in pre:
            if s.type == "declaration":
                t = s.child_by_field_name("type")
                typ = c.text_of(t) if t is not None else ""
                if not SCALAR.fullmatch(typ.strip() + " "):
                    return (f"{self.where}: line {_line(s)} declares a {typ} before the "
                            "lookup (its destructor would run after the handler)")
            declared |= declared_in(c, s)
            why = self._writes(s, names, [])
            if why:
                return why
        used = {c.text_of(x) for x in walk(hbody) if x.type == "identifier"}
        clash = sorted(used & declared)
        if clash:
            return (f"{self.where}: the handler reads {', '.join(clash)}, which the statements "
                    "before the lookup declare (it would see theirs)")
        return ""

    def _writes(self, scope: Node, names: set[str], lookups: list[Node]) -> str:
        """Where ``scope`` writes one of ``names`` (the container or the key) or hands it
        to a call ("" when nowhere)."""
        c = self.code
        for n in walk(scope):
            if n in lookups:
                continue
            target: Node | None = None
            if n.type == "assignment_expression":
                target = n.child_by_field_name("left")
            elif n.type == "update_expression":
                target = n.child_by_field_name("argument")
            if target is not None and _root_name(c, target) in names:
                return (f"{self.where}: {c.text_of(n)} at line {_line(n)} writes the "
                        "container or the key")
            if n.type == "call_expression" and not any(n == x for x in lookups):
                name, method = _callee(c, n)
                if name in PURE:
                    continue
                fn = n.child_by_field_name("function")
                recv = fn.child_by_field_name("argument") if method and fn else None
                defs = [f for f in self.proj.funcs if f.name == name and not method]
                touched = [a for k, a in enumerate(_args(n)) if _root_name(c, a) in names
                           and (not defs or any(_writes_through(f, k) for f in defs))]
                if recv is not None and _root_name(c, recv) in names:
                    touched.append(recv)
                if touched:
                    return (f"{self.where}: {c.text_of(n)} at line {_line(n)} may change "
                            f"{c.text_of(touched[0])}")
        return ""

    def _others(self, body: Node, lookups: list[Node], broad: bool) -> str:
        """Why a call of the try body other than the lookup may throw what the handler
        catches ("" when none may)."""
        c = self.code
        for n in walk(body):
            if n.type == "declaration":
                t = n.child_by_field_name("type")
                typ = c.text_of(t) if t is not None else ""
                refs = all(x.type == "init_declarator" and (x.child_by_field_name(
                    "declarator") or x).type == "reference_declarator"
                    for x in n.children_by_field_name("declarator"))
                plain = refs or SCALAR.fullmatch(typ.strip() + " ") or typ.strip() in (
                    "auto", "const auto")
                if not plain and (broad or not NO_OOR_TYPES.fullmatch(typ.strip())):
                    return (f"{self.where}: line {_line(n)} constructs a {typ}, whose "
                            "constructor may throw what the handler catches")
            if n.type == "new_expression" and broad:
                return f"{self.where}: new at line {_line(n)} may throw std::bad_alloc"
            op = n.child_by_field_name("operator")
            sym = "[]" if n.type == "subscript_expression" else (
                c.text_of(op) if op is not None and n.type in OPERATOR_USES else "")
            if sym and sym in self._throwing_operators(broad):
                return (f"{self.where}: {c.text_of(n)} at line {_line(n)} may call "
                        f"{self._throwing_operators(broad)[sym]}")
            if n.type == "call_expression" and n not in lookups:
                why = self._may_throw(c, n, broad, 0, set())
                if why:
                    return f"{self.where}: {why}"
        return ""

    def _throwing_operators(self, broad: bool) -> dict[str, str]:
        """The operators the project defines (``Vec operator+(...)``) whose body may throw
        what the handler catches: symbol -> which one and why. The operands' types are not
        known, so any use of that symbol in the try body counts."""
        if broad not in self._operators:
            found: dict[str, str] = {}
            for pc in self.proj.codes.values():
                for nm in walk(pc.tree.root_node):
                    if nm.type != "operator_name":
                        continue
                    fd = nm.parent
                    while fd is not None and fd.type not in ("function_definition",
                                                             "declaration",
                                                             "field_declaration"):
                        fd = fd.parent
                    body = fd.child_by_field_name("body") if fd is not None else None
                    if body is None:
                        continue
                    sym = pc.text_of(nm)[len("operator"):].strip()
                    why = self._body_throws(pc, body, broad, 1, set())
                    if why:
                        found.setdefault(sym, f"{pc.text_of(nm)} at {pc.path}:{_line(nm)}, "
                                              f"which {why}")
            self._operators[broad] = found
        return self._operators[broad]

    def _body_throws(self, code: Code, body: Node, broad: bool, depth: int,
                     seen: set[str]) -> str:
        """Why a function body may throw what the handler catches ("" when it may not)."""
        for n in walk(body):
            if n.type == "throw_statement":
                return f"throws ({code.path}:{_line(n)})"
            if n.type == "new_expression" and broad:
                return "allocates with new (std::bad_alloc)"
            if n.type == "call_expression":
                why = self._may_throw(code, n, broad, depth, seen)
                if why:
                    return f"calls {why}"
        return ""

    def _may_throw(self, code: Code, call: Node, broad: bool, depth: int,
                   seen: set[str]) -> str:
        name, method = _callee(code, call)
        fn = call.child_by_field_name("function")
        shown = f"{code.text_of(fn) if fn is not None else name}() at " \
                f"{code.path}:{_line(call)}"
        if name in STO:
            return f"{shown} may throw std::out_of_range too (std::sto* is not rewritten)"
        if name in PURE or (not broad and name in NO_OOR):
            return ""
        if method and name in OOR_METHODS:
            return f"{shown} may throw std::out_of_range too"
        if name in seen:
            return ""
        defs = [f for f in self.proj.funcs if f.name == name and f.body is not None]
        if not defs:
            what = "std::out_of_range" if not broad else "what catch (...) catches"
            return f"{shown} may throw {what} (its body is not in the project's sources)"
        if depth >= MAX_DEPTH:
            return f"{shown} calls too deep to follow"
        for f in defs:
            assert f.body is not None
            why = self._body_throws(f.code, f.body, broad, depth + 1, seen | {name})
            if why:
                return f"{shown} {why}"
        return ""

    # --- the new text -----------------------------------------------------------------------
    def _text(self, body: Node, hbody: Node, stmt: Node, pre: list[Node],
              lookups: list[Node], recv: str, op: str, key: str, container: str) -> str:
        c = self.code
        t = self.node
        ind = c.indent_at(_line(t))
        inner = c.indent_at(_line(stmt))
        step = inner[len(ind):] if inner.startswith(ind) and len(inner) > len(ind) else "    "
        taken = {c.text_of(x) for x in walk(self.fn) if x.type == "identifier"} | self.named
        it = next(n for n in ("it", "hit", "found", *(f"it{k}" for k in range(2, 99)))
                  if n not in taken)
        if container == "map":
            self.named.add(it)
        read = f"{it}->second" if container == "map" else (
            f"{recv}[{key}]" if op == "." else f"(*{recv})[{key}]")

        def seg(a: int, b: int) -> str:
            out, at = [], a
            for n in sorted(lookups, key=lambda x: x.start_byte):
                if a <= n.start_byte and n.end_byte <= b:
                    out += [c.data[at:n.start_byte].decode(), read]
                    at = n.end_byte
            return "".join(out) + c.data[at:b].decode()

        if container == "map":
            head = f"auto {it} = {recv}{op}find({key});"
            test = f"{it} != {recv}{op}end()"
        else:
            head, test = "", f"static_cast<std::size_t>({key}) < {recv}{op}size()"
        parent = t.parent
        block = bool(pre) or (bool(head) and (parent is None or
                                              parent.type != "compound_statement"))
        if not block:
            return (f"{head}\n{ind}" if head else "") + f"if ({test}) " + \
                seg(body.start_byte, body.end_byte) + " else " + seg(hbody.start_byte,
                                                                     hbody.end_byte)
        lead = seg(pre[0].start_byte, stmt.start_byte) if pre else ""
        rest = "{\n" + ind + step + seg(stmt.start_byte, body.end_byte)
        return ("{\n" + ind + step + lead + (f"{head}\n{ind}{step}" if head else "")
                + f"if ({test}) " + _shift(rest, step) + " else "
                + _shift(seg(hbody.start_byte, hbody.end_byte), step) + "\n" + ind + "}")


def error_code_path(code: Code, line: int, rel: str, root: Path | None = None,
                    current: Mapping[str, str] | None = None) -> Generated | Refusal:
    """The try statements at ``rel:line`` whose handler turns a lookup's
    ``std::out_of_range`` into a default, rewritten to test first (``find() != end()``, an
    index bound) with the handler's code as the else branch; a Refusal naming why each try
    stays. ``root``: the project folder, whose C++ files hold the callees' bodies and the
    containers' declarations; ``current``: their texts as earlier changes left them."""
    if code.lang != "cpp":
        return _no(f"{rel} is not C++ (no exceptions)")
    at = code.node_at_line(line)
    fn = code.function_of(at) if at is not None else None
    if fn is None:
        return _no(f"line {line} of {rel} is not in a function")
    tries = _tries(code, fn, line) or _called_tries(code, fn, line)
    if not tries:
        return _no(f"no try statement at {rel}:{line}, in its loop, in "
                   f"{code.function_name(fn)} or in the functions of {rel} called there")
    proj = Project(code.text, rel, root, current)
    edits, notes, reasons = [], [], []
    named: set[str] = set()
    for t in tries:
        holder = code.function_of(t)
        assert holder is not None
        got = _Try(proj, code, holder, t, named).rewrite()
        if isinstance(got, str):
            reasons.append(got)
            continue
        edits.append((t.start_byte, t.end_byte, got[0]))
        notes.append(got[1])
    if not edits:
        return _no("; ".join(reasons))
    out, pos = [], 0
    for a, b, text in sorted(edits):
        out += [code.data[pos:a].decode(), text]
        pos = b
    new = "".join(out) + code.data[pos:].decode()
    note = "; ".join(notes) + ("; left: " + "; ".join(reasons) if reasons else "") + \
        "; the same values: the handler's code runs exactly when the lookup would have thrown"
    return Generated(WHAT, rel, make_diff(code.text, new, rel), new, note)


__all__ = ["WHAT", "error_code_path"]
