"""The session's collection for a program run under ``mpirun``: the sampled profile it
records is also reported per process (``perf report --sort pid,dso``), in the real sandbox,
on a real 2-rank Open MPI run of a program that gives rank 0 3/4 of the work
(tests/ingest/data/user_evidence/src/unequal_mpi.c); the diagnosis reads that report as a
load imbalance (explaining the MPI wait when the wait is found)."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

from perfscout.diagnose.engine import diagnose
from perfscout.ingest.registry import load
from perfscout.pipeline.line_profile import record_lines, report_processes
from perfscout.sandbox.local_runner import LocalRunner
from perfscout.sandbox.policy import default_policy_text, parse_policy

SRC = Path(__file__).parents[1] / "ingest" / "data" / "user_evidence" / "src" / "unequal_mpi.c"
TOOLS = ("mpicc", "mpirun", "perf", "bwrap")


@pytest.mark.skipif(any(shutil.which(t) is None for t in TOOLS) and
                    not os.environ.get("PERFSCOUT_REQUIRE_SERVICES"),
                    reason=f"needs {', '.join(TOOLS)}")
def test_an_mpi_runs_collection_reports_each_rank_and_finds_the_imbalance(
        tmp_path: Path) -> None:
    ws, home = tmp_path / "ws", tmp_path / "home"
    ws.mkdir()
    home.mkdir()
    subprocess.run(["mpicc", "-O2", "-g", str(SRC), "-o", str(ws / "uq"), "-lm"], check=True)
    runner = LocalRunner(parse_policy(yaml.safe_load(default_policy_text()), "test"), ws, home)
    env = {"OMPI_ALLOW_RUN_AS_ROOT": "1", "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM": "1"}
    lines, note = record_lines(runner, ["mpirun", "-np", "2", "./uq", "20000000", "0.75"],
                               env, ws, 120)
    assert lines is not None, note
    procs, note = report_processes(runner, ws, 120)
    assert procs is not None, note
    shares = sorted(m.value for m in load(procs).metrics if m.name == "compute.share")
    assert len(shares) == 2 and shares[1] > 2 * shares[0]  # 3/4 of the points vs 1/4
    d = diagnose([load(procs), load(lines)])
    assert d.findings[0].id == "alg.load_imbalance"
    # how much of the whole profile the light rank's polling takes depends on the machine's
    # load (tests/ingest/test_perf_pid_dso.py checks the chain to rt.mpi_wait on a fixture)
    wait = [f for f in d.findings if f.id == "rt.mpi_wait"]
    assert not wait or "alg.load_imbalance" in wait[0].caused_by
