"""Micro-benchmark outputs: STREAM, OSU micro-benchmarks, Intel MPI Benchmarks, HPL.

Each may sit inside other text (job logs, notes, READMEs): only the benchmark's own block is
read, surrounding lines are counted in ``meta['outside_lines']``; a line inside the block that
fits no row is counted as unparsed. Rows become ``bench.*`` metrics (see metric_names).
"""

from __future__ import annotations

import re
from pathlib import Path

from perfscout.ingest.base import Adapter
from perfscout.ingest.lineread import Unparsed
from perfscout.ingest.registry import register_adapter
from perfscout.ingest.textutil import iter_lines
from perfscout.model.errors import ParseError
from perfscout.model.metrics import Metric, Profile, Scope, ScopeKind, SourceRef

_F = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"


def _profile(fmt: str, src: str, metrics: list[Metric], meta: dict[str, str], bad: Unparsed,
             outside: int) -> Profile:
    meta["outside_lines"] = str(outside)
    return Profile(format=fmt, path=src, metrics=tuple(metrics), meta=meta,
                   **bad.as_fields())  # type: ignore[arg-type]


_RATE_TO_MB = {"mb/s": 1.0, "gb/s": 1e3, "kb/s": 1e-3, "mib/s": 1.048576, "gib/s": 1073.741824}
_STREAM_ROW = re.compile(rf"^(Copy|Scale|Add|Triad):\s+({_F})\s+({_F})\s+({_F})\s+({_F})\s*$")
# a STREAM-shaped table a program prints itself, with fewer or other columns ("Function  Best
# Rate MB/s  Min time"): the header names the columns, each row one kernel and its numbers
_STREAM_ANY_ROW = re.compile(rf"^(\w+):\s+((?:{_F}\s+)*{_F})\s*$")


def _stream_columns(header: str) -> list[str]:
    """The value columns of a STREAM header (``Best Rate MB/s``, ``Min time``...), lower case."""
    return [c.strip().lower() for c in re.split(r"\s{2,}|\t", header.strip())[1:] if c.strip()]


_STREAM_KV = re.compile(r"^(Array size|Number of Threads counted|Number of Threads requested|"
                        r"This system uses)\D*?(\d+)")


@register_adapter
class StreamAdapter(Adapter):
    name = "stream"
    family = "benchmark"
    description = "STREAM benchmark output (McCalpin), also embedded in other text"

    def sniff(self, head: str, path: Path) -> float:
        if "STREAM version" in head and "Triad" in head:
            return 0.9
        if re.search(r"^Function\s+Best Rate MB/s", head, re.M):
            return 0.8
        return 0.0

    def parse(self, path: Path) -> Profile:
        src = str(path)
        bad = Unparsed()
        metrics: list[Metric] = []
        meta: dict[str, str] = {}
        inside = False
        outside = 0
        cols: list[str] = []
        for n, line in iter_lines(path):
            s = line.strip()
            if s.startswith("STREAM version"):
                inside = True
                m = re.search(r"Revision:\s*([\d.]+)", s)
                meta["version"] = m.group(1) if m else ""
                continue
            if s.startswith("Function") and "Best Rate" in s:
                inside = True
                cols = _stream_columns(s)
                continue
            if not inside:
                outside += 1
                continue
            r = _STREAM_ROW.match(s)
            if r:
                scope = Scope(ScopeKind.REGION, r.group(1))
                metrics.append(Metric("bench.bandwidth", float(r.group(2)), "MB/s", scope,
                                      SourceRef(src, n), raw_name="Best Rate MB/s"))
                metrics.append(Metric("time.elapsed", float(r.group(4)), "s", scope,
                                      SourceRef(src, n), raw_name="Min time"))
                continue
            ra = _STREAM_ANY_ROW.match(s) if cols else None
            vals = ra.group(2).split() if ra else []
            if ra and len(vals) == len(cols) and any(c.startswith("best rate") for c in cols):
                scope = Scope(ScopeKind.REGION, ra.group(1))
                for col, v in zip(cols, vals, strict=True):
                    if col.startswith("best rate"):
                        unit = col.split()[-1] if col.split()[-1].endswith("/s") else "mb/s"
                        metrics.append(Metric("bench.bandwidth", float(v) * _RATE_TO_MB.get(
                            unit, 1.0), "MB/s", scope, SourceRef(src, n), raw_name=col))
                    elif col == "min time":
                        metrics.append(Metric("time.elapsed", float(v), "s", scope,
                                              SourceRef(src, n), raw_name=col))
                continue
            kv = _STREAM_KV.match(s)
            if kv:
                key = {"Array size": "array_size", "Number of Threads counted": "threads",
                       "Number of Threads requested": "threads_requested",
                       "This system uses": "bytes_per_element"}[kv.group(1)]
                meta[key] = kv.group(2)
                continue
            if s.startswith("Solution Validates") or "Validat" in s:
                meta["validates"] = "yes" if s.startswith("Solution Validates") else "no"
                if any(x.name == "bench.bandwidth" for x in metrics):
                    inside = False
                continue
            if (not s or s.startswith("---") or s.startswith(("Memory per", "Total memory",
                                                               "Each ", "The ", "will be",
                                                               "Your clock", "(=", "Increase",
                                                               "you are", "WARNING",
                                                               "For best", "precision",
                                                               "Failed", "Expected",
                                                               "Observed"))):
                continue
            if any(x.name == "bench.bandwidth" for x in metrics):
                inside = False  # text after the block
                outside += 1
                continue
            bad.add(n)
        if not metrics:
            raise ParseError(src, None, "STREAM result rows 'Copy: <MB/s> <avg> <min> <max>'")
        return _profile(self.name, src, metrics, meta, bad, outside)


_OSU_TITLE = re.compile(r"^#\s*OSU\s+(.*?)\s*(?:Test)?\s*v?([\d.]+)?\s*$")
_OSU_HEAD = re.compile(r"^#\s*Size\s+(.*)$")
_NUM_ROW = re.compile(rf"^\s*(\d+)((?:\s+{_F})+)\s*$")
_SUMMARY = re.compile(rf"^(.*?)\s+({_F})\s+({_F})\s*$")


@register_adapter
class OsuAdapter(Adapter):
    name = "osu"
    family = "benchmark"
    description = "OSU micro-benchmark output (latency, bw, bibw, one-sided, collectives)"

    def sniff(self, head: str, path: Path) -> float:
        if re.search(r"^#?\s*OSU .*Test", head, re.M):
            return 0.9
        return 0.0

    def parse(self, path: Path) -> Profile:
        src = str(path)
        bad = Unparsed()
        metrics: list[Metric] = []
        meta: dict[str, str] = {}
        cols: list[str] = []
        outside = 0
        mode = ""
        for n, line in iter_lines(path):
            s = line.strip()
            t = _OSU_TITLE.match(s)
            if t:
                meta["benchmark"] = t.group(1).strip()
                if t.group(2):
                    meta["version"] = t.group(2)
                mode = "title"
                continue
            if s.startswith("OSU ") and "Test" in s:  # summary tables without '#'
                meta["benchmark"] = s
                mode = "title"
                continue
            h = _OSU_HEAD.match(s)
            if h and mode:
                cols = [c.strip() for c in re.split(r"\s{2,}", h.group(1).strip())]
                mode = "rows"
                continue
            if mode == "title" and "|" in s:
                cols = [c.strip() for c in s.split("|")]
                mode = "summary"
                continue
            if mode == "rows":
                r = _NUM_ROW.match(s)
                if r:
                    size = int(r.group(1))
                    vals = [float(v) for v in r.group(2).split()]
                    self._row(src, n, size, vals, cols, metrics)
                    continue
            if mode == "summary":
                r = _SUMMARY.match(s)
                if r and cols and not s.startswith(("Ended", "Started")):
                    host = r.group(1).split()[-1]
                    scope = Scope(ScopeKind.NODE, host)
                    metrics.append(Metric("bench.bandwidth", float(r.group(2)), "MB/s", scope,
                                          SourceRef(src, n), raw_name=cols[2] if len(cols) > 2
                                          else "Bandwidth"))
                    metrics.append(Metric("bench.latency", float(r.group(3)), "us", scope,
                                          SourceRef(src, n), raw_name="Latency (us)"))
                    continue
            if not mode or s.startswith("#") or not s or s.startswith(("Started", "Ended")):
                outside += 1
                continue
            if metrics:
                outside += 1  # trailing text after the table
                continue
            bad.add(n)
        if not metrics:
            raise ParseError(src, None, "an OSU table ('# Size  Latency (us)' and rows)")
        return _profile(self.name, src, metrics, meta, bad, outside)

    @staticmethod
    def _row(src: str, n: int, size: int, vals: list[float], cols: list[str],
             metrics: list[Metric]) -> None:
        scope = Scope(ScopeKind.REGION, f"size={size}")
        metrics.append(Metric("bench.msg_size", float(size), "B", scope, SourceRef(src, n)))
        for i, v in enumerate(vals):
            col = cols[i] if i < len(cols) else ""
            low = col.lower()
            if "bandwidth" in low or "mb/s" in low:
                name, unit = "bench.bandwidth", "MB/s"
            elif "latency" in low and not low.startswith(("min", "max")):
                name, unit = "bench.latency", "us"
            elif "messages/s" in low or "msg" in low:
                name, unit = "bench.msg_rate", "msg/s"
            else:
                continue
            metrics.append(Metric(name, v, unit, scope, SourceRef(src, n), raw_name=col))


_IMB_BENCH = re.compile(r"^#\s*Benchmarking\s+(\S+)")
_IMB_HEAD = re.compile(r"^#bytes\s+#repetitions\s+(.*)$")


@register_adapter
class ImbAdapter(Adapter):
    name = "imb"
    family = "benchmark"
    description = "Intel MPI Benchmarks (IMB-MPI1) output"

    def sniff(self, head: str, path: Path) -> float:
        if "# Benchmarking " in head and "#bytes" in head:
            return 0.9
        return 0.0

    def parse(self, path: Path) -> Profile:
        src = str(path)
        bad = Unparsed()
        metrics: list[Metric] = []
        meta: dict[str, str] = {}
        bench = ""
        cols: list[str] = []
        outside = 0
        for n, line in iter_lines(path):
            s = line.strip()
            b = _IMB_BENCH.match(s)
            if b:
                bench, cols = b.group(1), []
                meta.setdefault("benchmarks", "")
                meta["benchmarks"] = ",".join(filter(None, [meta["benchmarks"], bench]))
                continue
            h = _IMB_HEAD.match(s)
            if h and bench:
                cols = h.group(1).split()
                continue
            if cols:
                r = _NUM_ROW.match(s)
                if r:
                    size = int(r.group(1))
                    vals = r.group(2).split()[1:]  # after #repetitions
                    scope = Scope(ScopeKind.REGION, f"size={size}", parent=bench)
                    metrics.append(Metric("bench.msg_size", float(size), "B", scope,
                                          SourceRef(src, n)))
                    for c, v in zip(cols, vals, strict=False):
                        if c in ("t[usec]", "t_avg[usec]"):
                            metrics.append(Metric("bench.latency", float(v), "us", scope,
                                                  SourceRef(src, n), raw_name=c))
                        elif c.lower().startswith("mbytes/sec"):
                            metrics.append(Metric("bench.bandwidth", float(v), "MB/s", scope,
                                                  SourceRef(src, n), raw_name=c))
                    continue
                if not s or s.startswith("#"):
                    cols = [] if not s and metrics else cols
                    continue
                bad.add(n)
                continue
            outside += 1
        if not metrics:
            raise ParseError(src, None, "'# Benchmarking NAME' and '#bytes #repetitions' rows")
        return _profile(self.name, src, metrics, meta, bad, outside)


_HPL_ROW = re.compile(rf"^(W\S+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s+({_F})\s+({_F})\s*$")
_HPL_RESID = re.compile(r"^\|\|Ax-b\|\|.*=\s*(" + _F + r")\s*\.+\s*(PASSED|FAILED)")


@register_adapter
class HplAdapter(Adapter):
    name = "hpl"
    family = "benchmark"
    description = "HPL (High-Performance Linpack) output"

    def sniff(self, head: str, path: Path) -> float:
        if "HPLinpack" in head or ("T/V" in head and "Gflops" in head):
            return 0.9
        return 0.0

    def parse(self, path: Path) -> Profile:
        src = str(path)
        bad = Unparsed()
        metrics: list[Metric] = []
        meta: dict[str, str] = {"passed": "0", "failed": "0"}
        outside = 0
        expect_row = False
        for n, line in iter_lines(path):
            s = line.strip()
            if s.startswith("HPLinpack"):
                m = re.search(r"HPLinpack\s+([\d.]+)", s)
                meta["version"] = m.group(1) if m else ""
                continue
            if s.startswith("T/V") and "Gflops" in s and "Time" in s:
                expect_row = True
                continue
            r = _HPL_ROW.match(s)
            if r:
                scope = Scope(ScopeKind.RUN, f"N={r.group(2)} NB={r.group(3)} "
                              f"P={r.group(4)} Q={r.group(5)}", parent=r.group(1))
                metrics.append(Metric("bench.gflops", float(r.group(7)), "GFLOP/s", scope,
                                      SourceRef(src, n), raw_name="Gflops"))
                metrics.append(Metric("time.elapsed", float(r.group(6)), "s", scope,
                                      SourceRef(src, n), raw_name="Time"))
                expect_row = False
                continue
            if expect_row and s and not s.startswith("---") and not s.startswith("==="):
                bad.add(n)
                expect_row = False
                continue
            res = _HPL_RESID.match(s)
            if res:
                key = "passed" if res.group(2) == "PASSED" else "failed"
                meta[key] = str(int(meta[key]) + 1)
                continue
            outside += 1
        if not metrics:
            raise ParseError(src, None, "an HPL result row 'WR.. N NB P Q Time Gflops'")
        return _profile(self.name, src, metrics, meta, bad, outside)
