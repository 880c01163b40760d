"""``mpstat`` reports (``mpstat -P ALL [interval [count]]``, plain ``mpstat``) and ``sar -u``
(``-P ALL``; its ``%user``/``%system`` are mpstat's ``%usr``/``%sys``): per-CPU shares of
user, system, iowait, steal and idle time.

Each CPU row gives ``machine.cpu_busy`` (usr + nice + sys + irq + soft + guest + gnice),
``machine.cpu_iowait`` and ``machine.cpu_steal`` at CORE scope ``cpu N``; the ``all`` row the
same at NODE scope "machine"; ``(N CPU)`` in the banner is ``cpu.online``. The ``Average:``
block is used when printed, else the mean of the interval reports. Like vmstat it says how busy
the machine's CPUs were, not which process used them. Family: OS accounting.
"""

from __future__ import annotations

import re
from pathlib import Path

from perfscout.ingest.base import Adapter
from perfscout.ingest.registry import register_adapter
from perfscout.ingest.textutil import Unparsed, iter_lines
from perfscout.model.errors import ParseError
from perfscout.model.metrics import Metric, Profile, Scope, ScopeKind, SourceRef

_STAMP = r"(?:\d\d:\d\d:\d\d(?:\s+[AP]M)?|Average:)"
_HEAD = re.compile(rf"^{_STAMP}\s+CPU\s+%usr\s+%nice\s+%sys\s+%iowait\s+.*%idle\s*$"
                   rf"|^{_STAMP}\s+CPU\s+%user\s+%nice\s+%system\s+%iowait\s+.*%idle\s*$")
#: sar -u's column names -> mpstat's
_SAR_COLS = {"%user": "%usr", "%system": "%sys"}
_ROW = re.compile(rf"^(?P<stamp>{_STAMP})\s+(?P<cpu>all|\d+)\s+(?P<vals>[\d.,\s]+)$")
_BANNER = re.compile(r"^Linux\s+\S+\s+\(.*\)\s+.*\((?P<n>\d+)\s+CPU\)\s*$")
_BUSY = ("%usr", "%nice", "%sys", "%irq", "%soft", "%guest", "%gnice")
MACHINE = Scope(ScopeKind.NODE, "machine")


def sysstat_sniff(head: str, path: Path, header: re.Pattern[str], score: float) -> float:
    """``score`` when one of the first 40 lines of ``head`` is a sysstat report's column
    header (mpstat, sar), else 0."""
    if path.is_dir():
        return 0.0
    return score if any(header.match(ln) for ln in head.splitlines()[:40]) else 0.0


def sysstat_lines(path: Path) -> tuple[list[Metric], list[tuple[int, str]]]:
    """A sysstat report (mpstat, sar) split into ``cpu.online`` from its banner's ``(N CPU)``
    and its other non-empty lines with their numbers."""
    online: list[Metric] = []
    rest: list[tuple[int, str]] = []
    for no, line in iter_lines(path):
        if not line.strip():
            continue
        b = _BANNER.match(line)
        if b:
            online = [Metric("cpu.online", float(b["n"]), "count", MACHINE,
                             SourceRef(str(path), no), "CPU")]
        else:
            rest.append((no, line))
    return online, rest


@register_adapter
class MpstatAdapter(Adapter):
    """``mpstat -P ALL`` output (see module docstring)."""

    name = "mpstat"
    description = "mpstat -P ALL, sar -u: per-CPU %usr/%sys/%iowait/%steal/%idle"
    family = "os_accounting"

    def sniff(self, head: str, path: Path) -> float:
        return sysstat_sniff(head, path, _HEAD, 0.95)

    def parse(self, path: Path) -> Profile:
        cols: list[str] = []
        rows: dict[bool, dict[str, list[tuple[int, dict[str, float]]]]] = {True: {}, False: {}}
        unparsed = Unparsed()
        online, lines = sysstat_lines(path)
        for no, line in lines:
            if _HEAD.match(line):
                cols = [_SAR_COLS.get(c, c) for c in line.split("CPU", 1)[1].split()]
                continue
            m = _ROW.match(line)
            vals = m["vals"].replace(",", ".").split() if m else []
            if not (m and cols and len(vals) == len(cols)):
                unparsed.add(no)
                continue
            try:
                row = dict(zip(cols, (float(v) for v in vals), strict=True))
            except ValueError:
                unparsed.add(no)
                continue
            rows[m["stamp"] == "Average:"].setdefault(m["cpu"], []).append((no, row))
        use = rows[True] or rows[False]
        if not use or not {"%usr", "%sys", "%idle"} <= set(cols):
            raise ParseError(str(path), None, "mpstat output (a 'CPU %usr %nice %sys %iowait "
                             "... %idle' header and per-CPU rows)")
        metrics: list[Metric] = []
        for cpu, samples in use.items():
            sc = MACHINE if cpu == "all" else Scope(ScopeKind.CORE, f"cpu {cpu}")
            src = SourceRef(str(path), samples[0][0])

            def mean(*keys: str, samples: list[tuple[int, dict[str, float]]] = samples
                     ) -> float:
                return sum(sum(r.get(k, 0.0) for k in keys) for _, r in samples) / len(samples)

            metrics += [Metric("machine.cpu_busy", mean(*_BUSY) / 100, "ratio", sc, src,
                               "+".join(k for k in _BUSY if k in cols)),
                        Metric("machine.cpu_iowait", mean("%iowait") / 100, "ratio", sc, src,
                               "%iowait")]
            if "%steal" in cols:
                metrics.append(Metric("machine.cpu_steal", mean("%steal") / 100, "ratio", sc,
                                      src, "%steal"))
        metrics += online
        return Profile(format=self.name, path=str(path), metrics=tuple(metrics),
                       meta={"block": "Average" if rows[True] else "intervals"},
                       unparsed_lines=unparsed.count, unparsed_examples=unparsed.examples)
