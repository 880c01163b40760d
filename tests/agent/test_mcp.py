"""``perfscout mcp`` over a real stdio subprocess, driven by the MCP SDK's own client."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

import anyio

from agent.helpers import STREAM_FILE
from conftest import REPO
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
    no_token = _obs(results[2])
    assert not no_token["ok"] and "needs approval" in no_token["error"]
    assert "perfscout approve grant --scope experiment" in no_token["next"]
    forged = _obs(results[3])
    assert not forged["ok"]  # not accepted, and no grant: refused either way
