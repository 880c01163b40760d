"""``perfscout agent "question" [FILES...]`` and ``perfscout agent replay TRANSCRIPT``."""

from __future__ import annotations

from typing import TYPE_CHECKING

import typer

from perfscout.cli.common import (
    PLATFORM_DIR_OPT,
    PLATFORM_OPT,
    POLICY_OPT,
    WORKSPACE_OPT,
    config,
    load_platform,
    runner_of,
)
from perfscout.cli.output import JSON_HELP, Outcome, execute, stderr_console

if TYPE_CHECKING:
    from perfscout.pipeline.agent_ask import Question


def agent_cmd(
    question: str = typer.Argument(..., help="The question, or 'replay' then a transcript."),
    files: list[str] = typer.Argument(None, help="Profiler outputs to work from."),
    model: str = typer.Option(None, "--model", help="Model name (config llm.model)."),
    base_url: str = typer.Option(None, "--base-url", help="Endpoint (config llm.base_url)."),
    mode: str = typer.Option("auto", "--mode", help="Tool calls: auto, native or json."),
    offline: bool = typer.Option(False, "--offline", help="Deterministic planner, no LLM."),
    approve: list[str] = typer.Option(None, "--approve",
                                      help="Proposal ids approved for experiments ('all')."),
    platform: str = PLATFORM_OPT,
    platform_dir: str = PLATFORM_DIR_OPT,
    kernel: str = typer.Option("", "--kernel", help="Bundled kernel experiments run on."),
    size: int = typer.Option(None, "--size", help="Problem size of the experiments."),
    transcript: str = typer.Option(None, "--transcript", help="Transcript JSONL path."),
    workspace: str = WORKSPACE_OPT,
    policy: str = POLICY_OPT,
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
) -> None:
    """Ask the agent; the conversation streams to stderr, the transcript is saved.

    Nothing runs as an experiment without approval: an interactive prompt, --approve IDS,
    or an approval token the model passes on from you."""
    if question == "replay":
        execute("agent replay", as_json, lambda: _replay(files or []))
    from perfscout.pipeline.agent_ask import Question as Q

    q = Q(question, files or [], kernel, size, transcript)
    execute("agent", as_json, lambda: _ask(q, (model, base_url, mode, offline), approve or [],
                                           platform, platform_dir, workspace, policy, as_json))


def _replay(files: list[str]) -> Outcome:
    from perfscout.agent.transcript import read_transcript
    from perfscout.cli.agent_view import ReplayData, render_replay
    from perfscout.model.errors import UsageError

    if len(files) != 1:
        raise UsageError("replay takes exactly one transcript", "perfscout agent replay PATH.jsonl")
    recs = read_transcript(files[0])
    end = next((r for r in reversed(recs) if r["kind"] == "end"), None)
    return Outcome(data=ReplayData(recs, end), render=lambda con: render_replay(con, recs))


def _ask(q: Question, llm: tuple[str | None, str | None, str, bool], approve: list[str],
         platform: str | None, platform_dir: str | None, workspace: str | None,
         policy: str | None, as_json: bool) -> Outcome:
    import sys

    from perfscout.agent.session import make_model
    from perfscout.cli.agent_view import agent_data, approver, render, ungrounded_error
    from perfscout.model.errors import ExitCode, UsageError
    from perfscout.pipeline.agent_ask import ask

    if not q.text.strip():
        raise UsageError("empty question", 'perfscout agent "why is this slow?" FILES')
    cfg = config(workspace, policy)
    runner = runner_of(cfg)
    err = stderr_console()

    def say(s: str) -> None:
        err.print(s, markup=False, highlight=False)

    snap = load_platform(platform, platform_dir)
    model, base_url, mode, offline = llm
    m = make_model(cfg, offline=offline, model=model, base_url=base_url, mode=mode)
    asked = ask(q, cfg, runner, snap, approver(approve, not as_json and sys.stdin.isatty(), say),
                m, say)
    data = agent_data(asked, str(runner.audit.path))
    if asked.fallback is None:
        return Outcome(data=data, render=lambda con: render(con, asked))
    return Outcome(data=data, render=lambda con: render(con, asked), status="error",
                   exit_code=ExitCode.LLM, errors=[ungrounded_error(asked.session)])


def register(app: typer.Typer) -> None:
    app.command("agent")(agent_cmd)
