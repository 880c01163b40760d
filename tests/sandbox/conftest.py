"""Fixtures for the sandbox tests: hostile C programs compiled once, a workspace box."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from sandbox.sbox import PRELOAD, PROGRAMS, Box


@pytest.fixture(scope="session")
def progs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Directory with every hostile program compiled (and preload.so)."""
    if shutil.which("gcc") is None:
        pytest.fail("gcc is required for the sandbox tests (scripts/install-system.sh)")
    d = tmp_path_factory.mktemp("progs")
    for name, src in PROGRAMS.items():
        (d / f"{name}.c").write_text(src)
        subprocess.run(["gcc", "-O1", "-o", str(d / name), str(d / f"{name}.c")], check=True)
    (d / "preload.c").write_text(PRELOAD)
    subprocess.run(["gcc", "-shared", "-fPIC", "-o", str(d / "preload.so"),
                    str(d / "preload.c")], check=True)
    return d


@pytest.fixture()
def box(tmp_path: Path, progs: Path) -> Box:
    ws = tmp_path / "ws"
    outside = tmp_path / "outside"
    home = tmp_path / "boxhome"
    for d in (ws, outside, home):
        d.mkdir()
    return Box(ws.resolve(), outside.resolve(), home, progs)


