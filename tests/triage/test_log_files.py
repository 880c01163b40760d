"""Job log files as they come: a log too large to read whole or binary data gives one clear
line (exit 3 for a named log; a note and the scheduler's record for a nightly job), while a
real log with a NUL hole or stray non-UTF-8 bytes is still read."""

from __future__ import annotations

import json
from pathlib import Path

from conftest import run_cli
from perfscout.files import MAX_TEXT_BYTES
from perfscout.pipeline.triage_jobs import job_log
from perfscout.triage import triage_files

SEGV = b"srun: error: node1: task 0: Segmentation fault (core dumped)\n"


def _binary(path: Path) -> Path:
    path.write_bytes(bytes(range(256)) * 64)
    return path


def test_huge_log_is_one_line_exit_3(tmp_path: Path) -> None:
    log = tmp_path / "slurm-7.out"
    with log.open("wb") as fh:
        fh.truncate(MAX_TEXT_BYTES + 1)  # sparse: no disk spent
    cp = run_cli("triage", str(log), "--json", cwd=tmp_path)
    env = json.loads(cp.stdout)
    assert cp.returncode == 3 and env["status"] == "error", cp.stderr
    assert "larger than" in env["errors"][0]["message"] and "Traceback" not in cp.stderr


def test_binary_file_is_one_line_exit_3(tmp_path: Path) -> None:
    cp = run_cli("triage", str(_binary(tmp_path / "a.out")), "--json", cwd=tmp_path)
    env = json.loads(cp.stdout)
    assert cp.returncode == 3 and env["status"] == "error", cp.stderr
    assert "binary" in env["errors"][0]["message"]


def test_log_with_a_nul_hole_and_a_latin1_byte_is_still_read(tmp_path: Path) -> None:
    log = tmp_path / "slurm-8.out"
    log.write_bytes(b"\0" * 8192 + b"r\xe9sultat partiel\n" + SEGV)
    assert triage_files([log])[0].primary == "segfault"


def test_nightly_job_log_refused_gives_no_bytes_and_the_reason(tmp_path: Path) -> None:
    raw, why = job_log(_binary(tmp_path / "slurm-9.out"))
    assert raw is None and "binary" in why
    good = tmp_path / "slurm-10.out"
    good.write_bytes(SEGV)
    assert job_log(good) == (SEGV, "")


def test_huge_sacct_file_is_one_line_exit_3(tmp_path: Path) -> None:
    sacct = tmp_path / "sacct.txt"
    with sacct.open("wb") as fh:
        fh.write(b"JobID|State|ExitCode\n")
        fh.truncate(MAX_TEXT_BYTES + 1)
    log = tmp_path / "slurm-11.out"
    log.write_bytes(SEGV)
    cp = run_cli("triage", str(log), "--sacct", str(sacct), "--json", cwd=tmp_path)
    env = json.loads(cp.stdout)
    assert cp.returncode == 3 and "larger than" in env["errors"][0]["message"], cp.stderr


def test_sacct_file_with_a_non_utf8_job_name_is_read(tmp_path: Path) -> None:
    sacct = tmp_path / "sacct.txt"
    sacct.write_bytes(b"JobID|JobName|State|ExitCode\n12|r\xe9sum\xe9|FAILED|139:0\n")
    log = tmp_path / "slurm-12.out"
    log.write_bytes(SEGV)
    cp = run_cli("triage", str(log), "--sacct", str(sacct), "--json", cwd=tmp_path)
    assert cp.returncode == 0, cp.stderr
    assert json.loads(cp.stdout)["data"]["logs"][0]["job"]["state"] == "FAILED"


def test_sacct_row_with_an_empty_state_gives_a_verdict_not_an_internal_error(
        tmp_path: Path) -> None:
    sacct = tmp_path / "sacct.txt"
    sacct.write_bytes(b"JobID|JobName|State|ExitCode\n13|j||\n14|j||139:0\n")
    quiet, segv = tmp_path / "slurm-13.out", tmp_path / "slurm-14.out"
    quiet.write_bytes(b"step 1 done\n")
    segv.write_bytes(SEGV)
    cp = run_cli("triage", str(quiet), str(segv), "--sacct", str(sacct), "--json",
                 cwd=tmp_path)
    assert cp.returncode == 0, cp.stderr
    rows = {Path(r["path"]).name: r for r in json.loads(cp.stdout)["data"]["logs"]}
    assert rows["slurm-13.out"]["verdict"] == "no failure"
    assert rows["slurm-14.out"]["primary"] == "segfault"
    assert "?, exit 139 (signal 11, SIGSEGV)" in rows["slurm-14.out"]["scheduler"]
