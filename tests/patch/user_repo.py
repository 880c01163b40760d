"""A user's fresh, clean git repository holding a copy of the naive matmul: the set-up the
patch tests (through the fixtures of tests/patch/conftest.py) and the export chain share."""

from __future__ import annotations

import json
from pathlib import Path

import git

from conftest import require_tool, run_cli
from perfscout.experiment.kernels import kernel_source
from perfscout.experiment.transforms import TRANSFORMS, diff_for

PID = "loop_interchange"  # the source proposal the patch and export tests apply


def make_user_repo(where: Path) -> Path:
    """A committed repository ``where/code`` (matmul.c, ps_common.h, README) with a user
    identity and nothing uncommitted."""
    repo = where / "code"
    repo.mkdir(parents=True)
    (repo / "matmul.c").write_text(kernel_source("matmul.c"))
    (repo / "ps_common.h").write_text(kernel_source("ps_common.h"))
    (repo / "README").write_text("user code\n")
    r = git.Repo.init(repo)
    with r.config_writer() as cw:
        cw.set_value("user", "name", "User")
        cw.set_value("user", "email", "user@example.invalid")
    r.git.add("-A")
    r.git.commit("-m", "initial")
    return repo


def verified_patch(where: Path) -> tuple[str, str]:
    """``patch apply --verify`` of the matmul loop interchange in a fresh user repository under
    ``where``: the card id and the experiment id it recorded (what the exports start from)."""
    require_tool("gcc")
    repo = make_user_repo(where)
    d = where / "p.diff"
    d.write_text(diff_for(TRANSFORMS[("matmul", PID)]))
    r = run_cli("patch", "apply", PID, "--diff", str(d), "--scope", "matmul.c", "--repo",
                str(repo), "--verify", "matmul.c", "--arg", "{size}", "--arg", "1",
                "--size", "128", "--json")
    assert r.returncode == 0, r.stdout + r.stderr
    data = json.loads(r.stdout)["data"]
    return data["card"], data["patch"]["experiment_id"]
