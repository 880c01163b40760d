"""bisect_search: a linear scan over a sorted array replaced by a bisection (C/C++).

Two shapes of scan are recognised at the hot line:

- ``while (i < E && A[i + c] <= key) i++;`` (the bound test first; any of ``<``/``<=`` in the
  bound, any comparison in the element test): ``i`` ends at the first position from its start
  where the test fails;
- ``for (i = L; i < U; i++) if (A[i + c] >= key) break;`` (or ``return i;``): the first
  position whose element passes the test.

Both end at the first position where a test that is monotone over the range flips, which a
bisection finds in ``log2(n)`` probes with the same answer, duplicates included, and probes
only positions the scan itself could read. The test is monotone when ``A`` is non-decreasing
and the element test keeps ``<=``/``<`` (while) or ``>=``/``>`` (break), mirrored for
``key`` on the left.

Legality is the sortedness of ``A``, proved from the project's sources, never assumed:
every store into ``A``'s elements in the project (the same variable, or the same struct
field ``.x``/``->x`` in any file) must be one counted fill ``A[j] = f(j)`` with ``f``
non-decreasing (:mod:`.monotone`), or ``A`` is sorted by ``qsort`` (an ascending comparator)
/ ``std::sort`` in the searching function before the scan. Anything else that could write it
(another store, the array handed to a function or to a pointer) is named in the refusal.
"""

from __future__ import annotations

import re

from perfscout.transform.macros import Macros, ProjectHeaders
from perfscout.transform.monotone import Fill, NotMonotone, nondecreasing, strip
from perfscout.transform.nest import make_diff, replace_lines
from perfscout.transform.result import Generated, Refusal
from perfscout.transform.source import C_LOOP, FUNCTION_NODES, Code, Node, language_of, walk

WHAT = "bisect_search"
MAX_FILES = 200
#: element tests true on a prefix of a non-decreasing array (``A[i] <= key``), by operator
#: with the element on the left; mirrored operators when the element is on the right
PREFIX_TRUE = {"<", "<="}
SUFFIX_TRUE = {">", ">="}
MIRROR = {"<": ">", "<=": ">=", ">": "<", ">=": "<="}
#: calls that read an array or release it without changing its elements
READ_ONLY_CALLS = frozenset({"free", "printf", "fprintf", "fwrite", "puts", "delete"})
SORTS = frozenset({"qsort", "std::sort", "sort", "std::stable_sort", "stable_sort"})


def _no(why: str) -> Refusal:
    return Refusal(WHAT, why)


def _op(code: Code, n: Node) -> str:
    o = n.child_by_field_name("operator")
    return code.text_of(o) if o is not None else ""


def _terms(code: Code, n: Node) -> list[Node]:
    """The operands of a chain of ``&&``."""
    n = strip(code, n)
    if n.type == "binary_expression" and _op(code, n) == "&&":
        return _terms(code, n.child_by_field_name("left") or n) + _terms(
            code, n.child_by_field_name("right") or n)
    return [n]


def _offset(code: Code, idx: Node, var: str) -> int | None:
    """``c`` when ``idx`` is ``var``, ``var + c``, ``var - c`` or ``c + var``."""
    idx = strip(code, idx)
    if idx.type == "identifier":
        return 0 if code.text_of(idx) == var else None
    if idx.type != "binary_expression" or _op(code, idx) not in "+-":
        return None
    a = strip(code, idx.child_by_field_name("left") or idx)
    b = strip(code, idx.child_by_field_name("right") or idx)
    sign = 1 if _op(code, idx) == "+" else -1
    if a.type == "identifier" and code.text_of(a) == var and b.type == "number_literal":
        return sign * int(code.text_of(b), 0)
    if sign == 1 and b.type == "identifier" and code.text_of(b) == var and \
            a.type == "number_literal":
        return int(code.text_of(a), 0)
    return None


def _index(n: Node) -> Node | None:
    """The subscript of ``a[k]`` (C's ``index``, C++'s one-element ``indices``)."""
    idx = n.child_by_field_name("index")
    if idx is None:
        lst = n.child_by_field_name("indices")
        kids = lst.named_children if lst is not None else []
        idx = kids[0] if len(kids) == 1 else None
    return idx


def _size_call(code: Code, d: Node) -> bool:
    fn = d.child_by_field_name("function")
    return fn is not None and fn.type == "field_expression" and code.text_of(
        fn.child_by_field_name("field") or fn) in ("size", "length")


def _invariant(code: Code, n: Node, var: str) -> str:
    """Why ``n`` may change during the scan ("" when it cannot: the scan itself writes
    nothing, so only a call or an assignment here could)."""
    for d in walk(n):
        if d.type == "identifier" and code.text_of(d) == var:
            return f"{code.text_of(n)} depends on {var}"
        if d.type == "call_expression" and _size_call(code, d):
            continue
        if d.type in ("call_expression", "assignment_expression", "update_expression"):
            return f"{code.text_of(n)} has a call or an assignment"
    return ""


class _Test:
    """The element test ``A[var + c] OP key``: the array expression, its direction."""

    def __init__(self, code: Code, n: Node, var: str) -> None:
        self.node = n
        self.problem = ""
        self.array: Node | None = None
        self.prefix_true = False
        if n.type != "binary_expression" or _op(code, n) not in MIRROR:
            self.problem = f"{code.text_of(n)} is not a comparison of an element with a value"
            return
        left = strip(code, n.child_by_field_name("left") or n)
        right = strip(code, n.child_by_field_name("right") or n)
        op = _op(code, n)
        if left.type != "subscript_expression":
            left, right, op = right, left, MIRROR[op]
        if left.type != "subscript_expression":
            self.problem = f"{code.text_of(n)} compares no array element"
            return
        arr = left.child_by_field_name("argument")
        idx = _index(left)
        if arr is None or idx is None or _offset(code, idx, var) is None:
            self.problem = (f"the subscript of {code.text_of(left)} is not {var} plus a "
                            "constant")
            return
        why = _invariant(code, arr, var) or _invariant(code, right, var)
        if why:
            self.problem = why
            return
        self.array = arr
        self.prefix_true = op in PREFIX_TRUE


def _array_key(code: Code, arr: Node) -> tuple[str, str] | None:
    """("var", name) or ("field", name) for ``a`` or ``s.x``/``p->x``."""
    arr = strip(code, arr)
    if arr.type == "identifier":
        return "var", code.text_of(arr)
    if arr.type == "field_expression":
        f = arr.child_by_field_name("field")
        return ("field", code.text_of(f)) if f is not None else None
    return None


def _matches(code: Code, n: Node, key: tuple[str, str]) -> bool:
    n = strip(code, n)
    if key[0] == "var":
        return n.type == "identifier" and code.text_of(n) == key[1]
    f = n.child_by_field_name("field") if n.type == "field_expression" else None
    return f is not None and code.text_of(f) == key[1]


def _value_of(code: Code, name: str) -> float | None:
    """The number a name or a constant expression stands for once the file's macros are
    expanded (``X0`` -> ``( - 3.0 )`` -> -3.0); None when it is not a number."""
    v = re.sub(r"(?<=[\d.])[uUlLfF]+\b", "", code.expand(name))
    if not re.fullmatch(r"[\d.eE+\-*/()\s]+", v):
        return None
    try:
        return float(eval(v, {"__builtins__": {}}, {}))  # digits and operators only
    except (SyntaxError, ValueError, TypeError, NameError, ZeroDivisionError):
        return None


def _fill_proof(code: Code, store: Node, lhs: Node, key: tuple[str, str]) -> str:
    """"" when ``store`` (``A[j] = f(j)``) is a non-decreasing fill, else why not; the proof
    is appended to ``proofs``."""
    where = f"{code.path}:{store.start_point[0] + 1}"
    loop_node = store.parent
    while loop_node is not None and loop_node.type not in (C_LOOP, *FUNCTION_NODES):
        if loop_node.type in ("if_statement", "while_statement", "do_statement",
                              "switch_statement", "conditional_expression"):
            return f"the store {code.text_of(store)} at {where} is conditional or in a while loop"
        loop_node = loop_node.parent
    if loop_node is None or loop_node.type != C_LOOP:
        return f"the store {code.text_of(store)} at {where} is not in a counted fill loop"
    lp = code.loop(loop_node)
    if not lp.counted or lp.step != 1:
        return f"the store at {where} is in a loop that is not counted by 1 ({lp.problem})"
    idx = _index(lhs)
    if idx is None or _offset(code, idx, lp.var) != 0:
        return f"the store {code.text_of(lhs)} at {where} is not indexed by {lp.var}"
    # the function's definitions before the loop that nothing reassigns, then the body's
    # definitions before the store, substituted into the stored value
    defs: dict[str, Node] = {}
    fn = code.function_of(loop_node)
    if fn is not None:
        changed = {code.text_of(strip(code, t)) for d in walk(fn)
                   if d.type in ("assignment_expression", "update_expression")
                   for t in [d.child_by_field_name("left") or d.child_by_field_name("argument")]
                   if t is not None}
        for d in walk(fn):
            if d.start_byte >= loop_node.start_byte:
                break
            if d.type == "init_declarator":
                name, val = d.child_by_field_name("declarator"), d.child_by_field_name("value")
                if name is not None and val is not None and code.text_of(name) not in changed:
                    defs[code.text_of(name)] = val
    for s in lp.body:
        if s.start_byte >= store.start_byte:
            break
        for d in walk(s):
            if d.type == "init_declarator":
                name, val = d.child_by_field_name("declarator"), d.child_by_field_name("value")
                if name is not None and val is not None:
                    defs[code.text_of(name)] = val
    value = store.child_by_field_name("right")
    if value is None or _op(code, store) != "=":
        return f"the store {code.text_of(store)} at {where} is not a plain assignment"
    upper = lp.upper if not lp.inclusive else f"{lp.upper} + 1"
    lower = _value_of(code, lp.lower)
    if lower is None:
        return f"the fill at {where} starts at {lp.lower}, not a known number"
    fill = Fill(code, lp.var, upper, lower, defs, lambda nm: _value_of(code, nm))
    try:
        how = nondecreasing(fill, value)
    except NotMonotone as exc:
        return f"the fill {code.text_of(lhs)} = {code.text_of(value)} at {where} is not " \
               f"proved non-decreasing: {exc}"
    return "proof:" + f"{where} fills {code.text_of(lhs)} non-decreasing ({how})"


def _call_name(code: Code, call: Node) -> str:
    fn = call.child_by_field_name("function")
    return code.text_of(fn) if fn is not None else ""


def _side(code: Code, n: Node, a: set[str], b: set[str]) -> str:
    """"a" or "b": which comparator argument the expression ``n`` reads (alone)."""
    ids = code.identifiers(n)
    if ids & a and not ids & b:
        return "a"
    if ids & b and not ids & a:
        return "b"
    return ""


def _ascending_body(code: Code, ret: Node, a: set[str], b: set[str]) -> bool:
    """``(A > B) - (A < B)``, ``A - B`` or ``A < B ? -1 : ...`` (A from the first argument)."""
    e = strip(code, ret)

    def cmp(n: Node) -> tuple[str, str] | None:
        n = strip(code, n)
        if n.type != "binary_expression" or _op(code, n) not in MIRROR:
            return None
        sides = (_side(code, n.child_by_field_name("left") or n, a, b),
                 _side(code, n.child_by_field_name("right") or n, a, b))
        op = _op(code, n)
        if sides == ("b", "a"):
            op = MIRROR[op]
        elif sides != ("a", "b"):
            return None
        return op, ""

    if e.type == "binary_expression" and _op(code, e) == "-":
        left, right = e.child_by_field_name("left"), e.child_by_field_name("right")
        if left is None or right is None:
            return False
        cl, cr = cmp(left), cmp(right)
        if cl is not None and cr is not None:
            return cl[0] in (">", ">=") and cr[0] in ("<", "<=")
        return (_side(code, left, a, b), _side(code, right, a, b)) == ("a", "b")
    if e.type == "conditional_expression":
        c = e.child_by_field_name("condition")
        then = e.child_by_field_name("consequence")
        got = cmp(c) if c is not None else None
        if got is None or then is None:
            return False
        neg = code.text_of(strip(code, then)).replace(" ", "").startswith("-")
        return (got[0] in ("<", "<=")) == neg
    return False


def _ascending_cmp(codes: list[Code], name: str) -> bool:
    """Whether the comparator ``name`` orders ascending: every return gives
    ``(a > b) - (a < b)``, ``a - b`` or ``a < b ? -1 : ...`` of (what is read through) its
    first argument against its second."""
    for c in codes:
        for d in walk(c.tree.root_node):
            if d.type != "function_definition" or c.function_name(d) != name:
                continue
            params = [p for p in walk(d.child_by_field_name("declarator") or d)
                      if p.type == "parameter_declaration"]
            names = []
            for p in params:
                ids = [x for x in walk(p) if x.type == "identifier"]
                names.append(c.text_of(ids[-1]) if ids else "")
            if len(names) != 2:
                return False
            side_a, side_b = {names[0]}, {names[1]}
            for x in walk(d):
                if x.type == "init_declarator":
                    nm, val = x.child_by_field_name("declarator"), x.child_by_field_name("value")
                    if nm is None or val is None:
                        continue
                    s = _side(c, val, side_a, side_b)
                    (side_a if s == "a" else side_b if s == "b" else set()).add(c.text_of(nm))
            rets = [x for x in walk(d) if x.type == "return_statement" and x.named_children]
            return bool(rets) and all(_ascending_body(c, r.named_children[0], side_a, side_b)
                                      for r in rets)
    return False


def _codes(code: Code, headers: ProjectHeaders | None) -> list[Code]:
    """This file, then the project's other C/C++ files, their macros read as the build reads
    them (a fill's bounds and constants are often macros of a header)."""
    out = [code]
    root = headers.root if headers is not None else None
    if root is None or not root.is_dir():
        return out
    for f in sorted(root.rglob("*"))[:MAX_FILES * 4]:
        lang = language_of(f.name)
        if lang not in ("c", "cpp") or not f.is_file() or len(out) > MAX_FILES:
            continue
        rel = f.relative_to(root).as_posix()
        if rel == code.path:
            continue
        c = Code(f.read_text(errors="replace"), rel, lang)
        c.expand = Macros.of(c, headers).expand
        out.append(c)
    return out


def sorted_proof(code: Code, scan: Node, arr: Node,
                 headers: ProjectHeaders | None) -> tuple[bool, str]:
    """(True, how) when the project's sources prove ``arr`` non-decreasing at ``scan``, else
    (False, what could make it unsorted)."""
    key = _array_key(code, arr)
    if key is None:
        return False, f"{code.text_of(arr)} is neither a variable nor a struct field"
    fn = code.function_of(scan)
    local = key[0] == "var" and fn is not None and _local(code, fn, key[1])
    codes = [code] if local else _codes(code, headers)
    # a local array: only its function counts, and from its last sort before the scan on
    since = 0
    if local and fn is not None:
        sorts = [d for d in walk(fn) if d.type == "call_expression"
                 and _call_name(code, d) in SORTS and d.start_byte < scan.start_byte
                 and any(_matches(code, _base(code, a), key) for a in
                         (d.child_by_field_name("arguments") or d).named_children)]
        since = sorts[-1].start_byte if sorts else 0
    proofs: list[str] = []
    sorted_here = False
    for c in codes:
        for d in walk(fn if local and fn is not None else c.tree.root_node):
            if d.start_byte < since:
                continue
            if d.type in ("assignment_expression", "update_expression"):
                target = d.child_by_field_name("left") or d.child_by_field_name("argument")
                if target is None:
                    continue
                target = strip(c, target)
                if target.type == "subscript_expression" and _matches(
                        c, target.child_by_field_name("argument") or target, key):
                    if d.type == "update_expression":
                        return False, (f"{c.text_of(d)} at {c.path}:{d.start_point[0] + 1} "
                                       "changes an element")
                    got = _fill_proof(c, d, target, key)
                    if not got.startswith("proof:"):
                        return False, got
                    proofs.append(got.removeprefix("proof:"))
                elif _matches(c, target, key) and d.type == "assignment_expression":
                    rhs = d.child_by_field_name("right")
                    if rhs is None or not re.match(r"\s*(\(.*\)\s*)?(malloc|calloc|new)\b",
                                                   c.text_of(rhs)):
                        return False, (f"{c.text_of(d)} at {c.path}:{d.start_point[0] + 1} "
                                       "points the array at other data")
            elif d.type == "call_expression":
                name = _call_name(c, d)
                args = d.child_by_field_name("arguments")
                if args is None:
                    continue
                passed = [a for a in args.named_children if _matches(c, _base(c, a), key)]
                if not passed:
                    continue
                if name in READ_ONLY_CALLS:
                    continue
                if name in SORTS and c is code and fn is not None and _inside(d, fn) and \
                        d.start_byte < scan.start_byte:
                    cmp_ok = _sort_ascending(c, d, name, codes)
                    if not cmp_ok:
                        return False, (f"{c.text_of(d)} at {c.path}:{d.start_point[0] + 1} "
                                       "sorts with a comparator not known to be ascending")
                    sorted_here = True
                    proofs.append(f"{c.path}:{d.start_point[0] + 1} sorts it ascending "
                                  f"({name})")
                    continue
                return False, (f"{code.text_of(arr)} is passed to {name}() at {c.path}:"
                               f"{d.start_point[0] + 1}, which may change its elements")
            elif _is_ref(c, d, key):
                why = _escape(c, d)
                if why:
                    return False, f"{code.text_of(arr)} {why}"
    if local and proofs and any("sorts" not in p for p in proofs) and sorted_here:
        return False, (f"{code.text_of(arr)} is changed after its sort in "
                       f"{code.function_name(fn)}")
    if not proofs:
        return False, (f"no store into {code.text_of(arr)}'s elements and no sort of it was "
                       "found in the project, so its order is unknown")
    if sorted_here and len(proofs) > 1:
        fills = [p for p in proofs if "sorts" not in p]
        if fills:
            return False, f"{code.text_of(arr)} is both filled ({fills[0]}) and sorted: " \
                          "the order between them is not followed"
    if not sorted_here and len(proofs) > 1:
        return False, (f"{code.text_of(arr)} is filled in {len(proofs)} places ("
                       + "; ".join(proofs) + "): together they need not be sorted")
    return True, "; ".join(proofs)


#: methods that neither change a container's elements nor hand out a writable view of them
CONST_METHODS = frozenset({"size", "empty", "begin", "end", "cbegin", "cend", "length"})


def _is_ref(c: Code, d: Node, key: tuple[str, str]) -> bool:
    """``d`` names the array itself (``a``, or ``s.x``/``p->x`` for a field)."""
    if key[0] == "var":
        return d.type == "identifier" and c.text_of(d) == key[1]
    return d.type == "field_expression" and _matches(c, d, key)


def _escape(c: Code, d: Node) -> str:
    """How a use of the array could change its elements out of sight ("" when it cannot):
    a pointer or reference taken (``p = a``, ``return a``), a method that writes."""
    where = f"at {c.path}:{d.start_point[0] + 1}"
    up = d
    while up.parent is not None and up.parent.type in ("parenthesized_expression",
                                                       "cast_expression"):
        up = up.parent
    p = up.parent
    if p is None:
        return ""
    if p.type == "subscript_expression" and p.child_by_field_name("argument") == up:
        return ""  # an element: its stores are judged one by one
    if p.type == "field_expression" and p.child_by_field_name("argument") == up:
        if d.type == "identifier" and p.parent is not None and \
                p.parent.type == "call_expression":
            meth = c.text_of(p.child_by_field_name("field") or p)
            if meth not in CONST_METHODS:
                return f"is changed or exposed by .{meth}() {where}"
        return ""  # s.x: the field of the struct named here
    if p.type in ("pointer_declarator", "array_declarator", "reference_declarator",
                  "parameter_declaration", "declaration", "init_declarator") and \
            p.child_by_field_name("value") != up:
        return ""  # its own declaration
    anc: Node | None = p
    while anc is not None and anc.type not in ("argument_list", "expression_statement",
                                               "declaration", "return_statement",
                                               "compound_statement"):
        anc = anc.parent
    if anc is not None and anc.type == "argument_list":
        return ""  # passed to a call: judged with the call
    if p.type == "assignment_expression" and p.child_by_field_name("left") == up:
        return ""  # pointed at new memory: judged with the assignment
    if p.type in ("binary_expression",) and c.text_of(p.child_by_field_name("operator")
                                                      or p) in ("==", "!="):
        return ""
    return f"is used as {c.text_of(p)!r} {where}, which may write its elements"


def _sort_ascending(c: Code, call: Node, name: str, codes: list[Code]) -> bool:
    args = [a for a in (call.child_by_field_name("arguments") or call).named_children]
    if name == "qsort":
        return len(args) == 4 and _ascending_cmp(codes, c.text_of(args[3]))
    if len(args) == 2:
        return True
    return len(args) == 3 and bool(re.fullmatch(r"std::less<.*>\(\)|std::less\{\}|"
                                                r"std::less<>\{\}", c.text_of(args[2])))


def _base(c: Code, n: Node) -> Node:
    """``a`` of ``a``, ``a + n``, ``&a[0]``, ``a.begin()``, ``s.x``."""
    n = strip(c, n)
    if n.type == "binary_expression":
        return _base(c, n.child_by_field_name("left") or n)
    if n.type == "pointer_expression":
        arg = strip(c, n.child_by_field_name("argument") or n)
        if arg.type == "subscript_expression":  # &a[k]: the array from there on
            return _base(c, arg.child_by_field_name("argument") or arg)
        return _base(c, arg)
    if n.type == "call_expression":
        fn = n.child_by_field_name("function")
        if fn is not None and fn.type == "field_expression":
            return _base(c, fn.child_by_field_name("argument") or fn)
    return n


def _inside(n: Node, outer: Node) -> bool:
    return outer.start_byte <= n.start_byte and n.end_byte <= outer.end_byte


def _local(code: Code, fn: Node, name: str) -> bool:
    """Whether ``name`` is declared in the function (a local or a parameter)."""
    return bool(code._declared_type(fn, name))


# -- the scan shapes ------------------------------------------------------------------------
def _substitute(code: Code, n: Node, var: str, by: str) -> str:
    """The text of ``n`` with every identifier ``var`` replaced by ``by``."""
    out, at = [], n.start_byte
    for d in walk(n):
        if d.type == "identifier" and code.text_of(d) == var:
            out.append(code.data[at:d.start_byte].decode())
            out.append(by)
            at = d.end_byte
    out.append(code.data[at:n.end_byte].decode())
    return "".join(out)


def _steps_by_one(code: Code, body: Node, var: str) -> bool:
    body = strip(code, body)
    if body.type == "compound_statement":
        stmts = [s for s in body.named_children if s.type != "comment"]
        if len(stmts) != 1:
            return False
        body = stmts[0]
    t = code.text_of(body).replace(" ", "").rstrip(";")
    return t in (f"{var}++", f"++{var}", f"{var}+=1", f"{var}={var}+1")


def _while_scan(code: Code, n: Node) -> tuple[str, Node, Node, str] | str:
    """(var, element test, array, upper-exclusive text) of ``while (i < E && test) i++;``."""
    cond, body = n.child_by_field_name("condition"), n.child_by_field_name("body")
    if cond is None or body is None:
        return "the while loop has no condition or body"
    bounds, tests = [], []
    for t in _terms(code, cond):
        left, right = t.child_by_field_name("left"), t.child_by_field_name("right")
        if t.type == "binary_expression" and _op(code, t) in ("<", "<=") and left is not None \
                and right is not None and strip(code, left).type == "identifier":
            bounds.append(t)
        else:
            tests.append(t)
    if len(bounds) != 1 or len(tests) != 1:
        return (f"the while condition {code.text_of(cond)} is not 'i < bound && "
                "element test'")
    b = bounds[0]
    var = code.text_of(strip(code, b.child_by_field_name("left") or b))
    if not _steps_by_one(code, body, var):
        return f"the body of the while loop does more than {var}++"
    ub = b.child_by_field_name("right") or b
    why = _invariant(code, ub, var)
    if why:
        return f"the bound {why}"
    upper = code.text_of(ub) if _op(code, b) == "<" else f"({code.text_of(ub)}) + 1"
    test = _Test(code, tests[0], var)
    if test.problem or test.array is None:
        return test.problem
    if not test.prefix_true:
        return (f"the scan continues while {code.text_of(tests[0])}: over a non-decreasing "
                "array that test is not true on a prefix")
    return var, tests[0], test.array, upper


def _for_scan(code: Code, n: Node) -> tuple[str, Node, Node, str, Node] | str:
    """(var, stop test, array, upper-exclusive, the if's consequence) of a for-break scan."""
    lp = code.loop(n)
    if not lp.counted or lp.step != 1:
        return lp.problem or f"the loop over {lp.var} does not step by 1"
    if len(lp.body) != 1 or lp.body[0].type != "if_statement":
        return f"the loop over {lp.var} does more than one 'if (test) break;'"
    st = lp.body[0]
    if st.child_by_field_name("alternative") is not None:
        return "the if in the scan has an else"
    then = st.child_by_field_name("consequence")
    cond = st.child_by_field_name("condition")
    if cond is not None and cond.type == "condition_clause":  # C++
        cond = cond.child_by_field_name("value")
    if then is None or cond is None:
        return "the if in the scan has no condition"
    inner = then
    if inner.type == "compound_statement":
        kids = [k for k in inner.named_children if k.type != "comment"]
        inner = kids[0] if len(kids) == 1 else inner
    if inner.type not in ("break_statement", "return_statement"):
        return f"the if in the scan does {code.text_of(then)!r}, not break or return"
    ub = lp.upper_node
    if ub is None or _invariant(code, ub, lp.var):
        return f"the bound {lp.upper} may change during the scan"
    test = _Test(code, strip(code, cond), lp.var)
    if test.problem or test.array is None:
        return test.problem
    if test.prefix_true:
        return (f"the scan stops when {code.text_of(strip(code, cond))}: over a "
                "non-decreasing array that test is not false on a prefix")
    upper = lp.upper if not lp.inclusive else f"({lp.upper}) + 1"
    return lp.var, strip(code, cond), test.array, upper, inner


def bisect_search(code: Code, line: int, rel: str,
                  headers: ProjectHeaders | None) -> Generated | Refusal:
    """The scan at ``rel:line`` replaced by a bisection with the same result, or why not."""
    if code.fortran:
        return _no("bisect_search is generated for C and C++ scans only")
    loops = code.loops_at(line)
    if not loops:
        return _no(f"line {line} of {rel} is not inside a loop")
    n = loops[0]
    fn = code.function_of(n)
    ind = code.indent_at(n.start_point[0] + 1)
    first, last = n.start_point[0] + 1, n.end_point[0] + 1
    if n.type == "while_statement":
        got = _while_scan(code, n)
        if isinstance(got, str):
            return _no(f"{rel}:{first}: {got}")
        var, test, arr, upper = got
        typ = code.declared_type(fn, var).replace("const ", "") or "long"
        probe = _substitute(code, test, var, "bs_mid")
        lines = [f"{{  /* bisection: the first {var} from here where the scan's test fails */",
                 f"    {typ} bs_lo = {var}, bs_hi = {upper};",
                 "    while (bs_lo < bs_hi) {",
                 f"        {typ} bs_mid = bs_lo + (bs_hi - bs_lo) / 2;",
                 f"        if ({probe})",
                 "            bs_lo = bs_mid + 1;",
                 "        else",
                 "            bs_hi = bs_mid;",
                 "    }",
                 f"    {var} = bs_lo;",
                 "}"]
    elif n.type == C_LOOP:
        got2 = _for_scan(code, n)
        if isinstance(got2, str):
            return _no(f"{rel}:{first}: {got2}")
        var, test, arr, upper, act = got2
        lp = code.loop(n)
        typ = (lp.decl_type or code.declared_type(fn, var)).replace("const ", "") or "long"
        probe = _substitute(code, test, var, "bs_mid")
        lines = [f"{{  /* bisection: the first {var} where the scan's test holds */",
                 f"    {typ} bs_lo = {lp.lower}, bs_end = {upper}, bs_hi = bs_end;",
                 "    while (bs_lo < bs_hi) {",
                 f"        {typ} bs_mid = bs_lo + (bs_hi - bs_lo) / 2;",
                 f"        if (!({probe}))",
                 "            bs_lo = bs_mid + 1;",
                 "        else",
                 "            bs_hi = bs_mid;",
                 "    }"]
        if not lp.decl_type:
            lines.append(f"    {var} = bs_lo;")
        if act.type == "return_statement":
            lines.append(f"    if (bs_lo < bs_end) {_substitute(code, act, var, 'bs_lo')}")
        lines.append("}")
    else:
        return _no(f"{rel}:{first}: the loop at line {first} is a {n.type.replace('_', ' ')}, "
                   "not a while or for scan")
    ok, how = sorted_proof(code, n, arr, headers)
    if not ok:
        return _no(f"{rel}:{first}: {code.text_of(arr)} is not proved sorted: {how}")
    if any(ln.rstrip().endswith("\\") for ln in code.lines[first - 1:last]):
        return _no(f"{rel}:{first}: the scan is inside a macro")
    new = replace_lines(code, first, last, [ind + s for s in lines])
    note = (f"{rel}:{first}: the linear scan over {code.text_of(arr)} replaced by a bisection "
            f"(same position, duplicates included); sorted because {how}")
    return Generated(WHAT, rel, make_diff(code.text, new, rel), new, note)


__all__ = ["WHAT", "bisect_search", "sorted_proof"]
