"""``perfscout run -- CMD ARGS...``: run one command through the sandbox policy."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

import typer
from rich.console import Console

from perfscout.cli.common import (
    POLICY_OPT,
    UNCONFINED_OPT,
    WORKSPACE_OPT,
    check_timeout,
    config,
    runner_of,
)
from perfscout.cli.output import JSON_HELP, Outcome, execute
from perfscout.cli.results import RunData
from perfscout.model.errors import ExitCode, PolicyDenied, UsageError
from perfscout.model.runs import RunRequest, RunResult

if TYPE_CHECKING:
    from perfscout.sandbox.local_runner import LocalRunner


def run_cmd(
    command: list[str] = typer.Argument(None, help="The command and its arguments (after --)."),
    workspace: str = WORKSPACE_OPT,
    policy: str = POLICY_OPT,
    timeout: float = typer.Option(None, "--timeout", help="Seconds before the tree is killed."),
    approval: str = typer.Option(None, "--approval", help="Approval token for gated commands."),
    purpose: str = typer.Option("cli:run", "--purpose", help="Label for the audit log."),
    unconfined: bool = UNCONFINED_OPT,
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
) -> None:
    """Run a command under the sandbox policy; a denial says why and what would allow it.

    A single quoted argument is split like a shell would, but shell syntax is refused.
    """

    def run() -> Outcome:
        from perfscout.sandbox.shellwords import split_command

        if not command:
            raise UsageError("no command given", "perfscout run -- CMD ARGS...")
        runner = runner_of(config(workspace, policy), unconfined=unconfined)
        try:
            argv = split_command(command[0]) if len(command) == 1 else tuple(command)
        except PolicyDenied as exc:
            runner.record_denial(command[0], "deny:shell-metachar", exc.message, purpose)
            raise
        check_timeout(runner, argv, timeout)
        res = runner.run(RunRequest(argv, timeout_s=timeout, purpose=purpose,
                                    approval_token=approval))
        data = RunData(res, str(runner.audit.path))
        if not res.allowed:
            code = (ExitCode.APPROVAL_REQUIRED if res.rule.startswith("approval:")
                    else ExitCode.POLICY_DENIED)
            err = {"type": "ApprovalRequired" if code == ExitCode.APPROVAL_REQUIRED
                   else "PolicyDenied", "message": f"denied by {res.rule}: {res.reason}",
                   "hint": "perfscout policy show lists what is allowed",
                   "exit_code": int(code)}
            return Outcome(data=data, status="error", exit_code=code, errors=[err])
        code = ExitCode.OK
        status = "ok"
        if res.timed_out:
            code, status = ExitCode.TIMEOUT, "fail"
        elif not res.ok:
            code, status = ExitCode.RUN_FAILED, "fail"

        return Outcome(data=data, render=lambda con: _show(res, runner), status=status,
                       exit_code=code)

    execute("run", as_json, run)


def _show(res: RunResult, runner: LocalRunner) -> None:
    """The command's own output as it came, then one line saying how it ran."""
    sys.stdout.write(res.stdout)
    sys.stdout.flush()
    sys.stderr.write(res.stderr)
    how = f"exit {res.exit_code}" if res.signal is None else f"signal {res.signal}"
    net = "network isolated" if res.network_isolated else "network NOT isolated"
    if runner.confinement() is None:
        net += ", UNCONFINED (no bwrap)"
    Console(stderr=True, highlight=False).print(
        f"[perfscout] {res.rule}: {how}{', timed out' if res.timed_out else ''} in "
        f"{res.duration_s:.3f} s, {net}; {res.reason}".rstrip("; "), markup=False)


def register(app: typer.Typer) -> None:
    app.command("run", context_settings={"allow_interspersed_args": False,
                                          "ignore_unknown_options": True})(run_cmd)
