"""The schedule clause of an OpenMP worksharing loop.

omp_static_schedule: an OpenMP loop that hands out its iterations one chunk at a time
(``schedule(dynamic,1)``, ``guided``) gets ``schedule(static)``: each thread takes one block of
iterations once, with no shared counter fetched per chunk.

The directive is the ``#pragma omp parallel for``/``#pragma omp for`` (C, C++) or ``!$omp
parallel do``/``!$omp do`` (Fortran) on the innermost loop around the hot line that has one.
Legal for any conforming worksharing loop: its iterations are independent whichever thread runs
them; only a floating-point reduction may round differently (its partial sums are combined in
another grouping; the experiment compares the output with a tolerance). Refused, naming why: no
directive on the loops around the line, no ``schedule`` clause (the default is static in GCC's
and LLVM's runtimes), ``schedule(static...)`` already, ``schedule(runtime)`` (the schedule is
``OMP_SCHEDULE``'s: an environment change, not a diff), ``schedule(auto)``.

omp_dynamic_schedule: the opposite change, for threads measured carrying unequal work: a static
schedule (or none) becomes ``schedule(dynamic, 8)``. Refused when the loop deals its iterations
dynamically already, follows ``OMP_SCHEDULE``, or asks which thread runs it.
"""

from __future__ import annotations

import re

from perfscout.transform.nest import make_diff
from perfscout.transform.result import Generated, Refusal
from perfscout.transform.source import Code

WHAT = "omp_static_schedule"
DYNAMIC = "omp_dynamic_schedule"
_THREAD_NUM = re.compile(r"\bomp_get_thread_num\b", re.IGNORECASE)
_C_DIRECTIVE = re.compile(r"^\s*#\s*pragma\s+omp\s+(parallel\s+)?for\b")
_F_DIRECTIVE = re.compile(r"^\s*!\$omp\s+(parallel\s+)?do\b", re.IGNORECASE)
_SCHEDULE = re.compile(r"\bschedule\s*\(\s*(?:(?:non)?monotonic\s*:\s*)?(\w+)\s*(?:,[^)]*)?\)",
                       re.IGNORECASE)


def _directive_span(code: Code, first_line: int) -> tuple[int, int] | None:
    """(first, last) 1-based lines of the worksharing directive right above the loop that
    starts on ``first_line`` (continuations included), None when there is none."""
    end = first_line - 1
    while end >= 1 and not code.lines[end - 1].strip():
        end -= 1
    if end < 1:
        return None
    start = end
    if code.fortran:  # "!$omp do &" continued on "!$omp& schedule(...)" lines
        while start > 1 and re.match(r"^\s*!\$omp&", code.lines[start - 1], re.IGNORECASE):
            start -= 1
        pattern = _F_DIRECTIVE
    else:
        while start > 1 and code.lines[start - 2].rstrip().endswith("\\"):
            start -= 1
        pattern = _C_DIRECTIVE
    return (start, end) if pattern.match(code.lines[start - 1]) else None


def _worksharing(code: Code, line: int, rel: str, what: str
                 ) -> tuple[tuple[int, int], str, str] | Refusal:
    """The span and text of the worksharing directive on the innermost loop around
    ``rel:line`` that has one (the loop whose directive shares out the work), and the loop's
    own text."""
    loops = code.loops_at(line)
    if not loops:
        return Refusal(what, f"line {line} of {rel} is not inside a loop")
    for node in loops:  # innermost first
        span = _directive_span(code, node.start_point[0] + 1)
        if span is not None:
            loop = "".join(code.lines[node.start_point[0]:node.end_point[0] + 1])
            return span, "".join(code.lines[span[0] - 1:span[1]]), loop
    return Refusal(what, f"no OpenMP worksharing directive (parallel for / do) on the loops "
                         f"around {rel}:{line}")


def _rewrite(code: Code, span: tuple[int, int], new_text: str, rel: str, what: str,
             note: str) -> Generated:
    lines = list(code.lines)
    lines[span[0] - 1:span[1]] = [new_text]
    out = "".join(lines)
    return Generated(what, rel, make_diff(code.text, out, rel), out, note)


def static_schedule(code: Code, line: int, rel: str) -> Generated | Refusal:
    """``schedule(static)`` on the worksharing loop around ``rel:line``."""
    found = _worksharing(code, line, rel, WHAT)
    if isinstance(found, Refusal):
        return found
    span, text, _ = found
    m = _SCHEDULE.search(text)
    kind = m.group(1).lower() if m else ""
    where = f"{rel}:{span[0]}"
    if m is None:
        return Refusal(WHAT, f"the directive at {where} has no schedule clause: the "
                             "default schedule is static already")
    if kind == "static":
        return Refusal(WHAT, f"the directive at {where} is schedule(static) already")
    if kind == "runtime":
        return Refusal(WHAT, f"the directive at {where} says schedule(runtime): the "
                             "schedule is OMP_SCHEDULE's (set OMP_SCHEDULE=static), not "
                             "the source's")
    if kind not in ("dynamic", "guided"):
        return Refusal(WHAT, f"the directive at {where} says schedule({kind}): left to "
                             "the runtime")
    new_text = text[:m.start()] + "schedule(static)" + text[m.end():]
    return _rewrite(code, span, new_text, rel, WHAT,
                    f"'{m.group(0)}' -> 'schedule(static)' at {where}: each thread takes one "
                    "block of iterations, no shared counter per chunk; a floating-point "
                    "reduction may round differently")


#: iterations per dynamic chunk: enough to keep the shared counter's fetch small beside the
#: chunk's work, few enough that the last chunks still even out the threads' finish
DYNAMIC_CHUNK = 8


def _append_clause(text: str, clause: str, fortran: bool) -> str:
    """``text`` (a directive, possibly continued over lines) with ``clause`` after its last
    word, before a trailing comment."""
    body = text.rstrip("\n")
    tail = text[len(body):]
    head, _, last = body.rpartition("\n")
    cut = re.search(r"\s!(?!\$)" if fortran else r"//|/\*", last)
    words, comment = (last[:cut.start()], last[cut.start():]) if cut else (last, "")
    last = f"{words.rstrip()} {clause}" + (f" {comment.lstrip()}" if comment else "")
    return (f"{head}\n" if head else "") + last + tail


def dynamic_schedule(code: Code, line: int, rel: str) -> Generated | Refusal:
    """``schedule(dynamic, 8)`` on the worksharing loop around ``rel:line`` whose threads
    carry unequal work: a static schedule (the default) gives each thread one contiguous
    block, so iterations whose cost changes along the range leave the cheap blocks' threads
    waiting at the barrier; dynamic chunks deal the costly iterations out as threads free
    up. Legal for any conforming worksharing loop (its iterations are independent whichever
    thread runs them); a floating-point reduction may round differently, and a loop whose
    code relies on which thread runs which iteration (``omp_get_thread_num`` used to index
    its data) is refused."""
    found = _worksharing(code, line, rel, DYNAMIC)
    if isinstance(found, Refusal):
        return found
    span, text, loop = found
    where = f"{rel}:{span[0]}"
    m = _SCHEDULE.search(text)
    kind = m.group(1).lower() if m else ""
    if kind in ("dynamic", "guided"):
        return Refusal(DYNAMIC, f"the directive at {where} says {m.group(0) if m else kind}: "
                                "its iterations are dealt out dynamically already")
    if kind == "runtime":
        return Refusal(DYNAMIC, f"the directive at {where} says schedule(runtime): the "
                                f"schedule is OMP_SCHEDULE's (set OMP_SCHEDULE=dynamic,"
                                f"{DYNAMIC_CHUNK}), not the source's")
    if m is not None and kind != "static":
        return Refusal(DYNAMIC, f"the directive at {where} says schedule({kind}): left to "
                                "the runtime")
    if _THREAD_NUM.search(loop):
        return Refusal(DYNAMIC, f"the loop under {where} calls omp_get_thread_num: its "
                                "iterations may depend on which thread runs them")
    clause = f"schedule(dynamic, {DYNAMIC_CHUNK})"
    if m is not None:
        new_text = text[:m.start()] + clause + text[m.end():]
        said = f"'{m.group(0)}'"
    else:
        new_text = _append_clause(text, clause, code.fortran)
        said = "no schedule clause (static blocks)"
    return _rewrite(code, span, new_text, rel, DYNAMIC,
                    f"{said} -> '{clause}' at {where}: iterations are dealt out "
                    f"{DYNAMIC_CHUNK} at a time as threads free up, so the costly ones no "
                    "longer fall in one thread's block; a floating-point reduction may round "
                    "differently")



__all__ = ["DYNAMIC_CHUNK", "dynamic_schedule", "static_schedule"]
