"""``perfscout cards list|show ID|export|stats``: the knowledge base of verified proposals."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from perfscout.cli.common import load_cfg, open_cards
from perfscout.cli.output import JSON_HELP, Outcome, execute, write_out

if TYPE_CHECKING:
    from perfscout.kb import Card, ProposalStats

JSON = typer.Option(False, "--json", help=JSON_HELP)


@dataclass(frozen=True)
class CardsData:
    """``cards list --json`` data."""

    cards: list[Card]


@dataclass(frozen=True)
class CardData:
    """``cards show --json`` data."""

    card: Card


@dataclass(frozen=True)
class StatsData:
    """``cards stats --json`` data: the track record rows and the figures advise reads."""

    stats: list[ProposalStats]
    kb_stats: Any


def list_cmd(proposal: str = typer.Option(None, "--proposal", help="Only this proposal id."),
             platform: str = typer.Option(None, "--platform", help="Only this platform key."),
             as_json: bool = JSON) -> None:
    """List the cards, oldest first, with expected and actual gain."""
    def run() -> Outcome:
        from perfscout.cli.cards_view import cards_table

        with open_cards(load_cfg()) as cs:
            rows = cs.cards(proposal_id=proposal, platform_key=platform)
        return Outcome(data=CardsData(rows), render=lambda con: con.print(cards_table(rows)))
    execute("cards list", as_json, run)


def show_cmd(card: str = typer.Argument(..., help="Card id or unique prefix."),
             as_json: bool = JSON) -> None:
    """Show one card in full: problem, evidence, proposal, both gains, provenance."""
    def run() -> Outcome:
        from perfscout.cli.cards_view import render_card

        with open_cards(load_cfg()) as cs:
            c = cs.get(card)
        return Outcome(data=CardData(c), render=lambda con: render_card(con, c))
    execute("cards show", as_json, run)


def export_cmd(fmt_: str = typer.Option("json", "--format", help="json or csv."),
               out: Path = typer.Option(None, "--out", help="Write to this file, not stdout."),
               as_json: bool = JSON) -> None:
    """Export every card as JSON (full) or CSV (one row per card)."""
    execute("cards export", as_json, lambda: _export(fmt_, out))


def _export(fmt_: str, out: Path | None) -> Outcome:
    from perfscout.cli.cards_view import ExportData, export_text
    from perfscout.model.errors import UsageError

    if fmt_ not in ("json", "csv"):
        raise UsageError(f"unknown export format {fmt_!r}", hint="use json or csv")
    with open_cards(load_cfg()) as cs:
        rows = cs.cards()
    text = export_text(rows, fmt_)
    write_out(out, text)

    def render(con: Any) -> None:
        if out is None:
            con.file.write(text)
        else:
            con.print(f"{len(rows)} cards written to {out}", markup=False)

    data = ExportData(fmt_, len(rows), str(out) if out else None, None if out else text)
    return Outcome(data=data, render=render)


def stats_cmd(platform: str = typer.Option(
        None, "--platform", help="Reduce to one platform key (the kb_stats advise uses)."),
        as_json: bool = JSON) -> None:
    """Which proposal ids held on which platforms: success rate, median actual/expected."""
    def run() -> Outcome:
        from perfscout.cli.cards_view import stats_table
        from perfscout.kb import kb_stats, summarize

        with open_cards(load_cfg()) as cs:
            rows = cs.cards()
        stats = [s for s in summarize(rows) if platform is None or s.platform_key == platform]
        return Outcome(data=StatsData(stats, kb_stats(rows, platform)),
                       render=lambda con: con.print(stats_table(stats)))
    execute("cards stats", as_json, run)


def register(app: typer.Typer) -> None:
    cards = typer.Typer(help="Cards: what each verified proposal delivered, per platform.",
                        no_args_is_help=True)
    app.add_typer(cards, name="cards")
    for name, fn in (("list", list_cmd), ("show", show_cmd), ("export", export_cmd),
                     ("stats", stats_cmd)):
        cards.command(name)(fn)
