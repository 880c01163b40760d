"""``perfscout script sbatch EXPERIMENT``: a Slurm batch script reproducing one variant."""

from __future__ import annotations

import os
from pathlib import Path

import typer

from perfscout.cli.output import JSON_HELP, Outcome, execute, text_or_path, write_out
from perfscout.cli.state import OPTIONS
from perfscout.config import load_config
from perfscout.experiment.store import Store, default_db
from perfscout.export.sbatch import sbatch_script
from perfscout.model.errors import InputError


def register(app: typer.Typer) -> None:
    s_app = typer.Typer(help="Generate batch scripts.", no_args_is_help=True)
    app.add_typer(s_app, name="script")

    @s_app.command("sbatch")
    def sbatch(experiment: str,
               variant: str = typer.Option("", "--variant", help="default: the first variant"),
               out: Path | None = typer.Option(None, "--out", help="write the script here"),
               time_min: int = typer.Option(30, "--time", help="minutes"),
               partition: str = typer.Option("", "--partition"),
               as_json: bool = typer.Option(False, "--json", help=JSON_HELP)) -> None:
        """Print (or write) an sbatch script with the variant's build, environment and binding."""

        def run() -> Outcome:
            cfg = load_config(config_path=OPTIONS.config_path)
            with Store(default_db(cfg.home)) as st:
                exp = st.get(experiment)
            if exp.spec is None:
                raise InputError(f"{exp.id} has no experiment spec this version can read")
            spec = exp.spec
            name = variant or (spec.variants[0].name if spec.variants else "baseline")
            text = sbatch_script(spec, name, cfg.home / "experiments" / exp.id,
                                 cores=os.cpu_count() or 1, time_min=time_min,
                                 partition=partition)
            write_out(out, text)
            return Outcome(data={"experiment": exp.id, "variant": name, "script": text,
                                 "path": str(out) if out else None},
                           render=text_or_path(text, out))

        execute("script sbatch", as_json, run)
