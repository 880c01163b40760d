"""A whole session on a user's C++ program whose hash table hashes its composite key by XOR
(tests/transform/data/mixhash: the mesh's edge table, multi-file with a Makefile, the grid's
cells with a CMakeLists): ``init`` writes the spec (the programs print only order-independent
results), the session's own collect reads the chain walk as ``app.data_structure``,
``mix_hash`` is offered with its generated diff (of the mesh's header), approved by policy,
built, run and verified a win."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from conftest import require_tool, run_cli

DATA = Path(__file__).parents[1] / "transform" / "data" / "mixhash"


@pytest.mark.parametrize(("name", "tool", "rewritten", "added", "kept"), [
    ("mesh", "make", "edges.hpp", "static_cast<std::uint32_t>(e.first)) << 32 |", "h1 ^ h2"),
    ("grid", "cmake", "grid.cpp", "h ^= std::hash<int>{}(c.i) + 0x9e3779b97f4a7c15ULL",
     "h1 ^ (h2 << 1) ^ (h3 << 2)"),
])
def test_mix_hash_through_a_session(tmp_path: Path, ps_home: Path, name: str, tool: str,
                                    rewritten: str, added: str, kept: str) -> None:
    for t in (tool, "g++", "perf"):
        require_tool(t)
    proj = tmp_path / name
    shutil.copytree(DATA / name, proj)
    spec = tmp_path / f"{name}.yaml"
    out = run_cli("init", str(proj), "--out", str(spec))
    assert out.returncode == 0, out.stdout + out.stderr
    policy = tmp_path / "policy.yaml"
    policy.write_text("confirm_platform: true\napprove: [mix_hash]\n")
    res = run_cli("session", "start", "--spec", str(spec), "--approval-policy", str(policy),
                  "--json", timeout=1200)
    assert res.returncode == 0, res.stdout[-2000:] + res.stderr[-2000:]
    data = json.loads(res.stdout)["data"]
    assert data["next"] is None, data
    assert "app.data_structure" in data["outputs"]["analyse"]["findings"], data
    analysis = json.loads(next((ps_home / "sessions").glob("*/analysis.json")).read_text())
    p = next((p for p in analysis["proposals"] if p["id"] == "mix_hash"), None)
    assert p is not None, (analysis["proposals"], analysis["rejected"], analysis["findings"])
    assert f"+++ b/{rewritten}" in p["change"]["diff"], p["change"]["diff"]
    assert added in p["change"]["diff"]
    assert data["outputs"]["verify"]["verdicts"]["mix_hash"] == "win", data["outputs"]
    assert kept in (proj / rewritten).read_text()  # the user's project is untouched
