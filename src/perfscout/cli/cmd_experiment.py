"""``perfscout experiment run SPEC | show [ID] | compare A B``: measured comparisons."""

from __future__ import annotations

from pathlib import Path

import typer
from rich.console import Console

from perfscout.cli.experiment_view import list_table, progress_bar, show_comparison, show_result
from perfscout.cli.output import JSON_HELP, Outcome, execute, stderr_console
from perfscout.cli.state import OPTIONS
from perfscout.config import Config, load_config
from perfscout.experiment.comparison import compare_stored
from perfscout.experiment.runner import run_experiment
from perfscout.experiment.spec import load_spec
from perfscout.experiment.store import Store, default_db
from perfscout.sandbox.runner import default_runner


def open_store(cfg: Config) -> Store:
    return Store(default_db(cfg.home))


def workspace(cfg: Config) -> Path:
    """Where experiments build and run: ``$PERFSCOUT_HOME/workspace`` (the sandbox root)."""
    w = cfg.home / "workspace"
    w.mkdir(parents=True, exist_ok=True)
    return w


def register(app: typer.Typer) -> None:
    exp = typer.Typer(help="Run, show and compare measured experiments.", no_args_is_help=True)
    app.add_typer(exp, name="experiment")

    @exp.command("run")
    def run_cmd(
        spec_path: Path = typer.Argument(..., help="Experiment spec (YAML)."),
        fresh: bool = typer.Option(False, "--fresh", help="Discard stored samples; start over."),
        as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
    ) -> None:
        """Build the baseline and variants, run them interleaved, judge each variant.

        Re-running the same spec resumes an interrupted experiment (samples are committed one by
        one) or shows the stored result of a finished one."""

        def run() -> Outcome:
            cfg = load_config(config_path=OPTIONS.config_path)
            spec = load_spec(spec_path)
            work = workspace(cfg)
            with open_store(cfg) as store, progress_bar(stderr_console(), not as_json) as prog:
                res = run_experiment(spec, default_runner(work), store, work, cfg_get=cfg.get,
                                     progress=prog, fresh=fresh)

            def render(con: Console) -> None:
                show_result(con, res)
                if res.resumed_samples:
                    con.print(f"resumed: {res.resumed_samples} samples were already stored")
                con.print(f"stored in {default_db(cfg.home)} as {res.id}")

            return Outcome(data={"experiment": res, "db": str(default_db(cfg.home))},
                           render=render)

        execute("experiment run", as_json, run)

    @exp.command("show")
    def show_cmd(
        exp_id: str = typer.Argument(None, help="Experiment id or unique prefix; none: list."),
        as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
    ) -> None:
        """Show one stored experiment (or list them all)."""

        def run() -> Outcome:
            cfg = load_config(config_path=OPTIONS.config_path)
            with open_store(cfg) as store:
                if not exp_id:
                    rows = store.list_experiments()
                    return Outcome(data={"experiments": rows},
                                   render=lambda con: con.print(list_table(rows)))
                exp = store.get(exp_id)
            res = exp.result
            if res is None:
                return Outcome(data={"id": exp.id, "status": exp.status,
                                     "samples": len(exp.samples)},
                               render=lambda con: con.print(
                                   f"experiment {exp.id} is {exp.status}: {len(exp.samples)} "
                                   "samples stored; re-run its spec to resume it"))
            return Outcome(data={"experiment": res, "samples": list(exp.samples)},
                           render=lambda con: show_result(con, res))

        execute("experiment show", as_json, run)

    @exp.command("compare")
    def compare_cmd(
        a: str = typer.Argument(..., help="ID[:VARIANT] (default variant: baseline)."),
        b: str = typer.Argument(..., help="ID[:VARIANT] judged against A."),
        as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
    ) -> None:
        """Judge B against A from stored samples (the same judge as a run: correctness, size,
        machine state, too good to be true, and the margin of A's spec)."""

        def run() -> Outcome:
            cfg = load_config(config_path=OPTIONS.config_path)
            with open_store(cfg) as store:
                c = compare_stored(store, a, b)

            return Outcome(data=c, render=lambda con: show_comparison(con, c))

        execute("experiment compare", as_json, run)
