"""``perfscout export reframe CARD``: a ReFrame regression test guarding a verified result."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import typer

from perfscout.cli.common import load_cfg
from perfscout.cli.output import JSON_HELP, Outcome, execute, generated_file


@dataclass(frozen=True)
class ReframeData:
    """``export reframe --json`` data: the card, variant, reference, the test and its path."""

    card: str
    variant: str
    reference: float
    test: str
    path: str | None


def reframe(card_ref: str = typer.Argument(..., metavar="CARD"),
            out: Path | None = typer.Option(None, "--out", metavar="FILE",
                                            help="write the test here"),
            tolerance: float = typer.Option(0.10, "--tolerance", metavar="FRACTION",
                                            help="allowed regression below the reference"),
            as_json: bool = typer.Option(False, "--json", help=JSON_HELP)) -> None:
    """Write a ReFrame test whose performance reference is the card's result.

    Redirected stdout gets the file as is (``> test.py``); a terminal gets it written under
    the workspace's exports folder."""

    def run() -> Outcome:
        from perfscout.pipeline.exports import check_tolerance, reframe_for_card

        check_tolerance(tolerance)
        cfg = load_cfg()
        t = reframe_for_card(cfg, card_ref, tolerance)
        path, render = generated_file(t.test, out, cfg.workspace / "exports" /
                                      f"reframe_{t.card}.py", as_json)
        return Outcome(data=ReframeData(t.card, t.variant, t.reference, t.test,
                                        str(path) if path else None), render=render)

    execute("export reframe", as_json, run)


def register(app: typer.Typer) -> None:
    e_app = typer.Typer(help="Export verified results to other tools.", no_args_is_help=True)
    app.add_typer(e_app, name="export")
    e_app.command("reframe")(reframe)
