"""``likwid-perfctr`` (and ``likwid-mpirun``) output: ASCII tables and ``-O`` CSV, every group.

Both layouts are read as rows of cells: ``| a | b |`` table lines and CSV lines. A header row
(``Region Info`` / ``Event`` / ``Metric``) names the columns: per-thread columns (``Core 3``,
``HWThread 1``) give THREAD scopes, ``host:rank:cpu`` columns (likwid-mpirun) RANK scopes, and
``Sum``/``Min``/``Max``/``Avg``/``%ile`` columns (STAT tables) aggregate values with ``stat``
set. Marker regions (``Region X, Group 1: G``, ``Region <X>, ...``, CSV ``TABLE,Region X,...``)
are the parent of those scopes; a region measured again gets ``X #2``. Metric names map onto the
canonical vocabulary (``Memory bandwidth [MBytes/s]`` -> ``mem.bandwidth``, ...), others are kept
as ``event.likwid:<name>``. likwid-bench result lines in the same file are read too; INFO and
WARN lines become notes, application output is counted as unparsed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from perfscout.ingest.adapters.likwid_bench import bench_metric
from perfscout.ingest.base import Adapter
from perfscout.ingest.registry import register_adapter
from perfscout.ingest.textutil import Unparsed, iter_lines, parse_number
from perfscout.model.errors import ParseError
from perfscout.model.metrics import Metric, Profile, Scope, ScopeKind, SourceRef

# lower-case likwid name with "[unit]" or " unit" -> (canonical, unit, scale)
METRICS: dict[str, tuple[str, str, float]] = {
    "runtime (rdtsc) [s]": ("time.elapsed", "s", 1.0),
    "runtime unhalted [s]": ("time.runtime_unhalted", "s", 1.0),
    "clock [mhz]": ("clock.mhz", "MHz", 1.0),
    "cpi": ("cpi", "ratio", 1.0),
    "dp [mflop/s]": ("flops.dp", "MFLOP/s", 1.0),
    "dp mflop/s": ("flops.dp", "MFLOP/s", 1.0),
    "sp [mflop/s]": ("flops.sp", "MFLOP/s", 1.0),
    "sp mflop/s": ("flops.sp", "MFLOP/s", 1.0),
    "avx dp [mflop/s]": ("flops.dp_vector", "MFLOP/s", 1.0),
    "avx dp mflop/s": ("flops.dp_vector", "MFLOP/s", 1.0),
    "avx sp [mflop/s]": ("flops.sp_vector", "MFLOP/s", 1.0),
    "avx sp mflop/s": ("flops.sp_vector", "MFLOP/s", 1.0),
    "packed [muops/s]": ("uops.packed", "MUOP/s", 1.0),
    "packed muops/s": ("uops.packed", "MUOP/s", 1.0),
    "scalar [muops/s]": ("uops.scalar", "MUOP/s", 1.0),
    "scalar muops/s": ("uops.scalar", "MUOP/s", 1.0),
    "vectorization ratio": ("flops.vector_ratio", "ratio", 0.01),
    "vectorization ratio [%]": ("flops.vector_ratio", "ratio", 0.01),
    "memory bandwidth [mbytes/s]": ("mem.bandwidth", "MB/s", 1.0),
    "memory read bandwidth [mbytes/s]": ("mem.read_bandwidth", "MB/s", 1.0),
    "memory write bandwidth [mbytes/s]": ("mem.write_bandwidth", "MB/s", 1.0),
    "memory data volume [gbytes]": ("mem.data_volume", "GB", 1.0),
    "memory read data volume [gbytes]": ("mem.read_data_volume", "GB", 1.0),
    "memory write data volume [gbytes]": ("mem.write_data_volume", "GB", 1.0),
    "l2 bandwidth [mbytes/s]": ("l2.bandwidth", "MB/s", 1.0),
    "l2 data volume [gbytes]": ("l2.data_volume", "GB", 1.0),
    "l3 bandwidth [mbytes/s]": ("l3.bandwidth", "MB/s", 1.0),
    "l3 data volume [gbytes]": ("l3.data_volume", "GB", 1.0),
    "l2 request rate": ("l2.request_rate", "ratio", 1.0),
    "l2 miss rate": ("l2.miss_rate", "ratio", 1.0),
    "l2 miss ratio": ("l2.miss_ratio", "ratio", 1.0),
    "l3 miss ratio": ("l3.miss_ratio", "ratio", 1.0),
    "energy [j]": ("energy.pkg", "J", 1.0),
    "power [w]": ("power.pkg", "W", 1.0),
    "energy dram [j]": ("energy.dram", "J", 1.0),
    "power dram [w]": ("power.dram", "W", 1.0),
    "operational intensity": ("arith_intensity", "FLOP/B", 1.0),
    "operational intensity [flop/byte]": ("arith_intensity", "FLOP/B", 1.0),
    "call count": ("calls", "count", 1.0),
}
EVENTS: dict[str, str] = {
    "INSTR_RETIRED_ANY": "instructions",
    "CPU_CLK_UNHALTED_CORE": "cycles",
    "RETIRED_INSTRUCTIONS": "instructions",
    "CPU_CLOCKS_UNHALTED": "cycles",
    "ACTUAL_CPU_CLOCK": "cycles",
}
_STATS = {"sum": "sum", "min": "min", "max": "max", "avg": "avg", "mean": "avg"}
_RANKCOL = re.compile(r"^(?P<host>[^:]+):(?P<rank>\d+):(?P<cpu>\d+)$")
_REGION_TXT = re.compile(r"^Region (?P<r>.+?), Group (?P<g>\d+): (?P<grp>\S+)")
_GROUP_TXT = re.compile(r"^Group (?P<g>\d+): (?P<grp>[A-Z0-9_]+)\s*$")
_TABLE_CSV = re.compile(r"^TABLE,(?:Region (?P<r>[^,]+),)?Group (?P<g>\d+) (?P<kind>Raw|Metric)"
                        r"(?P<stat> STAT)?,(?P<grp>[^,]+)")


def _stat_name(col: str) -> str | None:
    c = col.strip().lower()
    if c in _STATS:
        return _STATS[c]
    m = re.match(r"^%ile (\d+)$", c)
    return f"p{m.group(1)}" if m else None


def canonical(name: str, is_event: bool) -> tuple[str, str, float]:
    """Canonical (name, unit, scale) of a likwid event or metric row label."""
    if is_event:
        return EVENTS.get(name, f"event.{name}"), "count", 1.0
    key = re.sub(r"\s+", " ", name.strip().lower())
    if key.endswith(" stat"):
        key = key[:-5]
    got = METRICS.get(key)
    if got:
        return got
    return f"event.likwid:{name.strip()}", "", 1.0


@dataclass
class _Table:
    kind: str  # "info", "event", "metric"
    columns: list[str]
    first_value: int  # index of the first value column in a row


@dataclass
class _St:
    path: Path
    metrics: list[Metric] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    meta: dict[str, str] = field(default_factory=dict)
    unparsed: Unparsed = field(default_factory=Unparsed)
    region: str = ""
    label: str = ""
    seen: dict[str, int] = field(default_factory=dict)
    table: _Table | None = None
    bench_runs: int = 0
    groups: list[str] = field(default_factory=list)

    def start_measurement(self, region: str, group: str) -> None:
        key = f"{region}\x00{group}"
        k = self.seen.get(key, 0) + 1
        self.seen[key] = k
        self.region = region
        if group and group not in self.groups:
            self.groups.append(group)
        base = region
        if k == 1:
            self.label = base
        else:
            self.label = f"{base} #{k}" if base else f"run {k}"

    def col_scope(self, col: str) -> tuple[Scope, str]:
        stat = _stat_name(col)
        if stat:
            if self.region:
                return Scope(ScopeKind.REGION, self.label), stat
            return (Scope(ScopeKind.RUN, self.label) if self.label else Scope()), stat
        r = _RANKCOL.match(col)
        if r:
            return Scope(ScopeKind.RANK, r["rank"], self.label), ""
        return Scope(ScopeKind.THREAD, col, self.label), ""


def _cells(line: str) -> list[str] | None:
    s = line.strip()
    if s.startswith("|") and s.endswith("|"):
        return [c.strip() for c in s[1:-1].split("|")]
    if "," in s:
        cells = [c.strip() for c in s.split(",")]
        while cells and not cells[-1]:
            cells.pop()
        return cells
    return None


def _header(cells: list[str]) -> _Table | None:
    if len(cells) < 2:
        return None
    first = cells[0]
    if first == "Region Info":
        return _Table("info", [c for c in cells[1:] if c], 1)
    if first in ("Event", "Event STAT") and len(cells) >= 3 and cells[1] == "Counter":
        return _Table("event", [c for c in cells[2:] if c], 2)
    if first in ("Metric", "Metric STAT"):
        return _Table("metric", [c for c in cells[1:] if c], 1)
    return None


def _row(st: _St, no: int, cells: list[str]) -> bool:
    t = st.table
    assert t is not None
    vals = cells[t.first_value:]
    if not cells or not cells[0] or not vals:
        return False
    nums = [parse_number(v) if v not in ("-", "nan", "") else None for v in vals]
    if all(n is None for n in nums) and any(v not in ("-", "nan", "") for v in vals):
        return False
    label = cells[0]
    if t.kind == "info":
        if not label.lower().startswith("call count"):
            return True  # the region's RDTSC runtime repeats the Metric table's Runtime
        name, unit, scale = canonical(label, False)
    else:
        name, unit, scale = canonical(label[:-5] if label.endswith(" STAT") else label,
                                      t.kind == "event")
    for col, v in zip(t.columns, nums, strict=False):
        if v is None:
            continue
        scope, stat = st.col_scope(col)
        st.metrics.append(Metric(name=name, value=v * scale, unit=unit, scope=scope,
                                 source=SourceRef(str(st.path), no), raw_name=label, stat=stat))
    return True


@register_adapter
class LikwidPerfctrAdapter(Adapter):
    """``likwid-perfctr`` / ``likwid-mpirun`` text and CSV output (see module docstring)."""

    name = "likwid-perfctr"
    family = "hardware_counters"
    description = "likwid-perfctr tables and -O CSV, marker regions, STAT, likwid-mpirun"

    def sniff(self, head: str, path: Path) -> float:
        if re.search(r"^TABLE,(Region [^,]+,)?Group \d+ (Raw|Metric)", head, re.M):
            return 0.95
        if re.search(r"^\|\s+(Event|Metric|Region Info)\s+\|", head, re.M):
            return 0.95
        if "likwid" in head.lower() and re.search(r"^(Region .+, )?Group \d+:", head, re.M):
            return 0.6
        return 0.0

    def parse(self, path: Path) -> Profile:
        st = _St(path=path)
        for no, line in iter_lines(path):
            s = line.strip()
            if not s or set(s) <= set("-+=# ") or s.startswith("#####"):
                continue
            cells = _cells(line)
            if cells is not None:
                h = _header(cells)
                if h:
                    st.table = h
                    continue
                if st.table is not None and _row(st, no, cells):
                    continue
                st.table = None
            tc = _TABLE_CSV.match(s)
            if tc:
                if tc["kind"] == "Raw" and not tc["stat"]:
                    st.start_measurement((tc["r"] or "").strip("<>"), tc["grp"])
                continue
            rt = _REGION_TXT.match(s)
            if rt:
                st.start_measurement(rt["r"].strip().strip("<>"), rt["grp"])
                continue
            gt = _GROUP_TXT.match(s)
            if gt:
                st.start_measurement("", gt["grp"])
                continue
            if s.startswith(("CPU name:", "CPU type:", "CPU clock:")):
                key, _, val = s.partition(":")
                st.meta.setdefault(key.lower().replace(" ", "_"), val.strip(" \t,"))
                continue
            if s.startswith("STRUCT,"):
                continue
            if s.startswith("Cycles:"):
                st.bench_runs += 1
            bm = bench_metric(s, path, no, max(st.bench_runs, 1))
            if bm:
                st.metrics.append(bm)
                continue
            if s.startswith(("INFO:", "WARN:", "WARNING:", "ERROR:")):
                if len(st.notes) < 20:
                    st.notes.append(f"line {no}: {s}")
                continue
            st.unparsed.add(no)
        if not st.metrics:
            raise ParseError(str(path), None, "likwid-perfctr Event/Metric tables",
                             hint="give the output of likwid-perfctr (text or -O CSV)")
        if st.groups:
            st.meta["groups"] = ",".join(st.groups)
        return Profile(format=self.name, path=str(path), metrics=tuple(st.metrics), meta=st.meta,
                       unparsed_lines=st.unparsed.count, unparsed_examples=st.unparsed.examples,
                       notes=tuple(st.notes))
