"""A session on a CMake project left in a checking configuration (``-O0`` appended to
``CMAKE_CXX_FLAGS`` in an ``include()``d file, ``_GLIBCXX_DEBUG`` in
``target_compile_definitions``): CMake's build echoes no compile line, so the finding rests on
the compile lines CMake itself records; ``release_build`` carries the diff of exactly those
two build files, the verified variant is compiled without the words, and the user's project
is never written."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from conftest import run_cli
from perfscout.model.checking import checking_words

DATA = Path(__file__).parents[1] / "experiment" / "data" / "buildfiles"
SPEC = """name: relax
project: {root}
build: {{kind: cmake, exe: _perfscout_build/relax, target: relax}}
baseline: {{flags: [-O2]}}
measure: {{regex: 'time: *([0-9.]+)'}}
metric: time_s
direction: lower
check: {{kind: tolerance, regex: 'checksum: *([-+.0-9eE]+)', rel_tol: 1.0e-6}}
"""


def test_release_build_patches_the_cmake_files_and_is_verified(tmp_path: Path,
                                                               ps_home: Path) -> None:
    missing = [t for t in ("perf", "cmake", "make", "g++") if shutil.which(t) is None]
    if missing:
        pytest.skip(f"not installed: {', '.join(missing)}")
    root = tmp_path / "relax"
    shutil.copytree(DATA / "cm_defs", root)
    spec = tmp_path / "relax.yaml"
    spec.write_text(SPEC.format(root=root))
    policy = tmp_path / "approve.yaml"
    policy.write_text("confirm_platform: true\napprove: [release_build]\n")
    before = {p: p.read_bytes() for p in root.rglob("*") if p.is_file()}
    out = run_cli("session", "start", "--spec", str(spec), "--approval-policy", str(policy),
                  "--json", timeout=1200)
    assert "Traceback" not in out.stderr, out.stderr
    d = json.loads(out.stdout)
    assert d["exit_code"] == 0, d
    sid = d["data"]["id"]
    a = json.loads((ps_home / "sessions" / sid / "analysis.json").read_text())
    assert "app.redundant_work" in [f["id"] for f in a["findings"]]
    (p,) = [p for p in a["proposals"] if p["id"] == "release_build"]
    assert p["kind"] == "source" and set(p["change"]["remove"]) == {"-D_GLIBCXX_DEBUG", "-O0"}
    diff = p["change"]["diff"]
    assert "+++ b/CMakeLists.txt" in diff and "+++ b/cmake/flags.cmake" in diff
    assert "+target_compile_definitions(relax PRIVATE USE_FAST)" in diff
    verify = d["data"]["outputs"]["verify"]
    assert verify["verdicts"]["release_build"] == "win", verify
    db = next((ps_home / "workspace" / "experiments").glob(
        "*/release_build/project/_perfscout_build/compile_commands.json"))
    lines = [e["command"] for e in json.loads(db.read_text())]
    assert lines and all("-DUSE_FAST" in ln and "include" in ln for ln in lines)
    assert checking_words(" ".join(lines).split()) == []
    assert before == {p: p.read_bytes() for p in root.rglob("*") if p.is_file()}
