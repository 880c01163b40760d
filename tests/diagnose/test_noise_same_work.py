"""Other jobs' load measured on the run itself: two runs of one command whose CPU time agrees
while the wall time doubled (perf stat on a quiet and a loaded day) are the same work waiting,
so ``sys.os_noise`` ranks before a compiler remark about the code and is confirmed; an OpenMP
team whose barriers wait while other jobs hold the CPUs has the noise as the cause of its
``rt.region_overhead`` (real outputs: tests/diagnose/data/noise_same_work/README.md)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from perfscout.ingest.derive import derive, derive_across
from perfscout.ingest.registry import load
from perfscout.model.serialize import from_jsonable
from perfscout.model.snapshot import PlatformSnapshot
from perfscout.pipeline.analyze import analyze

D = Path(__file__).parent / "data" / "noise_same_work"


def _snapshot(name: str) -> PlatformSnapshot:
    raw = json.loads((D / name).read_text())["data"]
    return from_jsonable(PlatformSnapshot, raw)


def _spread(files: list[Path]) -> list[float]:
    got = derive_across(tuple(derive(load(f)) for f in files))
    return [m.value for p in got for m in p.metrics if m.name == "time.repeat_spread"]


def test_two_runs_with_the_same_cpu_time_give_the_wall_time_spread() -> None:
    spread = _spread([D / "ab" / "perfstat-today.txt", D / "ab" / "perfstat-yesterday.txt"])
    assert len(spread) == 1 and abs(spread[0] - 2.028346079 / 0.925643991) < 1e-6


def test_two_runs_whose_cpu_time_differs_are_not_pooled(tmp_path: Path) -> None:
    # the same command doing half the work yesterday: its shorter wall time is less work
    y = (D / "ab" / "perfstat-yesterday.txt").read_text().replace("665.92 msec", "332.96 msec")
    (tmp_path / "yesterday.txt").write_text(y)
    assert _spread([D / "ab" / "perfstat-today.txt", tmp_path / "yesterday.txt"]) == []


def test_noise_measured_on_the_run_ranks_before_a_compiler_remark(tmp_path: Path) -> None:
    a = analyze(sorted((D / "ab").iterdir()), snapshot=_snapshot("ab_platform.json"))
    ids = [f.id for f in a.findings]
    assert ids[0] == "sys.os_noise", ids
    assert "hw.vectorization" in ids[1:]
    top = a.findings[0]
    assert top.status.value == "confirmed"
    assert any(e.metric == "time.repeat_spread" for e in top.evidence)


def test_noise_alone_on_the_load_average_still_ranks_after(tmp_path: Path) -> None:
    # without yesterday's run nothing measures the waiting of this run's own work
    for f in (D / "ab").iterdir():
        if f.name != "perfstat-yesterday.txt":
            shutil.copy(f, tmp_path / f.name)
    a = analyze(sorted(tmp_path.iterdir()), snapshot=_snapshot("ab_platform.json"))
    assert [f.id for f in a.findings][:2] == ["hw.vectorization", "sys.os_noise"]


def test_other_jobs_explain_a_team_waiting_at_its_barriers() -> None:
    a = analyze(sorted((D / "team").iterdir()), snapshot=_snapshot("team_platform.json"))
    by = {f.id: f for f in a.findings}
    assert a.findings[0].id == "sys.os_noise"
    assert "sys.os_noise" in by["rt.region_overhead"].caused_by
