"""``perfscout script sbatch EXPERIMENT``: a Slurm batch script reproducing one variant."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import typer

from perfscout.cli.common import load_cfg
from perfscout.cli.output import JSON_HELP, Outcome, execute, generated_file


@dataclass(frozen=True)
class SbatchData:
    """``script sbatch --json`` data: the experiment, variant, the script and its path."""

    experiment: str
    variant: str
    script: str
    path: str | None


def sbatch(experiment: str = typer.Argument(..., metavar="EXPERIMENT"),
           variant: str = typer.Option("", "--variant", metavar="NAME",
                                       help="default: the first variant"),
           out: Path | None = typer.Option(None, "--out", metavar="FILE",
                                           help="write the script here"),
           time_min: int = typer.Option(30, "--time", metavar="MINUTES", help="minutes"),
           partition: str = typer.Option("", "--partition", metavar="NAME"),
           as_json: bool = typer.Option(False, "--json", help=JSON_HELP)) -> None:
    """Write an sbatch script with the variant's build, environment and binding.

    Redirected stdout gets the script as is (``> job.sh``); a terminal gets it written under
    the workspace's exports folder."""

    def run() -> Outcome:
        from perfscout.pipeline.exports import sbatch_for_experiment

        cfg = load_cfg()
        s = sbatch_for_experiment(cfg, experiment, variant, time_min, partition)
        path, render = generated_file(s.script, out, cfg.workspace / "exports" /
                                      f"sbatch_{s.experiment}_{s.variant}.sh", as_json)
        return Outcome(data=SbatchData(s.experiment, s.variant, s.script,
                                       str(path) if path else None), render=render)

    execute("script sbatch", as_json, run)


def register(app: typer.Typer) -> None:
    s_app = typer.Typer(help="Generate batch scripts.", no_args_is_help=True)
    app.add_typer(s_app, name="script")
    s_app.command("sbatch")(sbatch)
