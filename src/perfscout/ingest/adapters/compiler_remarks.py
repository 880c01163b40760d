"""Compiler vectorization remarks: gcc ``-fopt-info-vec-*`` and clang ``-Rpass*=loop-vectorize``.

Each loop becomes one :class:`Remark` (vectorized or missed, with the compiler's reason and the
access pattern when the message names one); counts go to ``vector.loops_vectorized`` and
``vector.loops_missed``. gcc's many ``note:`` lines and clang's echoed source/caret lines are
recognised and skipped; other lines are counted as unparsed. gcc's inliner remarks
(``-fopt-info-missed``: ``will not early inline`` / ``not inlinable``) naming a call of
``std::function<...>::operator()`` count its call sites (``calls.std_function_sites``): each
stays an indirect call through the type-erased invoker.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from perfscout.ingest.base import Adapter
from perfscout.ingest.lineread import Unparsed
from perfscout.ingest.registry import register_adapter
from perfscout.ingest.textutil import iter_lines
from perfscout.model.errors import ParseError
from perfscout.model.metrics import Metric, Profile, Remark, Scope, ScopeKind, SourceRef

_DIAG = re.compile(r"^(.+?):(\d+):(?:(\d+):)?\s+(optimized|missed|note|remark|warning):\s+(.*)$")
#: gcc's inliner declining a call of std::function's call operator
_ERASED_CALL = re.compile(r"(?:will not early inline|not inlinable):.*->.*"
                          r"std::function<[^>]*>::operator\(\)")
_CLANG_FLAG = re.compile(r"\s*\[-R(pass(?:-missed|-analysis)?)=([\w-]+)\]\s*$")


def access_of(message: str) -> str:
    """The memory access pattern a remark's text names, or ``""`` when it names none."""
    low = message.lower()
    if "gather" in low or "scatter" in low or "indirect" in low:
        return "gather"
    if ("stride" in low or "interleav" in low or "grouped" in low or "permutation" in low
            or "non-consecutive" in low or "not consecutive" in low):
        return "strided"
    if "consecutive" in low or "contiguous" in low or "unit stride" in low:
        return "contiguous"
    return ""


@dataclass
class _Loop:
    file: str
    line: int
    col: int | None
    vectorized: bool
    message: str
    reason: str
    src_line: int
    kind: str


@register_adapter
class CompilerRemarksAdapter(Adapter):
    name = "compiler_remarks"
    family = "compiler"
    description = "gcc -fopt-info-vec-* / clang -Rpass*=loop-vectorize remarks"

    def sniff(self, head: str, path: Path) -> float:
        if re.search(r":\d+:\d+: (optimized|missed): .*(vectoriz|loop)", head):
            return 0.9
        if re.search(r":\d+:\d+: remark: .*\[-Rpass", head):
            return 0.9
        return 0.0

    def parse(self, path: Path) -> Profile:
        return remarks_profile(iter_lines(path), str(path), self.name)


def remarks_profile(lines: Iterable[tuple[int, str]], src: str, fmt: str) -> Profile:
    """The loops' vectorization remarks of ``-fopt-info``-style ``lines`` (``file:line:col:
    kind: message``, numbered), as a profile of format ``fmt`` read from ``src``: one reading
    for the compiler's text and for records saved in other shapes (``opt_record``)."""
    bad = Unparsed()
    loops: dict[tuple[str, int, int | None], _Loop] = {}
    order: list[tuple[str, int, int | None]] = []
    pending_missed: _Loop | None = None  # gcc: reason follows "couldn't vectorize loop"
    erased: dict[tuple[str, int], int] = {}  # std::function call sites -> remark line
    echo = 0
    compiler = ""
    seen_any = False
    for n, line in lines:
        m = _DIAG.match(line)
        if not m:
            if echo > 0:  # clang echoes the source line and a caret line
                echo -= 1
                continue
            if line.startswith((" ", "\t")) or not line.strip():
                continue  # gcc continuation lines of a note
            if re.match(r"^In function|^\S+: In function|^\S+: At top level", line):
                continue
            bad.add(n)
            continue
        seen_any = True
        fl, ln, col = m.group(1), int(m.group(2)), int(m.group(3)) if m.group(3) else None
        kind, msg = m.group(4), m.group(5).strip()
        key = (fl, ln, col)
        if kind == "remark":
            compiler = "clang"
            echo = 2
            flag = _CLANG_FLAG.search(msg)
            if not flag:
                continue  # a remark of another pass
            pname = flag.group(2)
            text = msg[: flag.start()].strip()
            if pname != "loop-vectorize":
                continue
            ptype = flag.group(1)
            if ptype == "pass":
                _put(loops, order, _Loop(fl, ln, col, True, text, "", n, "optimized"))
            elif ptype == "pass-missed":
                if key not in loops:
                    _put(loops, order, _Loop(fl, ln, col, False, text, "", n, "missed"))
            else:  # analysis: the reason
                lp = loops.get(key)
                reason = text.split(":", 1)[1].strip() if ":" in text else text
                if lp is None:
                    _put(loops, order, _Loop(fl, ln, col, False, text, reason, n,
                                                  "analysis"))
                elif not lp.vectorized and not lp.reason:
                    lp.reason = reason
            continue
        compiler = compiler or "gcc"
        if kind == "optimized" and "loop vectorized" in msg:
            lp = loops.get(key)
            if lp is None or not lp.vectorized:
                _put(loops, order, _Loop(fl, ln, col, True, msg, "", n, "optimized"))
            pending_missed = None
            continue
        if kind == "missed":
            if _ERASED_CALL.search(msg):
                erased.setdefault((fl, ln), n)
                continue
            if msg.startswith("couldn't vectorize loop"):
                if key not in loops:
                    lp = _Loop(fl, ln, col, False, msg, "", n, "missed")
                    _put(loops, order, lp)
                    pending_missed = lp
                continue
            if pending_missed is not None and not pending_missed.reason and (
                    "not vectorized" in msg):
                pending_missed.reason = msg.split("not vectorized:", 1)[-1].strip()
                pending_missed.message += f"; {msg}"
                continue
            continue  # basic-block SLP and other non-loop missed remarks
        # notes, warnings and other optimized remarks (unrolling, inlining) are known noise
    if not seen_any:
        raise ParseError(src, None, "compiler remark lines 'file:line:col: kind: message'")
    remarks: list[Remark] = []
    for k in order:
        lp = loops[k]
        text = lp.message if not lp.reason or lp.reason in lp.message else \
            f"{lp.message}: {lp.reason}"
        remarks.append(Remark(file=lp.file, line=lp.line, column=lp.col, kind=lp.kind,
                              pass_name="vectorize", message=text, vectorized=lp.vectorized,
                              access=access_of(text), source=SourceRef(src, lp.src_line)))
    nvec = sum(1 for r in remarks if r.vectorized)
    nmiss = len(remarks) - nvec
    metrics = [
        Metric("vector.loops_vectorized", float(nvec), "count", Scope(ScopeKind.PROCESS),
               SourceRef(src)),
        Metric("vector.loops_missed", float(nmiss), "count", Scope(ScopeKind.PROCESS),
               SourceRef(src)),
    ]
    for r in remarks:
        metrics.append(Metric(
            "vector.loops_vectorized" if r.vectorized else "vector.loops_missed", 1.0,
            "count", Scope(ScopeKind.LOOP, f"{r.file}:{r.line}"), r.source))
    if erased:
        metrics.append(Metric("calls.std_function_sites", float(len(erased)), "count",
                              Scope(ScopeKind.PROCESS), SourceRef(src)))
        metrics += [Metric("calls.std_function_sites", 1.0, "count",
                           Scope(ScopeKind.CALLSITE, f"{fl}:{ln}"), SourceRef(src, at))
                    for (fl, ln), at in erased.items()]
    return Profile(format=fmt, path=src, metrics=tuple(metrics),
                   remarks=tuple(remarks), meta={"compiler": compiler},
                   **bad.as_fields())  # type: ignore[arg-type]



def _put(loops: dict[tuple[str, int, int | None], _Loop],
         order: list[tuple[str, int, int | None]], lp: _Loop) -> None:
    key = (lp.file, lp.line, lp.col)
    if key not in loops:
        order.append(key)
    loops[key] = lp
