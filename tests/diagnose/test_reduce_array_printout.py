"""An element-wise reduction of a whole array, from the program's own words
(tests/diagnose/data/reduce_array/make.sh: src/maxres.c reduces a 2 Mi-double residual array
per step to get its maximum, or, fixed, its local maximum): ``allreduce volume: 16.777 MB per
call`` and ``allreduce 0.629 s of total 0.770 s``."""

from __future__ import annotations

from pathlib import Path

from perfscout.diagnose.engine import diagnose
from perfscout.ingest.derive import derive
from perfscout.ingest.registry import load

D = Path(__file__).parent / "data" / "reduce_array"


def _findings(name: str) -> list:
    return list(diagnose([derive(load(D / name))], None).findings)


def test_a_whole_array_reduced_per_call_is_redundant_work() -> None:
    f = _findings("maxres-array-output.txt")[0]
    assert f.id == "app.redundant_work"
    per_call = next(e for e in f.evidence if e.metric == "mpi.reduce_bytes_per_call")
    assert per_call.value == 16.777 * 1e6  # MB as printed, in bytes (2 Mi doubles = 16 MiB)
    share = next(e for e in f.evidence if e.metric == "mpi.time_share")
    assert abs(share.value - 0.629 / 0.770) < 1e-9


def test_of_total_is_the_runs_time() -> None:
    times = [m.value for m in load(D / "maxres-array-output.txt").metrics
             if m.name == "time.elapsed"]
    assert times == [0.770]


def test_a_one_double_reduction_stays_silent() -> None:
    # "allreduce volume: 0.000 MB per call", "allreduce 0.081 s of total 0.196 s" (41%)
    assert "app.redundant_work" not in [f.id for f in _findings("maxres-scalar-output.txt")]
