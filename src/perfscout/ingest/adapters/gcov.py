"""``gcov`` annotated source (``NAME.c.gcov``, from a ``--coverage`` build run once): how many
times each source line ran.

Each line the run executed becomes a line hotspot (``function line N`` when ``gcov -f`` named
the function, else ``file:line``; its location the file and line) whose value is its execution
count (unit ``executions``) and whose share is that count over all counted executions of the
file(s): where the program's work is repeated, not where its time goes (a line calling ``exp``
and a line adding two numbers count alike); a loop's control line (``for (...)``, ``do i = 1,
n``) is left out, as it outranks its body by one count each entry. ``function NAME called N``
(``gcov -f``) gives a function hotspot with its call count and ``calls`` at FUNCTION scope.
Branch and call lines (``gcov -b``) are known and skipped. Several sources in one file (each
opens with its ``-: 0:Source:`` line) are read together. Counts only exist for code built with
``--coverage``: the instrumented build counts every execution, so the family is instrumentation.
A line that calls a routine by name (``w = cos(x)``) also gives ``callsite.count`` (the line's
executions at CALLSITE scope ``file:line``, the routine its parent): the line of the program
that calls a hot library routine, when no call graph says so.
"""

from __future__ import annotations

import re
from itertools import islice
from pathlib import Path

from perfscout.ingest.base import Adapter
from perfscout.ingest.registry import register_adapter
from perfscout.ingest.textutil import Unparsed, iter_lines, load_json
from perfscout.model.errors import ParseError
from perfscout.model.languages import language_of
from perfscout.model.metrics import Hotspot, Metric, Profile, Scope, ScopeKind, SourceRef

# "  60000000:   18:    w[k] = ...", "    #####:   20:", "       1*:   23:"
_LINE = re.compile(r"^\s*(?P<count>-|#####|=====|\$\$\$\$\$|%%%%%|\d+(?:\.\d+)?[kMGTPE]?\*?)"
                   r"\s*:\s*(?P<no>\d+):(?P<text>.*)$")
_SOURCE = re.compile(r"^\s*-\s*:\s*0:Source:(?P<file>.+?)\s*$")
_FUNCTION = re.compile(r"^function\s+(?P<name>\S+)\s+called\s+(?P<n>\d+)\s+returned\b")
# gcov -b's branch and call lines, -a's blocks, and what gcov itself prints on its terminal
# before the annotated source (a user's saved session: the command, File, Lines executed...)
_KNOWN = re.compile(r"^(?:branch|call|unconditional)\s+\d+\s|^-{6,}$|^\S+:$|^\$\s|"
                    r"^(?:File|Function|Creating|Removing) '|^(?:Lines|Branches|Calls) executed:|"
                    r"^Taken at least once:|^No (?:executable lines|branches|calls)|"
                    r"^\S+:(?:creating|cannot open|version|stamp mismatch)")
#: a loop's own control line (``for (...)``, ``do i = 1, n``, ``end do``, a lone brace): it
#: runs once more than its body each time the loop is entered and does none of its work, so
#: it would outrank the body's lines by one count
_CONTROL = re.compile(r"^\s*(?:for\s*\(|do\b(?!\s*=)|end\s*do\b|enddo\b|while\s*\(|\}\s*$|"
                      r"\d+\s+continue\b)", re.I)
# a routine called on a source line: its name before "(" (C, C++ and Fortran calls alike)
_CALL = re.compile(r"(?<![\w.>])([A-Za-z_]\w*)\s*\(")
_NOT_CALLS = frozenset({"if", "for", "while", "switch", "return", "sizeof", "do", "else",
                        "case", "elseif", "then", "print", "write", "read", "allocate",
                        "deallocate", "dimension", "real", "integer", "double", "float", "int",
                        "long", "char", "logical", "complex", "character", "static_cast",
                        "reinterpret_cast", "const_cast", "dynamic_cast", "defined"})
#: the most call sites one file gives (a generated source could hold thousands)
_MOST_CALLSITES = 5000
_SCALE = {"k": 1e3, "M": 1e6, "G": 1e9, "T": 1e12, "P": 1e15, "E": 1e18}
_MOST_LINES = 200


#: a source file a command line or a file name names (``gcov neutron.c``, ``x.f90.gcov``)
_SOURCE_NAME = re.compile(r"([\w./\-]+\.(?:c|cc|cpp|cxx|C|f|f90|F90|f95|f03|F|for))"
                          r"(?:\.gcov)?(?![\w.])")


def _source_named(lines: list[str], path: Path) -> str:
    """The source a slice of gcov's annotated file is of, as the command that printed it
    (``$ gcov neutron.c; sed -n 6,40p neutron.c.gcov``) or the file's name (``neutron.c.gcov``)
    names it; '' when nothing does."""
    for line in lines:
        if line.lstrip().startswith("$"):
            m = _SOURCE_NAME.search(line)
            if m is not None:
                return Path(m[1]).name
    m = _SOURCE_NAME.fullmatch(path.name)
    return m[1] if m is not None else ""


def _called(text: str, file: str) -> list[str]:
    """The routines a source line calls by name (``cos`` and ``exp`` in ``w = cos(x) *
    exp(-y);``), in order, once each; a comment's words are not calls. In Fortran an array
    element looks the same (``a(i)``): only a name that is also a routine's means a call to
    it, which is how the names are used."""
    fortran = language_of(file) == "fortran"
    code = re.split(r"!" if fortran else r"//|/\*", text, maxsplit=1)[0]
    out: list[str] = []
    for name in _CALL.findall(code):
        if name.lower() not in _NOT_CALLS and name not in out:
            out.append(name)
    return out


def _count(text: str) -> float | None:
    """An execution count as gcov prints it (``1*``: some block of the line never ran;
    ``1.5M`` with ``-H``); None for a line that holds no code, 0 for ``#####``."""
    text = text.rstrip("*")
    if text == "-":
        return None
    if not text[0].isdigit():
        return 0.0
    if text[-1] in _SCALE:
        return float(text[:-1]) * _SCALE[text[-1]]
    return float(text)


@register_adapter
class GcovAdapter(Adapter):
    """gcov's annotated source (see module docstring)."""

    name = "gcov"
    description = "gcov annotated source (.gcov): execution count per source line"
    family = "instrumentation"

    def sniff(self, head: str, path: Path) -> float:
        if path.is_dir():
            return 0.0
        lines = head.splitlines()[:40]
        if any(_SOURCE.match(x) for x in lines):
            return 0.95
        # a slice of the annotated file (``sed -n 6,40p x.c.gcov``): its lines alone, the
        # source named by the command that cut it or by the file's own name
        text = [x for x in lines if x.strip() and not x.lstrip().startswith("$")]
        counted = sum(1 for x in text if _LINE.match(x))
        return 0.9 if counted >= 8 and counted >= 0.8 * len(text) and _source_named(
            lines, path) else 0.0

    def parse(self, path: Path) -> Profile:
        file = ""
        function = ""
        counts: list[tuple[float, str, int, str, int]] = []  # count, file, line, function, no
        hot: list[Hotspot] = []
        metrics: list[Metric] = []
        unparsed = Unparsed()
        head = [raw for _, raw in islice(iter_lines(path), 40)]
        if not any(_SOURCE.match(raw) for raw in head):
            file = _source_named(head, path)  # a slice of the file
        for no, raw in iter_lines(path):
            src = _SOURCE.match(raw)
            if src is not None:
                file, function = src["file"], ""
                continue
            fn = _FUNCTION.match(raw)
            if fn is not None:
                function = fn["name"]
                calls = int(fn["n"])
                hot.append(Hotspot(function, calls=calls, source=SourceRef(str(path), no)))
                metrics.append(Metric("calls", float(calls), "count",
                                      Scope(ScopeKind.FUNCTION, function),
                                      SourceRef(str(path), no), "called"))
                continue
            m = _LINE.match(raw)
            if m is None:
                if raw.strip() and not _KNOWN.match(raw.strip()):
                    unparsed.add(no)
                continue
            c = _count(m["count"])
            line = int(m["no"])
            if c is None or line == 0 or not file:
                continue
            if c > 0 and not _CONTROL.match(m["text"]):
                counts.append((c, file, line, function, no))
                for callee in _called(m["text"], file):
                    if len(metrics) < _MOST_CALLSITES:
                        metrics.append(Metric("callsite.count", c, "executions",
                                              Scope(ScopeKind.CALLSITE, f"{file}:{line}",
                                                    parent=callee),
                                              SourceRef(str(path), no), callee))
        if not file:
            raise ParseError(str(path), None, "gcov annotated source: '-:    0:Source:FILE' and "
                             "lines 'COUNT:  LINE:source' of a run of a --coverage build")
        return counts_profile(self.name, path, counts, hot, metrics, file, unparsed)


def counts_profile(fmt: str, path: Path, counts: list[tuple[float, str, int, str, int]],
                   hot: list[Hotspot], metrics: list[Metric], file: str,
                   unparsed: Unparsed) -> Profile:
    """The profile of gcov's execution counts (``(count, file, line, function, input line)``,
    the lines that ran), after the function hotspots and metrics already read: the counted
    lines as line hotspots, their shares of all counted executions."""
    total = sum(c for c, *_ in counts)
    if total <= 0:
        raise ParseError(str(path), None, "gcov counts of a run of a --coverage build (no line "
                         "ran)")
    for c, f, line, function, no in sorted(counts, key=lambda x: -x[0])[:_MOST_LINES]:
        # "amplitude line 8" (as perf annotate names a line) when gcov named the function;
        # the location keeps the file either way
        name = f"{function} line {line}" if function else f"{f}:{line}"
        hot.append(Hotspot(name, self_share=c / total, self_value=c,
                           unit="executions", location=SourceRef(f, line),
                           callpath=(function,) if function else (),
                           source=SourceRef(str(path), no or None), kind="line"))
    return Profile(format=fmt, path=str(path), metrics=tuple(metrics), hotspots=tuple(hot),
                   meta={"source": file}, unparsed_lines=unparsed.count,
                   unparsed_examples=unparsed.examples)


#: the most decompressed bytes of a gcov JSON document read
_JSON_LIMIT = 256 * 1024 * 1024


@register_adapter
class GcovJsonAdapter(Adapter):
    """``gcov --json-format`` (``NAME.gcov.json.gz``, or the JSON uncompressed): the same
    counts as the annotated source, per file: each line's ``count`` with its
    ``function_name``, each function's ``execution_count``. It holds no source text, so a
    loop's control line cannot be told from its body and is kept. Family: instrumentation."""

    name = "gcov-json"
    description = "gcov --json-format (.gcov.json.gz): execution count per source line"
    family = "instrumentation"

    def sniff(self, head: str, path: Path) -> float:
        if path.is_dir():
            return 0.0
        if path.name.endswith((".gcov.json.gz", ".gcov.json")):
            return 0.95
        return 0.9 if head.lstrip().startswith('{"gcc_version"') and '"files"' in head \
            and '"line_number"' in head else 0.0

    def parse(self, path: Path) -> Profile:
        doc = load_json(path, _JSON_LIMIT, "gcov --json-format output ({gcc_version, files})")
        files = doc.get("files") if isinstance(doc, dict) else None
        if not isinstance(files, list) or not files:
            raise ParseError(str(path), None, "gcov --json-format output: a 'files' list")
        counts: list[tuple[float, str, int, str, int]] = []
        hot: list[Hotspot] = []
        metrics: list[Metric] = []
        first = ""
        for f in files:
            if not isinstance(f, dict):
                continue
            name = str(f.get("file") or "")
            first = first or name
            for fn in f.get("functions") or []:
                if isinstance(fn, dict) and isinstance(fn.get("execution_count"), int):
                    fname = str(fn.get("demangled_name") or fn.get("name") or "")
                    calls = int(fn["execution_count"])
                    line = fn.get("start_line")
                    hot.append(Hotspot(fname, calls=calls, location=SourceRef(
                        name, line if isinstance(line, int) else None),
                        source=SourceRef(str(path), None)))
                    metrics.append(Metric("calls", float(calls), "count",
                                          Scope(ScopeKind.FUNCTION, fname),
                                          SourceRef(str(path), None), "execution_count"))
            for ln in f.get("lines") or []:
                if not isinstance(ln, dict):
                    continue
                c, no = ln.get("count"), ln.get("line_number")
                if isinstance(c, (int, float)) and c > 0 and isinstance(no, int) and name:
                    counts.append((float(c), name, no, str(ln.get("function_name") or ""), 0))
        if not first:
            raise ParseError(str(path), None, "gcov --json-format output: files with a 'file'")
        return counts_profile(self.name, path, counts, hot, metrics, first, Unparsed())
