"""Read a job log like a person and name one cause, with its evidence line(s).

Order of reading: the lines as a terminal would show them (logtext), Python tracebacks as whole
reports (tracebacks), the rank/size lines of MPI processes (launcher), then the pattern table.
One cause per job: the lowest pattern tier wins, then a cause the scheduler's own lines state,
then the one nearest the log's tail. The scheduler's record (sacct/jobcomp) decides between
"failed" and "no failure": a job that exited 0 keeps only causes that are failures even then
(patterns marked ``silent``); the rest is text the job survived, reported with the reason.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from perfscout.files import read_user_bytes
from perfscout.model.errors import InputError
from perfscout.triage import launcher, tracebacks
from perfscout.triage.logtext import LineIndex, clean_lines, looks_binary
from perfscout.triage.patterns import BY_ID, PATTERNS
from perfscout.triage.sacct import STATE_TO_PATTERN, JobFacts
from perfscout.triage.verdict import agreement, completed_ok, describe_exit

MAX_EVIDENCE = 3
FAILED = "failed"
NO_FAILURE = "no failure"
SCHEDULER_LINE = re.compile(r"^\s*(?:\[[^\]]*\]\s*)?(?:slurmstepd(?:-[\w.-]+)?|srun|salloc|sbatch)"
                            r": |slurm_script: line \d+:|^\s*\S*mpirun(?:\.\w+)? noticed")
# a launcher or shell reporting that a process was killed: the outcome, not a cause stated
KILL_REPORT = re.compile(r"(?:srun|slurmstepd)\S*: error: .*: tasks? [\d,-]+: Killed|"
                         r"slurm_script: line \d+: +\d+ Killed|^\s*Killed\s*$")


@dataclass(frozen=True)
class Match:
    """One cause found in one log, with up to three evidence lines (file:line: text)."""

    id: str
    severity: str
    cause: str
    fix: str
    evidence: tuple[str, ...]
    count: int
    detail: str = ""


@dataclass(frozen=True)
class LogReport:
    """Triage of one log: the verdict, the cause first among ``matches`` (a failure) or the
    scary lines the job survived in ``dismissed`` (no failure), and why."""

    path: str
    matches: tuple[Match, ...]
    job: JobFacts | None = None
    notes: tuple[str, ...] = field(default=())
    verdict: str = FAILED
    why: str = ""
    scheduler: str = ""
    dismissed: tuple[Match, ...] = field(default=())

    @property
    def primary(self) -> str | None:
        return self.matches[0].id if self.matches else None


@dataclass
class _Cand:
    id: str
    lines: list[tuple[int, str, int]]  # (line number, text, regex rank)
    detail: str = ""
    count: int = 0

    def key(self) -> tuple[int, int, int]:
        """Tier (one weaker when every line only reports a kill), the scheduler's lines, the
        tail."""
        sched = any(SCHEDULER_LINE.search(t) for _, t, _ in self.lines)
        tier = BY_ID[self.id].tier + all(KILL_REPORT.search(t) for _, t, _ in self.lines)
        return (tier, 0 if sched else 1, -max(no for no, _, _ in self.lines))


def _best_lines(c: _Cand) -> list[tuple[int, str, int]]:
    """Most telling regex first, then the scheduler's lines, then file order."""
    return sorted(c.lines, key=lambda x: (x[2], 0 if SCHEDULER_LINE.search(x[1]) else 1, x[0]))


def _traceback_cands(lines: list[tuple[int, str]]) -> tuple[list[_Cand], set[int]]:
    cands: dict[str, _Cand] = {}
    inside: set[int] = set()
    for tb in tracebacks.find(lines):
        inside.update(range(tb.start, tb.end + 1))
        text = tb.exception[1]
        pid = next((p.id for p in PATTERNS if p.id != "python.traceback" and p.search(text)),
                   "python.traceback")
        ev = [(tb.exception[0], text, -2)]
        if tb.user_frame:
            ev.append((tb.user_frame[0], tb.user_frame[1], -1))
        frame = tracebacks.FRAME.match(" " + tb.user_frame[1]) if tb.user_frame else None
        where = (f" in {frame.group(3)} ({Path(frame.group(1)).name}:{frame.group(2)})"
                 if frame else "")
        c = _Cand(pid, ev, f"{tb.exc_type}{where}", 1)
        prev = cands.get(pid)
        if prev is not None:
            c.count += prev.count
        cands[pid] = c  # the last traceback of a kind speaks for it
    return list(cands.values()), inside


def _candidates(lines: list[tuple[int, str]], job: JobFacts | None) -> list[_Cand]:
    cands, inside = _traceback_cands(lines)
    by_id = {c.id: c for c in cands}
    text = LineIndex(lines)
    for p in PATTERNS:
        best: dict[int, int] = {}  # line index -> most telling regex rank
        for r, (rx, kw) in enumerate(zip(p.compiled, p.keywords, strict=True)):
            if kw is not None and kw not in text.lower:
                continue
            for idx in text.hits(rx):
                if idx not in inside and idx not in best:
                    best[idx] = r
        if not best:
            continue
        c = by_id.get(p.id)
        if c is None:
            c = by_id[p.id] = _Cand(p.id, [])
            cands.append(c)
        c.lines.extend((lines[i][0], lines[i][1].strip(), r) for i, r in sorted(best.items()))
        c.count += len(best)
    alone = launcher.singletons(text, job.ncpus if job else None)
    if alone:
        c = by_id.get("mpi.launcher") or _Cand("mpi.launcher", [])
        c.lines.extend((no, t, -1) for no, t in alone)
        c.count += len(alone)
        c.detail = f"{len(alone)} processes each report a world of 1 (MPI singletons)"
        if "mpi.launcher" not in by_id:
            cands.append(c)
            by_id[c.id] = c
    return cands


# the causes that end a job by cancelling it: where one is read (in the log or the scheduler's
# record), the cancel is that cause, not a plain one
CANCELLING = frozenset({"timeout", "node_fail", "preempted"})


def _without_plain_cancel(cands: list[_Cand]) -> list[_Cand]:
    """``cands`` without ``cancelled`` when a time limit, node failure or preemption is among
    them: decided once, over the log's causes and the scheduler's together."""
    if CANCELLING & {c.id for c in cands}:
        return [c for c in cands if c.id != "cancelled"]
    return cands


def _match(c: _Cand, path: str) -> Match:
    p = BY_ID[c.id]
    ev = tuple(f"{path}:{no}: {text[:200]}" if no else text
               for no, text, _ in _best_lines(c)[:MAX_EVIDENCE])
    return Match(c.id, p.severity, p.cause, p.fix, ev, c.count, c.detail)


def _scheduler_cand(job: JobFacts) -> _Cand | None:
    sid = STATE_TO_PATTERN.get(job.base_state)
    if sid is None:
        return None
    return _Cand(sid, [(0, f"sacct: job {job.job_id} State={job.state} "
                           f"ExitCode={job.exit_code}", 0)], count=1)


def _unexplained(job: JobFacts, lines: list[tuple[int, str]], path: str) -> Match:
    """No known cause: the scheduler's record, and the program's last words (the last line
    that is not the scheduler's), which is where a person looks next."""
    cause = ("the job failed but its log names no known cause" if lines else
             "the job failed and its log is empty or was not found: only the scheduler's "
             "record speaks")
    last = next(((no, t.strip()) for no, t in reversed(lines)
                 if not SCHEDULER_LINE.search(t)), None)
    ev = ((f"{path}:{last[0]}: {last[1][:200]}",) if last else ()) + (
        f"sacct: job {job.job_id} {describe_exit(job)}",)
    return Match("unexplained", "error", cause,
                 "read the end of the log and the job's stderr; rerun with more output", ev, 1)


def triage_text(raw: bytes, path: str = "<log>", job: JobFacts | None = None) -> LogReport:
    """Classify one log's bytes; ``job`` (from sacct/jobcomp) decides failed vs no failure and
    is set against the cause."""
    lines = clean_lines(raw)
    cands = _candidates(lines, job)
    sc = _scheduler_cand(job) if job is not None else None
    if sc is not None and sc.id not in {c.id for c in cands}:
        cands.append(sc)
    cands = _without_plain_cancel(cands)
    cands.sort(key=_Cand.key)
    notes = _notes(job)
    if completed_ok(job):
        silent = [c for c in cands if BY_ID[c.id].silent]
        if not silent:
            dismissed = tuple(_match(c, path) for c in cands)
            why = f"sacct: job {job.job_id} {describe_exit(job)}" if job else ""
            if cands:
                why += ("; the job went on and ended normally after what looked like a "
                        "failure: " + ", ".join(f"{c.id} at line {_best_lines(c)[0][0]}"
                                                for c in cands[:3]))
            return LogReport(path, (), job, notes, NO_FAILURE, why,
                             agreement(None, job), dismissed)
        cands = silent
    if not cands:
        if job is not None and job.failed:
            m = _unexplained(job, lines, path)
            return LogReport(path, (m,), job, notes, FAILED, m.cause, agreement(None, job))
        why = "no failure pattern in the log" + ("" if job else "; no scheduler facts")
        return LogReport(path, (), job, notes, NO_FAILURE, why, agreement(None, job))
    matches = tuple(_match(c, path) for c in cands)
    why = matches[0].cause + (f" ({matches[0].detail})" if matches[0].detail else "")
    return LogReport(path, matches, job, notes, FAILED, why, agreement(matches[0].id, job))


def _notes(job: JobFacts | None) -> tuple[str, ...]:
    notes: list[str] = []
    if job is not None:
        if job.mem_fraction is not None:
            notes.append(f"MaxRSS {job.max_rss_kb} KiB = {job.mem_fraction:.0%} of requested "
                         f"{job.req_mem_kb} KiB")
        if job.cpu_efficiency is not None:
            notes.append(f"CPU efficiency {job.cpu_efficiency:.0%} over {job.elapsed_s:.0f} s "
                         f"on {job.ncpus} CPUs")
    return tuple(notes)


def read_log(path: Path) -> bytes:
    """A job log's bytes, read with the bounded reader: a missing log is NotFoundError; a log
    over :data:`~perfscout.files.MAX_TEXT_BYTES`, a directory or binary data is InputError
    (one line each, never the whole file in memory)."""
    raw = read_user_bytes(path, "job log", hint="give the path of a job's .out/.err; for a "
                          "huge log, its end: tail -c 8M LOG > end.out")
    if looks_binary(raw):
        raise InputError(f"job log file {path} holds binary data, not text",
                         hint="give the path of a job's .out/.err")
    return raw


def triage_files(paths: list[Path], jobs: dict[str, JobFacts] | None = None) -> list[LogReport]:
    """Triage each log file (read by :func:`read_log`); a job id in the name (slurm-123.out)
    joins it with ``jobs``."""
    out = []
    for p in paths:
        raw = read_log(p)
        job = None
        if jobs:
            m = re.search(r"(\d+)", p.name)
            job = jobs.get(m.group(1)) if m else None
        out.append(triage_text(raw, str(p), job))
    return out
