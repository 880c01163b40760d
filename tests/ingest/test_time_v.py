"""/usr/bin/time -v reports produced here by the real tool."""

from __future__ import annotations

import subprocess
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings

from conftest import require_tool
from ingest.fuzzing import check_only_parse_error, mutated_lines
from perfscout.ingest.registry import get_adapter, load
from perfscout.model.errors import ParseError


def _time_v(tmp_path: Path, *argv: str) -> tuple[Path, str]:
    require_tool("time")
    r = subprocess.run(["/usr/bin/time", "-v", *argv], capture_output=True, text=True,
                       cwd=tmp_path)
    f = tmp_path / "tv.txt"
    f.write_text(r.stdout + r.stderr)
    return f, r.stderr


def _printed(stderr: str, key: str) -> str:
    return next(ln.split(": ", 1)[1] for ln in stderr.splitlines() if ln.strip().startswith(key))


def test_real_time_v(tmp_path: Path) -> None:
    f, err = _time_v(tmp_path, "python3", "-c", "x = bytearray(30 * 1024 * 1024); print(len(x))")
    p = load(f)
    assert p.format == "time_v"
    rss = p.first("mem.max_rss")
    assert rss is not None
    assert rss.value == float(_printed(err, "Maximum resident set size"))
    assert rss.value > 30 * 1024  # the 30 MiB buffer is resident
    assert p.first("exit_status").value == 0  # type: ignore[union-attr]
    assert p.meta["command"].startswith("python3 -c")
    assert p.meta["outside_lines"] == "1"  # the program's own stdout line
    assert p.first("time.elapsed") is not None


def test_failed_command_exit_status(tmp_path: Path) -> None:
    f, err = _time_v(tmp_path, "sh", "-c", "exit 3")
    p = load(f)
    assert p.first("exit_status").value == 3  # type: ignore[union-attr]
    assert p.first("page_faults.minor").value == float(  # type: ignore[union-attr]
        _printed(err, "Minor (reclaiming a frame) page faults"))


def test_clock_formats(tmp_path: Path) -> None:
    f = tmp_path / "t.txt"
    f.write_text('\tCommand being timed: "sleep"\n'
                 "\tElapsed (wall clock) time (h:mm:ss or m:ss): 1:02:03.50\n"
                 "\tMaximum resident set size (kbytes): 2048\n\tExit status: 0\n")
    p = load(f)
    assert p.first("time.elapsed").value == pytest.approx(3723.5)  # type: ignore[union-attr]


def test_bad_number_names_line(tmp_path: Path) -> None:
    f = tmp_path / "t.txt"
    f.write_text('\tCommand being timed: "x"\n\tUser time (seconds): abc\n')
    with pytest.raises(ParseError) as ei:
        get_adapter("time_v").parse(f)
    assert ei.value.line == 2


_SAMPLE = subprocess.run(["/usr/bin/time", "-v", "true"], capture_output=True,
                         text=True).stderr.splitlines() if Path("/usr/bin/time").exists() else [
    "Command being timed: \"true\""]


@settings(max_examples=60, deadline=None)
@given(data=mutated_lines(_SAMPLE))
def test_fuzz_only_parse_error(data: list[str]) -> None:
    with tempfile.TemporaryDirectory() as d:
        check_only_parse_error(get_adapter("time_v"), Path(d) / "m.txt", data)
