"""mpiP reports, standalone or embedded in other text (user guides, job logs).

Only the report is read: the ``@`` header lines and the ``@--- Section ---`` tables (MPI time
per task, call sites, aggregate time and message sizes, per-callsite statistics). Prose around
the report is counted in ``meta['outside_lines']``; a line inside a table that fits no row is
counted as unparsed.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from perfscout.ingest.base import Adapter
from perfscout.ingest.lineread import Unparsed, first_match
from perfscout.ingest.registry import register_adapter
from perfscout.ingest.textutil import iter_lines
from perfscout.model.errors import ParseError
from perfscout.model.metrics import Hotspot, Metric, Profile, Scope, ScopeKind, SourceRef

_F = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"
_SECTION = re.compile(r"^@---\s+(.*?)\s*-{3,}\s*$")
_HEADER = re.compile(r"^@\s+(.*?)\s*:\s*(.*)$")
_TASK = re.compile(rf"^\s*(\d+|\*)\s+({_F})\s+({_F})\s+({_F})\s*$")
_SITE = re.compile(r"^\s*(\d+)\s+(\d+)\s+(\S+)\s+(\d+|\S+)\s+(\S+)(?:\s+(\S+))?\s*$")
_AGG_TIME = re.compile(rf"^(\w+)\s+(\d+)\s+({_F})\s+({_F})\s+({_F})(?:\s+(\d+))?\s+({_F})\s*$")
_AGG_SENT = re.compile(rf"^(\w+)\s+(\d+)\s+({_F})\s+({_F})\s+({_F})\s+({_F})\s*$")
_HIST = re.compile(rf"^(\w+)\s+({_F})\s+\d+\s+-\s+\d+\s+\d+\s+-\s+\d+\s*$")
_CS_TIME = re.compile(
    rf"^(\w+)\s+(\d+)\s+(\d+|\*)\s+(\d+)\s+({_F})\s+({_F})\s+({_F})\s+({_F})\s+({_F})\s*$")
_CS_BYTES = re.compile(
    rf"^(\w+)\s+(\d+)\s+(\d+|\*)\s+(\d+)\s+({_F})\s+({_F})\s+({_F})\s+({_F})\s*$")
_TABLE_HEADS = ("Task ", "ID ", "Call ", "Name ")


@dataclass
class _Site:
    call: str = ""
    file: str = ""
    line: int | None = None
    stack: list[str] = field(default_factory=list)


def _kind(title: str) -> str:
    t = title.lower()
    for key, kind in (("mpi time", "task"), ("callsites", "sites"),
                      ("aggregate time", "agg_time"), ("aggregate sent", "agg_sent"),
                      ("aggregate collective", "hist"), ("point-to-point", "hist"),
                      ("callsite time", "cs_time"), ("message sent", "cs_sent"),
                      ("i/o statistics", "cs_io"), ("rma", "cs_sent")):
        if key in t:
            return kind
    return "unknown"


Agg = list[tuple[str, int, float, float, float, int | None, int]]
Emit = Callable[[str, float, str, Scope, int, str], None]


@dataclass
class _Row:
    """Where one table row of the report goes."""

    section: str
    n: int
    emit: Emit
    sites: dict[int, _Site]
    agg: Agg


def _task(r: re.Match[str], w: _Row) -> None:
    task = r.group(1)
    app, mpi, pct = float(r.group(2)), float(r.group(3)), float(r.group(4))
    scope = Scope(ScopeKind.PROCESS, "all") if task == "*" else Scope(ScopeKind.RANK, task)
    w.emit("app.time", app, "s", scope, w.n, "AppTime")
    w.emit("mpi.time", mpi, "s", scope, w.n, "MPITime")
    w.emit("mpi.time_share", pct / 100.0, "ratio", scope, w.n, "MPI%")


def _site(r: re.Match[str], w: _Row) -> None:
    sid, lev = int(r.group(1)), int(r.group(2))
    site = w.sites.setdefault(sid, _Site())
    if lev == 0:
        site.file = r.group(3)
        site.line = int(r.group(4)) if r.group(4).isdigit() else None
        site.call = r.group(6) or ""
    site.stack.append(r.group(5))


def _agg_time(r: re.Match[str], w: _Row) -> None:
    call, site_id = r.group(1), int(r.group(2))
    t, app_pct, mpi_pct = float(r.group(3)), float(r.group(4)), float(r.group(5))
    count = int(r.group(6)) if r.group(6) else None
    scope = Scope(ScopeKind.CALLSITE, f"MPI_{call}@{site_id}")
    w.emit("mpi.call_time", t, "ms", scope, w.n, "Time")
    w.emit("mpi.call_share", mpi_pct / 100.0, "ratio", scope, w.n, "MPI%")
    if count is not None:
        w.emit("mpi.msg_count", float(count), "count", scope, w.n, "Count")
    w.agg.append((call, site_id, t, app_pct, mpi_pct, count, w.n))


def _agg_sent(r: re.Match[str], w: _Row) -> None:
    scope = Scope(ScopeKind.CALLSITE, f"MPI_{r.group(1)}@{r.group(2)}")
    w.emit("mpi.msg_count", float(r.group(3)), "count", scope, w.n, "Count")
    w.emit("mpi.bytes_sent", float(r.group(4)), "B", scope, w.n, "Total")
    w.emit("mpi.msg_size_mean", float(r.group(5)), "B", scope, w.n, "Avrg")


def _hist(r: re.Match[str], w: _Row) -> None:
    return None  # histogram rows are read and not kept


def _cs_scope(r: re.Match[str]) -> Scope:
    """The call site of a per-rank callsite row (call, site id, rank or ``*``)."""
    rank = r.group(3)
    return Scope(ScopeKind.CALLSITE, f"MPI_{r.group(1)}@{r.group(2)}",
                 parent="" if rank == "*" else f"rank {rank}")


def _cs_time(r: re.Match[str], w: _Row) -> None:
    scope = _cs_scope(r)
    w.emit("mpi.call_time", int(r.group(4)) * float(r.group(6)), "ms", scope, w.n,
           "Count*Mean")
    w.emit("mpi.call_share", float(r.group(9)) / 100.0, "ratio", scope, w.n, "MPI%")


def _cs_bytes(r: re.Match[str], w: _Row) -> None:
    scope = _cs_scope(r)
    if w.section == "cs_sent":
        w.emit("mpi.msg_count", float(r.group(4)), "count", scope, w.n, "Count")
        w.emit("mpi.msg_size_mean", float(r.group(6)), "B", scope, w.n, "Mean")
        w.emit("mpi.bytes_sent", float(r.group(8)), "B", scope, w.n, "Sum")
    else:
        name = "io.write_bytes" if "write" in r.group(1).lower() else "io.read_bytes"
        w.emit(name, float(r.group(8)), "B", scope, w.n, "Sum")


RowHandler = Callable[[re.Match[str], _Row], None]
# each section's row pattern and what it records (the runtime-line reader's table shape)
ROWS: dict[str, tuple[tuple[re.Pattern[str], RowHandler], ...]] = {
    "task": ((_TASK, _task),), "sites": ((_SITE, _site),), "agg_time": ((_AGG_TIME, _agg_time),),
    "agg_sent": ((_AGG_SENT, _agg_sent),), "hist": ((_HIST, _hist),),
    "cs_time": ((_CS_TIME, _cs_time),), "cs_sent": ((_CS_BYTES, _cs_bytes),),
    "cs_io": ((_CS_BYTES, _cs_bytes),),
}


def _row(w: _Row, s: str) -> bool:
    """Record one table row of section ``w.section``; False when it fits no row pattern."""
    hit = first_match(s, ROWS.get(w.section, ()))
    if hit is None:
        return False
    handler, r = hit
    handler(r, w)
    return True


@register_adapter
class MpipAdapter(Adapter):
    name = "mpip"
    family = "instrumentation"
    description = "mpiP report (also embedded in other text)"

    def sniff(self, head: str, path: Path) -> float:
        if "@--- MPI Time" in head or ("@ mpiP" in head and "@---" in head):
            return 0.95
        if "@ mpiP" in head:
            return 0.6
        return 0.0

    def parse(self, path: Path) -> Profile:
        src = str(path)
        bad = Unparsed()
        meta: dict[str, str] = {}
        metrics: list[Metric] = []
        sites: dict[int, _Site] = {}
        agg: list[tuple[str, int, float, float, float, int | None, int]] = []
        section = ""
        rows_in = 0
        outside = 0
        saw_report = False

        def m(name: str, value: float, unit: str, scope: Scope, n: int, raw: str) -> None:
            metrics.append(Metric(name, value, unit, scope, SourceRef(src, n), raw_name=raw))

        for n, line in iter_lines(path):
            s = line.strip()
            sec = _SECTION.match(s)
            if sec:
                section, rows_in, saw_report = _kind(sec.group(1)), 0, True
                if section == "unknown":
                    bad.add(n)
                continue
            if not section:
                h = _HEADER.match(s)
                if h and (saw_report or s.startswith("@ mpiP") or "mpiP" in h.group(1)
                          or h.group(1) in ("Command", "Version")):
                    saw_report = True
                    key, val = h.group(1), h.group(2)
                    if key == "MPI Task Assignment":
                        meta["tasks"] = str(int(meta.get("tasks", "0")) + 1)
                    else:
                        meta[key] = val
                    continue
                if s == "@ mpiP":
                    saw_report = True
                    continue
                outside += 1
                continue
            if s.startswith("-----"):
                continue
            if not s or s.startswith("```"):
                if rows_in:
                    section = ""
                continue
            if rows_in == 0 and s.startswith(_TABLE_HEADS):
                rows_in = 0
                continue
            ok = _row(_Row(section, n, m, sites, agg), s)
            if ok:
                rows_in += 1
            elif rows_in:
                section = ""  # prose after the table: the section ended
                outside += 1
            else:
                bad.add(n)
        if not saw_report:
            raise ParseError(src, None, "an mpiP report ('@ mpiP' header or '@--- MPI Time')")
        if not any(x.name == "app.time" for x in metrics):
            raise ParseError(src, None, "an '@--- MPI Time (seconds)' table with task rows")
        hotspots = self._hotspots(src, agg, sites)
        meta["outside_lines"] = str(outside)
        meta["callsites"] = str(len(sites))
        return Profile(format=self.name, path=src, metrics=tuple(metrics),
                       hotspots=tuple(hotspots), meta=meta, **bad.as_fields())  # type: ignore[arg-type]

    @staticmethod
    def _hotspots(src: str, agg: list[tuple[str, int, float, float, float, int | None, int]],
                  sites: dict[int, _Site]) -> list[Hotspot]:
        out = []
        for call, sid, t, app_pct, _mpi_pct, count, n in sorted(agg, key=lambda a: -a[2]):
            site = sites.get(sid)
            path = (*reversed(site.stack), f"MPI_{call}") if site else (f"MPI_{call}",)
            loc = SourceRef(site.file, site.line) if site and site.file else None
            out.append(Hotspot(name=f"MPI_{call}@{sid}", self_share=app_pct / 100.0,
                               inclusive_share=app_pct / 100.0, self_value=t,
                               inclusive_value=t, unit="ms", callpath=path, location=loc,
                               calls=count, source=SourceRef(src, n), module="MPI"))
        return out
