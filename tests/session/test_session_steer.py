"""Sessions a user can steer: the approval gate shows findings, the do-not list and every
proposal with whether it can run; approving only proposals that cannot run does not leave the
session stuck; approvals close once verify starts; a program without a readable result line is
refused at collect; --combine measures the winners together."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from conftest import run_cli

DATA = Path(__file__).parent / "data"


def _env(out: subprocess.CompletedProcess[str]) -> dict:  # type: ignore[type-arg]
    assert "Traceback" not in out.stderr, out.stderr
    return dict(json.loads(out.stdout))


def _smooth(tmp: Path, name: str = "smooth") -> Path:
    for f in (f"{name}.c", f"{name}.yaml"):
        (tmp / f).write_text((DATA / f).read_text())
    return tmp / f"{name}.yaml"


def test_stuck_session_takes_a_new_approval(tmp_path: Path, ps_home: Path) -> None:
    """Issue 16: approving only unconvertible proposals left the session stuck for good (a new
    approval ignored, resume exit 3). Now approve waits, says why, and takes a new approval.
    The program's hot loop calls a routine with a side effect (it counts its calls), so
    omp_simd gets no diff; the reason names the program's own file (the workspace inside the
    program's folder is not taken for it)."""
    out = run_cli("session", "start", "--spec", str(_smooth(tmp_path, "smooth_call")),
                  "--confirm-platform")
    assert out.returncode == 0, out.stderr
    # the gate shows what a person needs to choose (rich may wrap long lines)
    shown = " ".join(out.stderr.split())
    for part in ("findings:", "do not:", "proposals (approve by id):", "compiler_opt_level",
                 "[runnable]", "CANNOT RUN: smooth_call.c:",
                 "call to weigh() at line 29 may have side effects"):
        assert part in shown, part
    assert "workspace/profile" not in shown.split("CANNOT RUN:")[1].split("]")[0]
    sid = next((ps_home / "sessions").iterdir()).name
    d = _env(run_cli("session", "approve", sid, "--approve", "omp_simd", "--json"))
    assert d["exit_code"] == 0 and d["data"]["next"] == "approve"
    assert "none of the approved proposals can run" in d["data"]["waiting"]
    assert "omp_simd: smooth_call.c:" in d["data"]["waiting"]
    assert d["data"]["outputs"]["approve"]["refused"] == ["omp_simd"]
    d = _env(run_cli("session", "resume", sid, "--json"))
    assert d["exit_code"] == 0 and d["data"]["next"] == "approve", d
    d = _env(run_cli("session", "approve", sid, "--approve", "compiler_opt_level",
                     "--approve", "omp_simd", "--json"))["data"]
    assert d["next"] is None, d
    assert d["outputs"]["approve"]["approved"] == ["compiler_opt_level", "omp_simd"]
    assert [u["id"] for u in d["outputs"]["verify"]["unconvertible"]] == ["omp_simd"]
    assert "not run: omp_simd" in Path(d["outputs"]["report"]["md"]).read_text()
    late = run_cli("session", "approve", sid, "--approve", "compiler_opt_level", "--json")
    assert late.returncode == 3 and "approvals are closed" in _env(late)["errors"][0]["message"]


def test_a_verify_where_nothing_builds_opens_the_approval_again(tmp_path: Path,
                                                               ps_home: Path) -> None:
    """The approved proposal cannot build (here: an empty sandbox policy allows no compiler):
    nothing is measured, approve waits again with the reason, and a new approval is taken."""
    policy = tmp_path / "deny.yaml"
    policy.write_text("version: 1\nexecutables: {}\n")
    d = _env(run_cli("session", "start", "--spec", str(_smooth(tmp_path)), "--confirm-platform",
                     "--json"))
    sid = d["data"]["id"]
    d = _env(run_cli("session", "approve", sid, "--approve", "loop_nest_optimize", "--policy",
                     str(policy), "--json"))["data"]
    assert d["next"] == "approve" and "none of the approved proposals builds" in d["waiting"]
    assert d["steps"]["verify"] == "pending"
    assert d["outputs"]["approve"]["unconvertible"][0]["id"] == "loop_nest_optimize"
    d = _env(run_cli("session", "approve", sid, "--approve", "compiler_opt_level",
                     "--json"))["data"]
    assert d["next"] is None and set(d["outputs"]["verify"]["verdicts"]) == {
        "compiler_opt_level"}


def test_program_without_a_result_line_is_refused_at_collect(tmp_path: Path,
                                                             ps_home: Path) -> None:
    src = tmp_path / "quiet.c"
    src.write_text("int main(void) { volatile double s = 0; for (int i = 0; i < 1000; i++) "
                   "s += i; return 0; }\n")
    spec = tmp_path / "quiet.yaml"
    spec.write_text("source: quiet.c\ncheck: {kind: none}\n")
    out = run_cli("session", "start", "--spec", str(spec), "--json")
    err = _env(out)["errors"][0]
    assert out.returncode == 3 and "prints no result line perfscout can read" in err["message"]
    assert "measure: {source: wall}" in err["hint"]
    # the same program timed by perfscout goes through collect
    spec.write_text("source: quiet.c\nmeasure: {source: wall}\nmetric: wall_s\n"
                    "check: {kind: none}\n")
    d = _env(run_cli("session", "start", "--spec", str(spec), "--json"))["data"]
    assert d["steps"]["collect"] == "done" and d["next"] == "confirm"


def test_combine_winners_from_the_cli(tmp_path: Path, ps_home: Path) -> None:
    """--combine: the verify step also measures the stack of the winners with the flag changes
    that did not lose and the follow-ups the guards deferred (-march=native, refused alone
    without -O3), against each winner alone, and says whether it is kept; with no winner the
    deferred flags are still tried."""
    policy = tmp_path / "p.yaml"
    policy.write_text("confirm_platform: true\napprove: [compiler_opt_level, loop_nest_optimize]\n")
    d = _env(run_cli("session", "start", "--spec", str(_smooth(tmp_path)), "--approval-policy",
                     str(policy), "--combine", "--json"))["data"]
    assert d["next"] is None and d["combine"] is True
    analysis = json.loads((ps_home / "sessions" / d["id"] / "analysis.json").read_text())
    assert "compiler_arch" in {r["id"] for r in analysis["rejected"]}
    assert [p["id"] for p in analysis["followups"]] == ["compiler_arch"]
    assert analysis["followups"][0]["change"]["flags"] == ["-march=native"]
    combo = d["outputs"]["verify"]["combination"]
    verdicts = d["outputs"]["verify"]["verdicts"]
    # with or without a winner (a loaded machine may give none), the deferred -march=native
    # is tried on top of what did not lose
    assert combo["note"].startswith("stack of ") and "compiler_arch" in combo["note"], combo
    for pid, verdict in verdicts.items():  # a flag change that lost is left out
        assert (pid in combo["note"]) == (verdict not in ("loss", "invalid")), (pid, combo)
    shown = _env(run_cli("experiment", "show", combo["experiment"], "--json"))["data"]
    names = {s["variant"] for s in shown["samples"]}
    assert combo["variant"] in names and any(n.startswith("combo_") for n in names), names
    assert ("kept" in combo["note"]) and combo["kept"] in (True, False)
