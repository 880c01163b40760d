"""``vmstat`` samples of the whole machine: run queue, CPU user/system/idle/iowait/steal,
swapping. Machine-wide (NODE scope "machine"): they say how busy the machine was, not which
process used the CPU or where its time went. The first sample row is the average since boot
and is left out when later rows exist. Family: OS accounting.
"""

from __future__ import annotations

import re
from pathlib import Path

from perfscout.ingest.base import Adapter
from perfscout.ingest.registry import register_adapter
from perfscout.ingest.textutil import Unparsed, iter_lines
from perfscout.model.errors import ParseError
from perfscout.model.metrics import Metric, Profile, Scope, ScopeKind, SourceRef

_BANNER = re.compile(r"^\s*procs\s+-+\s*memory\s*-+.*-+\s*cpu\s*-+\s*(?:-+\S*-+\s*)?$")
_COLS = re.compile(r"^\s*r\s+b\s+swpd\s+free\s+")
_ROW = re.compile(r"^\s*\d+(?:\s+\d+){10,}\s*(?:\d{4}-\d\d-\d\d\s+\d\d:\d\d:\d\d(?:\s+\w+)?)?\s*$")
MACHINE = Scope(ScopeKind.NODE, "machine")


@register_adapter
class VmstatAdapter(Adapter):
    """``vmstat [delay [count]]`` output (see module docstring)."""

    name = "vmstat"
    description = "vmstat samples: machine run queue, CPU us/sy/id/wa/st, swapping"
    family = "os_accounting"

    def sniff(self, head: str, path: Path) -> float:
        if path.is_dir():
            return 0.0
        lines = head.splitlines()[:5]
        return 0.95 if any(_BANNER.match(ln) for ln in lines) and any(
            _COLS.match(ln) for ln in lines) else 0.0

    def parse(self, path: Path) -> Profile:
        cols: list[str] = []
        rows: list[tuple[int, dict[str, float]]] = []
        unparsed = Unparsed()
        for no, line in iter_lines(path):
            if not line.strip() or _BANNER.match(line):
                continue
            if _COLS.match(line):
                cols = line.split()
                continue
            if cols and _ROW.match(line):
                vals = line.split()  # a -t timestamp follows the numbers: not zipped
                rows.append((no, {c: float(v) for c, v in zip(cols, vals, strict=False)
                                  if v.isdigit()}))
                continue
            unparsed.add(no)
        need = {"r", "us", "sy", "id"}
        if not rows or not need <= set(cols):
            raise ParseError(str(path), None, "vmstat output (the 'procs ---memory---' banner, "
                             "the 'r b swpd free' header and sample rows)")
        sample = rows[1:] if len(rows) > 1 else rows  # row 1: averages since boot
        n = float(len(sample))
        src = SourceRef(str(path), sample[0][0])

        def mean(*keys: str) -> float:
            return sum(sum(r.get(k, 0.0) for k in keys) for _, r in sample) / n

        metrics = [Metric("machine.run_queue", mean("r"), "count", MACHINE, src, "r"),
                   Metric("machine.cpu_busy", mean("us", "sy") / 100, "ratio", MACHINE, src,
                          "us+sy"),
                   Metric("machine.cpu_iowait", mean("wa") / 100, "ratio", MACHINE, src, "wa"),
                   Metric("machine.swap_io", mean("si", "so"), "count", MACHINE, src,
                          "si+so")]
        if "st" in cols:
            metrics.append(Metric("machine.cpu_steal", mean("st") / 100, "ratio", MACHINE, src,
                                  "st"))
        return Profile(format=self.name, path=str(path), metrics=tuple(metrics),
                       meta={"samples": str(len(sample))}, unparsed_lines=unparsed.count,
                       unparsed_examples=unparsed.examples)
