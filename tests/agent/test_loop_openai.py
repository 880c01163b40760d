"""The loop driven by the real ``openai`` client against a scripted loopback server."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from agent.fake_openai import FakeOpenAI, last_tool_result, tool_call
from agent.helpers import STREAM_FILE, good_proposal
from perfscout.agent.loop import Budgets, run_session
from perfscout.agent.models import OpenAIChatModel, ReplayModel
from perfscout.agent.transcript import Transcript, read_transcript
from perfscout.experiment.stats import VERDICTS
from perfscout.model.errors import BudgetExceeded, ExitCode, LLMError

FINISH = tool_call("finish", {"answer": "done"})


def session(fake: FakeOpenAI, wb: Any, tmp_path: Path, *, timeout_s: float = 30.0,
            budgets: Budgets | None = None, mode: str = "auto", max_retries: int = 0) -> Any:
    model = OpenAIChatModel(fake.base_url, "fake", "k", timeout_s=timeout_s, mode=mode,
                            max_retries=max_retries)
    tr = Transcript(tmp_path / "t.jsonl")
    try:
        return run_session("why is triad slow?", model, wb, tr, budgets=budgets or Budgets())
    finally:
        tr.close()


def confirm_from_card(body: dict[str, Any]) -> dict[str, Any]:
    obs = last_tool_result(body)
    return tool_call("confirm_platform", {"platform": obs["untrusted_data"]["platform"]})


def test_full_session_ends_in_an_approved_experiment(bench: Any, corpus: Path, tmp_path: Path,
                                                     live_snapshot: Any) -> None:
    wb = bench([str(corpus / STREAM_FILE)], approve={"llm.two_threads"}, snapshot=live_snapshot)
    script = [tool_call("platform_snapshot", {}), confirm_from_card,
              tool_call("summarize_profile", {"path": str(corpus / STREAM_FILE)}),
              tool_call("analyze", {}), tool_call("do_not_list", {}),
              tool_call("propose", {"proposal": good_proposal()}),
              tool_call("run_experiment", {"proposal_ids": ["llm.two_threads"],
                                           "kernel": "triad", "size": 200000,
                                           "repetitions": 3}),
              tool_call("finish", {"answer": "measured", "claims": [
                  {"finding": "hw.memory_bandwidth", "status": "hypothesis"}]})]
    with FakeOpenAI(script) as fake:
        res = session(fake, wb, tmp_path)
    assert res.status == "finished", res
    assert len(fake.requests) == 8 and all(r["tools"] for r in fake.requests)
    # the platform card was in the system prompt the model received
    assert live_snapshot.key in fake.requests[0]["messages"][0]["content"]
    [exp] = res.experiments
    [var] = exp["variants"]
    assert var["proposal"] == "llm.two_threads" and var["ratio"] is not None
    assert var["verdict"] in VERDICTS
    kinds = [d["decision"] for d in res.decisions]
    assert kinds.index("platform_confirmed") < kinds.index("proposal_accepted") \
        < kinds.index("approval") < kinds.index("experiment")
    approval = next(d for d in res.decisions if d["decision"] == "approval")
    assert approval["approved"] == ["llm.two_threads"]


def test_experiment_without_approval_does_not_run(bench: Any, corpus: Path, tmp_path: Path,
                                                  live_snapshot: Any) -> None:
    wb = bench([str(corpus / STREAM_FILE)], approve=set(), snapshot=live_snapshot)
    script = [tool_call("platform_snapshot", {}), confirm_from_card, tool_call("analyze", {}),
              tool_call("do_not_list", {}), tool_call("propose", {"proposal": good_proposal()}),
              tool_call("run_experiment", {"proposal_ids": ["llm.two_threads"],
                                           "kernel": "triad", "size": 200000}),
              lambda body: (_ for _ in ()).throw(AssertionError("unreachable"))
              if last_tool_result(body)["ok"] else FINISH]
    with FakeOpenAI(script) as fake:
        res = session(fake, wb, tmp_path)
    assert res.experiments == []
    obs = last_tool_result(fake.requests[-1])
    assert not obs["ok"] and "no proposal was approved" in obs["error"]


def test_enable_smt_on_bandwidth_bound_dual_socket_is_rejected(
        bench: Any, corpus: Path, tmp_path: Path, epyc_snapshot: Any) -> None:
    assert epyc_snapshot.cpu.sockets == 2 and epyc_snapshot.cpu.threads_per_core == 2
    wb = bench([str(corpus / STREAM_FILE)], snapshot=epyc_snapshot)
    smt = good_proposal("enable_smt", kind="system", title="use both hyper-threads",
                        change={"description": "2 threads per core"})
    script = [tool_call("platform_snapshot", {}), confirm_from_card, tool_call("analyze", {}),
              tool_call("do_not_list", {}), tool_call("propose", {"proposal": smt}), FINISH]
    with FakeOpenAI(script) as fake:
        res = session(fake, wb, tmp_path)
    assert "hw.memory_bandwidth" in {f.id for f in wb.analysis.findings}
    [rej] = res.rejected
    assert rej["id"] == "enable_smt" and "bandwidth" in rej["reason"] and rej["guard"]
    assert res.guard == "advise.check_proposals"
    seen = last_tool_result(fake.requests[-1])  # the model was told why
    assert not seen["ok"] and "enable_smt" in seen["error"] and rej["reason"] in seen["error"]
    assert res.accepted == []


def test_proposal_without_verification_is_sent_back_and_fixed(
        bench: Any, corpus: Path, tmp_path: Path, epyc_snapshot: Any) -> None:
    wb = bench([str(corpus / STREAM_FILE)], snapshot=epyc_snapshot)
    bad = good_proposal()
    del bad["verification"]

    def retry(body: dict[str, Any]) -> dict[str, Any]:
        obs = last_tool_result(body)
        assert not obs["ok"] and "verification" in obs["error"]
        return tool_call("propose", {"proposal": good_proposal()})

    script = [tool_call("platform_snapshot", {}), confirm_from_card, tool_call("analyze", {}),
              tool_call("do_not_list", {}), tool_call("propose", {"proposal": bad}), retry,
              FINISH]
    with FakeOpenAI(script) as fake:
        res = session(fake, wb, tmp_path)
    assert [r["id"] for r in res.rejected] == ["llm.two_threads"]
    assert "missing verification" in res.rejected[0]["reason"]
    assert res.accepted == ["llm.two_threads"]


def test_order_is_enforced_do_not_list_before_proposals(bench: Any, corpus: Path,
                                                        tmp_path: Path) -> None:
    wb = bench([str(corpus / STREAM_FILE)])
    script = [tool_call("propose", {"proposal": good_proposal()}), FINISH]
    with FakeOpenAI(script) as fake:
        res = session(fake, wb, tmp_path)
    obs = last_tool_result(fake.requests[-1])
    assert not obs["ok"] and obs["next"] == "call do_not_list first"
    assert res.accepted == []


def test_command_outside_the_policy_is_denied_and_audited(bench: Any, tmp_path: Path) -> None:
    wb = bench([])
    canary = wb.workspace / "keep.txt"
    canary.parent.mkdir(parents=True, exist_ok=True)
    canary.write_text("still here")
    script = [tool_call("run_command", {"argv": ["rm", "-f", str(canary)]}),
              tool_call("run_command", {"argv": ["uname", "-m"]}), FINISH]
    with FakeOpenAI(script) as fake:
        res = session(fake, wb, tmp_path)
    denied = json.loads(fake.requests[1]["messages"][-1]["content"])
    assert not denied["ok"] and "deny:exe:rm" in denied["error"]
    allowed = last_tool_result(fake.requests[2])
    assert allowed["ok"] and allowed["untrusted_data"]["exit_code"] == 0
    assert canary.read_text() == "still here"
    audit = [json.loads(x) for x in (wb.workspace / ".perfscout" / "audit.jsonl")
             .read_text().splitlines()]
    assert any(not a.get("allowed", True) and "rm" in json.dumps(a) for a in audit)
    assert any(d["decision"] == "command_denied" for d in res.decisions)


def test_malformed_tool_call_json_comes_back_as_an_observation(bench: Any,
                                                               tmp_path: Path) -> None:
    wb = bench([])
    script = [tool_call("run_command", '{"argv": ["uname", '), FINISH]
    with FakeOpenAI(script) as fake:
        res = session(fake, wb, tmp_path)
    obs = last_tool_result(fake.requests[1])
    assert not obs["ok"] and "not valid JSON" in obs["error"]
    assert "JSON object" in obs["next"]
    assert res.status == "finished"


def test_schema_violation_names_the_field(bench: Any, tmp_path: Path) -> None:
    wb = bench([])
    script = [tool_call("run_command", {"argv": "uname -m"}), FINISH]
    with FakeOpenAI(script) as fake:
        session(fake, wb, tmp_path)
    obs = last_tool_result(fake.requests[1])
    assert not obs["ok"] and obs["error"].startswith("bad arguments: argv:")


def test_server_error_is_an_llm_error_and_the_transcript_says_so(bench: Any,
                                                                 tmp_path: Path) -> None:
    wb = bench([])
    with FakeOpenAI([tool_call("list_profiles", {}), ("status", 500)]) as fake, \
            pytest.raises(LLMError) as ei:
        session(fake, wb, tmp_path)
    assert "HTTP 500" in ei.value.message and ei.value.exit_code == ExitCode.LLM
    assert len(fake.requests) == 2  # max_retries=0: no silent retry
    recs = read_transcript(tmp_path / "t.jsonl")
    assert recs[-1]["kind"] == "end" and recs[-1]["status"] == "llm_error"
    assert any(r["kind"] == "tool_result" and r["name"] == "list_profiles" for r in recs)


def test_timeout_is_reported_with_the_limit(bench: Any, tmp_path: Path) -> None:
    wb = bench([])
    with FakeOpenAI([("sleep", 3)]) as fake, pytest.raises(LLMError) as ei:
        session(fake, wb, tmp_path, timeout_s=0.5)
    assert "did not answer within 0.5 s" in ei.value.message
    assert "llm.timeout_s" in ei.value.hint


def test_step_budget_stops_the_session(bench: Any, tmp_path: Path) -> None:
    wb = bench([])
    script = [tool_call("list_profiles", {})] * 5
    with FakeOpenAI(script) as fake, pytest.raises(BudgetExceeded) as ei:
        session(fake, wb, tmp_path, budgets=Budgets(max_steps=2))
    assert "steps budget exhausted (2 of 2)" in ei.value.message
    assert len(fake.requests) == 2


def test_token_budget_stops_the_session(bench: Any, tmp_path: Path) -> None:
    wb = bench([])
    with FakeOpenAI([tool_call("list_profiles", {})] * 3) as fake, \
            pytest.raises(BudgetExceeded) as ei:
        session(fake, wb, tmp_path, budgets=Budgets(max_tokens=200))
    assert "tokens budget" in ei.value.message and len(fake.requests) == 2


def test_wall_time_budget_stops_before_the_first_call(bench: Any, tmp_path: Path) -> None:
    wb = bench([])
    with FakeOpenAI([FINISH]) as fake, pytest.raises(BudgetExceeded) as ei:
        session(fake, wb, tmp_path, budgets=Budgets(max_wall_s=0.0))
    assert "wall time budget" in ei.value.message and "agent.max_wall_s" in ei.value.hint
    assert fake.requests == []


def test_confirmed_needs_two_sources(bench: Any, corpus: Path, tmp_path: Path) -> None:
    wb = bench([str(corpus / STREAM_FILE)])
    over = tool_call("finish", {"answer": "bandwidth", "claims": [
        {"finding": "hw.memory_bandwidth", "status": "confirmed"}]})
    script = [tool_call("analyze", {}), over, FINISH]
    with FakeOpenAI(script) as fake:
        res = session(fake, wb, tmp_path)
    obs = last_tool_result(fake.requests[2])
    assert not obs["ok"] and "two independent sources" in obs["error"]
    assert res.answer == "done"


def test_json_mode_fallback_when_the_server_has_no_tool_calls(bench: Any,
                                                              tmp_path: Path) -> None:
    wb = bench([])
    script: list[Any] = [{"content": json.dumps({"tool": "list_profiles", "arguments": {}})},
                         {"content": json.dumps({"answer": "nothing to read"})}]
    with FakeOpenAI(script, no_tools=True) as fake:
        res = session(fake, wb, tmp_path)
    assert res.status == "answered" and res.answer == "nothing to read"
    assert "tools" in fake.requests[0] and "tools" not in fake.requests[1]
    assert fake.requests[1]["response_format"]["type"] == "json_object"
    assert "schema" in fake.requests[1]["response_format"]
    # the tool result went back as a plain user message
    assert fake.requests[2]["messages"][-1]["content"].startswith("Observation (list_profiles)")


def test_replay_reproduces_the_model_side(bench: Any, tmp_path: Path) -> None:
    wb = bench([])
    script = [tool_call("run_command", {"argv": ["uname", "-m"]}), FINISH]
    with FakeOpenAI(script) as fake:
        first = session(fake, wb, tmp_path)
    recs = read_transcript(tmp_path / "t.jsonl")
    tr = Transcript(tmp_path / "t2.jsonl")
    again = run_session("why is triad slow?", ReplayModel(recs), bench([]), tr,
                        budgets=Budgets())
    tr.close()
    calls = [[c["name"] for c in r["tool_calls"]] for r in recs if r["kind"] == "model_reply"]
    recs2 = read_transcript(tmp_path / "t2.jsonl")
    assert calls == [[c["name"] for c in r["tool_calls"]] for r in recs2
                     if r["kind"] == "model_reply"]
    assert first.answer == again.answer == "done"


def test_a_server_error_is_retried_when_retries_are_configured(bench: Any,
                                                               tmp_path: Path) -> None:
    wb = bench([])
    with FakeOpenAI([("status", 503), FINISH]) as fake:
        res = session(fake, wb, tmp_path, max_retries=1)
    assert res.status == "finished" and len(fake.requests) == 2
