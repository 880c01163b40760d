"""``perfscout approve grant|list|revoke``: scoped, expiring approval tokens."""

from __future__ import annotations

import datetime as dt

import typer
from rich.console import Console
from rich.table import Table

from perfscout.cli.common import load_cfg
from perfscout.cli.output import JSON_HELP, Outcome, execute
from perfscout.cli.results import ApprovalsData, GrantData, RevokedData


def _when(t: float) -> str:
    return dt.datetime.fromtimestamp(t, dt.UTC).strftime("%Y-%m-%d %H:%M:%SZ")


def grant(
    scope: str = typer.Option(..., "--scope", help="What the token allows, e.g. sbatch."),
    ttl: str = typer.Option("1h", "--ttl", help="Lifetime: 30m, 1h, 2d."),
    note: str = typer.Option("", "--note", help="Why (kept with the grant)."),
    for_ids: list[str] = typer.Option(None, "--for", metavar="PROPOSAL",
                                      help="Bind the token to this proposal id "
                                      "(repeatable)."),
    command: str = typer.Option(None, "--command", metavar="ARGV",
                                help="Bind the token to this one command line."),
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
) -> None:
    """Print a new token (shown once; only its hash is stored under PERFSCOUT_HOME).

    Scopes are those something checks (sbatch, experiment, tune, run_command and the
    policy's); --for and --command tie the token to what it approves."""

    def run() -> Outcome:
        from perfscout.sandbox.approval import argv_digest, grant_token, parse_ttl
        from perfscout.sandbox.policy import load_policy, policy_scopes
        from perfscout.sandbox.shellwords import split_command

        cfg = load_cfg()
        bound = list(for_ids or [])
        if command:
            bound.append(argv_digest(split_command(command)))
        pol = load_policy(str(cfg.get("policy")) or None)
        token, a = grant_token(cfg.home, scope, parse_ttl(ttl), note, bound=bound,
                               scopes=policy_scopes(pol))

        def render(con: Console) -> None:
            print(token)
            Console(stderr=True).print(
                f"approval {a.id}: scope {a.scope}, expires {_when(a.expires)}",
                markup=False)

        return Outcome(data=GrantData(token, a), render=render)

    execute("approve grant", as_json, run)


def list_cmd(as_json: bool = typer.Option(False, "--json", help=JSON_HELP)) -> None:
    """Every stored grant with its scope and expiry (tokens themselves are not stored)."""

    def run() -> Outcome:
        from perfscout.sandbox.approval import list_tokens

        items = list_tokens(load_cfg().home)
        rows = [{"id": a.id, "scope": a.scope, "created": a.created, "expires": a.expires,
                 "expired": a.expired, "note": a.note, "bound": list(a.bound)}
                for a in items]

        def render(con: Console) -> None:
            t = Table("id", "scope", "expires", "state", "note")
            for a in items:
                t.add_row(a.id, a.scope, _when(a.expires),
                          "expired" if a.expired else "live", a.note)
            con.print(t)

        return Outcome(data=ApprovalsData(rows), render=render)

    execute("approve list", as_json, run)


def revoke(
    ident: str = typer.Argument(..., help="Approval id (from list) or the token."),
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
) -> None:
    """Remove a grant so its token stops working at once."""

    def run() -> Outcome:
        from perfscout.sandbox.approval import revoke_token

        a = revoke_token(load_cfg().home, ident)
        return Outcome(data=RevokedData(a),
                       render=lambda con: con.print(f"revoked {a.id} ({a.scope})",
                                                    markup=False))

    execute("approve revoke", as_json, run)


def register(app: typer.Typer) -> None:
    ap = typer.Typer(help="Grant, list or revoke approval tokens for gated commands.",
                     no_args_is_help=True)
    app.add_typer(ap, name="approve")
    ap.command("grant")(grant)
    ap.command("list")(list_cmd)
    ap.command("revoke")(revoke)
