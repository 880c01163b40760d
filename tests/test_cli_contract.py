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


def test_version_plain_and_json() -> None:
    from perfscout import __version__

    cp = run_cli("--version")
    assert cp.returncode == 0 and cp.stdout == f"perfscout {__version__}\n", cp.stderr
    env = json.loads(run_cli("--version", "--json").stdout)
    assert env["command"] == "version" and env["data"] == {"version": __version__}


def test_help_metavars_are_words() -> None:
    for cmd in (("summarize",), ("analyze",), ("export", "reframe"), ("agent",), ("drill",)):
        cp = run_cli(*cmd, "--help", env={"COLUMNS": "80"})
        assert cp.returncode == 0, cp.stderr
        assert "<" not in cp.stdout and "list[" not in cp.stdout, cp.stdout
    assert "Usage: perfscout summarize [OPTIONS] FILE..." in run_cli("summarize", "--help").stdout


def test_error_text_is_not_markup(ps_home: Path, tmp_path: Path) -> None:
    missing = tmp_path / "exe:cat:path [bold]x[/bold].txt"
    cp = run_cli("summarize", str(missing))
    assert cp.returncode == 4
    assert f"perfscout: error: {missing}: no such file" in cp.stderr, cp.stderr


def test_tables_never_cut_ids_at_80_columns() -> None:
    import io

    from rich.table import Table

    from perfscout.cli.output import stdout_console

    t = Table("id", "kind", "title", "expected", "evidence")
    ids = ["compiler_opt_level", "compiler_arch", "mpi_nonblocking_overlap"]
    for i in ids:
        t.add_row(i, "flags", "a long title that says what the change is " * 2, "1.1-1.5x",
                  "vector.loops_missed=7 count @ /a/rather/long/path/to/profile.txt " * 2)
    con = stdout_console()
    con.file = io.StringIO()
    con.width = 80
    con.print(t)
    out = con.file.getvalue()
    assert all(i in out for i in ids), out
    assert "…" not in out and max(len(line) for line in out.splitlines()) <= 80


def test_each_command_module_registers_its_own_name() -> None:
    """main loads only ``cmd_<name>`` for ``perfscout <name> ...``: the convention must hold."""
    import typer.main

    from perfscout.cli.main import build_app, command_modules

    full = sorted(typer.main.get_command(build_app()).commands)  # type: ignore[attr-defined]
    assert full == sorted(m.removeprefix("cmd_") for m in command_modules())
    for name in full:
        assert list(typer.main.get_command(build_app(name)).commands) == [name]  # type: ignore[attr-defined]
