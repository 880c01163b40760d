"""What the scheduler recorded, set against what the log shows.

A job's end state and exit code (``sacct`` or the jobcomp file) either agree with the cause
read from its log or not; a disagreement is named, never hidden: a job that "COMPLETED" with
exit 0 while its ranks ran as MPI singletons, or a job the scheduler marks FAILED whose log
names nothing.
"""

from __future__ import annotations

import signal

from perfscout.triage.sacct import JobFacts

# the signal each cause is expected to end a process with, when it ends one
EXPECTED_SIGNAL = {"segfault": {11, 7}, "abort": {6}, "oom.process": {9, 6}, "oom.cgroup": {9},
                   "stack_overflow": {11, 6}, "runtime.exception": {6}}


def exit_parts(job: JobFacts) -> tuple[int | None, int | None]:
    """(exit code, signal) from Slurm's ``code:signal`` ExitCode; a shell's 128+N is signal N."""
    code_s, _, sig_s = job.exit_code.partition(":")
    code = int(code_s) if code_s.isdigit() else None
    sig = int(sig_s) if sig_s.isdigit() and int(sig_s) else None
    if sig is None and code is not None and 128 < code < 160:
        sig = code - 128
    return code, sig


def describe_exit(job: JobFacts) -> str:
    """``FAILED, exit 139 (signal 11, SIGSEGV)`` for one line of prose."""
    code, sig = exit_parts(job)
    text = f"{job.base_state or '?'}, exit {code if code is not None else job.exit_code}"
    if sig:
        try:
            text += f" (signal {sig}, {signal.Signals(sig).name})"
        except ValueError:
            text += f" (signal {sig})"
    return text


def completed_ok(job: JobFacts | None) -> bool:
    """The scheduler says the job ended normally with exit 0."""
    return job is not None and job.state.startswith("COMPLETED") and \
        exit_parts(job)[0] in (0, None) and exit_parts(job)[1] is None


def agreement(cause: str | None, job: JobFacts | None) -> str:
    """One sentence: does the scheduler's record agree with the cause read from the log?"""
    if job is None:
        return "no scheduler facts for this job (give --sacct FILE or use --slurm)"
    said = f"sacct: job {job.job_id} {describe_exit(job)}"
    if cause is None:
        if completed_ok(job):
            return f"{said}: agrees (no failure)"
        return f"{said}, but the log names no known cause: not explained"
    if completed_ok(job):
        return f"{said}, but the log shows {cause}: disagreement (the job did not do its work)"
    _, sig = exit_parts(job)
    want = EXPECTED_SIGNAL.get(cause)
    if sig and want and sig not in want:
        return f"{said}: the signal is not the one {cause} usually ends with: check"
    return f"{said}: agrees with {cause}"
