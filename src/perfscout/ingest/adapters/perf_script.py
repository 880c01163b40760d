"""``perf script`` sample stacks (``perf record -g``), folded into call paths.

Streams the file once; each stack frame's text (without its address) goes through a symbol
cache, so repeated frames cost one dict lookup and a 200 MB file stays fast. Samples are folded
per event into root-to-leaf call paths with counts (weighted by period when perf printed one);
the first event in the file is the primary one: its hotspots carry self and inclusive shares and
their hottest call path, and its folded stacks become the call tree.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from pathlib import Path

from perfscout.ingest.base import Adapter
from perfscout.ingest.registry import register_adapter
from perfscout.ingest.textutil import Unparsed, iter_lines
from perfscout.model.errors import ParseError
from perfscout.model.metrics import CallNode, Hotspot, Metric, Profile, Scope, ScopeKind, SourceRef

_SAMPLE = re.compile(
    r"^(?P<comm>\S.*?)\s+(?P<pid>\d+)(?:/(?P<tid>\d+))?\s+(?:\[(?P<cpu>\d+)\]\s+)?"
    r"(?P<ts>\d+\.\d+):\s+(?:(?P<period>\d+)\s+)?(?P<event>[^\s:][^:]*?):\s*(?P<rest>.*)$")
_OFFSET = re.compile(r"\+0x[0-9a-f]+$")
TOP_N = 50


def _frame(text: str) -> tuple[str, str]:
    """``sym+0x1a (module)`` -> (sym, module)."""
    sym, sep, mod = text.rpartition(" (")
    if not sep:
        return _OFFSET.sub("", text.strip()), ""
    return _OFFSET.sub("", sym.strip()) or "[unknown]", mod.rstrip(")")


def fold_samples(path: Path, unparsed: Unparsed, meta: dict[str, str]
                 ) -> tuple[dict[str, Counter[tuple[str, ...]]], dict[str, str], list[str]]:
    """Stream ``path``: per event, folded root->leaf stacks with weights; symbol -> module."""
    cache: dict[str, tuple[str, str]] = {}
    modules: dict[str, str] = {}
    folded: dict[str, Counter[tuple[str, ...]]] = defaultdict(Counter)  # float weights
    order: list[str] = []
    stack: list[str] = []
    event = ""
    weight = 0
    in_sample = False

    def flush() -> None:
        if in_sample and stack:
            folded[event][tuple(reversed(stack))] += weight

    for no, line in iter_lines(path):
        if not line:
            flush()
            in_sample = False
            stack.clear()
            continue
        c = line[0]
        if c in " \t":
            if not in_sample:
                unparsed.add(no)
                continue
            body = line.strip()
            _addr, _, rest = body.partition(" ")
            got = cache.get(rest)
            if got is None:
                got = _frame(rest)
                cache[rest] = got
                if got[1]:
                    modules.setdefault(got[0], got[1])
            stack.append(got[0])
            continue
        if c == "#":
            if line.startswith("# perf version :"):
                meta.setdefault("perf_version", line.split(":", 1)[1].strip())
            elif line.startswith("# cmdline :"):
                meta.setdefault("command", line.split(":", 1)[1].strip())
            continue
        m = _SAMPLE.match(line)
        if not m:
            unparsed.add(no)
            continue
        flush()
        stack.clear()
        in_sample = True
        event = m["event"].strip()
        if event not in folded:
            order.append(event)
            folded[event] = Counter()
        weight = int(m["period"]) if m["period"] else 1
        rest = m["rest"].strip()
        if rest:  # no call graph: one frame on the sample line itself
            _addr, _, fr = rest.partition(" ")
            if fr:
                stack.append(_frame(fr)[0])
    flush()
    return folded, modules, order


def _tree(stacks: Counter[tuple[str, ...]], modules: dict[str, str]) -> CallNode:
    root: dict[str, object] = {}
    totals: dict[tuple[str, ...], list[float]] = defaultdict(lambda: [0.0, 0.0])
    for st, w in stacks.items():
        for i in range(1, len(st) + 1):
            totals[st[:i]][1] += w
        totals[st][0] += w
    children: dict[tuple[str, ...], list[tuple[str, ...]]] = defaultdict(list)
    for key in totals:
        children[key[:-1]].append(key)
    del root

    def build(key: tuple[str, ...]) -> CallNode:
        kids = sorted(children.get(key, []), key=lambda k: -totals[k][1])
        s, inc = totals[key]
        return CallNode(name=key[-1], self_value=s, inclusive_value=inc,
                        module=modules.get(key[-1], ""),
                        children=tuple(build(k) for k in kids))

    tops = sorted(children.get((), []), key=lambda k: -totals[k][1])
    total = sum(stacks.values())
    return CallNode(name="<root>", inclusive_value=total, children=tuple(build(k) for k in tops))


def hotspots_from_stacks(stacks: Counter[tuple[str, ...]], modules: dict[str, str], unit: str,
                         top: int = TOP_N) -> tuple[Hotspot, ...]:
    """Top functions by self weight with inclusive weight and their hottest call path."""
    total = sum(stacks.values())
    if total <= 0:
        return ()
    self_w: Counter[str] = Counter()
    inc_w: Counter[str] = Counter()
    best_path: dict[str, tuple[float, tuple[str, ...]]] = {}
    for st, w in stacks.items():
        if not st:
            continue
        leaf = st[-1]
        self_w[leaf] += w
        if w > best_path.get(leaf, (-1.0, ()))[0]:
            best_path[leaf] = (w, st)
        for fn in set(st):
            inc_w[fn] += w
    ranked = sorted(inc_w, key=lambda f: (-self_w[f], -inc_w[f], f))[:top]
    return tuple(
        Hotspot(name=f, self_share=self_w[f] / total, inclusive_share=inc_w[f] / total,
                self_value=self_w[f], inclusive_value=inc_w[f], unit=unit,
                module=modules.get(f, ""), callpath=best_path.get(f, (0.0, ()))[1])
        for f in ranked)


@register_adapter
class PerfScriptAdapter(Adapter):
    """``perf script`` output with or without call graphs (see module docstring)."""

    name = "perf-script"
    family = "sampling"
    description = "perf script samples and stacks"

    def sniff(self, head: str, path: Path) -> float:
        lines = [ln for ln in head.splitlines()[:400] if ln and not ln.startswith("#")]
        hits = sum(1 for ln in lines[:200] if _SAMPLE.match(ln))
        return 0.85 if hits >= 2 else 0.0

    def parse(self, path: Path) -> Profile:
        unparsed = Unparsed()
        meta: dict[str, str] = {}
        folded, modules, order = fold_samples(path, unparsed, meta)
        if not order:
            raise ParseError(str(path), None,
                             "perf script sample lines 'comm pid [cpu] ts: event:'")
        src = SourceRef(str(path))
        metrics = [Metric(name="samples", value=sum(folded[e].values()), unit="count",
                          scope=Scope(ScopeKind.PROCESS), source=src, raw_name=e)
                   for e in order]
        primary = order[0]
        meta["event"] = primary
        meta["events"] = ",".join(order)
        return Profile(
            format=self.name, path=str(path), metrics=tuple(metrics),
            hotspots=hotspots_from_stacks(folded[primary], modules, primary),
            calltree=_tree(folded[primary], modules), meta=meta,
            unparsed_lines=unparsed.count, unparsed_examples=unparsed.examples,
            notes=tuple(f"event {e}: {len(folded[e])} distinct stacks" for e in order),
        )
