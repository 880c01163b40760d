"""The Runner interface over Slurm: each request becomes a batch job (``sbatch``), a batch of
requests becomes one job array; state is polled with ``squeue`` and read back with ``sacct``.

Every scheduler command goes through an inner policy-enforced runner (the sandbox's
:class:`~perfscout.sandbox.local_runner.LocalRunner`), so the policy, the audit log and the
approval token (scope ``sbatch``) apply to submissions exactly as to local jobs.
"""

from __future__ import annotations

import shlex
import time
import uuid
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from perfscout.model.runs import PolicyDecision, Runner, RunRequest, RunResult

SACCT_FORMAT = "JobID,State,ExitCode,Elapsed,MaxRSS"
DONE_STATES = ("COMPLETED", "FAILED", "TIMEOUT", "CANCELLED", "OUT_OF_MEMORY", "NODE_FAIL",
               "PREEMPTED", "BOOT_FAIL", "DEADLINE")


def _dur(text: str) -> float:
    days = 0
    if "-" in text:
        d, text = text.split("-", 1)
        days = int(d)
    parts = [float(p) for p in text.split(":") if p]
    while len(parts) < 3:
        parts.insert(0, 0.0)
    return days * 86400 + parts[0] * 3600 + parts[1] * 60 + parts[2]


class SlurmRunner:
    """Run requests as Slurm jobs; ``sbatch_args`` (e.g. ``("-n", "2", "--mem=200M")``) are
    added to every submission. ``poll_s`` is the squeue polling interval."""

    def __init__(self, inner: Runner, workspace: Path, *, sbatch_args: Sequence[str] = (),
                 poll_s: float = 1.0, default_timeout_s: float = 600.0) -> None:
        self.inner = inner
        self.workspace = workspace
        self.jobdir = workspace / ".slurm-jobs"
        self.sbatch_args = tuple(sbatch_args)
        self.poll_s = poll_s
        self.default_timeout_s = default_timeout_s

    def check(self, argv: tuple[str, ...], *, approval_token: str | None = None) -> PolicyDecision:
        """A job is allowed when its command and the submission both are."""
        d = self.inner.check(argv, approval_token=approval_token)
        if not d.allowed:
            return d
        return self.inner.check(("sbatch", "--parsable", "job.sh"), approval_token=approval_token)

    def run(self, request: RunRequest) -> RunResult:
        """Submit ``request`` as one job, wait for it, and map the job state to a result."""
        return self.run_array([request])[0]

    def run_array(self, requests: Sequence[RunRequest]) -> list[RunResult]:
        """Submit ``requests`` as one job array (task i runs request i) and wait for all.

        The first request's approval token and timeout govern the array."""
        if not requests:
            return []
        first = requests[0]
        for r in requests:
            d = self.check(r.argv, approval_token=r.approval_token)
            if not d.allowed:
                return [RunResult(x.argv, False, d.rule, d.reason) for x in requests]
        tag = uuid.uuid4().hex[:8]
        self.jobdir.mkdir(parents=True, exist_ok=True)
        script = self.jobdir / f"job-{tag}.sh"
        lines = ["#!/bin/bash", 'case "${SLURM_ARRAY_TASK_ID:-0}" in']
        for i, r in enumerate(requests):
            env = " ".join(f"{k}={shlex.quote(v)}" for k, v in r.env.items())
            cd = f"cd {shlex.quote(r.cwd or str(self.workspace))} && "
            lines.append(f"  {i}) {cd}{'env ' + env + ' ' if env else ''}exec "
                         f"{shlex.join(r.argv)} ;;")
        lines += ["esac", ""]
        tmp = script.with_suffix(".tmp")
        tmp.write_text("\n".join(lines))
        tmp.chmod(0o755)
        tmp.rename(script)
        out = self.jobdir / f"job-{tag}-%a.out"
        err = self.jobdir / f"job-{tag}-%a.err"
        timeout = first.timeout_s or self.default_timeout_s
        minutes = max(1, int(timeout // 60) + 1)
        argv = ("sbatch", "--parsable", f"--array=0-{len(requests) - 1}", f"--time={minutes}",
                f"--job-name=perfscout-{tag}", f"--output={out}", f"--error={err}",
                *self.sbatch_args, str(script))
        sub = self.inner.run(RunRequest(argv, purpose=f"slurm:submit:{first.purpose}",
                                        approval_token=first.approval_token, timeout_s=60))
        if not sub.ok:
            reason = sub.reason or sub.stderr.strip()[:200]
            return [RunResult(r.argv, sub.allowed, sub.rule, f"sbatch failed: {reason}",
                              exit_code=sub.exit_code) for r in requests]
        job = sub.stdout.strip().split(";")[0]
        timed_out = not self._wait(job, timeout, first.approval_token)
        states = self._states(job)
        results = []
        for i, r in enumerate(requests):
            state, code, elapsed = states.get(f"{job}_{i}", states.get(job, ("UNKNOWN", "", "")))
            rc, sig = [*code.split(":"), "0"][:2] if code else ("", "0")
            so = Path(str(out).replace("%a", str(i)))
            se = Path(str(err).replace("%a", str(i)))
            results.append(RunResult(
                r.argv, True, sub.rule, reason=state if state != "COMPLETED" else "",
                exit_code=int(rc) if rc.isdigit() else None,
                signal=int(sig) if sig.isdigit() and int(sig) else None,
                timed_out=timed_out or state.startswith("TIMEOUT"),
                stdout=so.read_text(errors="replace") if so.is_file() else "",
                stderr=se.read_text(errors="replace") if se.is_file() else "",
                duration_s=_dur(elapsed) if elapsed else 0.0, job_id=f"{job}_{i}"))
        return results

    def _wait(self, job: str, timeout: float, token: str | None) -> bool:
        deadline = time.monotonic() + timeout + 30
        while time.monotonic() < deadline:
            q = self.inner.run(RunRequest(("squeue", "-h", f"--jobs={job}", "-o", "%T"),
                                          purpose="slurm:poll", timeout_s=30))
            if q.ok and not q.stdout.strip():
                return True
            time.sleep(self.poll_s)
        self.inner.run(RunRequest(("scancel", job), purpose="slurm:cancel-on-timeout",
                                  approval_token=token, timeout_s=30))
        return False

    def _states(self, job: str) -> dict[str, tuple[str, str, str]]:
        """Job (and array task) id -> (State, ExitCode, Elapsed); tries slurmdbd, then the
        jobcomp file (``sacct -c``)."""
        for extra in ((), ("-c",)):
            for _ in range(10):  # the jobcomp record lands a moment after the job leaves squeue
                res = self.inner.run(RunRequest(
                    ("sacct", *extra, "--parsable2", "-n", f"--jobs={job}",
                     f"--format={SACCT_FORMAT}"), purpose="slurm:sacct", timeout_s=30))
                rows = [ln.split("|") for ln in res.stdout.splitlines() if ln.strip()]
                found = {r[0]: (r[1].split()[0], r[2], r[3]) for r in rows
                         if len(r) >= 4 and "." not in r[0]}
                if res.ok and found:
                    return found
                if not res.ok:
                    break
                time.sleep(0.5)
        return {}


def with_token(request: RunRequest, token: str) -> RunRequest:
    """``request`` with an approval token attached (submission needs scope ``sbatch``)."""
    return replace(request, approval_token=token)
