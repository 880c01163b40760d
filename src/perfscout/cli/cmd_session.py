"""``perfscout session start|status|approve|resume|report``: the six-step workflow, resumable."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.table import Table

from perfscout.cli.cmd_experiment import workspace
from perfscout.cli.output import JSON_HELP, Outcome, execute, stderr_console
from perfscout.cli.state import OPTIONS
from perfscout.config import load_config
from perfscout.model.errors import ApprovalRequired, NotFoundError
from perfscout.pipeline import session as ses
from perfscout.sandbox.runner import default_runner


def _run(sid_state: dict[str, Any] | None, sid: str | None, *, confirm: bool = False,
         approve: list[str] | None = None, as_json: bool = False) -> Outcome:
    cfg = load_config(config_path=OPTIONS.config_path)
    state = sid_state if sid_state is not None else ses.load(cfg.home, sid or "")
    work = workspace(cfg)
    con = stderr_console()
    waiting = ""
    try:
        ses.advance(cfg.home, state, runner=default_runner(work), workspace=work,
                    cfg_get=cfg.get, confirm_platform=confirm, approve=approve or (),
                    say=(lambda s: None) if as_json else (lambda s: con.print(s, markup=False)))
    except ApprovalRequired as exc:  # the session is waiting for a person: not a failure
        waiting = f"{exc.message}; {exc.hint}"
    st = ses.status(ses.load(cfg.home, state["id"]))
    st["waiting"] = waiting
    full = ses.load(cfg.home, state["id"])
    st["outputs"] = {k: v for k, v in full["steps"].items() if v.get("status") == "done"}
    return Outcome(data=st, render=lambda c: _render(c, st))


def _render(con: Console, st: dict[str, Any]) -> None:
    t = Table("step", "status", title=f"session {st['id']} ({st['program']})")
    for s, v in st["steps"].items():
        t.add_row(s, v)
    con.print(t)
    if st.get("waiting"):
        con.print(f"waiting: {st['waiting']}", markup=False)
    rep = st.get("outputs", {}).get("report")
    if rep:
        con.print(f"report: {rep['html']}", markup=False)


def register(app: typer.Typer) -> None:
    sapp = typer.Typer(help="The six-step workflow as a resumable session.", no_args_is_help=True)
    app.add_typer(sapp, name="session")

    @sapp.command("start")
    def start_cmd(
        files: list[Path] = typer.Argument(None, help="Extra profiler outputs to analyse."),
        kernel: str = typer.Option(None, "--kernel",
                                   help="Bundled kernel to work on (default: triad)."),
        spec: Path = typer.Option(None, "--spec",
                                  help="Experiment spec of your own program (source:, args:, "
                                       "its result line; no variants)."),
        size: int = typer.Option(None, "--size", help="Problem size (default: screening)."),
        policy: str = typer.Option(None, "--policy",
                                   help="Unattended policy YAML (confirm_platform, approve)."),
        confirm: bool = typer.Option(False, "--confirm-platform", help="Confirm the platform."),
        approve: list[str] = typer.Option(None, "--approve", help="Approve proposal ids."),
        as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
    ) -> None:
        """Start a session and run it until it needs a person (or finishes)."""

        def run() -> Outcome:
            cfg = load_config(config_path=OPTIONS.config_path)
            state = ses.start(cfg.home, kernel=kernel or "", spec=str(spec) if spec else None,
                              inputs=[str(f) for f in files or []], size=size, policy=policy)
            return _run(state, None, confirm=confirm, approve=approve, as_json=as_json)

        execute("session start", as_json, run)

    @sapp.command("approve")
    def approve_cmd(
        sid: str = typer.Argument(..., help="Session id (prefix)."),
        confirm: bool = typer.Option(False, "--confirm-platform", help="Confirm the platform."),
        approve: list[str] = typer.Option(None, "--approve", help="Approve proposal ids."),
        as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
    ) -> None:
        """Give the confirmation or approvals a session waits for, then continue it."""
        execute("session approve", as_json,
                lambda: _run(None, sid, confirm=confirm, approve=approve, as_json=as_json))

    @sapp.command("resume")
    def resume_cmd(sid: str = typer.Argument(..., help="Session id (prefix)."),
                   as_json: bool = typer.Option(False, "--json", help=JSON_HELP)) -> None:
        """Continue an interrupted session; finished steps are not run again."""
        execute("session resume", as_json, lambda: _run(None, sid, as_json=as_json))

    @sapp.command("status")
    def status_cmd(sid: str = typer.Argument(None, help="Session id (prefix); all if omitted."),
                   as_json: bool = typer.Option(False, "--json", help=JSON_HELP)) -> None:
        """Where a session (or every session) stands."""

        def run() -> Outcome:
            cfg = load_config(config_path=OPTIONS.config_path)
            if sid:
                st = ses.status(ses.load(cfg.home, sid))
                return Outcome(data=st, render=lambda c: _render(c, st))
            rows = [ses.status(s) for s in ses.list_sessions(cfg.home)]

            def render(con: Console) -> None:
                t = Table("id", "program", "next step", title="sessions")
                for r in rows:
                    t.add_row(r["id"], r["program"], r["next"] or "done")
                con.print(t)

            return Outcome(data={"sessions": rows}, render=render)

        execute("session status", as_json, run)

    @sapp.command("report")
    def report_cmd(sid: str = typer.Argument(..., help="Session id (prefix)."),
                   as_json: bool = typer.Option(False, "--json", help=JSON_HELP)) -> None:
        """The report of a finished session."""

        def run() -> Outcome:
            cfg = load_config(config_path=OPTIONS.config_path)
            state = ses.load(cfg.home, sid)
            rep = state["steps"]["report"]
            if rep["status"] != "done":
                raise NotFoundError(f"session {state['id']} has no report yet",
                                    hint=f"perfscout session resume {state['id']}")
            return Outcome(data=rep, render=lambda c: c.print(f"report: {rep['html']}",
                                                              markup=False))

        execute("session report", as_json, run)
