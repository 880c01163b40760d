"""``perfscout cards list|show ID|export|stats``: the knowledge base of verified proposals."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.table import Table

from perfscout.cli.experiment_view import VERDICT_STYLE
from perfscout.cli.output import JSON_HELP, Outcome, execute, write_out
from perfscout.cli.state import OPTIONS
from perfscout.config import load_config
from perfscout.experiment.display import fmt, interval
from perfscout.experiment.store import default_db
from perfscout.kb import Card, CardStore, kb_stats, summarize
from perfscout.model.errors import UsageError
from perfscout.model.serialize import to_jsonable

CSV_COLUMNS = ("id", "created_at", "proposal_id", "scope", "verdict", "expected_low",
               "expected_high", "actual", "actual_low", "actual_high", "platform_key", "stage",
               "experiments", "commits", "problem")


def open_cards() -> CardStore:
    cfg = load_config(config_path=OPTIONS.config_path)
    return CardStore(default_db(cfg.home))


def _expected(c: Card) -> str:
    return "-" if c.expected_low is None else f"{fmt(c.expected_low, 3)}-{fmt(c.expected_high, 3)}"


def _csv_row(c: Card) -> list[Any]:
    return [c.id, c.created_at, c.proposal_id, c.scope, c.verdict, c.expected_low,
            c.expected_high, c.actual.value, c.actual.low, c.actual.high, c.platform_key,
            c.stage, " ".join(c.experiments), " ".join(c.commits), c.problem]


def cards_table(cards: list[Card]) -> Table:
    t = Table(title=f"{len(cards)} cards")
    for col in ("card", "proposal", "scope", "expected", "actual [95% CI]", "verdict",
                "platform"):
        t.add_column(col)
    for c in cards:
        style = VERDICT_STYLE.get(c.verdict, "")
        t.add_row(c.id, c.proposal_id, c.scope, _expected(c),
                  interval(c.actual.value, c.actual.low, c.actual.high),
                  f"[{style}]{c.verdict}[/]", c.platform_key)
    return t


def register(app: typer.Typer) -> None:
    cards = typer.Typer(help="Cards: what each verified proposal delivered, per platform.",
                        no_args_is_help=True)
    app.add_typer(cards, name="cards")

    @cards.command("list")
    def list_cmd(
        proposal: str = typer.Option(None, "--proposal", help="Only this proposal id."),
        platform: str = typer.Option(None, "--platform", help="Only this platform key."),
        as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
    ) -> None:
        """List the cards, oldest first, with expected and actual gain."""

        def run() -> Outcome:
            with open_cards() as cs:
                rows = cs.cards(proposal_id=proposal, platform_key=platform)
            return Outcome(data={"cards": rows}, render=lambda con: con.print(cards_table(rows)))

        execute("cards list", as_json, run)

    @cards.command("show")
    def show_cmd(
        card: str = typer.Argument(..., help="Card id or unique prefix."),
        as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
    ) -> None:
        """Show one card in full: problem, evidence, proposal, both gains, provenance."""

        def run() -> Outcome:
            with open_cards() as cs:
                c = cs.get(card)

            def render(con: Console) -> None:
                con.print(f"[bold]{c.id}[/]  {c.proposal_id} on {c.scope or '-'}")
                for label, val in (
                        ("problem", c.problem), ("expected", f"{_expected(c)} "
                                                             f"({c.expected_basis or '-'})"),
                        ("actual", interval(c.actual.value, c.actual.low, c.actual.high)),
                        ("verdict", c.verdict + (f" ({c.stage})" if c.stage else "")),
                        ("platform", c.platform_key), ("experiments", ", ".join(c.experiments)),
                        ("commits", ", ".join(c.commits) or "-"), ("recorded", c.created_at)):
                    con.print(f"  {label:12} {val}", markup=False)
                for e in c.evidence:
                    con.print(f"  evidence     {e}", markup=False)
                for r in c.reasons:
                    con.print(f"  why          {r}", markup=False)

            return Outcome(data={"card": c}, render=render)

        execute("cards show", as_json, run)

    @cards.command("export")
    def export_cmd(
        fmt_: str = typer.Option("json", "--format", help="json or csv."),
        out: Path = typer.Option(None, "--out", help="Write to this file instead of stdout."),
        as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
    ) -> None:
        """Export every card as JSON (full) or CSV (one row per card)."""

        def run() -> Outcome:
            if fmt_ not in ("json", "csv"):
                raise UsageError(f"unknown export format {fmt_!r}", hint="use json or csv")
            with open_cards() as cs:
                rows = cs.cards()
            if fmt_ == "json":
                text = json.dumps(to_jsonable(rows), indent=2, ensure_ascii=False) + "\n"
            else:
                buf = io.StringIO()
                w = csv.writer(buf)
                w.writerow(CSV_COLUMNS)
                for c in rows:
                    w.writerow(_csv_row(c))
                text = buf.getvalue()
            write_out(out, text)

            def render(con: Console) -> None:
                if out is None:
                    con.file.write(text)
                else:
                    con.print(f"{len(rows)} cards written to {out}", markup=False)

            data: dict[str, Any] = {"format": fmt_, "count": len(rows),
                                    "out": str(out) if out else None}
            if out is None:
                data["text"] = text
            return Outcome(data=data, render=render)

        execute("cards export", as_json, run)

    @cards.command("stats")
    def stats_cmd(
        platform: str = typer.Option(None, "--platform",
                                     help="Reduce to one platform key (the kb_stats advise uses)."),
        as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
    ) -> None:
        """Which proposal ids held on which platforms: success rate, median actual/expected."""

        def run() -> Outcome:
            with open_cards() as cs:
                rows = cs.cards()
            stats = summarize(rows)
            if platform is not None:
                stats = [s for s in stats if s.platform_key == platform]

            def render(con: Console) -> None:
                t = Table(title="proposal track record per platform")
                for col in ("proposal", "platform", "n", "wins", "losses", "invalid",
                            "success", "median actual", "median actual/expected"):
                    t.add_column(col)
                for s in stats:
                    t.add_row(s.proposal_id, s.platform_key, str(s.n), str(s.wins),
                              str(s.losses), str(s.n_invalid),
                              "-" if s.success_rate is None else f"{s.success_rate:.0%}",
                              fmt(s.median_actual, 3), fmt(s.median_actual_over_expected, 3))
                con.print(t)

            return Outcome(data={"stats": stats, "kb_stats": kb_stats(rows, platform)},
                           render=render)

        execute("cards stats", as_json, run)
