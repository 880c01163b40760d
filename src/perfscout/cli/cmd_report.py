"""``perfscout report RUN|--demo [--lang zh] [--out DIR]``: the HTML and Markdown report.

RUN is a stored run id (what ``perfscout demo`` records; the session workflow will store its
sessions the same way) or an experiment id, then with ``--analysis A.json`` (an ``analyze
--json`` envelope) for the findings and proposals and ``--platform S.json`` for the platform.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from perfscout.cli.common import load_cfg, load_platform
from perfscout.cli.output import JSON_HELP, Outcome, execute

if TYPE_CHECKING:
    from rich.console import Console

#: the report languages (perfscout.report.messages.CATALOGS; a test checks they agree)
LANGUAGES = ("en", "zh")


@dataclass(frozen=True)
class ReportData:
    """``report --json`` data: what was reported, in which language, and the files."""

    id: str
    lang: str
    html: str
    markdown: str
    figures: list[str]


def report_cmd(
    run_ref: str = typer.Argument(None, help="Stored run id, or an experiment id."),
    demo: bool = typer.Option(False, "--demo", help="Report the latest `perfscout demo`."),
    analysis: str = typer.Option(None, "--analysis",
                                 help="`analyze --json` output (with an experiment id)."),
    platform: str = typer.Option(None, "--platform",
                                 help="Snapshot JSON (with an experiment id)."),
    lang: str = typer.Option("en", "--lang", help="Language: " + ", ".join(LANGUAGES)),
    out: Path = typer.Option(None, "--out",
                             help="Folder for the files (default $PERFSCOUT_HOME/reports/ID)."),
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
) -> None:
    """Write the report: platform, findings by layer, do-not list, proposals, results with
    plots (bars with intervals, roofline, thread scaling) and the cards."""
    execute("report", as_json, lambda: _report(run_ref, demo, analysis, platform, lang, out))


def _report(run_ref: str | None, demo: bool, analysis: str | None, platform: str | None,
            lang: str, out: Path | None) -> Outcome:
    from perfscout.pipeline.report_flow import check_request, write_report_for

    check_request(run_ref, demo, analysis, platform, lang)
    snap = load_platform(platform, None)
    ident, files = write_report_for(load_cfg().home, run_ref, demo, analysis, snap,
                                    bool(platform), out, lang)
    data = ReportData(ident, lang, str(files.html), str(files.markdown), list(files.figures))

    def render(con: Console) -> None:
        con.print(f"report of {ident} ({lang}): {len(files.figures)} plots",
                  markup=False, soft_wrap=True)
        con.print(f"markdown: {files.markdown}", markup=False, soft_wrap=True)
        con.print(f"html: {files.html}", markup=False, soft_wrap=True)

    return Outcome(data=data, render=render)


def register(app: typer.Typer) -> None:
    app.command("report")(report_cmd)
