"""The Runner interface over Slurm: each request becomes a batch job (``sbatch``), a batch of
requests becomes ONE job array (task i runs request i).

Every scheduler command goes through an inner policy-enforced runner (the sandbox's
:class:`~perfscout.sandbox.local_runner.LocalRunner`), so the policy, the audit log and the
approval token (scope ``sbatch``) apply to submissions exactly as to local jobs.

How outcomes are read, without depending on slurmdbd:

- The job script runs each task's command (not ``exec``), then writes ``job-TAG-<i>.rc``
  (``exit-status start-epoch end-epoch``, written to a temp file and renamed) next to the
  task's ``.out``/``.err``. The exit status is the command's own; above 128 it is the shell's
  report of a signal (128+N), mapped to ``signal=N`` as the local runner reports it.
- While the array runs, ``scontrol -o show job ARRAY`` is polled: it lists every task with its
  own job id (jobcomp/filetxt records array tasks under those ids), ``ArrayTaskId``,
  ``JobState`` and ``ExitCode``; the last state seen per task is kept (Slurm keeps finished
  records for ``MinJobAge`` seconds).
- A task whose state was not seen final (the record aged out) is looked up in accounting:
  ``sacct`` (slurmdbd, ids ``ARRAY_i``), then ``sacct -c`` (the jobcomp file) by the task's own
  job id; failing both, the rc file decides COMPLETED/FAILED.
"""

from __future__ import annotations

import contextlib
import math
import re
import shlex
import time
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from perfscout.files import write_atomic
from perfscout.model.runs import PolicyDecision, Runner, RunRequest, RunResult
from perfscout.sandbox.local_runner import LocalRunner, build_env

SACCT_FORMAT = "JobID,State,ExitCode,Elapsed"
DONE_STATES = ("COMPLETED", "FAILED", "TIMEOUT", "CANCELLED", "OUT_OF_MEMORY", "NODE_FAIL",
               "PREEMPTED", "BOOT_FAIL", "DEADLINE", "SPECIAL_EXIT", "REVOKED")
SUBMIT_ARGV = ("sbatch", "--parsable", "job.sh")  # what check() asks the policy about
_FIELD = re.compile(r"(?:^|\s)(JobId|ArrayJobId|ArrayTaskId|JobState|ExitCode|RunTime)=(\S*)")


@dataclass(frozen=True)
class TaskState:
    """What the scheduler says about one array task."""

    task: int
    job_id: str  # the task's own job id (what the jobcomp file records)
    state: str  # JobState / sacct State, e.g. COMPLETED, FAILED, TIMEOUT
    exit_code: str = ""  # "status:signal" as Slurm prints it
    elapsed_s: float = 0.0

    @property
    def final(self) -> bool:
        return self.state in DONE_STATES


def slurm_duration(text: str) -> float:
    """Seconds of a Slurm duration (``[D-]HH:MM:SS``, ``MM:SS``); 0 for ``INVALID``/empty."""
    days = 0
    if "-" in text:
        d, text = text.split("-", 1)
        days = int(d) if d.isdigit() else 0
    try:
        parts = [float(p) for p in text.split(":") if p]
    except ValueError:
        return 0.0
    while len(parts) < 3:
        parts.insert(0, 0.0)
    return days * 86400 + parts[-3] * 3600 + parts[-2] * 60 + parts[-1]


def parse_scontrol_jobs(text: str) -> dict[int, TaskState]:
    """Array task id -> state from ``scontrol -o show job ARRAY`` (one record per line).

    Records of tasks not yet started carry a range (``ArrayTaskId=2-3``) and are skipped: they
    are pending. A job that is not an array counts as task 0."""
    out: dict[int, TaskState] = {}
    for line in text.splitlines():
        f = dict(_FIELD.findall(line))
        if "JobId" not in f or "JobState" not in f:
            continue
        task = f.get("ArrayTaskId", "0")
        if not task.isdigit():
            continue
        out[int(task)] = TaskState(int(task), f["JobId"], f["JobState"],
                                   f.get("ExitCode", ""), slurm_duration(f.get("RunTime", "")))
    return out


def _exit_status(code: str) -> tuple[int | None, int | None]:
    """(exit status, signal) from Slurm's ``status:signal``."""
    rc, _, sig = code.partition(":")
    return (int(rc) if rc.isdigit() else None,
            int(sig) if sig.isdigit() and int(sig) else None)


class SlurmRunner:
    """Run requests as Slurm jobs on the local cluster.

    ``sbatch_args`` (e.g. ``("-n", "2", "--mem=200M")``) are added to every submission.
    ``approval_token`` is used for requests that carry none (a stage such as the experiment
    runner does not hold tokens; the person who built this runner approved its submissions).
    Requests whose ``purpose`` starts with one of ``local_purposes`` (e.g.
    ``("experiment:build",)``) run on ``inner`` directly: compile here, run on the cluster.
    ``poll_s`` is the polling interval. ``max_wait_s`` bounds the wait for a whole submission
    before it is cancelled (default: every task's time limit back to back, plus 60 s)."""

    def __init__(self, inner: Runner, workspace: Path, *, sbatch_args: Sequence[str] = (),
                 poll_s: float = 1.0, default_timeout_s: float = 600.0,
                 approval_token: str | None = None, local_purposes: Sequence[str] = (),
                 max_wait_s: float | None = None,
                 sleep: Callable[[float], None] = time.sleep) -> None:
        self.inner = inner
        self.workspace = workspace
        self.jobdir = workspace / ".slurm-jobs"
        self.sbatch_args = tuple(sbatch_args)
        self.poll_s = poll_s
        self.default_timeout_s = default_timeout_s
        self.approval_token = approval_token
        self.local_purposes = tuple(local_purposes)
        self.max_wait_s = max_wait_s
        self._sleep = sleep

    # -- Runner protocol ----------------------------------------------------------------------
    def check(self, argv: tuple[str, ...], *, approval_token: str | None = None) -> PolicyDecision:
        """A job is allowed when its command and the submission both are."""
        token = approval_token or self.approval_token
        d = self.inner.check(argv, approval_token=token)
        if not d.allowed:
            return d
        return self.inner.check(SUBMIT_ARGV, approval_token=token)

    def run(self, request: RunRequest) -> RunResult:
        """Submit ``request`` as one job (a one-task array), wait, map its state to a result."""
        if self._is_local(request):
            return self.inner.run(request)
        return self.run_array([request])[0]

    # -- batches ------------------------------------------------------------------------------
    def run_array(self, requests: Sequence[RunRequest]) -> list[RunResult]:
        """Submit ``requests`` as one job array (task i runs request i) and wait for all.

        Each task gets the largest of the requests' timeouts as its Slurm time limit; the
        first request's approval token (or the runner's) authorises the submission. When the
        array outlives ``max_wait_s``, it is cancelled and the unfinished
        tasks come back ``timed_out`` (``reason`` CANCELLED); a task Slurm stopped at its own
        limit comes back ``timed_out`` with ``reason`` TIMEOUT."""
        if not requests:
            return []
        token = next((r.approval_token for r in requests if r.approval_token),
                     self.approval_token)
        for r in requests:
            d = self.check(r.argv, approval_token=r.approval_token or token)
            if not d.allowed:
                return [RunResult(x.argv, False, d.rule, d.reason) for x in requests]
        tag = uuid.uuid4().hex[:8]
        self.jobdir.mkdir(parents=True, exist_ok=True)
        script = self._write_script(tag, requests)
        out = self.jobdir / f"job-{tag}-%a.out"
        err = self.jobdir / f"job-{tag}-%a.err"
        timeout = max(r.timeout_s or self.default_timeout_s for r in requests)
        limit = max(60, math.ceil(timeout))
        argv = ("sbatch", "--parsable", f"--array=0-{len(requests) - 1}",
                f"--time={limit // 60}:{limit % 60:02d}", f"--job-name=perfscout-{tag}",
                f"--output={out}", f"--error={err}", *self.sbatch_args, str(script))
        sub = self.inner.run(RunRequest(argv, purpose=f"slurm:submit:{requests[0].purpose}",
                                        approval_token=token, timeout_s=60))
        if not sub.ok:
            reason = sub.reason or sub.stderr.strip()[:200]
            return [RunResult(r.argv, sub.allowed, sub.rule, f"sbatch failed: {reason}",
                              exit_code=sub.exit_code) for r in requests]
        job = sub.stdout.strip().split(";")[0]
        budget = self.max_wait_s if self.max_wait_s is not None else limit * len(requests) + 60
        seen, timed_out = self._wait(job, len(requests), budget, token)
        missing = [i for i in range(len(requests)) if not (i in seen and seen[i].final)]
        if missing:
            seen.update(self._accounting(job, {i: seen[i] for i in missing if i in seen},
                                         missing))
        return [self._result(r, i, job, seen.get(i), tag, sub.rule, timed_out)
                for i, r in enumerate(requests)]

    # -- internals ----------------------------------------------------------------------------
    def _is_local(self, request: RunRequest) -> bool:
        return any(request.purpose.startswith(p) for p in self.local_purposes)

    def _env(self, request: RunRequest) -> dict[str, str]:
        if isinstance(self.inner, LocalRunner):  # the same filter a local run applies
            return build_env(self.inner.policy.env, {}, request.env)[0]
        return dict(request.env)

    def _write_script(self, tag: str, requests: Sequence[RunRequest]) -> Path:
        rc = shlex.quote(str(self.jobdir / f"job-{tag}-"))
        lines = ["#!/bin/bash", "t0=$(date +%s.%N)", 'task="${SLURM_ARRAY_TASK_ID:-0}"',
                 'case "$task" in']
        for i, r in enumerate(requests):
            cwd = Path(r.cwd) if r.cwd else self.workspace
            if not cwd.is_absolute():
                cwd = self.workspace / cwd
            env = " ".join(f"{k}={shlex.quote(v)}" for k, v in sorted(self._env(r).items()))
            lines.append(f"  {i}) cd {shlex.quote(str(cwd))} && "
                         f"{'env ' + env + ' ' if env else ''}{shlex.join(r.argv)} ;;")
        lines += ["  *) false ;;", "esac", "rc=$?",
                  f'printf "%s %s %s\\n" "$rc" "$t0" "$(date +%s.%N)" > {rc}"$task.rc.tmp"',
                  f'mv {rc}"$task.rc.tmp" {rc}"$task.rc"', 'exit "$rc"', ""]
        script = self.jobdir / f"job-{tag}.sh"
        return write_atomic(script, "\n".join(lines), mode=0o755)

    def _show(self, job: str) -> tuple[bool, dict[int, TaskState]]:
        """(the scheduler still knows the job, task states) from ``scontrol show job``."""
        q = self.inner.run(RunRequest(("scontrol", "-o", "show", "job", job),
                                      purpose="slurm:poll", timeout_s=30))
        if not q.ok:
            return "Invalid job id" not in (q.stderr + q.stdout), {}
        return True, parse_scontrol_jobs(q.stdout)

    def _wait(self, job: str, n: int, budget_s: float, token: str | None
              ) -> tuple[dict[int, TaskState], bool]:
        """Poll until every task is final (or the job is gone); cancel after ``budget_s``."""
        seen: dict[int, TaskState] = {}
        deadline = time.monotonic() + budget_s
        while time.monotonic() < deadline:
            known, states = self._show(job)
            seen.update(states)
            if not known or (len(seen) >= n and all(s.final for s in seen.values())):
                return seen, False
            self._sleep(self.poll_s)
        self.inner.run(RunRequest(("scancel", job), purpose="slurm:cancel-on-timeout",
                                  approval_token=token, timeout_s=30))
        for _ in range(30):  # let the cancelled tasks reach their final state
            known, states = self._show(job)
            seen.update(states)
            if not known or all(s.final for s in seen.values()):
                break
            self._sleep(self.poll_s)
        return seen, True

    def _accounting(self, job: str, partial: dict[int, TaskState],
                    missing: list[int]) -> dict[int, TaskState]:
        """Final states of ``missing`` tasks from slurmdbd, then from the jobcomp file."""
        found: dict[int, TaskState] = {}
        res = self._sacct((f"--jobs={job}",))
        for jid, st in res.items():
            arr, _, task = jid.partition("_")
            if arr == job and task.isdigit() and int(task) in missing:
                found[int(task)] = replace(st, task=int(task))
        ids = {s.job_id: i for i, s in partial.items() if i not in found}
        if ids:
            for _ in range(6):  # the jobcomp record lands a moment after the task ends
                rows = self._sacct(("-c", f"--jobs={','.join(ids)}"))
                for jid, st in rows.items():
                    if jid in ids and st.final:
                        found[ids[jid]] = replace(st, task=ids[jid])
                if all(i in found for i in ids.values()):
                    break
                self._sleep(0.5)
        return found

    def _sacct(self, extra: tuple[str, ...]) -> dict[str, TaskState]:
        res = self.inner.run(RunRequest(
            ("sacct", "--parsable2", "-n", f"--format={SACCT_FORMAT}", *extra),
            purpose="slurm:sacct", timeout_s=30))
        if not res.ok:
            return {}
        out: dict[str, TaskState] = {}
        for ln in res.stdout.splitlines():
            r = ln.split("|")
            if len(r) >= 4 and r[0] and "." not in r[0] and r[1]:
                out[r[0]] = TaskState(0, r[0], r[1].split()[0], r[2], slurm_duration(r[3]))
        return out

    def _result(self, r: RunRequest, i: int, job: str, st: TaskState | None, tag: str,
                rule: str, cancelled: bool) -> RunResult:
        base = self.jobdir / f"job-{tag}-{i}"
        so, se, rcf = (base.with_suffix(s) for s in (".out", ".err", ".rc"))
        code = sig = None
        duration = st.elapsed_s if st else 0.0
        rc_text = rcf.read_text().split() if rcf.is_file() else []
        if rc_text and rc_text[0].isdigit():
            status = int(rc_text[0])
            code, sig = (None, status - 128) if 128 < status <= 192 else (status, None)
            with contextlib.suppress(IndexError, ValueError):
                duration = float(rc_text[2]) - float(rc_text[1])
        elif st is not None:
            code, sig = _exit_status(st.exit_code)
        state = st.state if st else ("" if not rc_text else "COMPLETED" if code == 0
                                     else "FAILED")
        if state and state != "COMPLETED" and code == 0:
            code = None  # the scheduler ended it after the command returned: not a success
        # cancelled by this runner: whatever had not ended on its own ran out of time
        timed_out = state == "TIMEOUT" or (cancelled and state not in ("COMPLETED", "FAILED"))
        reason = "" if state == "COMPLETED" else (state or "UNKNOWN: no scheduler record")
        return RunResult(
            r.argv, True, rule, reason=reason, exit_code=code, signal=sig, timed_out=timed_out,
            stdout=so.read_text(errors="replace") if so.is_file() else "",
            stderr=se.read_text(errors="replace") if se.is_file() else "",
            duration_s=max(duration, 0.0), job_id=f"{job}_{i}")


def with_token(request: RunRequest, token: str) -> RunRequest:
    """``request`` with an approval token attached (submission needs scope ``sbatch``)."""
    return replace(request, approval_token=token)
