"""`perfscout advise` through the real CLI: --check over a hand-written five-proposal file, the
cards and Markdown of a real analysis, and bad input as one line with a named exit code."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from tests.advise.conftest import EPYC
from tests.conftest import run_cli

HERE = Path(__file__).resolve().parent
DIAG = HERE.parent / "diagnose" / "data"
FIVE = HERE / "data" / "five-proposals.json"
TRIAD = (str(DIAG / "stream-triad-8t.txt"), str(DIAG / "perf-stat-triad-8t.txt"))


@pytest.fixture()
def setup(tmp_path: Path, corpus: Path, ps_home: Path) -> tuple[Path, Path]:
    """A platform dir holding the corpus dual EPYC lscpu and a workspace holding ./kernel."""
    plat = tmp_path / "platform"
    plat.mkdir()
    for n in EPYC:
        shutil.copy(corpus / "topology" / n, plat / n)
    ws = tmp_path / "ws"
    ws.mkdir()
    shutil.copy("/usr/bin/true", ws / "kernel")
    return plat, ws


def test_check_five_proposals_rejects_exactly_three(setup) -> None:  # type: ignore[no-untyped-def]
    plat, ws = setup
    r = run_cli("advise", "--check", str(FIVE), *TRIAD, "--platform-dir", str(plat),
                "--workspace", str(ws), "--json")
    env = json.loads(r.stdout)
    assert r.returncode == 1 and env["status"] == "fail", r.stderr
    rej = {x["id"]: x for x in env["data"]["rejected"]}
    assert set(rej) == {"llm.hyperthreading", "llm.avx512", "user.tile"}
    assert rej["llm.hyperthreading"]["guard"] == "smt_bandwidth"
    assert "bandwidth" in rej["llm.hyperthreading"]["reason"]
    assert rej["llm.avx512"]["guard"] == "isa_flags"
    assert "-march=skylake-avx512" in rej["llm.avx512"]["reason"]
    assert "without avx512f" in rej["llm.avx512"]["reason"]
    assert rej["user.tile"]["guard"] == "schema"
    for missing in ("verification.commands", "invalid_when", "rollback"):
        assert missing in rej["user.tile"]["reason"]
    assert [p["id"] for p in env["data"]["accepted"]] == ["user.o3", "user.bind_close"]


def test_check_human_and_markdown(setup) -> None:  # type: ignore[no-untyped-def]
    plat, ws = setup
    r = run_cli("advise", "--check", str(FIVE), *TRIAD, "--platform-dir", str(plat),
                "--workspace", str(ws), "--markdown")
    assert r.returncode == 1
    assert "# Rejected" in r.stdout and "`llm.avx512`" in r.stdout
    assert "## 1. `user.o3`" in r.stdout


def test_advise_cards_for_a_real_analysis(setup) -> None:  # type: ignore[no-untyped-def]
    plat, ws = setup
    r = run_cli("advise", *TRIAD, "--platform-dir", str(plat), "--workspace", str(ws), "--json")
    assert r.returncode == 0, r.stderr
    d = json.loads(r.stdout)["data"]
    ids = [p["id"] for p in d["proposals"]]
    assert "numa_first_touch" in ids and "bind_threads" in ids
    assert "enable_smt" not in ids
    assert any("several changes at once" in x["topic"] for x in d["do_not"])
    cards = run_cli("advise", *TRIAD, "--platform-dir", str(plat), "--workspace", str(ws))
    assert cards.returncode == 0
    assert "numa_first_touch" in cards.stdout and "rollback" in cards.stdout
    assert "╭" in cards.stdout  # rich panels


def test_analyze_json_fills_proposals(setup) -> None:  # type: ignore[no-untyped-def]
    plat, ws = setup
    r = run_cli("analyze", *TRIAD, "--platform-dir", str(plat), "--json", cwd=ws)
    assert r.returncode == 0, r.stderr
    d = json.loads(r.stdout)["data"]
    assert d["proposals"] and d["do_not"]
    assert all(p["verification"]["commands"] for p in d["proposals"])


def test_bad_proposals_file_is_one_line(tmp_path: Path, ps_home: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    r = run_cli("advise", "--check", str(bad), "--json")
    assert r.returncode == 3
    env = json.loads(r.stdout)
    assert env["status"] == "error" and "not valid JSON" in env["errors"][0]["message"]
    r = run_cli("advise", "--check", str(bad))
    assert r.returncode == 3 and "Traceback" not in r.stderr
    r = run_cli("advise", "--json")
    assert r.returncode == 2 and "nothing to advise on" in r.stdout


def test_advise_from_a_saved_analysis(setup, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    plat, ws = setup
    r = run_cli("analyze", *TRIAD, "--platform-dir", str(plat), "--json", cwd=ws)
    saved = tmp_path / "analysis.json"
    saved.write_text(r.stdout)
    a = run_cli("advise", "--analysis", str(saved), "--platform-dir", str(plat),
                "--workspace", str(ws), "--json")
    assert a.returncode == 0, a.stderr
    d = json.loads(a.stdout)["data"]
    assert set(d["findings"]) == {f["id"] for f in json.loads(r.stdout)["data"]["findings"]}
    assert "numa_first_touch" in [p["id"] for p in d["proposals"]]
    bad = tmp_path / "not-analysis.json"
    bad.write_text('{"data": {}}')
    b = run_cli("advise", "--analysis", str(bad), "--json")
    assert b.returncode == 3 and "no 'findings'" in json.loads(b.stdout)["errors"][0]["message"]
