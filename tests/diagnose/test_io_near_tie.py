"""The I/O finding does not turn on which of two near-equal shares came out larger: when the
sampled profile with the largest I/O-named share says the text is formatted in memory, a
profile of another family holding as large a share decides in its own terms (real profiles of
one session, tests/diagnose/data/io_near_tie, where the sampled share came out 0.8 points
above the simulator's; with the simulator's ahead the finding was already there)."""

from __future__ import annotations

import json
from pathlib import Path

from conftest import run_cli

D = Path(__file__).parent / "data" / "io_near_tie"


def _ids(*names: str) -> list[str]:
    cp = run_cli("analyze", *(str(D / n) for n in names), "--json")
    assert cp.returncode == 0, cp.stderr
    return [f["id"] for f in json.loads(cp.stdout)["data"]["findings"]]


def test_the_simulator_keeps_the_io_finding_when_the_sampled_share_edges_ahead() -> None:
    assert "app.io_hotspot" in _ids("perf-report-callers.txt", "perf-report-dso-sym.txt",
                                    "cachegrind-program.out")


def test_the_sampled_profile_alone_still_reads_in_memory_formatting() -> None:
    # the veto stands where no other family measures the share
    assert "app.io_hotspot" not in _ids("perf-report-callers.txt", "perf-report-dso-sym.txt")
