"""``perfscout analyze FILE...``: findings by layer (root causes first), then data requests."""

from __future__ import annotations

import typer

from perfscout.cli.common import PLATFORM_DIR_OPT, PLATFORM_OPT, load_cfg, load_platform
from perfscout.cli.output import JSON_HELP, Outcome, execute


def analyze_cmd(
    files: list[str] = typer.Argument(..., help="Profiler outputs (any supported format)."),
    platform: str = PLATFORM_OPT,
    platform_dir: str = PLATFORM_DIR_OPT,
    fmt: str = typer.Option(None, "--format", help="Force one input format."),
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
) -> None:
    """Say in which layer the bottleneck lives, with the numbers; ask for what is missing."""
    execute("analyze", as_json, lambda: _analyze(files, platform, platform_dir, fmt))


def _analyze(files: list[str], platform: str | None, platform_dir: str | None,
             fmt: str | None) -> Outcome:
    from pathlib import Path

    from perfscout.cli.analyze_view import AnalyzeData, render
    from perfscout.experiment.store import default_db
    from perfscout.pipeline.analyze import analyze
    from perfscout.sandbox.runner import default_runner

    cfg = load_cfg()
    snap = load_platform(platform, platform_dir)
    a = analyze(files, snapshot=snap, runner=default_runner(Path.cwd()),
                thresholds=cfg.thresholds(), fmt=fmt, kb_db=default_db(cfg.home))
    data = AnalyzeData.of(a)
    return Outcome(data=data, render=lambda con: render(con, a, data))


def register(app: typer.Typer) -> None:
    app.command("analyze")(analyze_cmd)
