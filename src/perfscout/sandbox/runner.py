"""Bootstrap runner (replaced by the policy-enforced runner of the sandbox issue).

It implements the :class:`perfscout.model.runs.Runner` interface so that stages can be written
against it now.
"""

from __future__ import annotations

import os
import subprocess
import time
from pathlib import Path

from perfscout.model.runs import PolicyDecision, Runner, RunRequest, RunResult


class BootstrapRunner:
    def __init__(self, workspace: Path) -> None:
        self.workspace = workspace

    def check(self, argv: tuple[str, ...], *, approval_token: str | None = None) -> PolicyDecision:
        return PolicyDecision(True, "bootstrap")

    def run(self, request: RunRequest) -> RunResult:
        t0 = time.monotonic()
        env = dict(os.environ)
        env.update(request.env)
        try:
            cp = subprocess.run(
                list(request.argv), cwd=request.cwd or self.workspace, env=env,
                capture_output=True, text=True, timeout=request.timeout_s or 60,
                errors="replace", input=request.stdin,
            )
        except FileNotFoundError as exc:
            return RunResult(request.argv, True, "bootstrap", reason=str(exc), exit_code=127)
        except subprocess.TimeoutExpired:
            return RunResult(request.argv, True, "bootstrap", timed_out=True)
        return RunResult(
            request.argv, True, "bootstrap", exit_code=cp.returncode, stdout=cp.stdout,
            stderr=cp.stderr, duration_s=time.monotonic() - t0,
        )


def default_runner(workspace: Path | None = None) -> Runner:
    """The runner the CLI hands to the stages."""
    return BootstrapRunner(workspace or Path.cwd())
