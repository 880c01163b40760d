"""``perfscout demo``: the whole loop on the bundled kernels (``make demo``)."""

from __future__ import annotations

import typer

from perfscout.cli.common import load_cfg, open_store, workspace
from perfscout.cli.output import JSON_HELP, Outcome, execute, stderr_console


def demo(
    kernels: str = typer.Option(None, "--kernels", help="Comma-separated bundled kernels to "
                                "run (default: every demo kernel: matmul, triad, jacobi)."),
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
) -> None:
    """Snapshot, profile, analyze, advise, auto-approve, experiment: on the bundled kernels.

    Proposals are approved automatically (the demo says so); results go to the database."""
    execute("demo", as_json, lambda: _demo(kernels, as_json))


def _demo(kernels: str | None, as_json: bool) -> Outcome:
    from perfscout.cli.demo_view import render
    from perfscout.cli.experiment_view import progress_bar
    from perfscout.experiment.store import default_db
    from perfscout.pipeline.demo import DEMO_KERNELS, run_demo
    from perfscout.sandbox.runner import default_runner

    cfg = load_cfg()
    work = workspace(cfg)
    err = stderr_console()
    names = [k.strip() for k in (kernels or ",".join(DEMO_KERNELS)).split(",") if k.strip()]
    with open_store(cfg) as store, progress_bar(err, not as_json) as prog:
        res = run_demo(default_runner(work), store, work, cfg_get=cfg.get,
                       say=(lambda msg: None) if as_json else
                       (lambda msg: err.print(msg, markup=False)),
                       progress=prog, kernels=names, db=str(default_db(cfg.home)))
    return Outcome(data=res, render=lambda con: render(con, res))


def register(app: typer.Typer) -> None:
    app.command("demo")(demo)
