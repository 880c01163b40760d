"""What the available data cannot say, stated plainly (counterless machines above all)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from perfscout.model.findings import Finding

if TYPE_CHECKING:
    from perfscout.diagnose.engine import Context

# finding id -> what its conclusion rests on when no hardware counter was read
_COUNTERLESS: dict[str, str] = {
    "hw.memory_bandwidth": "no DRAM counters: bandwidth comes from benchmark/measured rates, not "
                           "from the program's own memory traffic",
    "hw.cache_locality": "no cache counters: miss ratios come from cachegrind simulation of a "
                         "generic cache, not this CPU's",
    "hw.numa_remote": "no uncore counters: remote accesses are inferred from placement "
                      "(topology, migrations, bandwidth), not counted",
    "hw.vectorization": "no FLOP counters: vector share comes from compiler remarks only",
    "hw.compute_bound": "no FLOP/cycle counters: compute-boundness comes from timings and "
                        "instruction counts (callgrind)",
}
COUNTERLESS_GENERAL = (
    "hardware counters unavailable on this machine: hw.frontend, hw.bad_speculation and "
    "hw.frequency cannot be judged from the run itself; conclusions rest on timings, software "
    "events, valgrind simulations, compiler remarks and bandwidth benchmarks"
)


def limits(ctx: Context, findings: list[Finding]) -> tuple[str, ...]:
    out: list[str] = []
    if ctx.snapshot is None:
        out.append("no platform snapshot: machine ceilings (cores, NUMA nodes, peak bandwidth) "
                   "come only from the inputs; give --platform or --platform-dir")
    elif ctx.counterless:
        out.append(COUNTERLESS_GENERAL)
    if not findings:
        out.append("the inputs do not separate the layers: no finding is stated; see the data "
                   "requests")
    return tuple(out)


def for_finding(ctx: Context, f: Finding) -> tuple[str, ...]:
    if not ctx.counterless or f.id not in _COUNTERLESS:
        return ()
    if any(e.source_kind == "hardware_counters" and e.metric.startswith(("mem.", "cache.",
           "flops.", "numa.", "llc.", "l1d.")) for e in f.evidence):
        return ()  # counter data from another machine was given
    return (_COUNTERLESS[f.id],)
