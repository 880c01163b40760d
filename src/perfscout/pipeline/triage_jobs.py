"""Triage as one call: the given job logs (joined with a sacct file by job id) and, with
``slurm``, every ended job the scheduler knows since a time; the failed ones grouped in the
nightly summary (written to a folder when asked).

``perfscout triage`` parses its options, calls :func:`triage_jobs` and renders the result; the
runner the scheduler's commands go through is passed in.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
import re
import shutil
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from perfscout.files import read_user_bytes, write_atomic
from perfscout.model.clock import utc_now
from perfscout.model.errors import InputError, NotFoundError, ToolMissingError, UsageError
from perfscout.model.runs import Runner, RunRequest
from perfscout.triage import LogReport, parse_sacct, triage_files, triage_text
from perfscout.triage.classify import FAILED, read_log
from perfscout.triage.nightly import SUMMARY_NAME, render_markdown, summarize
from perfscout.triage.sacct import SACCT_FIELDS, JobFacts, ended_within


@dataclass(frozen=True)
class TriageRun:
    """Every report, the ones to show (each given log, the failed scheduler jobs), the job ids
    whose log could not be read, the nightly summary and the summary files written."""

    reports: list[LogReport]
    shown: list[LogReport]
    missing: list[str]
    summary: dict[str, Any]
    summary_files: list[str] = field(default_factory=list)


def triage_jobs(logs: list[Path], sacct_file: Path | None, slurm: bool, since: str,
                runner: Callable[[], Runner], summary_dir: Path | None) -> TriageRun:
    """Triage ``logs`` (and with ``slurm`` the scheduler's ended jobs since ``since``);
    ``runner`` gives the runner the scheduler's commands use, asked only with ``slurm``."""
    if not logs and not slurm:
        raise UsageError("nothing to triage", "give LOG files or --slurm")
    jobs = _jobs_file(sacct_file) if sacct_file else None
    reports = triage_files(list(logs), jobs)
    shown = list(reports)
    missing: list[str] = []
    if slurm:
        r = runner()
        for job in (j for j in _sacct(r, since) if j.ended):
            log = _log_for(r, job)
            raw, why = job_log(log) if log else (None, "")
            if raw is None:
                missing.append(job.job_id)
            rep = triage_text(raw or b"", str(log or f"job {job.job_id}"), job)
            if why:
                rep = dataclasses.replace(rep, notes=(*rep.notes, why))
            reports.append(rep)
            if rep.verdict == FAILED:
                shown.append(rep)
    summary = summarize(reports, since if slurm else None, utc_now(), missing)
    files = _write_summary(summary_dir, summary) if summary_dir is not None else []
    return TriageRun(reports, shown, missing, summary, files)


def _since(text: str) -> dt.timedelta:
    m = re.fullmatch(r"(\d+)([hmd])", text.strip())
    if not m:
        raise UsageError(f"--since {text!r}: expected a duration like 24h, 90m or 7d",
                         "use N followed by m, h or d")
    n, unit = int(m.group(1)), m.group(2)
    unit_name = {"h": "hours", "m": "minutes", "d": "days"}[unit]
    return dt.timedelta(**{unit_name: n})


def _sacct(runner: Runner, since: str) -> list[JobFacts]:
    """Jobs since ``since`` from slurmdbd, or from the jobcomp file (``sacct -c``)."""
    if shutil.which("sacct") is None:
        raise ToolMissingError("sacct is not on PATH", "install slurm-wlm or give log files")
    window = _since(since)
    start = (dt.datetime.now() - window).strftime("%Y-%m-%dT%H:%M:%S")
    base = ("sacct", "--parsable2", "-a", f"--starttime={start}",
            f"--format={','.join(SACCT_FIELDS)}")
    res = runner.run(RunRequest(base, purpose="triage:sacct", timeout_s=60))
    if not res.ok:  # no slurmdbd: the jobcomp file
        res = runner.run(RunRequest((*base, "-c"), purpose="triage:sacct", timeout_s=60))
    if not res.ok:
        why = res.reason if not res.allowed else res.stderr.strip()[:160] or res.reason
        raise ToolMissingError(f"sacct failed: {why}",
                               "is Slurm accounting (slurmdbd or jobcomp) configured?")
    # sacct -c ignores --starttime: the window is applied here as well
    return ended_within(parse_sacct(res.stdout, "sacct"), window)


def _log_for(runner: Runner, job: JobFacts) -> Path | None:
    """The job's log: the default ``slurm-ID.out`` in its working directory, else the
    StdErr (then StdOut) the controller names while it still knows the job."""
    if job.work_dir and (default := Path(job.work_dir) / f"slurm-{job.job_id}.out").is_file():
        return default
    if shutil.which("scontrol") is None:
        return None
    res = runner.run(RunRequest(("scontrol", "show", "job", job.job_id),
                                purpose="triage:scontrol", timeout_s=30))
    m = re.search(r"StdErr=(\S+)", res.stdout) or re.search(r"StdOut=(\S+)", res.stdout)
    return Path(m.group(1)) if res.ok and m and Path(m.group(1)).is_file() else None


def job_log(path: Path) -> tuple[bytes | None, str]:
    """A scheduler job's log and "", or None and the one line saying why it was not read (too
    large, binary, unreadable): the job is then judged from its record, since one such log
    must not stop the nightly run."""
    try:
        return read_log(path), ""
    except (InputError, NotFoundError) as exc:
        return None, f"log not read: {exc.message}"


def _jobs_file(path: Path) -> dict[str, JobFacts]:
    """Accounting facts by job id from a ``sacct --parsable2`` file, read with the bounded
    reader (its errors are its own); a job name's non-UTF-8 bytes are replaced, not refused."""
    raw = read_user_bytes(path, "sacct", hint="write one with sacct --parsable2 -o "
                          "JobID,State,ExitCode,...")
    return {j.job_id: j for j in parse_sacct(raw.decode(errors="replace"), str(path))}


def _write_summary(out_dir: Path, summary: dict[str, object]) -> list[str]:
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
        md = write_atomic(out_dir / f"{SUMMARY_NAME}.md", render_markdown(summary))
        js = write_atomic(out_dir / f"{SUMMARY_NAME}.json",
                          json.dumps(summary, indent=2, default=str) + "\n")
    except OSError as exc:
        raise InputError(f"{out_dir}: cannot write the summary: {exc.strerror}",
                         "give a writable --summary-dir") from exc
    return [str(md), str(js)]
