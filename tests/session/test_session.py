"""The six-step session: explicit gates, persistence, and resume after SIGKILL during verify."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from conftest import REPO, run_cli


def _env(out: subprocess.CompletedProcess[str]) -> dict:  # type: ignore[type-arg]
    env = json.loads(out.stdout)
    assert "Traceback" not in out.stderr
    return env


def test_gates_then_complete_with_report(ps_home: Path) -> None:
    env = _env(run_cli("session", "start", "--kernel", "triad", "--size", "2000000", "--json"))
    d = env["data"]
    assert env["status"] == "ok" and d["next"] == "confirm" and "--confirm-platform" in d["waiting"]
    sid = d["id"]
    d = _env(run_cli("session", "approve", sid, "--confirm-platform", "--json"))["data"]
    assert d["next"] == "approve" and "offered:" in d["waiting"]
    offered = d["outputs"]["analyse"]["proposals"]
    assert offered, "analysis offered no proposal"
    bad = run_cli("session", "approve", sid, "--approve", "not_a_proposal", "--json")
    assert bad.returncode == 3 and "not among" in _env(bad)["errors"][0]["message"]
    before = json.loads((ps_home / "sessions" / sid / "state.json").read_text())["steps"]
    d = _env(run_cli("session", "approve", sid, "--approve", offered[0], "--json"))["data"]
    assert d["next"] is None and all(v == "done" for v in d["steps"].values())
    assert d["outputs"]["verify"]["verdicts"], d["outputs"]["verify"]
    html = Path(d["outputs"]["report"]["html"])
    assert html.is_file() and "perfscout" in html.read_text()
    # finished steps were not run again
    for step in ("collect", "confirm", "analyse"):
        assert d["outputs"][step]["at"] == before[step]["at"]
    cards = _env(run_cli("cards", "list", "--json"))["data"]
    assert any(offered[0] == c["proposal_id"] for c in cards["cards"])


def test_sigkill_during_verify_then_resume(tmp_path: Path, ps_home: Path) -> None:
    policy = tmp_path / "nightly.yaml"
    policy.write_text("confirm_platform: true\napprove: [compiler_opt_level]\n")
    env = dict(os.environ, PYTHONPATH=str(REPO / "src"), PERFSCOUT_EXPERIMENT_REPETITIONS="15")
    proc = subprocess.Popen([sys.executable, "-m", "perfscout", "session", "start", "--kernel",
                             "triad", "--size", "20000000", "--approval-policy", str(policy),
                             "--json"],
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            start_new_session=True)
    db = ps_home / "perfscout.db"
    deadline = time.time() + 300
    killed_with = 0
    while time.time() < deadline and proc.poll() is None:
        time.sleep(0.3)
        if db.is_file():
            try:
                with sqlite3.connect(db) as c:
                    killed_with = c.execute("SELECT COUNT(*) FROM samples").fetchone()[0]
            except sqlite3.Error:
                continue
            if killed_with >= 3:
                os.killpg(proc.pid, signal.SIGKILL)
                break
    proc.wait()
    assert killed_with >= 3, "verify never started before the deadline"
    sid = next((ps_home / "sessions").iterdir()).name
    state = json.loads((ps_home / "sessions" / sid / "state.json").read_text())
    assert state["steps"]["verify"]["status"] == "running"  # saved before measuring
    analysed_at = state["steps"]["analyse"]["at"]
    late = run_cli("session", "approve", sid, "--approve", "bind_threads", "--json")
    assert late.returncode == 3 and "approvals are closed" in _env(late)["errors"][0]["message"]
    d = _env(run_cli("session", "resume", sid, "--json",
                     env={"PERFSCOUT_EXPERIMENT_REPETITIONS": "15"}))["data"]
    assert d["next"] is None, d
    assert d["outputs"]["analyse"]["at"] == analysed_at
    with sqlite3.connect(db) as c:
        rows = c.execute("SELECT experiment_id, variant, round, COUNT(*) FROM samples "
                         "GROUP BY experiment_id, variant, round HAVING COUNT(*) > 1").fetchall()
        total = c.execute("SELECT COUNT(*) FROM samples").fetchone()[0]
    assert rows == [] and total > killed_with  # nothing repeated, the rest completed


DATA = Path(__file__).parent / "data"


def test_session_on_a_users_program(tmp_path: Path, ps_home: Path) -> None:
    """A program that is not a bundled kernel, described by an experiment spec of one source
    file, goes through all six steps: profiled (line-level too), analysed, the approved flag
    proposal and the source proposal (its diff generated on the hot loop of the user's file)
    built and measured from the program's own result line."""
    for f in ("smooth.c", "smooth.yaml"):
        (tmp_path / f).write_text((DATA / f).read_text())
    spec = tmp_path / "smooth.yaml"
    d = _env(run_cli("session", "start", "--spec", str(spec), "--confirm-platform",
                     "--json"))["data"]
    sid = d["id"]
    assert d["program"] == "smooth.c" and d["next"] == "approve", d
    offered = d["outputs"]["analyse"]["proposals"]
    # -O2 leaves the smoothing loop scalar (remarks). Whether the serial run reads as a serial
    # fraction or as contention depends on the load beside it, so this test does not ask.
    assert "hw.vectorization" in set(d["outputs"]["analyse"]["findings"])
    assert {"compiler_opt_level", "omp_simd"} <= set(offered), offered
    # the spec was read at start: changing the file now does not change what is measured
    spec.write_text("this: is not the spec any more\n")
    d = _env(run_cli("session", "approve", sid, "--approve", "compiler_opt_level",
                     "--approve", "omp_simd", "--json"))["data"]
    assert d["next"] is None, d
    verify = d["outputs"]["verify"]
    assert set(verify["verdicts"]) == {"compiler_opt_level", "omp_simd"}
    assert not verify["unconvertible"], verify["unconvertible"]
    # a single-file spec gets the line profile and a diff generated on its hot loop
    analysis = json.loads((ps_home / "sessions" / sid / "analysis.json").read_text())
    simd = next(p for p in analysis["proposals"] if p["id"] == "omp_simd")
    assert analysis["hot_lines"][0]["path"] == "smooth.c", analysis["hot_lines"]
    assert simd["scope"] == f"smooth.c:{analysis['hot_lines'][0]['line']}", simd["scope"]
    diff = simd["change"]["diff"]
    assert diff.startswith("--- a/smooth.c\n+++ b/smooth.c")
    assert any(ln.startswith("+") and "#pragma omp simd" in ln for ln in diff.splitlines())
    shown = _env(run_cli("experiment", "show", verify["experiment"], "--json"))["data"]
    assert shown["experiment"]["metric"] == "mups"
    ok = [s for s in shown["samples"] if s["ok"] and not s["warmup"]]
    assert {s["variant"] for s in ok} == {"baseline", "compiler_opt_level", "omp_simd"}
    assert all(s["fields"]["kernel"] == "smooth" and s["value"] > 0 for s in ok)
    # -O3 changes no result: the checksum gate compared the program's own checksums
    assert len({s["checksum"] for s in ok}) == 1
    assert Path(d["outputs"]["report"]["html"]).is_file()
    cards = _env(run_cli("cards", "list", "--json"))["data"]["cards"]
    assert sorted(c["proposal_id"] for c in cards) == ["compiler_opt_level", "omp_simd"]


def test_session_spec_errors(tmp_path: Path, ps_home: Path) -> None:
    spec = tmp_path / "s.yaml"
    spec.write_text((DATA / "smooth.yaml").read_text() + "variants: [{name: o3, flags: [-O3]}]\n")
    cp = run_cli("session", "start", "--spec", str(spec), "--json")
    assert cp.returncode == 3 and "remove `variants`" in _env(cp)["errors"][0]["message"]
    cp = run_cli("session", "start", "--spec", str(DATA / "smooth.yaml"), "--kernel", "triad",
                 "--json")
    assert cp.returncode == 3 and "not both" in _env(cp)["errors"][0]["message"]
    cp = run_cli("session", "start", "--spec", str(tmp_path / "none.yaml"), "--json")
    assert cp.returncode == 4 and "Traceback" not in cp.stderr
    assert not (ps_home / "sessions").exists()  # a refused start leaves no session behind
