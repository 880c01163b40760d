"""valgrind massif's heap profile as ``ms_print`` prints it.

The snapshot table (``n time(i) total(B) useful-heap(B) extra-heap(B) stacks(B)``) gives the
peak heap (``heap.peak``: total(B) of the snapshot ``Detailed snapshots`` marks ``(peak)``,
else the largest total); the allocation tree printed under the peak snapshot gives each
top-level allocation site (``->58.66% (16,000,000B) 0x109182: grid (heapgrow.c:8)``) with its
bytes (``heap.site_bytes``) and its share of the total (``heap.site_share``, the printed
percentage) at CALLSITE scope ``grid (heapgrow.c:8)``. The ASCII graph and the header are
recognised and skipped; a file cut after the peak's tree (``ms_print | head``) still reads. A
heap profile says how much memory the program holds and where it was allocated, nothing about
where the time goes. Family: instrumentation (massif intercepts the allocation calls).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from perfscout.ingest.base import Adapter
from perfscout.ingest.registry import register_adapter
from perfscout.ingest.textutil import Unparsed, iter_lines
from perfscout.model.errors import ParseError
from perfscout.model.metrics import Metric, Profile, Scope, ScopeKind, SourceRef

_HEADER = re.compile(r"^(?P<k>Command|Massif arguments|ms_print arguments):\s*(?P<v>.*)$")
_TABLE_HEAD = re.compile(r"^\s*n\s+time\((?:i|ms|B)\)\s+total\(B\)\s+useful-heap\(B\)")
_ROW = re.compile(r"^\s*(?P<n>\d+)\s+(?P<t>[\d,]+)\s+(?P<tot>[\d,]+)\s+(?P<use>[\d,]+)\s+"
                  r"(?P<extra>[\d,]+)\s+(?P<stk>[\d,]+)\s*$")
_DETAILED = re.compile(r"^\s*Detailed snapshots:\s*\[(?P<list>[^\]]*)\]")
_TREE_ROOT = re.compile(r"^(?P<pct>\d+\.\d+)% \((?P<b>[\d,]+)B\) \(heap allocation functions\)")
_SITE = re.compile(r"^->(?P<pct>\d+\.\d+)% \((?P<b>[\d,]+)B\) (?:0x[0-9A-Fa-f]+: )?"
                   r"(?P<func>.+?)(?: \((?P<loc>[^()]*)\))?\s*$")
_BELOW = re.compile(r"in \d+\+? places?, all below")
_SKIP = re.compile(r"^(?:-{10,}|\s*[KMGT]?i?B\s*$|\s*[\d.]+\^|\s*\||\s*0 \+-|\s+\d[\d.]*\s*$|"
                   r"\s+0\s+[\d.]+\s*$|Number of snapshots:|\s*[| ]*->|\|\s*$|\s+$)")


def _int(text: str) -> int:
    return int(text.replace(",", ""))


@dataclass
class _Snapshot:
    n: int
    total: int
    line: int
    sites: list[tuple[float, int, str, int]] = field(default_factory=list)  # pct, B, name, line


@register_adapter
class MassifAdapter(Adapter):
    """``ms_print`` output of a massif heap profile (see module docstring)."""

    name = "massif"
    description = "valgrind massif heap profile (ms_print): peak heap, top allocation sites"
    family = "instrumentation"

    def sniff(self, head: str, path: Path) -> float:
        if path.is_dir():
            return 0.0
        lines = head.splitlines()[:400]
        table = any(_TABLE_HEAD.match(ln) for ln in lines)
        massif = any(ln.startswith(("Massif arguments:", "ms_print arguments:")) for ln in lines)
        return 0.95 if table and massif else 0.7 if table else 0.0

    def parse(self, path: Path) -> Profile:
        meta: dict[str, str] = {}
        snaps: dict[int, _Snapshot] = {}
        peak: int | None = None
        last: _Snapshot | None = None
        in_tree = False
        unparsed = Unparsed()
        for no, line in iter_lines(path):
            h = _HEADER.match(line)
            if h:
                meta[h["k"].lower().replace(" ", "_")] = h["v"].strip()
                continue
            d = _DETAILED.match(line)
            if d:
                pk = re.search(r"(\d+) \(peak\)", d["list"])
                peak = int(pk[1]) if pk else None
                continue
            r = _ROW.match(line)
            if r:
                last = _Snapshot(int(r["n"]), _int(r["tot"]), no)
                snaps[last.n] = last
                in_tree = False
                continue
            if _TREE_ROOT.match(line):
                in_tree = last is not None
                continue
            s = _SITE.match(line)
            if s and in_tree and last is not None:
                if not _BELOW.search(s["func"]):
                    loc = f" ({s['loc']})" if s["loc"] else ""
                    last.sites.append((float(s["pct"]) / 100, _int(s["b"]),
                                       f"{s['func']}{loc}", no))
                continue
            if not line.strip() or _TABLE_HEAD.match(line) or _SKIP.match(line):
                continue
            unparsed.add(no)
        if not snaps:
            raise ParseError(str(path), None, "ms_print's snapshot table ('n time(i) total(B) "
                             "useful-heap(B) extra-heap(B) stacks(B)' and rows)")
        top = snaps.get(peak) if peak is not None else None
        if top is None:
            top = max(snaps.values(), key=lambda x: (x.total, x.n))
        src = SourceRef(str(path), top.line)
        metrics = [Metric("heap.peak", float(top.total), "B", source=src,
                          raw_name=f"total(B) of snapshot {top.n}")]
        detailed = top if top.sites else max(
            (x for x in snaps.values() if x.sites), key=lambda x: x.total, default=None)
        for pct, b, name, line_no in (detailed.sites if detailed else []):
            sc = Scope(ScopeKind.CALLSITE, name)
            metrics += [Metric("heap.site_bytes", float(b), "B", sc, SourceRef(str(path), line_no),
                               f"bytes at snapshot {detailed.n}" if detailed else ""),
                        Metric("heap.site_share", pct, "ratio", sc, SourceRef(str(path), line_no),
                               "% of total(B)")]
        meta["snapshots"] = str(len(snaps))
        meta["peak_snapshot"] = str(top.n)
        return Profile(format=self.name, path=str(path), metrics=tuple(metrics), meta=meta,
                       unparsed_lines=unparsed.count, unparsed_examples=unparsed.examples)
