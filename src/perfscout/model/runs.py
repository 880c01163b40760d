"""Run requests and results, and the runner interface every stage receives.

Stages never spawn processes themselves: they are handed a :class:`Runner` (the sandbox's local
runner, its Slurm runner, or a replay runner in tests) and submit :class:`RunRequest`s to it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable


@dataclass(frozen=True)
class RunRequest:
    argv: tuple[str, ...]
    cwd: str | None = None  # must lie inside the workspace; default: the workspace
    env: Mapping[str, str] = field(default_factory=dict)  # extra variables (policy filters them)
    timeout_s: float | None = None  # None: the policy's default
    purpose: str = ""  # shown in the audit log: "snapshot:lscpu", "experiment:run", ...
    approval_token: str | None = None  # needed for sbatch/scancel and other gated commands
    stdin: str | None = None


@dataclass(frozen=True)
class PolicyDecision:
    allowed: bool
    rule: str  # the rule that decided, e.g. "exe:perf/stat" or "deny:shell-metachar"
    reason: str = ""
    suggestion: str = ""  # which rule or option would allow it
    resolved_argv: tuple[str, ...] = ()


@dataclass(frozen=True)
class RunResult:
    argv: tuple[str, ...]
    allowed: bool
    rule: str = ""
    reason: str = ""  # why denied, or why it failed
    exit_code: int | None = None
    signal: int | None = None
    timed_out: bool = False
    stdout: str = ""
    stderr: str = ""
    stdout_truncated: bool = False
    stderr_truncated: bool = False
    duration_s: float = 0.0
    user_s: float | None = None
    sys_s: float | None = None
    max_rss_kb: int | None = None  # None also when not above the spawning process's own peak
    # time the program spent runnable but waiting for a CPU (/proc/PID/schedstat of the main
    # thread, read before reaping; None where unavailable) and the tree's involuntary context
    # switches (rusage): how busy the machine was while it ran
    run_delay_s: float | None = None
    nivcsw: int | None = None
    network_isolated: bool | None = None
    job_id: str | None = None  # batch runners

    @property
    def ok(self) -> bool:
        return self.allowed and self.exit_code == 0 and not self.timed_out


@runtime_checkable
class Runner(Protocol):
    """Anything that can check and run a command under the sandbox policy."""

    def check(self, argv: tuple[str, ...], *, approval_token: str | None = None) -> PolicyDecision:
        """Decide whether ``argv`` would be allowed, without running it."""
        ...

    def run(self, request: RunRequest) -> RunResult:
        """Run ``request`` if the policy allows it; a denial is a result, not an exception."""
        ...
