"""Replay as a feature (recorded table), and a real narrowed tuning run confirmed by experiment."""

from __future__ import annotations

import json
from pathlib import Path

from conftest import REPO, run_cli

GRID = REPO / "benches" / "data" / "matmul_grid.json"
ANALYSIS = REPO / "benches" / "data" / "matmul_analysis.json"
SNAPSHOT = REPO / "benches" / "data" / "matmul_snapshot.json"


def test_replay_reports_each_sampler_and_space(ps_home: Path) -> None:
    cp = run_cli("tune", "replay", str(GRID), "--narrow-from", str(ANALYSIS),
                 "--platform", str(SNAPSHOT),
                 "--sampler", "tpe,random", "--seeds", "4", "--budget", "15", "--json")
    env = json.loads(cp.stdout)
    assert env["status"] == "ok", env["errors"]
    d = env["data"]
    table = json.loads(GRID.read_text())
    assert d["rows"] == len(table["rows"]) == 216
    assert d["table_best"] == min(r["t"] for r in table["rows"])
    got = {(r["sampler"], r["space"]) for r in d["results"]}
    assert got == {("tpe", "full"), ("random", "full"), ("tpe", "narrowed"),
                   ("random", "narrowed"), ("tpe", "guided")}
    full = next(r for r in d["results"] if r["space"] == "full")
    guided = next(r for r in d["results"] if r["space"] == "guided")
    assert guided["space_size"] == 216  # a prior, not a prune: the whole table reachable
    narrowed = next(r for r in d["results"] if r["space"] == "narrowed")
    # j-innermost orders (2) x tiles fitting the recording machine's L2 (4) x vectorizing flag
    # sets (2), threads fixed at its 2 cores
    assert narrowed["space_size"] == 16 < full["space_size"] == 216
    for r in d["results"]:
        # not cut at the budget: a miss costs the whole table
        assert 1 <= r["evals_to_5pct_median"] <= 216
        assert r["best_at_budget_median"] >= d["table_best"]
    assert narrowed["evals_to_5pct_p90"] <= 16  # the best is inside the narrowed space
    # narrowing followed the findings' roles: threads fixed, with the reason
    fixed = {f["name"]: f for f in d["spaces"]["narrowed"]["fixed"]}
    assert "threads" in fixed and "no finding points at threads" in fixed["threads"]["reason"]
    assert fixed["threads"]["value"] == 2


def test_a_space_that_excludes_the_best_costs_the_whole_table() -> None:
    import dataclasses

    from perfscout.tune.replay import compare, load_table
    from perfscout.tune.space import Fixed

    table = load_table(GRID)
    best = min(table.rows, key=lambda k: table.rows[k])
    best_threads = json.loads(best)["threads"]
    wrong = dataclasses.replace(
        table.space, params=tuple(p for p in table.space.params if p.name != "threads"),
        fixed=(Fixed("threads", 3 - best_threads, "the wrong thread count", "threads"),))
    res = compare(table, {"wrong": wrong}, ["random"], 3, 10)
    r = res["results"][0]
    assert r["space_size"] == 108 and r["misses"] == 3
    assert r["evals_to_5pct_median"] == 216


def test_replay_rejects_bad_tables(tmp_path: Path, ps_home: Path) -> None:
    bad = tmp_path / "t.json"
    bad.write_text(json.dumps({"objective": "t", "params": {"x": {"role": "bogus",
                                                                   "values": [1]}},
                               "rows": [{"x": 1, "t": 1.0}]}))
    cp = run_cli("tune", "replay", str(bad), "--json")
    env = json.loads(cp.stdout)
    assert cp.returncode == 3 and "unknown role" in env["errors"][0]["message"]
    assert "Traceback" not in cp.stderr


def test_real_narrowed_tuning_run_beats_best_single_proposal(ps_home: Path) -> None:
    """Findings -> narrowed space -> 30 trials -> confirmed win over the best single proposal."""
    cp = run_cli("tune", "run", "--from-analysis", str(ANALYSIS), "--budget", "30", "--size", "384",
                 "--study", "real", "--confirm", "--json", timeout=1500)
    env = json.loads(cp.stdout)
    assert env["status"] == "ok", env["errors"]
    d = env["data"]
    assert d["n_trials"] >= 30
    names = {p["name"] for p in d["space"]["params"]}
    assert names == {"order", "tile", "flags", "threads", "binding"}  # a prior, not a prune
    prefs = {p["param"]: p for p in d["prior"]["preferences"]}
    assert "no finding points at threads" in prefs["threads"]["reason"]  # the baseline first
    c = d["confirmation"]
    assert c["best_single"] in ("loop_interchange", "loop_tiling", "compiler_opt_level",
                                "compiler_arch", "thread_count")
    assert c["verdict"] == "win", c
    assert c["ratio_low"] > 1.0
