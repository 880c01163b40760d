"""``llvm-mca`` (LLVM's machine code analyser) over a block of assembly: its summary (iterations,
instructions, total cycles, uOps per cycle, IPC, block reciprocal throughput) and its
instruction table.

It is a static model of how the core would schedule the block, not a run: it says nothing of
caches, memory or how often the block runs. Its summary becomes ``mca.*`` metrics (``mca.ipc``,
``mca.cycles_per_iteration``, ``mca.block_rthroughput``, ``mca.uops_per_cycle``), and the
instructions it lists are counted as a disassembly's are (:func:`.objdump_mix.classify`: x87,
scalar and packed floating point, integer divisions, libm calls), because the block is the
compiler's output: family compiler.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from perfscout.ingest.adapters.objdump_mix import classify, is_div_sqrt, mix_metrics, vector_bits
from perfscout.ingest.base import Adapter
from perfscout.ingest.registry import register_adapter
from perfscout.ingest.textutil import Unparsed, iter_lines
from perfscout.model.errors import ParseError
from perfscout.model.metrics import Metric, Profile, Scope, ScopeKind, SourceRef

_SUMMARY = re.compile(r"^(?P<key>Iterations|Instructions|Total Cycles|Total uOps|Dispatch Width|"
                      r"uOps Per Cycle|IPC|Block RThroughput):\s+(?P<v>\d+(?:\.\d+)?)\s*$")
# the table: "[1]    [2]    [3] ... Instructions:", then " 1  5  0.50  *   movq (%rbp), %rax"
_TABLE_HEAD = re.compile(r"^\s*\[1\]\s+\[2\]\s+\[3\].*Instructions:\s*$")
_ROW = re.compile(r"^\s*\d+\s+\d+\s+[\d.]+\s+(?:[*U]\s+)*(?P<mn>[a-z][\w.]*)\s*(?P<ops>.*)$")
_COMMAND = re.compile(r"^\s*\$\s+(?P<cmd>llvm-mca\S*\s.*)$")
_NAMES = {"IPC": ("mca.ipc", "ratio"), "uOps Per Cycle": ("mca.uops_per_cycle", "ratio"),
          "Block RThroughput": ("mca.block_rthroughput", "cycles")}


@register_adapter
class LlvmMcaAdapter(Adapter):
    """llvm-mca's report (see module docstring)."""

    name = "llvm-mca"
    description = "llvm-mca: a static throughput model of a block of assembly"
    family = "compiler"

    def sniff(self, head: str, path: Path) -> float:
        if path.is_dir():
            return 0.0
        keys = {m["key"] for ln in head.splitlines()[:40] if (m := _SUMMARY.match(ln))}
        return 0.9 if {"Iterations", "Total Cycles", "IPC"} <= keys else 0.0

    def parse(self, path: Path) -> Profile:
        summary: dict[str, tuple[float, int]] = {}
        counts: Counter[str] = Counter()
        bits = 0
        in_table = False
        meta: dict[str, str] = {}
        unparsed = Unparsed()
        for no, line in iter_lines(path):
            s = _SUMMARY.match(line)
            if s is not None:
                summary.setdefault(s["key"], (float(s["v"]), no))
                continue
            c = _COMMAND.match(line)
            if c is not None:
                meta["command"] = c["cmd"].strip()
                continue
            if _TABLE_HEAD.match(line):
                in_table = True
                continue
            r = _ROW.match(line) if in_table else None
            if r is not None:
                ops = r["ops"]
                if r["mn"].startswith("call"):  # "callq exp@PLT": the callee as objdump shows it
                    ops = f"<{ops.strip().replace('@PLT', '@plt')}>"
                kind = classify(r["mn"], ops)
                if kind:
                    counts[kind] += 1
                if kind in ("scalar", "packed") and is_div_sqrt(r["mn"]):
                    counts["div_sqrt"] += 1
                if kind == "packed":
                    bits = max(bits, vector_bits(ops))
                continue
            if in_table and not line.strip():
                in_table = False
        if not {"Iterations", "Total Cycles"} <= set(summary):
            raise ParseError(str(path), None, "llvm-mca's summary (Iterations, Total Cycles, "
                                              "IPC, Block RThroughput)")
        sc = Scope(ScopeKind.PROCESS, "")
        metrics: list[Metric] = []
        for key, (name, unit) in _NAMES.items():
            if key in summary:
                v, no = summary[key]
                metrics.append(Metric(name, v, unit, sc, SourceRef(str(path), no), key))
        (it, _), (cyc, no) = summary["Iterations"], summary["Total Cycles"]
        if it > 0:
            metrics.append(Metric("mca.cycles_per_iteration", cyc / it, "cycles", sc,
                                  SourceRef(str(path), no), "Total Cycles / Iterations"))
        metrics += mix_metrics(counts, bits, sc, SourceRef(str(path), summary["Iterations"][1]))
        return Profile(format=self.name, path=str(path), metrics=tuple(metrics), meta=meta,
                       unparsed_lines=unparsed.count, unparsed_examples=unparsed.examples)
