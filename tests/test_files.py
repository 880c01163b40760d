"""One reader for user-given JSON/YAML files: missing is NotFoundError, malformed InputError."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import run_cli
from perfscout.files import read_structured
from perfscout.model.errors import ExitCode, InputError, NotFoundError


def test_missing_and_malformed_files_are_told_apart(tmp_path: Path) -> None:
    with pytest.raises(NotFoundError, match=r"analysis file .*nope\.json does not exist"):
        read_structured(tmp_path / "nope.json", "analysis")
    bad = tmp_path / "bad.json"
    bad.write_text('{"findings": [')
    with pytest.raises(InputError, match="not valid JSON") as ei:
        read_structured(bad, "analysis", hint="give analyze --json output")
    assert ei.value.hint == "give analyze --json output"
    (tmp_path / "b.yaml").write_bytes(b"\xff\xfe: [")
    with pytest.raises(InputError, match="not valid YAML"):
        read_structured(tmp_path / "b.yaml", "space", "yaml")
    (tmp_path / "ok.yaml").write_text("a: [1, 2]\n")
    assert read_structured(tmp_path / "ok.yaml", "space", "yaml") == {"a": [1, 2]}


@pytest.mark.parametrize("argv", [
    ("tune", "run", "{d}/missing.yaml", "--budget", "1"),
    ("tune", "replay", "{d}/missing.json"),
    ("experiment", "run", "{d}/missing.yaml"),
    ("tune", "run", "--from-analysis", "{d}/missing.json", "--budget", "1"),
    ("advise", "--analysis", "{d}/missing.json"),
    ("tune", "replay", "{d}/missing.json", "--platform", "{d}/no-snapshot.json"),
])
def test_every_command_reports_a_missing_input_file_with_exit_4(
        tmp_path: Path, ps_home: Path, argv: tuple[str, ...]) -> None:
    cp = run_cli(*(a.format(d=tmp_path) for a in argv))
    assert cp.returncode == ExitCode.NOT_FOUND, (cp.returncode, cp.stderr)
    assert "does not exist" in cp.stderr and "Traceback" not in cp.stderr
