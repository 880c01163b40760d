"""``perfscout triage LOG... [--sacct FILE] | --slurm [--since 24h] [--summary-dir DIR]``: why
did these batch jobs fail (or why they did not)."""

from __future__ import annotations

import datetime as dt
import json
import re
import shutil
from pathlib import Path

import typer
from rich.console import Console
from rich.table import Table

from perfscout.cli.output import JSON_HELP, Outcome, execute
from perfscout.config import load_config
from perfscout.files import write_atomic
from perfscout.model.errors import (
    ExitCode,
    InputError,
    NotFoundError,
    ToolMissingError,
    UsageError,
)
from perfscout.model.runs import Runner, RunRequest
from perfscout.sandbox import default_runner
from perfscout.triage import LogReport, parse_sacct, triage_files, triage_text
from perfscout.triage.classify import FAILED
from perfscout.triage.nightly import SUMMARY_NAME, render_markdown, summarize
from perfscout.triage.sacct import SACCT_FIELDS, JobFacts, ended_within


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


def _read_log(path: Path) -> bytes | None:
    """A job's log, or None when it cannot be read (the job is then judged from its record:
    one unreadable log must not stop the nightly run)."""
    try:
        return path.read_bytes()
    except OSError:
        return None


def _jobs_file(path: Path) -> dict[str, JobFacts]:
    """Accounting facts by job id from a ``sacct --parsable2`` file (or pipe)."""
    if not path.exists() or path.is_dir():
        raise NotFoundError(f"{path}: no such sacct file",
                            "write one with sacct --parsable2 -o JobID,State,ExitCode,...")
    try:
        text = path.read_text(errors="replace")
    except OSError as exc:
        raise InputError(f"{path}: cannot read: {exc.strerror}", "check permissions") from exc
    return {j.job_id: j for j in parse_sacct(text, str(path))}


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


def _row(r: LogReport) -> dict[str, object]:
    return {"path": r.path, "primary": r.primary, "verdict": r.verdict, "why": r.why,
            "scheduler": r.scheduler, "notes": list(r.notes), "job": r.job,
            "matches": list(r.matches), "dismissed": list(r.dismissed)}


def register(app: typer.Typer) -> None:
    @app.command("triage")
    def triage(
        logs: list[Path] = typer.Argument(None, help="Job log files (.out/.err)."),
        slurm: bool = typer.Option(False, "--slurm", help="Triage the jobs sacct knows."),
        since: str = typer.Option("24h", "--since", help="With --slurm: how far back."),
        sacct_file: Path = typer.Option(
            None, "--sacct", help="sacct --parsable2 output to join with LOG files by job id."),
        summary_dir: Path = typer.Option(
            None, "--summary-dir",
            help=f"Write {SUMMARY_NAME}.md and .json (failed jobs grouped by cause) here."),
        as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
    ) -> None:
        """Name the failure of each job log (cause, evidence line, fix) or say why it did not
        fail; --slurm --since 24h --summary-dir DIR is the nightly form (exit 0 unless triage
        itself failed)."""

        def run() -> Outcome:
            if not logs and not slurm:
                raise UsageError("nothing to triage", "give LOG files or --slurm")
            jobs = _jobs_file(sacct_file) if sacct_file else None
            reports = triage_files(list(logs or []), jobs)
            shown = list(reports)
            missing: list[str] = []
            if slurm:
                runner = default_runner(config=load_config())
                for job in (j for j in _sacct(runner, since) if j.ended):
                    log = _log_for(runner, job)
                    raw = _read_log(log) if log else None
                    if raw is None:
                        missing.append(job.job_id)
                    rep = triage_text(raw or b"", str(log or f"job {job.job_id}"), job)
                    reports.append(rep)
                    if rep.verdict == FAILED:
                        shown.append(rep)
            now = dt.datetime.now(dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
            summary = summarize(reports, since if slurm else None, now, missing)
            data: dict[str, object] = {
                "logs": [_row(r) for r in shown],
                "failed": sum(1 for r in reports if r.verdict == FAILED),
                "no_failure": sum(1 for r in reports if r.verdict != FAILED),
                "summary": summary}
            files = _write_summary(summary_dir, summary) if summary_dir is not None else []
            if files:
                data["summary_files"] = files

            def render(con: Console) -> None:
                t = Table("log", "verdict", "cause", "evidence", "fix", title="triage")
                for r in shown:
                    m = r.matches[0] if r.matches else None
                    t.add_row(r.path, r.verdict, r.primary or "-",
                              m.evidence[0] if m else r.why, m.fix if m else "")
                con.print(t)
                if files:
                    con.print(f"summary: {', '.join(files)}")

            return Outcome(data=data, render=render, exit_code=ExitCode.OK)

        execute("triage", as_json, run)
