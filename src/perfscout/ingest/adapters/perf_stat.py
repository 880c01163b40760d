"""``perf stat`` output: default text, ``-x`` CSV, ``-r N``, ``-I`` intervals, appended runs.

Counter lines become metrics with canonical names (unmapped events as ``event.<name>``); the
``# ...`` comments perf prints after a counter become their own metrics (IPC, GHz, miss ratios,
top-down shares); ``( +- x% )`` goes to ``variance_pct`` and ``(49.65%)`` to ``enabled_pct``.
``<not supported>`` / ``<not counted>`` are notes, never zero values. Hybrid PMUs
(``cpu_core/cycles/``) get a CORE scope, and a file holding several ``Performance counter stats``
blocks one RUN scope per block.

``-I`` interval rows become :class:`~perfscout.model.metrics.Series` (one per event and
comment metric, values in columns, each with its line), plus one aggregate Metric per series
(the sum of counts and times, the mean of ratios). Interval files run to millions of lines, so
the common row shape (``time value [unit] event [# value text] [(pct%)]``) is read by a
split-based fast path; any other line goes through the full parser, and both give the same
values (tested).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from perfscout.ingest.base import Adapter
from perfscout.ingest.registry import register_adapter
from perfscout.ingest.series import Append, Columns, SeriesSet
from perfscout.ingest.textutil import (
    Unparsed,
    clean_line,
    detect_decimal,
    iter_lines,
    parse_number,
    size_argument,
)
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
    "node-loads": ("numa.local_accesses", "count"),
    "node-load-misses": ("numa.remote_accesses", "count"),
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
_UNITS = frozenset(("msec", "ms", "seconds", "s", "ns", "us"))


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
    last_ts: float | None = None  # the interval of the last counter row (-I output)
    interval_mode: bool = False
    headers: int = 0  # "Performance counter stats" blocks seen
    commands: list[str] = field(default_factory=list)  # each block's command, in order
    csv_sep: str | None = None
    series: SeriesSet = field(init=False)
    # fast path caches: raw event -> its value columns; comment words -> columns (None: skip)
    _events: dict[str, Columns | None] = field(default_factory=dict)
    _comments: dict[tuple[Scope, tuple[str, ...]], tuple[Columns, float] | None] = \
        field(default_factory=dict)

    _absent: dict[tuple[str, str], tuple[int, int]] = field(default_factory=dict)
    _fast: dict[str, tuple[Columns, Append, Append, Append] | None] = \
        field(default_factory=dict)
    _fastc: dict[tuple[str, str], tuple[Append, Append, Append, float] | None] = \
        field(default_factory=dict)

    def __post_init__(self) -> None:
        self.series = SeriesSet(str(self.path))

    def new_run(self, n: int) -> None:
        """A ``Performance counter stats`` header: what follows belongs to run ``n``."""
        self.run = n
        self.last_ts = None
        self._events.clear()  # their scopes name the run
        self._fast.clear()
        self._fastc.clear()
        self._comments.clear()

    def src(self, line: int) -> SourceRef:
        return SourceRef(str(self.path), line)

    def scope(self, pmu: str) -> Scope:
        parent = f"run {self.run}" if self.run else ""
        if pmu:
            return Scope(ScopeKind.CORE, pmu, parent)
        return Scope(ScopeKind.RUN, parent) if parent else Scope()

    def counter_columns(self, raw_event: str) -> Columns | None:
        """The series of an interval counter (None: not a counter name the parser accepts)."""
        if raw_event in self._events:
            return self._events[raw_event]
        cols = None
        if raw_event[:1].isalpha() or raw_event[:1] == "_":
            pmu, event, _mod = split_event(raw_event)
            name, unit = canonical_event(event)
            cols = self.series.columns(name, unit, self.scope(pmu), raw_event, "sum")
        self._events[raw_event] = cols
        return cols

    def comment_columns(self, scope: Scope, words: tuple[str, ...]) -> tuple[Columns, float] | None:
        """The series of an interval ``#`` comment metric and its scale (None: not a metric)."""
        key = (scope, words)
        if key in self._comments:
            return self._comments[key]
        text = " ".join(words)
        got = comment_metric("1 " + text, self.decimal)
        out = None
        if got:
            cols = self.series.columns(got[0], got[2], scope, text.lstrip("%").strip(), "avg")
            out = (cols, got[1])
        self._comments[key] = out
        return out

    def add_counter(self, no: int, ts: str | None, val: str, raw_event: str, rest: str,
                    csv_extra: tuple[str, ...] = ()) -> None:
        pmu, event, mod = split_event(raw_event)
        scope = self.scope(pmu)
        self.last_scope = scope
        t = parse_number(ts, self.decimal) if ts is not None else None
        self.last_ts = t
        if val.startswith("<"):
            if t is None:
                self.notes.append(f"line {no}: {raw_event} {val}")
            else:  # once per event, not once per interval
                first, n = self._absent.get((raw_event, val), (no, 0))
                self._absent[(raw_event, val)] = (first, n + 1)
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
        if t is not None:
            cols = self.counter_columns(raw_event)
            if cols is None:  # pragma: no cover - the counter regex admits only names
                self.unparsed.add(no)
                return
            cols.add(t, value, no, enabled_pct)
        else:
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
                raw = _COMMENT_VAL.sub(r"\g<txt>", part).strip()
                self.add_derived(no, got, scope, raw, variance)

    def add_derived(self, no: int, got: tuple[str, float, str], scope: Scope, raw: str,
                    variance: float | None = None) -> None:
        """A comment metric: a Metric, or a series value when it follows an interval row."""
        if self.last_ts is not None:
            cols = self.series.columns(got[0], got[2], scope, raw.lstrip("%").strip(), "avg")
            cols.add(self.last_ts, got[1], no)
            return
        self.metrics.append(Metric(name=got[0], value=got[1], unit=got[2], scope=scope,
                                   source=self.src(no), raw_name=raw, variance_pct=variance))

    def line(self, no: int, line: str) -> None:
        """Read one line (ANSI codes and line end removed) with the full parser."""
        s = line.strip()
        if not s:
            return
        if s.startswith("# started on"):
            self.meta.setdefault("started", s[len("# started on"):].strip())
            return
        if re.match(r"^#\s+time\s+counts", s):
            self.interval_mode = True
            return
        h = _HEADER.search(s)
        if h:
            self.headers += 1
            self.new_run(self.headers)
            self.meta.setdefault("command", h["cmd"] or h["what"] or "")
            self.commands.append(h["cmd"] or h["what"] or "")
            if h["runs"]:
                self.meta.setdefault("repeats", h["runs"])
            return
        if s.startswith("#"):
            # metric-only continuation line belongs to the previous counter (and interval)
            before = len(self.metrics)
            var = _VAR.search(s)
            self.add_comments(no, s, self.last_scope,
                              parse_number(var.group(1), self.decimal) if var else None)
            if len(self.metrics) == before and not s.startswith("# "):
                self.unparsed.add(no)
            return
        t = _TIME.match(line)
        if t:
            v = parse_number(t["v"], self.decimal)
            var = _VAR.search(t["rest"])
            if v is not None:
                kind = {"time elapsed": "time.elapsed", "user": "time.user",
                        "sys": "time.sys"}[t["kind"]]
                self.metrics.append(Metric(
                    name=kind, value=v, unit="s", scope=self.scope(""),
                    source=self.src(no), raw_name=f"seconds {t['kind']}",
                    variance_pct=parse_number(var.group(1), self.decimal) if var else None))
            return
        if self.csv_sep is None and "," in s and _csv_sep(s) and not _COUNTER.match(line):
            self.csv_sep = _csv_sep(s)
        if self.csv_sep and self.csv_sep in s and _parse_csv_row(self, no, s.split(self.csv_sep)):
            return
        c = _COUNTER.match(line)
        if c:
            self.add_counter(no, c["ts"], c["val"], c["event"], c["rest"])
            self.interval_mode = self.interval_mode or c["ts"] is not None
            return
        self.unparsed.add(no)


FAST_PATH = True  # off only in the test that compares both paths


def _interval_rows(st: _State, rows: Iterator[tuple[int, str]]) -> None:
    """The rest of an interval file. The common row shape (``time value [unit] event
    [# value text] [(share%)]``, either decimal mark) is read inline, as cheaply as Python
    allows; any other line goes to the full parser. Both give the same values (tested)."""
    fast, tight, units = st._fast, st._fastc, _UNITS
    full, comma = st.line, st.decimal == ","
    num, digits = float, "0123456789"  # locals: the loop runs millions of times
    last_hit: tuple[Columns, Append, Append, Append] | None = None
    last_t, last_ts, last_tv = 0.0, "", 0.0
    for no, raw in rows:
        head, hs, com = raw.partition("#")
        parts = head.split()
        en = None
        if not hs and parts and parts[-1][-2:] == "%)" and parts[-1][:1] == "(":
            en = parts.pop()[1:-2]
        n = len(parts)
        hit = None
        if n == 3:
            ts, v, ev = parts
        elif n == 4 and parts[2] in units:
            ts, v, _unit, ev = parts
        else:
            ev = ""
        if ev:
            try:
                hit = fast[ev]
            except KeyError:
                if "\x1b" not in raw:  # colour codes: the full parser strips them
                    hit = fast[ev] = _counter_hit(st, ev)
        cc = None
        if hit is not None and ts[0] in digits and v[0] in digits and "_" not in v:
            if hs and "/sec" in com and "(" not in com and "#" not in com:
                pass  # a rate comment (K/sec, M/sec): never a metric (see comment_metric)
            elif hs:
                cw = com.split(None, 1)
                if len(cw) == 2:
                    cv, text = cw
                    try:  # only texts without "(" or a 2nd "#" metric are cached
                        cc = tight[(ev, text)]
                    except KeyError:
                        body = text.rstrip()
                        if body[-2:] == "%)":  # a multiplexing share after the comment
                            k = body.rfind("(")
                            en, text = body[k + 1:-2], body[:k]
                        if "(" in text or "#" in text:
                            hit = None
                        elif (ev, text) in tight:
                            cc = tight[(ev, text)]
                        else:
                            cc = tight[(ev, text)] = _comment_hit(st, hit[0].scope, cv, text)
                    if cc is not None and (cv[0] not in digits or "_" in cv):
                        hit = None
                else:
                    hit = None
            if hit is not None:
                try:
                    if comma:
                        ts, v = ts.replace(",", "."), _comma(v)
                        if cc is not None:
                            cv = _comma(cv)
                        if en is not None:
                            en = en.replace(",", ".")
                    if ts != last_ts:  # the rows of one interval share its stamp
                        last_ts, last_tv = ts, num(ts)
                    t = last_tv
                    value = num(v.replace(",", ""))
                    cval = num(cv.rstrip("%").replace(",", "")) if cc is not None else 0.0
                    enabled = None if en is None else num(en)
                except ValueError:
                    hit = None
        if hit is None:
            if last_hit is not None:
                st.last_scope, st.last_ts = last_hit[0].scope, last_t
                last_hit = None
            full(no, clean_line(raw))
            continue
        cols, ta, va, la = hit
        if enabled is None:
            ta(t)
            va(value)
            la(no)
        else:
            cols.add(t, value, no, enabled)
        if cc is not None:
            cta, cva, cla, scale = cc
            cta(t)
            cva(cval * scale)
            cla(no)
        last_hit, last_t = hit, t
    if last_hit is not None:
        st.last_scope, st.last_ts = last_hit[0].scope, last_t


def _counter_hit(st: _State, ev: str) -> tuple[Columns, Append, Append, Append] | None:
    """The columns (and their appends) of an interval counter, for the inline reader."""
    c = st.counter_columns(ev)
    return None if c is None else (c, c.times.append, c.values.append, c.lines.append)


def _comment_hit(st: _State, scope: Scope, cv: str, text: str
                 ) -> tuple[Append, Append, Append, float] | None:
    """The columns and scale of a comment metric, for the inline reader."""
    words = (("%",) if cv.endswith("%") else ()) + (text.strip(),)
    got = st.comment_columns(scope, words)
    if got is None:
        return None
    c = got[0]
    return c.times.append, c.values.append, c.lines.append, got[1]


def _comma(v: str) -> str:
    """A decimal-comma number as float() reads it (``3.642.649,5`` -> ``3642649.5``)."""
    return v.replace(".", "").replace(",", ".")


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
                st.add_derived(no, got, st.last_scope, vals[-1])
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
            st.add_derived(no, got, st.last_scope, rest[3])
    return True


def _command_sweep(st: _State) -> list[Metric]:
    """Each run's ``scaling.size`` when the file's runs are one program whose numeric argument
    changes (``perf stat ./diagscale 400``, then 800, 1600: a size sweep saved in one log; see
    :func:`~perfscout.ingest.textutil.size_argument`); the rules fit the run's time to it."""
    cmds = [c.split() for c in st.commands]
    at = size_argument(cmds)
    if at is None or len(cmds) != st.headers:
        return []
    return [Metric(name="scaling.size", value=float(c[at]), unit="count",
                   scope=Scope(ScopeKind.RUN, f"run {k}"), source=SourceRef(str(st.path), None),
                   raw_name=f"argument {at} of the command")
            for k, c in enumerate(cmds, 1)]


def _single_run(sc: Scope) -> Scope:
    """The scope without its RUN part, for a file holding one run."""
    if sc.kind == ScopeKind.RUN:
        return Scope()
    if sc.parent == "run 1":
        return Scope(sc.kind, sc.name, "")
    return sc


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
    family = "hardware_counters"
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
        with path.open("r", encoding="utf-8", errors="replace", newline="") as fh:
            rows = enumerate(fh, 1)
            for no, raw in rows:
                st.line(no, clean_line(raw))
                if FAST_PATH and st.interval_mode:
                    _interval_rows(st, rows)  # reads the rest of the file
        if not st.metrics and not st.notes and not st.series:
            raise ParseError(str(path), None, "perf stat counter lines",
                             hint="give the text perf stat printed (or its -x CSV / -o file)")
        for (ev, val), (first, n) in st._absent.items():
            st.notes.append(f"line {first}: {ev} {val}" + (f" (in {n} intervals)" if n > 1 else ""))
        series = st.series.series()
        metrics = st.metrics + st.series.aggregates()
        if series:
            st.meta["intervals"] = str(max(len(x) for x in series))
        if st.headers > 1:
            st.meta["runs_in_file"] = str(st.headers)
            metrics += _command_sweep(st)
        if st.headers <= 1:  # one run: no RUN scope
            metrics = [dataclasses.replace(m, scope=_single_run(m.scope)) for m in metrics]
            series = tuple(dataclasses.replace(x, scope=_single_run(x.scope)) for x in series)
        return Profile(
            format=self.name, path=str(path), metrics=tuple(metrics), meta=st.meta,
            unparsed_lines=st.unparsed.count, unparsed_examples=st.unparsed.examples,
            notes=tuple(st.notes), series=series,
        )
