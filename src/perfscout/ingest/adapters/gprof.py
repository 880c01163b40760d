"""GNU gprof text output: the flat profile and the call graph (own parser, streaming).

Flat rows give self time, share and calls per function; the call graph gives inclusive time,
callers and callees, from which a bounded call tree is built. The explanatory legend gprof
prints is recognised and skipped; any other line that fits neither table is counted.
"""

from __future__ import annotations

import re
from pathlib import Path

from perfscout.ingest.base import Adapter
from perfscout.ingest.callgraph import Edge, build_tree
from perfscout.ingest.lineread import Unparsed
from perfscout.ingest.registry import register_adapter
from perfscout.ingest.textutil import iter_lines
from perfscout.model.errors import ParseError
from perfscout.model.metrics import Hotspot, Metric, Profile, Scope, ScopeKind, SourceRef

_NUM = r"\d+(?:\.\d+)?"
_FLAT = re.compile(
    rf"^\s*({_NUM})\s+({_NUM})\s+({_NUM})(?:\s+(\d+)(?:\s+({_NUM})\s+({_NUM}))?)?\s+(\S.*?)\s*$"
)
_PRIMARY = re.compile(
    rf"^\[(\d+)\]\s+({_NUM})\s+({_NUM})\s+({_NUM})\s+(?:(\d+)(?:\+(\d+))?\s+)?(\S.*?)\s*\[\d+\]\s*$"
)
_ARC = re.compile(
    rf"^\s+({_NUM})\s+({_NUM})\s+(\d+)(?:/(\d+))?\s+(\S.*?)\s*\[\d+\]\s*$"
)
_ARC_NOTIME = re.compile(r"^\s+(\d+)(?:/(\d+))?\s+(\S.*?)\s*\[\d+\]\s*$")
_SAMPLE = re.compile(r"Each sample counts as (\S+) seconds")
_GRAN = re.compile(r"granularity: .* of (\S+) seconds")
_CYCLE = re.compile(r"\s*<cycle \d+(?: as a whole)?>\s*$")

# a line-level flat profile row's source line (``gprof -l``)
_LINE_OF = re.compile(r"\((?P<file>[^():@\s]+):(?P<line>\d+)(?: @ [0-9a-f]+)?\)\s*$")


def _clean(name: str) -> str:
    return _CYCLE.sub("", name).strip()


@register_adapter
class GprofAdapter(Adapter):
    name = "gprof"
    family = "instrumentation"
    description = "GNU gprof flat profile and call graph (text)"

    def sniff(self, head: str, path: Path) -> float:
        if "Flat profile:" in head and "cumulative" in head:
            return 0.95
        if "Call graph" in head and "index % time" in head:
            return 0.9
        return 0.0

    def parse(self, path: Path) -> Profile:
        src = str(path)
        bad = Unparsed()
        flat: list[tuple[str, float, float, int | None, int]] = []  # name, pct, self, calls, line
        primary: dict[str, tuple[float, float, float, int]] = {}  # name -> pct, self, kids, line
        edges: list[Edge] = []
        callers_of: dict[str, int] = {}
        sample_s: float | None = None
        total_s: float | None = None
        state = "start"
        entry_name: str | None = None
        pending: list[tuple[str, float, int | None]] = []
        saw_flat = saw_graph = False
        for n, line in iter_lines(path):
            s = line.strip()
            if s.startswith("Flat profile"):
                state, saw_flat = "flat_head", True
                continue
            if s.startswith("Call graph"):
                state, saw_graph = "graph_head", True
                continue
            if s.startswith("Index by function name"):
                state = "index"
                continue
            if state == "start" or state == "index" or state == "legend":
                continue  # text around the tables (legend, index, copyright)
            if state == "flat_head":
                m = _SAMPLE.search(s)
                if m:
                    try:
                        sample_s = float(m.group(1))
                    except ValueError:
                        raise ParseError(src, n, "a sample period in seconds", m.group(1)) from None
                    continue
                if s.startswith("time") or s.startswith("%") or not s:
                    if s.startswith("time"):
                        state = "flat"
                    continue
                bad.add(n)
                continue
            if state == "flat":
                if not s:
                    if flat:
                        state = "legend"
                    continue
                m = _FLAT.match(line)
                if not m:
                    bad.add(n)
                    continue
                flat.append((_clean(m.group(7)), float(m.group(1)), float(m.group(3)),
                             int(m.group(4)) if m.group(4) else None, n))
                total_s = float(m.group(2))
                continue
            if state == "graph_head":
                m = _GRAN.search(s)
                if m:
                    try:
                        total_s = float(m.group(1))
                    except ValueError:
                        raise ParseError(src, n, "a total time in seconds", m.group(1)) from None
                    continue
                if s.startswith("index"):
                    state = "graph"
                continue
            # call graph body
            if not s:
                if primary:
                    state = "legend"
                continue
            if s.startswith("-----"):
                entry_name, pending = None, []
                continue
            if s == "<spontaneous>":
                continue
            m = _PRIMARY.match(line)
            if m:
                entry_name = _clean(m.group(7)) or m.group(7).strip()
                primary[entry_name] = (float(m.group(2)), float(m.group(3)),
                                       float(m.group(4)), n)
                if pending:
                    callers_of[entry_name] = len(pending)
                pending = []
                continue
            a = _ARC.match(line)
            if a:
                val = float(a.group(1)) + float(a.group(2))
                other = _clean(a.group(5))
                calls = int(a.group(3))
                if entry_name is None:
                    pending.append((other, val, calls))
                else:
                    edges.append(Edge(entry_name, other, val, calls))
                continue
            if _ARC_NOTIME.match(line):
                if entry_name is None:
                    pending.append(("", 0.0, None))
                continue
            bad.add(n)
        if not saw_flat and not saw_graph:
            raise ParseError(src, 1, "a gprof 'Flat profile:' or 'Call graph' section")
        if saw_flat and not flat:
            raise ParseError(src, None, "at least one flat-profile row")
        return self._profile(path, flat, primary, edges, callers_of, sample_s, total_s, bad)

    def _profile(self, path: Path, flat: list[tuple[str, float, float, int | None, int]],
                 primary: dict[str, tuple[float, float, float, int]], edges: list[Edge],
                 callers_of: dict[str, int], sample_s: float | None, total_s: float | None,
                 bad: Unparsed) -> Profile:
        src = str(path)
        total = total_s or sum(f[2] for f in flat) or 0.0
        hotspots: list[Hotspot] = []
        seen: set[str] = set()
        for name, pct, self_t, calls, line in flat:
            prim = primary.get(name)
            incl = (prim[1] + prim[2]) if prim else None
            at = _LINE_OF.search(name)  # gprof -l: "cmp_text (sortkeys.c:10 @ 139f)"
            hotspots.append(Hotspot(
                name=name, self_share=pct / 100.0, self_value=self_t,
                inclusive_share=(prim[0] / 100.0) if prim else None, inclusive_value=incl,
                unit="s", calls=calls, source=SourceRef(src, line),
                location=SourceRef(at["file"], int(at["line"])) if at else None))
            seen.add(name)
        for name, (pct, self_t, kids, line) in primary.items():
            if name not in seen:
                hotspots.append(Hotspot(
                    name=name, self_share=(self_t / total) if total else None, self_value=self_t,
                    inclusive_share=pct / 100.0, inclusive_value=self_t + kids, unit="s",
                    source=SourceRef(src, line)))
        hotspots.sort(key=lambda h: -(h.self_value or 0.0))
        metrics = [Metric("profile.total", total, "s", Scope(ScopeKind.PROCESS),
                          SourceRef(src), raw_name="total seconds")]
        if sample_s:
            metrics.append(Metric("samples", round(total / sample_s), "count",
                                  Scope(ScopeKind.PROCESS), SourceRef(src)))
        for h in hotspots:
            metrics.append(Metric("time.elapsed", h.self_value or 0.0, "s",
                                  Scope(ScopeKind.FUNCTION, h.name), h.source,
                                  raw_name="self seconds"))
        calltree = None
        notes: list[str] = []
        if primary:
            callees = {e.callee for e in edges}
            roots = [n for n in primary if callers_of.get(n, 0) == 0 and n not in callees]
            roots.sort(key=lambda r: -(primary[r][1] + primary[r][2]))
            incl_map = {k: v[1] + v[2] for k, v in primary.items()}
            self_map = {k: v[1] for k, v in primary.items()}
            calltree, cut = build_tree(roots, edges, self_map, incl_map)
            if cut:
                notes.append("call tree truncated (large call graph); callers/callees are complete")
        else:
            notes.append("no call graph section: no callers/callees")
        meta = {"sample_seconds": str(sample_s or ""), "total_seconds": str(total)}
        return Profile(format=self.name, path=src, metrics=tuple(metrics),
                       hotspots=tuple(hotspots), calltree=calltree, meta=meta,
                       notes=tuple(notes), **bad.as_fields())  # type: ignore[arg-type]
