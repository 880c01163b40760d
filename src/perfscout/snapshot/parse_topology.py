"""Parsers for ``numactl --hardware``, ``lstopo --of console`` (plain and ``-v``), hwloc XML and
``likwid-topology`` (also inside RRZE machine-state reports).

Each returns :data:`Facts` and raises only :class:`ParseError` when it finds nothing it knows.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from perfscout.model.snapshot import CacheLevel, NumaNode
from perfscout.snapshot.textutil import Facts, parse_cpu_list, parse_size, require, to_float, to_int

# ---------------------------------------------------------------- numactl --hardware

_AVAIL = re.compile(r"^available:\s*(\d+)\s+nodes?", re.MULTILINE)


def looks_like_numactl(text: str) -> bool:
    """True when ``text`` holds ``numactl --hardware`` output."""
    return bool(_AVAIL.search(text)) and "node " in text


def parse_numactl(text: str, source: str = "numactl --hardware") -> Facts:
    """Nodes (CPU-less ones included), their memory and the distance matrix (255 kept)."""
    m = _AVAIL.search(text)
    if not m:
        return require({}, source, "'available: N nodes' from numactl --hardware",
                       text.strip()[:60])
    body = text[m.start():]
    cpus: dict[int, tuple[int, ...]] = {}
    size: dict[int, int] = {}
    free: dict[int, int] = {}
    order: list[int] = []
    dist: list[tuple[int, ...]] = []
    in_dist = False
    for line in body.splitlines():
        nm = re.match(r"^node (\d+) (cpus|size|free):\s*(.*)$", line.strip())
        if nm:
            node, what, value = int(nm.group(1)), nm.group(2), nm.group(3)
            if node not in order:
                order.append(node)
            if what == "cpus":
                try:
                    cpus[node] = parse_cpu_list(value)
                except ValueError:
                    cpus[node] = ()
            else:
                mb = re.match(r"(\d+)\s*MB", value)
                if mb:
                    (size if what == "size" else free)[node] = int(mb.group(1))
            continue
        if line.startswith("node distances"):
            in_dist = True
            continue
        if in_dist:
            dm = re.match(r"^\s*(\d+):\s+([\d\s]+)$", line)
            if dm:
                dist.append(tuple(int(x) for x in dm.group(2).split()))
            elif line.strip() and not line.strip().startswith("node"):
                in_dist = False
    if not order:
        count = int(m.group(1))
        order = list(range(count))
    nodes = tuple(NumaNode(n, cpus.get(n, ()), size.get(n), free.get(n)) for n in order)
    facts: Facts = {"numa.nodes": nodes}
    if dist and all(len(r) == len(nodes) for r in dist) and len(dist) == len(nodes):
        facts["numa.distances"] = tuple(dist)
    return facts


# ---------------------------------------------------------------- lstopo console

_OBJ = re.compile(r"\b(Package|NUMANode|Core|PU|L[1-5][di]?(?:Cache)?) L#(\d+)(?: \(([^)]*)\))?")


def looks_like_lstopo(text: str) -> bool:
    """True when ``text`` is an ``lstopo --of console`` rendering."""
    return text.lstrip().startswith("Machine") and "PU L#" in text


def parse_lstopo(text: str, source: str = "lstopo") -> Facts:
    """Packages, cores, PUs per core, NUMA nodes with memory, caches, model, latency matrix."""
    if "PU L#" not in text:
        return require({}, source, "lstopo console objects (Package/Core/PU L#n)",
                       text.strip()[:60])
    packages = 0
    numa: list[NumaNode] = []
    cores: list[int] = []  # PUs under each core
    caches: dict[tuple[int, str], tuple[int | None, int]] = {}
    current_numa_cpus: list[list[int]] = []
    for m in _OBJ.finditer(text):
        kind, attrs = m.group(1), m.group(3) or ""
        if kind == "Package":
            packages += 1
        elif kind == "NUMANode":
            mem = re.search(r"local=([\d.]+\s*[KMGT]i?B)", attrs) or re.search(
                r"P#\d+ ([\d.]+\s*[KMGT]i?B)", attrs)
            size = parse_size(mem.group(1)) if mem else None
            pm = re.search(r"P#(\d+)", attrs)
            numa.append(NumaNode(int(pm.group(1)) if pm else len(numa),
                                 memory_mb=size // 1024**2 if size else None))
            current_numa_cpus.append([])
        elif kind == "Core":
            cores.append(0)
        elif kind == "PU":
            if cores:
                cores[-1] += 1
            pm = re.search(r"P#(\d+)", attrs)
            if pm and current_numa_cpus:
                current_numa_cpus[-1].append(int(pm.group(1)))
        else:
            lm = re.match(r"L(\d)([di]?)", kind)
            assert lm is not None
            ckind = {"d": "data", "i": "instruction", "": "unified"}[lm.group(2)]
            sm = re.search(r"(?:size=)?([\d.]+\s*[KMGT]i?B)", attrs)
            key = (int(lm.group(1)), ckind)
            prev = caches.get(key, (None, 0))
            caches[key] = (prev[0] or (parse_size(sm.group(1)) if sm else None), prev[1] + 1)
    facts: Facts = {}
    if packages:
        facts["cpu.sockets"] = packages
        if cores:
            facts["cpu.cores_per_socket"] = len(cores) // packages
    if cores:
        facts["cpu.threads_per_core"] = max(cores)
        facts["cpu.total_cpus"] = sum(cores)
    if numa:
        # PUs are listed after the NUMA node that shares their parent only in simple trees;
        # keep CPU lists only when every PU landed somewhere and nodes are not empty.
        cpus_known = sum(len(c) for c in current_numa_cpus) == sum(cores) and all(
            current_numa_cpus)
        facts["numa.nodes"] = tuple(
            NumaNode(n.id, tuple(sorted(c)) if cpus_known else (), n.memory_mb)
            for n, c in zip(numa, current_numa_cpus, strict=True)
        )
    if caches:
        facts["cpu.caches"] = tuple(CacheLevel(lv, k, s, n) for (lv, k), (s, n) in
                                    sorted(caches.items()))
    model = re.search(r'CPUModel="([^"]+)"', text)
    if model:
        facts["cpu.model_name"] = model.group(1)
    vendor = re.search(r"CPUVendor=(\S+)", text)
    if vendor:
        facts["cpu.vendor"] = vendor.group(1)
    lat = _latency_matrix(text)
    if lat and numa and len(lat) == len(numa):
        facts["numa.distances"] = lat
    return require(facts, source, "lstopo console objects")


def _latency_matrix(text: str) -> tuple[tuple[int, ...], ...]:
    m = re.search(r"latency matrix.*?:\n\s*index[^\n]*\n((?:\s*\d+(?:\s+\d+)+\n?)+)", text)
    if not m:
        return ()
    rows = [tuple(int(x) for x in ln.split()[1:]) for ln in m.group(1).splitlines() if ln.strip()]
    return tuple(rows)


# ---------------------------------------------------------------- hwloc XML

def looks_like_hwloc_xml(text: str) -> bool:
    """True when ``text`` is an hwloc XML export (``lstopo --of xml``)."""
    return "<topology" in text[:2000] and 'type="Machine"' in text


def parse_hwloc_xml(text: str, source: str = "hwloc xml") -> Facts:
    """Packages, cores, PUs, NUMA nodes (with memory) and the CPU model of an hwloc XML file."""
    try:
        root = ET.fromstring(text)
    except ET.ParseError as exc:
        return require({}, source, "well-formed hwloc XML", str(exc))
    objs = list(root.iter("object"))
    pkgs = [o for o in objs if o.get("type") == "Package"]
    cores = [o for o in objs if o.get("type") == "Core"]
    pus = [o for o in objs if o.get("type") == "PU"]
    nodes = [o for o in objs if o.get("type") == "NUMANode"]
    facts: Facts = {}
    if pkgs:
        facts["cpu.sockets"] = len(pkgs)
        if cores:
            facts["cpu.cores_per_socket"] = len(cores) // len(pkgs)
    if cores:
        facts["cpu.threads_per_core"] = max(
            sum(1 for o in c.iter("object") if o.get("type") == "PU") for c in cores)
    if pus:
        facts["cpu.total_cpus"] = len(pus)
    if nodes:
        facts["numa.nodes"] = tuple(
            NumaNode(to_int(n.get("os_index")) or i,
                     memory_mb=(to_int(n.get("local_memory")) or 0) // 1024**2 or None)
            for i, n in enumerate(nodes))
    for o in objs:
        for info in o.findall("info"):
            if info.get("name") == "CPUModel" and "cpu.model_name" not in facts:
                facts["cpu.model_name"] = info.get("value", "").strip()
            if info.get("name") == "CPUVendor" and "cpu.vendor" not in facts:
                facts["cpu.vendor"] = info.get("value", "").strip()
    return require(facts, source, "hwloc XML objects (Package, Core, PU)")


# ---------------------------------------------------------------- likwid-topology

def looks_like_likwid_topology(text: str) -> bool:
    """True when ``text`` contains a likwid-topology report."""
    return "Hardware Thread Topology" in text and "Threads per core:" in text


def parse_likwid_topology(text: str, source: str = "likwid-topology") -> Facts:
    """Sockets, cores per socket, threads per core, CPU name, caches and NUMA domains."""
    start = text.find("CPU name:")
    body = text[start:] if start >= 0 else text

    def field(name: str, where: str = body) -> str | None:
        m = re.search(rf"^{re.escape(name)}:[ \t]*(.*?)[ \t]*$", where, re.MULTILINE)
        return (m.group(1) or None) if m else None

    facts: Facts = {}
    for key, label in (("cpu.sockets", "Sockets"), ("cpu.cores_per_socket", "Cores per socket"),
                       ("cpu.threads_per_core", "Threads per core")):
        v = to_int(field(label))
        if v is not None:
            facts[key] = v
    if not facts:
        return require({}, source, "likwid-topology 'Sockets:' and 'Threads per core:' lines",
                       text.strip()[:60])
    name = field("CPU name")
    if name:
        facts["cpu.model_name"] = name
    facts.update(_likwid_caches(body))
    facts.update(_likwid_numa(body))
    # "HWThread Thread Core [Die] Socket Available": the Die column came with likwid 5
    rows = re.findall(r"^(\d+)(?:[ \t]+\d+){3,4}[ \t]+(\*|\S*)[ \t]*$", body, re.MULTILINE)
    if rows:
        facts["cpu.total_cpus"] = len(rows)
        facts["cpu.online_cpus"] = sum(1 for _, a in rows if a == "*")
    return facts


def _likwid_caches(body: str) -> Facts:
    sec = body.find("Cache Topology")
    if sec < 0:
        return {}
    end = body.find("NUMA Topology", sec)
    part = body[sec:end if end > 0 else None]
    out: list[CacheLevel] = []
    for block in part.split("-" * 20):
        lv = re.search(r"Level:\s*(\d+)", block)
        sz = re.search(r"Size:\s*([\d.]+\s*[kKMG]?B)", block)
        groups = re.findall(r"\(([\d\s]+)\)", block)
        if lv:
            size = parse_size(sz.group(1).replace("kB", "KB")) if sz else None
            share = len(groups[0].split()) if groups else None
            kind = "data" if lv.group(1) == "1" else "unified"
            out.append(CacheLevel(int(lv.group(1)), kind, size, len(groups) or None, share))
    return {"cpu.caches": tuple(out)} if out else {}


def _likwid_numa(body: str) -> Facts:
    m = re.search(r"NUMA domains:\s*(\d+)", body)
    if not m:
        return {}
    nodes: list[NumaNode] = []
    dist: list[tuple[int, ...]] = []
    for dm in re.finditer(
        r"Domain:\s*(\d+)\s*\nProcessors:\s*\(([\d\s]*)\)\s*\n(?:Distances:\s*([\d\s]+?)\n)?"
        r"(?:Free memory:\s*([\d.]+) MB\s*\n)?(?:Total memory:\s*([\d.]+) MB)?", body):
        cpus = tuple(sorted(int(x) for x in dm.group(2).split()))
        total = to_float(dm.group(5))
        free = to_float(dm.group(4))
        nodes.append(NumaNode(int(dm.group(1)), cpus, int(total) if total else None,
                              int(free) if free else None))
        if dm.group(3):
            dist.append(tuple(int(x) for x in dm.group(3).split()))
    if not nodes:
        nodes = [NumaNode(i) for i in range(int(m.group(1)))]
    facts: Facts = {"numa.nodes": tuple(nodes)}
    if dist and len(dist) == len(nodes) and all(len(r) == len(nodes) for r in dist):
        facts["numa.distances"] = tuple(dist)
    return facts
