"""Valgrind callgrind/cachegrind: ``callgrind_annotate``/``cg_annotate`` text and raw out files.

The annotate text gives program totals, a per-function table (self cost) and, with
auto-annotation, per-line costs of the source files it could read (the hot lines) and the calls
each line makes (``=> file:fn (800,000x)``: ``callsite.cost``/``callsite.calls`` at the caller's
line, added to the line's inclusive cost). The raw
``callgrind.out.*`` / ``cachegrind.out.*`` files give the same per function, and callgrind's
``calls=`` lines add the caller->callee edges from which the call tree is built.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from perfscout.ingest.base import Adapter
from perfscout.ingest.callgraph import Edge, build_tree
from perfscout.ingest.lineread import Unparsed
from perfscout.ingest.registry import register_adapter
from perfscout.ingest.source_paths import library_source
from perfscout.ingest.textutil import iter_lines
from perfscout.model.errors import ParseError
from perfscout.model.metrics import Hotspot, Metric, Profile, Scope, ScopeKind, SourceRef

_CELL = re.compile(r"\s*(\d[\d,]*|\.)(?:\s*\(\s*[\d.]+%\))?")
_LINE_MARK = re.compile(r"^-- line (\d+) -+")
#: a source file's annotated lines: found by --auto=yes, named on the command line
#: ("User-annotated source"), or cg_annotate's older heading
_SECTION = re.compile(r"^-- (Auto-annotated source|User-annotated source|Annotated source file):"
                      r" (.*)$")
_MODULE = re.compile(r"^(.*?)\s+\[([^\]]+)\]$")
_EVENT_METRIC = {"Ir": "ir"}


def _cells(line: str, n: int) -> tuple[list[float | None], str] | None:
    """Split ``n`` leading cost cells (``1,234``, ``.``, optional ``(x%)``) from a row."""
    pos = 0
    vals: list[float | None] = []
    for _ in range(n):
        m = _CELL.match(line, pos)
        if not m:
            return None
        tok = m.group(1)
        vals.append(None if tok == "." else float(tok.replace(",", "")))
        pos = m.end()
    rest = line[pos:]
    if rest and not rest[0].isspace():
        return None
    return vals, rest.strip()


@dataclass
class _Hot:
    name: str
    file: str
    module: str
    value: float
    line: int


@dataclass
class _LineCost:
    file: str
    line: int
    value: float
    text: str
    src_line: int
    d1_misses: float | None = None  # simulated D1 read + write misses on the line
    calls: list[tuple[str, float, int, int]] = field(default_factory=list)  # callee, cost, n, at


_CALL = re.compile(r"^=>\s*(?:.*:)?(?P<fn>[^:\s][^:]*?)\s*(?:\[[^\]]*\])?\s*"
                   r"\((?P<n>[\d,]+)x\)\s*$")


def _d1_misses(events: list[str], vals: list[float | None]) -> float | None:
    """D1mr + D1mw of one row when the cache simulation recorded them."""
    got = [vals[events.index(e)] for e in ("D1mr", "D1mw") if e in events
           and events.index(e) < len(vals)]
    nums = [v for v in got if v is not None]
    return sum(nums) if nums else None


_TREE_CALLS = re.compile(r"\s*\((?P<n>[\d,]+)x\)\s*$")


def _tree_call(label: str) -> tuple[str, int | None]:
    """A ``--tree`` caller or callee line's function and call count
    (``./stdio-common/snprintf.c:snprintf (220,000x) [/usr/lib/.../libc.so.6]``)."""
    m = _MODULE.match(label)
    if m:
        label = m.group(1)
    c = _TREE_CALLS.search(label)
    calls = int(c["n"].replace(",", "")) if c else None
    if c:
        label = label[:c.start()]
    fn, _, _ = _split_fn(label.strip())
    return fn.strip(), calls


def _costs(cells: list[str]) -> list[float | None]:
    """The event costs of one raw cost line (absent trailing events cost 0)."""
    out: list[float | None] = []
    for c in cells:
        try:
            out.append(float(c))
        except ValueError:
            out.append(None)
    return out


def _split_fn(label: str) -> tuple[str, str, str]:
    """``file:function [module]`` -> (function, file, module)."""
    module = ""
    m = _MODULE.match(label)
    if m:
        label, module = m.group(1), m.group(2)
    file, sep, fn = label.partition(":")
    if not sep:
        return label, "", module
    return fn, file, module


@register_adapter
class CallgrindAnnotateAdapter(Adapter):
    name = "callgrind_annotate"
    family = "simulator"
    description = "callgrind_annotate / cg_annotate text output"

    def sniff(self, head: str, path: Path) -> float:
        if "PROGRAM TOTALS" in head and ("Events shown" in head or "Events recorded" in head):
            return 0.95
        lines = head.splitlines()
        if any(_SECTION.match(ln.strip()) for ln in lines) and sum(
                1 for ln in lines if _PCT_CELL.match(ln)) >= 3:
            return 0.6  # the annotated source alone (its header and tables cut off)
        return 0.0

    def parse(self, path: Path) -> Profile:
        src = str(path)
        bad = Unparsed()
        meta: dict[str, str] = {}
        events: list[str] = []
        totals: list[float | None] = []
        hots: list[_Hot] = []
        lines: list[_LineCost] = []
        section = "header"
        cur_file = ""
        next_line = 1
        cut = False
        edges: list[Edge] = []  # --tree=caller/calling: caller -> callee, its cost and calls
        callers: list[tuple[str, float, int | None]] = []
        current = ""
        for n, line in iter_lines(path):
            s = line.strip()
            if s.startswith("-----"):
                continue
            sec = _SECTION.match(s)
            if sec:
                if not events:  # the header was cut off: one event, the percentages say
                    events, cut = ["Ir"], True  # of what total
                section, next_line = "source", 1
                cur_file = sec.group(2).split(" + ")[-1].strip()
                continue
            if s.startswith("-- "):
                low = s.lower()
                if "function:file summary" in low:
                    section = "fnfile"
                elif "file:function summary" in low:
                    section = "skip"  # same data as Function:file, grouped by file
                elif low.startswith("-- line "):
                    m = _LINE_MARK.match(s)
                    if m:
                        next_line = int(m.group(1))
                    continue
                elif "summary" in low or "metadata" in low:
                    section = "header" if "metadata" in low else "skip"
                continue
            if not s:
                continue
            marker = ""
            if s[:1] in "<>" and events:
                marker = s[:1]
                line = line.replace(marker, " ", 1)
            row = _cells(line, len(events)) if events else None
            if row is None:
                header = s.replace("_", "").split()
                if events and header[: len(events)] == events:
                    if section == "skip":
                        continue
                    if "file:function" in s:
                        section = "fnlist"
                    elif "function:file" in s:
                        section = "fnfile"
                    continue
                if s.startswith("The following files"):
                    section = "notfound"
                    continue
                if section == "header" and ":" in s:
                    key, _, val = s.partition(":")
                    meta[key.strip()] = val.strip()
                    if key.strip() == "Events shown":
                        events = val.split()
                    continue
                if section in ("skip", "notfound") or s.startswith(("Unannotated", "- /")):
                    continue
                if section == "header" and s.startswith("Profile data"):
                    continue
                bad.add(n)
                continue
            vals, label = row
            pi = events.index("Ir") if "Ir" in events else 0
            v0 = vals[pi]
            first = v0 if v0 is not None else 0.0
            if label == "PROGRAM TOTALS":
                totals = vals
                continue
            if label in ("events annotated",) or label.startswith(("annotated:",
                                                                    "unannotated:")):
                section = "skip"
                continue
            if section == "source":
                if label.startswith("=> "):  # a call made from the previous source line
                    c = _CALL.match(label)
                    if c and lines and lines[-1].file == cur_file and vals[pi] is not None:
                        lines[-1].calls.append((c["fn"].strip(), first,
                                                int(c["n"].replace(",", "")), n))
                    continue
                if label.startswith("<= "):
                    continue
                if cur_file and vals[pi] is not None:
                    lines.append(_LineCost(cur_file, next_line, first, label, n,
                                           _d1_misses(events, vals)))
                next_line += 1
                continue
            if section == "fnlist":
                # --tree=caller/calling: ``<`` a caller's line, ``*`` the function's own row,
                # ``>`` a callee's line (each with the call count); only ``*`` rows are costs
                mark = label[:2]
                if mark in ("< ", "> "):
                    who, calls = _tree_call(label[2:].strip())
                    if mark == "< ":
                        callers.append((who, first, calls))
                    elif current:
                        edges.append(Edge(current, who, first, calls))
                    continue
                starred = mark == "* "
                fn, fl, mod = _split_fn(label[2:].strip() if starred else label)
                hots.append(_Hot(fn, fl, mod, first, n))
                if starred:
                    current = fn
                    edges.extend(Edge(c, fn, v, k) for c, v, k in callers)
                    callers = []
            elif section == "fnfile":
                if marker == ">":
                    fn, _, fl = label.partition(":")
                    if fl:
                        hots.append(_Hot(fn, fl, "", first, n))
                    else:
                        hots.append(_Hot(fn, "", "", first, n))
                # indented per-file rows of a group repeat the group's cost split by file
            elif section == "skip":
                continue
            else:
                bad.add(n)
        if not totals and cut and lines:
            totals = [_total_from_percents(path)]
            meta["cut"] = "the annotated source only: total from its percentages"
        if not totals or totals[0] is None:
            raise ParseError(src, None, "a 'PROGRAM TOTALS' row")
        return _profile(self.name, src, events, totals, hots, lines, meta, bad,
                        (edges, {}) if edges else None)


#: an annotated line's cost with its share of the whole (``990,000 ( 0.63%)``)
_PCT_CELL = re.compile(r"^\s*(?P<v>\d[\d,]*)\s*\(\s*(?P<p>\d+(?:\.\d+)?)%\)\s")


def _total_from_percents(path: Path) -> float | None:
    """The program's total cost of an annotate whose totals were cut off: each line's cost
    over its printed share (the median over lines holding at least 0.1%, shares printed to
    two decimals)."""
    ests = sorted(int(m["v"].replace(",", "")) * 100.0 / float(m["p"])
                  for _, ln in iter_lines(path) if (m := _PCT_CELL.match(ln))
                  and float(m["p"]) >= 0.1)
    return ests[len(ests) // 2] if ests else None


def _merge(hots: list[_Hot]) -> list[_Hot]:
    """One entry per function (callgrind_annotate lists inlined parts per file), placed in
    its own source file: a row that charges code inlined from a system header
    (``/usr/include/c++/12/bits/stl_algobase.h:main``) gives way to the row of the program's
    file (``sumsq.cpp:main``) for the function's file, whichever costs more."""
    by: dict[str, _Hot] = {}
    for h in hots:
        if h.name in by:
            got = by[h.name]
            got.value += h.value
            if (not got.file or got.file == "???" or library_source(got.file)) \
                    and h.file and h.file != "???" and not library_source(h.file):
                got.file, got.module = h.file, got.module or h.module
        else:
            by[h.name] = _Hot(h.name, h.file, h.module, h.value, h.line)
    return sorted(by.values(), key=lambda h: -h.value)


def _inlined_parts(hots: list[_Hot]) -> list[_Hot]:
    """The parts inlined into a function that an inclusive listing shows apart: a function is
    listed once more for each file whose code was inlined into it
    (``/usr/include/c++/12/bits/stl_tree.h:main``), each row holding that code and its callees.
    Each such row (not the function's row in its own file, else its costliest) becomes a part
    named ``main (inlined from stl_tree.h)`` in that file, at its own cost: what the function
    spends in that code (a std::map's tree walk, its string compares)."""
    by: dict[str, list[_Hot]] = {}
    for h in hots:
        by.setdefault(h.name, []).append(h)
    parts: list[_Hot] = []
    for name, rows in by.items():
        own = [r for r in rows if r.file and r.file != "???" and not library_source(r.file)]
        keep = max(own or rows, key=lambda r: r.value)
        parts += [_Hot(f"{name} (inlined from {r.file.rsplit('/', 1)[-1] or '???'})", r.file,
                       r.module, r.value, r.line) for r in rows if r is not keep]
    return parts


def _profile(fmt: str, src: str, events: list[str], totals: list[float | None],
             hots: list[_Hot], lines: list[_LineCost], meta: dict[str, str], bad: Unparsed,
             calltree_parts: tuple[list[Edge], dict[str, float]] | None = None) -> Profile:
    pi = events.index("Ir") if "Ir" in events else 0
    total = (totals[pi] if pi < len(totals) else None) or 0.0
    unit = events[pi] if events else ""
    metrics: list[Metric] = []
    for ev, val in zip(events, totals, strict=False):
        if val is None:
            continue
        canon = _EVENT_METRIC.get(ev, "profile.total" if ev == unit else "")
        if canon:
            metrics.append(Metric(canon, val, "count", Scope(ScopeKind.PROCESS), SourceRef(src),
                                  raw_name=ev))
        if canon != "profile.total" and ev == unit:
            metrics.append(Metric("profile.total", val, "count", Scope(ScopeKind.PROCESS),
                                  SourceRef(src), raw_name=ev))
    totals_by = dict(zip(events, totals, strict=False))
    d_acc = (totals_by.get("Dr") or 0.0) + (totals_by.get("Dw") or 0.0)
    if d_acc and totals_by.get("D1mr") is not None and totals_by.get("D1mw") is not None:
        d1 = (totals_by["D1mr"] or 0.0) + (totals_by["D1mw"] or 0.0)
        metrics.append(Metric("d1.miss_ratio", d1 / d_acc, "ratio", Scope(ScopeKind.PROCESS),
                              SourceRef(src), raw_name="(D1mr+D1mw)/(Dr+Dw)"))
    elif (reads := totals_by.get("Dr")) and totals_by.get("D1mr") is not None and \
            "Dw" not in totals_by:
        # --show=Dr,D1mr,...: the reads' miss ratio is all the listing gives
        metrics.append(Metric("d1.miss_ratio", (totals_by["D1mr"] or 0.0) / reads,
                              "ratio", Scope(ScopeKind.PROCESS), SourceRef(src),
                              raw_name="D1mr/Dr"))
    # --branch-sim=yes: conditional (Bc, Bcm) and indirect (Bi, Bim) branches, mispredicted
    br = (totals_by.get("Bc") or 0.0) + (totals_by.get("Bi") or 0.0)
    if br and totals_by.get("Bcm") is not None:
        miss = (totals_by.get("Bcm") or 0.0) + (totals_by.get("Bim") or 0.0)
        metrics.append(Metric("branch_miss_ratio", miss / br, "ratio", Scope(ScopeKind.PROCESS),
                              SourceRef(src), raw_name="(Bcm+Bim)/(Bc+Bi)"))
    # an --inclusive=yes listing (its rows add up to well over the whole) also keeps a
    # function's inlined parts (``bits/stl_tree.h:main``) apart, as regions; a listing of self
    # costs keeps those from a system header apart (a std::map's walk inlined into main is
    # main's own cost, and the tree rule needs to see it as the container's)
    listed = sum(h.value for h in hots)
    merged = _merge(hots)
    inlined = _inlined_parts(hots) if total and listed > 1.5 * total else [
        h for h in _inlined_parts(hots) if library_source(h.file)]
    incl: dict[str, float] = {}
    if calltree_parts:
        incl = calltree_parts[1]
    hotspots = []
    for h in merged:
        iv = incl.get(h.name)
        hotspots.append(Hotspot(
            name=h.name, self_share=(h.value / total) if total else None, self_value=h.value,
            inclusive_value=iv, inclusive_share=(iv / total) if (iv is not None and total)
            else None, unit=unit, module=h.module,
            location=SourceRef(h.file) if h.file and h.file != "???" else None,
            source=SourceRef(src, h.line)))
    hotspots += [Hotspot(name=h.name, self_share=(h.value / total) if total else None,
                         self_value=h.value, unit=unit, module=h.module,
                         location=SourceRef(h.file), source=SourceRef(src, h.line),
                         kind="region") for h in inlined]
    line_spots = sorted(lines, key=lambda c: -c.value)
    for lc in line_spots[:200]:
        inc = lc.value + sum(c[1] for c in lc.calls) if lc.calls else None
        hotspots.append(Hotspot(
            name=f"{lc.file}:{lc.line}", self_share=(lc.value / total) if total else None,
            self_value=lc.value, inclusive_value=inc,
            inclusive_share=(inc / total) if (inc is not None and total) else None,
            unit=unit, location=SourceRef(lc.file, lc.line),
            source=SourceRef(src, lc.src_line), kind="line"))
        metrics.append(Metric(_EVENT_METRIC.get(unit, "profile.total"), lc.value, "count",
                              Scope(ScopeKind.LINE, f"{lc.file}:{lc.line}"),
                              SourceRef(src, lc.src_line), raw_name=lc.text[:80]))
    sites = sorted(((lc, c) for lc in lines for c in lc.calls), key=lambda x: -x[1][1])
    for lc, (callee, cost, ncalls, at) in sites[:50]:  # the costliest calls source lines make
        sc = Scope(ScopeKind.CALLSITE, f"{lc.file}:{lc.line}", callee)
        metrics.append(Metric("callsite.cost", cost, "count", sc, SourceRef(src, at),
                              raw_name=unit))
        metrics.append(Metric("callsite.calls", float(ncalls), "count", sc,
                              SourceRef(src, at), raw_name="calls"))
    for lc in sorted((c for c in lines if c.d1_misses), key=lambda c: -(c.d1_misses or 0))[:50]:
        metrics.append(Metric("d1.misses", lc.d1_misses or 0.0, "count",
                              Scope(ScopeKind.LINE, f"{lc.file}:{lc.line}"),
                              SourceRef(src, lc.src_line), raw_name="D1mr+D1mw"))
    calltree = None
    notes: list[str] = []
    if calltree_parts and calltree_parts[0]:
        edges, incl_map = calltree_parts
        callees = {e.callee for e in edges}
        roots = sorted({e.caller for e in edges} - callees, key=lambda r: -incl_map.get(r, 0.0))
        self_map = {h.name: h.value for h in merged}
        calltree, cut = build_tree(roots, edges, self_map, incl_map)
        if cut:
            notes.append("call tree truncated (large call graph)")
    elif fmt == "callgrind_annotate":
        notes.append("annotate text has no call edges; pass the raw callgrind.out for callers")
    if not lines and fmt == "callgrind_annotate":
        notes.append("no annotated source lines in this output (rerun with --auto=yes)")
    return Profile(format=fmt, path=src, metrics=tuple(metrics), hotspots=tuple(hotspots),
                   calltree=calltree, meta=meta, notes=tuple(notes),
                   **bad.as_fields())  # type: ignore[arg-type]


@dataclass
class _RawState:
    names: dict[str, dict[str, str]] = field(default_factory=dict)
    fl: str = ""
    fn: str = ""
    cfn: str = ""
    pending_call: int | None = None


_POS = re.compile(r"^([+-]?\d+|\*|0x[0-9a-fA-F]+|[+-]0x[0-9a-fA-F]+)$")


def _raw_rows(path: Path) -> Iterator[tuple[int, str]]:
    yield from iter_lines(path)


@register_adapter
class ValgrindOutAdapter(Adapter):
    name = "callgrind_out"
    family = "simulator"
    description = "raw callgrind.out.* / cachegrind.out.* files"

    def sniff(self, head: str, path: Path) -> float:
        lines = head.splitlines()[:40]
        has_events = any(ln.startswith("events:") for ln in lines)
        has_fn = "\nfn=" in head or "\nfl=" in head
        return 0.9 if has_events and has_fn else 0.0

    def parse(self, path: Path) -> Profile:
        src = str(path)
        bad = Unparsed()
        meta: dict[str, str] = {}
        events: list[str] = []
        npos = 1
        st = _RawState()
        self_cost: dict[str, float] = {}
        where: dict[str, tuple[str, int]] = {}
        edge_val: dict[tuple[str, str], float] = {}
        edge_calls: dict[tuple[str, str], int] = {}
        summary: list[float] | None = None
        file_lines: dict[tuple[str, int], float] = {}
        file_d1: dict[tuple[str, int], float] = {}  # simulated D1 misses per source line
        last_pos = 0
        for n, line in _raw_rows(path):
            if not line or line.startswith("#"):
                continue
            c = line[0]
            if c.isdigit() or c in "+-*":
                if not events:
                    raise ParseError(src, n, "an 'events:' line before cost lines", line[:40])
                parts = line.split()
                if len(parts) < npos or not all(_POS.match(p) for p in parts[:npos]):
                    bad.add(n)
                    continue
                p0 = parts[0]
                if p0 == "*":
                    pos = last_pos
                elif p0[0] in "+-":
                    pos = last_pos + int(p0, 0)
                else:
                    pos = int(p0, 0)
                last_pos = pos
                try:
                    cost = float(parts[npos]) if len(parts) > npos else 0.0
                except ValueError:
                    bad.add(n)
                    continue
                if st.pending_call is not None:
                    ekey = (st.fn, st.cfn)
                    edge_val[ekey] = edge_val.get(ekey, 0.0) + cost
                    edge_calls[ekey] = edge_calls.get(ekey, 0) + st.pending_call
                    st.pending_call = None
                else:
                    self_cost[st.fn] = self_cost.get(st.fn, 0.0) + cost
                    if st.fn not in where:
                        where[st.fn] = (st.fl, n)
                    if "line" in meta.get("positions", "line"):
                        k = (st.fl, pos)
                        file_lines[k] = file_lines.get(k, 0.0) + cost
                        miss = _d1_misses(events, _costs(parts[npos:]))
                        if miss:
                            file_d1[k] = file_d1.get(k, 0.0) + miss
                continue
            key, sep, val = line.partition("=")
            if sep and key in ("fl", "fi", "fe", "fn", "cfn", "cfl", "cfi", "ob", "cob", "calls",
                               "jump", "jcnd"):
                if key == "calls":
                    try:
                        st.pending_call = int(val.split()[0])
                    except (ValueError, IndexError):
                        raise ParseError(src, n, "calls=<count> <target>", line[:40]) from None
                    continue
                if key in ("jump", "jcnd"):
                    continue
                resolved = self._name(st, key, val)
                if key == "fn":
                    st.fn = resolved
                elif key == "cfn":
                    st.cfn = resolved
                elif key in ("fl", "fi", "fe"):
                    st.fl = resolved
                continue
            k2, sep2, v2 = line.partition(":")
            if sep2:
                k2 = k2.strip()
                meta[k2] = v2.strip()
                if k2 == "events":
                    events = v2.split()
                elif k2 == "positions":
                    npos = len(v2.split())
                elif k2 in ("summary", "totals"):
                    try:
                        summary = [float(x) for x in v2.split()]
                    except ValueError:
                        raise ParseError(src, n, "numbers after 'summary:'", v2[:40]) from None
                continue
            bad.add(n)
        if not events:
            raise ParseError(src, None, "an 'events:' line")
        if not self_cost:
            raise ParseError(src, None, "at least one cost line under fn=")
        if summary is None:
            summary = [sum(self_cost.values())]
        hots = [_Hot(fn, where.get(fn, ("", 0))[0], "", v, where.get(fn, ("", 0))[1])
                for fn, v in self_cost.items()]
        edges = [Edge(a, b, v, edge_calls.get((a, b))) for (a, b), v in edge_val.items()]
        incl: dict[str, float] = {}
        if edges:
            for fn, v in self_cost.items():
                incl[fn] = v
            for (a, _b), v in edge_val.items():
                if a != _b:
                    incl[a] = incl.get(a, 0.0) + v
        lines = [_LineCost(fl, ln, v, "", 0, file_d1.get((fl, ln)))
                 for (fl, ln), v in file_lines.items() if ln > 0]
        totals: list[float | None] = list(summary)
        return _profile(self.name, src, events, totals, hots, lines, meta, bad,
                        (edges, incl) if edges else None)

    @staticmethod
    def _name(st: _RawState, key: str, val: str) -> str:
        """Resolve callgrind name compression ``(id) name`` / ``(id)``."""
        kind = {"cfn": "fn", "cfl": "fl", "cfi": "fl", "fi": "fl", "fe": "fl", "cob": "ob"}.get(
            key, key)
        table = st.names.setdefault(kind, {})
        val = val.strip()
        if val.startswith("("):
            ident, _, rest = val.partition(")")
            ident = ident[1:]
            rest = rest.strip()
            if rest:
                table[ident] = rest
                return rest
            return table.get(ident, f"({ident})")
        return val
