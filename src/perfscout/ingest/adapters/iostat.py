"""``iostat`` (``-x``, ``-y``, ``-d``, ``-c``, ``-k``/``-m``, interval and count) reports of the
whole machine: the CPU split (``avg-cpu``: user + nice + system as ``machine.cpu_busy``, iowait,
steal) and each block device's utilisation (``%util`` -> ``disk.util``), read and write rates
(``rkB/s``/``wkB/s``, or ``rMB/s``/``wMB/s`` -> ``disk.read_rate``, ``disk.write_rate`` in
B/s) and mean wait per request (``r_await``/``w_await``, or ``await`` -> ``disk.r_await``,
``disk.w_await`` in s), the mean over the reports. The first report is the average since boot
unless ``-y`` dropped it; it is left out when later reports exist (as for vmstat). The header's
``(N CPU)`` is ``cpu.online``.

Machine-wide (NODE scope "machine"; a device's values REGION scope "device NAME"): device
counters do not say which process moved the bytes nor whether a run waited for them. Family:
OS accounting.
"""

from __future__ import annotations

import re
from pathlib import Path

from perfscout.ingest.adapters.vmstat import MACHINE
from perfscout.ingest.base import Adapter
from perfscout.ingest.registry import register_adapter
from perfscout.ingest.textutil import Unparsed, iter_lines
from perfscout.model.errors import ParseError
from perfscout.model.metrics import Metric, Profile, Scope, ScopeKind, SourceRef

_HEADER = re.compile(r"^Linux\s+\S+\s+\(\S+\)\s+.*\((?P<cpus>\d+)\s+CPU\)\s*$")
_AVG_CPU = re.compile(r"^avg-cpu:\s+%user\s+%nice\s+%system\s+%iowait\s+%steal\s+%idle\s*$")
_CPU_ROW = re.compile(r"^\s+(\d+[.,]\d+)\s+(\d+[.,]\d+)\s+(\d+[.,]\d+)\s+(\d+[.,]\d+)\s+"
                      r"(\d+[.,]\d+)\s+(\d+[.,]\d+)\s*$")
_DEV_HEAD = re.compile(r"^Device:?\s+")
#: device columns read: column name -> (metric, factor to the metric's unit)
_DEV_COLS = {"%util": ("disk.util", 0.01),
             "rkB/s": ("disk.read_rate", 1024.0), "wkB/s": ("disk.write_rate", 1024.0),
             "rMB/s": ("disk.read_rate", 2.0**20), "wMB/s": ("disk.write_rate", 2.0**20),
             "kB_read/s": ("disk.read_rate", 1024.0), "kB_wrtn/s": ("disk.write_rate", 1024.0),
             "r_await": ("disk.r_await", 1e-3), "w_await": ("disk.w_await", 1e-3),
             "await": ("disk.r_await", 1e-3)}


def _num(text: str) -> float:
    return float(text.replace(",", "."))


@register_adapter
class IostatAdapter(Adapter):
    """``iostat`` reports (see module docstring)."""

    name = "iostat"
    description = "iostat (-x) reports: machine CPU split, device utilisation, rates, await"
    family = "os_accounting"

    def sniff(self, head: str, path: Path) -> float:
        if path.is_dir():
            return 0.0
        lines = head.splitlines()[:60]
        cpu = any(_AVG_CPU.match(ln) for ln in lines)
        dev = any(_DEV_HEAD.match(ln) and ("%util" in ln or "tps" in ln) for ln in lines)
        return 0.95 if (cpu or dev) and ((cpu and dev) or any(_HEADER.match(ln) for ln in lines)) \
            else 0.0

    def parse(self, path: Path) -> Profile:
        unparsed = Unparsed()
        cpus: tuple[float, int] | None = None
        reports: list[dict[tuple[str, str], tuple[float, int]]] = []  # one per avg-cpu/report
        cur: dict[tuple[str, str], tuple[float, int]] = {}
        cols: list[str] = []
        want_cpu = False
        for no, line in iter_lines(path):
            if not line.strip():
                cols = [] if cols else cols
                continue
            h = _HEADER.match(line)
            if h:
                cpus = (float(h["cpus"]), no)
                continue
            if _AVG_CPU.match(line):
                if cur:
                    reports.append(cur)
                cur = {}
                want_cpu = True
                continue
            if want_cpu:
                r = _CPU_ROW.match(line)
                want_cpu = False
                if r:
                    us, ni, sy, wa, st, _idle = (_num(x) for x in r.groups())
                    cur["machine.cpu_busy", ""] = ((us + ni + sy) / 100, no)
                    cur["machine.cpu_iowait", ""] = (wa / 100, no)
                    cur["machine.cpu_steal", ""] = (st / 100, no)
                    continue
            if _DEV_HEAD.match(line):
                if not want_cpu and any(k[1] for k in cur):  # -d only: each header a report
                    reports.append(cur)
                    cur = {}
                cols = line.split()
                continue
            if cols:
                cells = line.split()
                if len(cells) == len(cols) and all(re.fullmatch(r"-?\d+(?:[.,]\d+)?", c)
                                                   for c in cells[1:]):
                    for col, cell in zip(cols[1:], cells[1:], strict=True):
                        if col in _DEV_COLS:
                            name, k = _DEV_COLS[col]
                            cur[name, cells[0]] = (_num(cell) * k, no)
                    continue
            unparsed.add(no)
        if cur:
            reports.append(cur)
        if not reports:
            raise ParseError(str(path), None, "iostat reports ('avg-cpu:  %user ...' or "
                             "'Device  r/s  rkB/s ... %util' with rows)")
        used = reports[1:] if len(reports) > 1 else reports  # the first: since boot
        metrics: list[Metric] = []
        keys = sorted({k for r in used for k in r})
        for name, dev in keys:
            vals = [r[name, dev] for r in used if (name, dev) in r]
            scope = Scope(ScopeKind.REGION, f"device {dev}") if dev else MACHINE
            unit = {"disk.util": "ratio", "disk.r_await": "s", "disk.w_await": "s"}.get(
                name, "B/s" if name.startswith("disk.") else "ratio")
            metrics.append(Metric(name, sum(v for v, _ in vals) / len(vals), unit, scope,
                                  SourceRef(str(path), vals[0][1]),
                                  f"iostat mean of {len(vals)} report(s)"))
        if cpus is not None:
            metrics.append(Metric("cpu.online", cpus[0], "count", MACHINE,
                                  SourceRef(str(path), cpus[1]), "iostat header"))
        return Profile(format=self.name, path=str(path), metrics=tuple(metrics),
                       unparsed_lines=unparsed.count, unparsed_examples=unparsed.examples)
