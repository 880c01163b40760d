"""Shared fixtures: the corpus, service requirements, an isolated perfscout home."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
CORPUS = Path(os.environ.get("PERFSCOUT_CORPUS", REPO.parent / "shared" / "corpus"))


def _strict(var: str) -> bool:
    return os.environ.get(var, "") not in ("", "0")


@pytest.fixture(scope="session")
def corpus() -> Path:
    """The shared corpus of real tool outputs. Absent on a user's machine: tests skip saying so.
    In CI (PERFSCOUT_REQUIRE_CORPUS=1) its absence is a failure."""
    if not CORPUS.is_dir():
        msg = f"corpus not found at {CORPUS} (set PERFSCOUT_CORPUS); corpus tests need it"
        if _strict("PERFSCOUT_REQUIRE_CORPUS"):
            pytest.fail(msg)
        pytest.skip(msg)
    return CORPUS


def require_service(name: str, available: bool, why: str) -> None:
    """Skip (or, in CI, fail) a test whose service is not running."""
    if available:
        return
    msg = f"{name} not available: {why}"
    if _strict("PERFSCOUT_REQUIRE_SERVICES"):
        pytest.fail(msg)
    pytest.skip(msg)


def require_tool(tool: str) -> str:
    """Path of ``tool``; skip (fail in CI) when it is not installed."""
    import shutil

    path = shutil.which(tool)
    require_service(tool, path is not None, f"{tool} is not on PATH (make install adds it as root)")
    assert path is not None
    return path


@pytest.fixture()
def ps_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An isolated PERFSCOUT_HOME for one test."""
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("PERFSCOUT_HOME", str(home))
    return home


def run_cli(*args: str, cwd: Path | None = None, env: dict[str, str] | None = None,
            input: str | None = None, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    """Run the real CLI in a subprocess (``python -m perfscout``)."""
    full_env = dict(os.environ)
    full_env.update(env or {})
    src = str(REPO / "src")
    full_env["PYTHONPATH"] = src + os.pathsep + full_env.get("PYTHONPATH", "")
    return subprocess.run(
        [sys.executable, "-m", "perfscout", *args], cwd=cwd, env=full_env, text=True,
        capture_output=True, input=input, timeout=timeout,
    )


DEMO_ENV = {"PERFSCOUT_EXPERIMENT_REPETITIONS": "3", "PERFSCOUT_EXPERIMENT_MAX_REPETITIONS": "3"}


@pytest.fixture(scope="session")
def demo_home(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """A perfscout home after one real `perfscout demo --kernels triad --json` (3 repetitions),
    shared by every test that reads a demo (the cards and the report tests): run once per test
    session, also across xdist workers (the first worker runs it under a file lock, the others
    find its result). ``demo.json`` in the home holds the demo's JSON envelope."""
    import fcntl

    root = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        root = root.parent  # shared by the workers of this session
    home = root / "shared-demo"
    env = {"PERFSCOUT_HOME": str(home), **DEMO_ENV}
    with open(root / "shared-demo.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (home / "demo.json").is_file():
            home.mkdir(exist_ok=True)
            cp = run_cli("demo", "--kernels", "triad", "--json", env=env, timeout=900)
            assert cp.returncode == 0, cp.stderr[-2000:] + cp.stdout[-2000:]
            (home / "demo.json").write_text(cp.stdout)
    return env


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test that reads the shared demo is ``slow`` (it waits for a full demo run)."""
    for item in items:
        if "demo_home" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.slow)
