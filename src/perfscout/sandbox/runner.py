"""``default_runner``: the policy-enforced runner every stage is handed; ``repository_runner``
for the patch workflow's git steps."""

from __future__ import annotations

from pathlib import Path

from perfscout.config import Config, load_config
from perfscout.model.runs import Runner
from perfscout.sandbox.audit import default_log
from perfscout.sandbox.local_runner import LocalRunner
from perfscout.sandbox.policy import load_policy


def default_runner(workspace: Path | None = None, *, policy: str | Path | None = None,
                   config: Config | None = None, audit_log: Path | None = None,
                   unconfined: bool = False) -> Runner:
    """The local runner for ``workspace`` (default: the ``workspace`` config key).

    ``policy`` (a YAML path) wins over the ``policy`` config key; empty means the shipped
    default. Approval tokens and the audit key are read from the configured home.
    ``unconfined`` lets commands run where bwrap is missing (each record says so).
    """
    cfg = config or load_config()
    ws = Path(workspace).expanduser() if workspace is not None else cfg.workspace
    ws.mkdir(parents=True, exist_ok=True)
    pol = load_policy(policy or str(cfg.get("policy")) or None)
    return LocalRunner(pol, ws.resolve(), cfg.home, audit_log=audit_log, unconfined=unconfined)


def repository_runner(repo: Path, patches: Path, *, config: Config | None = None) -> Runner:
    """The runner for the patch workflow's git steps, under the same policy as every other.

    Its workspace is perfscout's patch directory (worktrees and exports live there) and the
    user's repository ``repo`` is an extra root, so git may write there (branches, worktree
    metadata) and nowhere else. Its commands go to the patch directory's audit log (never into
    the user's repository, which must stay clean for ``patch apply``); ``audit verify``
    checks it with every other log of the home.
    """
    cfg = config or load_config()
    patches.mkdir(parents=True, exist_ok=True)
    pol = load_policy(str(cfg.get("policy")) or None)
    return LocalRunner(pol, patches.resolve(), cfg.home, audit_log=default_log(patches.resolve()),
                       extra_roots=(repo.resolve(),))
