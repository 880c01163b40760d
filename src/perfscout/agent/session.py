"""Building a session from configuration: the workbench, the model, the transcript path.

Shared by ``perfscout agent``, ``perfscout mcp`` and the tests so that each entry point wires
the same runner, home and budgets.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from pathlib import Path

from perfscout.agent.models import Model, OfflinePlanner, OpenAIChatModel
from perfscout.agent.tools import Approver, Workbench
from perfscout.config import Config
from perfscout.model.runs import Runner
from perfscout.model.snapshot import PlatformSnapshot


def make_workbench(cfg: Config, runner: Runner, workspace: Path, files: Sequence[str] = (), *,
                   snapshot: PlatformSnapshot | None = None, approver: Approver | None = None,
                   kernel: str = "", size: int | None = None) -> Workbench:
    """A workbench whose tools act through ``runner`` inside ``workspace``."""
    return Workbench(runner=runner, home=cfg.home, workspace=workspace, cfg_get=cfg.get,
                     files=[str(f) for f in files], snapshot=snapshot, approver=approver,
                     kernel=kernel, size=size, thresholds=cfg.thresholds())


def make_model(cfg: Config, *, offline: bool, model: str | None = None,
               base_url: str | None = None, mode: str = "auto") -> Model:
    """The offline planner, or the OpenAI-compatible client configured by ``llm.*`` (flags
    win over configuration)."""
    if offline:
        return OfflinePlanner()
    return OpenAIChatModel(base_url or str(cfg.get("llm.base_url")),
                           model or str(cfg.get("llm.model")), str(cfg.get("llm.api_key")),
                           timeout_s=float(cfg.get("llm.timeout_s")), mode=mode,
                           max_tokens=int(cfg.get("llm.max_tokens")),
                           max_retries=int(cfg.get("llm.max_retries")))


def transcript_path(cfg: Config, given: str | None = None) -> Path:
    """``given``, or a new file under ``PERFSCOUT_HOME/agent/``."""
    if given:
        return Path(given)
    stamp = time.strftime("%Y%m%dT%H%M%S", time.gmtime())
    return cfg.home / "agent" / f"session-{stamp}-{time.time_ns() % 10**6:06d}.jsonl"
