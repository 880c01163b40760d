"""io_buffering for output: a loop that flushes its stream at every line (``<< std::endl``,
``fflush(f)``, Fortran ``flush(u)``) makes one write system call per line; the flushes go and
the stream's buffer writes in blocks.

In the outermost loop around the hot line (in its function): each ``<< std::endl`` (or
``<< endl``) becomes ``<< '\\n'``; each ``fflush(X);`` / ``flush(u)`` / ``call flush(u)``
statement is removed, and one flush of each such stream is put right after the loop, so what
was written is on its way when the loop ends, as before. The bytes written are identical;
only when they reach the file changes: a crash loses the unwritten block, a reader of the file
sees it later, and stdout interleaves with stderr in larger pieces (the note says so). Refused
when the loop flushes nothing, or when a flush is the only statement of an ``if``/``else``
(removing it would change that branch's shape).
"""

from __future__ import annotations

import re

from perfscout.transform.nest import loop_end_line, make_diff
from perfscout.transform.result import Generated, Refusal
from perfscout.transform.source import Code, Node, walk

WHAT = "io_buffering"
_F_FLUSH = re.compile(r"^(\s*)(?:call\s+)?flush\s*\(\s*(?:unit\s*=\s*)?([^)]+?)\s*\)\s*$",
                      re.IGNORECASE)


def _endl(code: Code, n: Node) -> bool:
    """``n`` is the ``std::endl``/``endl`` right operand of a ``<<``."""
    if code.text_of(n).replace(" ", "") not in ("std::endl", "endl"):
        return False
    p = n.parent
    return p is not None and p.type == "binary_expression" and \
        p.child_by_field_name("right") == n and \
        code.text_of(p.child_by_field_name("operator") or p) == "<<"


def _fflush(code: Code, n: Node) -> str | None:
    """The stream of an ``fflush(X);`` statement, else None."""
    if n.type != "expression_statement" or not n.named_children:
        return None
    call = n.named_children[0]
    if call.type != "call_expression":
        return None
    fn = call.child_by_field_name("function")
    args = call.child_by_field_name("arguments")
    if fn is None or code.text_of(fn) not in ("fflush", "std::fflush") or args is None or \
            len(args.named_children) != 1:
        return None
    return code.text_of(args.named_children[0])


def unflush(code: Code, line: int, rel: str) -> Generated | Refusal:
    """The flushes of the outermost loop around ``rel:line`` removed (see the module)."""
    loops = code.loops_at(line)
    if not loops:
        return Refusal(WHAT, f"line {line} of {rel} is not inside a loop")
    outer = loops[-1]
    first, last = outer.start_point[0] + 1, loop_end_line(outer)
    lines = list(code.lines)
    streams: list[str] = []
    changed = 0
    if code.fortran:
        for ln in range(first, last + 1):
            m = _F_FLUSH.match(lines[ln - 1].rstrip("\n"))
            if m is None:
                continue
            prev = lines[ln - 2].strip().lower() if ln > 1 else ""
            if prev.startswith("if") and prev.endswith("then") and \
                    lines[ln].strip().lower().startswith(("end if", "endif", "else")):
                return Refusal(WHAT, f"the flush at {rel}:{ln} is all its if-block does")
            lines[ln - 1] = ""
            streams.append(m.group(2))
            changed += 1
        indent = code.indent_at(first)
        tail = "".join(f"{indent}flush({s})\n" for s in dict.fromkeys(streams))
    else:
        edits: list[tuple[int, int, str]] = []  # byte ranges of the loop's text
        for n in walk(outer):
            if _endl(code, n):
                edits.append((n.start_byte, n.end_byte, "'\\n'"))
                changed += 1
                continue
            stream = _fflush(code, n)
            if stream is None:
                continue
            if n.parent is not None and n.parent.type in ("if_statement", "else_clause"):
                ln = n.start_point[0] + 1
                return Refusal(WHAT, f"the fflush at {rel}:{ln} is all its branch does")
            row = n.start_point[0]
            own_line = code.lines[row].strip() == code.text_of(n).strip()
            start = n.start_byte - n.start_point[1] if own_line else n.start_byte
            end = n.end_byte + (1 if own_line else 0)
            edits.append((start, end, ""))
            streams.append(stream)
            changed += 1
        data = code.data
        for s, e, new in sorted(edits, reverse=True):
            data = data[:s] + new.encode() + data[e:]
        text = data.decode()
        lines = text.splitlines(keepends=True)
        last = last - (len(code.lines) - len(lines))
        indent = code.indent_at(first)
        tail = "".join(f"{indent}fflush({s});\n" for s in dict.fromkeys(streams))
    if not changed:
        return Refusal(WHAT, f"the loop at {rel}:{first} flushes nothing (no std::endl, "
                             "fflush or flush in it)")
    lines.insert(last, tail)
    out = "".join(lines)
    kinds = []
    if streams:
        kinds.append(f"{len(streams)} flush call(s) moved after the loop")
    if changed > len(streams):
        kinds.append(f"{changed - len(streams)} std::endl -> '\\n'")
    note = (f"{', '.join(kinds)} in the loop at {rel}:{first}: the stream writes in blocks "
            "instead of once per line; the bytes are the same, they reach the file later (a "
            "crash loses the last block; stdout and stderr interleave in larger pieces)")
    return Generated(WHAT, rel, make_diff(code.text, out, rel), out, note)


__all__ = ["unflush"]
