"""Score-P outputs: ``scorep-score`` tables and ``otf2-print`` METRIC dumps.

``scorep-score`` (standalone, or embedded in documentation or a job log like mpiP reports): the
``Estimated ...`` trace-size lines, then a table ``flt type <columns> region``. Both column sets
are read (``max_buf[B] visits time[s] time[%] time/visit[us]`` and the older ``max_tbc time %``),
as are the ``-r`` region listing and the ``-f`` filter flags (``+`` filtered, ``-`` not,
``*`` affected). Each region becomes a hotspot with its time, printed share, visits and region
type (``Hotspot.group``: MPI/OMP/USR/COM/...). The group rows give ``app.time`` (ALL) and
``mpi.time`` (MPI), so ``ingest/derive.py`` computes the MPI fraction. One file may hold several
scorings; with more than one, each is scope ``RUN`` named ``score N``.

``otf2-print``: METRIC_MEMBER / METRIC_CLASS definitions name the values of METRIC events; each
event is an ``INTERVAL`` value (timestamp) under its location, and every location (rank) gets
its last value. Without definitions in the same file a value is named ``metric<id>``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from perfscout.ingest.base import Adapter
from perfscout.ingest.lineread import Unparsed
from perfscout.ingest.registry import register_adapter
from perfscout.ingest.textutil import iter_lines
from perfscout.model.errors import ParseError
from perfscout.model.metrics import Hotspot, Metric, Profile, Scope, ScopeKind, SourceRef

_NUM = r"\d[\d,]*(?:\.\d+)?"
_HEADER = re.compile(r"^\s*flt\s+type\s+(.*?)\s+region\s*$")
_ESTIMATE = re.compile(
    r"^\s*Estimated (aggregate size of event trace|requirements for largest trace buffer|"
    r"memory requirements)[^:]*:\s*(.*?)\s*$")
_SIZE = re.compile(r"^(\d+(?:\.\d+)?)\s*(bytes|[kMGTP]?B)$")
_COMMAND = re.compile(r"^\s*%?\s*(scorep-score\b.*?)\s*$")
_UNITS = {"bytes": 1, "B": 1, "kB": 1024, "MB": 1024**2, "GB": 1024**3, "TB": 1024**4,
          "PB": 1024**5}
_ESTIMATE_NAMES = {"aggregate size of event trace": "trace.total_bytes",
                   "requirements for largest trace buffer": "trace.max_buffer_bytes",
                   "memory requirements": "trace.total_memory"}
# scorep-score column -> (canonical name, unit, factor to that unit)
_COLUMNS: dict[str, tuple[str, str, float]] = {
    "max_buf[B]": ("trace.buffer_bytes", "B", 1.0),
    "max_tbc": ("trace.buffer_bytes", "B", 1.0),
    "visits": ("calls", "count", 1.0),
    "time[s]": ("region.time", "s", 1.0),
    "time": ("region.time", "s", 1.0),
    "time[%]": ("region.time_share", "ratio", 0.01),
    "%": ("region.time_share", "ratio", 0.01),
    "time/visit[us]": ("region.time_per_visit", "s", 1e-6),
}


def _number(text: str) -> float:
    return float(text.replace(",", ""))


def _size(text: str) -> float | None:
    m = _SIZE.match(text.strip())
    return float(m.group(1)) * _UNITS[m.group(2)] if m else None


@dataclass
class _Row:
    flag: str
    type: str
    values: dict[str, float]
    region: str
    line: int


@dataclass
class _Score:
    """One scorep-score output: its estimate lines and its table (either may be missing)."""

    command: str = ""
    estimates: list[tuple[str, float, int, str]] = field(default_factory=list)
    columns: list[str] = field(default_factory=list)
    rows: list[_Row] = field(default_factory=list)

    def is_group(self, r: _Row) -> bool:
        return r.type == "FLT" or r.region in (r.type, f"{r.type}-FLT")


@register_adapter
class ScorepScoreAdapter(Adapter):
    name = "scorep-score"
    family = "instrumentation"
    description = "scorep-score trace-size estimate and region table (also inside other text)"

    def sniff(self, head: str, path: Path) -> float:
        if re.search(r"^\s*flt\s+type\s+max_(?:buf|tbc)", head, re.MULTILINE):
            return 0.95
        if "Estimated aggregate size of event trace" in head:
            return 0.9
        return 0.0

    def parse(self, path: Path) -> Profile:
        scores, outside, bad = self._read(path)
        if not scores:
            raise ParseError(str(path), None, "a scorep-score table ('flt type ... region') or "
                             "an 'Estimated aggregate size of event trace' line")
        src = str(path)
        metrics: list[Metric] = []
        hotspots: list[Hotspot] = []
        notes: list[str] = []
        meta: dict[str, str] = {"scores": str(len(scores)), "outside_lines": str(outside)}
        filtered: list[str] = []
        for i, sc in enumerate(scores, 1):
            label = f"score {i}" if len(scores) > 1 else ""
            block = Scope(ScopeKind.RUN, label) if label else Scope()
            if sc.command:
                meta[f"command {i}" if label else "command"] = sc.command
            for name, value, n, raw in sc.estimates:
                metrics.append(Metric(name, value, "B", block, SourceRef(src, n), raw_name=raw))
            seen: dict[str, int] = {}
            regions: list[Hotspot] = []
            for r in sc.rows:
                k = seen[r.region] = seen.get(r.region, 0) + 1
                rname = r.region if k == 1 else f"{r.region} #{k}"
                scope = Scope(ScopeKind.REGION, rname, label)
                ref = SourceRef(src, r.line)
                for col, v in r.values.items():
                    cname, unit, factor = _COLUMNS.get(col, (f"event.scorep:{col}", "", 1.0))
                    metrics.append(Metric(cname, v * factor, unit, scope, ref,
                                          raw_name=f"{col} ({r.type})"))
                if r.flag == "+":
                    filtered.append(rname)
                group = sc.is_group(r)
                if group and r.flag != "*" and r.region in ("ALL", "MPI"):
                    t = r.values.get("time[s]", r.values.get("time"))
                    if t is not None:
                        metrics.append(Metric("app.time" if r.region == "ALL" else "mpi.time",
                                              t, "s", block, ref, raw_name=f"time ({r.region})"))
                if not group:
                    regions.append(self._hotspot(r, rname, ref))
            if regions and not hotspots:
                hotspots = regions
                meta["hotspots_from"] = label or "score"
                total = sum(h.self_share or 0.0 for h in regions)
                if total > 1.05:
                    notes.append(f"time[%] of the regions in {label or 'the table'} sums to "
                                 f"{100 * total:.1f}%: shares are as scorep-score printed them")
        if not hotspots:  # group table only: the groups are the hotspots (ALL left out)
            for sc in scores:
                groups = [self._hotspot(r, r.region, SourceRef(src, r.line)) for r in sc.rows
                          if sc.is_group(r) and r.type == r.region and r.region != "ALL"]
                if groups:
                    hotspots = groups
                    notes.append("no per-region rows (scorep-score -r): the hotspots are the "
                                 "region groups")
                    break
        if filtered:
            meta["filtered"] = ",".join(filtered)
        hotspots.sort(key=lambda h: -(h.self_value or 0.0))
        return Profile(self.name, src, tuple(metrics), tuple(hotspots), meta=meta,
                       notes=tuple(notes), **bad.as_fields())  # type: ignore[arg-type]

    @staticmethod
    def _hotspot(r: _Row, name: str, ref: SourceRef) -> Hotspot:
        t = r.values.get("time[s]", r.values.get("time"))
        share = r.values.get("time[%]", r.values.get("%"))
        visits = r.values.get("visits")
        return Hotspot(name, self_share=None if share is None else share / 100, self_value=t,
                       unit="s", calls=None if visits is None else int(visits), source=ref,
                       kind="region", group=r.type)

    def _read(self, path: Path) -> tuple[list[_Score], int, Unparsed]:
        bad = Unparsed()
        scores: list[_Score] = []
        cur: _Score | None = None
        row_re: re.Pattern[str] | None = None
        pending_estimate = ""  # "(total_tbc):" layout puts the value on the next line
        command = ""
        in_hint = False
        outside = 0
        for n, line in iter_lines(path):
            s = line.strip()
            if row_re is not None and cur is not None:
                if not s:
                    continue
                m = row_re.match(line)
                if m:
                    vals = dict(zip(cur.columns, (_number(x) for x in m.groups()[2:-1]),
                                    strict=True))
                    cur.rows.append(_Row(m.group(1) or "", m.group(2), vals,
                                         m.groups()[-1].strip(), n))
                    continue
                if re.match(r"^\s*[-+*]?\s*[A-Z]+(?:-FLT)?\s+\d", line):
                    bad.add(n)  # a table row with the wrong number of values
                    continue
                row_re, cur = None, None  # the table ended
            if pending_estimate:
                v = _size(s)
                name, pending_estimate = pending_estimate, ""
                if v is not None and scores:
                    scores[-1].estimates.append((name, v, n, s))
                    continue
                bad.add(n)
            est = _ESTIMATE.match(line)
            if est:
                name = _ESTIMATE_NAMES[est.group(1)]
                if name == "trace.total_bytes" or not scores or scores[-1].columns:
                    scores.append(_Score(command=command))
                    command = ""
                if not est.group(2):
                    pending_estimate = name
                    continue
                v = _size(est.group(2))
                if v is None:
                    bad.add(n)
                else:
                    scores[-1].estimates.append((name, v, n, est.group(2)))
                continue
            if s.startswith("(hint:"):
                in_hint = not s.endswith(")")
                continue
            if in_hint:
                in_hint = not s.endswith(")")
                continue
            head = _HEADER.match(line)
            if head:
                cols = head.group(1).split()
                if not scores or scores[-1].columns or command:
                    scores.append(_Score(command=command))
                    command = ""
                cur = scores[-1]
                cur.columns = cols
                nums = r"\s+".join(f"({_NUM})" for _ in cols)
                row_re = re.compile(rf"^\s*([-+*])?\s*([A-Z][A-Z0-9_]*)\s+{nums}\s+(\S.*)$")
                continue
            cmd = _COMMAND.match(line)
            if cmd:
                command = cmd.group(1)
                continue
            outside += 1
        return scores, outside, bad


# ---------------------------------------------------------------- otf2-print METRIC events

_MEMBER = re.compile(r'^METRIC_MEMBER\s+(\d+)\s+Name:\s*"([^"]*)"')
_MODE = re.compile(r"\bMode:\s*(\w+)")
_UNIT = re.compile(r'\bUnit:\s*"([^"]*)"')
_CLASS = re.compile(r"^METRIC_CLASS\s+(\d+)\s+.*?\d+\s+Members?:\s*(.*)$")
_EVENT = re.compile(r"^METRIC\s+(\d+)\s+(\d+)\s+metric ID:\s*(\d+),\s*number of metrics:\s*"
                    r"(\d+),\s*values:\s*(.*?)\s*$")
_PAPI = {"PAPI_TOT_INS": "instructions", "PAPI_TOT_CYC": "cycles",
         "PAPI_L1_DCM": "l1d.load_misses", "PAPI_BR_MSP": "branch_misses",
         "PAPI_BR_INS": "branches", "PAPI_L2_TCM": "l2.misses"}


@register_adapter
class Otf2PrintAdapter(Adapter):
    name = "otf2-print"
    family = "instrumentation"
    description = "otf2-print METRIC definitions and METRIC events (Score-P traces)"

    def sniff(self, head: str, path: Path) -> float:
        if re.search(r"^METRIC\s+\d+\s+\d+\s+metric ID:", head, re.MULTILINE):
            return 0.9
        if re.search(r'^METRIC_MEMBER\s+\d+\s+Name:\s*"', head, re.MULTILINE):
            return 0.9
        return 0.0

    def parse(self, path: Path) -> Profile:
        src = str(path)
        bad = Unparsed()
        members: dict[int, tuple[str, str, str]] = {}  # id -> (name, mode, unit)
        classes: dict[int, list[int]] = {}
        events: list[tuple[int, int, int, list[float]]] = []  # line, location, time, values
        ids: list[int] = []
        for n, line in iter_lines(path):
            if not line.strip():
                continue
            mm = _MEMBER.match(line)
            if mm:
                mo, un = _MODE.search(line), _UNIT.search(line)
                members[int(mm.group(1))] = (mm.group(2), mo.group(1) if mo else "",
                                             un.group(1) if un else "")
                continue
            cm = _CLASS.match(line)
            if cm:
                classes[int(cm.group(1))] = [int(x) for x in re.findall(r"<(\d+)>", cm.group(2))]
                continue
            em = _EVENT.match(line)
            if em:
                try:
                    vals = [float(v) for v in em.group(5).split(",") if v.strip()]
                except ValueError:
                    bad.add(n)
                    continue
                if len(vals) != int(em.group(4)):
                    bad.add(n)
                    continue
                events.append((n, int(em.group(1)), int(em.group(2)), vals))
                ids.append(int(em.group(3)))
                continue
            bad.add(n)
        if not events and not members:
            raise ParseError(src, None, "otf2-print METRIC events ('METRIC <location> <time> "
                             "metric ID: ...') or METRIC_MEMBER definitions")
        notes: list[str] = []
        if events and not members:
            notes.append("no METRIC_MEMBER definitions in this file: values are named "
                         "'metric<id>'; print the definitions into the same file for names")
        metrics: list[Metric] = []
        last: dict[tuple[int, str], Metric] = {}
        for (n, loc, ts, vals), mid in zip(events, ids, strict=True):
            names = [members.get(k, (f"metric{k}", "", ""))
                     for k in classes.get(mid, [])] or [(f"metric{mid}", "", "")]
            for j, v in enumerate(vals):
                raw, _mode, unit = names[j] if j < len(names) else (f"metric{mid}.{j}", "", "")
                cname = _PAPI.get(raw, f"event.otf2:{raw}")
                m = Metric(cname, v, "count" if unit == "#" else unit,
                           Scope(ScopeKind.INTERVAL, str(ts), f"location {loc}"),
                           SourceRef(src, n), raw_name=raw)
                metrics.append(m)
                last[(loc, raw)] = m
        for (loc, raw), m in sorted(last.items()):
            metrics.append(Metric(m.name, m.value, m.unit, Scope(ScopeKind.RANK, str(loc)),
                                  m.source, raw_name=f"{raw} (last value)"))
        meta = {"metric_events": str(len(events)),
                "locations": ",".join(str(x) for x in sorted({e[1] for e in events})),
                "metrics": ",".join(f"{k}={v[0]}" for k, v in sorted(members.items()))}
        for k, (_name, mode, _unit) in sorted(members.items()):
            if mode:
                meta[f"mode {k}"] = mode
        return Profile(self.name, src, tuple(metrics), meta=meta, notes=tuple(notes),
                       **bad.as_fields())  # type: ignore[arg-type]
