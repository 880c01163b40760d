"""``perfscout audit verify|show``: check the hash chain of the sandbox log, or print it."""

from __future__ import annotations

from pathlib import Path

import typer
from rich.console import Console
from rich.table import Table

from perfscout.cli._sandbox_opts import WORKSPACE_OPT, config
from perfscout.cli.output import JSON_HELP, Outcome, execute
from perfscout.model.errors import ExitCode
from perfscout.sandbox.audit import default_log, read_records, verify


def _log_path(log: str | None, workspace: str | None) -> Path:
    if log:
        return Path(log).expanduser()
    cfg = config(workspace, None)
    return default_log(Path(str(cfg.get("workspace"))).expanduser().resolve())


def register(app: typer.Typer) -> None:
    audit_app = typer.Typer(help="Verify or show the sandbox audit log.", no_args_is_help=True)
    app.add_typer(audit_app, name="audit")

    @audit_app.command("verify")
    def verify_cmd(
        log: str = typer.Argument(None, help="Log file (default: the workspace's log)."),
        workspace: str = WORKSPACE_OPT,
        as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
    ) -> None:
        """Check every record's hash and link; names the first line that was edited or lost."""

        def run() -> Outcome:
            path = _log_path(log, workspace)
            res = verify(path)
            data = {"log": str(path), "ok": res.ok, "records": res.records, "line": res.line,
                    "problem": res.problem}

            def render(con: Console) -> None:
                if res.ok:
                    con.print(f"{path}: {res.records} records, chain intact", markup=False)
                else:
                    con.print(f"{path}:{res.line}: {res.problem}", markup=False)

            if res.ok:
                return Outcome(data=data, render=render)
            err = {"type": "AuditChainBroken", "message": f"{path}:{res.line}: {res.problem}",
                   "hint": "the log was modified after it was written; keep a copy and "
                   "investigate", "exit_code": int(ExitCode.FAILURE)}
            return Outcome(data=data, render=render, status="fail",
                           exit_code=ExitCode.FAILURE, errors=[err])

        execute("audit verify", as_json, run)

    @audit_app.command("show")
    def show_cmd(
        log: str = typer.Argument(None, help="Log file (default: the workspace's log)."),
        workspace: str = WORKSPACE_OPT,
        tail: int = typer.Option(0, "--tail", help="Only the last N records."),
        as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
    ) -> None:
        """Print the records: time, decision, rule, exit and the command."""

        def run() -> Outcome:
            path = _log_path(log, workspace)
            recs = read_records(path)
            if tail > 0:
                recs = recs[-tail:]

            def render(con: Console) -> None:
                t = Table("seq", "time", "allowed", "rule", "exit", "argv")
                for r in recs:
                    t.add_row(str(r.get("seq")), str(r.get("time", "")),
                              "yes" if r.get("allowed") else "NO", str(r.get("rule", "")),
                              str(r.get("exit_code")), " ".join(map(str, r.get("argv", []))))
                con.print(t)

            return Outcome(data={"log": str(path), "records": recs}, render=render)

        execute("audit show", as_json, run)
