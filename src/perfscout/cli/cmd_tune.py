"""``perfscout tune run|show|replay``: parse, call :mod:`perfscout.tune.service`, render.
See docs/tune.md."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer

from perfscout.cli.common import load_cfg, load_platform, open_store, workspace
from perfscout.cli.output import JSON_HELP, Outcome, execute, stderr_console
from perfscout.cli.state import OPTIONS

STORAGE = typer.Option(None, "--storage", help="sqlite:///F, journal:PATH or an RDB URL.")
PLATFORM = typer.Option(None, "--platform", help="Snapshot JSON whose caches/cores shape the "
                        "evidence (replay: the recording machine; default: this machine).")


def register(app: typer.Typer) -> None:
    tune_app = typer.Typer(help="Autotune a program (Optuna; the findings order the search).",
                           no_args_is_help=True)
    app.add_typer(tune_app, name="tune")

    @tune_app.command("run")
    def run_cmd(space: Path = typer.Argument(None, help="SPACE.yaml (`program:` names the "
                                             "spec of the program; default the bundled matmul)."),
                from_analysis: Path = typer.Option(None, "--from-analysis",
                                                   help="analyze --json output: the prior."),
                budget: int = typer.Option(30, "--budget", help="Trials to finish."),
                workers: int = typer.Option(1, "--workers", help="Processes sharing the study."),
                storage: str = STORAGE, platform: str = PLATFORM,
                study: str = typer.Option(None, "--study", help="Study name (resume by name)."),
                size: int = typer.Option(256, "--size", help="Bundled matmul: matrix size."),
                sampler: str = typer.Option("tpe", "--sampler", help="tpe, random, gp, ..."),
                confirm: bool = typer.Option(False, "--confirm", help="Repeat the contenders "
                                             "against the baseline and the best single proposal."),
                as_json: bool = typer.Option(False, "--json", help=JSON_HELP)) -> None:
        """Search the space; each trial is a real experiment; the evidence goes first."""
        execute("tune", as_json, lambda: _run(space, from_analysis, platform, budget, workers,
                                              storage, study, size, sampler, confirm, as_json))

    @tune_app.command("show")
    def show_cmd(study: str = typer.Argument(..., help="Study name."), storage: str = STORAGE,
                 plot: Path = typer.Option(None, "--plot", help="Write the history plot here."),
                 as_json: bool = typer.Option(False, "--json", help=JSON_HELP)) -> None:
        """Best, failures, parameter importances; --plot draws the optimization history."""
        def run() -> Outcome:
            from perfscout.cli.tune_view import render_run
            from perfscout.tune import service

            home = load_cfg().home
            r = service.show(study, storage, home, plot)
            return Outcome(data=r, render=lambda c: render_run(c, r))
        execute("tune", as_json, run)

    @tune_app.command("replay")
    def replay_cmd(table: Path = typer.Argument(..., help="Recorded table (JSON)."),
                   narrow_from: Path = typer.Option(None, "--narrow-from", help="Analysis."),
                   platform: str = PLATFORM,
                   sampler: str = typer.Option("tpe,random", "--sampler", help="Samplers."),
                   seeds: int = typer.Option(30, "--seeds"), budget: int = typer.Option(40,
                                                                                      "--budget"),
                   as_json: bool = typer.Option(False, "--json", help=JSON_HELP)) -> None:
        """Replay a table: full-space samplers, the hard-narrowed space, evidence-guided TPE."""
        def run() -> Outcome:
            from perfscout.cli.tune_view import render_replay
            from perfscout.tune import service

            a = service.read_analysis(narrow_from) if narrow_from else None
            samplers = [s.strip() for s in sampler.split(",") if s.strip()]
            r = service.replay(table, a, load_platform(platform, None), samplers, seeds, budget)
            return Outcome(data=r, render=lambda c: render_replay(c, r, str(table)))
        execute("tune", as_json, run)


def _run(space_path: Path | None, from_analysis: Path | None, platform: str | None, budget: int,
         workers: int, storage: str | None, study: str | None, size: int, sampler: str,
         confirm: bool, as_json: bool) -> Outcome:
    from perfscout.cli.tune_view import progress_table, render_run
    from perfscout.pipeline.tune_flow import request, search
    from perfscout.sandbox.runner import default_runner
    from perfscout.tune.optuna_bridge import open_storage

    cfg = load_cfg()
    req = request(space_path, from_analysis, load_platform(platform, None), budget, study,
                  storage, size, sampler, confirm)
    open_storage(storage, cfg.home)  # a bad URL fails before any trial runs
    work = workspace(cfg)
    with open_store(cfg) as store:
        kw: dict[str, Any] = dict(runner=default_runner(work), store=store, workspace=work,
                                  home=cfg.home, cfg_get=cfg.get,
                                  lock=cfg.home / "locks" / "timing.lock")
        if workers > 1 or as_json:
            result = search(req, kw, workers, OPTIONS.config_path, None)
        else:
            from rich.live import Live

            rows: list[dict[str, Any]] = []
            with Live(progress_table(rows, budget), console=stderr_console()) as live:
                def prog(r: dict[str, Any]) -> None:
                    rows.append(r)
                    live.update(progress_table(rows, budget))
                result = search(req, kw, workers, OPTIONS.config_path, prog)
    return Outcome(data=result, render=lambda c: render_run(c, result))
