"""``perfscout session start|status|approve|resume|report``: the six-step workflow, resumable."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import typer

from perfscout.cli.common import load_cfg, workspace
from perfscout.cli.output import JSON_HELP, Outcome, execute, stderr_console
from perfscout.cli.results import SessionsData

if TYPE_CHECKING:
    from perfscout.pipeline.session import SessionState

JSON = typer.Option(False, "--json", help=JSON_HELP)
SID = typer.Argument(..., help="Session id (prefix).")
CONFIRM = typer.Option(False, "--confirm-platform", help="Confirm the platform.")
APPROVE = typer.Option(None, "--approve", help="Approve proposal ids (again, until verify).")
COMBINE = typer.Option(False, "--combine", help="Also measure the winners combined.")
POLICY = typer.Option(None, "--policy", help="Sandbox policy YAML (default: shipped policy).")


def _run(state: SessionState, as_json: bool, *, confirm: bool = False,
         approve: list[str] | None = None, combine: bool = False,
         policy: str | None = None) -> Outcome:
    from perfscout.cli.session_view import render
    from perfscout.pipeline.session_drive import drive
    from perfscout.sandbox.runner import default_runner

    cfg = load_cfg()
    work = workspace(cfg)
    con = stderr_console()
    st = drive(cfg.home, state, default_runner(work, policy=policy), work, cfg.get,
               confirm=confirm, approve=approve or (), combine=combine,
               say=(lambda s: None) if as_json else (lambda s: con.print(s, markup=False)))
    return Outcome(data=st, render=lambda c: render(c, st))


def _load(sid: str) -> SessionState:
    from perfscout.pipeline import session as ses

    return ses.load(load_cfg().home, sid)

def register(app: typer.Typer) -> None:
    sapp = typer.Typer(help="The six-step workflow as a resumable session.", no_args_is_help=True)
    app.add_typer(sapp, name="session")

    @sapp.command("start")
    def start_cmd(
        files: list[Path] = typer.Argument(None, help="Extra profiler outputs to analyse."),
        kernel: str = typer.Option(None, "--kernel", help="Bundled kernel (default: triad)."),
        spec: Path = typer.Option(None, "--spec", help="Spec of your own program (perfscout "
                                                       "init DIR writes one; no variants)."),
        size: int = typer.Option(None, "--size", help="Problem size (default: the spec's)."),
        approval_policy: str = typer.Option(
            None, "--approval-policy", help="Unattended approvals YAML (confirm_platform, "
                                            "approve, combine)."),
        policy: str = POLICY, confirm: bool = CONFIRM, approve: list[str] = APPROVE,
        combine: bool = COMBINE, as_json: bool = JSON,
    ) -> None:
        """Start a session and run it until it needs a person (or finishes)."""

        def run() -> Outcome:
            from perfscout.pipeline import session as ses

            state = ses.start(load_cfg().home,
                              kernel=kernel or "", spec=str(spec) if spec else None,
                              inputs=[str(f) for f in files or []], size=size,
                              policy=approval_policy, combine=combine)
            return _run(state, as_json, confirm=confirm, approve=approve, policy=policy)

        execute("session start", as_json, run)

    @sapp.command("approve")
    def approve_cmd(sid: str = SID, confirm: bool = CONFIRM, approve: list[str] = APPROVE,
                    combine: bool = COMBINE, policy: str = POLICY, as_json: bool = JSON) -> None:
        """Give the confirmation or approvals a session waits for, then continue it."""
        execute("session approve", as_json, lambda: _run(
            _load(sid), as_json, confirm=confirm, approve=approve, combine=combine,
            policy=policy))

    @sapp.command("resume")
    def resume_cmd(sid: str = SID, policy: str = POLICY, as_json: bool = JSON) -> None:
        """Continue an interrupted session; finished steps are not run again."""
        execute("session resume", as_json, lambda: _run(_load(sid), as_json, policy=policy))

    @sapp.command("status")
    def status_cmd(sid: str = typer.Argument(None, help="Session id (prefix); all if omitted."),
                   as_json: bool = JSON) -> None:
        """Where a session (or every session) stands."""
        execute("session status", as_json, lambda: _status(sid))

    @sapp.command("report")
    def report_cmd(sid: str = SID, as_json: bool = JSON) -> None:
        """The report of a finished session."""
        execute("session report", as_json, lambda: _report(sid))


def _status(sid: str | None) -> Outcome:
    from perfscout.cli.session_view import render, sessions_table
    from perfscout.pipeline.session_drive import all_statuses, status_of

    home = load_cfg().home
    if sid:
        st = status_of(home, sid)
        return Outcome(data=st, render=lambda c: render(c, st))
    rows = all_statuses(home)
    return Outcome(data=SessionsData(rows), render=lambda c: sessions_table(c, rows))


def _report(sid: str) -> Outcome:
    from perfscout.pipeline.session_drive import report_of

    rep = report_of(load_cfg().home, sid)
    return Outcome(data=rep, render=lambda c: c.print(f"report: {rep['html']}", markup=False))
