"""Python tracebacks read as a person reads them: the exception, and the innermost frame of the
user's own code (not the standard library's or an installed package's).

A chained traceback ("During handling of the above exception ..." / "The above exception was the
direct cause ...") is one report whose last exception is the one that ended the program.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

START = re.compile(r"^\s*Traceback \(most recent call last\):\s*$")
FRAME = re.compile(r'^\s+File "([^"]+)", line (\d+), in (\S+)')
CHAIN = re.compile(r"^(?:During handling of the above exception|"
                   r"The above exception was the direct cause)")
EXCEPTION = re.compile(r"^([A-Za-z_][\w.]*)(?::(?: (.*))?)?$")
LIBRARY = re.compile(r"/lib/python\d[\d.]*/|site-packages/|dist-packages/|^<frozen |^<string>")


@dataclass(frozen=True)
class PyTraceback:
    """One uncaught exception: where its report starts and ends (cleaned-line indices)."""

    start: int
    end: int
    exception: tuple[int, str]  # (file line number, text)
    exc_type: str
    user_frame: tuple[int, str] | None


def _is_exception(text: str) -> re.Match[str] | None:
    m = EXCEPTION.match(text)
    if not m or not any(ch.isupper() for ch in m.group(1)):
        return None
    return m


def find(lines: list[tuple[int, str]]) -> list[PyTraceback]:
    """Every traceback in the cleaned lines, chained ones folded into their last exception."""
    out: list[PyTraceback] = []
    i = 0
    while i < len(lines):
        if not START.match(lines[i][1]):
            i += 1
            continue
        start = i
        user: tuple[int, str] | None = None
        j = i + 1
        while j < len(lines):
            no, text = lines[j]
            frame = FRAME.match(text)
            if frame:
                if not LIBRARY.search(frame.group(1)):
                    user = (no, text.strip())
                j += 1
                continue
            if text[:1].isspace() or text.startswith("[Previous line repeated"):
                j += 1
                continue
            break
        if j >= len(lines) or not (m := _is_exception(lines[j][1].strip())):
            i = j
            continue
        tb = PyTraceback(start, j, (lines[j][0], lines[j][1].strip()),
                         m.group(1).rsplit(".", 1)[-1], user)
        if out and _chained(lines, out[-1].end, start):
            tb = PyTraceback(out[-1].start, j, tb.exception, tb.exc_type,
                             user or out[-1].user_frame)
            out[-1] = tb
        else:
            out.append(tb)
        i = j + 1
    return out


def _chained(lines: list[tuple[int, str]], prev_end: int, start: int) -> bool:
    between = [t for _, t in lines[prev_end + 1:start]]
    return len(between) <= 2 and any(CHAIN.match(t.strip()) for t in between)
