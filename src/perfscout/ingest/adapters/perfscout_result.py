"""Result lines of perfscout's bundled kernels (``PERFSCOUT kernel=... metric=... value=...``).

The demo and the experiments profile a kernel and hand its own result line to ``analyze`` next
to perf stat and compiler remarks, so the kernel's achieved rate (bandwidth, FLOP rate, time)
is evidence with a file and line like any other. ``PERFSCOUT_SIZE`` lines (per-message-size rows
of the MPI ping-pong) become ``bench.latency`` / ``bench.bandwidth`` rows scoped by size.
"""

from __future__ import annotations

from pathlib import Path

from perfscout.ingest.base import Adapter
from perfscout.ingest.lineread import Unparsed
from perfscout.ingest.registry import register_adapter
from perfscout.ingest.textutil import iter_lines
from perfscout.model.errors import ParseError
from perfscout.model.metrics import Metric, Profile, Scope, ScopeKind, SourceRef

PREFIX = "PERFSCOUT "
SIZE_PREFIX = "PERFSCOUT_SIZE "

# kernel metric name -> (canonical name, unit, factor)
_METRICS = {
    "bandwidth_MBps": ("mem.bandwidth", "MB/s", 1.0),
    "gflops": ("flops.dp", "MFLOP/s", 1000.0),
    "latency_us": ("bench.latency", "us", 1.0),
    "time_s": ("time.elapsed", "s", 1.0),
}


def _fields(text: str) -> dict[str, str]:
    out = {}
    for tok in text.split():
        if "=" in tok:
            k, v = tok.split("=", 1)
            out[k] = v
    return out


def _num(v: str | None) -> float | None:
    try:
        return float(v) if v is not None else None
    except ValueError:
        return None


@register_adapter
class PerfscoutResult(Adapter):
    name = "perfscout-result"
    family = "program"
    description = "result lines of perfscout's bundled kernels"

    def sniff(self, head: str, path: Path) -> float:
        for line in head.splitlines()[:200]:
            if line.startswith(PREFIX) and "kernel=" in line and "metric=" in line:
                return 0.9
        return 0.0

    def parse(self, path: Path) -> Profile:
        metrics: list[Metric] = []
        meta: dict[str, str] = {}
        unparsed = Unparsed()
        seen = False
        for no, line in iter_lines(path):
            src = SourceRef(str(path), no)
            if line.startswith(SIZE_PREFIX):
                f = _fields(line[len(SIZE_PREFIX):])
                size = f.get("bytes") or f.get("size") or ""
                sc = Scope(ScopeKind.REGION, f"{size} B")
                for key, name, unit in (("latency_us", "bench.latency", "us"),
                                        ("bandwidth_MBps", "bench.bandwidth", "MB/s")):
                    v = _num(f.get(key))
                    if v is not None:
                        metrics.append(Metric(name, v, unit, sc, src, key))
                v = _num(size)
                if v is not None:
                    metrics.append(Metric("bench.msg_size", v, "B", sc, src, "bytes"))
                continue
            if not line.startswith(PREFIX):
                if line.strip():
                    unparsed.add(no)
                continue
            seen = True
            f = _fields(line[len(PREFIX):])
            for k in ("kernel", "n", "threads", "ranks", "metric"):
                if k in f:
                    meta[k] = f[k]
            if "kernel" in f:
                meta["command"] = f"./{f['kernel']}"
            sc = Scope(ScopeKind.PROCESS, f.get("kernel", ""))
            t = _num(f.get("time_s"))
            if t is not None:
                metrics.append(Metric("time.elapsed", t, "s", sc, src, "time_s"))
            metric, value = f.get("metric"), _num(f.get("value"))
            if metric in _METRICS and metric != "time_s" and value is not None:
                name, unit, factor = _METRICS[metric]
                metrics.append(Metric(name, value * factor, unit, sc, src, metric))
            elif metric and metric != "time_s" and value is not None:
                metrics.append(Metric(f"event.{metric}", value, "", sc, src, metric))
            bw = _num(f.get("bandwidth_MBps"))
            if bw is not None and metric != "bandwidth_MBps":
                metrics.append(Metric("mem.bandwidth", bw, "MB/s", sc, src, "bandwidth_MBps"))
            nbytes = _num(f.get("bytes"))
            if nbytes is not None:
                metrics.append(Metric("mem.data_volume", nbytes / 1e9, "GB", sc, src, "bytes"))
            th = _num(f.get("threads"))
            if th is not None:
                metrics.append(Metric("scaling.threads", th, "count", sc, src, "threads"))
        if not seen:
            raise ParseError(str(path), None, "a 'PERFSCOUT kernel=... metric=...' result line")
        return Profile(self.name, str(path), tuple(metrics), meta=meta,
                       **unparsed.as_fields())  # type: ignore[arg-type]
