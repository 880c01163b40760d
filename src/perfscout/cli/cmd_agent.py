"""``perfscout agent "question" [FILES...]`` and ``perfscout agent replay TRANSCRIPT``."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any

import typer
from rich.console import Console

from perfscout.cli._sandbox_opts import POLICY_OPT, WORKSPACE_OPT, config, runner_of
from perfscout.cli.cmd_analyze import load_platform
from perfscout.cli.output import JSON_HELP, Outcome, execute, stderr_console
from perfscout.model.errors import ExitCode, UsageError
from perfscout.model.proposals import Proposal


def _approver(ids: Sequence[str], interactive: bool, say: Any) -> Any:
    allowed = set(ids)

    def approve(props: Sequence[Proposal]) -> set[str]:
        out = set()
        for p in props:
            if p.id in allowed or "all" in allowed:
                say(f"approval: {p.id} approved by --approve")
                out.add(p.id)
            elif interactive:
                g = p.expected_gain
                gain = f" expected {g.low:g}-{g.high:g}x" if g else ""
                if typer.confirm(f"run experiment for {p.id} ({p.title}){gain}?", default=False):
                    out.add(p.id)
            else:
                say(f"approval: {p.id} NOT approved (use --approve {p.id})")
        return out

    return approve


def _replay(path: str, as_json: bool) -> None:
    from perfscout.agent.transcript import read_transcript

    def run() -> Outcome:
        recs = read_transcript(path)
        end = next((r for r in reversed(recs) if r["kind"] == "end"), None)

        def render(con: Console) -> None:
            meta = recs[0]
            con.print(f"question: {meta.get('question')}  model: {meta.get('model')}",
                      markup=False)
            for r in recs[1:]:
                k = r["kind"]
                if k == "model_reply":
                    if r.get("text"):
                        con.print(f"model: {r['text']}", markup=False)
                    for c in r.get("tool_calls", []):
                        con.print(f"tool: {c['name']}({c.get('raw', '')[:200]})", markup=False)
                elif k == "tool_result" and not r.get("ok"):
                    con.print(f"  -> refused: {r['observation'].get('error')}", markup=False)
                elif k == "decision":
                    con.print(f"  decision: {r.get('decision')}", markup=False)
                elif k == "end":
                    con.print(f"end: {r.get('status')} {r.get('error', '')}", markup=False)

        return Outcome(data={"records": recs, "end": end}, render=render)

    execute("agent replay", as_json, run)


def register(app: typer.Typer) -> None:
    @app.command("agent")
    def agent_cmd(
        question: str = typer.Argument(..., help="The question, or 'replay' then a transcript."),
        files: list[str] = typer.Argument(None, help="Profiler outputs to work from."),
        model: str = typer.Option(None, "--model", help="Model name (config llm.model)."),
        base_url: str = typer.Option(None, "--base-url", help="Endpoint (config llm.base_url)."),
        mode: str = typer.Option("auto", "--mode", help="Tool calls: auto, native or json."),
        offline: bool = typer.Option(False, "--offline", help="Deterministic planner, no LLM."),
        approve: list[str] = typer.Option(None, "--approve",
                                          help="Proposal ids approved for experiments ('all')."),
        platform: str = typer.Option(None, "--platform", help="Snapshot JSON of the machine."),
        platform_dir: str = typer.Option(None, "--platform-dir",
                                         help="Directory of saved snapshot command outputs."),
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
            if not files or len(files) != 1:
                def usage() -> Outcome:
                    raise UsageError("replay takes exactly one transcript",
                                     "perfscout agent replay PATH.jsonl")

                execute("agent replay", as_json, usage)
            _replay(files[0], as_json)

        def run() -> Outcome:
            from perfscout.agent.loop import Budgets, run_session
            from perfscout.agent.session import make_model, make_workbench, transcript_path
            from perfscout.agent.transcript import Transcript

            if not question.strip():
                raise UsageError("empty question", 'perfscout agent "why is this slow?" FILES')
            cfg = config(workspace, policy)
            runner = runner_of(cfg)
            err = stderr_console()

            def say(s: str) -> None:
                err.print(s, markup=False, highlight=False)

            snap = load_platform(platform, platform_dir)
            interactive = not as_json and sys.stdin.isatty()
            wb = make_workbench(cfg, runner, runner.workspace, files or [], snapshot=snap,
                                approver=_approver(approve or [], interactive, say),
                                kernel=kernel, size=size)
            m = make_model(cfg, offline=offline, model=model, base_url=base_url, mode=mode)
            tpath = transcript_path(cfg, transcript)
            tr = Transcript(tpath)
            say(f"transcript: {tpath}")
            try:
                res = run_session(question, m, wb, tr, budgets=Budgets.from_config(cfg.get),
                                  say=say)
            finally:
                tr.close()
            fallback = None
            if res.status == "ungrounded":
                say("the model's answer was not grounded; the offline planner answers instead "
                    "(nothing is approved for it)")
                owb = make_workbench(cfg, runner, runner.workspace, files or [], snapshot=snap,
                                     approver=lambda props: set(), kernel=kernel, size=size)
                otr = Transcript(tpath.with_suffix(".offline.jsonl"))
                try:
                    fallback = run_session(question, make_model(cfg, offline=True), owb, otr,
                                          budgets=Budgets.from_config(cfg.get))
                finally:
                    otr.close()

            def render(con: Console) -> None:
                if fallback is not None:
                    con.print(f"UNGROUNDED model answer (not accepted): {res.answer}",
                              markup=False)
                    con.print(f"offline planner's answer: {fallback.answer}", markup=False)
                else:
                    con.print(res.answer, markup=False)
                for r in res.rejected:
                    con.print(f"rejected {r['id']}: {r['reason']}", markup=False)
                for e in res.experiments:
                    for v in e["variants"]:
                        con.print(f"experiment {e['experiment']}: {v['proposal']} "
                                  f"{v['verdict']} ratio {v['ratio']}", markup=False)
                con.print(f"transcript: {res.transcript}", markup=False)

            data = {"session": res, "audit_log": str(runner.audit.path)}
            if fallback is None:
                return Outcome(data=data, render=render)
            data["offline"] = {"answer": fallback.answer, "transcript": fallback.transcript}
            return Outcome(data=data, render=render, status="error", exit_code=ExitCode.LLM,
                           errors=[{"type": "UngroundedAnswer", "exit_code": int(ExitCode.LLM),
                                    "message": "the model's answer is not grounded in this "
                                               "run's tool results: " + "; ".join(res.ungrounded),
                                    "hint": "use a larger model (docs/agent.md), or --offline"}])

        execute("agent", as_json, run)
