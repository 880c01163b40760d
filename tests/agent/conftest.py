"""Fixtures of the agent tests: a workbench on a real sandbox runner in a temporary workspace."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from agent.helpers import EPYC_LSCPU
from perfscout.agent.session import make_workbench
from perfscout.agent.tools import Workbench
from perfscout.config import load_config
from perfscout.sandbox.runner import default_runner


@pytest.fixture()
def bench(tmp_path: Path, ps_home: Path) -> Callable[..., Workbench]:
    """``bench(files, snapshot=..., approve=set_of_ids)`` -> a Workbench on a real runner."""

    def make(files: list[str] | None = None, approve: set[str] | None = None,
             **kw: Any) -> Workbench:
        cfg = load_config()
        ws = tmp_path / "ws"
        runner = default_runner(ws, config=cfg)
        ok = set(approve or ())
        return make_workbench(cfg, runner, ws.resolve(), files or [],
                              approver=lambda props: {p.id for p in props if p.id in ok}, **kw)

    return make


@pytest.fixture()
def epyc_snapshot(corpus: Path, tmp_path: Path) -> Any:
    """The dual-socket EPYC 7451 platform rebuilt from its real lscpu output."""
    from perfscout.snapshot import snapshot_from_dir

    d = tmp_path / "epyc"
    d.mkdir()
    shutil.copy(corpus / EPYC_LSCPU, d / "lscpu.txt")
    return snapshot_from_dir(d)


@pytest.fixture(scope="session")
def live_snapshot(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """This machine's real snapshot, taken once (it runs every collector through the sandbox)."""
    from perfscout.snapshot import take_snapshot

    return take_snapshot(default_runner(tmp_path_factory.mktemp("snapws")))

