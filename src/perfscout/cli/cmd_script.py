"""``perfscout script sbatch EXPERIMENT``: a Slurm batch script reproducing one variant."""

from __future__ import annotations

import os
from pathlib import Path

import typer

from perfscout.cli.output import JSON_HELP, Outcome, execute, generated_file
from perfscout.cli.state import OPTIONS
from perfscout.config import load_config
from perfscout.experiment.store import Store, default_db
from perfscout.export.sbatch import sbatch_script
from perfscout.model.errors import InputError


def register(app: typer.Typer) -> None:
    s_app = typer.Typer(help="Generate batch scripts.", no_args_is_help=True)
    app.add_typer(s_app, name="script")

    @s_app.command("sbatch")
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
            cfg = load_config(config_path=OPTIONS.config_path)
            with Store(default_db(cfg.home)) as st:
                exp = st.get(experiment)
            if exp.spec is None:
                raise InputError(f"{exp.id} has no experiment spec this version can read")
            spec = exp.spec
            name = variant or (spec.variants[0].name if spec.variants else "baseline")
            text = sbatch_script(spec, name, cfg.workspace / "experiments" / exp.id,
                                 cores=os.cpu_count() or 1, time_min=time_min,
                                 partition=partition)
            path, render = generated_file(text, out, cfg.workspace / "exports" /
                                          f"sbatch_{exp.id}_{name}.sh", as_json)
            return Outcome(data={"experiment": exp.id, "variant": name, "script": text,
                                 "path": str(path) if path else None}, render=render)

        execute("script sbatch", as_json, run)
