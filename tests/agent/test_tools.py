"""Tool declarations are checked when built; the approval gates refuse without a person's yes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import jsonschema
import pytest

from agent.helpers import STREAM_FILE, good_proposal
from perfscout.agent.tools import TOOLS, Tool, tool_specs
from perfscout.sandbox.approval import grant_token


def _noop(wb: Any, args: dict[str, Any]) -> Any:
    return None


@pytest.mark.parametrize("params, msg", [
    ({"type": "object", "properties": {"a": {"type": "strng"}}}, "strng"),
    ({"type": "array"}, "object schema"),
    ({"type": "object", "properties": {}, "required": ["x"]}, "unknown properties"),
])
def test_bad_schema_is_refused_at_construction(params: dict[str, Any], msg: str) -> None:
    with pytest.raises((ValueError, jsonschema.SchemaError), match=msg):
        Tool("bad_tool", "a tool whose schema is wrong on purpose", params, _noop)


def test_every_tool_has_a_valid_spec() -> None:
    specs = tool_specs()
    assert [s["function"]["name"] for s in specs] == list(TOOLS)
    for s in specs:
        jsonschema.Draft202012Validator.check_schema(s["function"]["parameters"])


def _accepted(bench: Any, corpus: Path, snapshot: Any, **kw: Any) -> Any:
    wb = bench([str(corpus / STREAM_FILE)], snapshot=snapshot, **kw)
    assert wb.call("analyze", {})["ok"]
    early = wb.call("propose", {"proposal": good_proposal()})
    assert not early["ok"] and "do_not_list" in early["next"]
    assert wb.call("do_not_list", {})["ok"]
    unconfirmed = wb.call("propose", {"proposal": good_proposal()})
    assert not unconfirmed["ok"] and "confirm_platform" in unconfirmed["next"]
    assert wb.call("confirm_platform", {"platform": snapshot.key})["ok"]
    assert wb.call("propose", {"proposal": good_proposal()})["ok"]
    return wb


def test_experiment_runs_with_a_granted_token_and_not_with_a_forged_one(
        bench: Any, corpus: Path, ps_home: Path, live_snapshot: Any) -> None:
    wb = _accepted(bench, corpus, live_snapshot, approve=set())
    args = {"proposal_ids": ["llm.two_threads"], "kernel": "triad", "size": 100000,
            "repetitions": 2}
    forged = wb.call("run_experiment", {**args, "approval_token": "ps_not_a_grant"})
    assert not forged["ok"] and "not a live grant" in forged["error"]
    wrong_scope, _ = grant_token(ps_home, "sbatch", 60)
    assert not wb.call("run_experiment", {**args, "approval_token": wrong_scope})["ok"]
    assert wb.experiments == []
    token, _ = grant_token(ps_home, "experiment", 60, bound=["llm.two_threads"])
    ok = wb.call("run_experiment", {**args, "approval_token": token})
    assert ok["ok"], ok
    assert ok["result"]["variants"][0]["proposal"] == "llm.two_threads"


def test_only_guard_accepted_proposals_can_be_run(bench: Any, corpus: Path) -> None:
    wb = bench([str(corpus / STREAM_FILE)], approve={"llm.never_proposed"})
    obs = wb.call("run_experiment", {"proposal_ids": ["llm.never_proposed"], "kernel": "triad"})
    assert not obs["ok"] and "propose them first" in obs["next"]


def test_tune_needs_approval(bench: Any, corpus: Path, live_snapshot: Any) -> None:
    wb = _accepted(bench, corpus, live_snapshot, approve=set())
    obs = wb.call("tune", {"size": 32, "budget": 1})
    assert not obs["ok"] and "not approved" in obs["error"]
    assert wb.decisions[-1] == {"decision": "approval", "asked": ["tune"], "approved": []}


def test_data_request_outside_policy_is_refused(bench: Any) -> None:
    wb = bench([])
    bad = wb.call("request_data", {"command": ["curl", "http://x"], "reason": "fetch"})
    assert not bad["ok"] and "would deny" in bad["error"]
    good = wb.call("request_data", {"command": ["lscpu"], "reason": "SMT state",
                                    "for_findings": ["hw.memory_bandwidth"]})
    assert good["ok"] and good["result"]["recorded"]["allowed"] is True
