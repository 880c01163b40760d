"""Build and run a small program with the real compiler (gcc, g++, gfortran) for the tests."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Sequence
from pathlib import Path

from conftest import require_tool

COMPILER = {".c": "gcc", ".cpp": "g++", ".f90": "gfortran"}


def build_run(src: Path, flags: Sequence[str] = (), libs: Sequence[str] = (),
              args: Sequence[str] = (), threads: int = 2, cwd: Path | None = None) -> str:
    """Compile ``src`` next to itself and return its stdout (a failure fails the test);
    ``cwd``: where it runs (a program that writes files must not write them in the
    repository)."""
    cc = require_tool(COMPILER[src.suffix])
    exe = src.with_suffix(".exe")
    mods = ["-J", str(src.parent)] if src.suffix == ".f90" else []  # .mod files stay there
    cmd = [cc, "-O2", *flags, *mods, "-I", str(src.parent), "-o", str(exe), str(src), *libs,
           "-lm"]
    b = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    assert b.returncode == 0, f"build failed: {' '.join(cmd)}\n{b.stderr}"
    env = {**os.environ, "OMP_NUM_THREADS": str(threads)}
    r = subprocess.run([str(exe), *args], capture_output=True, text=True, timeout=300, env=env,
                       cwd=cwd)
    assert r.returncode == 0, f"{exe.name} failed: {r.stderr}"
    return r.stdout


def write(dirpath: Path, name: str, text: str) -> Path:
    p = dirpath / name
    p.write_text(text)
    return p


def line_of(text: str, needle: str) -> int:
    """1-based line of the first line containing ``needle``."""
    for i, ln in enumerate(text.splitlines(), 1):
        if needle in ln:
            return i
    raise AssertionError(f"{needle!r} not in the source")
