"""omp_static_schedule: an OpenMP loop that hands out its iterations one chunk at a time
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
"""

from __future__ import annotations

import re

from perfscout.transform.nest import make_diff
from perfscout.transform.result import Generated, Refusal
from perfscout.transform.source import Code

WHAT = "omp_static_schedule"
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


def static_schedule(code: Code, line: int, rel: str) -> Generated | Refusal:
    """``schedule(static)`` on the worksharing loop around ``rel:line``."""
    loops = code.loops_at(line)
    if not loops:
        return Refusal(WHAT, f"line {line} of {rel} is not inside a loop")
    for node in loops:  # innermost first: the loop whose directive shares out the work
        first = node.start_point[0] + 1
        span = _directive_span(code, first)
        if span is None:
            continue
        text = "".join(code.lines[span[0] - 1:span[1]])
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
        lines = list(code.lines)
        lines[span[0] - 1:span[1]] = [new_text]
        out = "".join(lines)
        note = (f"'{m.group(0)}' -> 'schedule(static)' at {where}: each thread takes one "
                "block of iterations, no shared counter per chunk; a floating-point "
                "reduction may round differently")
        return Generated(WHAT, rel, make_diff(code.text, out, rel), out, note)
    return Refusal(WHAT, f"no OpenMP worksharing directive (parallel for / do) on the loops "
                         f"around {rel}:{line}")


__all__ = ["static_schedule"]
