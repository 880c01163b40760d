"""``perfscout policy show|check``: the effective sandbox policy, and a dry-run decision."""

from __future__ import annotations

from typing import Any

import typer
from rich.console import Console
from rich.table import Table

from perfscout.cli.common import POLICY_OPT, WORKSPACE_OPT, config, policy_of
from perfscout.cli.output import JSON_HELP, Outcome, execute
from perfscout.cli.results import PolicyCheckData, PolicyShowData, PolicyYamlData
from perfscout.model.errors import ExitCode, UsageError


def show(
    policy: str = POLICY_OPT,
    yaml_out: bool = typer.Option(False, "--yaml", help="Print the shipped default YAML."),
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
) -> None:
    """List the allowed executables with their rules, limits and network setting."""

    def run() -> Outcome:
        from perfscout.sandbox.policy import default_policy_text

        if yaml_out:
            text = default_policy_text()
            return Outcome(data=PolicyYamlData(text), render=lambda con: print(text, end=""))
        pol = policy_of(config(None, policy))
        rows: list[dict[str, Any]] = []
        for exe in pol.executables.values():
            for r in [exe.rule, *exe.subcommands.values()]:
                rows.append({"rule": r.name, "names": list(exe.names),
                             "approval": r.approval, "network": r.network,
                             "positionals": r.positionals})
        data = PolicyShowData(pol.source, {
            "timeout_s": pol.timeout_s, "total_budget_s": pol.total_budget_s,
            "output_cap_bytes": pol.output_cap_bytes, "network": pol.network,
            "limits": pol.limits}, rows, dict(pol.denied), list(pol.read_only))

        def render(con: Console) -> None:
            con.print(f"policy: {pol.source}", markup=False)
            t = Table("rule", "names", "args", "network", "approval")
            for r in rows:
                t.add_row(r["rule"], " ".join(r["names"][:4]), r["positionals"],
                          "yes" if r["network"] else "", r["approval"] or "")
            con.print(t)
            con.print("never allowed: " + ", ".join(pol.denied), markup=False)

        return Outcome(data=data, render=render)

    execute("policy show", as_json, run)


def check(
    command: list[str] = typer.Argument(None, help="The command to check (after --)."),
    workspace: str = WORKSPACE_OPT,
    policy: str = POLICY_OPT,
    approval: str = typer.Option(None, "--approval", help="Approval token to consider."),
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
) -> None:
    """Say whether a command would be allowed, by which rule, and what would allow it."""

    def run() -> Outcome:
        from perfscout.sandbox.approval import check_token
        from perfscout.sandbox.evaluate import Evaluator
        from perfscout.sandbox.shellwords import split_command

        if not command:
            raise UsageError("no command given", "perfscout policy check -- CMD ARGS...")
        argv = split_command(command[0]) if len(command) == 1 else tuple(command)
        cfg = config(workspace, policy)
        ws = cfg.workspace.resolve()
        ev = Evaluator(policy_of(cfg), ws, lambda t, s, a: check_token(cfg.home, t, s, argv=a))
        v = ev.evaluate(argv, approval_token=approval)
        d = v.decision
        data = PolicyCheckData(d, list(argv), str(ws), v.limits, v.network)

        def render(con: Console) -> None:
            if d.allowed:
                con.print(f"allowed by {d.rule}: {' '.join(d.resolved_argv)}", markup=False)
            else:
                con.print(f"denied by {d.rule}: {d.reason}", markup=False)
                if d.suggestion:
                    con.print(f"  to allow: {d.suggestion}", markup=False)

        if d.allowed:
            return Outcome(data=data, render=render)
        code = (ExitCode.APPROVAL_REQUIRED if d.rule.startswith("approval:")
                else ExitCode.POLICY_DENIED)
        return Outcome(data=data, render=render, status="fail", exit_code=code)

    execute("policy check", as_json, run)


def register(app: typer.Typer) -> None:
    pol_app = typer.Typer(help="Show the sandbox policy or check a command against it.",
                          no_args_is_help=True)
    app.add_typer(pol_app, name="policy")
    pol_app.command("show")(show)
    pol_app.command("check", context_settings={"allow_interspersed_args": False,
                                                "ignore_unknown_options": True})(check)
