"""``heaptrack_print`` output: how often a program allocates, where, and what it holds.

The closing summary gives the run's ``alloc.calls`` and ``alloc.rate`` (``calls to allocation
functions: 40004 (25018/s)``; the rate is per second of the traced run, which heaptrack slows),
``alloc.temporary`` and its share of all calls (``alloc.temporary_share``: a block freed before
any other allocation, a scratch buffer allocated and freed in a loop), ``heap.peak`` and
``heap.leaked`` (heaptrack's sizes are decimal: ``32.77K`` is 32768 B). Each block of the
sections ``MOST CALLS TO ALLOCATION FUNCTIONS``, ``PEAK MEMORY CONSUMERS``, ``MOST TEMPORARY
ALLOCATIONS`` (and ``MEMORY LEAKS`` with ``-l``) names an allocation site by its merged
backtrace; the site is the first frame in the program's own code (not in a shared library,
not a system header: ``std::vector::_M_realloc_insert`` called from ``longest (words.cpp:10)``
is ``longest``'s site), found among the merged frames and the first backtrace under them. Per
site, at CALLSITE scope ``func (file:line)`` as massif names its sites: ``alloc.calls``,
``alloc.temporary``, ``heap.site_peak``. The sites of the first section are also hotspots
with their call counts (``calls``; no time share: heaptrack measures no time per site). The
run time and the peak RSS (both with heaptrack's overhead) stay in ``meta``, with the
``Debuggee command``. Family: instrumentation (heaptrack intercepts every allocation call).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from perfscout.ingest.base import Adapter
from perfscout.ingest.registry import register_adapter
from perfscout.ingest.textutil import Unparsed, iter_lines
from perfscout.model.errors import ParseError
from perfscout.model.metrics import Hotspot, Metric, Profile, Scope, ScopeKind, SourceRef

_SIZE = r"[\d.]+\s*[KMGTP]?i?B?"
_SECTION = re.compile(r"^[A-Z][A-Z ]{6,}$")
# block heads (column 0, ending in "from"), the value each gives, per section
_BLOCK = {
    "calls": re.compile(rf"^(?P<n>\d+) calls to allocation functions with (?P<b>{_SIZE}) "
                        r"peak consumption from$"),
    "peak": re.compile(rf"^(?P<b>{_SIZE}) peak memory consumed over (?P<n>\d+) calls from$"),
    "temporary": re.compile(r"^(?P<n>\d+) temporary allocations of (?P<tot>\d+) allocations in "
                            r"total \([\d.]+%\) from$"),
    "leaked": re.compile(rf"^(?P<b>{_SIZE}) leaked over (?P<n>\d+) calls from$"),
    # heaptrack before 1.2: "MOST MEMORY ALLOCATED OVER TIME" (bytes, not kept)
    "allocated": re.compile(rf"^(?P<b>{_SIZE}) allocated over (?P<n>\d+) calls from$"),
}
_SUB = re.compile(r"^\s*.* from:$")
_AT = re.compile(r"^\s+at (?P<file>.+?):(?P<line>\d+)\s*$")
_IN = re.compile(r"^\s+in (?P<mod>.+?)\s*$")
_SUMMARY = {
    "calls": re.compile(r"^calls to allocation functions: (?P<n>\d+) \((?P<r>\d+)/s\)"),
    "temporary": re.compile(r"^temporary memory allocations: (?P<n>\d+) \((?P<r>\d+)/s\)"),
    "peak": re.compile(rf"^peak heap memory consumption: (?P<b>{_SIZE})\s*$"),
    "leaked": re.compile(rf"^total memory leaked: (?P<b>{_SIZE})\s*$"),
    "runtime": re.compile(r"^total runtime: (?P<s>[\d.]+)s\.?\s*$"),
    "rss": re.compile(rf"^peak RSS \(including heaptrack overhead\): (?P<b>{_SIZE})\s*$"),
}
_META = re.compile(r"^(?:Debuggee command was: (?P<cmd>.*)|reading file .*|finished reading "
                   r"file.*|suppressed leaks: .*|bytes allocated in total.*|"
                   r"total memory allocated.*)$")
_LIBRARY = re.compile(r"\.so(?:\.\d+)*$")
_SYSTEM_FILE = re.compile(r"^(?:/usr/(?:include|lib)/|\.\.?/)")


def size_bytes(text: str) -> float:
    """heaptrack's printed size (``175.10K``, ``0B``, ``4.12M``) in bytes (decimal prefixes)."""
    m = re.match(r"([\d.]+)\s*([KMGTP]?)", text)
    if m is None:
        return 0.0
    return float(m[1]) * 1000.0 ** " KMGTP".index(m[2] or " ")


@dataclass
class _Frame:
    func: str
    file: str = ""
    line: int = 0
    module: str = ""

    @property
    def own(self) -> bool:
        """A frame of the program's own code: not in a shared library or a system header."""
        return bool(self.file) and not _LIBRARY.search(self.module) \
            and not _SYSTEM_FILE.match(self.file)


@dataclass
class _Block:
    kind: str
    n: int
    bytes: float
    line: int
    frames: list[_Frame] = field(default_factory=list)
    subs: int = 0  # backtraces under the merged frames seen so far

    def site(self) -> tuple[str, _Frame | None]:
        """(scope name ``func (file:line)``, the program's frame) of this block."""
        own = next((f for f in self.frames if f.own), None)
        f = own or (self.frames[0] if self.frames else _Frame("?"))
        base = Path(f.file).name
        return (f"{f.func} ({base}:{f.line})" if f.file else f.func), own


_Summary = dict[str, tuple[re.Match[str], int]]  # summary line key -> (match, line number)


def _read(path: Path, unparsed: Unparsed) -> tuple[list[_Block], _Summary, dict[str, str]]:
    blocks: list[_Block] = []
    summary: _Summary = {}
    meta: dict[str, str] = {}
    block: _Block | None = None
    frame: _Frame | None = None
    module = ""
    for no, line in iter_lines(path):
        if not line.strip():
            block = None
            continue
        head = next(((k, m) for k, rx in _BLOCK.items() if (m := rx.match(line))), None)
        if head is not None:
            kind, m = head
            b = size_bytes(m["b"]) if "b" in m.groupdict() else float(m["tot"])
            block, frame, module = _Block(kind, int(m["n"]), b, no), None, ""
            blocks.append(block)
            continue
        s = next(((k, m) for k, rx in _SUMMARY.items() if (m := rx.match(line))), None)
        if s is not None:
            summary[s[0]] = (s[1], no)
            continue
        meta_m = _META.match(line)
        if meta_m is not None:
            if meta_m["cmd"]:
                meta["command"] = meta_m["cmd"].strip()
            continue
        if _SECTION.match(line):
            block = None
            continue
        if block is None:
            unparsed.add(no)
            continue
        if _SUB.match(line):
            block.subs += 1
            continue
        at, inn = _AT.match(line), _IN.match(line)
        if (at or inn) and frame is not None:
            if at:
                frame.file, frame.line = at["file"], int(at["line"])
            else:
                module = frame.module = inn["mod"] if inn else module
            continue
        if block.subs > 1 or (line != line.lstrip() and block.subs == 0):
            frame = None  # the second and later backtraces repeat the site: not read
            continue
        frame = _Frame(line.strip(), module=module)
        block.frames.append(frame)
    return blocks, summary, meta


@register_adapter
class HeaptrackAdapter(Adapter):
    """``heaptrack_print`` text output (see module docstring)."""

    name = "heaptrack"
    description = "heaptrack_print summary: allocation calls, rate, temporaries, peak, sites"
    family = "instrumentation"

    def sniff(self, head: str, path: Path) -> float:
        if path.is_dir():
            return 0.0
        lines = head.splitlines()[:2000]
        blocks = sum(1 for ln in lines if any(rx.match(ln) for rx in _BLOCK.values()))
        named = any(ln.startswith(("Debuggee command was:", "MOST CALLS TO ALLOCATION",
                                   "calls to allocation functions:")) for ln in lines)
        return 0.95 if named and blocks else 0.8 if named or blocks >= 2 else 0.0

    def parse(self, path: Path) -> Profile:
        unparsed = Unparsed()
        blocks, summary, meta = _read(path, unparsed)
        if not blocks and "calls" not in summary:
            raise ParseError(str(path), None, "heaptrack_print output ('MOST CALLS TO ALLOCATION "
                             "FUNCTIONS' blocks or the 'calls to allocation functions: N' "
                             "summary)")
        metrics = self._summary(path, summary, meta)
        hot: list[Hotspot] = []
        per: dict[tuple[str, str], tuple[float, int]] = {}  # (metric, site) -> value, line
        names = {"calls": ("alloc.calls", "count"), "temporary": ("alloc.temporary", "count"),
                 "peak": ("heap.site_peak", "B")}
        for b in blocks:
            name, own = b.site()
            if b.kind == "calls":
                f = own or (b.frames[0] if b.frames else None)
                hot.append(Hotspot(f.func if f else name, calls=b.n, unit="calls",
                                   source=SourceRef(str(path), b.line),
                                   location=SourceRef(f.file, f.line) if f and f.file else None,
                                   callpath=tuple(x.func for x in b.frames)))
            if b.kind in names:
                value = b.bytes if b.kind == "peak" else float(b.n)
                old = per.get((b.kind, name))
                per[(b.kind, name)] = ((old[0] if old else 0.0) + value, old[1] if old else b.line)
        for (kind, site), (value, line) in per.items():
            canon, unit = names[kind]
            metrics.append(Metric(canon, value, unit, Scope(ScopeKind.CALLSITE, site),
                                  SourceRef(str(path), line), kind))
        return Profile(format=self.name, path=str(path), metrics=tuple(metrics),
                       hotspots=tuple(hot), meta=meta, unparsed_lines=unparsed.count,
                       unparsed_examples=unparsed.examples)

    @staticmethod
    def _summary(path: Path, summary: _Summary, meta: dict[str, str]) -> list[Metric]:
        """The run's totals from the closing summary lines."""
        out: list[Metric] = []
        got = {k: m for k, (m, _) in summary.items()}

        def src(key: str) -> SourceRef:
            return SourceRef(str(path), summary[key][1])

        if "runtime" in got:
            meta["runtime_s"] = got["runtime"]["s"]
        if "rss" in got:
            meta["peak_rss_with_heaptrack"] = got["rss"]["b"]
        calls = got.get("calls")
        if calls is not None:
            out += [Metric("alloc.calls", float(calls["n"]), "count", source=src("calls"),
                           raw_name="calls to allocation functions"),
                    Metric("alloc.rate", float(calls["r"]), "1/s", source=src("calls"),
                           raw_name="calls to allocation functions per second")]
        tmp = got.get("temporary")
        if tmp is not None:
            out.append(Metric("alloc.temporary", float(tmp["n"]), "count", source=src("temporary"),
                              raw_name="temporary memory allocations"))
            if calls is not None and int(calls["n"]) > 0:
                out.append(Metric("alloc.temporary_share",
                                  min(1.0, int(tmp["n"]) / int(calls["n"])), "ratio",
                                  source=src("temporary"), raw_name="temporary / calls",
                                  derived=True))
        for key, canon, raw in (("peak", "heap.peak", "peak heap memory consumption"),
                                ("leaked", "heap.leaked", "total memory leaked")):
            m = got.get(key)
            if m is not None:
                out.append(Metric(canon, size_bytes(m["b"]), "B", source=src(key), raw_name=raw))
        return out
