"""The CLI contract: envelope shape, named exit codes, no tracebacks."""

from __future__ import annotations

import json
from pathlib import Path

from conftest import run_cli


def test_config_show_json_envelope(ps_home: Path) -> None:
    cp = run_cli("config", "show", "--json", env={"PERFSCOUT_LLM_MODEL": "qwen"})
    assert cp.returncode == 0, cp.stderr
    env = json.loads(cp.stdout)
    assert env["perfscout"] == "1" and env["command"] == "config show"
    assert env["status"] == "ok" and env["exit_code"] == 0 and env["errors"] == []
    vals = {v["key"]: v for v in env["data"]["values"]}
    assert vals["llm.model"]["value"] == "qwen"
    assert vals["llm.model"]["source"] == "env:PERFSCOUT_LLM_MODEL"
    assert vals["home"]["source"] == "env:PERFSCOUT_HOME"
    assert vals["experiment.repetitions"]["source"] == "default"


def test_config_layers_file_env(tmp_path: Path, ps_home: Path) -> None:
    cfg = tmp_path / "c.yaml"
    cfg.write_text("experiment:\n  repetitions: 11\nllm:\n  model: from-file\n")
    cp = run_cli("--config", str(cfg), "config", "show", "--json",
                 env={"PERFSCOUT_LLM_MODEL": "from-env"})
    vals = {v["key"]: v for v in json.loads(cp.stdout)["data"]["values"]}
    assert vals["experiment.repetitions"] == {
        "key": "experiment.repetitions", "value": 11, "source": f"file:{cfg}",
        "env": "PERFSCOUT_EXPERIMENT_REPETITIONS"}
    assert vals["llm.model"]["value"] == "from-env"


def test_bad_config_is_an_error_envelope(ps_home: Path) -> None:
    cp = run_cli("config", "show", "--json", env={"PERFSCOUT_EXPERIMENT_REPETITIONS": "many"})
    assert cp.returncode == 10
    env = json.loads(cp.stdout)
    assert env["status"] == "error" and env["errors"][0]["type"] == "ConfigError"
    assert "Traceback" not in cp.stderr


def test_usage_error_json(ps_home: Path) -> None:
    cp = run_cli("config", "nonsense", "--json")
    assert cp.returncode == 2
    assert json.loads(cp.stdout)["errors"][0]["type"] == "UsageError"
    assert "Traceback" not in cp.stderr
