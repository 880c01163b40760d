"""``pmap -x PID`` (and ``pmap -x`` pasted after the ``$ pmap`` line): the memory mappings of a
running process, each with its size, resident and dirty KiB, and the ``total kB`` line.

It says how much memory the process held at the moment it was taken, not how fast it ran or
why: the totals become ``mem.virtual``, ``mem.rss`` and ``mem.dirty`` (KiB), the anonymous
mappings' resident KiB ``mem.anon_rss`` (the heap and the large arrays a program allocates),
and the mapped files (the program, its libraries) are listed in meta (``libraries``), as ``ldd``
would. Family: OS accounting.
"""

from __future__ import annotations

import re
from pathlib import Path

from perfscout.ingest.base import Adapter
from perfscout.ingest.registry import register_adapter
from perfscout.ingest.textutil import Unparsed, iter_lines
from perfscout.model.errors import ParseError
from perfscout.model.metrics import Metric, Profile, Scope, ScopeKind, SourceRef

_HEAD = re.compile(r"^\s*Address\s+Kbytes\s+RSS\s+Dirty\s+Mode\s+Mapping\s*$")
_ROW = re.compile(r"^\s*(?P<addr>[0-9a-f]{8,16})\s+(?P<kb>\d+)\s+(?P<rss>\d+|-)\s+"
                  r"(?P<dirty>\d+|-)\s+(?P<mode>[-rwxsp]{5})\s+(?P<map>.*?)\s*$")
_TOTAL = re.compile(r"^\s*total\s+kB\s+(?P<kb>\d+)\s+(?P<rss>\d+)\s+(?P<dirty>\d+)\s*$")
_PROC = re.compile(r"^\s*(?P<pid>\d+):\s+(?P<cmd>\S.*?)\s*$")
_OTHER = re.compile(r"^\s*(?:-{4,}[\s-]*|\$.*|#.*)?$")


@register_adapter
class PmapAdapter(Adapter):
    """``pmap -x`` of one process (see module docstring)."""

    name = "pmap"
    description = "pmap -x: a process's memory mappings with resident and dirty KiB"
    family = "os_accounting"

    def sniff(self, head: str, path: Path) -> float:
        if path.is_dir():
            return 0.0
        lines = head.splitlines()[:40]
        if any(_HEAD.match(ln) for ln in lines):
            return 0.9
        return 0.0

    def parse(self, path: Path) -> Profile:
        total: tuple[int, re.Match[str]] | None = None
        anon, rows = 0, 0
        libraries: list[str] = []
        meta: dict[str, str] = {}
        unparsed = Unparsed()
        seen_head = False
        for no, line in iter_lines(path):
            if _HEAD.match(line):
                seen_head = True
                continue
            r = _ROW.match(line) if seen_head else None
            if r is not None:
                rows += 1
                mapping = r["map"]
                if mapping.startswith("[ anon") and r["rss"] != "-":
                    anon += int(r["rss"])
                elif mapping and not mapping.startswith("[") and mapping not in libraries:
                    libraries.append(mapping)
                continue
            t = _TOTAL.match(line)
            if t is not None:
                total = (no, t)
                continue
            p = _PROC.match(line)
            if p is not None and not seen_head:
                meta["command"], meta["pid"] = p["cmd"], p["pid"]
                continue
            if not _OTHER.match(line):
                unparsed.add(no)
        if total is None or not rows:
            raise ParseError(str(path), None, "pmap -x output (its Address/Kbytes/RSS header, "
                                              "mapping rows and the 'total kB' line)")
        no, t = total
        sc, src = Scope(ScopeKind.PROCESS, meta.get("command", "")), SourceRef(str(path), no)
        metrics = [Metric("mem.virtual", float(t["kb"]), "KiB", sc, src, "total Kbytes"),
                   Metric("mem.rss", float(t["rss"]), "KiB", sc, src, "total RSS"),
                   Metric("mem.dirty", float(t["dirty"]), "KiB", sc, src, "total Dirty"),
                   Metric("mem.anon_rss", float(anon), "KiB", sc, src, "[ anon ] RSS")]
        if libraries:
            meta["libraries"] = "\t".join(libraries)
        return Profile(format=self.name, path=str(path), metrics=tuple(metrics), meta=meta,
                       unparsed_lines=unparsed.count, unparsed_examples=unparsed.examples)
