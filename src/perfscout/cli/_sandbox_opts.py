"""Options shared by the sandbox subcommands (run, policy, audit): workspace and policy file."""

from __future__ import annotations

from pathlib import Path

import typer

from perfscout.cli.state import OPTIONS
from perfscout.config import Config, load_config
from perfscout.sandbox.local_runner import LocalRunner
from perfscout.sandbox.policy import Policy, load_policy
from perfscout.sandbox.runner import default_runner

WORKSPACE_OPT = typer.Option(None, "--workspace", "-w",
                             help="Directory commands are confined to (config key 'workspace').")
POLICY_OPT = typer.Option(None, "--policy",
                          help="Policy YAML replacing the shipped default (config key 'policy').")


def config(workspace: str | None, policy: str | None) -> Config:
    return load_config(cli={"workspace": workspace, "policy": policy},
                       config_path=OPTIONS.config_path)


def policy_of(cfg: Config) -> Policy:
    return load_policy(str(cfg.get("policy")) or None)


def runner_of(cfg: Config) -> LocalRunner:
    r = default_runner(Path(str(cfg.get("workspace"))).expanduser(), config=cfg)
    assert isinstance(r, LocalRunner)
    return r
