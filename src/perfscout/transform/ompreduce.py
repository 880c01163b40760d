"""omp_reduction: threads that take turns on an ``omp atomic``/``critical`` update inside a
``parallel for`` get a private copy each instead, merged once at the end (C/C++).

The loop at the hot line must be a ``#pragma omp parallel for``; each ``#pragma omp atomic``
(``update``, or no clause) or ``#pragma omp critical`` in its body must protect one update of
one variable or array element that is associative:

- ``x++``, ``x += e``, ``x -= e``, ``x = x + e`` (``+``); ``x *= e`` (``*``); ``|=``, ``&=``,
  ``^=``; ``if (e > x) x = e;`` or ``x = fmax(x, e)`` (``max``; mirrored: ``min``);

and the updated variable is read nowhere else in the loop. The atomic/critical lines go and
the ``parallel for`` gets ``reduction(op:x)``, or ``reduction(op:a[:N])`` for an array element
``a[k]``: an array section needs the array's extent, taken from its declaration
(``long a[N]``), or, for a pointer parameter, from every call of the function in the project
(``a`` allocated with ``malloc(N * sizeof ...)``/``calloc(N, ...)`` or declared ``T a[N]`` at
each call, all with the same N); refused, naming why, when it is not known. Integer updates
give identical results; floating-point sums are added in another order (the note says so).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from perfscout.transform.caller import Project
from perfscout.transform.cnames import call_args, fn_params
from perfscout.transform.macros import Macros, ProjectHeaders
from perfscout.transform.monotone import strip
from perfscout.transform.nest import make_diff
from perfscout.transform.result import Generated, Refusal
from perfscout.transform.source import C_LOOP, FUNCTION_NODES, Code, Node, walk

WHAT = "omp_reduction"
OPS = {"+=": "+", "-=": "+", "*=": "*", "|=": "|", "&=": "&", "^=": "^"}
BINARY = {"+": "+", "*": "*", "|": "|", "&": "&", "^": "^"}
MAXMIN = {"fmax": "max", "fmin": "min", "std::max": "max", "std::min": "min", "max": "max",
          "min": "min", "fmaxf": "max", "fminf": "min"}
INTEGER = re.compile(r"\b(char|short|int|long|unsigned|size_t|u?int\d+_t|bool)\b")


def _no(why: str) -> Refusal:
    return Refusal(WHAT, why)


@dataclass
class _Update:
    pragma: Node  # the atomic/critical line
    stmt: Node  # the protected statement
    target: Node  # x or a[k]
    base: str  # x or a
    op: str  # reduction operator
    element: bool  # a[k]


def pragma_text(code: Code, n: Node) -> str:
    """The directive text of a ``#pragma`` line (``omp atomic update``), "" otherwise."""
    if n.type != "preproc_call":
        return ""
    d = n.child_by_field_name("directive")
    if d is None or code.text_of(d) != "#pragma":
        return ""
    a = n.child_by_field_name("argument")
    return " ".join(code.text_of(a).replace("\\\n", " ").split()) if a is not None else ""


def _op(code: Code, n: Node) -> str:
    o = n.child_by_field_name("operator")
    return code.text_of(o) if o is not None else ""


def _base(code: Code, target: Node) -> tuple[str, bool] | None:
    t = strip(code, target)
    if t.type == "identifier":
        return code.text_of(t), False
    if t.type == "subscript_expression":
        a = t.child_by_field_name("argument")
        if a is not None and strip(code, a).type == "identifier":
            return code.text_of(strip(code, a)), True
    return None


def _same(code: Code, a: Node, b: Node) -> bool:
    return code.text_of(a).replace(" ", "") == code.text_of(b).replace(" ", "")


def _update_of(code: Code, stmt: Node) -> tuple[Node, str, list[Node]] | str:
    """(the updated lvalue, the reduction operator, the other operands) of one statement."""
    s = strip(code, stmt)
    if s.type == "compound_statement":
        kids = [k for k in s.named_children if k.type != "comment"]
        if len(kids) != 1:
            return "the protected block holds more than one statement"
        s = kids[0]
    if s.type == "if_statement":
        return _if_maxmin(code, s)
    if s.type != "expression_statement" or not s.named_children:
        return f"{code.text_of(s)!r} is not an update of one variable"
    e = s.named_children[0]
    if e.type == "update_expression":
        target = e.child_by_field_name("argument")
        return (target, "+", []) if target is not None else "no operand"
    if e.type != "assignment_expression":
        return f"{code.text_of(e)!r} is not an update"
    left, right, op = e.child_by_field_name("left"), e.child_by_field_name("right"), _op(code, e)
    if left is None or right is None:
        return "no operand"
    if op in OPS:
        return left, OPS[op], [right]
    if op != "=":
        return f"{op} is not an associative update ({code.text_of(e)})"
    r = strip(code, right)
    if r.type == "binary_expression" and _op(code, r) in (*BINARY, "-"):
        a, b = r.child_by_field_name("left"), r.child_by_field_name("right")
        if a is not None and _same(code, strip(code, a), left) and b is not None:
            return left, BINARY.get(_op(code, r), "+"), [b]
        if b is not None and _same(code, strip(code, b), left) and _op(code, r) in BINARY \
                and a is not None:
            return left, BINARY[_op(code, r)], [a]
    if r.type == "call_expression":
        fn = code.text_of(r.child_by_field_name("function") or r)
        args = call_args(r)
        if fn in MAXMIN and len(args) == 2:
            for mine, other in ((args[0], args[1]), (args[1], args[0])):
                if _same(code, strip(code, mine), left):
                    return left, MAXMIN[fn], [other]
    return (f"{code.text_of(e)} is not an associative update of {code.text_of(left)} "
            "(+=, -=, *=, |=, &=, ^=, max or min)")


def _if_maxmin(code: Code, s: Node) -> tuple[Node, str, list[Node]] | str:
    """``if (e > x) x = e;`` (max) or ``if (e < x) x = e;`` (min), either side."""
    if s.child_by_field_name("alternative") is not None:
        return "the protected if has an else"
    cond = s.child_by_field_name("condition")
    if cond is not None and cond.type == "condition_clause":
        cond = cond.child_by_field_name("value")
    then = s.child_by_field_name("consequence")
    if cond is None or then is None:
        return "the protected if has no condition"
    cond = strip(code, cond)
    body = strip(code, then)
    if body.type == "compound_statement":
        kids = [k for k in body.named_children if k.type != "comment"]
        body = kids[0] if len(kids) == 1 else body
    e = body.named_children[0] if body.type == "expression_statement" and \
        body.named_children else None
    if e is None or e.type != "assignment_expression" or _op(code, e) != "=" or \
            cond.type != "binary_expression" or _op(code, cond) not in ("<", "<=", ">", ">="):
        return f"the protected if ({code.text_of(cond)}) is not 'if (e > x) x = e'"
    x, val = e.child_by_field_name("left"), e.child_by_field_name("right")
    a, b = cond.child_by_field_name("left"), cond.child_by_field_name("right")
    if x is None or val is None or a is None or b is None:
        return "no operand"
    op = _op(code, cond)
    if _same(code, a, val) and _same(code, b, x):
        return x, "max" if op in (">", ">=") else "min", [val]
    if _same(code, a, x) and _same(code, b, val):
        return x, "max" if op in ("<", "<=") else "min", [val]
    return f"the protected if ({code.text_of(cond)}) does not compare the value it stores"


def parallel_loop_at(code: Code, line: int) -> tuple[Node, Node] | str:
    """(the ``parallel for`` pragma, its loop) around or at ``line``."""
    n = code.node_at_line(line)
    while n is not None and n.type not in FUNCTION_NODES:
        if n.type == C_LOOP:
            prev = n.prev_named_sibling
            if prev is not None and pragma_text(code, prev).startswith(("omp parallel for",
                                                                    "omp for")):
                return prev, n
        n = n.parent
    return (f"line {line} of {code.path} is in no loop under '#pragma omp parallel for' (or "
            "'omp for')")


def guarded(code: Code, root: Node) -> list[tuple[Node, str, Node]] | str:
    """Every ``#pragma omp atomic``/``critical`` under ``root`` as (the pragma, its directive
    text, the statement it protects), in source order; the reason when an atomic's value is
    used (``read``/``write``/``capture``) or nothing follows a directive. Shared by the
    reduction, per-thread tally and called-function tally generators."""
    out: list[tuple[Node, str, Node]] = []
    for d in walk(root):
        word = pragma_text(code, d)
        if not word.startswith(("omp atomic", "omp critical")):
            continue
        line = d.start_point[0] + 1
        if word.startswith("omp atomic") and any(w in word.split() for w in
                                                 ("read", "write", "capture")):
            return f"the atomic at line {line} is '{word}': its value is used, not only updated"
        stmt = d.next_named_sibling
        if stmt is None:
            return f"nothing follows the {word} at line {line}"
        out.append((d, word, stmt))
    return out


def _updates(code: Code, loop: Node) -> list[_Update] | str:
    out: list[_Update] = []
    found = guarded(code, loop)
    if isinstance(found, str):
        return found
    for d, _word, stmt in found:
        line = d.start_point[0] + 1
        got = _update_of(code, stmt)
        if isinstance(got, str):
            return f"line {line + 1}: {got}"
        target, op, others = got
        base = _base(code, target)
        if base is None:
            return (f"line {line + 1}: {code.text_of(target)} is not a variable or an element "
                    "of a named array")
        for o in others:
            if base[0] in code.identifiers(o):
                return f"line {line + 1}: the update of {base[0]} reads {base[0]} itself"
        out.append(_Update(d, stmt, target, base[0], op, base[1]))
    if not out:
        return "no '#pragma omp atomic' or 'critical' update in the parallel loop"
    return out


def _extent_from_call(c: Code, call: Node, pos: int) -> tuple[str, str] | str:
    """(text, value) of the extent of the array passed at argument ``pos`` of ``call``."""
    args = call_args(call)
    if pos >= len(args):
        return f"the call at {c.path}:{call.start_point[0] + 1} passes no argument {pos + 1}"
    arg = strip(c, args[pos])
    if arg.type != "identifier":
        return f"the call at {c.path}:{call.start_point[0] + 1} passes {c.text_of(arg)}"
    name = c.text_of(arg)
    fn = c.function_of(call)
    ext = c.array_extents(fn, name)
    if ext and len(ext) == 1 and ext[0]:
        return ext[0], _value(c, ext[0])
    for d in walk(fn if fn is not None else c.tree.root_node):
        if d.type == "init_declarator":
            nm, val = d.child_by_field_name("declarator"), d.child_by_field_name("value")
        elif d.type == "assignment_expression":
            nm, val = d.child_by_field_name("left"), d.child_by_field_name("right")
        else:
            continue
        if nm is None or val is None or re.sub(r"^[*\s]+", "", c.text_of(nm)) != name:
            continue
        got = alloc_count(c, strip(c, val))
        if got:
            return got, _value(c, got)
    return (f"the extent of {name}, passed at {c.path}:{call.start_point[0] + 1}, is not a "
            "declared size or a malloc/calloc count")


def alloc_count(c: Code, val: Node) -> str:
    """The element count of a ``calloc(n, size)`` or ``malloc(n * sizeof ...)`` call, ""
    for any other expression; the extent of an array allocated that way."""
    if val.type != "call_expression":
        return ""
    fn = c.text_of(val.child_by_field_name("function") or val)
    args = call_args(val)
    if fn == "calloc" and len(args) == 2:
        return c.text_of(args[0])
    if fn == "malloc" and len(args) == 1:
        a = strip(c, args[0])
        if a.type == "binary_expression" and _op(c, a) == "*":
            x, y = a.child_by_field_name("left"), a.child_by_field_name("right")
            for count, size in ((x, y), (y, x)):
                if count is not None and size is not None and \
                        strip(c, size).type == "sizeof_expression":
                    return c.text_of(count)
    return ""


def _value(c: Code, text: str) -> str:
    """The extent as a number when the file's macros make it one, else its text."""
    v = c.expand(text).strip()
    try:
        return str(int(eval(v, {"__builtins__": {}}, {}))) if re.fullmatch(
            r"[\d\s()+*-]+", v) else v.replace(" ", "")
    except (SyntaxError, ValueError, ZeroDivisionError):
        return v.replace(" ", "")


def array_extent(code: Code, fn: Node, name: str, headers: ProjectHeaders | None) -> str:
    """The text of ``name``'s extent usable inside ``fn``, or raise ValueError saying why."""
    ext = code.array_extents(fn, name)
    if ext is not None:
        if len(ext) != 1 or not ext[0]:
            raise ValueError(f"{name} is declared {name}[{']['.join(ext)}]: one known extent "
                             "is needed for the reduction's array section")
        return ext[0]
    params = fn_params(code, fn)
    pos = next((p.index for p in params if p.name == name), None)
    if pos is None:
        raise ValueError(f"the extent of {name} is not known (not a declared array nor a "
                         "parameter)")
    fname = code.function_name(fn)
    seen: dict[str, str] = {}
    for c in Project(code, headers.root if headers is not None else None).codes:
        if c is not code:  # the callers' macros, read as the build reads them
            c.expand = Macros.of(c, headers).expand
        for d in walk(c.tree.root_node):
            if d.type == "call_expression" and \
                    c.text_of(d.child_by_field_name("function") or d) == fname:
                got = _extent_from_call(c, d, pos)
                if isinstance(got, str):
                    raise ValueError(got)
                seen[got[1]] = got[0]
    if not seen:
        raise ValueError(f"{fname} is called nowhere in the project: the extent of {name} "
                         "is not known")
    if len(seen) > 1:
        raise ValueError(f"{fname} is called with {name} of different extents "
                         f"({', '.join(sorted(seen))})")
    value, text = next(iter(seen.items()))
    if not value.isdigit():  # a run-time size: its names mean other things in here
        raise ValueError(f"the extent of {name} ({text}) is not known inside {fname}")
    return text if _value(code, text) == value else value  # the same macro, or the number


def omp_reduction(code: Code, line: int, rel: str,
                  headers: ProjectHeaders | None) -> Generated | Refusal:
    """The atomic/critical updates of the ``parallel for`` at ``rel:line`` turned into a
    reduction clause, or why not."""
    if code.fortran:
        return _fortran(code, line, rel)
    got = parallel_loop_at(code, line)
    if isinstance(got, str):
        return _no(got)
    pragma, loop = got
    ups = _updates(code, loop)
    if isinstance(ups, str):
        return _no(f"{rel}:{loop.start_point[0] + 1}: {ups}")
    word = pragma_text(code, pragma)
    fn = code.function_of(loop)
    ops: dict[str, str] = {}
    for u in ups:
        if ops.setdefault(u.base, u.op) != u.op:
            return _no(f"{rel}: {u.base} is updated with both {ops[u.base]} and {u.op}")
        if re.search(rf"\b{re.escape(u.base)}\b", word):
            return _no(f"{rel}: {u.base} is already named in '{word}'")
        if code._declared_type(loop.child_by_field_name("body"), u.base):
            return _no(f"{rel}: {u.base} is declared inside the loop (already private)")
    protected = [u.stmt for u in ups]
    for d in walk(loop.child_by_field_name("body") or loop):
        if d.type == "identifier" and code.text_of(d) in ops and not any(
                s.start_byte <= d.start_byte < s.end_byte for s in protected):
            return _no(f"{rel}:{d.start_point[0] + 1}: {code.text_of(d)} is also read or "
                       "written outside the atomic update: each thread would see only its "
                       "own partial value")
    clauses: list[str] = []
    notes: list[str] = []
    floats = []
    for base, op in ops.items():
        u = next(x for x in ups if x.base == base)
        typ = code.declared_type(fn, base)
        if not INTEGER.search(typ):
            floats.append(base)
        if u.element:
            try:
                ext = array_extent(code, fn, base, headers) if fn is not None else ""
            except ValueError as exc:
                return _no(f"{rel}:{u.pragma.start_point[0] + 1}: {exc}")
            clauses.append(f"reduction({op}:{base}[:{ext}])")
            notes.append(f"{base}[:{ext}] ({op})")
        else:
            clauses.append(f"reduction({op}:{base})")
            notes.append(f"{base} ({op})")
    lines = list(code.lines)
    end = pragma.end_point[0] if pragma.end_point[1] == 0 else pragma.end_point[0] + 1
    last = lines[end - 1].rstrip("\n")
    lines[end - 1] = f"{last} {' '.join(clauses)}\n"
    drop: set[int] = set()
    for u in ups:
        first = u.pragma.start_point[0]
        stop = u.pragma.end_point[0] if u.pragma.end_point[1] == 0 else u.pragma.end_point[0] + 1
        drop.update(range(first, stop))
    new = "".join(ln for i, ln in enumerate(lines) if i not in drop)
    kind = "floating-point sums are added in another order" if floats else \
        "integer updates: identical results"
    note = (f"{rel}:{loop.start_point[0] + 1}: the {len(ups)} atomic/critical update(s) in the "
            f"parallel loop replaced by a private copy per thread merged at the end: "
            f"{', '.join(notes)} ({kind})")
    return Generated(WHAT, rel, make_diff(code.text, new, rel), new, note, ("-fopenmp",))


# -- Fortran: !$omp parallel do ... !$omp atomic ----------------------------------------------
F_OPS = {"+": "+", "-": "+", "*": "*"}
F_CALLS = {"max": "max", "min": "min", "iand": "iand", "ior": "ior", "ieor": "ieor"}


def _fdir(code: Code, n: Node) -> str:
    """``parallel do`` of a ``!$omp parallel do`` comment, "" for any other node."""
    if n.type != "comment":
        return ""
    t = " ".join(code.text_of(n).lower().split())
    return t[len("!$omp"):].strip() if t.startswith("!$omp") else ""


def _f_update(code: Code, stmt: Node) -> tuple[str, str, bool] | str:
    """(the updated name, the reduction operator, an array element?) of ``x = x op e``."""
    if stmt.type != "assignment_statement":
        return f"{code.text_of(stmt)!r} is not an assignment"
    left, right = stmt.child_by_field_name("left"), stmt.child_by_field_name("right")
    if left is None or right is None:
        return "no operand"
    scope = code.function_of(stmt)
    if left.type == "identifier":
        name, element = code.name_of(left), False
    elif left.type == "call_expression" and left.named_children and \
            left.named_children[0].type == "identifier" and \
            code.name_of(left.named_children[0]) in code.fortran_arrays(scope):
        name, element = code.name_of(left.named_children[0]), True
    else:
        return f"{code.text_of(left)} is not a variable or an array element"
    same = code.text_of(left).replace(" ", "").lower()

    def is_left(n: Node) -> bool:
        return code.text_of(strip(code, n)).replace(" ", "").lower() == same

    r = strip(code, right)
    others: list[Node] = []
    op = ""
    if r.type == "math_expression":
        o = code.text_of(r.child_by_field_name("operator") or r)
        a, b = r.child_by_field_name("left"), r.child_by_field_name("right")
        if o in F_OPS and a is not None and b is not None and is_left(a):
            op, others = F_OPS[o], [b]
        elif o in ("+", "*") and a is not None and b is not None and is_left(b):
            op, others = o, [a]
    elif r.type == "call_expression" and r.named_children:
        fn = code.name_of(r.named_children[0])
        args = [x for x in (r.named_children[1].named_children if len(r.named_children) > 1
                            else [])]
        if fn in F_CALLS and len(args) == 2:
            for mine, other in ((args[0], args[1]), (args[1], args[0])):
                if is_left(mine):
                    op, others = F_CALLS[fn], [other]
                    break
    if not op:
        return (f"{code.text_of(stmt)} is not an associative update of {code.text_of(left)} "
                "(x = x + e, x * e, max, min, iand, ior, ieor)")
    if any(name in code.identifiers(o) for o in others):
        return f"the update of {name} reads {name} itself"
    return name, op, element


def _fortran(code: Code, line: int, rel: str) -> Generated | Refusal:
    n = code.node_at_line(line)
    loop = None
    while n is not None and n.type not in FUNCTION_NODES:
        prev = n.prev_named_sibling if n.type == "do_loop" else None
        if prev is not None and _fdir(code, prev).startswith(("parallel do", "do")):
            loop = n
            break
        n = n.parent
    if loop is None or prev is None:
        return _no(f"line {line} of {rel} is in no loop under '!$omp parallel do' (or "
                   "'!$omp do')")
    head = loop.start_point[0] + 1
    word = _fdir(code, prev)
    if word.endswith("&"):
        return _no(f"{rel}:{head}: the '!$omp parallel do' directive is continued on the next "
                   "line")
    ops: dict[str, str] = {}
    protected: list[Node] = []
    drop: set[int] = set()
    for d in walk(loop):
        w = _fdir(code, d)
        if not w.startswith(("atomic", "critical")):
            continue
        at = d.start_point[0] + 1
        if w.startswith("critical") or any(x in w.split() for x in ("read", "write",
                                                                    "capture")):
            return _no(f"{rel}:{at}: '!$omp {w}' is not converted (an atomic update only)")
        stmt = d.next_named_sibling
        if stmt is None:
            return _no(f"{rel}:{at}: nothing follows the atomic")
        got = _f_update(code, stmt)
        if isinstance(got, str):
            return _no(f"{rel}:{at + 1}: {got}")
        name, op, _element = got
        if ops.setdefault(name, op) != op:
            return _no(f"{rel}: {name} is updated with both {ops[name]} and {op}")
        if re.search(rf"\b{re.escape(name)}\b", word):
            return _no(f"{rel}: {name} is already named in '!$omp {word}'")
        protected.append(stmt)
        drop.add(d.start_point[0])
    if not ops:
        return _no(f"{rel}:{head}: no '!$omp atomic' update in the parallel loop")
    for d in walk(loop):
        if d.type == "identifier" and code.name_of(d) in ops and not any(
                s.start_byte <= d.start_byte < s.end_byte for s in protected):
            return _no(f"{rel}:{d.start_point[0] + 1}: {code.name_of(d)} is also read or "
                       "written outside the atomic update: each thread would see only its "
                       "own partial value")
    scope = code.function_of(loop)
    for name in ops:
        ext = code.array_extents(scope, name)
        if ext is not None and any(e.strip() == "*" for e in ext):
            return _no(f"{rel}: {name} is an assumed-size array ({name}(*)): a reduction "
                       "needs its extent")
    clause = " ".join(f"reduction({op}:{name})" for name, op in ops.items())
    lines = list(code.lines)
    row = prev.start_point[0]
    lines[row] = lines[row].rstrip("\n") + f" {clause}\n"
    new = "".join(ln for i, ln in enumerate(lines) if i not in drop)
    note = (f"{rel}:{head}: the {len(protected)} atomic update(s) in the parallel loop replaced "
            f"by a private copy per thread merged at the end: {clause}")
    return Generated(WHAT, rel, make_diff(code.text, new, rel), new, note, ("-fopenmp",))


__all__ = ["WHAT", "omp_reduction"]
