"""A whole session on a user's multi-file C++ program whose edge table hashes node pairs by
XOR (tests/transform/data/mixhash/mesh, built with its Makefile): ``init`` writes the spec
(stdout must stay byte-identical: the program prints only order-independent results), the
session's own collect reads the chain walk as ``app.data_structure``, ``mix_hash`` is offered
with its generated diff of the header, approved by policy, built, run and verified a win."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from conftest import require_tool, run_cli

MESH = Path(__file__).parents[1] / "transform" / "data" / "mixhash" / "mesh"


def test_mix_hash_through_a_session(tmp_path: Path, ps_home: Path) -> None:
    for tool in ("make", "g++", "perf"):
        require_tool(tool)
    proj = tmp_path / "mesh"
    shutil.copytree(MESH, proj)
    spec = tmp_path / "mesh.yaml"
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
    assert "+++ b/edges.hpp" in p["change"]["diff"], p["change"]["diff"]
    assert "static_cast<std::uint32_t>(e.first)) << 32 |" in p["change"]["diff"]
    assert data["outputs"]["verify"]["verdicts"]["mix_hash"] == "win", data["outputs"]
    assert "h1 ^ h2" in (proj / "edges.hpp").read_text()  # the user's project is untouched
