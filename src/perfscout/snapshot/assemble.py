"""Merge collector readings into one :class:`PlatformSnapshot` and say what stayed unknown.

Scalar facts: the highest-priority collector that reported a field wins. List facts
(compilers, MPI, GPUs): concatenated, first occurrence of each name kept.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from perfscout.model.clock import utc_now
from perfscout.model.snapshot import (
    CpuInfo,
    LoadInfo,
    MemoryInfo,
    NumaInfo,
    PerfCapability,
    PlatformSnapshot,
    SchedulerInfo,
)
from perfscout.snapshot.collect import Reading

_LISTS = {"compilers": "name", "mpi": "implementation", "gpus": "index"}

WATCHED = (
    "cpu.vendor", "cpu.model_name", "cpu.isa", "cpu.sockets", "cpu.cores_per_socket",
    "cpu.threads_per_core", "cpu.online_cpus", "cpu.caches", "cpu.governor", "cpu.max_mhz",
    "cpu.min_mhz", "numa.nodes", "numa.distances", "memory.total_mb", "memory.hugepages_total",
    "memory.thp_mode", "kernel", "hostname", "perf.perf_event_paranoid", "perf.hw_counters",
    "perf.likwid_perfctr_works",
)
"""Fields whose absence a report should mention (listed in ``unknown_fields``)."""


def assemble(readings: Sequence[Reading], origin: str) -> PlatformSnapshot:
    """Build the snapshot from ``readings`` (already in priority order)."""
    merged: dict[str, Any] = {}
    lists: dict[str, list[Any]] = {k: [] for k in _LISTS}
    for r in readings:
        for key, value in r.facts.items():
            if key in lists:
                have = {getattr(x, _LISTS[key]) for x in lists[key]}
                lists[key].extend(v for v in value if getattr(v, _LISTS[key]) not in have)
            elif key not in merged and value is not None:
                merged[key] = value

    def group(prefix: str, cls: Any) -> Any:
        names = {f.name for f in dataclasses.fields(cls)}
        kw = {k.split(".", 1)[1]: v for k, v in merged.items()
              if k.startswith(prefix + ".") and k.split(".", 1)[1] in names}
        return cls(**kw)

    if "memory.total_mb" not in merged:  # no meminfo: the NUMA nodes' memory is the total
        sizes = [n.memory_mb for n in merged.get("numa.nodes", ()) if n.memory_mb]
        if sizes:
            merged["memory.total_mb"] = sum(sizes)
    numa = NumaInfo(tuple(merged.get("numa.nodes", ())), tuple(merged.get("numa.distances", ())))
    snap = PlatformSnapshot(
        taken_at=utc_now(),
        hostname=merged.get("hostname"),
        kernel=merged.get("kernel"),
        os=merged.get("os"),
        origin=origin,
        cpu=group("cpu", CpuInfo),
        memory=group("memory", MemoryInfo),
        numa=numa,
        compilers=tuple(lists["compilers"]),
        mpi=tuple(lists["mpi"]),
        scheduler=group("scheduler", SchedulerInfo),
        gpus=tuple(lists["gpus"]),
        perf=group("perf", PerfCapability),
        modules=tuple(merged.get("modules", ())),
        load=group("load", LoadInfo),
        provenance=tuple(r.provenance for r in readings),
    )
    reasons = _unknown(merged, readings)
    return dataclasses.replace(snap, unknown_fields=tuple(reasons), unknown_reasons=reasons)


def _unknown(merged: dict[str, Any], readings: Sequence[Reading]) -> dict[str, str]:
    out: dict[str, str] = {}
    for path in WATCHED:
        value = merged.get(path)
        if value is not None and value != ():
            continue
        why = [f"{r.collector.name}: {r.provenance.reason or 'did not report it'}"
               for r in readings if path in r.collector.provides]
        out[path] = "; ".join(why) or "no collector reports it"
    return out
