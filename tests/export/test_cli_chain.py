"""patch apply --verify, then export reframe of its card and script sbatch of its experiment."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from conftest import run_cli
from patch.user_repo import verified_patch


def test_verified_patch_exports_a_listed_reframe_test_and_a_batch_script(
        tmp_path: Path, ps_home: Path) -> None:
    card, exp = verified_patch(tmp_path)
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
