"""Agent loop overhead per tool step: in-process scripted model vs the real ``openai`` client
over the loopback fake server (same tools, same transcript), interleaved, medians; plus one
SmolLM2 JSON-mode call when the local llama.cpp server is up."""

from __future__ import annotations

import contextlib
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from _common import median, write_result

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from agent.fake_openai import FakeOpenAI, tool_call
from perfscout.agent.loop import Budgets, run_session
from perfscout.agent.models import OpenAIChatModel, Reply, ScriptedModel, ToolCall
from perfscout.agent.session import make_workbench
from perfscout.agent.transcript import Transcript
from perfscout.config import load_config
from perfscout.model.errors import PerfscoutError
from perfscout.sandbox.runner import default_runner

STEPS = 10


def _bench(d: Path) -> object:
    cfg = load_config()
    ws = d / "ws"
    return make_workbench(cfg, default_runner(ws, config=cfg), ws.resolve(), [])


def _session(model: object, d: Path, i: int) -> float:
    tr = Transcript(d / f"t{i}.jsonl")
    t = time.perf_counter()
    run_session("bench", model, _bench(d), tr, budgets=Budgets())  # type: ignore[arg-type]
    el = time.perf_counter() - t
    tr.close()
    return el / (STEPS + 1)


def main(n: int = 15) -> None:
    step = Reply("", (ToolCall("c", "list_profiles", {}, "{}"),))
    fin = Reply("", (ToolCall("f", "finish", {"answer": "x"}, '{"answer":"x"}'),))
    scripted: list[float] = []
    http: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        d = Path(tmp)
        for i in range(n):
            scripted.append(_session(ScriptedModel([step] * STEPS + [fin]), d, 2 * i))
            script = [tool_call("list_profiles", {})] * STEPS + [tool_call("finish",
                                                                           {"answer": "x"})]
            with FakeOpenAI(script) as fake:
                http.append(_session(OpenAIChatModel(fake.base_url, "m"), d, 2 * i + 1))
        figures: dict[str, object] = {
            "steps_per_session": STEPS + 1, "sessions": n,
            "scripted_ms_per_step_median": round(median(scripted) * 1e3, 3),
            "openai_loopback_ms_per_step_median": round(median(http) * 1e3, 3),
            "openai_over_scripted_ratio": round(median(http) / median(scripted), 2),
        }
        url = "http://127.0.0.1:8765/v1"
        try:
            urllib.request.urlopen(url + "/models", timeout=2).read()
            up = True
        except OSError:
            up = False
        if up:
            lat = []
            for i in range(3):
                m = OpenAIChatModel(url, "smollm2", timeout_s=240, mode="json", max_tokens=48)
                t = time.perf_counter()
                tr = Transcript(d / f"llm{i}.jsonl")
                with contextlib.suppress(PerfscoutError):  # the step budget ends it
                    run_session("List the profiles.", m, _bench(d), tr,
                                budgets=Budgets(max_steps=1))
                tr.close()
                lat.append(time.perf_counter() - t)
            figures["smollm2_json_call_s_median"] = round(median(lat), 2)
        else:
            figures["smollm2_json_call_s_median"] = None
            figures["smollm2_note"] = "local llama.cpp server not running"
    write_result("agent", figures)


if __name__ == "__main__":
    main()
