"""``patch apply`` as a new user runs it: a fresh clean repository, perfscout's own files, a
dirty user file, a committed symlink and diffs aimed at git's control files."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable
from pathlib import Path

import git
import pytest

from conftest import run_cli
from patch.user_repo import PID
from perfscout.experiment.kernels import kernel_source
from perfscout.experiment.transforms import TRANSFORMS, diff_for
from perfscout.model.errors import ExitCode, InputError, PolicyDenied
from perfscout.patch.git import Git
from perfscout.patch.workflow import apply_proposal

RepoMaker = Callable[[Path], Path]  # the make_user_repo fixture (tests/patch/conftest.py)
GitOpener = Callable[[Path, Path], Git]  # the user_git fixture


def _env(tmp: Path, repo: Path) -> dict[str, str]:
    # the user works in their checkout: it is also perfscout's workspace
    return {"PERFSCOUT_HOME": str(tmp / "home"), "PERFSCOUT_WORKSPACE": str(repo)}


def test_apply_in_a_fresh_clean_repository_succeeds_after_perfscout_wrote_there(
        tmp_path: Path, make_user_repo: RepoMaker) -> None:
    repo = make_user_repo(tmp_path)
    env = _env(tmp_path, repo)
    # perfscout writes its own files into the workspace (the audit log of this command)
    assert run_cli("run", "--", "lscpu", cwd=repo, env=env).returncode == 0
    assert (repo / ".perfscout").is_dir()
    (tmp_path / "p.diff").write_text(diff_for(TRANSFORMS[("matmul", PID)]))
    cp = run_cli("patch", "apply", PID, "--json", "--diff", str(tmp_path / "p.diff"),
                 "--scope", "matmul.c", "--repo", str(repo), cwd=repo, env=env)
    assert cp.returncode == 0, cp.stdout + cp.stderr
    branch = json.loads(cp.stdout)["data"]["patch"]["branch"]
    files = git.Repo(repo).git.show("--name-only", "--format=", branch).split()
    assert files == ["matmul.c"]  # nothing of perfscout's own was committed


def test_a_dirty_user_file_is_still_refused(tmp_path: Path, make_user_repo: RepoMaker) -> None:
    repo = make_user_repo(tmp_path)
    env = _env(tmp_path, repo)
    (repo / "matmul.c").write_text("/* the user's own edit */\n" + kernel_source("matmul.c"))
    (tmp_path / "p.diff").write_text(diff_for(TRANSFORMS[("matmul", PID)]))
    cp = run_cli("patch", "apply", PID, "--json", "--diff", str(tmp_path / "p.diff"),
                 "--scope", "matmul.c", "--repo", str(repo), cwd=repo, env=env)
    assert cp.returncode == int(ExitCode.CONFLICT), cp.stdout + cp.stderr
    assert "uncommitted changes" in cp.stdout
    (tmp_path / "u").mkdir()
    untracked = make_user_repo(tmp_path / "u")
    (untracked / "notes.txt").write_text("mine\n")
    cp = run_cli("patch", "apply", PID, "--json", "--diff", str(tmp_path / "p.diff"),
                 "--scope", "matmul.c", "--repo", str(untracked), cwd=untracked,
                 env=_env(tmp_path / "u", untracked))
    assert cp.returncode == int(ExitCode.CONFLICT)


SYMLINK_DIFF = """--- a/link.c
+++ b/link.c
@@ -1 +1 @@
-int x = 1;
+int x = 2;
"""


def test_a_committed_symlink_does_not_carry_the_write_outside(
        tmp_path: Path, make_user_repo: RepoMaker, user_git: GitOpener) -> None:
    repo = make_user_repo(tmp_path)
    outside = tmp_path / "outside.c"
    outside.write_text("int x = 1;\n")
    (repo / "link.c").symlink_to(outside)
    r = git.Repo(repo)
    r.git.add("link.c")
    r.git.commit("-m", "a link")
    # control: a plain write through the checked-out link lands outside the repository
    ctl = tmp_path / "ctl"
    subprocess.run(["git", "clone", "-q", str(repo), str(ctl)], check=True)
    (ctl / "link.c").write_text((ctl / "link.c").read_text().replace("1", "3"))
    assert outside.read_text() == "int x = 3;\n"
    outside.write_text("int x = 1;\n")
    with pytest.raises(InputError, match="symlink"):
        apply_proposal(user_git(repo, tmp_path / "home"), tmp_path / "home", "p1",
                       SYMLINK_DIFF, ("link.c",))
    assert outside.read_text() == "int x = 1;\n"
    assert "perfscout/p1" not in r.git.branch("--list")


@pytest.mark.parametrize("path, why", [
    (".git/config", ".git directory"),
    (".gitattributes", "filter"),
    (".gitmodules", "other repositories"),
    ("sub/.git", ".git directory"),
    ("src/.GIT/hooks/pre-commit", ".git directory"),
])
def test_diffs_touching_git_control_files_are_refused(
        tmp_path: Path, path: str, why: str, make_user_repo: RepoMaker,
        user_git: GitOpener) -> None:
    repo = make_user_repo(tmp_path)
    diff = f"--- /dev/null\n+++ b/{path}\n@@ -0,0 +1 @@\n+[filter \"x\"]\n"
    with pytest.raises(PolicyDenied, match=why):
        apply_proposal(user_git(repo, tmp_path / "home"), tmp_path / "home", "p2", diff,
                       (path.split("/")[0] + ("/" if "/" in path else ""),))
    assert not (repo / path).exists() or path.startswith(".git/")
