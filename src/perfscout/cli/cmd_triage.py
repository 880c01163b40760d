"""``perfscout triage LOG... [--sacct FILE] | --slurm [--since 24h] [--summary-dir DIR]``: why
did these batch jobs fail (or why they did not)."""

from __future__ import annotations

from pathlib import Path

import typer

from perfscout.cli.common import load_cfg
from perfscout.cli.output import JSON_HELP, Outcome, execute


def triage_cmd(
    logs: list[Path] = typer.Argument(None, help="Job log files (.out/.err)."),
    slurm: bool = typer.Option(False, "--slurm", help="Triage the jobs sacct knows."),
    since: str = typer.Option("24h", "--since", help="With --slurm: how far back."),
    sacct_file: Path = typer.Option(
        None, "--sacct", help="sacct --parsable2 output to join with LOG files by job id."),
    summary_dir: Path = typer.Option(
        None, "--summary-dir",
        help="Write the nightly summary here, as .md and .json (failed jobs by cause)."),
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
) -> None:
    """Name the failure of each job log (cause, evidence line, fix) or say why it did not
    fail; --slurm --since 24h --summary-dir DIR is the nightly form (exit 0 unless triage
    itself failed)."""
    execute("triage", as_json, lambda: _triage(logs or [], slurm, since, sacct_file,
                                               summary_dir))


def _triage(logs: list[Path], slurm: bool, since: str, sacct_file: Path | None,
            summary_dir: Path | None) -> Outcome:
    from perfscout.cli.triage_view import TriageData, render
    from perfscout.pipeline.triage_jobs import triage_jobs
    from perfscout.sandbox import default_runner

    t = triage_jobs(logs, sacct_file, slurm, since,
                    lambda: default_runner(config=load_cfg()), summary_dir)
    data = TriageData.of(t)
    return Outcome(data=data, render=lambda con: render(con, t))


def register(app: typer.Typer) -> None:
    app.command("triage")(triage_cmd)
