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


def test_human_output_explains_the_top_finding_with_sources_look_alike_and_hot_loop() -> None:
    """What decided the top finding (quantities with their files and families), what it was
    told apart from and why, and the hot loop a proposal targets, on a real held-out case."""
    case = Path(__file__).parent / "heldout2" / "hw2-poly-O1-scalar"
    cp = run_cli("analyze", str(case / "data"), "--platform", str(case / "platform.json"),
                 env={"COLUMNS": "300"})
    out = cp.stdout
    assert cp.returncode == 0, cp.stderr
    assert "top finding hw.vectorization (confirmed" in out
    decided = [ln for ln in out.splitlines() if "decided by:" in ln]
    assert any("perf-annotate.txt; sampling" in ln for ln in decided), decided
    assert any("objdump-main.txt; compiler" in ln for ln in decided), decided
    assert "not hw.cache_locality" in out  # the look-alike and why
    assert "hot loop: polyO1.c:16" in out  # perf annotate's hottest line, checked by hand
