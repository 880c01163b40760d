"""patch apply --verify, then export reframe of its card and script sbatch of its experiment."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from conftest import require_tool, run_cli
from patch.user_repo import PID, make_user_repo
from perfscout.experiment.transforms import TRANSFORMS, diff_for


def test_verified_patch_exports_a_listed_reframe_test_and_a_batch_script(
        tmp_path: Path, ps_home: Path) -> None:
    require_tool("gcc")
    repo = make_user_repo(tmp_path)
    d = tmp_path / "p.diff"
    d.write_text(diff_for(TRANSFORMS[("matmul", PID)]))
    r = run_cli("patch", "apply", PID, "--diff", str(d), "--scope", "matmul.c", "--repo",
                str(repo), "--verify", "matmul.c", "--arg", "{size}", "--arg", "1",
                "--size", "128", "--json")
    assert r.returncode == 0, r.stdout + r.stderr
    data = json.loads(r.stdout)["data"]
    card, exp = data["card"], data["patch"]["experiment_id"]
    f = tmp_path / "t.py"
    r = run_cli("export", "reframe", card, "--out", str(f), "--json")
    assert r.returncode == 0, r.stdout + r.stderr
    assert json.loads(r.stdout)["data"]["reference"] > 0
    rf = Path(sys.executable).with_name("reframe")
    lst = subprocess.run([str(rf), "-c", str(f), "-l"], capture_output=True, text=True,
                         timeout=120, cwd=tmp_path)
    assert lst.returncode == 0 and "Found 1 check" in lst.stdout, lst.stdout + lst.stderr
    s = tmp_path / "job.sh"
    r = run_cli("script", "sbatch", exp, "--out", str(s), "--json")
    assert r.returncode == 0, r.stdout + r.stderr
    assert subprocess.run(["bash", "-n", str(s)]).returncode == 0
