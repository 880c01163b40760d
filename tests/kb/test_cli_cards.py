"""`perfscout cards` after a real (small) demo: one card per verified proposal, both gains."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from conftest import run_cli
from perfscout.experiment.stats import JUDGED


def _demo(env: dict[str, str]) -> dict:
    return json.loads((Path(env["PERFSCOUT_HOME"]) / "demo.json").read_text())["data"]


def test_one_card_per_verified_proposal_with_both_gains(demo_home: dict[str, str]) -> None:
    demo = _demo(demo_home)
    judged = [(k["kernel"], p["id"]) for k in demo["kernels"] for p in k["proposals"]
              if p["kind"] != "combination"]
    assert judged, "the demo judged no proposal"
    cp = run_cli("cards", "list", "--json", env=demo_home)
    assert cp.returncode == 0, cp.stderr
    cards = json.loads(cp.stdout)["data"]["cards"]
    assert sorted((c["scope"], c["proposal_id"]) for c in cards) == sorted(judged)
    assert sorted(c["id"] for c in cards) == sorted(demo["cards"])
    by_id = {p["id"]: p for k in demo["kernels"] for p in k["proposals"]}
    for c in cards:
        p = by_id[c["proposal_id"]]
        assert c["expected_low"] == p["expected_gain"]["low"]
        assert c["expected_high"] == p["expected_gain"]["high"]
        assert c["actual"]["value"] == pytest.approx(p["actual_gain"]["ratio"])
        assert c["actual"]["low"] <= c["actual"]["value"] <= c["actual"]["high"]
        assert c["verdict"] == p["verdict"]
        assert c["experiments"] and c["platform_key"].count("|") == 2
        assert c["run_id"] == demo["run_id"]
    # the human table shows both gains too
    table = run_cli("cards", "list", env=demo_home).stdout
    assert f"{cards[0]['expected_low']:.3g}-" in table


def test_show_export_and_stats(demo_home: dict[str, str], tmp_path: Path) -> None:
    cards = json.loads(run_cli("cards", "list", "--json", env=demo_home).stdout)["data"]["cards"]
    one = cards[0]
    cp = run_cli("cards", "show", one["id"][:-3], "--json", env=demo_home)
    assert cp.returncode == 0, cp.stderr
    assert json.loads(cp.stdout)["data"]["card"]["id"] == one["id"]
    out = tmp_path / "cards.csv"
    cp = run_cli("cards", "export", "--format", "csv", "--out", str(out), env=demo_home)
    assert cp.returncode == 0, cp.stderr
    rows = list(csv.DictReader(io.StringIO(out.read_text())))
    assert {r["id"] for r in rows} == {c["id"] for c in cards}
    assert all(r["expected_low"] and r["actual"] for r in rows)
    exported = json.loads(json.loads(run_cli("cards", "export", "--json",
                                             env=demo_home).stdout)["data"]["text"])
    assert len(exported) == len(cards)
    st = json.loads(run_cli("cards", "stats", "--json", env=demo_home).stdout)["data"]
    judged = [c for c in cards if c["verdict"] in JUDGED]  # invalid, inconclusive: not counted
    assert sum(s["n"] for s in st["stats"]) == len(judged)
    assert sum(s["n_invalid"] for s in st["stats"]) == len(cards) - len(judged)


def test_errors_are_named_envelopes(demo_home: dict[str, str], tmp_path: Path) -> None:
    cp = run_cli("cards", "show", "no-such-card", "--json", env=demo_home)
    assert cp.returncode == 4 and "Traceback" not in cp.stderr
    assert json.loads(cp.stdout)["errors"][0]["type"] == "NotFoundError"
    cp = run_cli("cards", "export", "--format", "xml", env=demo_home)
    assert cp.returncode == 2 and "Traceback" not in cp.stderr
    target = tmp_path / "missing-dir" / "cards.json"
    cp = run_cli("cards", "export", "--out", str(target), "--json", env=demo_home)
    assert cp.returncode == 3 and not target.exists()
    assert not list(tmp_path.rglob(".cards.json.tmp"))
