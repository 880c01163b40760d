"""The patch tests' shared set-up: a user's fresh, clean git repository holding a copy of the
naive matmul, and the workflow's git for it (through the sandbox runner, as the CLI opens it)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from patch.user_repo import make_user_repo as _make_user_repo
from perfscout.config import load_config
from perfscout.patch.git import Git
from perfscout.pipeline.patch_flow import open_git

RepoMaker = Callable[[Path], Path]
GitOpener = Callable[[Path, Path], Git]


@pytest.fixture
def make_user_repo() -> RepoMaker:
    """``make_user_repo(folder)``: a committed repository ``folder/code`` (matmul.c,
    ps_common.h, README) with a user identity, nothing uncommitted."""
    return _make_user_repo


@pytest.fixture
def user_git() -> GitOpener:
    """``user_git(repo, home)``: the workflow's git for ``repo`` with perfscout's home at
    ``home`` (its workspace ``home/ws``): a sandbox runner rooted at it and the patch dir."""
    def opener(repo: Path, home: Path) -> Git:
        return open_git(repo, load_config(env={"PERFSCOUT_HOME": str(home),
                                               "PERFSCOUT_WORKSPACE": str(home / "ws")}))
    return opener
