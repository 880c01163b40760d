"""Replay recorded tables: full-space TPE and random vs the evidence-guided search (and, for
reference, TPE and random on the hard-narrowed space), SEEDS seeds each, budget BUDGET.

Tables (benches/data/, recorded on this kind of machine; see record_matmul_grid.py and
record_tables.py): each with the findings of ``perfscout analyze`` on its kernel's baseline
(``*_analysis.json``) and the recording machine's snapshot (caches, cores). Reported per table
and search: median and p90 evaluations to get within 5% of the table's best, and misses (a run
that never gets there costs the whole table). Each table says whether the guide's settings
were tuned on it (``tuned_on``) or it was pre-registered (``stencil2d``, ``stencil3d``: their
expectations were committed before they were recorded, benches/data/*_prereg.md; the guide's
region walk was written after stencil2d's one replay, so only stencil3d is independent of the
guide as it is now). The evidence is *right* on
a table when the guide's preferred region holds a point within 5% of the best. Targets: guided
<= 1/2 of full TPE's median where the evidence is right, <= full TPE's where it is wrong,
0 misses everywhere.

    python benches/bench_tune_replay.py [TABLE ...]   # SEEDS=8 for a quicker look

A table's figures are kept in benches/work/tune_replay/ under a key of everything they depend
on (the table, its analysis and snapshot, the tune stage's code, SEEDS, BUDGET), so a run of
every table reuses the tables already replayed with the same inputs and code.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import time
from multiprocessing import Pool
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "src"))
sys.path.insert(0, str(HERE))

from _common import write_result  # noqa: E402

from perfscout.model.serialize import from_jsonable  # noqa: E402
from perfscout.model.snapshot import PlatformSnapshot  # noqa: E402
from perfscout.tune.prior import evidence_prior  # noqa: E402
from perfscout.tune.replay import load_table, region_holds_a_near_best  # noqa: E402
from perfscout.tune.service import read_analysis, replay  # noqa: E402

SEEDS = int(os.environ.get("SEEDS", "20"))
BUDGET = 100
DATA = HERE / "data"
# table -> (analysis, snapshot, were the guide's settings tuned on it)
TABLES = {
    "matmul_grid": ("matmul_analysis", "matmul_snapshot", True),
    "transpose": ("transpose_analysis", "tables_snapshot", True),
    "matmul_rows": ("matmul_rows_analysis", "tables_snapshot", True),
    "dot_blocked": ("dot_blocked_analysis", "tables_snapshot", True),
    "rowsweep": ("rowsweep_analysis", "tables_snapshot", True),
    "stencil2d": ("stencil2d_analysis", "stencil2d_snapshot", False),  # pre-registered
    "stencil3d": ("stencil3d_analysis", "stencil3d_snapshot", False),  # pre-registered
}
SHOWN = (("full", "tpe"), ("full", "random"), ("guided", "tpe"), ("narrowed", "tpe"))


PARTS = HERE / "work" / "tune_replay"
CODE = HERE.parent / "src" / "perfscout" / "tune"


def _key(name: str) -> str:
    analysis_name, snap_name, _ = TABLES[name]
    h = hashlib.sha256(f"{SEEDS} {BUDGET}".encode())
    files = [DATA / f"{n}.json" for n in (name, analysis_name, snap_name)]
    for f in [*files, *sorted(CODE.glob("*.py"))]:
        h.update(f.read_bytes())
    return h.hexdigest()[:16]


def one(name: str) -> dict[str, object]:
    """The figures of one table: kept ones if nothing they depend on changed."""
    part = PARTS / f"{name}-{_key(name)}.json"
    if part.exists():
        return dict(json.loads(part.read_text()))
    r = replay_table(name)
    PARTS.mkdir(parents=True, exist_ok=True)
    part.write_text(json.dumps(r, indent=1) + "\n")
    return r


def replay_table(name: str) -> dict[str, object]:
    analysis_name, snap_name, tuned_on = TABLES[name]
    snap = from_jsonable(PlatformSnapshot,
                         json.loads((DATA / f"{snap_name}.json").read_text()))
    a = read_analysis(DATA / f"{analysis_name}.json")
    t0 = time.time()
    res = replay(DATA / f"{name}.json", a, snap, ["tpe", "random"], SEEDS, BUDGET)
    by = {(r["space"], r["sampler"]): r for r in res["results"]}
    full, guided = by[("full", "tpe")], by[("guided", "tpe")]
    table = load_table(DATA / f"{name}.json")
    prior = evidence_prior(a.findings, snap, table.space)
    right = region_holds_a_near_best(table, prior.region)
    ratio = guided["evals_to_5pct_median"] / full["evals_to_5pct_median"]
    return {
        "rows": res["rows"], "tuned_on": tuned_on,
        "points_within_5pct": sum(1 for v in table.rows.values() if table.within(v)),
        "findings": [f.id for f in a.findings],
        "evidence_right": right, "region_size": prior.region.size(),
        "results": res["results"], "preferences": res["prior"]["preferences"],
        "first_choice": res["prior"]["first_choice"],
        "guided_over_full_tpe": round(ratio, 3),
        "target": "<= 0.5" if right else "<= 1.0",
        "met": bool(ratio <= (0.5 if right else 1.0) and guided["misses"] == 0),
        "seconds": round(time.time() - t0, 1), "loadavg_after": os.getloadavg(),
        "replayed_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
    }


def line(name: str, r: dict[str, object]) -> str:
    rs = {(x["space"], x["sampler"]): x for x in r["results"]}  # type: ignore[attr-defined]
    cells = [f"{s}/{m} {rs[(s, m)]['evals_to_5pct_median']:g}/"
             f"{rs[(s, m)]['evals_to_5pct_p90']:g} miss {rs[(s, m)]['misses']}"
             for s, m in SHOWN]
    tag = "tuned on" if r["tuned_on"] else "PRE-REGISTERED"
    return (f"{name} ({tag}, evidence {'right' if r['evidence_right'] else 'wrong'}): "
            + ", ".join(cells) + f" -> guided/TPE {r['guided_over_full_tpe']} target "
            f"{r['target']} met {r['met']}")


def main() -> None:
    names = sys.argv[1:] or list(TABLES)
    load_before = os.getloadavg()
    with Pool(min(2, len(names))) as pool:  # one table per process: the arms are CPU-bound
        out = dict(zip(names, pool.map(one, names), strict=True))
    load = {"loadavg_before": load_before, "loadavg_after": os.getloadavg(),
            "note": "replay is CPU-bound Python: load changes its run time, not its figures"}
    for n, r in out.items():
        print(line(n, r), flush=True)
    if names == list(TABLES):
        write_result("tune_replay", {"seeds": SEEDS, "budget": BUDGET, "load": load,
                                     "tables": out})


if __name__ == "__main__":
    main()
