"""The patch workflow's git runs under the sandbox policy: no hook, fsmonitor, signer or driver.

Each hostile repository is also driven once with plain git (the control), which shows the
hazard really fires there; through perfscout it must not.
"""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from patch.user_repo import PID
from perfscout.config import load_config
from perfscout.experiment.transforms import TRANSFORMS, diff_for
from perfscout.model.errors import PolicyDenied
from perfscout.patch.git import Git
from perfscout.patch.workflow import apply_proposal, drop_patch
from perfscout.pipeline.patch_flow import open_git
from perfscout.sandbox.audit import default_log
from perfscout.sandbox.local_runner import LocalRunner
from perfscout.sandbox.policy import default_policy_text, load_policy
from perfscout.sandbox.runner import default_runner

RepoMaker = Callable[[Path], Path]  # the make_user_repo fixture (tests/patch/conftest.py)


def _sh(*args: str, cwd: Path) -> str:
    return subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True,
                          text=True).stdout


def _hook(tmp: Path, name: str) -> tuple[Path, Path]:
    """An executable script that leaves ``marker-NAME`` behind when something runs it."""
    marker = tmp / f"marker-{name}"
    script = tmp / f"hook-{name}"
    script.write_text(f"#!/bin/sh\ntouch {marker}\ncat >/dev/null 2>&1\nexit 0\n")
    script.chmod(0o755)
    return script, marker


def _cfg(tmp: Path) -> object:
    return load_config(env={"PERFSCOUT_HOME": str(tmp / "home"),
                            "PERFSCOUT_WORKSPACE": str(tmp / "ws")})


def _apply(repo: Path, tmp: Path) -> None:
    git = open_git(repo, _cfg(tmp))  # type: ignore[arg-type]
    apply_proposal(git, tmp / "home", PID, diff_for(TRANSFORMS[("matmul", PID)]), ("matmul.c",))


def test_repository_hooks_never_run(tmp_path: Path, make_user_repo: RepoMaker) -> None:
    repo = make_user_repo(tmp_path)
    markers = []
    for name in ("post-checkout", "pre-commit", "commit-msg", "post-commit",
                 "reference-transaction"):
        script, marker = _hook(tmp_path, name)
        (repo / ".git" / "hooks" / name).symlink_to(script)
        markers.append(marker)
    ctl = tmp_path / "control"
    _sh("worktree", "add", "-q", "-b", "control", str(ctl), cwd=repo)
    assert (tmp_path / "marker-post-checkout").exists(), "control: plain git runs the hook"
    _sh("worktree", "remove", "--force", str(ctl), cwd=repo)
    _sh("branch", "-D", "control", cwd=repo)
    for m in markers:
        m.unlink(missing_ok=True)
    _apply(repo, tmp_path)
    assert [m.name for m in markers if m.exists()] == []
    assert _sh("log", "-1", "--format=%s", f"perfscout/{PID}", cwd=repo).strip() == \
        f"perfscout: {PID}"


def test_fsmonitor_and_commit_signer_never_run(tmp_path: Path, make_user_repo: RepoMaker) -> None:
    repo = make_user_repo(tmp_path)
    fsm, fsm_marker = _hook(tmp_path, "fsmonitor")
    gpg, gpg_marker = _hook(tmp_path, "gpg")
    _sh("config", "core.fsmonitor", str(fsm), cwd=repo)
    _sh("config", "commit.gpgsign", "true", cwd=repo)
    _sh("config", "gpg.program", str(gpg), cwd=repo)
    _sh("status", "--porcelain", cwd=repo)
    assert fsm_marker.exists(), "control: plain git status runs the fsmonitor"
    fsm_marker.unlink()
    _apply(repo, tmp_path)
    assert not fsm_marker.exists() and not gpg_marker.exists()
    raw = _sh("cat-file", "commit", f"perfscout/{PID}", cwd=repo)
    assert "gpgsig" not in raw


def test_filter_driver_in_config_is_refused_before_any_checkout(
        tmp_path: Path, make_user_repo: RepoMaker) -> None:
    repo = make_user_repo(tmp_path)
    smudge, marker = _hook(tmp_path, "smudge")
    (repo / ".gitattributes").write_text("*.c filter=evil\n")
    _sh("add", ".gitattributes", cwd=repo)
    _sh("commit", "-q", "-m", "attrs", cwd=repo)
    _sh("config", "filter.evil.smudge", str(smudge), cwd=repo)
    _sh("config", "filter.evil.clean", "cat", cwd=repo)
    ctl = tmp_path / "control"
    _sh("worktree", "add", "-q", "--detach", str(ctl), cwd=repo)
    assert marker.exists(), "control: plain git checkout runs the smudge filter"
    _sh("worktree", "remove", "--force", str(ctl), cwd=repo)
    marker.unlink()
    with pytest.raises(PolicyDenied, match=r"filter\.evil\.smudge"):
        _apply(repo, tmp_path)
    assert not marker.exists()
    assert _sh("branch", "--list", "perfscout/*", cwd=repo).strip() == ""


def test_a_policy_without_the_forced_git_settings_is_refused(
        tmp_path: Path, make_user_repo: RepoMaker) -> None:
    repo = make_user_repo(tmp_path)
    text = "\n".join(ln for ln in default_policy_text().splitlines()
                     if "GIT_CONFIG_" not in ln)
    pol = tmp_path / "policy.yaml"
    pol.write_text(text)
    runner = LocalRunner(load_policy(pol), tmp_path / "home", tmp_path / "home",
                         extra_roots=(repo,))
    (tmp_path / "home").mkdir(exist_ok=True)
    with pytest.raises(PolicyDenied, match=r"core\.hookspath"):
        Git.open(runner, repo)


def test_every_git_step_is_audited_and_drop_goes_through_it_too(
        tmp_path: Path, make_user_repo: RepoMaker) -> None:
    repo = make_user_repo(tmp_path)
    cfg = _cfg(tmp_path)
    _apply(repo, tmp_path)
    drop_patch(open_git(repo, cfg), tmp_path / "home", PID)  # type: ignore[arg-type]
    # the patch flow logs beside its worktrees, never into the user's repository
    log = default_log((tmp_path / "home" / "patches").resolve())
    assert not (repo / ".perfscout").exists()
    recs = [json.loads(ln) for ln in log.read_text().splitlines()]
    git_recs = [r for r in recs if r.get("purpose", "").startswith("patch:git")]
    subs = {r["purpose"].split()[1] for r in git_recs}
    assert {"config", "status", "worktree", "add", "commit", "rev-list", "branch"} <= subs
    assert all(r["allowed"] and r["argv"][0] == "git" for r in git_recs)
    assert _sh("branch", "--list", "perfscout/*", cwd=repo).strip() == ""


@pytest.mark.parametrize("argv, why", [
    (("git", "push", "origin", "main"), "positional"),
    (("git", "-c", "core.hooksPath=/tmp", "status"), "option"),
    (("git", "config", "user.name", "x"), "positional"),
    (("git", "diff", "HEAD", "--output=/etc/perfscout-x"), "option"),
    (("git", "archive", "--remote=../other", "HEAD"), "option"),
    (("git", "archive", "-o", "/etc/perfscout-x.tar", "HEAD"), "outside"),
    (("git", "worktree", "add", "/etc/perfscout-wt"), "outside"),
    (("git", "worktree", "move", "a", "b"), "denied"),
    (("git", "--exec-path=/tmp", "status"), "option"),
    (("git", "clone", "../x"), "positional"),
])
def test_the_git_rule_allows_only_local_steps_inside_the_roots(
        tmp_path: Path, argv: tuple[str, ...], why: str) -> None:
    runner = default_runner(tmp_path)
    dec = runner.check(argv)
    assert not dec.allowed and why in f"{dec.rule} {dec.reason}", dec
    assert runner.check(("git", "status", "--porcelain")).allowed
