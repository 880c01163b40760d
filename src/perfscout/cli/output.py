"""The JSON envelope, human rendering, and the error boundary every subcommand runs inside.

Each subcommand builds an :class:`Outcome` inside ``execute``; ``execute`` prints either the
versioned envelope (``--json``) or the human rendering, turns :class:`PerfscoutError` into a
one-line message with a hint and its named exit code, and never shows a traceback unless
``--debug`` is given.
"""

from __future__ import annotations

import json
import sys
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NoReturn

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from perfscout import ENVELOPE_VERSION
from perfscout.cli.state import OPTIONS
from perfscout.model.errors import ExitCode, InputError, PerfscoutError
from perfscout.model.serialize import to_jsonable

JSON_HELP = "Print one JSON envelope on stdout instead of the human rendering."


@dataclass
class Outcome:
    """What a subcommand produced: envelope data plus a function that renders it for people."""

    data: Any = field(default_factory=dict)
    render: Callable[[Console], None] | None = None
    status: str = "ok"  # "ok", "fail" (ran, negative verdict), "error"
    exit_code: ExitCode = ExitCode.OK
    errors: list[dict[str, Any]] = field(default_factory=list)


def envelope(command: str, outcome: Outcome) -> dict[str, Any]:
    return {
        "perfscout": ENVELOPE_VERSION,
        "command": command,
        "status": outcome.status,
        "exit_code": int(outcome.exit_code),
        "data": to_jsonable(outcome.data),
        "errors": outcome.errors,
    }


ID_HEADERS = ("id", "proposal", "card", "experiment", "variant", "finding", "name", "key")


def keep_ids_whole(table: Table, width: int = 80) -> None:
    """Never cut an id a later command needs: columns named like ids (``id``, ``proposal``,
    ``card``...) keep their longest cell on one line, and every column folds instead of
    ending in an ellipsis, so a narrow terminal wraps the other columns and loses nothing.
    Ids are short; a column of long names (over 40 characters) only folds, and the pinned
    columns together take at most half the width, so the others keep room."""
    budget = width // 2
    for i, col in enumerate(table.columns):
        col.overflow = "fold"
        head = str(col.header).strip().lower()
        if i == 0 or any(h == head or head.endswith(" " + h) for h in ID_HEADERS):
            cells = [len(str(c)) for c in col._cells if isinstance(c, str | Text)]
            need = max([len(head), *cells])
            if need <= min(40, budget):
                col.min_width = need
                col.no_wrap = True
                budget -= need


class ScoutConsole(Console):
    """The console commands render to: tables keep their ids whole (:func:`keep_ids_whole`)."""

    def print(self, *objects: Any, **kwargs: Any) -> None:
        for obj in objects:
            if isinstance(obj, Table):
                keep_ids_whole(obj, self.width)
        super().print(*objects, **kwargs)


def stdout_console() -> Console:
    return ScoutConsole(highlight=False, soft_wrap=False, emoji=False)


def stderr_console() -> Console:
    return ScoutConsole(stderr=True, highlight=False, emoji=False, soft_wrap=True)


def error_outcome(exc: PerfscoutError) -> Outcome:
    return Outcome(data={}, status="error", exit_code=exc.exit_code, errors=[exc.to_dict()])


def print_error(err: dict[str, Any]) -> None:
    con = stderr_console()
    # the message is text, never markup: "exe:cat:path" must not become an emoji
    con.print(Text("perfscout: error: ", style="bold red") + Text(str(err["message"])),
              highlight=False, emoji=False)
    if err.get("hint"):
        con.print(f"  hint: {err['hint']}", markup=False, highlight=False, emoji=False)


def emit(command: str, as_json: bool, outcome: Outcome) -> NoReturn:
    if as_json:
        sys.stdout.write(json.dumps(envelope(command, outcome), indent=None, default=str) + "\n")
        sys.stdout.flush()
    else:
        if outcome.render is not None:
            outcome.render(stdout_console())
        for err in outcome.errors:
            print_error(err)
    raise typer.Exit(int(outcome.exit_code))


def execute(command: str, as_json: bool, fn: Callable[[], Outcome]) -> NoReturn:
    """Run ``fn`` inside the error boundary and emit its outcome."""
    try:
        outcome = fn()
    except typer.Exit:
        raise
    except PerfscoutError as exc:
        if OPTIONS.debug:
            traceback.print_exc()
        outcome = error_outcome(exc)
    except KeyboardInterrupt:
        outcome = Outcome(
            status="error",
            exit_code=ExitCode.INTERRUPTED,
            errors=[{"type": "Interrupted", "message": "interrupted", "hint": "",
                     "exit_code": 130}],
        )
    except Exception as exc:  # the boundary: a bug becomes one line, not a traceback
        if OPTIONS.debug:
            traceback.print_exc()
        outcome = Outcome(
            status="error",
            exit_code=ExitCode.INTERNAL,
            errors=[{
                "type": "InternalError",
                "message": f"internal error: {type(exc).__name__}: {exc}",
                "hint": "rerun with --debug for the traceback and report it",
                "exit_code": int(ExitCode.INTERNAL),
            }],
        )
    emit(command, as_json, outcome)


def write_out(out: Path | None, text: str) -> None:
    """Write a command's ``--out`` file atomically; a path that cannot be written is InputError."""
    if out is None:
        return
    from perfscout.files import write_atomic

    try:
        write_atomic(out, text)
    except OSError as exc:
        raise InputError(f"cannot write {out}: {exc.strerror}",
                         hint="choose a writable --out path") from None


def text_or_path(text: str, out: Path | None) -> Callable[[Console], None]:
    """The render of a command that prints ``text``, or says where it wrote it."""
    def render(con: Console) -> None:
        if out is None:
            write_raw(text)
        else:
            con.print(f"wrote {out}", markup=False, highlight=False)
    return render


def write_raw(text: str) -> None:
    """``text`` to stdout as bytes, exactly: no console wrapping, markup or highlighting."""
    sys.stdout.flush()
    sys.stdout.buffer.write(text.encode("utf-8"))
    sys.stdout.buffer.flush()


def generated_file(text: str, out: Path | None, default: Path, as_json: bool
                   ) -> tuple[Path | None, Callable[[Console], None]]:
    """Deliver a generated file (a script, a test, a report) the way a user expects.

    ``--out`` writes it there; without ``--out`` a redirected or piped stdout receives the raw
    bytes (``perfscout export reframe CARD > test.py`` is a valid file), and a terminal gets it
    written to ``default`` (in the workspace) with a line saying where, since a terminal would
    wrap it. Returns the path written (None: stdout) and the human render.
    """
    if out is None and (as_json or not sys.stdout.isatty()):
        return None, text_or_path(text, None)
    path = out if out is not None else default
    if out is None:
        path.parent.mkdir(parents=True, exist_ok=True)
    write_out(path, text)
    return path, text_or_path(text, path)
