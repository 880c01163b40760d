"""The log valgrind's memcheck prints on stderr (``==PID== ERROR SUMMARY: 2 errors from 2
contexts``, ``HEAP SUMMARY``, ``LEAK SUMMARY``).

A user hands it over to show the program is correct before tuning it, or because it is all
they ran. It gives ``memcheck.errors`` and ``memcheck.error_contexts`` (a clean run reads as
0 errors: a fact, not a failure), the heap totals (``heap.allocs``, ``heap.frees``,
``heap.bytes_allocated``, ``heap.in_use_at_exit`` in bytes) and the leak summary
(``leak.definitely_lost``, ``leak.indirectly_lost``, ``leak.possibly_lost``,
``leak.still_reachable``, in bytes; "All heap blocks were freed" reads as 0 definitely lost).
Each ``Invalid read/write of size N`` and other error headline is counted by kind
(``memcheck.error_kind`` at FUNCTION scope named by the kind). The counts come from valgrind's
emulation of the program: family simulator, like cachegrind.
"""

from __future__ import annotations

import re
from pathlib import Path

from perfscout.ingest.base import Adapter
from perfscout.ingest.registry import register_adapter
from perfscout.ingest.textutil import Unparsed, iter_lines, parse_number
from perfscout.model.errors import ParseError
from perfscout.model.metrics import Metric, Profile, Scope, ScopeKind, SourceRef

_PID = r"^==\d+==\s*"
_ERRORS = re.compile(_PID + r"ERROR SUMMARY:\s*([\d,]+) errors? from ([\d,]+) contexts?")
_IN_USE = re.compile(_PID + r"in use at exit:\s*([\d,]+) bytes in ([\d,]+) blocks?")
_USAGE = re.compile(_PID + r"total heap usage:\s*([\d,]+) allocs?, ([\d,]+) frees?, ([\d,]+) "
                    r"bytes allocated")
_LEAK = re.compile(_PID + r"(definitely lost|indirectly lost|possibly lost|still reachable):"
                   r"\s*([\d,]+) bytes in ([\d,]+) blocks?")
_ALL_FREED = re.compile(_PID + r"All heap blocks were freed")
_KIND = re.compile(_PID + r"(Invalid (?:read|write|free\(\)|free\(\) / delete / delete\[\] / "
                   r"realloc\(\))(?: of size \d+)?|Conditional jump or move depends on "
                   r"uninitialised value\(s\)|Use of uninitialised value of size \d+|"
                   r"Mismatched free\(\) / delete / delete \[\]|Syscall param \S+ points to "
                   r"uninitialised byte\(s\)|Source and destination overlap in \w+)")
_BANNER = re.compile(_PID + r"Memcheck, a memory error detector")
_COMMAND = re.compile(_PID + r"Command:\s+(.*)$")
_VALGRIND_LINE = re.compile(r"^==\d+==")


def _n(text: str) -> float:
    v = parse_number(text)
    return v if v is not None else 0.0


@register_adapter
class MemcheckLogAdapter(Adapter):
    """valgrind memcheck's stderr log (see module docstring)."""

    name = "memcheck-log"
    description = "valgrind memcheck stderr log (error count, heap and leak summary)"
    family = "simulator"

    def sniff(self, head: str, path: Path) -> float:
        if path.is_dir():
            return 0.0
        if _BANNER.search(head[:4096]) or re.search(r"^==\d+==\s*ERROR SUMMARY:", head, re.M):
            return 0.85
        return 0.0

    def parse(self, path: Path) -> Profile:
        metrics: list[Metric] = []
        unparsed = Unparsed()
        meta: dict[str, str] = {}
        kinds: dict[str, tuple[int, int]] = {}  # error kind -> (count, first line)
        saw_leak = False

        def add(name: str, value: float, unit: str, no: int, raw: str,
                scope: Scope | None = None) -> None:
            metrics.append(Metric(name, value, unit, scope or Scope(), SourceRef(str(path), no),
                                  raw))

        for no, line in iter_lines(path):
            if m := _ERRORS.match(line):
                add("memcheck.errors", _n(m[1]), "count", no, "ERROR SUMMARY")
                add("memcheck.error_contexts", _n(m[2]), "count", no, "ERROR SUMMARY contexts")
            elif m := _IN_USE.match(line):
                add("heap.in_use_at_exit", _n(m[1]), "B", no, "in use at exit")
            elif m := _USAGE.match(line):
                add("heap.allocs", _n(m[1]), "count", no, "total heap usage allocs")
                add("heap.frees", _n(m[2]), "count", no, "total heap usage frees")
                add("heap.bytes_allocated", _n(m[3]), "B", no, "bytes allocated")
            elif m := _LEAK.match(line):
                saw_leak = True
                add("leak." + m[1].replace(" ", "_"), _n(m[2]), "B", no, m[1])
            elif _ALL_FREED.match(line):
                saw_leak = True
                add("leak.definitely_lost", 0.0, "B", no, "All heap blocks were freed")
            elif m := _KIND.match(line):
                count, first = kinds.get(m[1], (0, no))
                kinds[m[1]] = (count + 1, first)
            elif m := _COMMAND.match(line):
                meta["command"] = m[1].strip()
            elif line.strip() and not _VALGRIND_LINE.match(line):
                unparsed.add(no)  # the program's own output in the same stream
        for kind, (count, first) in kinds.items():
            add("memcheck.error_kind", float(count), "count", first, kind,
                Scope(ScopeKind.FUNCTION, kind))
        if not any(m.name == "memcheck.errors" for m in metrics) and not saw_leak:
            raise ParseError(str(path), None, "memcheck summary lines ('==PID== ERROR SUMMARY: "
                             "0 errors from 0 contexts' or '==PID== LEAK SUMMARY:')")
        return Profile(format=self.name, path=str(path), metrics=tuple(metrics), meta=meta,
                       unparsed_lines=unparsed.count, unparsed_examples=unparsed.examples)
