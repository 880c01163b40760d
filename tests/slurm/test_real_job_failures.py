"""Make jobs really fail on the local Slurm and check that triage names each failure with its
evidence line (needs scripts/slurm.sh start)."""

from __future__ import annotations

import json
import shutil
import subprocess
import time
from pathlib import Path

import pytest

from conftest import require_service, run_cli
from perfscout.sandbox.audit import default_log, read_records
from perfscout.triage import triage_files

SEGV_C = "int main(void){volatile int *p = 0; return *p;}\n"
LIB_C = "int foo(void){return 1;}\n"
USE_C = "int foo(void); int main(void){return foo()-1;}\n"


def _slurm_up() -> bool:
    if shutil.which("sinfo") is None:
        return False
    cp = subprocess.run(["sinfo", "-h", "-o", "%T"], capture_output=True, text=True)
    return cp.returncode == 0 and any(s in cp.stdout for s in ("idle", "mixed", "alloc"))


@pytest.fixture(scope="module")
def failed_jobs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    require_service("slurm", _slurm_up(), "no idle node (run scripts/slurm.sh start as root)")
    d = tmp_path_factory.mktemp("jobs")
    (d / "segv.c").write_text(SEGV_C)
    (d / "lib.c").write_text(LIB_C)
    (d / "use.c").write_text(USE_C)
    subprocess.run(["gcc", "-O0", "-o", "segv", "segv.c"], cwd=d, check=True)
    subprocess.run(["gcc", "-shared", "-fPIC", "-o", "libgone.so", "lib.c"], cwd=d, check=True)
    subprocess.run(["gcc", "-o", "uselib", "use.c", "-L.", "-lgone"], cwd=d, check=True)
    (d / "libgone.so").unlink()  # the node cannot find it at run time
    scripts = {
        "memory": "ulimit -v 200000\npython3 -c 'x = bytearray(400 * 1024 * 1024)'\n",
        "time": "sleep 300\n",
        "library": "./uselib\n",
        "segfault": "./segv\n",
        "command": "no_such_command_perfscout\n",
        "mpi": "mpirun --allow-run-as-root -n 16 true\n",
    }
    extra = {"memory": ["--mem=300M"], "time": ["--time=1"]}
    ids: dict[str, str] = {}
    for name, body in scripts.items():
        (d / f"{name}.sh").write_text("#!/bin/bash\n" + body)
        cp = subprocess.run(
            ["sbatch", "--parsable", "-n", "1", "--mem=100M", *extra.get(name, []),
             "-o", f"{name}-%j.out", "-e", f"{name}-%j.err", f"{name}.sh"],
            cwd=d, capture_output=True, text=True, check=True)
        ids[name] = cp.stdout.strip().split(";")[0]
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline:
        q = subprocess.run(["squeue", "-h", "-j", ",".join(ids.values()), "-o", "%i"],
                           capture_output=True, text=True)
        if not q.stdout.strip():
            break
        time.sleep(2)
    else:
        subprocess.run(["scancel", *ids.values()])
        pytest.fail("jobs did not finish within 240 s")
    return {name: d / f"{name}-{jid}.err" for name, jid in ids.items()}


@pytest.mark.parametrize(("name", "want", "text"), [
    ("memory", "oom.process", "MemoryError"),
    ("time", "timeout", "DUE TO TIME LIMIT"),
    ("library", "missing_library", "libgone.so"),
    ("segfault", "segfault", "Segmentation fault"),
    ("command", "command_not_found", "no_such_command_perfscout"),
    ("mpi", "mpi.slots", "not enough slots"),
])
def test_real_failure_classified(failed_jobs: dict[str, Path], name: str, want: str,
                                 text: str) -> None:
    rep = triage_files([failed_jobs[name]])[0]
    assert rep.primary == want, (failed_jobs[name].read_text()[:400], rep.matches)
    assert any(text in e for m in rep.matches if m.id == want for e in m.evidence)
    assert rep.matches[0].evidence[0].startswith(f"{failed_jobs[name]}:")


NIGHTLY = {"memory": "oom.process", "time": "timeout", "library": "missing_library",
           "segfault": "segfault", "command": "command_not_found", "mpi": "mpi.slots"}


def test_nightly_triage_names_each_failed_job(failed_jobs: dict[str, Path], ps_home: Path,
                                              tmp_path: Path) -> None:
    """`perfscout triage --slurm --since 1h --json` finds the jobs made to fail above through
    the scheduler (sacct, scontrol via the sandbox runner), reads each job's log and names it."""
    cp = run_cli("triage", "--slurm", "--since", "1h", "--json", cwd=tmp_path)
    assert cp.returncode == 0, cp.stderr
    env = json.loads(cp.stdout)
    assert env["status"] == "ok" and env["command"] == "triage"
    rows = {r["path"]: r for r in env["data"]["logs"]}
    for name, want in NIGHTLY.items():
        row = rows.get(str(failed_jobs[name]))
        assert row is not None, (name, sorted(rows)[:20])
        assert row["primary"] == want, (name, row["matches"][:2])
        assert row["job"]["state"] in ("FAILED", "TIMEOUT", "OUT_OF_MEMORY"), row["job"]
        assert str(failed_jobs[name]) in row["matches"][0]["evidence"][0]
    assert rows[str(failed_jobs["time"])]["job"]["state"] == "TIMEOUT"
    assert env["data"]["failed"] >= len(NIGHTLY)
    log = default_log((ps_home / "workspace").resolve())  # the one workspace's audit log
    purposes = [r.get("purpose") for r in read_records(log)]
    assert "triage:sacct" in purposes and "triage:scontrol" in purposes


def test_nightly_triage_bad_since_is_a_usage_error(tmp_path: Path) -> None:
    cp = run_cli("triage", "--slurm", "--since", "yesterday", "--json", cwd=tmp_path)
    env = json.loads(cp.stdout)
    assert cp.returncode != 0 and env["status"] == "error" and "Traceback" not in cp.stderr
    assert "--since" in env["errors"][0]["message"]
