"""One turn of a session for the CLI: advance it as far as it goes, note what it waits for,
and answer its status. The session's steps themselves are :mod:`perfscout.pipeline.session`."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from perfscout.model.errors import ApprovalRequired

if TYPE_CHECKING:
    from perfscout.model.runs import Runner
    from perfscout.pipeline.session import SessionState


def drive(home: Path, state: SessionState, runner: Runner, work: Path,
          cfg_get: Callable[[str], Any], *, confirm: bool = False,
          approve: Sequence[str] = (), combine: bool = False,
          say: Callable[[str], None] = lambda s: None) -> dict[str, Any]:
    """Advance ``state`` until it finishes or needs a person; its status, with ``waiting``
    saying what for (a session waiting for a person is not a failure)."""
    from perfscout.pipeline import session as ses

    if combine and not state.combine:
        state.combine = True
        ses.save(home, state)
    ctx = ses.Context(home, state, runner, work, cfg_get, confirm, approve, say)
    waiting = ""
    try:
        ses.advance(ctx)
    except ApprovalRequired as exc:
        waiting = f"{exc.message}; {exc.hint}"
    # advance saved every change it made to ``state``: no need to read state.json again
    return {**ses.status(state), "waiting": waiting}


def status_of(home: Path, sid: str) -> dict[str, Any]:
    """The status of the session whose id starts with ``sid``."""
    from perfscout.pipeline import session as ses

    return ses.status(ses.load(home, sid))


def all_statuses(home: Path) -> list[dict[str, Any]]:
    """The status of every session of this home."""
    from perfscout.pipeline import session as ses

    return [ses.status(s) for s in ses.list_sessions(home)]


def report_of(home: Path, sid: str) -> dict[str, Any]:
    """The report files of a finished session; NotFoundError while it has none."""
    from perfscout.model.errors import NotFoundError

    st = status_of(home, sid)
    rep = st["outputs"].get("report")
    if not rep:
        raise NotFoundError(f"session {st['id']} has no report yet",
                            hint=f"perfscout session resume {st['id']}")
    return dict(rep)
