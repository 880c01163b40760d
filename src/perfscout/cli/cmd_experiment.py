"""``perfscout experiment run SPEC | show [ID] | compare A B``: measured comparisons."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import typer

from perfscout.cli.common import load_cfg, open_store, workspace
from perfscout.cli.output import JSON_HELP, Outcome, execute, stderr_console

if TYPE_CHECKING:
    from rich.console import Console


def run_cmd(
    spec_path: Path = typer.Argument(..., help="Experiment spec (YAML)."),
    fresh: bool = typer.Option(False, "--fresh", help="Discard stored samples; start over."),
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
) -> None:
    """Build the baseline and variants, run them interleaved, judge each variant.

    Re-running the same spec resumes an interrupted experiment (samples are committed one by
    one) or shows the stored result of a finished one."""

    def run() -> Outcome:
        from perfscout.cli.experiment_view import RunData, progress_bar, show_result
        from perfscout.experiment.runner import run_experiment
        from perfscout.experiment.spec import load_spec
        from perfscout.experiment.store import default_db
        from perfscout.sandbox.runner import default_runner

        cfg = load_cfg()
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

        return Outcome(data=RunData(res, str(default_db(cfg.home))), render=render)

    execute("experiment run", as_json, run)


def show_cmd(
    exp_id: str = typer.Argument(None, help="Experiment id or unique prefix; none: list."),
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
) -> None:
    """Show one stored experiment (or list them all)."""

    def run() -> Outcome:
        from perfscout.cli.experiment_view import (
            ListedData,
            ShownData,
            UnfinishedData,
            list_table,
            show_result,
        )

        with open_store(load_cfg()) as store:
            if not exp_id:
                rows = store.list_experiments()
                return Outcome(data=ListedData(rows),
                               render=lambda con: con.print(list_table(rows)))
            exp = store.get(exp_id)
        res = exp.result
        if res is None:
            return Outcome(data=UnfinishedData(exp.id, exp.status, len(exp.samples)),
                           render=lambda con: con.print(
                               f"experiment {exp.id} is {exp.status}: {len(exp.samples)} "
                               "samples stored; re-run its spec to resume it"))
        return Outcome(data=ShownData(res, list(exp.samples)),
                       render=lambda con: show_result(con, res))

    execute("experiment show", as_json, run)


def compare_cmd(
    a: str = typer.Argument(..., help="ID[:VARIANT] (default variant: baseline)."),
    b: str = typer.Argument(..., help="ID[:VARIANT] judged against A."),
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
) -> None:
    """Judge B against A from stored samples (the same judge as a run: correctness, size,
    machine state, too good to be true, and the margin of A's spec)."""

    def run() -> Outcome:
        from perfscout.cli.experiment_view import show_comparison
        from perfscout.experiment.comparison import compare_stored

        with open_store(load_cfg()) as store:
            c = compare_stored(store, a, b)
        return Outcome(data=c, render=lambda con: show_comparison(con, c))

    execute("experiment compare", as_json, run)


def register(app: typer.Typer) -> None:
    exp = typer.Typer(help="Run, show and compare measured experiments.", no_args_is_help=True)
    app.add_typer(exp, name="experiment")
    exp.command("run")(run_cmd)
    exp.command("show")(show_cmd)
    exp.command("compare")(compare_cmd)
