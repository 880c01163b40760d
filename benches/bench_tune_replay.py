"""Replay recorded tables: full-space TPE and random vs the evidence-guided search (and, for
reference, TPE on the hard-narrowed space), SEEDS seeds each.

Tables (benches/data/, recorded on this kind of machine; see record_matmul_grid.py and
record_tables.py): each with the findings of ``perfscout analyze`` on its kernel's baseline
(``*_analysis.json``) and the recording machine's snapshot (caches, cores). Reported per table
and search: median and p90 evaluations to get within 5% of the table's best, and misses (a run
that never gets there costs the whole table). Targets: guided <= 1/2 of full TPE's median where
the evidence is right, <= full TPE's where it is wrong (``rowsweep``), 0 misses everywhere.
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "src"))
sys.path.insert(0, str(HERE))

from _common import write_result  # noqa: E402

from perfscout.model.serialize import from_jsonable  # noqa: E402
from perfscout.model.snapshot import PlatformSnapshot  # noqa: E402
from perfscout.tune.service import read_analysis, replay  # noqa: E402

SEEDS = int(os.environ.get("SEEDS", "20"))  # SEEDS=8: a quicker look
BUDGET = 100
DATA = HERE / "data"
# table -> (analysis, snapshot, is the evidence's region right: does it hold a 5% point?)
TABLES = {
    "matmul_grid": ("matmul_analysis", "matmul_snapshot"),
    "transpose": ("transpose_analysis", "tables_snapshot"),
    "matmul_rows": ("matmul_rows_analysis", "tables_snapshot"),
    "dot_blocked": ("dot_blocked_analysis", "tables_snapshot"),
    "rowsweep": ("rowsweep_analysis", "tables_snapshot"),
}


def one(name: str, seeds: int = SEEDS) -> dict[str, object]:
    analysis_name, snap_name = TABLES[name]
    snap = from_jsonable(PlatformSnapshot,
                         json.loads((DATA / f"{snap_name}.json").read_text()))
    a = read_analysis(DATA / f"{analysis_name}.json")
    t0 = time.time()
    res = replay(DATA / f"{name}.json", a, snap, ["tpe", "random"], seeds, BUDGET)
    by = {(r["space"], r["sampler"]): r for r in res["results"]}
    full, guided = by[("full", "tpe")], by[("guided", "tpe")]
    table = json.loads((DATA / f"{name}.json").read_text())
    best = res["table_best"]
    near = [r for r in table["rows"] if r["t"] is not None and r["t"] <= best * 1.05]
    region_right = res["results"] and by[("narrowed", "tpe")]["misses"] == 0
    ratio = guided["evals_to_5pct_median"] / full["evals_to_5pct_median"]
    return {
        "rows": res["rows"], "points_within_5pct": len(near),
        "findings": [f.id for f in a.findings],
        "evidence_region_holds_a_5pct_point": bool(region_right),
        "results": res["results"], "preferences": res["prior"]["preferences"],
        "guided_over_full_tpe": round(ratio, 3),
        "target": "<= 0.5" if region_right else "<= 1.0",
        "met": bool(ratio <= (0.5 if region_right else 1.0) and guided["misses"] == 0),
        "seconds": round(time.time() - t0, 1),
    }


def main() -> None:
    names = sys.argv[1:] or list(TABLES)
    load_before = os.getloadavg()
    out = {n: one(n) for n in names}
    load = {"loadavg_before": load_before, "loadavg_after": os.getloadavg(),
            "note": "replay is CPU-bound Python: load changes its run time, not its figures"}
    for n, r in out.items():
        rs = {(x["space"], x["sampler"]): x for x in r["results"]}  # type: ignore[attr-defined]
        print(f"{n}: " + ", ".join(
            f"{s}/{m} {rs[(s, m)]['evals_to_5pct_median']:g}/{rs[(s, m)]['evals_to_5pct_p90']:g}"
            f" miss {rs[(s, m)]['misses']}" for s, m in rs) + f" -> ratio "
            f"{r['guided_over_full_tpe']} target {r['target']} met {r['met']}", flush=True)
    if names == list(TABLES):
        write_result("tune_replay", {"seeds": SEEDS, "budget": BUDGET, "load": load,
                                     "tables": out})


if __name__ == "__main__":
    main()
