"""``perfscout mcp`` over a real stdio subprocess, driven by the MCP SDK's own client."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

import anyio

from agent.helpers import STREAM_FILE
from conftest import REPO, run_cli
from perfscout.agent.tools import TOOLS


async def _session(home: Path, ws: Path, calls: list[tuple[str, dict[str, Any]]]) -> Any:
    from mcp.client.session import ClientSession
    from mcp.client.stdio import StdioServerParameters, stdio_client

    env = {"PYTHONPATH": str(REPO / "src"), "PERFSCOUT_HOME": str(home),
           "PATH": os.environ.get("PATH", "")}
    params = StdioServerParameters(command=sys.executable,
                                   args=["-m", "perfscout", "mcp", "--workspace", str(ws)],
                                   env=env)
    async with stdio_client(params) as streams:
        read, write = streams[0], streams[1]
        async with ClientSession(read, write) as s:
            await s.initialize()
            listed = await s.list_tools()
            results = [await s.call_tool(name, args) for name, args in calls]
    return listed, results


def _obs(result: Any) -> dict[str, Any]:
    text = "".join(c.text for c in result.content if getattr(c, "type", "") == "text")
    return json.loads(text)


def test_mcp_lists_tools_answers_calls_and_gates_experiments(corpus: Path, ps_home: Path,
                                                              tmp_path: Path) -> None:
    calls = [("analyze", {"files": [str(corpus / STREAM_FILE)]}),
             ("list_findings", {}),
             ("run_experiment", {"proposal_ids": ["llm.x"], "kernel": "triad"}),
             ("run_experiment", {"proposal_ids": ["llm.x"], "kernel": "triad",
                                 "approval_token": "ps_forged"})]
    listed, results = anyio.run(_session, ps_home, tmp_path / "ws", calls)
    by = {t.name: t for t in listed.tools}
    assert set(by) == set(TOOLS)
    # the served schema is the tool's own, with the approval token required where gated
    assert by["drill"].input_schema["required"] == ["path", "function"]
    assert "approval_token" in by["run_experiment"].input_schema["required"]
    assert by["propose"].description == TOOLS["propose"].description
    analyzed = _obs(results[0])
    assert analyzed["ok"]
    assert "hw.memory_bandwidth" in [f["id"] for f in analyzed["result"]["findings"]]
    assert _obs(results[1])["result"]["findings"][0]["id"] == "hw.memory_bandwidth"
    assert not results[0].is_error and not results[1].is_error
    no_token = _obs(results[2])
    assert results[2].is_error and results[3].is_error  # refusals are errors to the client
    assert no_token["status"] == "error" and no_token["exit_code"] == 9  # the envelope
    [err] = no_token["errors"]
    assert "needs approval" in err["message"]
    assert "perfscout approve grant --scope experiment" in err["hint"]
    forged = _obs(results[3])
    assert forged["exit_code"] != 0  # not accepted, and no grant: refused either way


def test_every_tool_announces_what_it_may_change(ps_home: Path, tmp_path: Path) -> None:
    listed, _ = anyio.run(_session, ps_home, tmp_path / "ws", [])
    hints = {t.name: (t.annotations.read_only_hint, t.annotations.destructive_hint)
             for t in listed.tools}
    assert set(hints) == set(TOOLS) and all(None not in h for h in hints.values())
    for name in ("summarize_profile", "drill", "analyze", "list_findings", "check_proposal"):
        assert hints[name] == (True, False), name
    assert hints["run_command"] == (False, True)  # runs what the policy allows: may overwrite
    assert hints["run_experiment"][0] is False and hints["tune"][0] is False


def test_a_proposal_returned_by_a_tool_is_accepted_unchanged_by_the_checks(
        corpus: Path, ps_home: Path, tmp_path: Path) -> None:
    """analyze returns whole proposals; check_proposal (over MCP) and ``advise --check`` (the
    CLI) take one as it came back, in the one schema both read."""
    calls = [("analyze", {"files": [str(corpus / STREAM_FILE)]})]
    _, [analyzed] = anyio.run(_session, ps_home, tmp_path / "ws", calls)
    props = _obs(analyzed)["result"]["catalog_proposals"]
    assert props and all(isinstance(p, dict) and p.get("verification") for p in props)
    first = props[0]
    calls = [("analyze", {"files": [str(corpus / STREAM_FILE)]}),
             ("check_proposal", {"proposal": first})]
    _, [_, checked] = anyio.run(_session, ps_home, tmp_path / "ws2", calls)
    assert not checked.is_error, _obs(checked)
    res = _obs(checked)["result"]
    assert res["passes"] is True, res
    f = tmp_path / "proposal.json"
    f.write_text(json.dumps([first]))
    r = run_cli("advise", "--check", str(f), str(corpus / STREAM_FILE), "--json", cwd=tmp_path)
    env = json.loads(r.stdout)
    assert r.returncode == 0, r.stdout + r.stderr
    assert [p["id"] for p in env["data"]["accepted"]] == [first["id"]], env["data"]
