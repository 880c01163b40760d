"""``perf annotate --stdio``: per-symbol source/disassembly with sample percentages.

Each ``Percent | Source code & Disassembly of BIN for EVENT (N samples, ...)`` block is one
symbol. Instruction lines carry a local percentage; they are summed onto the source line printed
before them (``: 25  code`` or ``file.c:25``). The result is one LINE-scoped ``samples`` share
metric per hot line and a Hotspot per line with location file:line and a share of all samples
in the file (local percent x the symbol's samples / total samples). With ``-l`` each symbol is
headed by a sorted summary of its hot source lines (file:line from the debug line table); those
shares are used whenever present, also for a symbol whose instruction lines were cut off.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from pathlib import Path

from perfscout.ingest.adapters.objdump_mix import (
    classify,
    is_div_sqrt,
    is_locked,
    mix_metrics,
    vector_bits,
)
from perfscout.ingest.base import Adapter
from perfscout.ingest.loop_text import is_fortran, strided_loop
from perfscout.ingest.registry import register_adapter
from perfscout.ingest.textutil import Unparsed, iter_lines, parse_number
from perfscout.model.errors import ParseError
from perfscout.model.languages import language_of
from perfscout.model.metrics import Hotspot, Metric, Profile, Scope, ScopeKind, SourceRef

_BLOCK = re.compile(r"^\s*Percent \|\s*Source code & Disassembly of (?P<bin>\S+) for "
                    r"(?P<ev>\S+) \((?P<n>\d+) samples")
_INSN = re.compile(r"^\s*(?P<pct>\d+\.\d+)\s*:\s+(?P<addr>[0-9a-f]+):\s*(?P<asm>.*)$")
_SRC = re.compile(r"^\s*:\s+(?P<line>\d+)\s+(?P<code>.*)$")
_FILELINE = re.compile(r"^\s*(?:\d+\.\d+\s*)?:?\s*(?P<file>[\w./+-]+\.\w+):(?P<line>\d+)\s*$")
_TRAIL = re.compile(r"^(?P<file>[\w./+-]+\.\w+):(?P<line>\d+)$")
_SYMLINE = re.compile(r"^\s*:\s+\d+\s+[0-9a-f]+ <(?P<sym>.+)>:\s*$")
_EMPTY = re.compile(r"^\s*:\s*(\d+\s+)?.*$")
# ``perf annotate -l`` heads each symbol with a "Sorted summary for file BIN": one line per
# hot source line with the symbol's local percentage, often all a pasted (truncated) file keeps
_SUMMARY = re.compile(r"^\s*Sorted summary for file (?P<bin>\S+)")
_SUMLINE = re.compile(r"^\s*(?P<pct>\d+\.\d+)\s+(?P<file>[\w./+-]+\.\w+):(?P<line>\d+)\s*$")
TOP_N = 50


@register_adapter
class PerfAnnotateAdapter(Adapter):
    """``perf annotate --stdio`` (see module docstring)."""

    name = "perf-annotate"
    family = "sampling"
    description = "perf annotate --stdio hot lines"

    def sniff(self, head: str, path: Path) -> float:
        return 0.9 if "Source code & Disassembly of" in head else 0.0

    def parse(self, path: Path) -> Profile:
        unparsed = Unparsed()
        blocks: list[tuple[str, int, dict[tuple[str, int], float], int]] = []
        sym = ""
        samples = 0
        lines: dict[tuple[str, int], float] = defaultdict(float)
        mix: dict[str, float] = defaultdict(float)  # sample-weighted x87/scalar/packed
        bits = 0  # the widest vector register of a sampled packed instruction
        cur_src: tuple[str, int] | None = None
        after_lock = False  # the previous instruction was an atomic (lock-prefixed) one
        pending: dict[tuple[str, int], float] = {}  # the current block's sorted summary
        block_line = 0
        event = ""
        binary = ""
        summary: dict[tuple[str, int], float] = {}  # the next block's sorted summary
        in_summary = False
        texts: dict[tuple[str, int], str] = {}  # the source lines printed, by (symbol, line)
        for no, line in iter_lines(path):
            if _SUMMARY.match(line):
                if samples:
                    blocks.append((sym, samples, _or_summary(lines, pending), block_line))
                    samples = 0
                summary, in_summary = {}, True
                continue
            if in_summary:
                sl = _SUMLINE.match(line)
                if sl:
                    key = (sl["file"], int(sl["line"]))
                    summary[key] = summary.get(key, 0.0) + (parse_number(sl["pct"]) or 0.0)
                    continue
                if not line.strip() or line.startswith("-----"):
                    continue
                in_summary = False
            b = _BLOCK.match(line)
            if b:
                if samples:
                    blocks.append((sym, samples, _or_summary(lines, pending), block_line))
                pending, summary = summary, {}
                sym, samples, block_line = "", int(b["n"]), no
                event, binary = b["ev"], b["bin"]
                lines = defaultdict(float)
                cur_src = None
                after_lock = False
                continue
            if not line.strip() or line.startswith("-----"):
                continue
            i = _INSN.match(line)
            if i:
                pct = parse_number(i["pct"]) or 0.0
                asm, _, where = i["asm"].partition("//")
                loc = _TRAIL.match(where.strip()) if where else None
                if loc:  # perf annotate -l names each instruction's source line
                    cur_src = (loc["file"], int(loc["line"]))
                if pct and cur_src is not None:
                    lines[cur_src] += pct
                parts = asm.split(None, 1)
                kind = classify(parts[0], parts[1] if len(parts) > 1 else "") if parts else ""
                locked = bool(parts) and is_locked(parts[0], parts[1] if len(parts) > 1 else "")
                if pct and (locked or after_lock):  # a sample skids onto the next instruction
                    mix["locked"] += pct / 100 * samples
                after_lock = locked
                if kind == "cplx":  # a call site, counted whatever its (cold) samples
                    mix[kind] += 1
                elif pct and kind:
                    mix[kind] += pct / 100 * samples
                    if kind == "packed":
                        bits = max(bits, vector_bits(parts[1] if len(parts) > 1 else ""))
                    if kind in ("scalar", "packed") and is_div_sqrt(parts[0]):
                        mix["div_sqrt"] += pct / 100 * samples
                continue
            s = _SYMLINE.match(line)
            if s:
                sym = sym or s["sym"]
                continue
            f = _FILELINE.match(line)
            if f:
                cur_src = (f["file"], int(f["line"]))
                continue
            sr = _SRC.match(line)
            if sr:
                cur_src = (sym or binary, int(sr["line"]))
                texts[cur_src] = sr["code"]
                continue
            if _EMPTY.match(line):
                continue
            unparsed.add(no)
        if samples:
            blocks.append((sym, samples, _or_summary(lines, pending), block_line))
        if not blocks:
            raise ParseError(str(path), None, "'Percent | Source code & Disassembly of' blocks")
        total = sum(b[1] for b in blocks)
        metrics: list[Metric] = []
        hot: list[Hotspot] = []
        for name, n, per_line, at in blocks:
            metrics.append(Metric(name="samples", value=float(n), unit="count",
                                  scope=Scope(ScopeKind.FUNCTION, name),
                                  source=SourceRef(str(path), at), raw_name=event))
            for (file, ln), pct in per_line.items():
                share = pct / 100 * n / total
                label = f"{file}:{ln}"
                metrics.append(Metric(name="samples", value=pct / 100 * n, unit="count",
                                      scope=Scope(ScopeKind.LINE, label, name),
                                      source=SourceRef(str(path), at), raw_name=event))
                hot.append(Hotspot(name=f"{name} line {ln}", self_share=share,
                                   self_value=pct / 100 * n, unit=event,
                                   location=SourceRef(file, ln), callpath=(name,),
                                   source=SourceRef(str(path), at)))
        if mix:  # instruction mix weighted by samples: what the hot code executes
            weighted = Counter({k: round(v) for k, v in mix.items()})
            metrics += mix_metrics(weighted, bits, Scope(), SourceRef(str(path), None))
        # samples on atomics (and the instruction after each): the threads may take turns there
        if mix.get("locked", 0.0) > 0 and total > 0:
            metrics.append(Metric("insn.locked_share", mix["locked"] / total, "ratio", Scope(),
                                  SourceRef(str(path), None), "lock-prefixed"))
        metrics += _strided(blocks, texts, total, path)
        hot.sort(key=lambda h: -(h.self_share or 0.0))
        return Profile(format=self.name, path=str(path), metrics=tuple(metrics),
                       hotspots=tuple(hot[:TOP_N]),
                       meta={"event": event, "binary": binary, "symbols": str(len(blocks))},
                       unparsed_lines=unparsed.count, unparsed_examples=unparsed.examples)


def _strided(blocks: list[tuple[str, int, dict[tuple[str, int], float], int]],
             texts: dict[tuple[str, int], str], total: int, path: Path) -> list[Metric]:
    """``loop.strided`` for each block whose hottest line sits in a loop that walks an array a
    row per step (:func:`loop_text.strided_loop` over the source lines the listing printed):
    the loop's share of all samples, at the line of the access (its text the raw name)."""
    out: list[Metric] = []
    for name, n, per_line, at in blocks:
        if not per_line or total <= 0:
            continue
        (file, hot), _pct = max(per_line.items(), key=lambda kv: kv[1])
        lines = {ln: t for (f, ln), t in texts.items() if f == file}
        walk = strided_loop(lines, hot, language_of(file) == "fortran" or is_fortran(lines))
        if walk is None:
            continue
        head, line, access = walk
        share = sum(p for (f, ln), p in per_line.items()
                    if f == file and head <= ln <= line) / 100 * n / total
        out.append(Metric("loop.strided", share, "ratio", Scope(ScopeKind.LINE, f"{file}:{line}",
                                                               name),
                          SourceRef(str(path), at), access))
    return out


def _or_summary(lines: dict[tuple[str, int], float],
                summary: dict[tuple[str, int], float]) -> dict[tuple[str, int], float]:
    """The block's per-line shares: perf's sorted summary when the output has one (perf sums
    it from the debug line table; the numbers it prints before source text in the listing
    are not always source line numbers), else the instruction lines' own."""
    return dict(summary) if summary else dict(lines)
