"""A fast start: ``perfscout --version`` and ``--help`` load none of the heavy libraries.

Each case runs the CLI in a fresh interpreter and reads ``sys.modules`` afterwards, so a
module-level ``import numpy`` (or a stage that imports it) anywhere on the path of the top-level
help fails here. No wall-clock limits: ``benches/bench_startup.py`` measures the time.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
#: libraries that cost tens to hundreds of milliseconds to import; loaded where they are used
HEAVY = ("numpy", "scipy", "pandas", "matplotlib", "optuna", "hatchet", "jinja2", "openai",
         "mcp", "httpx", "tree_sitter", "jsonschema", "pydantic", "sqlite3")
PROBE = """
import json, runpy, sys
sys.argv = ["perfscout", *json.loads(sys.argv[1])]
try:
    runpy.run_module("perfscout", run_name="__main__")
except SystemExit:
    pass
sys.stdout.flush()
sys.stderr.write("MODULES:" + json.dumps(sorted(m for m in sys.modules)) + "\\n")
"""


def loaded_modules(args: list[str], tmp_path: Path) -> tuple[set[str], str]:
    env = dict(os.environ, PYTHONPATH=str(REPO / "src"), PERFSCOUT_HOME=str(tmp_path),
               COLUMNS="100")
    r = subprocess.run([sys.executable, "-c", PROBE, json.dumps(args)], capture_output=True,
                       text=True, env=env, timeout=300)
    line = next(ln for ln in r.stderr.splitlines() if ln.startswith("MODULES:"))
    return set(json.loads(line.removeprefix("MODULES:"))), r.stdout


def heavy_in(mods: set[str]) -> list[str]:
    return sorted(h for h in HEAVY if h in mods)


@pytest.mark.parametrize("args", [["--version"], ["--version", "--json"], ["--help"]],
                         ids=" ".join)
def test_start_loads_no_heavy_library(args: list[str], tmp_path: Path) -> None:
    mods, out = loaded_modules(args, tmp_path)
    assert "perfscout" in out  # it did answer
    assert not heavy_in(mods), f"perfscout {' '.join(args)} imported {heavy_in(mods)}"


def test_help_loads_no_stage(tmp_path: Path) -> None:
    """The top-level help needs the command modules and the model, not one stage (nor the
    configuration's YAML parser): each command imports its stages when it runs."""
    mods, _ = loaded_modules(["--help"], tmp_path)
    stages = sorted(m for m in mods if m.startswith("perfscout.")
                    and m.split(".")[1] not in {"cli", "model"})
    assert not stages, f"perfscout --help imported {stages}"
    assert "yaml" not in mods


def test_version_loads_no_command_module(tmp_path: Path) -> None:
    mods, out = loaded_modules(["--version"], tmp_path)
    assert out.startswith("perfscout ")
    assert not any(m.startswith("perfscout.cli.cmd_") for m in mods)
    assert "typer" not in mods


def test_top_level_help_lists_every_command(tmp_path: Path) -> None:
    """The fast help is still the whole help: every command module's name is in it."""
    from perfscout.cli.main import command_modules

    _, out = loaded_modules(["--help"], tmp_path)
    for name in command_modules():
        assert name.removeprefix("cmd_") in out, name


def test_the_probe_sees_what_a_command_imports(tmp_path: Path) -> None:
    """The probe is not blind: the modules a command imports while it runs (`tune replay`
    imports the tune stage before it finds the table missing) are in what it reports."""
    mods, _ = loaded_modules(["tune", "replay", str(tmp_path / "missing.json"), "--json"],
                             tmp_path)
    assert "perfscout.tune.service" in mods
