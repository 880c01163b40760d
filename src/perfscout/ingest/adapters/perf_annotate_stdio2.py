"""``perf annotate --stdio2``: the TUI's layout printed as text, one block per symbol.

Each block starts ``Samples: N  of event 'E', ...`` followed by ``SYMBOL() BINARY`` and a
``Percent`` header. An instruction line has a gutter (the local percentage and a jump label
such as ``8b:``), an arrow column (``→``, ``↓``, ``↑``) and the instruction; source lines
carry no percentage and no line number (the gutter's width depends on the percentages). The
format gives what ``--stdio`` gives minus the source line numbers: each symbol's samples and the
sample-weighted instruction mix of its hot code, including the share of samples on atomic
(lock-prefixed) instructions and the instruction each one skids onto (``insn.locked_share``),
so that a user who pasted the TUI layout is read like one who used ``--stdio``.
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
from perfscout.ingest.registry import register_adapter
from perfscout.ingest.textutil import Unparsed, iter_lines, parse_number
from perfscout.model.errors import ParseError
from perfscout.model.metrics import Hotspot, Metric, Profile, Scope, ScopeKind, SourceRef

_HEAD = re.compile(r"^Samples: (?P<n>\d+[KMG]?)\s+of event '(?P<ev>[^']+)'")
_SYM = re.compile(r"^(?P<sym>\S.*?)\(\)\s+(?P<bin>\S+)\s*$")
_LEAD = re.compile(r"^\s*(?P<pct>\d+\.\d+)?\s*(?P<label>[0-9a-f]+:)?\s*(?P<arrow>[→↓↑])?\s*")
_MNEMONIC = re.compile(r"^[a-z][a-z0-9.]*$")
_OPERAND = re.compile(r"%[a-z]|\$0x|\$-?\d|\(%|^[0-9a-f]+\s*$|@plt")
_BARE = frozenset({"ret", "retq", "nop", "cqto", "cltq", "cltd", "leave", "leaveq", "cwtl",
                   "vzeroupper", "pause", "lock", "hlt", "ud2", "endbr64", "int3", "syscall"})
_COUNT = {"K": 1e3, "M": 1e6, "G": 1e9}


def _samples(text: str) -> int:
    mult = _COUNT.get(text[-1], 1.0)
    return int(float(text.rstrip("KMG")) * mult)


def _instruction(line: str) -> tuple[float, str, str] | None:
    """(local percent, mnemonic, operands) of an instruction line; None for source text. An
    instruction has a percentage, a jump label, an arrow, or register/immediate/memory
    operands (``%rax``, ``$0x1``, ``(%rsi)``); source text has none of these."""
    g = _LEAD.match(line)
    if g is None:
        return None
    rest = line[g.end():]
    parts = rest.strip().split(None, 1)
    if not parts or not _MNEMONIC.match(parts[0]):
        return None
    ops = parts[1] if len(parts) > 1 else ""
    if not (g["pct"] or g["label"] or g["arrow"] or _OPERAND.search(ops) or
            (not ops and parts[0] in _BARE)):
        return None
    return (parse_number(g["pct"]) or 0.0 if g["pct"] else 0.0, parts[0], ops)


@register_adapter
class PerfAnnotateStdio2Adapter(Adapter):
    """``perf annotate --stdio2`` (see module docstring)."""

    name = "perf-annotate-stdio2"
    family = "sampling"
    description = "perf annotate --stdio2 hot instructions per symbol"

    def sniff(self, head: str, path: Path) -> float:
        lines = head.splitlines()
        for i, line in enumerate(lines[:-2]):
            if _HEAD.match(line) and _SYM.match(lines[i + 1]) and \
                    lines[i + 2].strip().startswith("Percent"):
                return 0.9
        return 0.0

    def parse(self, path: Path) -> Profile:
        unparsed = Unparsed()
        blocks: list[tuple[str, int, int]] = []  # symbol, samples, line
        mix: dict[str, float] = defaultdict(float)
        bits = 0  # the widest vector register of a sampled packed instruction
        event = binary = ""
        samples = 0
        after_lock = False
        expect_sym = False
        for no, line in iter_lines(path):
            h = _HEAD.match(line)
            if h:
                samples, event, after_lock, expect_sym = _samples(h["n"]), h["ev"], False, True
                continue
            if expect_sym:
                s = _SYM.match(line)
                if s:
                    blocks.append((s["sym"], samples, no))
                    binary = binary or s["bin"]
                expect_sym = False
                continue
            if not blocks or not line.strip() or line.strip().startswith("Percent"):
                continue
            insn = _instruction(line)
            if insn is None:
                continue  # source text
            pct, mn, ops = insn
            if mn.startswith("call") and "<" not in ops:  # the TUI prints the bare callee
                ops = f"<{ops.strip()}>"
            weight = pct / 100 * samples
            locked = is_locked(mn, ops)
            if mn == "lock":  # the prefix printed as its own word: classify what it prefixes
                mn, _, ops = ops.partition(" ")
            if weight and (locked or after_lock):  # a sample skids onto the next instruction
                mix["locked"] += weight
            after_lock = locked
            kind = classify(mn, ops)
            if kind == "cplx":  # a call site, counted whatever its (cold) samples
                mix[kind] += 1
            elif weight and kind:
                mix[kind] += weight
                if kind == "packed":
                    bits = max(bits, vector_bits(ops))
                if kind in ("scalar", "packed") and is_div_sqrt(mn):
                    mix["div_sqrt"] += weight
        if not blocks:
            raise ParseError(str(path), None,
                             "'Samples: N of event' blocks headed 'SYMBOL() BINARY'")
        total = sum(b[1] for b in blocks)
        metrics = [Metric("samples", float(n), "count", Scope(ScopeKind.FUNCTION, sym),
                          SourceRef(str(path), at), event) for sym, n, at in blocks]
        hot = [Hotspot(name=sym, self_share=n / total if total else None, self_value=float(n),
                       unit=event, callpath=(sym,), source=SourceRef(str(path), at))
               for sym, n, at in sorted(blocks, key=lambda b: -b[1])]
        if mix:
            weighted = Counter({k: round(v) for k, v in mix.items()})
            metrics += mix_metrics(weighted, bits, Scope(), SourceRef(str(path), None))
        if mix.get("locked", 0.0) > 0 and total > 0:
            metrics.append(Metric("insn.locked_share", mix["locked"] / total, "ratio", Scope(),
                                  SourceRef(str(path), None), "lock-prefixed"))
        return Profile(format=self.name, path=str(path), metrics=tuple(metrics),
                       hotspots=tuple(hot), meta={"event": event, "binary": binary,
                                                  "symbols": str(len(blocks))},
                       unparsed_lines=unparsed.count, unparsed_examples=unparsed.examples)
