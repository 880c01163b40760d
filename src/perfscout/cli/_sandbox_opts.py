"""Options shared by the sandbox subcommands (run, policy, audit): workspace and policy file."""

from __future__ import annotations

from pathlib import Path

import typer

from perfscout.cli.state import OPTIONS
from perfscout.config import Config, load_config
from perfscout.model.errors import UsageError
from perfscout.model.runs import RunRequest
from perfscout.sandbox.local_runner import LocalRunner
from perfscout.sandbox.policy import Policy, load_policy, timeout_problem
from perfscout.sandbox.runner import default_runner

WORKSPACE_OPT = typer.Option(None, "--workspace", "-w",
                             help="Directory commands are confined to (config key 'workspace').")
POLICY_OPT = typer.Option(None, "--policy",
                          help="Policy YAML replacing the shipped default (config key 'policy').")
UNCONFINED_OPT = typer.Option(False, "--unconfined",
                              help="Run even where bubblewrap is missing (no OS confinement; "
                              "audited).")


def config(workspace: str | None, policy: str | None) -> Config:
    return load_config(cli={"workspace": workspace, "policy": policy},
                       config_path=OPTIONS.config_path)


def policy_of(cfg: Config) -> Policy:
    return load_policy(str(cfg.get("policy")) or None)


def runner_of(cfg: Config, unconfined: bool = False) -> LocalRunner:
    r = default_runner(Path(str(cfg.get("workspace"))).expanduser(), config=cfg,
                       unconfined=unconfined)
    assert isinstance(r, LocalRunner)
    return r


def check_timeout(runner: LocalRunner, argv: tuple[str, ...], timeout: float | None) -> None:
    """Refuse a ``--timeout`` that is not finite, not above 0 or above the policy's cap."""
    cap = runner.verdict(RunRequest(argv)).timeout_s or runner.policy.timeout_s
    bad = timeout_problem(timeout, cap)
    if bad:
        runner.record_denial(" ".join(argv), "deny:timeout", bad, "cli")
        raise UsageError(f"--timeout: {bad}", "give seconds as a number, e.g. --timeout 30")
