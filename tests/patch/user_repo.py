"""A user's fresh, clean git repository holding a copy of the naive matmul: the set-up the
patch tests (through the fixtures of tests/patch/conftest.py) and the export chain share."""

from __future__ import annotations

from pathlib import Path

import git

from perfscout.experiment.kernels import kernel_source

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
