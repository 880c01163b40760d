"""A whole session on a user's Fortran program that passes a strided row to an explicit-shape
dummy (tests/transform/data/assumed_shape): the session's profile build asks gfortran to name
its array temporaries (-Warray-temporaries), keeps that build log as evidence, the analysis
finds the copy per call, ``assumed_shape_dummy`` is offered with its generated diff, approved
by policy, built, run and validated against the baseline's printed total."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from conftest import require_tool, run_cli

GRID = Path(__file__).parents[1] / "transform" / "data" / "assumed_shape"


def test_array_temporary_found_and_removed_through_a_session(tmp_path: Path,
                                                             ps_home: Path) -> None:
    for tool in ("make", "gfortran", "perf"):
        require_tool(tool)
    proj = tmp_path / "grid"
    shutil.copytree(GRID, proj)
    spec = tmp_path / "grid.yaml"
    out = run_cli("init", str(proj), "--out", str(spec))
    assert out.returncode == 0, out.stdout + out.stderr
    policy = tmp_path / "policy.yaml"
    policy.write_text("confirm_platform: true\napprove: [assumed_shape_dummy]\n")
    res = run_cli("session", "start", "--spec", str(spec), "--approval-policy", str(policy),
                  "--json", timeout=1200)
    assert res.returncode == 0, res.stdout[-2000:] + res.stderr[-2000:]
    data = json.loads(res.stdout)["data"]
    assert data["next"] is None, data
    logs = list((ps_home / "workspace").rglob("profile/*/build.log"))
    assert logs and "Creating array temporary" in logs[0].read_text()
    analysis = json.loads(next((ps_home / "sessions").glob("*/analysis.json")).read_text())
    p = next(p for p in analysis["proposals"] if p["id"] == "assumed_shape_dummy")
    assert "(:)" in p["change"]["diff"], p["change"]["diff"]
    verdict = data["outputs"]["verify"]["verdicts"]["assumed_shape_dummy"]
    assert verdict not in ("invalid", "unchecked"), verdict  # the total compared, and equal
