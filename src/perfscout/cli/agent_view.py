"""What ``agent`` shows: the answer (or the ungrounded one beside the offline planner's), the
typed envelope data, the approval prompt, and a replayed transcript."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rich.console import Console

if TYPE_CHECKING:
    from perfscout.agent.loop import SessionResult
    from perfscout.model.proposals import Proposal
    from perfscout.pipeline.agent_ask import Asked


@dataclass(frozen=True)
class AgentData:
    """``agent --json`` data: the session, the audit log, the offline answer when ungrounded."""

    session: SessionResult
    audit_log: str
    offline: dict[str, Any] | None = None


@dataclass(frozen=True)
class ReplayData:
    """``agent replay --json`` data: the transcript's records and its end record."""

    records: list[dict[str, Any]]
    end: dict[str, Any] | None


def agent_data(asked: Asked, audit_log: str) -> AgentData:
    fb = asked.fallback
    return AgentData(asked.session, audit_log, None if fb is None else
                     {"answer": fb.answer, "transcript": fb.transcript})


def ungrounded_error(res: SessionResult) -> dict[str, Any]:
    """The envelope error of an answer not grounded in this run's tool results."""
    from perfscout.model.errors import ExitCode

    return {"type": "UngroundedAnswer", "exit_code": int(ExitCode.LLM),
            "message": "the model's answer is not grounded in this run's tool results: "
                       + "; ".join(res.ungrounded),
            "hint": "use a larger model (docs/agent.md), or --offline"}


def render(con: Console, asked: Asked) -> None:
    """The answer, the rejected proposals, the experiments' verdicts and the transcript."""
    res, fallback = asked.session, asked.fallback
    if fallback is not None:
        con.print(f"UNGROUNDED model answer (not accepted): {res.answer}", markup=False)
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


def approver(ids: Sequence[str], interactive: bool, say: Callable[[str], None]
             ) -> Callable[[Sequence[Proposal]], set[str]]:
    """Who approves experiments: ``--approve IDS`` (or ``all``), else a prompt on a terminal,
    else nobody (each refusal is said)."""
    import typer

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


def render_replay(con: Console, recs: list[dict[str, Any]]) -> None:
    """A saved transcript, one line per reply, tool call, refusal and decision."""
    meta = recs[0]
    con.print(f"question: {meta.get('question')}  model: {meta.get('model')}", markup=False)
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
