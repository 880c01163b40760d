"""Red team: a proposal may set only the env variables its kind declares (PROPOSAL_ENV).

A prompt-injected model (or a user file) slips a variable that starts a program or loads a
library into an otherwise harmless proposal: an Open MPI launch agent on a thread-count
proposal, an OpenMP tool library on a launch proposal, the loader's preload on an env one. Each
is refused at the edge with the reason, over the agent's ``propose``, over MCP and through
``perfscout advise --check``; the control (the same proposal with a declared variable) passes.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

import anyio
import pytest

from agent.helpers import STREAM_FILE, good_proposal
from conftest import REPO, run_cli
from perfscout.model.taxonomy import PROPOSAL_ENV, undeclared_env

ATTACKS = [
    ("param", {"OMP_NUM_THREADS": "2", "OMPI_MCA_plm_rsh_agent": "/tmp/evil"},
     "OMPI_MCA_plm_rsh_agent"),
    ("launch", {"OMP_TOOL_LIBRARIES": "./evil.so"}, "OMP_TOOL_LIBRARIES"),
    ("env", {"LD_PRELOAD": "./evil.so", "OMP_PROC_BIND": "close"}, "LD_PRELOAD"),
    ("env", {"OMPI_MCA_orte_launch_agent": "./evil"}, "OMPI_MCA_orte_launch_agent"),
    ("flags", {"OMP_NUM_THREADS": "2"}, "OMP_NUM_THREADS"),
]


def _proposal(pid: str, kind: str, env: dict[str, str]) -> dict[str, Any]:
    return good_proposal(pid, kind=kind, change={"params": {"threads": 2}, "env": env})


def test_the_declarations_name_no_program_loader() -> None:
    for kind, pats in PROPOSAL_ENV.items():
        for name in ("LD_PRELOAD", "LD_LIBRARY_PATH", "OMP_TOOL_LIBRARIES", "OMP_TOOL",
                     "OMPI_MCA_plm_rsh_agent", "OMPI_MCA_orte_launch_agent",
                     "OMPI_MCA_mca_base_param_files", "PRTE_MCA_prte_launch_agent"):
            assert undeclared_env(kind, [name]) == [name], (kind, name, pats)
    assert undeclared_env("param", ["OMP_NUM_THREADS", "OMP_PLACES"]) == []
    assert undeclared_env("nonsense", ["OMP_NUM_THREADS"]) == ["OMP_NUM_THREADS"]


@pytest.mark.parametrize("kind, env, bad", ATTACKS, ids=[a[2] + "-" + a[0] for a in ATTACKS])
def test_undeclared_env_is_refused_by_the_agent(bench: Any, corpus: Path, live_snapshot: Any,
                                                kind: str, env: dict[str, str],
                                                bad: str) -> None:
    wb = bench([str(corpus / STREAM_FILE)], snapshot=live_snapshot, approve=set())
    for name, args in (("analyze", {}), ("do_not_list", {}),
                       ("confirm_platform", {"platform": live_snapshot.key})):
        assert wb.call(name, args)["ok"], name
    obs = wb.call("propose", {"proposal": _proposal("llm.sneaky", kind, env)})
    assert not obs["ok"] and bad in obs["error"] and "may not set" in obs["error"], obs
    assert "llm.sneaky" not in wb.accepted
    # control: the same proposal with only what its kind declares
    ok_env = {"OMP_NUM_THREADS": "2"} if kind != "flags" else {}
    ok = wb.call("propose", {"proposal": _proposal("llm.plain", kind, ok_env)})
    assert ok["ok"], ok


async def _mcp(home: Path, ws: Path, stream: Path) -> list[Any]:
    from mcp.client.session import ClientSession
    from mcp.client.stdio import StdioServerParameters, stdio_client

    env = {"PYTHONPATH": str(REPO / "src"), "PERFSCOUT_HOME": str(home),
           "PATH": os.environ.get("PATH", "")}
    params = StdioServerParameters(command=sys.executable, env=env, args=[
        "-m", "perfscout", "mcp", "--workspace", str(ws)])
    async with stdio_client(params) as streams, ClientSession(streams[0], streams[1]) as s:
        await s.initialize()
        card = _obs(await s.call_tool("platform_snapshot", {}))
        key = (card.get("untrusted_data") or card.get("result") or {})["platform"]
        out = [await s.call_tool("confirm_platform", {"platform": key}),
               await s.call_tool("analyze", {"files": [str(stream)]}),
               await s.call_tool("do_not_list", {})]
        for i, (kind, bad_env, _) in enumerate(ATTACKS[:2]):
            out.append(await s.call_tool("propose", {
                "proposal": _proposal(f"llm.sneaky{i}", kind, bad_env)}))
    return out


def _obs(result: Any) -> dict[str, Any]:
    text = "".join(c.text for c in result.content if getattr(c, "type", "") == "text")
    doc: dict[str, Any] = json.loads(text)
    return doc


def test_undeclared_env_is_refused_over_mcp(corpus: Path, ps_home: Path,
                                            tmp_path: Path) -> None:
    results = anyio.run(_mcp, ps_home, tmp_path / "ws", corpus / STREAM_FILE)
    *setup, first, second = results
    assert not any(r.is_error for r in setup), [_obs(r) for r in setup]
    for res, (_, _, bad) in zip((first, second), ATTACKS[:2], strict=True):
        assert res.is_error
        [err] = _obs(res)["errors"]
        assert bad in err["message"] and "may not set" in err["message"], err


def test_undeclared_env_is_refused_by_advise_check(tmp_path: Path, ps_home: Path) -> None:
    props = [_proposal(f"user.sneaky{i}", kind, env) for i, (kind, env, _) in enumerate(ATTACKS)]
    props.append(_proposal("user.plain", "param", {"OMP_NUM_THREADS": "2"}))
    f = tmp_path / "proposals.json"
    f.write_text(json.dumps(props))
    ws = tmp_path / "ws"
    ws.mkdir()
    r = run_cli("advise", "--check", str(f), "--workspace", str(ws), "--json")
    env = json.loads(r.stdout)
    assert r.returncode == 1 and env["status"] == "fail", r.stderr
    rej = {x["id"]: x for x in env["data"]["rejected"]}
    for i, (kind, _, bad) in enumerate(ATTACKS):
        got = rej[f"user.sneaky{i}"]
        assert got["guard"] == "env_declared" and bad in got["reason"], got
        assert f"a {kind!r} proposal may not set" in got["reason"]
    assert [p["id"] for p in env["data"]["accepted"]] == ["user.plain"]
