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
                   config: Config | None = None, audit_log: Path | None = None) -> Runner:
    """The local runner for ``workspace`` (default: the ``workspace`` config key).

    ``policy`` (a YAML path) wins over the ``policy`` config key; empty means the shipped
    default. Approval tokens are read from the configured home.
    """
    cfg = config or load_config()
    ws = Path(workspace if workspace is not None else str(cfg.get("workspace"))).expanduser()
    ws.mkdir(parents=True, exist_ok=True)
    pol = load_policy(policy or str(cfg.get("policy")) or None)
    return LocalRunner(pol, ws.resolve(), cfg.home, audit_log=audit_log)


def repository_runner(repo: Path, patches: Path, *, config: Config | None = None) -> Runner:
    """The runner for the patch workflow's git steps, under the same policy as every other.

    Its workspace is perfscout's patch directory (worktrees and exports live there) and the
    user's repository ``repo`` is an extra root, so git may write there (branches, worktree
    metadata) and nowhere else. Its commands go to the configured workspace's audit log, in the
    same hash chain as the rest of the session.
    """
    cfg = config or load_config()
    patches.mkdir(parents=True, exist_ok=True)
    ws = Path(str(cfg.get("workspace"))).expanduser()
    ws.mkdir(parents=True, exist_ok=True)
    pol = load_policy(str(cfg.get("policy")) or None)
    return LocalRunner(pol, patches.resolve(), cfg.home, audit_log=default_log(ws.resolve()),
                       extra_roots=(repo.resolve(),))
