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
from perfscout.sandbox.audit import default_log, read_records
from perfscout.sandbox.runner import default_runner
from perfscout.sandbox.slurm_runner import SlurmRunner, parse_scontrol_jobs

SQ_C = r"""
#include <stdio.h>
#include <stdlib.h>
#include <signal.h>
#include <unistd.h>
int main(int argc, char **argv) {
  long x = argc > 1 ? atol(argv[1]) : 0;
  if (x == -11) raise(SIGSEGV);
  if (x == -100) sleep(300);
  if (getenv("PERFSCOUT_SQ_ADD")) x += atol(getenv("PERFSCOUT_SQ_ADD"));
  if (getenv("SQ_ADD")) x += 100 * atol(getenv("SQ_ADD"));
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
    sq = str(runner.workspace / "sq")
    ok, bad, segv, env = runner.run_array([
        RunRequest((sq, "3"), approval_token=token, timeout_s=60),
        RunRequest((sq, "-3"), approval_token=token),
        RunRequest((sq, "-11"), approval_token=token),
        RunRequest((sq, "2"), env={"PERFSCOUT_SQ_ADD": "5", "SQ_ADD": "1"}, approval_token=token)])
    assert ok.ok and ok.stdout.strip() == "9" and ok.job_id and ok.reason == ""
    assert not bad.ok and bad.exit_code == 3 and bad.reason == "FAILED"
    assert not segv.ok and segv.signal == 11 and segv.exit_code is None
    assert env.ok and env.stdout.strip() == "49"  # allowlisted variables only
    assert len({r.job_id.split("_")[0] for r in (ok, bad, segv, env) if r.job_id}) == 1


def test_runner_token_and_local_purposes(slurm: tuple[SlurmRunner, str]) -> None:
    """A runner built with a token submits requests that carry none; local purposes do not
    reach the scheduler at all (no job id)."""
    runner, token = slurm
    authorised = SlurmRunner(runner.inner, runner.workspace, sbatch_args=runner.sbatch_args,
                             poll_s=0.5, approval_token=token, local_purposes=("build:",))
    sq = str(runner.workspace / "sq")
    batch = authorised.run(RunRequest((sq, "4"), timeout_s=60))
    local = authorised.run(RunRequest((sq, "5"), purpose="build:here"))
    assert batch.ok and batch.stdout.strip() == "16" and batch.job_id
    assert local.ok and local.stdout.strip() == "25" and local.job_id is None


def test_jobcomp_records_match_array_tasks(slurm: tuple[SlurmRunner, str]) -> None:
    """When scontrol no longer knows a task, its state comes from the jobcomp file (sacct -c)
    under the task's own job id."""
    runner, token = slurm
    sq = str(runner.workspace / "sq")
    res = runner.run_array([RunRequest((sq, "1"), approval_token=token),
                            RunRequest((sq, "-7"), approval_token=token)])
    job = res[0].job_id.split("_")[0] if res[0].job_id else ""
    shown = subprocess.run(["scontrol", "-o", "show", "job", job], capture_output=True,
                           text=True, check=True).stdout
    tasks = parse_scontrol_jobs(shown)
    assert {t.task for t in tasks.values()} == {0, 1}
    assert tasks[0].job_id != tasks[1].job_id  # array tasks are separate jobs
    found = runner._accounting(job, tasks, [0, 1])
    assert found[0].state == "COMPLETED" and found[1].state == "FAILED"
    assert found[1].exit_code.startswith("7")


def test_trial_batch_as_one_job_array(slurm: tuple[SlurmRunner, str]) -> None:
    runner, token = slurm
    reqs = [RunRequest((str(runner.workspace / "sq"), str(x)), approval_token=token,
                       timeout_s=60, purpose="tune:trial") for x in range(4)]
    res = runner.run_array(reqs)
    assert [r.stdout.strip() for r in res] == ["0", "1", "4", "9"]
    assert len({r.job_id.split("_")[0] for r in res if r.job_id}) == 1


def test_cancel_after_the_wait_budget(slurm: tuple[SlurmRunner, str]) -> None:
    """An array that outlives the runner's wait is scancel'led; its tasks come back timed out."""
    runner, token = slurm
    impatient = SlurmRunner(runner.inner, runner.workspace, sbatch_args=runner.sbatch_args,
                            poll_s=0.5, max_wait_s=3)
    res = impatient.run(RunRequest((str(runner.workspace / "sq"), "-100"), approval_token=token,
                                    timeout_s=120))
    assert res.allowed and res.timed_out and not res.ok and res.reason == "CANCELLED"
    job = (res.job_id or "").split("_")[0]
    shown = subprocess.run(["scontrol", "-o", "show", "job", job], capture_output=True,
                           text=True).stdout
    assert "JobState=CANCELLED" in shown
    cancels = [r for r in read_records(default_log(runner.workspace))
               if r.get("purpose") == "slurm:cancel-on-timeout"]
    assert len(cancels) == 1 and cancels[0]["argv"] == ["scancel", job]


def test_slurm_time_limit_is_a_timeout(slurm: tuple[SlurmRunner, str]) -> None:
    """A task stopped by Slurm at its --time limit (1 minute here) is TIMEOUT and timed out;
    its sibling in the same array completes."""
    runner, token = slurm
    slow, quick = runner.run_array([
        RunRequest((str(runner.workspace / "sq"), "-100"), approval_token=token, timeout_s=30),
        RunRequest((str(runner.workspace / "sq"), "6"), approval_token=token, timeout_s=30)])
    assert slow.timed_out and slow.reason == "TIMEOUT" and not slow.ok
    assert quick.ok and quick.stdout.strip() == "36"
