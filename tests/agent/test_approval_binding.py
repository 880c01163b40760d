"""Tamper: an approval token approves only what it was granted for, over the agent and MCP.

A token granted for proposal A (``perfscout approve grant --scope experiment --for A``) and
replayed for proposal B is refused before anything runs; so is an unbound experiment token
(it would approve whatever the model proposes next). The same token for A is accepted.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

import anyio

from agent.helpers import STREAM_FILE, good_proposal
from conftest import REPO
from perfscout.sandbox.approval import grant_token

A, B = "llm.two_threads", "llm.one_thread"


def _two_accepted(bench: Any, corpus: Path, snapshot: Any) -> Any:
    wb = bench([str(corpus / STREAM_FILE)], snapshot=snapshot, approve=set())
    for name, args in (("analyze", {}), ("do_not_list", {}),
                       ("confirm_platform", {"platform": snapshot.key}),
                       ("propose", {"proposal": good_proposal(A)}),
                       ("propose", {"proposal": good_proposal(
                           B, title="one OpenMP thread",
                           change={"params": {"threads": 1}})})):
        obs = wb.call(name, args)
        assert obs["ok"], (name, obs)
    assert {A, B} <= set(wb.accepted)
    return wb


def test_a_token_for_one_proposal_is_refused_for_another_over_the_agent(
        bench: Any, corpus: Path, ps_home: Path, live_snapshot: Any) -> None:
    wb = _two_accepted(bench, corpus, live_snapshot)
    args = {"kernel": "triad", "size": 100000, "repetitions": 2}
    for_a, _ = grant_token(ps_home, "experiment", 60, bound=[A])
    replay = wb.call("run_experiment", {**args, "proposal_ids": [B], "approval_token": for_a})
    assert not replay["ok"] and B in replay["error"], replay
    assert f"--for {B}" in replay["next"]
    unbound, _ = grant_token(ps_home, "experiment", 60)
    loose = wb.call("run_experiment", {**args, "proposal_ids": [B], "approval_token": unbound})
    assert not loose["ok"] and "not a live grant" in loose["error"], loose
    assert wb.experiments == []
    refusals = [d for d in wb.decisions if d.get("decision") == "approval_refused"]
    assert len(refusals) == 2
    # asked for both, the token for A approves A alone; A runs, B does not
    ok = wb.call("run_experiment", {**args, "proposal_ids": [A, B], "approval_token": for_a})
    assert ok["ok"], ok
    assert [v["proposal"] for v in ok["result"]["variants"]] == [A]


async def _mcp_replay(home: Path, ws: Path, stream: Path, token_for_a: str) -> list[Any]:
    from mcp.client.session import ClientSession
    from mcp.client.stdio import StdioServerParameters, stdio_client

    env = {"PYTHONPATH": str(REPO / "src"), "PERFSCOUT_HOME": str(home),
           "PATH": os.environ.get("PATH", "")}
    params = StdioServerParameters(command=sys.executable, env=env, args=[
        "-m", "perfscout", "mcp", "--workspace", str(ws)])
    out: list[Any] = []
    async with stdio_client(params) as streams, ClientSession(streams[0], streams[1]) as s:
        await s.initialize()
        card = _obs(await s.call_tool("platform_snapshot", {}))
        # the observation wraps what the tool returned (untrusted data in the agent's loop)
        key = (card.get("untrusted_data") or card.get("result") or {})["platform"]
        steps: list[tuple[str, dict[str, Any]]] = [
            ("confirm_platform", {"platform": key}),
            ("analyze", {"files": [str(stream)]}), ("do_not_list", {}),
            ("propose", {"proposal": good_proposal(A)}),
            ("propose", {"proposal": good_proposal(B, title="one OpenMP thread",
                                                   change={"params": {"threads": 1}})}),
            ("run_experiment", {"proposal_ids": [B], "kernel": "triad",
                                "approval_token": token_for_a})]
        for name, args in steps:
            out.append(await s.call_tool(name, args))
    return out


def _obs(result: Any) -> dict[str, Any]:
    text = "".join(c.text for c in result.content if getattr(c, "type", "") == "text")
    doc: dict[str, Any] = json.loads(text)
    return doc


def test_a_token_for_one_proposal_is_refused_for_another_over_mcp(
        corpus: Path, ps_home: Path, tmp_path: Path) -> None:
    for_a, _ = grant_token(ps_home, "experiment", 60, bound=[A])
    results = anyio.run(_mcp_replay, ps_home, tmp_path / "ws", corpus / STREAM_FILE, for_a)
    *setup, replay = results
    for r in setup:
        assert not r.is_error, _obs(r)
    assert replay.is_error
    env = _obs(replay)
    assert env["status"] == "error" and env["exit_code"] != 0, env
    [err] = env["errors"]
    assert B in err["message"] and f"--for {B}" in err["hint"], err
