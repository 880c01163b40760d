"""End to end against a real local model: llama.cpp's server with SmolLM2-135M (scripts/llm.sh
start). It proves the plumbing — JSON-schema constrained output parsed into a tool call that
goes through the loop — not the quality of the advice."""

from __future__ import annotations

import os
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from conftest import require_service
from perfscout.agent.loop import Budgets, run_session
from perfscout.agent.models import OpenAIChatModel
from perfscout.agent.tools import TOOLS
from perfscout.agent.transcript import Transcript, read_transcript
from perfscout.model.errors import BudgetExceeded

STATE = Path(os.environ.get("PERFSCOUT_LLM_STATE", "/tmp/perfscout-llm"))


def _base_url() -> str:
    port = (STATE / "port").read_text().strip() if (STATE / "port").is_file() else "8765"
    return f"http://127.0.0.1:{port}/v1"


def _up(url: str) -> bool:
    try:
        urllib.request.urlopen(url + "/models", timeout=3).read()
    except OSError:
        return False
    return True


@pytest.mark.llm
def test_smollm2_completes_a_tool_call_through_the_loop(bench: Any, tmp_path: Path) -> None:
    url = _base_url()
    require_service("llm", _up(url), f"no llama.cpp server at {url} (scripts/llm.sh start)")
    wb = bench([])
    model = OpenAIChatModel(url, "smollm2", timeout_s=240, mode="json", max_tokens=96)
    tr = Transcript(tmp_path / "t.jsonl")
    try:
        run_session("List the profiles, then finish.", model, wb, tr,
                    budgets=Budgets(max_steps=2, max_wall_s=300))
    except BudgetExceeded:
        pass  # a small model may keep calling tools; two calls are all this test allows
    finally:
        tr.close()
    recs = read_transcript(tmp_path / "t.jsonl")
    replies = [r for r in recs if r["kind"] == "model_reply"]
    assert replies and all(r["mode"] == "json" for r in replies)
    results = [r for r in recs if r["kind"] == "tool_result"]
    assert results, f"the model made no tool call: {replies}"
    assert results[0]["name"] in TOOLS  # constrained to the declared tool names
