"""The Slurm runner on the local Slurm: approval gate, state mapping, job arrays."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from conftest import require_service
from perfscout.config import load_config
from perfscout.model.runs import RunRequest
from perfscout.sandbox.approval import grant_token
from perfscout.sandbox.runner import default_runner
from perfscout.sandbox.slurm_runner import SlurmRunner

SQ_C = r"""
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv) {
  long x = argc > 1 ? atol(argv[1]) : 0;
  if (x < 0) return (int)-x;
  printf("%ld\n", x * x);
  return 0;
}
"""


def _slurm_up() -> bool:
    if shutil.which("sinfo") is None:
        return False
    cp = subprocess.run(["sinfo", "-h", "-o", "%T"], capture_output=True, text=True)
    return cp.returncode == 0 and any(s in cp.stdout for s in ("idle", "mixed", "alloc"))


@pytest.fixture()
def slurm(ps_home: Path, tmp_path: Path) -> tuple[SlurmRunner, str]:
    require_service("slurm", _slurm_up(), "no idle node (run scripts/slurm.sh start as root)")
    ws = tmp_path / "ws"
    ws.mkdir()
    (ws / "sq.c").write_text(SQ_C)
    subprocess.run(["gcc", "-O1", "-o", "sq", "sq.c"], cwd=ws, check=True)
    inner = default_runner(ws, config=load_config())
    token = grant_token(load_config().home, "sbatch")[0]
    return SlurmRunner(inner, ws.resolve(), sbatch_args=("-n", "1", "--mem=100M"),
                       poll_s=0.5), token


def test_submission_without_token_is_denied(slurm: tuple[SlurmRunner, str]) -> None:
    runner, _ = slurm
    res = runner.run(RunRequest((str(runner.workspace / "sq"), "2")))
    assert not res.allowed and res.job_id is None


def test_job_outcomes_are_mapped(slurm: tuple[SlurmRunner, str]) -> None:
    runner, token = slurm
    ok, bad = runner.run_array([
        RunRequest((str(runner.workspace / "sq"), "3"), approval_token=token, timeout_s=60),
        RunRequest((str(runner.workspace / "sq"), "-3"), approval_token=token)])
    assert ok.ok and ok.stdout.strip() == "9" and ok.job_id
    assert not bad.ok and bad.exit_code == 3 and bad.reason == "FAILED"


def test_trial_batch_as_one_job_array(slurm: tuple[SlurmRunner, str]) -> None:
    runner, token = slurm
    reqs = [RunRequest((str(runner.workspace / "sq"), str(x)), approval_token=token,
                       timeout_s=60, purpose="tune:trial") for x in range(4)]
    res = runner.run_array(reqs)
    assert [r.stdout.strip() for r in res] == ["0", "1", "4", "9"]
    assert len({r.job_id.split("_")[0] for r in res if r.job_id}) == 1
