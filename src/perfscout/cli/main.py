"""Entry point: builds the typer app from the ``cmd_*`` modules and guards the usage errors.

Start-up is kept short: ``--version`` is answered before typer is imported, and ``perfscout
NAME ...`` loads only ``cmd_NAME`` (every module only for the top-level help).
"""

from __future__ import annotations

import importlib
import json
import pkgutil
import sys
from typing import TYPE_CHECKING, Any

import perfscout.cli as cli_pkg
from perfscout import ENVELOPE_VERSION, __version__
from perfscout.cli.state import OPTIONS
from perfscout.model.errors import ExitCode

if TYPE_CHECKING:
    import typer


def command_modules() -> list[str]:
    """The ``cmd_<name>`` modules; each registers the command ``<name>`` (a test checks it)."""
    return sorted(m.name for m in pkgutil.iter_modules(cli_pkg.__path__)
                  if m.name.startswith("cmd_"))


def build_app(only: str | None = None) -> typer.Typer:
    """The typer app with every command, or only command ``only`` (a known name): a command
    then loads its own module and nothing else, so it starts fast."""
    import typer

    app = typer.Typer(
        name="perfscout",
        help="A performance scout for HPC codes. Every command accepts --json.",
        no_args_is_help=True,
        add_completion=False,
        pretty_exceptions_enable=False,
        rich_markup_mode=None,
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

    names = command_modules()
    for name in [f"cmd_{only}"] if f"cmd_{only}" in names else names:
        importlib.import_module(f"perfscout.cli.{name}").register(app)
    return app


_WORDS = {int: "N", float: "NUMBER"}


def _word(param: Any) -> str:
    """The metavar of ``param`` as a word: ``FILE`` for a list of files (usage adds ``...``),
    ``N`` for an integer, else the parameter's own name upper-cased (``--platform
    PLATFORM``)."""
    name = (param.name or "value").upper()
    if param.nargs == -1 or getattr(param, "multiple", False):
        return name[:-1] if name.endswith("S") else name
    annotation = getattr(getattr(param, "type_descriptor", None), "annotation", None)
    return _WORDS.get(annotation, name) if isinstance(annotation, type) else name


def _usage(word: str, required: bool, many: bool) -> Any:
    shown = word if required else f"[{word}]"
    return lambda: shown + ("..." if many else "")


def _words_for_metavars(cmd: Any) -> None:
    """Help shows words (``FILE...``, ``N``) where typer would print Python types
    (``<list[Path]>``, ``<int>``); flags show none."""
    for p in getattr(cmd, "params", ()):
        p.display_type = lambda ctx: ""  # the metavar says it, in words
        if getattr(p, "is_flag", False):
            continue
        if p.metavar is None:
            p.metavar = _word(p)
        if p.param_type_name == "argument":
            p._usage_display_name = _usage(p.metavar, p.required, p.nargs != 1)
    for sub in getattr(cmd, "commands", {}).values():
        _words_for_metavars(sub)


def _named_command(args: list[str]) -> str | None:
    """The subcommand ``args`` name (after the global options), or None."""
    i = 0
    while i < len(args):
        a = args[i]
        if a == "--config":
            i += 2
        elif a.startswith("-"):
            i += 1
        else:
            return a
    return None


def build_command(args: list[str] | None = None) -> Any:
    """The click command of the app (only the named subcommand's when ``args`` name one),
    with metavars as words."""
    import typer.main

    cmd = typer.main.get_command(build_app(_named_command(args or [])))
    _words_for_metavars(cmd)
    return cmd


def _version(args: list[str]) -> bool:
    """``perfscout --version [--json]`` (answered before any subcommand module is loaded)."""
    if "--version" not in args or not set(args) <= {"--version", "--json", "--debug"}:
        return False
    if "--json" in args:
        env = {"perfscout": ENVELOPE_VERSION, "command": "version", "status": "ok",
               "exit_code": 0, "data": {"version": __version__}, "errors": []}
        sys.stdout.write(json.dumps(env) + "\n")
    else:
        sys.stdout.write(f"perfscout {__version__}\n")
    return True


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    if _version(args):
        sys.exit(0)
    import typer

    try:  # typer >= 0.2x vendors its own click
        from typer._click import exceptions as click_exceptions
    except ImportError:  # pragma: no cover - older typer
        from click import exceptions as click_exceptions  # type: ignore[no-redef]

    cmd = build_command(args)
    try:
        rc = cmd.main(args=args, prog_name="perfscout", standalone_mode=False)
    except typer.Exit as exc:
        sys.exit(exc.exit_code)
    except (typer.Abort, KeyboardInterrupt):
        sys.exit(int(ExitCode.INTERRUPTED))
    except click_exceptions.NoArgsIsHelpError as exc:
        exc.show()
        sys.exit(int(ExitCode.USAGE))
    except click_exceptions.ClickException as exc:
        if "--json" in args:
            from perfscout.cli.output import envelope, error_outcome
            from perfscout.model.errors import UsageError

            err = UsageError(exc.format_message(), "see perfscout --help")
            sys.stdout.write(json.dumps(envelope(args[0], error_outcome(err))) + "\n")
        else:
            exc.show()
        sys.exit(int(ExitCode.USAGE))
    sys.exit(rc if isinstance(rc, int) else 0)
