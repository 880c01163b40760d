"""Scheduler facts from ``sacct --parsable2`` (header line, ``|`` separated)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from perfscout.ingest.slurm_fields import duration_s, mem_kb
from perfscout.model.errors import ParseError

SACCT_FIELDS = ("JobID", "JobName", "State", "ExitCode", "Elapsed", "TotalCPU", "NCPUS",
                "MaxRSS", "ReqMem", "Start", "End", "WorkDir")
NOT_ENDED = ("PENDING", "RUNNING", "REQUEUED", "RESIZING", "SUSPENDED", "CONFIGURING",
             "COMPLETING", "STOPPED", "SIGNALING", "STAGE_OUT")
FAILED_STATES = ("FAILED", "TIMEOUT", "OUT_OF_MEMORY", "NODE_FAIL", "CANCELLED", "PREEMPTED",
                 "BOOT_FAIL", "DEADLINE")
STATE_TO_PATTERN = {"TIMEOUT": "timeout", "OUT_OF_MEMORY": "oom.cgroup", "NODE_FAIL": "node_fail",
                    "PREEMPTED": "preempted", "CANCELLED": "cancelled"}


@dataclass(frozen=True)
class JobFacts:
    """One job (not step) as the scheduler recorded it."""

    job_id: str
    name: str
    state: str
    exit_code: str
    elapsed_s: float | None
    total_cpu_s: float | None
    ncpus: int | None
    max_rss_kb: int | None
    req_mem_kb: int | None
    start: str = ""
    end: str = ""
    work_dir: str = ""

    @property
    def base_state(self) -> str:
        """The state's first word (``CANCELLED by 123`` -> ``CANCELLED``); "" when none."""
        words = self.state.split()
        return words[0] if words else ""

    @property
    def ended(self) -> bool:
        """The job has left the queue (completed, failed, cancelled, ...)."""
        return bool(self.state) and self.base_state not in NOT_ENDED

    @property
    def failed(self) -> bool:
        """A failure state, or a non-zero exit code in any state but COMPLETED (an empty
        state is no failure state: only its exit code can say failed)."""
        return self.base_state in FAILED_STATES or (
            self.exit_code not in ("", "0:0") and self.base_state != "COMPLETED")

    @property
    def cpu_efficiency(self) -> float | None:
        if not self.elapsed_s or not self.ncpus or self.total_cpu_s is None:
            return None
        return self.total_cpu_s / (self.elapsed_s * self.ncpus)

    @property
    def mem_fraction(self) -> float | None:
        if not self.max_rss_kb or not self.req_mem_kb:
            return None
        return self.max_rss_kb / self.req_mem_kb


def parse_sacct(text: str, path: str = "<sacct>") -> list[JobFacts]:
    """Jobs from ``sacct --parsable2 -o ...`` output; steps (``123.batch``) fold their MaxRSS
    into the job. Raises :class:`ParseError` when the header lacks JobID or State."""
    lines = [ln for ln in text.splitlines() if ln.strip()]
    if not lines:
        return []
    header = lines[0].split("|")
    if "JobID" not in header or "State" not in header:
        raise ParseError(path, 1, "a sacct --parsable2 header with JobID and State",
                         lines[0][:60])
    jobs: dict[str, dict[str, str]] = {}
    rss: dict[str, int] = {}
    for ln in lines[1:]:
        row = dict(zip(header, ln.split("|"), strict=False))
        jid = row.get("JobID", "")
        base = jid.split(".")[0]
        r = mem_kb(row.get("MaxRSS", "")) if row.get("MaxRSS") else None
        if r is not None:
            rss[base] = max(rss.get(base, 0), r)
        if "." not in jid:
            jobs[base] = row
    out = []
    for jid, row in jobs.items():
        ncpus = row.get("NCPUS", "")
        out.append(JobFacts(
            job_id=jid, name=row.get("JobName", ""), state=row.get("State", ""),
            exit_code=row.get("ExitCode", ""), elapsed_s=duration_s(row.get("Elapsed", "")),
            total_cpu_s=duration_s(row.get("TotalCPU", "")),
            ncpus=int(ncpus) if ncpus.isdigit() else None,
            max_rss_kb=rss.get(jid), req_mem_kb=mem_kb(row.get("ReqMem", "") or "x"),
            start=row.get("Start", ""), end=row.get("End", ""),
            work_dir=row.get("WorkDir", ""),
        ))
    return out


def _local_time(text: str) -> dt.datetime | None:
    try:
        return dt.datetime.fromisoformat(text.strip())
    except ValueError:  # "Unknown", "None", empty
        return None


def ended_within(jobs: list[JobFacts], window: dt.timedelta,
                 now: dt.datetime | None = None) -> list[JobFacts]:
    """The jobs that ended (or, with no end time, started) within ``window`` before ``now``.

    Needed because ``sacct -c`` (the jobcomp file, when there is no slurmdbd) ignores
    ``--starttime`` and returns every job the file holds, from earlier controllers too. Times are
    the controller's local time, as sacct prints them. A job with neither time is kept: its
    record cannot be placed, and dropping it would hide a failure."""
    cutoff = (now or dt.datetime.now()) - window
    kept = []
    for job in jobs:
        when = _local_time(job.end) or _local_time(job.start)
        if when is None or when >= cutoff:
            kept.append(job)
    return kept
