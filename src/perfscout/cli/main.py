"""Entry point: builds the typer app from the ``cmd_*`` modules and guards the usage errors."""

from __future__ import annotations

import importlib
import json
import pkgutil
import sys

import typer

import perfscout.cli as cli_pkg
from perfscout import ENVELOPE_VERSION, __version__
from perfscout.cli.state import OPTIONS
from perfscout.model.errors import ExitCode

try:  # typer >= 0.2x vendors its own click
    from typer._click import exceptions as click_exceptions
except ImportError:  # pragma: no cover - older typer
    from click import exceptions as click_exceptions  # type: ignore[no-redef]


def build_app() -> typer.Typer:
    app = typer.Typer(
        name="perfscout",
        help="A performance scout for HPC codes. Every command accepts --json.",
        no_args_is_help=True,
        add_completion=False,
        pretty_exceptions_enable=False,
    )

    @app.callback()
    def _global(
        debug: bool = typer.Option(False, "--debug", help="Show tracebacks on errors."),
        config: str = typer.Option(None, "--config", help="Configuration file (YAML)."),
        version: bool = typer.Option(False, "--version", help="Print the version and exit."),
    ) -> None:
        if version:
            typer.echo(f"perfscout {__version__}")
            raise typer.Exit(0)
        OPTIONS.debug = OPTIONS.debug or debug
        OPTIONS.config_path = config

    for mod in sorted(pkgutil.iter_modules(cli_pkg.__path__), key=lambda m: m.name):
        if mod.name.startswith("cmd_"):
            module = importlib.import_module(f"perfscout.cli.{mod.name}")
            module.register(app)
    return app


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    app = build_app()
    try:
        rc = app(args=args, prog_name="perfscout", standalone_mode=False)
    except typer.Exit as exc:
        sys.exit(exc.exit_code)
    except (typer.Abort, KeyboardInterrupt):
        sys.exit(int(ExitCode.INTERRUPTED))
    except click_exceptions.NoArgsIsHelpError as exc:
        exc.show()
        sys.exit(int(ExitCode.USAGE))
    except click_exceptions.ClickException as exc:
        if "--json" in args:
            env = {
                "perfscout": ENVELOPE_VERSION, "command": " ".join(a for a in args[:1]),
                "status": "error", "exit_code": int(ExitCode.USAGE), "data": {},
                "errors": [{"type": "UsageError", "message": exc.format_message(),
                            "hint": "see perfscout --help", "exit_code": int(ExitCode.USAGE)}],
            }
            sys.stdout.write(json.dumps(env) + "\n")
        else:
            exc.show()
        sys.exit(int(ExitCode.USAGE))
    sys.exit(rc if isinstance(rc, int) else 0)
