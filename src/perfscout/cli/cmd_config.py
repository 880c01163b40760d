"""``perfscout config show``: every configuration value and where it came from."""

from __future__ import annotations

import typer
from rich.console import Console
from rich.table import Table

from perfscout.cli.common import load_cfg
from perfscout.cli.output import JSON_HELP, Outcome, execute
from perfscout.cli.results import ConfigData


def register(app: typer.Typer) -> None:
    cfg_app = typer.Typer(help="Show the layered configuration.", no_args_is_help=True)
    app.add_typer(cfg_app, name="config")

    @cfg_app.command("show")
    def show(as_json: bool = typer.Option(False, "--json", help=JSON_HELP)) -> None:
        """Print each value with its source (default, file, env or cli)."""

        def run() -> Outcome:
            from perfscout.config import SENSITIVE, env_name

            cfg = load_cfg()
            rows = []
            for v in cfg.values():
                shown = "***" if v.key in SENSITIVE and v.value else v.value
                rows.append({"key": v.key, "value": shown, "source": v.source,
                             "env": env_name(v.key)})

            def render(con: Console) -> None:
                t = Table("key", "value", "source", title="perfscout configuration")
                for r in rows:
                    t.add_row(r["key"], str(r["value"]), r["source"])
                con.print(t)

            return Outcome(data=ConfigData(rows), render=render)

        execute("config show", as_json, run)
