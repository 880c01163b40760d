"""``perf stat`` output: default text, ``-x`` CSV, ``-r N``, ``-I`` intervals, appended runs.

Counter lines become metrics with canonical names (unmapped events as ``event.<name>``); the
``# ...`` comments perf prints after a counter become their own metrics (IPC, GHz, miss ratios,
top-down shares); ``( +- x% )`` goes to ``variance_pct`` and ``(49.65%)`` to ``enabled_pct``.
``<not supported>`` / ``<not counted>`` are notes, never zero values. Hybrid PMUs
(``cpu_core/cycles/``) get a CORE scope, ``-I`` rows an INTERVAL scope, and a file holding
several ``Performance counter stats`` blocks one RUN scope per block.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field
from pathlib import Path

from perfscout.ingest.base import Adapter
from perfscout.ingest.registry import register_adapter
from perfscout.ingest.textutil import Unparsed, detect_decimal, iter_lines, parse_number
from perfscout.model.errors import ParseError
from perfscout.model.metrics import Metric, Profile, Scope, ScopeKind, SourceRef

EVENTS: dict[str, tuple[str, str]] = {
    "task-clock": ("time.task_clock", "ms"),
    "cpu-clock": ("time.cpu_clock", "ms"),
    "cycles": ("cycles", "count"),
    "cpu-cycles": ("cycles", "count"),
    "instructions": ("instructions", "count"),
    "branches": ("branches", "count"),
    "branch-instructions": ("branches", "count"),
    "branch-misses": ("branch_misses", "count"),
    "cache-references": ("cache.references", "count"),
    "cache-misses": ("cache.misses", "count"),
    "l1-dcache-loads": ("l1d.loads", "count"),
    "l1-dcache-load-misses": ("l1d.load_misses", "count"),
    "l1-dcache-stores": ("l1d.stores", "count"),
    "llc-loads": ("llc.loads", "count"),
    "llc-load-misses": ("llc.load_misses", "count"),
    "dtlb-loads": ("dtlb.loads", "count"),
    "dtlb-load-misses": ("dtlb.load_misses", "count"),
    "dtlb-store-misses": ("dtlb.store_misses", "count"),
    "page-faults": ("page_faults", "count"),
    "faults": ("page_faults", "count"),
    "major-faults": ("page_faults.major", "count"),
    "minor-faults": ("page_faults.minor", "count"),
    "context-switches": ("context_switches", "count"),
    "cs": ("context_switches", "count"),
    "cpu-migrations": ("cpu_migrations", "count"),
    "migrations": ("cpu_migrations", "count"),
    "stalled-cycles-frontend": ("stalled_cycles.frontend", "count"),
    "stalled-cycles-backend": ("stalled_cycles.backend", "count"),
    "slots": ("topdown.slots", "count"),
}

# comment text (lower case, after the number) -> (canonical, scale to canonical unit, unit)
COMMENTS: tuple[tuple[str, str, float, str], ...] = (
    ("insn per cycle", "ipc", 1.0, "ratio"),
    ("cpus utilized", "cpu.utilized", 1.0, "cpus"),
    ("ghz", "clock.ghz", 1.0, "GHz"),
    ("of all branches", "branch_miss_ratio", 0.01, "ratio"),
    ("of all cache refs", "cache.miss_ratio", 0.01, "ratio"),
    ("of all l1-dcache accesses", "l1d.miss_ratio", 0.01, "ratio"),
    ("of all l1-dcache hits", "l1d.miss_ratio", 0.01, "ratio"),
    ("of all ll-cache accesses", "llc.miss_ratio", 0.01, "ratio"),
    ("of all ll-cache hits", "llc.miss_ratio", 0.01, "ratio"),
    ("of all dtlb cache accesses", "dtlb.miss_ratio", 0.01, "ratio"),
    ("of all dtlb cache hits", "dtlb.miss_ratio", 0.01, "ratio"),
    ("frontend cycles idle", "stalled_cycles.frontend_share", 0.01, "ratio"),
    ("backend cycles idle", "stalled_cycles.backend_share", 0.01, "ratio"),
    ("stalled cycles per insn", "stalled_cycles.per_insn", 1.0, "ratio"),
    ("retiring", "topdown.retiring", 0.01, "ratio"),
    ("bad speculation", "topdown.bad_speculation", 0.01, "ratio"),
    ("frontend bound", "topdown.frontend_bound", 0.01, "ratio"),
    ("backend bound", "topdown.backend_bound", 0.01, "ratio"),
    ("memory bound", "topdown.memory_bound", 0.01, "ratio"),
    ("core bound", "topdown.core_bound", 0.01, "ratio"),
    ("heavy operations", "topdown.heavy_operations", 0.01, "ratio"),
    ("light operations", "topdown.light_operations", 0.01, "ratio"),
    ("branch mispredict", "topdown.branch_mispredicts", 0.01, "ratio"),
    ("machine clears", "topdown.machine_clears", 0.01, "ratio"),
    ("fetch latency", "topdown.fetch_latency", 0.01, "ratio"),
    ("fetch bandwidth", "topdown.fetch_bandwidth", 0.01, "ratio"),
)
_RATE = re.compile(r"^[kmgt]?/sec$")

_HEADER = re.compile(r"Performance counter stats for (?:'(?P<cmd>.*)'|(?P<what>.*?))"
                     r"(?: \((?P<runs>\d+) runs\))?:\s*$")
_VAR = re.compile(r"\(\s*\+-\s*([\d.,]+)\s*%\s*\)")
_ENABLED = re.compile(r"\(\s*([\d.,]+)\s*%\s*\)")
_VALUE = r"(?P<val><not supported>|<not counted>|[\d][\d.,]*)"
_COUNTER = re.compile(
    r"^\s*(?:(?P<ts>\d+[.,]\d+)\s+)?" + _VALUE + r"\s+(?:(?P<unit>msec|ms|seconds|s|ns|us)\s+)?"
    r"(?P<event>[A-Za-z_][^\s#]*)(?P<rest>.*)$")
_TIME = re.compile(r"^\s*(?P<v>[\d.,]+)(?:\s*\+-\s*[\d.,]+)?\s+seconds\s+"
                   r"(?P<kind>time elapsed|user|sys)(?P<rest>.*)$")
_COMMENT_VAL = re.compile(r"^\s*(?P<v>[\d.,]+)\s*(?P<txt>.*?)\s*$")
_PMU = re.compile(r"^(?P<pmu>[A-Za-z_]\w*)/(?P<ev>[^/]+)/(?P<mod>\w*)$")
_CSV_SEPS = (",", ";", "\t", "|")


def split_event(raw: str) -> tuple[str, str, str]:
    """``cpu_core/cycles/u`` -> (pmu, event, modifier); ``cycles:u`` -> ("", "cycles", "u")."""
    m = _PMU.match(raw)
    if m:
        return m["pmu"], m["ev"], m["mod"]
    ev, _, mod = raw.partition(":")
    return "", ev, mod


def canonical_event(event: str) -> tuple[str, str]:
    """Canonical name and unit of a perf event name (``event.<name>`` when unmapped)."""
    key = event.lower()
    if key in EVENTS:
        return EVENTS[key]
    if key.startswith("topdown-"):
        return f"event.{key}", "count"
    return f"event.{event}", "count"


def comment_metric(text: str, decimal: str) -> tuple[str, float, str] | None:
    """A perf ``#`` comment like ``1.31  insn per cycle`` -> (canonical, value, unit)."""
    m = _COMMENT_VAL.match(text)
    if not m:
        return None
    value = parse_number(m["v"], decimal)
    txt = m["txt"].lower().lstrip("%").strip()
    if value is None or not txt or _RATE.match(txt):
        return None
    for key, name, scale, unit in COMMENTS:
        if txt == key:
            return name, value * scale, unit
    return None


@dataclass
class _State:
    path: Path
    decimal: str
    metrics: list[Metric] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    meta: dict[str, str] = field(default_factory=dict)
    unparsed: Unparsed = field(default_factory=Unparsed)
    run: int = 0
    last_scope: Scope = field(default_factory=Scope)
    interval_mode: bool = False

    def src(self, line: int) -> SourceRef:
        return SourceRef(str(self.path), line)

    def scope(self, pmu: str, ts: str | None) -> Scope:
        parent = f"run {self.run}" if self.run else ""
        if ts is not None:
            base = Scope(ScopeKind.INTERVAL, ts, parent)
            return Scope(ScopeKind.CORE, pmu, ts) if pmu else base
        if pmu:
            return Scope(ScopeKind.CORE, pmu, parent)
        return Scope(ScopeKind.RUN, parent) if parent else Scope()

    def add_counter(self, no: int, ts: str | None, val: str, raw_event: str, rest: str,
                    csv_extra: tuple[str, ...] = ()) -> None:
        pmu, event, mod = split_event(raw_event)
        scope = self.scope(pmu, ts)
        self.last_scope = scope
        if val.startswith("<"):
            self.notes.append(f"line {no}: {raw_event} {val}")
            return
        value = parse_number(val, self.decimal)
        if value is None:
            self.unparsed.add(no)
            return
        name, unit = canonical_event(event)
        var = _VAR.search(rest)
        variance = parse_number(var.group(1), self.decimal) if var else None
        rest_wo = _VAR.sub(" ", rest)
        enabled_pct: float | None = None
        for en in _ENABLED.finditer(rest_wo):
            enabled_pct = parse_number(en.group(1), self.decimal)
        if csv_extra:
            enabled_pct = parse_number(csv_extra[0], self.decimal) if csv_extra[0] else None
            if csv_extra[1]:
                variance = parse_number(csv_extra[1], self.decimal)
        if mod:
            self.meta.setdefault("modifiers", mod)
        self.metrics.append(Metric(
            name=name, value=value, unit=unit, scope=scope, source=self.src(no),
            raw_name=raw_event, variance_pct=variance, enabled_pct=enabled_pct,
        ))
        if not csv_extra:
            self.add_comments(no, _ENABLED.sub(" ", rest_wo), scope, variance)

    def add_comments(self, no: int, rest: str, scope: Scope, variance: float | None) -> None:
        for part in rest.split("#")[1:]:
            got = comment_metric(part, self.decimal)
            if got:
                self.metrics.append(Metric(
                    name=got[0], value=got[1], unit=got[2], scope=scope, source=self.src(no),
                    raw_name=_COMMENT_VAL.sub(r"\g<txt>", part).strip(), variance_pct=variance,
                ))


def _csv_sep(line: str) -> str | None:
    for sep in _CSV_SEPS:
        f = line.split(sep)
        if len(f) >= 5:
            return sep
    return None


def _is_num(s: str) -> bool:
    s = s.strip()
    return bool(s) and (s.startswith("<") or parse_number(s) is not None)


def _parse_csv_row(st: _State, no: int, fields: list[str]) -> bool:
    f = [x.strip() for x in fields]
    ts: str | None = None
    if len(f) >= 2 and _is_num(f[0]) and _is_num(f[1]):
        ts, f = f[0], f[1:]
    if not f[0] and not (len(f) > 2 and f[2]):
        vals = [x for x in f if x]
        if len(vals) >= 2:  # metric-only continuation row: ...,0.32,stalled cycles per insn
            got = comment_metric(f"{vals[-2]} {vals[-1]}", st.decimal)
            if got:
                st.metrics.append(Metric(name=got[0], value=got[1], unit=got[2],
                                         scope=st.last_scope, source=st.src(no),
                                         raw_name=vals[-1]))
            return True
        return False
    if len(f) < 3 or not f[2]:
        return False
    val, event = f[0], f[2]
    rest = f[3:]
    variance = ""
    if rest and rest[0].endswith("%"):
        variance, rest = rest[0].rstrip("%"), rest[1:]
    enabled = rest[1] if len(rest) > 1 else ""
    st.add_counter(no, ts, val, event, "", (enabled, variance))
    if len(rest) > 3 and rest[2]:
        got = comment_metric(f"{rest[2]} {rest[3]}", st.decimal)
        if got:
            st.metrics.append(Metric(name=got[0], value=got[1], unit=got[2],
                                     scope=st.last_scope, source=st.src(no), raw_name=rest[3]))
    return True


def _single_run(m: Metric) -> Metric:
    sc = m.scope
    if sc.kind == ScopeKind.RUN:
        return dataclasses.replace(m, scope=Scope())
    if sc.parent == "run 1":
        return dataclasses.replace(m, scope=Scope(sc.kind, sc.name, ""))
    return m


def _head_lines(path: Path, n: int = 400) -> list[str]:
    out = []
    for _, line in iter_lines(path):
        out.append(line)
        if len(out) >= n:
            break
    return out


@register_adapter
class PerfStatAdapter(Adapter):
    """``perf stat`` text and ``-x`` CSV output (see module docstring)."""

    name = "perf-stat"
    description = "perf stat (text, -x CSV, -r, -I, hybrid PMUs, appended runs)"

    def sniff(self, head: str, path: Path) -> float:
        if "Performance counter stats for" in head:
            return 0.95
        if re.search(r"^#\s+time\s+counts\s+unit\s+events", head, re.M):
            return 0.9
        rows = re.findall(r"^\s*[\d.<][^,\n]*,[^,\n]*,[A-Za-z_][\w\-/:.]*,\d+,[\d.]+", head, re.M)
        rows += re.findall(r"^\s*[\d.]+,[\d.<][^,\n]*,[^,\n]*,[A-Za-z_][\w\-/:.]*,\d+,[\d.]+",
                           head, re.M)
        return 0.8 if len(rows) >= 2 else 0.0

    def parse(self, path: Path) -> Profile:
        st = _State(path=path, decimal=detect_decimal(_head_lines(path)))
        headers = 0
        csv_sep: str | None = None
        for no, line in iter_lines(path):
            s = line.strip()
            if not s:
                continue
            if s.startswith("# started on"):
                st.meta.setdefault("started", s[len("# started on"):].strip())
                continue
            if re.match(r"^#\s+time\s+counts", s):
                st.interval_mode = True
                continue
            h = _HEADER.search(s)
            if h:
                headers += 1
                st.run = headers
                st.meta.setdefault("command", h["cmd"] or h["what"] or "")
                if h["runs"]:
                    st.meta.setdefault("repeats", h["runs"])
                continue
            if s.startswith("#"):
                # metric-only continuation line belongs to the previous counter
                before = len(st.metrics)
                var = _VAR.search(s)
                st.add_comments(no, s, st.last_scope, parse_number(var.group(1), st.decimal)
                                if var else None)
                if len(st.metrics) == before and not s.startswith("# "):
                    st.unparsed.add(no)
                continue
            t = _TIME.match(line)
            if t:
                v = parse_number(t["v"], st.decimal)
                var = _VAR.search(t["rest"])
                if v is not None:
                    kind = {"time elapsed": "time.elapsed", "user": "time.user",
                            "sys": "time.sys"}[t["kind"]]
                    st.metrics.append(Metric(
                        name=kind, value=v, unit="s", scope=st.scope("", None),
                        source=st.src(no), raw_name=f"seconds {t['kind']}",
                        variance_pct=parse_number(var.group(1), st.decimal) if var else None))
                continue
            if csv_sep is None and "," in s and _csv_sep(s) and not _COUNTER.match(line):
                csv_sep = _csv_sep(s)
            if csv_sep and csv_sep in s and _parse_csv_row(st, no, s.split(csv_sep)):
                continue
            c = _COUNTER.match(line)
            if c:
                st.add_counter(no, c["ts"], c["val"], c["event"], c["rest"])
                continue
            st.unparsed.add(no)
        if not st.metrics and not st.notes:
            raise ParseError(str(path), None, "perf stat counter lines",
                             hint="give the text perf stat printed (or its -x CSV / -o file)")
        if headers > 1:
            st.meta["runs_in_file"] = str(headers)
        if headers <= 1:  # one run: no RUN scope
            st.metrics = [_single_run(m) for m in st.metrics]
        return Profile(
            format=self.name, path=str(path), metrics=tuple(st.metrics), meta=st.meta,
            unparsed_lines=st.unparsed.count, unparsed_examples=st.unparsed.examples,
            notes=tuple(st.notes),
        )
