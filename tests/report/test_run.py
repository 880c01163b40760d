"""Reports of stored runs: the kb_runs record is enough to rebuild the report."""

from __future__ import annotations

from pathlib import Path

from perfscout.experiment.store import Store
from perfscout.kb import CardStore
from perfscout.model.findings import Finding, Status
from perfscout.model.serialize import to_jsonable
from perfscout.model.taxonomy import Layer
from perfscout.report import report_from_run


def test_stored_run_names_each_scope_and_states_limits_once(tmp_path: Path) -> None:
    db = tmp_path / "perfscout.db"
    f = Finding("hw.vectorization", Layer.HARDWARE, Status.HYPOTHESIS, 0.6, "scalar loops")
    one = {"findings": [to_jsonable(f)], "limits": ["no hardware counters"]}
    run = {"title": "session", "experiment_ids": [], "analyses": {"matmul": one, "jacobi": one},
           "platform_info": {"cpu": "Test CPU"}, "notes": ["approved by policy file"],
           "ceilings": {"bandwidth_GBps": 12.5, "bandwidth_source": "likwid-bench"}}
    store = Store(db)
    try:
        with CardStore(db) as cs:
            cs.save_run("s1", "session", run)
            rid, data = cs.run("s1")
            files = report_from_run(store, cs, rid, data, tmp_path / "out", "en")
    finally:
        store.close()
    md = files.markdown.read_text()
    assert "**hw.vectorization** (matmul)" in md and "**hw.vectorization** (jacobi)" in md
    assert md.count("no hardware counters") == 1
    assert "session s1" in md and "Test CPU" in md and "approved by policy file" in md
    assert "12.5 GB/s (likwid-bench)" in md
