"""The plumbing every command shares: configuration, the one workspace, the stores, the
platform snapshot, the sandbox options and runner.

Command modules (``cmd_<name>.py``) import from here and never from each other (a test checks
it). This module stays light to import: what it needs from the stages is imported inside the
function that uses it, so ``perfscout --help`` does not pay for the stores or the sandbox.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import typer

from perfscout.cli.state import OPTIONS

if TYPE_CHECKING:
    from perfscout.config import Config
    from perfscout.experiment.store import Store
    from perfscout.kb import CardStore
    from perfscout.model.snapshot import PlatformSnapshot
    from perfscout.sandbox.local_runner import LocalRunner
    from perfscout.sandbox.policy import Policy

WORKSPACE_OPT = typer.Option(None, "--workspace", "-w",
                             help="Directory commands are confined to (config key 'workspace').")
POLICY_OPT = typer.Option(None, "--policy",
                          help="Policy YAML replacing the shipped default (config key 'policy').")
UNCONFINED_OPT = typer.Option(False, "--unconfined",
                              help="Run even where bubblewrap is missing (no OS confinement; "
                              "audited).")
PLATFORM_OPT = typer.Option(None, "--platform", help="Snapshot JSON of the machine.")
PLATFORM_DIR_OPT = typer.Option(None, "--platform-dir",
                                help="Directory of saved snapshot command outputs.")


def load_cfg() -> Config:
    """The layered configuration, with the ``--config`` file given before the command."""
    from perfscout.config import load_config

    return load_config(config_path=OPTIONS.config_path)


def config(workspace: str | None, policy: str | None) -> Config:
    """The configuration with a command's ``--workspace``/``--policy`` layered on top."""
    from perfscout.config import load_config

    return load_config(cli={"workspace": workspace, "policy": policy},
                       config_path=OPTIONS.config_path)


def workspace(cfg: Config) -> Path:
    """The one workspace (``Config.workspace``: the ``workspace`` key, else
    ``$PERFSCOUT_HOME/workspace``), created: experiments, sessions, tuning, ``init`` and the
    sandbox commands build and run there, and its audit log is one ``audit verify`` checks."""
    w = cfg.workspace
    w.mkdir(parents=True, exist_ok=True)
    return w


def open_store(cfg: Config) -> Store:
    """The experiment store of this home (use it in a ``with`` block)."""
    from perfscout.experiment.store import Store, default_db

    return Store(default_db(cfg.home))


def open_cards(cfg: Config) -> CardStore:
    """The card store of this home (use it in a ``with`` block)."""
    from perfscout.experiment.store import default_db
    from perfscout.kb import CardStore

    return CardStore(default_db(cfg.home))


def policy_of(cfg: Config) -> Policy:
    """The sandbox policy the configuration names (empty: the shipped default)."""
    from perfscout.sandbox.policy import load_policy

    return load_policy(str(cfg.get("policy")) or None)


def runner_of(cfg: Config, unconfined: bool = False) -> LocalRunner:
    """The sandbox runner confined to the one workspace (``Config.workspace``), for the
    sandbox commands run, policy, agent and mcp."""
    from perfscout.sandbox.local_runner import LocalRunner
    from perfscout.sandbox.runner import default_runner

    r = default_runner(cfg.workspace, config=cfg,
                       unconfined=unconfined)
    assert isinstance(r, LocalRunner)
    return r


def check_timeout(runner: LocalRunner, argv: tuple[str, ...], timeout: float | None) -> None:
    """Refuse a ``--timeout`` that is not finite, not above 0 or above the policy's cap."""
    from perfscout.model.errors import UsageError
    from perfscout.model.runs import RunRequest
    from perfscout.sandbox.policy import timeout_problem

    cap = runner.verdict(RunRequest(argv)).timeout_s or runner.policy.timeout_s
    bad = timeout_problem(timeout, cap)
    if bad:
        runner.record_denial(" ".join(argv), "deny:timeout", bad, "cli")
        raise UsageError(f"--timeout: {bad}", "give seconds as a number, e.g. --timeout 30")


def load_platform(snapshot_json: str | None, snapshot_dir: str | None) -> PlatformSnapshot | None:
    """The snapshot from a saved JSON file (``snapshot --json`` output, envelope or bare) or
    rebuilt from a directory of command outputs; None when neither is given."""
    from perfscout.model.errors import InputError, NotFoundError, UsageError

    if snapshot_json and snapshot_dir:
        raise UsageError("give --platform or --platform-dir, not both")
    if snapshot_json:
        from perfscout.files import read_structured
        from perfscout.model.serialize import from_jsonable
        from perfscout.model.snapshot import PlatformSnapshot

        p = Path(snapshot_json)
        raw = read_structured(p, "snapshot", hint="give the output of `perfscout snapshot --json`")
        if isinstance(raw, dict) and "data" in raw and "perfscout" in raw:
            raw = raw["data"].get("snapshot", raw["data"])
        if not isinstance(raw, dict) or "cpu" not in raw:
            raise InputError(f"{p}: no snapshot object (no 'cpu' key)",
                             hint="give the output of `perfscout snapshot --json`")
        return from_jsonable(PlatformSnapshot, raw)
    if snapshot_dir:
        d = Path(snapshot_dir)
        if not d.is_dir():
            raise NotFoundError(f"{d}: no such directory")
        from perfscout.snapshot import snapshot_from_dir

        return snapshot_from_dir(d)
    return None
