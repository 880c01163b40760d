"""The nightly form: the morning summary grouped by cause (counts, newest example), written as
Markdown and JSON; exit non-zero only when triage itself fails. First on the committed real
logs, then against the local Slurm."""

from __future__ import annotations

import datetime as dt
import json
import shutil
import subprocess
from pathlib import Path

import pytest
from tests.triage.heldout_set import HELDOUT, load_cases
from tests.triage.slurm_jobs import wait_gone

from conftest import require_service, require_tool, run_cli
from perfscout.triage import parse_sacct, triage_text
from perfscout.triage.nightly import render_markdown, summarize
from perfscout.triage.sacct import ended_within

CASES = {c.name: c for c in load_cases(HELDOUT)}
PICK = ["stack_rust", "stack_java", "stack_python_recursion", "segfault_srun",
        "neg_child_segfault_handled", "launcher_mpich_under_ompi_mpirun"]


def _reports() -> list:
    return [triage_text(CASES[n].log.read_bytes(), str(CASES[n].log), CASES[n].job)
            for n in PICK]


def test_summary_groups_by_cause_with_counts_and_the_newest_example() -> None:
    s = summarize(_reports(), "24h", "2026-12-03T06:00:00Z", ["99"])
    groups = {c["id"]: c for c in s["causes"]}
    assert s["causes"][0]["id"] == "stack_overflow"  # most frequent first
    assert groups["stack_overflow"]["count"] == 3
    assert sorted(groups["stack_overflow"]["jobs"]) == sorted(
        CASES[n].job.job_id for n in ("stack_rust", "stack_java", "stack_python_recursion"))
    # the newest of the three by end time (then job id): the Rust job ended last
    ends = {n: (CASES[n].job.end, int(CASES[n].job.job_id)) for n in
            ("stack_rust", "stack_java", "stack_python_recursion")}
    newest = max(ends, key=lambda n: ends[n])
    assert groups["stack_overflow"]["newest"]["job_id"] == CASES[newest].job.job_id
    assert groups["mpi.launcher"]["count"] == 1 and groups["segfault"]["count"] == 1
    assert s["jobs"] == 6 and s["failed"] == 5 and s["no_failure"] == 1
    assert s["no_failure_jobs"][0]["job_id"] == CASES["neg_child_segfault_handled"].job.job_id
    assert s["logs_missing"] == ["99"]
    md = render_markdown(s)
    assert "| `stack_overflow` | 3 | job " + groups["stack_overflow"]["newest"]["job_id"] in md
    assert "**5 failed**" in md and "## Without failure" in md
    assert groups["stack_overflow"]["newest"]["evidence"][0] in md


def _sacct_file(tmp_path: Path) -> Path:
    rows: list[str] = []
    for n in PICK:
        lines = (CASES[n].log.parent / "sacct.txt").read_text().splitlines(True)
        rows.extend(lines if not rows else lines[1:])  # one header
    text = "".join(rows)
    out = tmp_path / "sacct.txt"
    out.write_text(text)
    return out


def test_cli_logs_with_sacct_write_both_summaries_and_exit_0(tmp_path: Path) -> None:
    logs = [str(CASES[n].log) for n in PICK]
    out = tmp_path / "morning"
    cp = run_cli("triage", *logs, "--sacct", str(_sacct_file(tmp_path)), "--summary-dir",
                 str(out), "--json", cwd=tmp_path)
    assert cp.returncode == 0, cp.stderr  # jobs failed; triage did not
    env = json.loads(cp.stdout)
    assert env["data"]["failed"] == 5 and env["data"]["no_failure"] == 1
    rows = {Path(r["path"]).parent.name: r for r in env["data"]["logs"]}
    assert rows["neg_child_segfault_handled"]["verdict"] == "no failure"
    assert rows["launcher_mpich_under_ompi_mpirun"]["primary"] == "mpi.launcher"
    assert "disagreement" in rows["launcher_mpich_under_ompi_mpirun"]["scheduler"]
    js = json.loads((out / "triage-summary.json").read_text())
    assert js == env["data"]["summary"]
    assert "| `stack_overflow` | 3 |" in (out / "triage-summary.md").read_text()


def test_cli_unwritable_summary_dir_is_one_line_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    cp = run_cli("triage", str(CASES["stack_rust"].log), "--summary-dir", str(blocker / "d"),
                 "--json", cwd=tmp_path)
    env = json.loads(cp.stdout)
    assert cp.returncode == 3 and env["status"] == "error" and "Traceback" not in cp.stderr
    assert "cannot write the summary" in env["errors"][0]["message"]


def test_cli_missing_sacct_file_is_not_found(tmp_path: Path) -> None:
    cp = run_cli("triage", str(CASES["stack_rust"].log), "--sacct", str(tmp_path / "nope"),
                 "--json", cwd=tmp_path)
    assert cp.returncode == 4 and "does not exist" in json.loads(cp.stdout)[
        "errors"][0]["message"]


# ---- against the local Slurm ----

RECURSE = "import sys\nsys.setrecursionlimit(400)\ndef f(n):\n    return f(n + 1)\nf(0)\n"
HELLO_C = ("#include <mpi.h>\n#include <stdio.h>\nint main(int c, char **v) { int r, s;"
           " MPI_Init(&c, &v); MPI_Comm_rank(MPI_COMM_WORLD, &r);"
           " MPI_Comm_size(MPI_COMM_WORLD, &s); printf(\"rank %d of %d\\n\", r, s);"
           " MPI_Finalize(); return 0; }\n")


def _slurm_up() -> bool:
    if shutil.which("sinfo") is None:
        return False
    cp = subprocess.run(["sinfo", "-h", "-o", "%T"], capture_output=True, text=True)
    return cp.returncode == 0 and any(s in cp.stdout for s in ("idle", "mixed", "alloc"))


def _submit(d: Path, name: str, body: str, ntasks: int = 1) -> str:
    (d / f"{name}.sh").write_text("#!/bin/bash\n" + body)
    cp = subprocess.run(["sbatch", "--parsable", "-n", str(ntasks), "--mem=300M", "-J",
                         f"nightly-{name}", f"{name}.sh"], cwd=d, capture_output=True,
                        text=True, check=True)
    return cp.stdout.strip().split(";")[0]


def _wait(ids: list[str]) -> None:
    if not wait_gone(ids, 300):
        subprocess.run(["scancel", *ids])
        pytest.fail("jobs did not finish within 300 s")


@pytest.mark.slurm
def test_nightly_against_local_slurm(tmp_path: Path, ps_home: Path) -> None:
    require_service("slurm", _slurm_up(), "no idle node (run scripts/slurm.sh start as root)")
    require_tool("mpicc.mpich")
    d = tmp_path / "jobs"
    d.mkdir()
    (d / "deep.py").write_text(RECURSE)
    (d / "hello.c").write_text(HELLO_C)
    subprocess.run(["mpicc.mpich", "-o", "hello", "hello.c"], cwd=d, check=True)
    first = _submit(d, "deep1", "python3 deep.py\n")
    _wait([first])  # so that the second one is the newer
    ids = {"deep2": _submit(d, "deep2", "python3 deep.py\n"),
           "single": _submit(d, "single", "export OMPI_ALLOW_RUN_AS_ROOT=1 "
                             "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1\nmpirun.openmpi -n 2 ./hello\n",
                             ntasks=2),
           "clean": _submit(d, "clean", "echo 'WARNING: nothing to do'\n")}
    _wait(list(ids.values()))
    out = tmp_path / "morning"
    cp = run_cli("triage", "--slurm", "--since", "1h", "--summary-dir", str(out), "--json",
                 cwd=tmp_path)
    assert cp.returncode == 0, cp.stderr
    s = json.loads((out / "triage-summary.json").read_text())
    groups = {c["id"]: c for c in s["causes"]}
    so = groups["stack_overflow"]
    assert {first, ids["deep2"]} <= set(so["jobs"]), so["jobs"]
    assert so["newest"]["job_id"] == ids["deep2"]
    assert so["newest"]["log"] == str(d / f"slurm-{ids['deep2']}.out")
    assert "RecursionError: maximum recursion depth exceeded" in so["newest"]["evidence"][0]
    assert ids["single"] in groups["mpi.launcher"]["jobs"]  # COMPLETED 0:0 yet a failure
    ok = {j["job_id"]: j for j in s["no_failure_jobs"]}
    assert "COMPLETED, exit 0" in ok[ids["clean"]]["why"]
    md = (out / "triage-summary.md").read_text()
    assert f"Newest: job {ids['deep2']}" in md


def test_window_drops_jobs_that_ended_before_it_even_when_sacct_returns_them() -> None:
    """``sacct -c`` ignores --starttime: the jobcomp file's older jobs must not be triaged."""
    text = ("JobID|JobName|State|ExitCode|Start|End\n"
            "1|old|FAILED|1:0|2026-12-03T09:00:00|2026-12-03T09:05:00\n"
            "2|new|FAILED|1:0|2026-12-03T11:50:00|2026-12-03T11:55:00\n"
            "3|unplaced|FAILED|1:0|Unknown|Unknown\n"
            "4|long|COMPLETED|0:0|2026-12-03T08:00:00|2026-12-03T11:59:00\n")
    jobs = parse_sacct(text)
    now = dt.datetime(2026, 12, 3, 12, 0, 0)
    kept = [j.job_id for j in ended_within(jobs, dt.timedelta(hours=1), now)]
    assert kept == ["2", "3", "4"]
    wider = ended_within(jobs, dt.timedelta(hours=4), now)
    assert [j.job_id for j in wider] == ["1", "2", "3", "4"]


def test_cli_slurm_uses_the_config_given_with_dash_dash_config(tmp_path: Path,
                                                               ps_home: Path) -> None:
    """``--config FILE`` before the command: the scheduler's commands run under the policy
    that file names (here a missing one, so triage stops on it, naming it)."""
    cfg = tmp_path / "c.yaml"
    missing = tmp_path / "no-such-policy.yaml"
    cfg.write_text(f"policy: {missing}\n")
    cp = run_cli("--config", str(cfg), "triage", "--slurm", "--since", "1h", "--json",
                 cwd=tmp_path)
    env = json.loads(cp.stdout)
    assert cp.returncode == 10 and env["status"] == "error", cp.stderr  # CONFIG
    assert str(missing) in env["errors"][0]["message"]
