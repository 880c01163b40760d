"""Build logs with the compiler's copy warnings: gfortran ``-Warray-temporaries`` (and
``-Wrealloc-lhs``), gcc/clang one-line ``file:line:col: warning: ... [-Wflag]``.

A temporary copy of an array section made at every call (``call smooth(a(i, :), m)`` with a
strided row) is work the program need not do: each warning becomes a LINE-scoped
``copy.temporaries`` count at its ``file:line`` (the callee named in the echoed source line is
kept as the scope's parent) and the total at process scope. gfortran prints the location on one
line, the source and a caret after it and the ``Warning:`` line last; those are read together.
Other warnings are counted as read but carry no quantity. Family: compiler.
"""

from __future__ import annotations

import re
from pathlib import Path

from perfscout.ingest.base import Adapter
from perfscout.ingest.registry import register_adapter
from perfscout.ingest.textutil import Unparsed, iter_lines
from perfscout.model.errors import ParseError
from perfscout.model.metrics import Metric, Profile, Scope, ScopeKind, SourceRef

#: warning flags that say the compiled code copies data it was handed
COPY_FLAGS = ("-Warray-temporaries", "-Wrealloc-lhs", "-Wrealloc-lhs-all")
_LOC = re.compile(r"^(?P<file>[^\s:][^:]*\.\w+):(?P<line>\d+):(?P<col>\d+):\s*$")
_ONE_LINE = re.compile(r"^(?P<file>[^\s:][^:]*\.\w+):(?P<line>\d+):(?:(?P<col>\d+):)?\s*"
                       r"(?:warning|Warning):\s*(?P<msg>.*?)\s*\[(?P<flag>-W[\w-]+)\]\s*$")
_WARN = re.compile(r"^(?:Warning|warning):\s*(?P<msg>.*?)\s*\[(?P<flag>-W[\w-]+)\]\s*$")
_ECHO = re.compile(r"^\s*(?P<no>\d+)\s*\|\s?(?P<code>.*)$")
_CARET = re.compile(r"^\s*\|\s*[\s^~1-9]*$")
_CALLEE = re.compile(r"\bcall\s+(?P<name>\w+)\s*\(|(?P<fn>\w+)\s*\(", re.I)


def _callee(code: str) -> str:
    """The procedure an echoed source line passes the array to (``call smooth(a(i, :), m)``
    -> ``smooth``), '' when none is named."""
    m = _CALLEE.search(code)
    if m is None:
        return ""
    return (m["name"] or m["fn"] or "").lower()


@register_adapter
class CompilerWarningsAdapter(Adapter):
    """A compiler's build log holding copy warnings (see module docstring)."""

    name = "compiler-warnings"
    description = "gfortran -Warray-temporaries / -Wrealloc-lhs build output"
    family = "compiler"

    def sniff(self, head: str, path: Path) -> float:
        if path.is_dir() or "\x00" in head[:4096]:
            return 0.0
        return 0.8 if any(f"[{f}]" in head for f in COPY_FLAGS) else 0.0

    def parse(self, path: Path) -> Profile:
        src = str(path)
        unparsed = Unparsed()
        at: tuple[str, int, int] | None = None  # (file, line, input line) of the location
        code = ""
        found: list[tuple[str, int, str, int, str]] = []  # file, line, callee, at, flag
        warnings = 0
        for no, line in iter_lines(path):
            if not line.strip() or _CARET.match(line):
                continue
            one = _ONE_LINE.match(line)
            loc = _LOC.match(line)
            warn = _WARN.match(line)
            if loc:
                at, code = (loc["file"], int(loc["line"]), no), ""
            elif _ECHO.match(line) and at is not None:
                code = _ECHO.match(line)["code"]  # type: ignore[index]
            elif one or (warn and at is not None):
                warnings += 1
                hit = one or warn
                assert hit is not None
                file, ln, where = (one["file"], int(one["line"]), no) if one else at  # type: ignore[misc]
                if hit["flag"] in COPY_FLAGS:
                    found.append((file, ln, _callee(code), where, hit["flag"]))
                at, code = None, ""
            elif re.match(r"^(?:In function|\S+: In (?:function|member)|\S+: At top level|"
                          r"\s+\d+ \| |compilation terminated)", line):
                continue
            else:
                unparsed.add(no)
        if not warnings:
            raise ParseError(src, None, "compiler warnings 'file:line:col:' ... "
                             "'Warning: Creating array temporary at (1) [-Warray-temporaries]'")
        metrics: list[Metric] = []
        per: dict[tuple[str, int], tuple[int, str, int, str]] = {}
        for file, ln, callee, where, flag in found:
            n, c, w, f = per.get((file, ln), (0, callee, where, flag))
            per[(file, ln)] = (n + 1, c or callee, w, f)
        for (file, ln), (n, callee, where, flag) in per.items():
            metrics.append(Metric("copy.temporaries", float(n), "count",
                                  Scope(ScopeKind.LINE, f"{file}:{ln}", callee),
                                  SourceRef(src, where), raw_name=flag))
        metrics.append(Metric("copy.temporaries", float(len(found)), "count",
                              Scope(ScopeKind.PROCESS), SourceRef(src), raw_name="warnings"))
        return Profile(format=self.name, path=src, metrics=tuple(metrics),
                       meta={"warnings": str(warnings)}, unparsed_lines=unparsed.count,
                       unparsed_examples=unparsed.examples)
