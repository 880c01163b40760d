"""``perfscout init DIR`` reads a project it has never seen, runs it once, writes a spec that
works, and says what it guessed; the project directory is never written."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import yaml

from conftest import require_tool, run_cli

GRID = Path(__file__).parents[1] / "experiment" / "data" / "gridproj"


def test_init_reads_a_makefile_project_and_the_spec_runs(tmp_path: Path, ps_home: Path) -> None:
    require_tool("make")
    proj = tmp_path / "grid"
    shutil.copytree(GRID, proj)
    before = sorted(p.name for p in proj.rglob("*"))
    out = run_cli("init", str(proj), "--args", "3", "--out", str(tmp_path / "s.yaml"), "--json")
    d = json.loads(out.stdout)["data"]
    assert out.returncode == 0, out.stderr
    spec = yaml.safe_load((tmp_path / "s.yaml").read_text())
    assert spec["build"]["kind"] == "make" and spec["build"]["exe"] == "grid"
    assert spec["baseline"]["defines"] == {"N": "300"} and "-Iinclude" in spec["baseline"]["flags"]
    assert spec["metric"] == "time_s" and spec["direction"] == "lower"
    assert "Elapsed" in spec["measure"]["regex"] and "checksum" in spec["check"]["regex"]
    assert any(s.startswith("metric:") for s in d["guessed"])
    assert sorted(p.name for p in proj.rglob("*")) == before  # read-only
    again = run_cli("init", str(proj), "--out", str(tmp_path / "s.yaml"), "--json")
    assert again.returncode == 3 and "exists" in json.loads(again.stdout)["errors"][0]["message"]
    # the written spec drives a session up to the approval gate
    s = json.loads(run_cli("session", "start", "--spec", str(tmp_path / "s.yaml"),
                           "--confirm-platform", "--json").stdout)
    assert s["data"]["next"] == "approve", s


def test_init_times_a_silent_cmake_program(tmp_path: Path, ps_home: Path) -> None:
    require_tool("cmake")
    proj = tmp_path / "quiet"
    (proj / "src").mkdir(parents=True)
    (proj / "src" / "q.c").write_text(
        "int main(void) { volatile double s = 0; for (long i = 0; i < 20000000; i++) s += i;"
        " return 0; }\n")
    (proj / "CMakeLists.txt").write_text("cmake_minimum_required(VERSION 3.13)\n"
                                         "project(q C)\nadd_executable(quiet src/q.c)\n")
    out = run_cli("init", str(proj), "--out", str(tmp_path / "q.yaml"), "--json")
    assert out.returncode == 0, out.stderr
    spec = yaml.safe_load((tmp_path / "q.yaml").read_text())
    assert spec["build"] == {"kind": "cmake", "exe": "_perfscout_build/quiet", "target": "quiet"}
    assert spec["measure"] == {"source": "wall"} and spec["metric"] == "wall_s"
    assert spec["check"] == {"kind": "none"}
    said = json.loads(out.stdout)["data"]["guessed"]
    assert any("perfscout times the run" in s for s in said)


def test_init_refuses_what_is_not_a_project(tmp_path: Path, ps_home: Path) -> None:
    out = run_cli("init", str(tmp_path / "missing"), "--json")
    assert out.returncode == 3 and "not a directory" in json.loads(out.stdout)["errors"][0][
        "message"]
    (tmp_path / "empty").mkdir()
    out = run_cli("init", str(tmp_path / "empty"), "--json")
    assert out.returncode == 3 and "no Makefile" in json.loads(out.stdout)["errors"][0]["message"]
