"""``export reframe --tolerance`` is checked before any work: a value that is not a fraction
between 0 and 1 is a usage error (exit 2, one line), even for a card that does not exist."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import run_cli


@pytest.mark.parametrize("value", ["1.5", "0", "-0.1", "nan", "inf"])
def test_bad_tolerance_is_a_usage_error_before_the_card_is_looked_up(
        value: str, tmp_path: Path, ps_home: Path) -> None:
    cp = run_cli("export", "reframe", "no-such-card", "--tolerance", value, "--json",
                 cwd=tmp_path)
    env = json.loads(cp.stdout)
    assert cp.returncode == 2 and env["status"] == "error", cp.stdout + cp.stderr
    assert len(env["errors"]) == 1 and "--tolerance" in env["errors"][0]["message"]
    assert not (ps_home / "perfscout.db").exists()  # no store was opened
