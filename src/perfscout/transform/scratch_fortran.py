"""``hoist_allocation`` in Fortran: a local allocatable work array allocated (and deallocated,
or released at return) at every call of a subroutine or function kept between calls.

Each local ``allocatable`` array of the procedure holding the hot line that one ``allocate``
statement of its body makes (not inside a loop) gets the ``save`` attribute, and its
``allocate`` becomes: deallocate when allocated with other bounds, allocate when not allocated.
The bounds are the ones the call asks for, so whole-array expressions see the same shape as
before; a call with the previous bounds allocates nothing. Its ``deallocate`` statements go.

Refused, naming it: the procedure is ``recursive`` or calls itself; a call of it sits in a file
with OpenMP directives (a saved array is shared by the threads); the array has the ``target``
or ``pointer`` attribute, is moved (``move_alloc``), or is allocated with ``stat=``,
``source=`` or ``mold=``, or in a loop; a declaration, ``allocate`` or ``deallocate`` that
mixes it with arrays that stay as they are, or spans lines.
"""

from __future__ import annotations

import re
from pathlib import Path

from perfscout.transform.nest import enclosing_loop, make_diff
from perfscout.transform.result import Generated, Refusal
from perfscout.transform.source import Code, Node, project_codes, walk

WHAT = "hoist_allocation"
MAX_FILES = 60
MAX_BYTES = 4_000_000
_LOOPS = ("do_loop_statement", "do_statement", "do_loop", "while_statement")


def _split(s: str) -> list[str]:
    """Top-level comma-separated parts of ``s``."""
    out, depth, cur = [], 0, ""
    for ch in s:
        depth += {"(": 1, "[": 1, ")": -1, "]": -1}.get(ch, 0)
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    return [*out, cur.strip()] if cur.strip() else out


def _inner(stmt: str, word: str) -> str | None:
    """The text inside ``word( ... )`` of a one-line statement, None otherwise."""
    m = re.fullmatch(rf"\s*{word}\s*\((.*)\)\s*(?:!.*)?", stmt, re.I | re.S)
    return m.group(1) if m is not None else None


def _locals(code: Code, fn: Node) -> dict[str, Node]:
    """Local allocatable arrays of ``fn`` (name, lower case -> declaration)."""
    out: dict[str, Node] = {}
    for d in fn.named_children:
        if d.type != "variable_declaration":
            continue
        text = code.text_of(d)
        head, sep, names = text.partition("::")
        if not sep or "allocatable" not in head.lower():
            continue
        for nm in map(_name, _split(names)):
            if nm:
                out[nm] = d
    return out


def _dims(spec: str) -> tuple[list[str], list[str]]:
    lows, highs = [], []
    for d in _split(spec):
        lo, sep, hi = d.partition(":")
        lows.append(lo.strip() if sep else "1")
        highs.append(hi.strip() if sep else d.strip())
    return lows, highs


def _omp_caller(code: Code, name: str, root: Path | None) -> str:
    """A file calling ``name`` that has OpenMP directives (``path:line`` of the call)."""
    call = re.compile(rf"^\s*(?:[^!]*\bcall\s+{re.escape(name)}\b|[^!]*\b{re.escape(name)}\s*\()",
                      re.I)
    for c in project_codes(code, root, lambda lang: lang == "fortran", max_files=MAX_FILES,
                           max_bytes=MAX_BYTES):
        if not re.search(r"^\s*!\$omp\b", c.text, re.I | re.M):
            continue
        for i, ln in enumerate(c.lines, 1):
            if call.match(ln) and not re.match(rf"^\s*(?:recursive\s+|pure\s+|elemental\s+)*"
                                               rf"(?:subroutine|function)\s+{name}\b", ln, re.I):
                return f"{c.path}:{i}"
    return ""


def hoist_allocation_fortran(code: Code, line: int, rel: str, root: Path | None = None
                             ) -> Generated | Refusal:
    """The local allocatable work arrays of the procedure at ``rel:line`` saved between calls
    (see the module); a Refusal naming why none can be."""
    at = code.node_at_line(line)
    fn = code.function_of(at) if at is not None else None
    if fn is None or fn.type not in ("subroutine", "function"):
        return Refusal(WHAT, f"line {line} of {rel} is not inside a subroutine or function")
    name = code.function_name(fn)
    first = code.text_of(fn.named_children[0]).lower() if fn.named_children else ""
    if "recursive" in first.split("subroutine")[0].split("function")[0]:
        return Refusal(WHAT, f"{name} ({rel}) is recursive: an inner call would reuse the "
                             "array the outer call is still using")
    arrays = _locals(code, fn)
    if not arrays:
        return Refusal(WHAT, f"{name} ({rel}) has no local allocatable array")
    why: list[str] = []
    allocs: dict[str, tuple[Node, str]] = {}  # array -> (allocate statement, its bounds)
    frees: dict[str, list[Node]] = {}
    bad: set[str] = set()  # arrays a statement rules out
    for n in walk(fn):
        text = code.text_of(n)
        if n.type == "call_expression" or n.type == "subroutine_call":
            callee = re.match(r"\s*(?:call\s+)?([A-Za-z_]\w*)", text, re.I)
            if callee is not None and callee.group(1).lower() == name.lower():
                return Refusal(WHAT, f"{name} ({rel}) calls itself: an inner call would reuse "
                                     "the array the outer call is still using")
            if callee is not None and callee.group(1).lower() == "move_alloc":
                for a in arrays:
                    if re.search(rf"\b{a}\b", text, re.I):
                        why.append(f"{a} is moved (move_alloc) at line {n.start_point[0] + 1}")
                        bad.add(a)
        if n.type == "allocate_statement":
            inner = _inner(text, "allocate")
            parts = _split(inner) if inner is not None and "\n" not in text else []
            mine = [p for p in parts if _name(p) in arrays]
            if not mine:
                continue
            ln = n.start_point[0] + 1
            if len(mine) != len(parts) or any("=" in p for p in parts):
                why.append(f"the allocate at line {ln} has stat=/source=/mold= or other "
                           "objects")
                continue
            if enclosing_loop(n, fn, _LOOPS) is not None:
                why.append(f"the allocate at line {ln} is in a loop")
                continue
            for p in parts:
                m = re.fullmatch(r"([A-Za-z_]\w*)\s*\((.*)\)", p, re.S)
                if m is None:
                    why.append(f"the allocate at line {ln} gives {p} no bounds")
                    continue
                a = m.group(1).lower()
                if a in allocs:
                    why.append(f"{a} is allocated twice (lines {allocs[a][0].start_point[0] + 1}"
                               f" and {ln})")
                    bad.add(a)
                allocs[a] = (n, m.group(2))
        if n.type == "deallocate_statement":
            inner = _inner(text, "deallocate")
            for p in _split(inner or ""):
                frees.setdefault(p.lower(), []).append(n)
    for a, d in arrays.items():
        head = code.text_of(d).partition("::")[0].lower()
        attr = re.search(r"\b(target|pointer|save)\b", head)
        if a in allocs and attr is not None:
            why.append(f"{a} is declared {attr.group(1)}")
            del allocs[a]
    for a in bad:
        allocs.pop(a, None)
    ok = {a: v for a, v in allocs.items()
          if all(o in allocs for o in _locals_in(code, arrays[a]))}
    for a in set(allocs) - set(ok):
        why.append(f"the declaration of {a} also declares arrays that stay as they are")
    for a, nodes in frees.items():
        if a in ok:
            for n in nodes:
                inner = _inner(code.text_of(n), "deallocate") or ""
                if any(p.lower() not in ok for p in _split(inner)):
                    why.append(f"the deallocate at line {n.start_point[0] + 1} also releases "
                               "arrays that stay")
                    ok.pop(a, None)
    if not ok:
        return Refusal(WHAT, f"{name} ({rel}): " + ("; ".join(why) if why else
                             "allocates none of its local allocatable arrays"))
    omp = _omp_caller(code, name, root)
    if omp:
        return Refusal(WHAT, f"{name} ({rel}) is called at {omp}, in a file with OpenMP "
                             "directives: a saved array is shared by the threads (Fortran has "
                             "no thread_local; it would need !$omp threadprivate)")
    edits: list[tuple[int, int, str]] = []

    def line_span(n: Node) -> tuple[int, int]:
        row = n.start_point[0]
        b = n.start_byte - n.start_point[1]
        return b, b + len(code.lines[row].encode())

    for d in {id(arrays[a]): arrays[a] for a in ok}.values():
        row = d.start_point[0]
        text = code.lines[row]
        head, sep, tail = text.partition("::")
        b, e = line_span(d)
        edits.append((b, e, f"{head.rstrip()}, save {sep}{tail}"))
    for n in {id(allocs[a][0]): allocs[a][0] for a in ok}.values():
        indent = code.indent_at(n.start_point[0] + 1)
        out: list[str] = []
        inner = _inner(code.text_of(n), "allocate") or ""
        for p in _split(inner):
            m = re.fullmatch(r"([A-Za-z_]\w*)\s*\((.*)\)", p, re.S)
            assert m is not None
            arr, spec = m.group(1), m.group(2)
            lows, highs = _dims(spec)
            out += [f"if (allocated({arr})) then",
                    f"  if (any(lbound({arr}) /= [{', '.join(lows)}]) .or. &",
                    f"      any(ubound({arr}) /= [{', '.join(highs)}])) deallocate({arr})",
                    "end if",
                    f"if (.not. allocated({arr})) allocate({p})"]
        b, e = line_span(n)
        edits.append((b, e, "".join(f"{indent}{x}\n" for x in out)))
    for a in ok:
        for n in frees.get(a, []):
            b, e = line_span(n)
            if (b, e, "") not in edits:
                edits.append((b, e, ""))
    data = code.data
    for b, e, new in sorted(edits, key=lambda x: x[0], reverse=True):
        data = data[:b] + new.encode() + data[e:]
    new_text = data.decode()
    note = (f"the work array(s) {', '.join(sorted(ok))} of {name} ({rel}) saved between calls "
            "and reallocated only when a call asks for other bounds: no allocation per call "
            "with the same bounds; the last one stays allocated until the program exits")
    if why:
        note += "; left as they were: " + "; ".join(why)
    return Generated(WHAT, rel, make_diff(code.text, new_text, rel), new_text, note)


def _name(part: str) -> str:
    """The lower-case name an entity of a list starts with ("" when none)."""
    m = re.match(r"\s*([A-Za-z_]\w*)", part)
    return m.group(1).lower() if m is not None else ""


def _locals_in(code: Code, d: Node) -> list[str]:
    return [n for n in map(_name, _split(code.text_of(d).partition("::")[2])) if n]


__all__ = ["hoist_allocation_fortran"]
