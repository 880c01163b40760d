"""``perfscout report RUN|--demo [--lang zh] [--out DIR]``: the HTML and Markdown report.

RUN is a stored run id (what ``perfscout demo`` records; the session workflow will store its
sessions the same way) or an experiment id, then with ``--analysis A.json`` (an ``analyze
--json`` envelope) for the findings and proposals and ``--platform S.json`` for the platform.
"""

from __future__ import annotations

from pathlib import Path

import typer
from rich.console import Console

from perfscout.cli.cmd_analyze import load_platform
from perfscout.cli.output import JSON_HELP, Outcome, execute
from perfscout.cli.state import OPTIONS
from perfscout.config import load_config
from perfscout.experiment.store import Store, default_db
from perfscout.kb import CardStore
from perfscout.model.errors import NotFoundError, UsageError
from perfscout.report import Ceilings, ReportFiles, build, read_analysis, write_report
from perfscout.report.messages import CATALOGS
from perfscout.report.run import report_from_run


def _experiment_report(store: Store, cards: CardStore, exp_ref: str, analysis: str | None,
                       platform: str | None, out: Path, lang: str) -> tuple[str, ReportFiles]:
    exp = store.get(exp_ref)
    if exp.result is None:
        raise NotFoundError(f"experiment {exp.id} has not finished",
                            hint="re-run its spec to complete it, then report")
    bw = exp.spec.peak_bandwidth_MBps if exp.spec else None
    snap = load_platform(platform, None)
    mine = [c for c in cards.cards() if exp.id in c.experiments]
    inp = build(store, source=f"experiment {exp.id}", experiment_ids=[exp.id],
                cards=mine, analysis=read_analysis(analysis) if analysis else None,
                snapshot=snap, ceilings=Ceilings(bw / 1000 if bw else None,
                                                 "spec peak_bandwidth_MBps" if bw else ""),
                platform_key=mine[0].platform_key if mine and snap is None else "")
    return exp.id, write_report(inp, out, lang)


def register(app: typer.Typer) -> None:
    @app.command("report")
    def report_cmd(
        run_ref: str = typer.Argument(None, help="Stored run id, or an experiment id."),
        demo: bool = typer.Option(False, "--demo", help="Report the latest `perfscout demo`."),
        analysis: str = typer.Option(None, "--analysis",
                                     help="`analyze --json` output (with an experiment id)."),
        platform: str = typer.Option(None, "--platform",
                                     help="Snapshot JSON (with an experiment id)."),
        lang: str = typer.Option("en", "--lang", help="Language: " + ", ".join(CATALOGS)),
        out: Path = typer.Option(None, "--out",
                                 help="Folder for the files (default $PERFSCOUT_HOME/reports/ID)."),
        as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
    ) -> None:
        """Write the report: platform, findings by layer, do-not list, proposals, results with
        plots (bars with intervals, roofline, thread scaling) and the cards."""

        def run() -> Outcome:
            if lang not in CATALOGS:
                raise UsageError(f"no report language {lang!r}",
                                 hint="languages: " + ", ".join(CATALOGS))
            if demo == bool(run_ref):
                raise UsageError("give a run or experiment id, or --demo (one of them)",
                                 hint="perfscout report --demo, or perfscout report EXP_ID "
                                      "--analysis A.json")
            if demo and (analysis or platform):
                raise UsageError("--analysis/--platform go with an experiment id, not --demo")
            cfg = load_config(config_path=OPTIONS.config_path)
            db = default_db(cfg.home)
            if not db.is_file():
                raise NotFoundError(f"no perfscout database at {db}",
                                    hint="run `perfscout demo` or an experiment first")
            store = Store(db)
            try:
                with CardStore(db) as cards:
                    run_id, data = None, None
                    if demo:
                        run_id, data = cards.latest_run("demo")
                    elif not analysis and not platform:
                        try:
                            run_id, data = cards.run(run_ref)
                        except NotFoundError:
                            run_id = None
                    if run_id is not None and data is not None:
                        files = report_from_run(store, cards, run_id, data,
                                                out or cfg.home / "reports" / run_id, lang)
                        ident = run_id
                    else:
                        ref = run_ref or ""
                        exp_id = store.get(ref).id
                        ident, files = _experiment_report(
                            store, cards, exp_id, analysis, platform,
                            out or cfg.home / "reports" / exp_id, lang)
            finally:
                store.close()

            def render(con: Console) -> None:
                con.print(f"report of {ident} ({lang}): {len(files.figures)} plots",
                          markup=False, soft_wrap=True)
                con.print(f"markdown: {files.markdown}", markup=False, soft_wrap=True)
                con.print(f"html: {files.html}", markup=False, soft_wrap=True)

            return Outcome(data={"id": ident, "lang": lang, "html": str(files.html),
                                 "markdown": str(files.markdown),
                                 "figures": list(files.figures)}, render=render)

        execute("report", as_json, run)
