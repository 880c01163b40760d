"""One agent question, answered: the model's session and, when its answer is not grounded in
this run's tool results, the offline planner's answer beside it.

The CLI (``perfscout agent``) parses and renders; this is the one call it makes. The runner,
the approver and the printer are passed in.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from perfscout.agent.loop import SessionResult
    from perfscout.config import Config
    from perfscout.model.snapshot import PlatformSnapshot
    from perfscout.sandbox.local_runner import LocalRunner


@dataclass(frozen=True)
class Asked:
    """The model's session result and, for an ungrounded answer, the offline planner's."""

    session: SessionResult
    fallback: SessionResult | None = None


@dataclass(frozen=True)
class Question:
    """What the user asked and where the agent works from."""

    text: str
    files: Sequence[str]
    kernel: str = ""
    size: int | None = None
    transcript: str | None = None


def ask(q: Question, cfg: Config, runner: LocalRunner, snap: PlatformSnapshot | None,
        approver: Callable[..., set[str]], model: Any, say: Callable[[str], None]) -> Asked:
    """Run the session for ``q`` with ``model``; an ungrounded answer gets the offline
    planner's answer beside it (with nothing approved for it)."""
    from perfscout.agent.loop import Budgets, run_session
    from perfscout.agent.session import make_model, make_workbench, transcript_path
    from perfscout.agent.transcript import Transcript

    def bench(appr: Callable[..., set[str]]) -> Any:
        return make_workbench(cfg, runner, runner.workspace, list(q.files), snapshot=snap,
                              approver=appr, kernel=q.kernel, size=q.size)

    tpath = transcript_path(cfg, q.transcript)
    tr = Transcript(tpath)
    say(f"transcript: {tpath}")
    try:
        res = run_session(q.text, model, bench(approver), tr,
                          budgets=Budgets.from_config(cfg.get), say=say)
    finally:
        tr.close()
    if res.status != "ungrounded":
        return Asked(res)
    say("the model's answer was not grounded; the offline planner answers instead "
        "(nothing is approved for it)")
    otr = Transcript(tpath.with_suffix(".offline.jsonl"))
    try:
        fallback = run_session(q.text, make_model(cfg, offline=True), bench(lambda props: set()),
                               otr, budgets=Budgets.from_config(cfg.get))
    finally:
        otr.close()
    return Asked(res, fallback)
