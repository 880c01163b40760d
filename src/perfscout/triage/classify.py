"""Match cleaned log lines against the pattern table and name each log's primary failure."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from perfscout.model.errors import InputError, NotFoundError
from perfscout.triage.logtext import clean_lines
from perfscout.triage.patterns import PATTERNS, SEVERITY_RANK, Pattern
from perfscout.triage.sacct import STATE_TO_PATTERN, JobFacts

MAX_EVIDENCE = 3


@dataclass(frozen=True)
class Match:
    """One pattern that fired in one log, with up to three evidence lines (file:line: text)."""

    id: str
    severity: str
    cause: str
    fix: str
    evidence: tuple[str, ...]
    count: int


@dataclass(frozen=True)
class LogReport:
    """Triage of one log: every pattern that fired, the primary one first."""

    path: str
    matches: tuple[Match, ...]
    job: JobFacts | None = None
    notes: tuple[str, ...] = field(default=())

    @property
    def primary(self) -> str | None:
        return self.matches[0].id if self.matches else None


def _rank(p: Pattern, first_line: int) -> tuple[int, int]:
    return (-SEVERITY_RANK.get(p.severity, 0), first_line)


def triage_text(raw: bytes, path: str = "<log>", job: JobFacts | None = None) -> LogReport:
    """Classify one log's bytes; ``job`` (from sacct) adds scheduler facts and notes."""
    hits: dict[str, list[tuple[int, str]]] = {}
    for no, line in clean_lines(raw):
        for p in PATTERNS:
            if p.search(line):
                hits.setdefault(p.id, []).append((no, line))
    by_id = {p.id: p for p in PATTERNS}
    if job is not None:
        sid = STATE_TO_PATTERN.get(job.state.split()[0])
        if sid and sid not in hits:
            hits[sid] = [(0, f"sacct: job {job.job_id} State={job.state} "
                             f"ExitCode={job.exit_code}")]
    # a time-limit/node-failure cancel is not a plain cancel
    if "cancelled" in hits and ({"timeout", "node_fail", "preempted"} & hits.keys()):
        del hits["cancelled"]
    ordered = sorted(hits.items(), key=lambda kv: _rank(by_id[kv[0]], kv[1][0][0]))
    matches = tuple(
        Match(pid, by_id[pid].severity, by_id[pid].cause, by_id[pid].fix,
              tuple(f"{path}:{no}: {text[:200]}" if no else text for no, text in
                    lines[:MAX_EVIDENCE]), len(lines))
        for pid, lines in ordered)
    notes: list[str] = []
    if job is not None:
        if job.mem_fraction is not None:
            notes.append(f"MaxRSS {job.max_rss_kb} KiB = {job.mem_fraction:.0%} of requested "
                         f"{job.req_mem_kb} KiB")
        if job.cpu_efficiency is not None:
            notes.append(f"CPU efficiency {job.cpu_efficiency:.0%} over {job.elapsed_s:.0f} s "
                         f"on {job.ncpus} CPUs")
    return LogReport(path, matches, job, tuple(notes))


def triage_files(paths: list[Path], jobs: dict[str, JobFacts] | None = None) -> list[LogReport]:
    """Triage each log file; a job id in the name (slurm-123.out) joins it with ``jobs``."""
    import re

    out = []
    for p in paths:
        if not p.is_file():
            raise NotFoundError(f"{p}: no such log file", "give the path of a job's .out/.err")
        try:
            raw = p.read_bytes()
        except OSError as exc:
            raise InputError(f"{p}: cannot read: {exc.strerror}", "check permissions") from exc
        job = None
        if jobs:
            m = re.search(r"(\d+)", p.name)
            job = jobs.get(m.group(1)) if m else None
        out.append(triage_text(raw, str(p), job))
    return out
