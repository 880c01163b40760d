"""Rules that judge a quantity wherever it comes from: bandwidth between the far-below and
near-peak thresholds, libc routines whose repeated calls are redundant work, packed divide and
square-root code."""

from __future__ import annotations

from tests.diagnose.build import m, prof, snapshot

from perfscout.diagnose.engine import diagnose
from perfscout.model.metrics import ScopeKind


def _bw_case(program_mb_s: float) -> list[str]:
    bench = prof("likwid-bench", "bench.txt",
                 m("bench.bandwidth", 10000.0, kind=ScopeKind.REGION, scope="triad"))
    own = prof("program-output", "out.txt", m("mem.bandwidth", program_mb_s, unit="MB/s"))
    d = diagnose([bench, own], snapshot(nodes=1, sockets=1))
    return [f.id for f in d.findings]


def test_bandwidth_between_far_below_and_near_peak_is_bandwidth_dominated() -> None:
    # 55% of the measured ceiling: memory traffic dominates (with a limit stating the headroom)
    bench = prof("likwid-bench", "bench.txt",
                 m("bench.bandwidth", 10000.0, kind=ScopeKind.REGION, scope="triad"))
    own = prof("program-output", "out.txt", m("mem.bandwidth", 5500.0, unit="MB/s"))
    d = diagnose([bench, own], snapshot(nodes=1, sockets=1))
    f = d.findings[0]
    assert f.id == "hw.memory_bandwidth" and f.limits  # the headroom is stated
    assert any("55%" in str(e) for e in f.evidence)
    assert f.thresholds["bw.far_below_peak"] == 0.40
    # at the ceiling it is more confident; far below it says nothing about bandwidth
    assert _bw_case(9000.0)[0] == "hw.memory_bandwidth"
    near = diagnose([bench, prof("program-output", "o.txt", m("mem.bandwidth", 9000.0))],
                    snapshot(nodes=1, sockets=1)).findings[0]
    assert near.confidence > f.confidence
    assert "hw.memory_bandwidth" not in _bw_case(3000.0)
