"""``perfscout mcp``: serve the agent's tools to any MCP host over stdio."""

from __future__ import annotations

import typer
from rich.console import Console

from perfscout.cli.common import POLICY_OPT, WORKSPACE_OPT, config, load_platform, runner_of
from perfscout.cli.output import JSON_HELP, Outcome, execute
from perfscout.cli.results import ToolsData


def register(app: typer.Typer) -> None:
    @app.command("mcp")
    def mcp_cmd(
        files: list[str] = typer.Argument(None, help="Profiler outputs the tools start with."),
        platform: str = typer.Option(None, "--platform", help="Snapshot JSON of the machine."),
        kernel: str = typer.Option("", "--kernel", help="Bundled kernel experiments run on."),
        workspace: str = WORKSPACE_OPT,
        policy: str = POLICY_OPT,
        check: bool = typer.Option(False, "--check", help="List the tools and exit."),
        as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
    ) -> None:
        """Serve the tools over stdio until the client disconnects; experiments need an
        approval_token from `perfscout approve grant --scope experiment --for PROPOSAL`."""
        from perfscout.agent.mcp_server import mcp_schema, serve_stdio
        from perfscout.agent.session import make_workbench
        from perfscout.agent.tools import TOOL_LIST

        if check:
            def run() -> Outcome:
                rows = [{"name": t.name, "description": t.description,
                         "input_schema": mcp_schema(t)} for t in TOOL_LIST]
                def render(con: Console) -> None:
                    for r in rows:
                        con.print(f"{r['name']}: {r['description']}", markup=False)

                return Outcome(data=ToolsData(rows), render=render)

            execute("mcp", as_json, run)
        cfg = config(workspace, policy)
        runner = runner_of(cfg)
        wb = make_workbench(cfg, runner, runner.workspace, files or [],
                            snapshot=load_platform(platform, None), kernel=kernel)
        serve_stdio(wb)
