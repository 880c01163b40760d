"""What the available data cannot say, stated plainly (counterless machines above all)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from perfscout.model.findings import Finding
from perfscout.model.message import Text

if TYPE_CHECKING:
    from perfscout.diagnose.engine import Context

# finding ids whose conclusion rests on something else when no hardware counter was read
# (the sentence is the catalog's ``limit.counterless.<id>``)
_COUNTERLESS = frozenset({"hw.memory_bandwidth", "hw.cache_locality", "hw.numa_remote",
                          "hw.vectorization", "hw.compute_bound"})
COUNTERLESS_GENERAL = Text("limit.counterless")


def limits(ctx: Context, findings: list[Finding]) -> tuple[str, ...]:
    out: list[str] = []
    if ctx.snapshot is None:
        out.append(Text("limit.no_snapshot"))
    elif ctx.counterless:
        out.append(COUNTERLESS_GENERAL)
    if not findings:
        out.append(Text("limit.no_finding"))
    return tuple(out)


def for_finding(ctx: Context, f: Finding) -> tuple[str, ...]:
    if not ctx.counterless or f.id not in _COUNTERLESS:
        return ()
    if any(e.source_kind == "hardware_counters" and e.metric.startswith(("mem.", "cache.",
           "flops.", "numa.", "llc.", "l1d.")) for e in f.evidence):
        return ()  # counter data from another machine was given
    return (Text(f"limit.counterless.{f.id}"),)
