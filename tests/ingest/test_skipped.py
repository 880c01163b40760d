"""One unreadable input never refuses the set: every skip reason, through the real CLI."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
from tests.conftest import run_cli

from perfscout.ingest.registry import adapters, load_set
from perfscout.model.errors import InputError, NotFoundError
from perfscout.model.metrics import SKIP_REASONS

DATA = Path(__file__).resolve().parents[1] / "diagnose" / "data"
GMON = Path(__file__).resolve().parent / "data" / "user_evidence" / "gmon-sortkeys.out"
GOOD = DATA / "perf-stat-triad.txt"

LSCPU = """Architecture:            x86_64
  CPU op-mode(s):        32-bit, 64-bit
  Byte Order:            Little Endian
CPU(s):                  2
  On-line CPU(s) list:   0,1
Vendor ID:               GenuineIntel
  Model name:            Intel(R) Xeon(R) Platinum 8488C
    Thread(s) per core:  1
    Core(s) per socket:  2
    Socket(s):           1
"""


def _mixed_dir(tmp_path: Path) -> tuple[Path, dict[str, str]]:
    """A folder holding one readable profile and one input for every skip reason."""
    d = tmp_path / "outputs"
    d.mkdir()
    shutil.copy(GOOD, d / "perf-stat.txt")
    (d / "empty.txt").write_text("")
    (d / "notes.txt").write_text("we ran it on Tuesday; it felt slow\n")
    (d / "lscpu.txt").write_text(LSCPU)  # read: the measured machine's CPUs (machine-topology)
    # lscpu cut before its CPU lines: topology with no quantity in it, snapshot input only
    (d / "lscpu-head.txt").write_text("".join(LSCPU.splitlines(True)[:3]) + LSCPU.splitlines(
        True)[5] + LSCPU.splitlines(True)[6])
    # a gprof flat profile header with a row that breaks the format: the adapter raises
    (d / "broken.gmon.txt").write_text(
        "Flat profile:\n\nEach sample counts as 0.01 seconds.\n"
        "  %   cumulative   self              self     total\n"
        " time   seconds   seconds    calls  ms/call  ms/call  name\n")
    # gprof's binary data, made here (tests/ingest/data/user_evidence/make.sh)
    shutil.copy(GMON, d / "gmon.out")
    os.mkfifo(d / "pipe")
    (d / "dangling").symlink_to(d / "gone.txt")
    expect = {"empty.txt": "empty", "notes.txt": "unknown_format", "lscpu-head.txt": "topology",
              "pipe": "unreadable", "dangling": "not_found", "gmon.out": "binary"}
    return d, expect


def test_every_skip_reason_is_listed_and_the_rest_is_read(tmp_path: Path) -> None:
    d, expect = _mixed_dir(tmp_path)
    got = load_set([d])
    assert sorted(Path(p.path).name for p in got.profiles) == ["lscpu.txt", "perf-stat.txt"]
    lscpu = next(p for p in got.profiles if p.path.endswith("lscpu.txt"))
    # "CPU(s): 2", "Core(s) per socket: 2" x "Socket(s): 1"
    assert {m.name: m.value for m in lscpu.metrics} == {"cpu.online": 2, "cpu.cores": 2}
    reasons = {Path(s.file).name: s.reason for s in got.skipped}
    for name, reason in expect.items():
        assert reasons[name] == reason, (name, reasons)
    unknown = next(s for s in got.skipped if s.reason == "unknown_format")
    assert set(unknown.formats_tried) == set(adapters())
    # every declared reason is exercised here or in the parse-error test below
    assert set(expect.values()) | {"parse_error"} == set(SKIP_REASONS)


def test_a_parse_error_is_skipped_with_the_adapter_that_tried(tmp_path: Path) -> None:
    bad = tmp_path / "bad.csv"
    bad.write_text("not,a,perf,stat\n")
    got = load_set([GOOD, bad], fmt="perf-stat")
    assert len(got.profiles) == 1
    (s,) = got.skipped
    assert s.reason == "parse_error" and s.formats_tried == ("perf-stat",) and s.message


def test_analyze_on_a_mixed_folder_exits_0_and_lists_what_it_skipped(tmp_path: Path) -> None:
    d, expect = _mixed_dir(tmp_path)
    cp = run_cli("analyze", str(d), "--json")
    env = json.loads(cp.stdout)
    assert cp.returncode == 0, cp.stdout + cp.stderr
    listed = {Path(s["file"]).name: s for s in env["data"]["skipped"]}
    assert {n: listed[n]["reason"] for n in expect} == expect
    assert all("formats_tried" in s for s in env["data"]["skipped"])
    human = run_cli("analyze", str(d))
    assert human.returncode == 0
    lines = [ln for ln in human.stdout.splitlines() if ln.startswith("skipped ")]
    assert len(lines) == 1 and "notes.txt (unknown format)" in lines[0]
    # a binary input names the command that turns it into text, and it is a data request
    assert "gmon.out (binary: `gprof -b ./PROGRAM" in lines[0]
    gm = listed["gmon.out"]
    assert gm["formats_tried"] == ["gprof"] and gm["convert"][:3] == ["gprof", "-b", "./PROGRAM"]
    reqs = [q for q in env["data"]["data_requests"] if q["command"][:1] == ["gprof"]]
    assert reqs and reqs[0]["satisfied_by"] == ["gprof"] and reqs[0]["allowed"] is not None


def test_binary_inputs_name_their_converter(tmp_path: Path) -> None:
    # gmon.out beside the one executable that wrote it: gprof is told which program
    exe = tmp_path / "prog"
    shutil.copy(shutil.which("true") or "/bin/true", exe)
    exe.chmod(0o755)
    shutil.copy(GMON, tmp_path / "gmon.out")
    (tmp_path / "perf.data").write_bytes(b"PERFILE2" + bytes(64))
    got = load_set([tmp_path / "gmon.out", exe, tmp_path / "perf.data", GOOD])
    conv = {Path(s.file).name: (s.reason, s.convert) for s in got.skipped}
    assert conv["gmon.out"] == ("binary", ("gprof", "-b", str(exe), str(tmp_path / "gmon.out")))
    assert conv["prog"] == ("binary", ("objdump", "-d", "--no-show-raw-insn", str(exe)))
    assert conv["perf.data"][1][:2] == ("perf", "report")
    # named alone it fails with the command in the hint (exit 3), never as an unknown format
    with pytest.raises(InputError, match="gprof's binary profile data") as e:
        load_set([tmp_path / "gmon.out"])
    assert "gprof -b" in e.value.hint


def test_summarize_skips_too(tmp_path: Path) -> None:
    d, expect = _mixed_dir(tmp_path)
    cp = run_cli("summarize", str(d), "--json")
    env = json.loads(cp.stdout)
    assert cp.returncode == 0
    assert {Path(s["file"]).name for s in env["data"]["skipped"]} >= set(expect)


def test_a_single_unreadable_input_still_fails(tmp_path: Path) -> None:
    f = tmp_path / "notes.txt"
    f.write_text("hello\n")
    with pytest.raises(InputError, match="matches no known format"):
        load_set([f])
    with pytest.raises(NotFoundError):
        load_set([tmp_path / "nope"])
    cp = run_cli("analyze", str(f), "--json")
    assert cp.returncode == 3


def test_nothing_readable_among_several_is_an_input_error(tmp_path: Path) -> None:
    a, b = tmp_path / "a.txt", tmp_path / "b.txt"
    a.write_text("hello\n")
    b.write_text("")
    with pytest.raises(InputError, match="none of the 2 inputs"):
        load_set([a, b])
