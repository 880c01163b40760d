"""Shared bits of the agent tests: corpus paths and a complete proposal."""

from __future__ import annotations

from typing import Any

STREAM_FILE = "benchmarks/stream/stream-5.10-omp-2threads-in-notes.txt"
EPYC_LSCPU = "topology/lscpu-dual-epyc7451-older-util-linux.txt"


def good_proposal(pid: str = "llm.two_threads", **over: Any) -> dict[str, Any]:
    """A complete proposal: two OpenMP threads for the triad kernel."""
    p: dict[str, Any] = {
        "id": pid, "addresses": ["hw.memory_bandwidth"], "layer": "runtime", "kind": "param",
        "title": "two OpenMP threads", "change": {"params": {"threads": 2}},
        "verification": {"commands": [["perf", "stat", "-e", "task-clock", "true"]],
                         "metric": "bandwidth_MBps", "direction": "higher"},
        "expected_gain": {"low": 1.0, "high": 2.0, "basis": "one core cannot saturate DRAM"},
        "risk": {"level": "low", "reason": "thread count only"},
        "confidence": {"value": 0.6, "rationale": "2 cores here"},
        "invalid_when": ["only one core is available"],
        "rollback": "unset OMP_NUM_THREADS",
    }
    p.update(over)
    return p
