"""A table whose threads column is the same in every row (a size sweep run at two threads) is
no thread sweep: derive gives no speedup from it, and reading it never compares two runs by
anything but their thread count (it once ended in an internal TypeError). A real thread sweep
still gets its speedup and efficiency. The CSVs are the shapes a user's sweep script writes."""

from __future__ import annotations

from pathlib import Path

import pytest

from perfscout.ingest import load
from perfscout.ingest.derive import derive

D = Path(__file__).parent / "data" / "thread_column"


def test_a_size_sweep_at_one_thread_count_gives_no_speedup() -> None:
    p = derive(load(D / "size_sweep_fixed_threads.csv"))
    assert not [m for m in p.metrics if m.name in ("scaling.speedup", "scaling.efficiency")]
    assert sum(1 for m in p.metrics if m.name == "time.elapsed") == 4


def test_a_thread_sweep_still_gets_speedup_and_efficiency() -> None:
    p = derive(load(D / "thread_sweep.csv"))
    sp = [m.value for m in p.metrics if m.name == "scaling.speedup"]
    eff = [m.value for m in p.metrics if m.name == "scaling.efficiency"]
    assert sp == [pytest.approx(0.820 / 0.431)] and eff == [pytest.approx(0.820 / 0.431 / 2)]
