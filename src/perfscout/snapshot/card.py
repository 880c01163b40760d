"""The one-screen platform card: what an engineer pins above the desk before tuning."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from perfscout.model.snapshot import CacheLevel, PlatformSnapshot

_UNKNOWN = "?"


def _size(n: int | None) -> str:
    if n is None:
        return _UNKNOWN
    for unit, div in (("GiB", 1024**3), ("MiB", 1024**2), ("KiB", 1024)):
        if n >= div:
            v = n / div
            return f"{v:.0f} {unit}" if v == int(v) else f"{v:.1f} {unit}"
    return f"{n} B"


def _v(x: object) -> str:
    return _UNKNOWN if x is None else str(x)


def _cache(c: CacheLevel) -> str:
    tag = {"data": "d", "instruction": "i", "unified": ""}.get(c.kind, "")
    share = f" /{c.shared_by_cpus} cpu" if c.shared_by_cpus else ""
    inst = f" x{c.instances}" if c.instances else ""
    return f"L{c.level}{tag} {_size(c.size_bytes)}{inst}{share}"


def _numa_line(s: PlatformSnapshot) -> str:
    if not s.numa.nodes:
        return _UNKNOWN
    cpuless = sum(1 for n in s.numa.nodes if not n.cpus)
    parts = [f"{s.numa.count} node{'s' if s.numa.count != 1 else ''}"]
    if cpuless:
        parts.append(f"{cpuless} without CPUs")
    d = s.numa.distances
    if d:
        off = sorted({v for i, row in enumerate(d) for j, v in enumerate(row) if i != j})
        if off:
            parts.append("remote distance " + (f"{off[0]}" if len(off) == 1 else
                                               f"{off[0]}-{off[-1]}") + " (local 10)")
            if 255 in off:
                parts.append("255 = unreachable")
    mem = [n.memory_mb for n in s.numa.nodes if n.memory_mb]
    if mem:
        parts.append("memory " + "/".join(str(m // 1024) for m in
                                          [n.memory_mb or 0 for n in s.numa.nodes]) + " GiB")
    return ", ".join(parts)


def card_rows(s: PlatformSnapshot) -> list[tuple[str, str]]:
    """The card as (label, text) rows; the rich card and plain-text callers share it."""
    c = s.cpu
    smt = {True: "SMT on", False: "SMT off", None: "SMT ?"}[c.smt_on]
    cores = c.cores
    topo = (f"{_v(c.sockets)} socket x {_v(c.cores_per_socket)} cores x "
            f"{_v(c.threads_per_core)} threads = {_v(c.total_cpus)} CPUs "
            f"({_v(c.online_cpus)} online), {_v(cores)} cores, {smt}")
    if c.core_types:
        topo += "; " + ", ".join(f"{t.count}x {t.name}" for t in c.core_types)
    freq = (f"governor {_v(c.governor)}, min {_v(c.min_mhz)} / max {_v(c.max_mhz)} / cur "
            f"{_v(c.cur_mhz)} MHz")
    m = s.memory
    mem = (f"{_v(m.total_mb)} MB, THP {_v(m.thp_mode)}, huge pages {_v(m.hugepages_total)}"
           f" x {_v(m.hugepage_size_kb)} kB")
    comps = ", ".join(f"{x.name} {x.version or ''} ({x.vendor})".replace("  ", " ")
                      for x in s.compilers) or "none found"
    mpi = ", ".join(f"{x.implementation} {x.version or '?'} via {x.launcher}" for x in s.mpi)
    sched = (f"{s.scheduler.kind} {s.scheduler.version or ''}".strip()
             if s.scheduler.kind else "none found")
    if s.scheduler.partitions:
        sched += f", partitions {' '.join(s.scheduler.partitions)}"
    if s.scheduler.node.get("State"):
        sched += f", node {s.scheduler.node.get('NodeName', '?')} {s.scheduler.node['State']}"
    gpus = ", ".join(f"{g.index}: {g.name}" + (f" {g.memory_mb} MiB" if g.memory_mb else "")
                     for g in s.gpus) or "none found"
    p = s.perf
    if p.hw_counters:
        counters = "hardware counters available"
    elif p.hw_counters is False:
        counters = f"hardware counters UNAVAILABLE: {p.hw_counters_reason}"
    else:
        counters = "hardware counters not probed"
    counters += f"; perf {'v' + p.perf_version if p.perf_version else 'absent'}"
    counters += f", perf_event_paranoid={_v(p.perf_event_paranoid)}"
    if p.likwid_available:
        works = {True: "works", False: f"fails ({p.likwid_reason})", None: "not probed"}
        counters += f"; likwid-perfctr {works[p.likwid_perfctr_works]}"
    tools = ", ".join(f"{n} {'yes' if ok else 'no'}" for n, ok in (
        ("numactl", p.numactl_available), ("hwloc", p.hwloc_available),
        ("likwid", p.likwid_available), ("valgrind", p.valgrind_available)))
    rows = [
        ("host", f"{_v(s.hostname)}  kernel {_v(s.kernel)}  {s.os or ''}  [{s.origin}]"),
        ("cpu", f"{_v(c.vendor)} {_v(c.model_name)} ({_v(c.arch)})"
                + (f", {c.virtualization} guest" if c.virtualization else "")),
        ("topology", topo),
        ("isa", " ".join(c.isa) or _UNKNOWN),
        ("caches", ", ".join(_cache(x) for x in c.caches) or _UNKNOWN),
        ("frequency", freq),
        ("numa", _numa_line(s)),
        ("memory", mem),
        ("compilers", comps),
        ("mpi", mpi or "none found"),
        ("scheduler", sched),
        ("gpus", gpus),
        ("counters", counters),
        ("tools", tools),
    ]
    if s.modules:
        rows.append(("modules", " ".join(s.modules)))
    if s.unknown_fields:
        rows.append(("unknown", ", ".join(s.unknown_fields)))
    return rows


def render_card(snap: PlatformSnapshot) -> RenderableType:
    """The platform card as a rich renderable (a panel with one labelled row per fact)."""
    t = Table.grid(padding=(0, 1))
    t.add_column(style="bold cyan", no_wrap=True)
    t.add_column(overflow="fold")
    for label, text in card_rows(snap):
        style = "yellow" if label == "unknown" or "UNAVAILABLE" in text else ""
        t.add_row(label, Text(text, style=style))
    return Panel(Group(t), title=Text(f"platform card: {snap.key}"), title_align="left")
