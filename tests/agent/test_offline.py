"""``perfscout agent --offline``: the deterministic planner on profiles of a bundled kernel
gives the same findings and proposals as ``perfscout analyze`` on the same inputs."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from conftest import run_cli
from perfscout.agent.transcript import read_transcript


@pytest.fixture()
def triad_profiles(tmp_path: Path, ps_home: Path) -> list[str]:
    """perf stat, compiler remarks and the result line of the bundled triad kernel, made by
    the demo's own profiling step on a small size."""
    from perfscout.experiment.spec import ExperimentSpec, Variant
    from perfscout.pipeline.demo import profile_baseline
    from perfscout.sandbox.runner import default_runner

    ws = tmp_path / "ws"
    spec = ExperimentSpec("p", Variant("baseline", threads=1), (), kernel="triad",
                          size=200000)
    files = profile_baseline(default_runner(ws), spec, ws.resolve())
    readable = [str(f) for f in files if _readable(f)]  # e.g. perf stat CSV: no adapter yet
    assert readable, f"no readable profile among {files}"
    return readable


def _readable(f: Path) -> bool:
    from perfscout.ingest import detect
    from perfscout.model.errors import InputError

    try:
        detect(f)
    except InputError:
        return False
    return True


def _envelope(proc: Any) -> dict[str, Any]:
    assert proc.stdout.strip(), proc.stderr
    return json.loads(proc.stdout)


def test_offline_agent_matches_analyze(triad_profiles: list[str], tmp_path: Path,
                                       ps_home: Path, live_snapshot: Any) -> None:
    from perfscout.model.serialize import to_jsonable

    ws = str(tmp_path / "ws")
    plat = tmp_path / "platform.json"
    plat.write_text(json.dumps(to_jsonable(live_snapshot)))
    a = _envelope(run_cli("analyze", "--json", "--platform", str(plat), *triad_profiles))
    t = tmp_path / "session.jsonl"
    g = run_cli("agent", "--offline", "--json", "--kernel", "triad", "--size", "200000",
                "--approve", "all", "--transcript", str(t), "--workspace", ws,
                "--platform", str(plat),
                "why is triad slow?", *triad_profiles)
    env = _envelope(g)
    assert env["status"] == "ok" and env["command"] == "agent", env["errors"]
    assert "tool: analyze" in g.stderr and "decision: approval" in g.stderr  # streamed
    sess = env["data"]["session"]
    assert sess["status"] == "finished" and sess["model"] == "offline-planner"
    recs = read_transcript(t)
    analyzed = next(r for r in recs if r["kind"] == "tool_result" and r["name"] == "analyze")
    got = analyzed["observation"]["result"]
    assert [(f["id"], f["status"]) for f in got["findings"]] == \
        [(f["id"], f["status"]) for f in a["data"]["findings"]]
    assert [p["id"] for p in got["catalog_proposals"]] == \
        [p["id"] for p in a["data"]["proposals"]]
    names = [r["name"] for r in recs if r["kind"] == "tool_result"]
    # the workflow order: snapshot, confirm, summaries, analyze, do-not list, ..., finish
    assert names[:3] == ["platform_snapshot", "confirm_platform", "list_profiles"]
    assert names.index("analyze") < names.index("do_not_list") < len(names) - 1
    assert names[-1] == "finish"
    # every catalog proposal was accepted by the same guards, approved (--approve all) and
    # measured, or named as not runnable
    assert a["data"]["proposals"], "analyze proposed nothing for the triad profiles"
    assert sess["accepted"] == [p["id"] for p in a["data"]["proposals"]]
    [exp] = sess["experiments"]
    ran = {v["proposal"] for v in exp["variants"]}
    skipped = {u["proposal_id"] for u in exp["unconvertible"]}
    assert ran | skipped == set(sess["accepted"]) and ran
    assert all(v["ratio"] is not None for v in exp["variants"])

def test_replay_command_renders_a_transcript(tmp_path: Path, ps_home: Path) -> None:
    t = tmp_path / "s.jsonl"
    g = run_cli("agent", "--offline", "--json", "--transcript", str(t), "--workspace",
                str(tmp_path / "ws"), "nothing to read")
    assert _envelope(g)["status"] == "ok"
    r = _envelope(run_cli("agent", "replay", str(t), "--json"))
    assert r["command"] == "agent replay" and r["data"]["end"]["status"] == "finished"
    human = run_cli("agent", "replay", str(t))
    assert "tool: platform_snapshot" in human.stdout and human.returncode == 0
    bad = tmp_path / "bad.jsonl"
    bad.write_text("{not json\n")
    e = _envelope(run_cli("agent", "replay", str(bad), "--json"))
    assert e["status"] == "error" and e["exit_code"] == 3 and "line" in e["errors"][0]["message"]


def test_unreachable_endpoint_is_a_named_error(tmp_path: Path, ps_home: Path) -> None:
    e = _envelope(run_cli("agent", "--json", "--base-url", "http://127.0.0.1:9/v1", "--model",
                          "m", "--workspace", str(tmp_path / "ws"), "why?"))
    assert e["exit_code"] == 12 and e["errors"][0]["type"] == "LLMError"
    assert "scripts/llm.sh start" in e["errors"][0]["hint"]
    u = _envelope(run_cli("agent", "replay", "--json"))
    assert u["exit_code"] == 2 and "exactly one transcript" in u["errors"][0]["message"]
