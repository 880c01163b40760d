"""Parsers for ``lscpu`` (both util-linux layouts, heterogeneous blocks) and ``lscpu -e``.

Both return :data:`Facts`; both raise :class:`ParseError` (and nothing else) when the text holds
no lscpu content at all. A truncated file yields the facts it still has.
"""

from __future__ import annotations

import contextlib
import re

from perfscout.model.snapshot import CacheLevel, CoreType, NumaNode
from perfscout.snapshot.isa import normalise_flags
from perfscout.snapshot.textutil import (
    Facts,
    key_values,
    parse_cpu_list,
    parse_size,
    require,
    to_float,
    to_int,
)

# Chinese-locale keys seen from util-linux translations, mapped to the C-locale key.
_ZH = {
    "架构": "Architecture", "CPU": "CPU(s)", "在线 CPU 列表": "On-line CPU(s) list",
    "厂商 ID": "Vendor ID", "型号名称": "Model name", "每个核的线程数": "Thread(s) per core",
    "每个座的核数": "Core(s) per socket", "座": "Socket(s)", "NUMA 节点": "NUMA node(s)",
    "CPU 最大 MHz": "CPU max MHz", "CPU 最小 MHz": "CPU min MHz", "标记": "Flags",
}
_CACHE = re.compile(r"^L(\d)([di]?) cache$")
_NODE = re.compile(r"^NUMA node(\d+) CPU\(s\)$")
_INSTANCES = re.compile(r"^(.*?)\s*\((\d+) instances?\)\s*$")


def looks_like_lscpu(text: str) -> bool:
    """True when ``text`` has the key/value lines of plain ``lscpu``."""
    keys = {k for k, _ in key_values(text[:20000])}
    return len(keys & {"CPU(s)", "Model name", "Socket(s)", "Thread(s) per core",
                       "Core(s) per socket", "Vendor ID", "架构", "型号名称"}) >= 2


def parse_lscpu(text: str, source: str = "lscpu") -> Facts:
    """Read plain ``lscpu`` output. Repeated "Model name" blocks become core types."""
    facts: Facts = {}
    blocks: list[dict[str, str]] = []
    top: dict[str, str] = {}
    nodes: list[NumaNode] = []
    caches: list[tuple[int, str, str]] = []
    for key, value in key_values(text):
        if key.startswith("#"):
            continue
        key = _ZH.get(key, key)
        if key == "Model name":
            blocks.append({"Model name": value})
            continue
        if _CACHE.match(key):
            m = _CACHE.match(key)
            assert m is not None
            kind = {"d": "data", "i": "instruction", "": "unified"}[m.group(2)]
            caches.append((int(m.group(1)), kind, value))
            continue
        nm = _NODE.match(key)
        if nm:
            with contextlib.suppress(ValueError):
                nodes.append(NumaNode(int(nm.group(1)), parse_cpu_list(value)))
            continue
        target = blocks[-1] if blocks and key in _PER_BLOCK else top
        target.setdefault(key, value)
    for k in _PER_BLOCK:  # older layout: per-block keys appear before "Model name"
        if blocks and k in top and k not in blocks[0]:
            blocks[0][k] = top.pop(k)
    if not blocks and not top:
        return require({}, source, "lscpu 'Key: value' lines", text.strip()[:60])
    for b in blocks or [top]:
        for k in _PER_BLOCK:
            if k not in b and k in top:
                b[k] = top[k]
    _cpu_facts(facts, top, blocks)
    online = _online(top)
    if online is not None:
        facts["cpu.online_cpus"] = online
    total = to_int(top.get("CPU(s)"))
    if total is not None:
        facts["cpu.total_cpus"] = total
    if nodes or top.get("NUMA node(s)"):
        count = to_int(top.get("NUMA node(s)"))
        if not nodes and count:
            nodes = [NumaNode(i) for i in range(count)]
        if nodes:
            facts["numa.nodes"] = tuple(nodes)
    levels = _caches(caches, online or total)
    if levels:
        facts["cpu.caches"] = levels
    if "Hypervisor vendor" in top:
        facts["cpu.virtualization"] = top["Hypervisor vendor"]
    return require(facts, source, "lscpu fields (CPU(s), Model name, Socket(s), ...)")


_PER_BLOCK = ("Thread(s) per core", "Core(s) per socket", "Socket(s)", "CPU max MHz",
              "CPU min MHz", "Flags", "Model", "Stepping", "CPU family")


def _online(top: dict[str, str]) -> int | None:
    if "On-line CPU(s) list" not in top:
        return None
    try:
        return len(parse_cpu_list(top["On-line CPU(s) list"]))
    except ValueError:
        return None


def _cpu_facts(facts: Facts, top: dict[str, str], blocks: list[dict[str, str]]) -> None:
    first = blocks[0] if blocks else top
    if top.get("Vendor ID"):
        facts["cpu.vendor"] = top["Vendor ID"]
    name = first.get("Model name", "").strip()
    if name and name != "-":
        facts["cpu.model_name"] = re.sub(r"\s+", " ", name)
    if top.get("Architecture"):
        facts["cpu.arch"] = top["Architecture"]
    sockets = [to_int(b.get("Socket(s)")) for b in blocks or [top]]
    cores = [to_int(b.get("Core(s) per socket")) for b in blocks or [top]]
    threads = [to_int(b.get("Thread(s) per core")) for b in blocks or [top]]
    if sockets and all(s is not None for s in sockets):
        facts["cpu.sockets"] = max(s for s in sockets if s is not None)
    if cores and all(c is not None for c in cores):
        if len(blocks) > 1:  # heterogeneous: every block is one kind of core on the same sockets
            facts["cpu.cores_per_socket"] = sum(c for c in cores if c is not None)
            facts["cpu.core_types"] = tuple(
                CoreType(b.get("Model name", "?"), to_int(b.get("Core(s) per socket")) or 0,
                         to_float(b.get("CPU max MHz")))
                for b in blocks
            )
        else:
            facts["cpu.cores_per_socket"] = cores[0]
    if threads and all(t is not None for t in threads):
        facts["cpu.threads_per_core"] = max(t for t in threads if t is not None)
    flags = " ".join(b.get("Flags", "") for b in blocks or [top]) or top.get("Flags", "")
    isa = normalise_flags(flags, name, top.get("ISA", ""))
    if isa or flags:
        facts["cpu.isa"] = isa
    maxes = [v for v in (to_float(b.get("CPU max MHz")) for b in blocks or [top]) if v]
    mins = [v for v in (to_float(b.get("CPU min MHz")) for b in blocks or [top]) if v]
    if maxes:
        facts["cpu.max_mhz"] = max(maxes)
    if mins:
        facts["cpu.min_mhz"] = min(mins)
    cur = to_float(top.get("CPU MHz"))
    if cur:
        facts["cpu.cur_mhz"] = cur


def _caches(raw: list[tuple[int, str, str]], cpus: int | None) -> tuple[CacheLevel, ...]:
    seen: dict[tuple[int, str], CacheLevel] = {}
    for level, kind, value in raw:
        m = _INSTANCES.match(value)
        if m:  # newer util-linux: total size and instance count
            total, inst = parse_size(m.group(1)), int(m.group(2))
            size = total // inst if total is not None and inst else None
            share = cpus // inst if cpus and inst and cpus >= inst else None
            seen.setdefault((level, kind), CacheLevel(level, kind, size, inst, share))
        else:  # older layout: the size of one instance
            seen.setdefault((level, kind), CacheLevel(level, kind, parse_size(value)))
    return tuple(seen.values())


def looks_like_lscpu_e(text: str) -> bool:
    """True when the first non-blank line is an ``lscpu -e`` header."""
    for line in text.splitlines():
        if line.strip():
            cols = line.split()
            return cols[:1] == ["CPU"] and ("CORE" in cols or "SOCKET" in cols)
    return False


def parse_lscpu_e(text: str, source: str = "lscpu -e") -> Facts:
    """Read the ``lscpu -e`` table (any column subset, ONLINE as yes/no or a translation)."""
    lines = [ln for ln in text.splitlines() if ln.strip()]
    if not lines or not looks_like_lscpu_e(lines[0]):
        return require({}, source, "an 'lscpu -e' header (CPU CORE SOCKET ...)",
                       lines[0] if lines else "")
    header = lines[0].split()
    col = {name: i for i, name in enumerate(header)}
    rows: list[list[str]] = []
    for ln in lines[1:]:
        cells = ln.split()
        if len(cells) >= len(header) and cells[0].isdecimal() and cells[0].isascii():
            rows.append(cells)
    if not rows:
        return require({}, source, "'lscpu -e' rows after the header")
    facts: Facts = {"cpu.total_cpus": len(rows)}

    def cell(r: list[str], name: str) -> str | None:
        i = col.get(name)
        return r[i] if i is not None and r[i] not in ("-", "") else None

    if "ONLINE" in col:
        facts["cpu.online_cpus"] = sum(
            1 for r in rows if (cell(r, "ONLINE") or "").lower() in ("yes", "是", "y", "oui", "ja")
        )
    sockets = {cell(r, "SOCKET") for r in rows} - {None}
    if sockets:
        facts["cpu.sockets"] = len(sockets)
    if "CORE" in col:
        cores = {(cell(r, "SOCKET"), cell(r, "CORE")) for r in rows if cell(r, "CORE")}
        if cores:
            facts["cpu.threads_per_core"] = max(1, round(len(rows) / len(cores)))
            if sockets:
                facts["cpu.cores_per_socket"] = len(cores) // len(sockets)
    if "NODE" in col:
        by_node: dict[int, list[int]] = {}
        for r in rows:
            node = cell(r, "NODE")
            if node is not None and node.isascii() and node.isdigit():
                by_node.setdefault(int(node), []).append(int(r[0]))
        if by_node:
            facts["numa.nodes"] = tuple(NumaNode(n, tuple(c)) for n, c in sorted(by_node.items()))
    mx = [to_float(cell(r, "MAXMHZ")) for r in rows]
    mn = [to_float(cell(r, "MINMHZ")) for r in rows]
    if any(mx):
        facts["cpu.max_mhz"] = max(v for v in mx if v)
    if any(mn):
        facts["cpu.min_mhz"] = min(v for v in mn if v)
    return facts
