"""Answers must come from this run's tool results; malformed endpoint replies are exit 12.

Driven through the real CLI against a loopback OpenAI-compatible server, as a user would run
``perfscout agent``: a plain-text claim, an HTML page, a truncated reply and a reply without
choices each end with a non-zero exit, the reason on screen, and no experiment run.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from agent.fake_openai import FakeOpenAI, tool_call
from conftest import run_cli
from perfscout.agent.grounding import Evidence, claims_in, problems
from perfscout.agent.loop import Budgets, run_session
from perfscout.agent.models import OpenAIChatModel
from perfscout.agent.transcript import Transcript, read_transcript

CLAIM = "hw.memory_bandwidth is CONFIRMED: triad reaches 31250.5 MB/s, use bind_threads for 3.2x"


def _agent(fake: FakeOpenAI, tmp_path: Path, *extra: str) -> tuple[int, dict[str, Any], str]:
    r = run_cli("agent", "why is triad slow?", "--base-url", fake.base_url, "--model", "fake",
                "--workspace", str(tmp_path / "ws"), "--transcript", str(tmp_path / "t.jsonl"),
                "--approve", "all", *extra, "--json")
    return r.returncode, json.loads(r.stdout), r.stderr


def test_plain_text_claim_is_retried_once_then_ungrounded_with_the_offline_answer(
        tmp_path: Path, ps_home: Path) -> None:
    with FakeOpenAI([{"content": CLAIM}, {"content": CLAIM}]) as fake:
        rc, env, err = _agent(fake, tmp_path)
    assert rc == 12 and env["exit_code"] == 12 and env["status"] == "error", env
    s = env["data"]["session"]
    assert s["status"] == "ungrounded" and s["steps"] == 0
    assert any("without calling any tool" in w for w in s["ungrounded"])
    assert any("31250.5" in w for w in s["ungrounded"])  # the invented number is named
    assert s["experiments"] == [] and env["data"]["offline"]["answer"]  # nothing run
    assert "not grounded" in env["errors"][0]["message"]
    assert "not grounded" in err  # the guard's reason is on screen too
    # the second request carried the reason back to the model
    assert len(fake.requests) == 2
    assert "Not accepted" in fake.requests[1]["messages"][-1]["content"]
    offline = read_transcript(env["data"]["offline"]["transcript"])
    assert not any(r["kind"] == "tool_result" and r["name"] == "run_experiment" and r["ok"]
                   for r in offline)


@pytest.mark.parametrize(("body", "ctype", "cause"), [
    ("<!DOCTYPE html><html><body>502 Bad Gateway</body></html>", "text/html", "HTML page"),
    ('{"id": "x", "object": "chat.completion", "choices": [{"index": 0, "mess',
     "application/json", "not JSON"),
    ('{"id": "x", "object": "chat.completion", "choices": []}', "application/json",
     "no choices"),
])
def test_malformed_reply_is_exit_12_with_the_cause(tmp_path: Path, ps_home: Path, body: str,
                                                   ctype: str, cause: str) -> None:
    with FakeOpenAI([("raw", (ctype, body))] * 3) as fake:
        rc, env, _err = _agent(fake, tmp_path)
    assert rc == 12, env
    msg = env["errors"][0]["message"]
    assert cause in msg and "Traceback" not in msg, msg
    recs = read_transcript(tmp_path / "t.jsonl")
    assert not any(r["kind"] == "tool_result" for r in recs)  # nothing ran


def test_finish_with_an_invented_number_is_sent_back_then_accepted_when_fixed(
        bench: Any, tmp_path: Path) -> None:
    wb = bench([])
    script = [tool_call("list_profiles", {}),
              tool_call("finish", {"answer": "no profile; expect 2.75x from loop_tiling"}),
              tool_call("finish", {"answer": "no profile was given, nothing to judge"})]
    with FakeOpenAI(script) as fake:
        tr = Transcript(tmp_path / "t.jsonl")
        try:
            res = run_session("why?", OpenAIChatModel(fake.base_url, "fake"), wb, tr,
                              budgets=Budgets())
        finally:
            tr.close()
    assert res.status == "finished" and res.answer.startswith("no profile was given")
    back = json.loads(fake.requests[2]["messages"][-1]["content"])
    assert not back["ok"] and "2.75" in back["error"] and "loop_tiling" in back["error"]


def test_grounding_accepts_numbers_as_rounded_and_percentages() -> None:
    ev = Evidence()
    ev.add({"findings": [{"id": "hw.memory_bandwidth", "evidence": {"achieved": 12345.678,
                                                                    "share": 0.4567}}]})
    ok = ["hw.memory_bandwidth at 12345.7 MB/s, 46% of the time, 12346"]
    assert problems(ok, ev) == []
    bad = problems(["hw.numa_remote at 999.5 MB/s"], ev)
    assert len(bad) == 2 and "hw.numa_remote" in bad[0] and "999.5" in bad[1]
    assert claims_in(["2 threads; run triad-2a9f3"]).numbers == ()
