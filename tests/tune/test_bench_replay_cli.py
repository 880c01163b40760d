"""The replay bench's command line: --help, and an unknown table is one line and exit 2."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "benches" / "bench_tune_replay.py"


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(BENCH), *args], capture_output=True, text=True,
                          timeout=120, check=False)


def test_help_lists_the_tables_and_exits_0() -> None:
    out = _run("--help")
    assert out.returncode == 0
    assert "--first-run" in out.stdout and "poly_simd" in out.stdout


def test_unknown_table_is_one_line_and_exit_2() -> None:
    for args in (["no_such_table"], ["--first-run", "no_such_table"], ["transpose", "nope"]):
        out = _run(*args)
        assert out.returncode == 2, out.stderr
        lines = out.stderr.strip().splitlines()
        assert len(lines) == 1 and "unknown table" in lines[0], out.stderr
        assert "Traceback" not in out.stderr and out.stdout == ""
