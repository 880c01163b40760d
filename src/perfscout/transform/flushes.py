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

from perfscout.transform.nest import make_diff
from perfscout.transform.result import Generated, Refusal
from perfscout.transform.source import C_LOOP, F_LOOP, Code, Node, walk

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


def _top_loops(code: Code, fn: Node) -> list[Node]:
    """The loops of function ``fn`` that no other loop of it encloses, in source order."""
    out: list[Node] = []
    for n in walk(fn):
        if n.type not in (C_LOOP, F_LOOP, "for_range_loop", "while_statement", "do_statement"):
            continue
        if n.type == "do_statement" and code.fortran:
            continue
        p = n.parent
        inner = False
        while p is not None and p != fn:
            if p in out or p.type in (C_LOOP, F_LOOP, "for_range_loop", "while_statement"):
                inner = True
                break
            p = p.parent
        if not inner:
            out.append(n)
    return out


def unflush(code: Code, line: int, rel: str) -> Generated | Refusal:
    """The per-line flushes of the function holding ``rel:line`` removed (see the module)."""
    at = code.node_at_line(line)
    fn = code.function_of(at) if at is not None else None
    if fn is None:
        return Refusal(WHAT, f"line {line} of {rel} is not inside a function")
    name = code.function_name(fn) or "the function"
    loops = _top_loops(code, fn)
    edits: list[tuple[int, int, str]] = []  # byte ranges of the file
    streams = 0
    endls = 0
    for lp in loops:
        moved: list[str] = []
        for n in walk(lp):
            stream = _fflush(code, n) if not code.fortran else None
            if code.fortran and n.type in ("subroutine_call", "file_position_statement"):
                m = _F_FLUSH.match(code.lines[n.start_point[0]].rstrip("\n"))
                stream = m.group(2) if m is not None and \
                    code.text_of(n).strip().lower().startswith(("flush", "call flush")) else None
            if stream is None:
                continue
            row = n.start_point[0]
            if _alone_in_branch(code, n):
                return Refusal(WHAT, f"the flush at {rel}:{row + 1} is all its branch does")
            if code.lines[row].strip() != code.text_of(n).strip():
                return Refusal(WHAT, f"the flush at {rel}:{row + 1} shares its line with "
                                     "other code")
            begin = n.start_byte - n.start_point[1]
            edits.append((begin, begin + len(code.lines[row].encode()), ""))
            moved.append(stream)
        if moved:
            indent = code.indent_at(lp.start_point[0] + 1)
            word = "flush" if code.fortran else "fflush"
            end_row = lp.end_point[0]
            at_byte = sum(len(x.encode()) for x in code.lines[:end_row + 1])
            tail = "".join(f"{indent}{word}({x}){'' if code.fortran else ';'}\n"
                           for x in dict.fromkeys(moved))
            edits.append((at_byte, at_byte, tail))
            streams += len(moved)
    if not code.fortran:
        for n in walk(fn):
            if _endl(code, n):
                edits.append((n.start_byte, n.end_byte, "'\\n'"))
                endls += 1
    if not edits:
        return Refusal(WHAT, f"{name} ({rel}) flushes nothing per line (no std::endl, and no "
                             "fflush or flush in its loops)")
    data = code.data
    for b, e, new in sorted(edits, key=lambda x: (x[0], x[1]), reverse=True):
        data = data[:b] + new.encode() + data[e:]
    out = data.decode()
    kinds = []
    if streams:
        kinds.append(f"{streams} flush call(s) in loops moved after them")
    if endls:
        kinds.append(f"{endls} std::endl -> '\\n'")
    note = (f"{', '.join(kinds)} in {name} ({rel}): the stream writes in blocks instead of "
            "once per line; the bytes are the same, they reach the file later (a crash loses "
            "the last block; stdout and stderr interleave in larger pieces)")
    return Generated(WHAT, rel, make_diff(code.text, out, rel), out, note)


def _alone_in_branch(code: Code, n: Node) -> bool:
    """``n`` is the whole body of an ``if``/``else`` (C) or the only statement of an
    ``if ... then`` block (Fortran): removing it changes the branch's shape."""
    p = n.parent
    if p is None:
        return False
    if p.type in ("if_statement", "else_clause"):
        return True
    if code.fortran and p.type in ("if_statement", "elseif_clause", "else_clause"):
        kids = [c for c in p.named_children if c.type not in ("parenthesized_expression",
                                                               "comment", "end_if_statement")]
        return len(kids) <= 1
    return False


__all__ = ["unflush"]
