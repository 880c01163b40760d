"""Replay the recorded matmul grid: narrowed+TPE vs full-space TPE vs random (30 seeds).

Reads benches/data/matmul_grid.json (216 measured points, see record_matmul_grid.py) and the
findings in benches/data/matmul_analysis.json (``perfscout analyze`` of real cachegrind output
and gcc remarks of the naive matmul). Reports evaluations to get within 5% of the table's best
(median, p90) and the best time found within a fixed budget, per sampler and space. Narrowing
uses the recording machine's snapshot (benches/data/matmul_snapshot.json: caches, cores).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "src"))
sys.path.insert(0, str(HERE))

from _common import write_result  # noqa: E402

from perfscout.model.findings import Finding  # noqa: E402
from perfscout.model.serialize import from_jsonable  # noqa: E402
from perfscout.model.snapshot import PlatformSnapshot  # noqa: E402
from perfscout.tune import narrow  # noqa: E402
from perfscout.tune.replay import compare, load_table  # noqa: E402

SEEDS = 30
BUDGET = 40


def main() -> None:
    table = load_table(HERE / "data" / "matmul_grid.json")
    env = json.loads((HERE / "data" / "matmul_analysis.json").read_text())
    findings = [from_jsonable(Finding, f) for f in env["data"]["findings"]]
    snap = from_jsonable(PlatformSnapshot,
                         json.loads((HERE / "data" / "matmul_snapshot.json").read_text()))
    narrowed = narrow(findings, snap, table.space)
    res = compare(table, {"full": table.space, "narrowed": narrowed}, ["tpe", "random"],
                  SEEDS, BUDGET)
    by = {(r["space"], r["sampler"]): r for r in res["results"]}
    nt, ft, fr = by[("narrowed", "tpe")], by[("full", "tpe")], by[("full", "random")]
    figures = {
        **res,
        "findings": [f.id for f in findings],
        "narrowed_space": narrowed.describe(),
        "ratio_narrowed_tpe_over_full_tpe": nt["evals_to_5pct_median"]
        / ft["evals_to_5pct_median"],
        "ratio_narrowed_tpe_over_full_random": nt["evals_to_5pct_median"]
        / fr["evals_to_5pct_median"],
        "target": "narrowed <= 0.5 x full TPE and <= 0.2 x random (median evaluations to 5%)",
    }
    write_result("tune_replay", figures)


if __name__ == "__main__":
    main()
