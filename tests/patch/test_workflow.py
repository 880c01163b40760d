"""The patch workflow on a real temporary git repository holding a copy of the naive matmul."""

from __future__ import annotations

import hashlib
import subprocess
from collections.abc import Callable
from pathlib import Path

import git
import pytest

from conftest import require_tool
from patch.user_repo import PID
from perfscout.config import load_config
from perfscout.experiment.kernels import kernel_source
from perfscout.experiment.store import Store
from perfscout.experiment.transforms import TRANSFORMS, diff_for
from perfscout.experiment.validity import correctness_reasons
from perfscout.kb.cards import CardStore
from perfscout.model.errors import PolicyDenied, StateConflict
from perfscout.patch.git import Git
from perfscout.patch.workflow import TRAILER, apply_proposal, drop_patch, list_patches
from perfscout.pipeline.patch_flow import verify_and_record
from perfscout.sandbox.runner import default_runner

RepoMaker = Callable[[Path], Path]  # the make_user_repo fixture (tests/patch/conftest.py)
GitOpener = Callable[[Path, Path], Git]  # the user_git fixture


def _hashes(repo: Path) -> dict[str, str]:
    """Every working-tree file, plus the checked-out ref (.git/HEAD)."""
    files = [p for p in sorted(repo.rglob("*")) if p.is_file() and ".git" not in p.parts]
    files.append(repo / ".git" / "HEAD")
    return {str(p.relative_to(repo)): hashlib.sha256(p.read_bytes()).hexdigest() for p in files}


def test_source_proposal_becomes_a_verified_branch_with_a_card(
        tmp_path: Path, make_user_repo: RepoMaker, user_git: GitOpener) -> None:
    require_tool("gcc")
    repo = make_user_repo(tmp_path)
    home = tmp_path / "home"
    before = _hashes(repo)
    status_before = git.Repo(repo).git.status("--porcelain")
    diff = diff_for(TRANSFORMS[("matmul", PID)])
    rec = apply_proposal(user_git(repo, home), home, PID, diff, ("matmul.c",), expected=(1.5, 4.0))
    r = git.Repo(repo)
    commits = list(r.iter_commits(f"{rec.base}..{rec.branch}"))
    assert len(commits) == 1 and f"{TRAILER}: {PID}" in str(commits[0].message)
    assert r.head.commit.hexsha == rec.base and r.active_branch.name != rec.branch
    branch_src = r.git.show(f"{rec.branch}:matmul.c")
    assert branch_src != kernel_source("matmul.c")
    st = Store(home / "exp.db")
    with CardStore(home / "kb.db") as cs:
        rec2, res, card = verify_and_record(
            user_git(repo, home), home, PID, "matmul.c", default_runner(home), st, cs,
            platform_key="cpu|gcc|nompi",
            cfg_get=load_config(env={}).get, args=("{size}", "1"), size=160, repetitions=3)
        stored = cs.get(card.id)
    st.close()
    assert rec2.status == "verified" and rec2.experiment_id == res.id
    v = res.outcome(PID)
    # the patch builds, runs and computes the same checksum (the timing verdict is not asked)
    assert correctness_reasons(v.reasons) == [], v.reasons
    assert v.samples >= 3 and v.median is not None
    assert stored.expected_low == 1.5 and stored.expected_high == 4.0
    assert stored.actual.value == v.ratio and v.ratio is not None and v.ratio > 0
    assert stored.commits == (rec.commit,)
    assert _hashes(repo) == before
    assert git.Repo(repo).git.status("--porcelain") == status_before


def test_dirty_tree_is_refused_and_no_branch_made(
        tmp_path: Path, make_user_repo: RepoMaker, user_git: GitOpener) -> None:
    repo = make_user_repo(tmp_path)
    (repo / "README").write_text("edited\n")
    with pytest.raises(StateConflict, match="uncommitted"):
        apply_proposal(user_git(repo, tmp_path / "home"), tmp_path / "home", PID,
                       diff_for(TRANSFORMS[("matmul", PID)]), ("matmul.c",))
    assert [h.name for h in git.Repo(repo).heads] == [git.Repo(repo).active_branch.name]


def test_diff_outside_scope_is_rejected(
        tmp_path: Path, make_user_repo: RepoMaker, user_git: GitOpener) -> None:
    repo = make_user_repo(tmp_path)
    diff = diff_for(TRANSFORMS[("matmul", PID)]) + (
        "--- a/README\n+++ b/README\n@@ -1 +1 @@\n-user code\n+changed\n")
    with pytest.raises(PolicyDenied, match="README"):
        apply_proposal(user_git(repo, tmp_path / "home"), tmp_path / "home", PID, diff,
                       ("matmul.c",))
    assert len(git.Repo(repo).heads) == 1 and (repo / "README").read_text() == "user code\n"


def test_drop_undoes_only_perfscouts_commits(
        tmp_path: Path, make_user_repo: RepoMaker, user_git: GitOpener) -> None:
    repo = make_user_repo(tmp_path)
    home = tmp_path / "home"
    diff = diff_for(TRANSFORMS[("matmul", PID)])
    rec = apply_proposal(user_git(repo, home), home, PID, diff, ("matmul.c",))
    # a user commit on the perfscout branch makes drop refuse
    wt = git.Repo(rec.worktree)
    Path(rec.worktree, "NOTES").write_text("mine\n")
    wt.git.add("NOTES")
    wt.git.commit("-m", "user note")
    with pytest.raises(StateConflict, match="not made by perfscout"):
        drop_patch(user_git(repo, home), home, PID)
    assert rec.branch in [h.name for h in git.Repo(repo).heads]
    wt.git.reset("--hard", "HEAD~1")
    main_head = git.Repo(repo).head.commit.hexsha
    out = drop_patch(user_git(repo, home), home, PID)
    r = git.Repo(repo)
    assert out.status == "dropped" and rec.branch not in [h.name for h in r.heads]
    assert r.head.commit.hexsha == main_head == rec.base
    assert not Path(rec.worktree).exists()
    assert subprocess.run(["git", "-C", str(repo), "worktree", "list"], capture_output=True,
                          text=True).stdout.count("\n") == 1
    assert [p.status for p in list_patches(home)] == ["dropped"]


def test_cli_apply_list_show_drop_and_dirty_refusal(
        tmp_path: Path, ps_home: Path, make_user_repo: RepoMaker) -> None:
    import json

    from conftest import run_cli

    repo = make_user_repo(tmp_path)
    d = tmp_path / "p.diff"
    d.write_text(diff_for(TRANSFORMS[("matmul", PID)]))
    r = run_cli("patch", "apply", PID, "--diff", str(d), "--scope", "matmul.c", "--repo",
                str(repo), "--json")
    assert r.returncode == 0, r.stderr
    env = json.loads(r.stdout)
    assert env["data"]["patch"]["branch"] == f"perfscout/{PID}"
    r = run_cli("patch", "list", "--json")
    assert [p["proposal_id"] for p in json.loads(r.stdout)["data"]["patches"]] == [PID]
    r = run_cli("patch", "show", PID)
    assert r.returncode == 0 and "matmul.c" in r.stdout
    r = run_cli("patch", "drop", PID, "--json")
    assert r.returncode == 0 and json.loads(r.stdout)["data"]["status"] == "dropped"
    (repo / "README").write_text("dirty\n")
    r = run_cli("patch", "apply", PID, "--diff", str(d), "--scope", "matmul.c", "--repo",
                str(repo), "--json")
    assert r.returncode != 0 and "Traceback" not in r.stderr
    assert "uncommitted" in r.stdout + r.stderr
