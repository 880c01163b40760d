"""``perfscout triage LOG... | --slurm [--since 24h]``: why did these batch jobs fail."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import typer
from rich.console import Console
from rich.table import Table

from perfscout.cli.output import JSON_HELP, Outcome, execute
from perfscout.config import load_config
from perfscout.model.errors import ExitCode, ToolMissingError, UsageError
from perfscout.model.runs import Runner, RunRequest
from perfscout.sandbox import default_runner
from perfscout.triage import LogReport, parse_sacct, triage_files, triage_text
from perfscout.triage.sacct import SACCT_FIELDS, JobFacts


def _since(text: str) -> str:
    m = re.fullmatch(r"(\d+)([hmd])", text.strip())
    if not m:
        raise UsageError(f"--since {text!r}: expected a duration like 24h, 90m or 7d",
                         "use N followed by m, h or d")
    n, unit = int(m.group(1)), m.group(2)
    return f"now-{n}{ {'h': 'hours', 'm': 'minutes', 'd': 'days'}[unit] }".replace(" ", "")


def _sacct(runner: Runner, since: str) -> list[JobFacts]:
    """Jobs since ``since`` from slurmdbd, or from the jobcomp file (``sacct -c``)."""
    if shutil.which("sacct") is None:
        raise ToolMissingError("sacct is not on PATH", "install slurm-wlm or give log files")
    base = ("sacct", "--parsable2", "-a", f"--starttime={_since(since)}",
            f"--format={','.join(SACCT_FIELDS)}")
    res = runner.run(RunRequest(base, purpose="triage:sacct", timeout_s=60))
    if not res.ok:  # no slurmdbd: the jobcomp file
        res = runner.run(RunRequest((*base, "-c"), purpose="triage:sacct", timeout_s=60))
    if not res.ok:
        why = res.reason if not res.allowed else res.stderr.strip()[:160] or res.reason
        raise ToolMissingError(f"sacct failed: {why}",
                               "is Slurm accounting (slurmdbd or jobcomp) configured?")
    return parse_sacct(res.stdout, "sacct")


def _log_for(runner: Runner, job: JobFacts) -> Path | None:
    """The job's stderr (else stdout) file while the controller still knows the job."""
    if shutil.which("scontrol") is None:
        return None
    res = runner.run(RunRequest(("scontrol", "show", "job", job.job_id),
                                purpose="triage:scontrol", timeout_s=30))
    m = re.search(r"StdErr=(\S+)", res.stdout) or re.search(r"StdOut=(\S+)", res.stdout)
    return Path(m.group(1)) if res.ok and m and Path(m.group(1)).is_file() else None


def _row(r: LogReport) -> dict[str, object]:
    return {"path": r.path, "primary": r.primary, "notes": list(r.notes),
            "job": r.job, "matches": list(r.matches)}


def register(app: typer.Typer) -> None:
    @app.command("triage")
    def triage(
        logs: list[Path] = typer.Argument(None, help="Job log files (.out/.err)."),
        slurm: bool = typer.Option(False, "--slurm", help="Triage failed jobs from sacct."),
        since: str = typer.Option("24h", "--since", help="With --slurm: how far back."),
        as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
    ) -> None:
        """Name the failure of each job log: pattern, severity, evidence line, cause and fix."""

        def run() -> Outcome:
            if not logs and not slurm:
                raise UsageError("nothing to triage", "give LOG files or --slurm")
            reports = triage_files(list(logs or []))
            if slurm:
                runner = default_runner(config=load_config())
                for job in (j for j in _sacct(runner, since) if j.failed):
                    log = _log_for(runner, job)
                    raw = log.read_bytes() if log else b""
                    reports.append(triage_text(raw, str(log or f"job {job.job_id}"), job))
            rows = [_row(r) for r in reports]
            failed = sum(1 for r in reports if r.primary)

            def render(con: Console) -> None:
                t = Table("log", "failure", "severity", "evidence", "fix", title="triage")
                for r in reports:
                    m = r.matches[0] if r.matches else None
                    t.add_row(r.path, r.primary or "-", m.severity if m else "",
                              m.evidence[0] if m else "", m.fix if m else "")
                con.print(t)

            return Outcome(data={"logs": rows, "failed": failed},
                           render=render, exit_code=ExitCode.OK)

        execute("triage", as_json, run)
