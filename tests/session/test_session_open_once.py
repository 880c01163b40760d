"""A whole session on a user's Fortran program that logs every sample by opening its file
for appending, writing one line and closing it (tests/transform/data/drops): ``init`` finds
the log (named through a module parameter) as the output-file check, the session's own collect
(per-line perf profile, perf stat) gives an I/O finding, ``open_once`` is offered with its
generated diff, approved by policy, built, run and validated against the baseline's log."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from conftest import require_tool, run_cli

DROPS = Path(__file__).parents[1] / "transform" / "data" / "drops"


def test_open_once_through_a_session(tmp_path: Path, ps_home: Path) -> None:
    for tool in ("make", "gfortran", "perf"):
        require_tool(tool)
    proj = tmp_path / "drops"
    shutil.copytree(DROPS, proj)
    spec = tmp_path / "drops.yaml"
    out = run_cli("init", str(proj), "--args", "6", "--out", str(spec))
    assert out.returncode == 0, out.stdout + out.stderr
    assert "output file 'drops.log'" in " ".join(out.stdout.split()), out.stdout
    policy = tmp_path / "policy.yaml"
    policy.write_text("confirm_platform: true\napprove: [open_once]\n")
    res = run_cli("session", "start", "--spec", str(spec), "--approval-policy", str(policy),
                  "--json", timeout=1200)
    assert res.returncode == 0, res.stdout[-2000:] + res.stderr[-2000:]
    data = json.loads(res.stdout)["data"]
    assert data["next"] is None, data
    analysis = json.loads(next((ps_home / "sessions").glob("*/analysis.json")).read_text())
    p = next(p for p in analysis["proposals"] if p["id"] == "open_once")
    assert "+  integer, save :: log_sample_unit" in p["change"]["diff"], p["change"]["diff"]
    verdict = data["outputs"]["verify"]["verdicts"]["open_once"]
    assert verdict not in ("invalid", "unchecked"), verdict  # the log compared, and equal
