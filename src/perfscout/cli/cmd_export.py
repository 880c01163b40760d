"""``perfscout export reframe CARD``: a ReFrame regression test guarding a verified result."""

from __future__ import annotations

from pathlib import Path

import typer

from perfscout.cli.output import JSON_HELP, Outcome, execute, generated_file
from perfscout.cli.state import OPTIONS
from perfscout.config import load_config
from perfscout.experiment.store import Store, default_db
from perfscout.export.reframe import reframe_test
from perfscout.kb import CardStore
from perfscout.model.errors import InputError


def register(app: typer.Typer) -> None:
    e_app = typer.Typer(help="Export verified results to other tools.", no_args_is_help=True)
    app.add_typer(e_app, name="export")

    @e_app.command("reframe")
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
            cfg = load_config(config_path=OPTIONS.config_path)
            db = default_db(cfg.home)
            with CardStore(db) as cs:
                card = cs.get(card_ref)
            if not card.experiments:
                raise InputError(f"card {card.id} names no experiment")
            with Store(db) as st:
                exp = st.get(card.experiments[0])
            if exp.result is None or exp.spec is None:
                raise InputError(f"experiment {exp.id} has no result yet",
                                 hint="resume it with `perfscout experiment run`")
            spec, res = exp.spec, exp.result
            names = [v.name for v in spec.variants if v.proposal_id == card.proposal_id]
            if not names:
                raise InputError(f"experiment {exp.id} has no variant for "
                                 f"{card.proposal_id}")
            median = res.outcome(names[0]).median or 0.0
            if not 0 < tolerance < 1:
                raise InputError(f"--tolerance {tolerance:g} is not a fraction between 0 and 1")
            text = reframe_test(card, spec, names[0], median,
                                cfg.workspace / "experiments" / exp.id, tolerance=tolerance)
            path, render = generated_file(text, out, cfg.workspace / "exports" /
                                          f"reframe_{card.id}.py", as_json)
            return Outcome(data={"card": card.id, "variant": names[0], "reference": median,
                                 "test": text, "path": str(path) if path else None},
                           render=render)

        execute("export reframe", as_json, run)
