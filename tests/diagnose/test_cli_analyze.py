"""``perfscout analyze`` through the real CLI: envelopes and named exit codes on bad input."""

from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import run_cli


def test_missing_file_is_a_not_found_envelope(tmp_path: Path) -> None:
    cp = run_cli("analyze", str(tmp_path / "nope.txt"), "--json")
    env = json.loads(cp.stdout)
    assert cp.returncode == 4 and env["status"] == "error" and env["command"] == "analyze"
    assert "Traceback" not in cp.stderr


def test_bad_snapshot_json_is_an_input_error(tmp_path: Path) -> None:
    f = tmp_path / "p.txt"
    f.write_text("hello\n")
    snap = tmp_path / "s.json"
    snap.write_text("{not json")
    cp = run_cli("analyze", str(f), "--platform", str(snap), "--json")
    env = json.loads(cp.stdout)
    assert cp.returncode == 3 and "snapshot" in env["errors"][0]["message"]


def test_unknown_threshold_in_config_is_a_config_error(tmp_path: Path) -> None:
    f = tmp_path / "p.txt"
    f.write_text("hello\n")
    cfg = tmp_path / "c.yaml"
    cfg.write_text("thresholds: {bw.nearpeak: 0.9}\n")
    cp = run_cli("--config", str(cfg), "analyze", str(f), "--json")
    env = json.loads(cp.stdout)
    assert cp.returncode == 10 and "bw.near_peak" in env["errors"][0]["hint"]
