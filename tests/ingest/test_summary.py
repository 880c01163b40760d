"""summarize / drill through the real CLI with --json on corpus files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import run_cli


def _env(args: list[str]) -> dict:  # type: ignore[type-arg]
    r = run_cli(*args)
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


def test_summarize_gprof_json(corpus: Path) -> None:
    env = _env(["summarize", str(corpus / "gprof/flat-callgraph-c-us-per-call.txt"),
                "--top", "3", "--json"])
    rows = env["data"]["summaries"][0]["hotspots"]
    # " 33.21 ... routine_SigmaDelta_1step", " 30.40 ... ouverture3", " 26.69 ... fermeture3"
    assert [r["name"] for r in rows] == ["routine_SigmaDelta_1step", "ouverture3", "fermeture3"]
    assert rows[0]["self_share"] == pytest.approx(0.3321)


def test_summarize_callgrind_and_hpctoolkit(corpus: Path) -> None:
    env = _env(["summarize", str(corpus / "callgrind/callgrind_annotate-3.2x-ann1-expected.txt"),
                str(corpus / "hpctoolkit/cpi-database"), "--json"])
    cg, hpc = env["data"]["summaries"]
    assert cg["hotspots"][0]["name"] == "main"  # "5,000,015  1  1  a.c:main"
    assert cg["hotspots"][0]["self_share"] == pytest.approx(5000015 / 5229753)
    assert hpc["format"] == "hpctoolkit" and len(hpc["per_rank"]) == 4


def test_drill_gprof_callers(corpus: Path) -> None:
    env = _env(["drill", str(corpus / "gprof/flat-callgraph-c-us-per-call.txt"),
                "--function", "ouverture3", "--json"])
    d = env["data"]["drill"]
    # "1.19 0.00 2990/5982 test_routineFDmorpho3xOuvFerm [5]" and "... SDmorpho3xOuvFerm [2]"
    names = {c["name"] for c in d["callers"]}
    assert {"test_routineFDmorpho3xOuvFerm", "test_routineSDmorpho3xOuvFerm"} <= names
    assert [c["name"] for c in d["callees"]] == ["ui8matrix"]


def test_drill_lines_callgrind(corpus: Path) -> None:
    env = _env(["drill", str(corpus / "callgrind/callgrind_annotate-3.2x-ann1-expected.txt"),
                "--function", "main", "--line", "--json"])
    lines = env["data"]["drill"]["hot_lines"]
    assert lines[0]["location"] == "a.c:3"  # "3,000,004 0 0  for (int i = 0; ..."


def test_drill_unknown_function_exit_code(corpus: Path) -> None:
    r = run_cli("drill", str(corpus / "gprof/flat-callgraph-c-us-per-call.txt"),
                "--function", "nosuch", "--json")
    assert r.returncode == 4
    env = json.loads(r.stdout)
    assert env["status"] == "error" and "nosuch" in env["errors"][0]["message"]


def test_summarize_unknown_format_lists_formats(tmp_path: Path) -> None:
    f = tmp_path / "x.txt"
    f.write_text("nothing here\n")
    r = run_cli("summarize", str(f), "--json")
    assert r.returncode == 3
    assert "formats tried" in json.loads(r.stdout)["errors"][0]["hint"]
