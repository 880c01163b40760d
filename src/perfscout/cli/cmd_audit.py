"""``perfscout audit verify|show``: check the keyed chain of the sandbox logs, or print one.

``audit verify`` without a log checks every log perfscout wrote under this home (the heads
beside the key list them: the workspace's, the experiments', the patch flow's)."""

from __future__ import annotations

from pathlib import Path

import typer
from rich.console import Console
from rich.table import Table

from perfscout.cli.common import WORKSPACE_OPT, config
from perfscout.cli.output import JSON_HELP, Outcome, execute
from perfscout.cli.results import AuditShowData, AuditVerifyData
from perfscout.model.errors import ExitCode


def _log_path(log: str | None, workspace: str | None) -> Path:
    from perfscout.sandbox.audit import default_log

    if log:
        return Path(log).expanduser()
    cfg = config(workspace, None)
    return default_log(cfg.workspace.resolve())


def _logs(log: str | None, workspace: str | None) -> tuple[list[Path], Path]:
    """The logs to verify (the named one, else every known log) and the home."""
    from perfscout.sandbox.audit import default_log, known_logs

    cfg = config(workspace, None)
    if log:
        return [Path(log).expanduser()], cfg.home
    logs = known_logs(cfg.home)
    own = default_log(cfg.workspace.resolve())
    if own.exists() and own.resolve() not in {p.resolve() for p in logs}:
        logs.append(own)  # written without a head: verify reports it
    if not logs:
        logs.append(own)  # the not-found error names the workspace's log
    return logs, cfg.home


def verify_cmd(
    log: str = typer.Argument(None, help="Log file (default: every log of this home)."),
    workspace: str = WORKSPACE_OPT,
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
) -> None:
    """Check every record's MAC and link; names the first line that was edited or lost."""

    def run() -> Outcome:
        from perfscout.sandbox.audit import verify

        paths, home = _logs(log, workspace)
        results = [(p, verify(p, home)) for p in paths]
        rows = [{"log": str(p), "ok": r.ok, "records": r.records, "line": r.line,
                 "problem": r.problem} for p, r in results]
        data = AuditVerifyData(all(r.ok for _, r in results), rows,
                               sum(r.records for _, r in results))

        def render(con: Console) -> None:
            for p, r in results:
                if r.ok:
                    con.print(f"{p}: {r.records} records, chain intact", markup=False)
                else:
                    where = f":{r.line}" if r.line else ""
                    con.print(f"{p}{where}: {r.problem}", markup=False)

        if data.ok:
            return Outcome(data=data, render=render)
        errs = [{"type": "AuditChainBroken",
                 "message": f"{p}{':' + str(r.line) if r.line else ''}: {r.problem}",
                 "hint": "the log was modified after it was written; keep a copy and "
                 "investigate", "exit_code": int(ExitCode.FAILURE)}
                for p, r in results if not r.ok]
        return Outcome(data=data, render=render, status="fail",
                       exit_code=ExitCode.FAILURE, errors=errs)

    execute("audit verify", as_json, run)


def show_cmd(
    log: str = typer.Argument(None, help="Log file (default: the workspace's log)."),
    workspace: str = WORKSPACE_OPT,
    tail: int = typer.Option(0, "--tail", help="Only the last N records."),
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
) -> None:
    """Print the records: time, decision, rule, exit and the command."""

    def run() -> Outcome:
        from perfscout.sandbox.audit import read_records

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

        return Outcome(data=AuditShowData(str(path), recs), render=render)

    execute("audit show", as_json, run)


def register(app: typer.Typer) -> None:
    audit_app = typer.Typer(help="Verify or show the sandbox audit log.", no_args_is_help=True)
    app.add_typer(audit_app, name="audit")
    audit_app.command("verify")(verify_cmd)
    audit_app.command("show")(show_cmd)
