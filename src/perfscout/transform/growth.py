"""Geometric capacity growth for an array grown by a few elements per append
(``geometric_growth``).

A container grown by one element per append copies all of it at every append: n appends
copy O(n^2) elements. Two shapes are rewritten, in the innermost loop holding the hot line:

- Fortran ``a = [a, x]`` (or ``(/ a, x /)``, several scalars, one section ``b(i:j)``, a
  one-line ``if (c) a = [a, x]``, or ``allocate(t(n + 1))``, ``t(1:n) = a``, ``t(n + 1) = x``,
  ``call move_alloc(t, a)``) on a rank-1 ``allocatable`` array: a count ``na`` is set to
  ``size(a)`` before the loop, the append becomes "grow to ``max(2*size(a), na+m, 16)`` with
  ``move_alloc`` when full, assign ``a(na+1:na+m)``, ``na = na + m``", and ``a = a(1:na)``
  after the loop gives every later use the same size and contents as before.
- C ``p = realloc(p, (n + k) * sizeof ...)`` (``p`` and ``n`` may be members): a capacity
  ``cap`` (0 before the loop) doubles when ``n + k`` exceeds it, and only then is ``realloc``
  called; elements ``0..n+k-1`` are the same as before (the block is larger, which C code
  cannot observe through ``p``).

Refused, naming the line: the array (pointer) is used elsewhere in the loop other than by
element (``size(a)``, a whole-array use, a section, another assignment, ``&p``, ``free``),
the loop leaves the procedure (``return``, ``goto``), the array is a ``pointer``/``target``
or not rank 1, an appended item reads the array itself, or the statement spans lines.
"""

from __future__ import annotations

import re

from perfscout.transform.mathtable import fortran_decl_end, fresh_name
from perfscout.transform.nest import loop_end_line, make_diff
from perfscout.transform.result import Generated, Refusal
from perfscout.transform.scratch import split_args
from perfscout.transform.source import Code, Node

WHAT = "geometric_growth"
#: the capacity an empty container grows to first
FIRST_CAPACITY = 16

_F_APPEND = re.compile(r"^(?P<ind>\s*)(?:if\s*(?P<guard>\(.*\))\s*)?(?P<lhs>\w+)\s*=\s*"
                       r"(?:\[|\(/)\s*(?P<first>\w+)\s*,(?P<items>.*?)(?:\]|/\))\s*(?:!.*)?$",
                       re.I)
#: the count or the pointer: a variable or a member (``n``, ``s.n``, ``v->n``)
_C_COUNT = r"([A-Za-z_]\w*(?:(?:\.|->)[A-Za-z_]\w*)*)"
_C_REALLOC = re.compile(rf"^(\s*){_C_COUNT}\s*=\s*(\([^()]*\)\s*)?realloc\s*\(\s*{_C_COUNT}\s*,"
                        r"(.*)\)\s*;\s*(?://.*)?$")
_C_SIZE = (re.compile(rf"^\(\s*{_C_COUNT}\s*\+\s*(\d+)\s*\)\s*\*\s*(sizeof\b.*)$"),
           re.compile(rf"^(sizeof\s*(?:\([^()]*\)|\*?\s*\w+))\s*\*\s*\(\s*{_C_COUNT}\s*\+\s*"
                      r"(\d+)\s*\)$"))


def _section(item: str) -> tuple[str, str] | None:
    """(lower, upper) bound texts of a rank-1 section ``b(lo:hi)`` without stride, else None."""
    m = re.fullmatch(r"\s*\w+\s*\((.*)\)\s*", item)
    if m is None or len(split_args(m.group(1))) != 1:
        return None
    parts, depth, cur = [], 0, ""
    for ch in m.group(1):
        depth += {"(": 1, ")": -1}.get(ch, 0)
        if ch == ":" and depth == 0:
            parts.append(cur)
            cur = ""
        else:
            cur += ch
    parts.append(cur)
    return (parts[0].strip(), parts[1].strip()) if len(parts) == 2 and all(
        x.strip() for x in parts) else None


def _strip_comment(ln: str, fortran: bool) -> str:
    return ln.split("!")[0] if fortran else ln.split("//")[0]


def _loop_lines(code: Code, lp: Node) -> range:
    return range(lp.start_point[0] + 1, loop_end_line(lp) + 1)


def _found(code: Code, line: int) -> tuple[int, re.Match[str], Node] | str:
    """(line, match, innermost loop) of the append at ``line`` or in the loop around it."""
    pat = _F_APPEND if code.fortran else _C_REALLOC
    loops = code.loops_at(line)
    scan = [line] + ([n for n in _loop_lines(code, loops[0]) if n != line] if loops else [])
    for n in scan:
        m = pat.match(code.lines[n - 1].rstrip("\n"))
        if m is None or (m["lhs"].lower() != m["first"].lower() if code.fortran
                         else m.group(2) != m.group(4)):
            continue
        inner = code.loops_at(n)
        if not inner:
            return f"the append at line {n} is not in a loop (it does not repeat)"
        return n, m, inner[0]
    what = "append `a = [a, x]`" if code.fortran else "append `p = realloc(p, (n + 1) * size)`"
    return f"no {what} at line {line} or in the loop around it"


def _other_uses(code: Code, lp: Node, at: int, name: str) -> str:
    """Why ``name`` is used in the loop other than by element (or by the append at ``at``),
    "" when it is not; also refuses a loop that leaves the procedure."""
    word = re.compile(rf"(?<![\w%.]){re.escape(name)}\b", re.I if code.fortran else 0)
    leave = re.compile(r"^\s*(return|go\s*to)\b|\breturn\b|\bgoto\b", re.I)
    for n in _loop_lines(code, lp):
        text = _strip_comment(code.lines[n - 1], code.fortran)
        if leave.search(text):
            return f"the loop leaves the procedure at line {n} (the grown array would keep its " \
                   "capacity)"
        if n == at:
            continue
        for m in word.finditer(text):
            rest = text[m.end():]
            if code.fortran:
                idx = re.match(r"\s*\(([^()]*(?:\([^()]*\)[^()]*)*)\)", rest)
                if idx is not None and ":" not in idx.group(1) and "," not in idx.group(1):
                    continue  # one element: the same value before and after the change
            elif re.match(r"\s*\[", rest):
                continue  # p[i] read or written: the same element before and after
            return f"{name} is used at line {n} ({text.strip()}) in a way that may depend on " \
                   "its size or its block"
    return ""


def _fortran_decl(code: Code, fn: Node, name: str) -> tuple[str, str] | str:
    """(the type spec, the declaration's indentation) of the local rank-1 allocatable
    ``name``, or why it is not one."""
    for d in fn.named_children:
        if d.type != "variable_declaration":
            continue
        text = code.text_of(d)
        head, sep, names = text.partition("::")
        entry = next((e for e in split_args(names)
                      if re.match(rf"\s*{re.escape(name)}\b", e, re.I)), None) if sep else None
        if entry is None:
            continue
        attrs = [a.strip().lower() for a in split_args(head)]
        if "allocatable" not in attrs:
            return f"{name} is not allocatable"
        if any(a in ("pointer", "target") for a in attrs):
            return f"{name} has the pointer or target attribute (something may alias it)"
        dims = re.search(r"\(([^()]*)\)", entry)
        dim_attr = next((a for a in attrs if a.startswith("dimension")), "")
        shape = dims.group(1) if dims is not None else dim_attr.partition("(")[2].rstrip(")")
        if shape.replace(" ", "") != ":":
            return f"{name} is not a rank-1 array"
        indent = re.match(r"\s*", code.lines[d.start_point[0]]).group(0)  # type: ignore[union-attr]
        return split_args(head)[0].strip(), indent
    return f"{name} is not declared in {code.function_name(fn) or 'this unit'}"


def _fortran(code: Code, at: int, m: re.Match[str], lp: Node, rel: str) -> Generated | Refusal:
    ind, a, items_text, guard = m["ind"], m["lhs"], m["items"], m["guard"] or ""
    if re.search(rf"(?<![\w%]){re.escape(a)}\b", guard, re.I):
        return Refusal(WHAT, f"the condition of the append at line {at} reads {a} {guard}")
    if code.lines[at - 1].rstrip().endswith("&"):
        return Refusal(WHAT, f"the append at line {at} spans lines")
    items = split_args(items_text)
    if any(re.search(rf"(?<![\w%]){re.escape(a)}\b", it, re.I) for it in items):
        return Refusal(WHAT, f"an appended item at line {at} reads {a} itself")
    sec = _section(items[0]) if len(items) == 1 else None
    if sec is not None:
        count = f"max(0, ({sec[1]}) - ({sec[0]}) + 1)"
    elif any(":" in it or "[" in it or "(/" in it for it in items):
        return Refusal(WHAT, f"the appended items at line {at} are not scalars or one "
                             "section b(i:j)")
    else:
        count = str(len(items))
    fn = code.function_of(lp)
    if fn is None:
        return Refusal(WHAT, f"the loop at line {lp.start_point[0] + 1} is in no program unit")
    decl = _fortran_decl(code, fn, a)
    if isinstance(decl, str):
        return Refusal(WHAT, decl)
    why = _other_uses(code, lp, at, a)
    if why:
        return Refusal(WHAT, why)
    typ, dind = decl
    na, tmp = fresh_name(code, f"n_{a}"), fresh_name(code, f"grown_{a}")
    body = "    "
    rhs = ", ".join(i.strip() for i in items)
    target = f"{a}({na} + 1)" if count == "1" else f"{a}({na} + 1:{na} + {count})"
    value = rhs if count == "1" else (rhs if sec is not None else f"[{rhs}]")
    if guard:  # a one-line `if (c) a = [a, x]` becomes a block `if`
        ind, outer = ind + "    ", ind
    new_append = (
        f"{ind}if ({na} + {count} > size({a})) then\n"
        f"{ind}{body}allocate({tmp}(max(2 * size({a}), {na} + {count}, {FIRST_CAPACITY})))\n"
        f"{ind}{body}{tmp}(1:{na}) = {a}(1:{na})\n"
        f"{ind}{body}call move_alloc({tmp}, {a})\n"
        f"{ind}end if\n"
        f"{ind}{target} = {value}\n"
        f"{ind}{na} = {na} + {count}\n")
    if guard:
        new_append = f"{outer}if {guard} then\n{new_append}{outer}end if\n"
    try:
        end_byte = fortran_decl_end(code, fn)
    except Exception as exc:  # mathtable's "declares nothing" signal (a private class)
        return Refusal(WHAT, str(exc))
    decl_line = code.data[:end_byte].count(b"\n")  # declarations go after this many lines
    start, end = lp.start_point[0] + 1, loop_end_line(lp)
    lind = re.match(r"\s*", code.lines[start - 1]).group(0)  # type: ignore[union-attr]
    lines = list(code.lines)
    lines[at - 1] = new_append
    lines[end - 1] = lines[end - 1] + f"{lind}{a} = {a}(1:{na})\n"
    lines[start - 1] = f"{lind}{na} = size({a})\n" + lines[start - 1]
    lines[decl_line - 1] = lines[decl_line - 1] + (
        f"{dind}integer :: {na}\n{dind}{typ}, allocatable :: {tmp}(:)\n")
    new = "".join(lines)
    return Generated(WHAT, rel, make_diff(code.text, new, rel), new,
                     f"{a} grown by doubling its capacity instead of by {count} element(s) per "
                     f"append at {rel}:{at} (count {na}; {a} cut to {na} elements after the loop "
                     f"of line {start})")


def _c(code: Code, at: int, m: re.Match[str], lp: Node, rel: str) -> Generated | Refusal:
    ind, p, cast, size = m.group(1), m.group(2), m.group(3) or "", m.group(5).strip()
    got = _C_SIZE[0].match(size)
    if got is not None:
        n, k, elem = got.group(1), got.group(2), got.group(3).strip()
    elif (got := _C_SIZE[1].match(size)) is not None:
        elem, n, k = got.group(1).strip(), got.group(2), got.group(3)
    else:
        return Refusal(WHAT, f"the size at line {at} ({size}) is not (n + k) * sizeof(...)")
    why = _other_uses(code, lp, at, p)
    if why:
        return Refusal(WHAT, why)
    base = re.match(r"\w+", p).group(0)  # type: ignore[union-attr]
    whole = re.compile(rf"(?<![\w.>]){base}\b(?!\s*(?:\.|->))")
    for ln in _loop_lines(code, lp):
        t = _strip_comment(code.lines[ln - 1], False)
        if ln != at and re.search(rf"&\s*{re.escape(p)}\b|\bfree\s*\(\s*{re.escape(p)}\s*\)",
                                  t):
            return Refusal(WHAT, f"{p} escapes or is freed at line {ln}")
        if base != p and whole.search(t):
            return Refusal(WHAT, f"{base} is used whole at line {ln} (a call may reallocate "
                                 f"{p} through it)")
    cap = fresh_name(code, re.sub(r"\W+", "_", p) + "_cap")
    need = f"{n} + {k}"
    new_append = (
        f"{ind}if ((size_t)({need}) > {cap}) {{\n"
        f"{ind}    {cap} = {cap} ? 2 * {cap} : {FIRST_CAPACITY};\n"
        f"{ind}    if ({cap} < (size_t)({need})) {cap} = {need};\n"
        f"{ind}    {p} = {cast}realloc({p}, {cap} * {elem});\n"
        f"{ind}}}\n")
    start = lp.start_point[0] + 1
    lind = re.match(r"\s*", code.lines[start - 1]).group(0)  # type: ignore[union-attr]
    lines = list(code.lines)
    lines[at - 1] = new_append
    lines[start - 1] = f"{lind}size_t {cap} = 0;\n" + lines[start - 1]
    new = "".join(lines)
    return Generated(WHAT, rel, make_diff(code.text, new, rel), new,
                     f"{p} reallocated only when {need} exceeds a capacity {cap} that doubles, "
                     f"instead of at every append at {rel}:{at}")


_F_ALLOC1 = re.compile(r"^\s*allocate\s*\(\s*(\w+)\s*\(\s*(.+?)\s*\+\s*1\s*\)\s*\)\s*(?:!.*)?$",
                       re.I)
_F_MOVE = re.compile(r"^(\s*)call\s+move_alloc\s*\(\s*(?:from\s*=\s*)?(\w+)\s*,\s*(?:to\s*=\s*)?"
                     r"(\w+)\s*\)\s*(?:!.*)?$", re.I)


def _move_alloc_append(code: Code, line: int) -> tuple[str, int] | None:
    """(the text with the block spelled ``a = [a, x]``, that line) when ``line`` or the loop
    around it grows ``a`` by one through a temporary: ``allocate(t(n + 1))``, ``t(1:n) = a``,
    ``t(n + 1) = x``, ``call move_alloc(t, a)`` on consecutive lines (the copy and the store
    in either order). ``n`` is ``size(a)``, or any count when the copy takes ``a`` whole (the
    assignment conforms only when ``n == size(a)``); anything else: None."""
    loops = code.loops_at(line)
    if not loops:
        return None
    for n in _loop_lines(code, loops[0]):
        mv = _F_MOVE.match(code.lines[n - 1].rstrip("\n"))
        if mv is None or n < 4:
            continue
        ind, t, a = mv.group(1), mv.group(2), mv.group(3)
        al = _F_ALLOC1.match(code.lines[n - 4].rstrip("\n"))
        if al is None or al.group(1).lower() != t.lower():
            continue
        count = re.escape(al.group(2).strip())
        copy = re.compile(rf"^\s*{t}\s*\(\s*1\s*:\s*{count}\s*\)\s*=\s*(.+?)\s*(?:!.*)?$", re.I)
        store = re.compile(rf"^\s*{t}\s*\(\s*{count}\s*\+\s*1\s*\)\s*=\s*(.+?)\s*(?:!.*)?$",
                           re.I)
        two = [code.lines[n - 3].rstrip("\n"), code.lines[n - 2].rstrip("\n")]
        for c_ln, s_ln in ((two[0], two[1]), (two[1], two[0])):
            cm, sm = copy.match(c_ln), store.match(s_ln)
            if cm is None or sm is None:
                continue
            src = cm.group(1).replace(" ", "").lower()
            size_n = al.group(2).replace(" ", "").lower() == f"size({a.lower()})"
            if src != a.lower() and not (size_n and src == f"{a.lower()}(1:size({a.lower()}))"):
                return None
            x = sm.group(1)
            if re.search(rf"(?<![\w%]){re.escape(t)}\b", x, re.I):
                return None
            lines = list(code.lines)
            lines[n - 4:n] = [f"{ind}{a} = [{a}, {x}]\n"]
            return "".join(lines), n - 3
    return None


def append_line(code: Code, line: int) -> int | None:
    """The line of the append :func:`geometric_growth` would rewrite for ``line`` (the line
    itself or one in the loop around it; for an append through a temporary and ``move_alloc``,
    the ``allocate`` line), None when there is none. Only where the append is: whether the
    rewrite is safe is :func:`geometric_growth`'s question."""
    found = _found(code, line)
    if not isinstance(found, str):
        return found[0]
    spelled = _move_alloc_append(code, line) if code.fortran else None
    return spelled[1] if spelled is not None else None


def geometric_growth(code: Code, line: int, rel: str) -> Generated | Refusal:
    """The diff growing the array appended to at ``rel:line`` (or in the loop around it) by
    doubling its capacity instead of by the appended elements; a Refusal naming the use,
    alias or exit that makes the change unsafe. A Fortran append through a temporary and
    ``move_alloc`` (:func:`_move_alloc_append`) is read as the ``a = [a, x]`` it is."""
    found = _found(code, line)
    if isinstance(found, str) and code.fortran:
        spelled = _move_alloc_append(code, line)
        if spelled is not None:
            got = geometric_growth(Code(spelled[0], rel), spelled[1], rel)
            if isinstance(got, Refusal):
                return got
            note = got.note + " (the append through a temporary and move_alloc)"
            return Generated(WHAT, rel, make_diff(code.text, got.new_text, rel), got.new_text,
                             note)
    if isinstance(found, str):
        return Refusal(WHAT, found)
    at, m, lp = found
    return (_fortran if code.fortran else _c)(code, at, m, lp, rel)


__all__ = ["FIRST_CAPACITY", "WHAT", "append_line", "geometric_growth"]
