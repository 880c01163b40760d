"""A session's collect step on a user's project also annotates the profiled run's samples
(``perf annotate --stdio``), so line-level findings that need instructions fire in sessions:
an OpenMP histogram that updates its bins with ``omp atomic`` (tests/session/data/binner,
built and run with two threads) is found as lock contention, with the reduction offered."""

from __future__ import annotations

import shutil
from pathlib import Path

from conftest import require_tool
from perfscout.experiment.spec import spec_from_dict
from perfscout.pipeline.analyze import analyze
from perfscout.pipeline.demo import profile_baseline
from perfscout.sandbox.runner import default_runner

BINNER = Path(__file__).parent / "data" / "binner"


def test_collect_annotates_and_the_contention_finding_fires(tmp_path: Path) -> None:
    for tool in ("make", "gcc", "perf"):
        require_tool(tool)
    proj = tmp_path / "binner"
    shutil.copytree(BINNER, proj)
    spec = spec_from_dict({
        "name": "binner", "project": str(proj), "args": ["1000000"],
        "build": {"kind": "make", "target": "binner", "exe": "binner",
                  "vars": {"CFLAGS": "{cflags}"}},
        "baseline": {"flags": ["-O2", "-fopenmp"], "threads": 2},
        "measure": {"source": "wall"}, "metric": "wall_s", "direction": "lower",
        "check": {"kind": "stdout"}}, "binner", need_variants=False)
    notes: list[str] = []
    files = profile_baseline(default_runner(tmp_path / "ws"), spec, tmp_path / "ws", notes)
    ann = [f for f in files if f.name == "perf-annotate.txt"]
    assert ann, notes
    a = analyze(files)
    found = {f.id: f for f in a.findings}
    assert "rt.sync_contention" in found, (list(found), notes)
    assert any(p.id == "omp_reduction" for p in a.proposals), [p.id for p in a.proposals]
    # without the annotation the same collect gives no contention finding
    b = analyze([f for f in files if f not in ann])
    assert "rt.sync_contention" not in {f.id for f in b.findings}
