"""The six-step workflow as declared, persistent, resumable steps: collect, confirm, analyse,
approve, verify, report.

A session lives in ``$PERFSCOUT_HOME/sessions/ID/``: ``state.json`` (a :class:`SessionState`,
written with the model's serialiser to a temp file then renamed) plus each step's output.
:data:`STEPS` declares the steps in order, each with the gate a person must pass before it runs
(``None``: no gate). :func:`advance` runs them until one waits for a person: ``confirm`` needs
the platform confirmed (``--confirm-platform`` or ``confirm_platform: true`` in an approval
policy), ``approve`` needs proposal ids (``--approve ID...`` or ``approve: [ids]``). Approvals
can be given again until verify has started: approving only proposals that cannot run on the
program leaves ``approve`` waiting with the reasons, and a new approval is taken. A step that
finished is never run again; an interrupted ``verify`` resumes the same experiment, whose store
keeps every completed sample. Lifecycle: docs/session.md.
"""

from __future__ import annotations

import dataclasses
import datetime as _dt
import enum
import json
import uuid
from collections.abc import Callable, Sequence
from contextlib import closing
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from perfscout.files import read_structured, write_atomic
from perfscout.model.clock import utc_now
from perfscout.model.errors import ApprovalRequired, InputError, NotFoundError
from perfscout.model.proposals import Proposal
from perfscout.model.runs import Runner
from perfscout.model.serialize import from_jsonable, to_jsonable
from perfscout.model.snapshot import PlatformSnapshot
from perfscout.model.user_data import flag, listed, mapping, scalar_text

if TYPE_CHECKING:
    from perfscout.experiment.runner import ExperimentResult
    from perfscout.experiment.spec import ExperimentSpec
    from perfscout.pipeline.analyze import Analysis


class StepStatus(enum.StrEnum):
    """Where one step stands; ``running`` is saved before verify measures anything."""

    PENDING = "pending"
    RUNNING = "running"
    DONE = "done"


@dataclass
class StepState:
    status: StepStatus = StepStatus.PENDING
    at: str = ""
    out: dict[str, Any] = field(default_factory=dict)


@dataclass
class SessionState:
    """Everything a session keeps between commands (``state.json``)."""

    id: str
    created: str
    kernel: str
    program: str
    spec: dict[str, Any] | None = None  # the user's spec, read once at start
    size: int | None = None
    inputs: list[str] = field(default_factory=list)
    policy: dict[str, Any] = field(default_factory=dict)  # the approval policy
    combine: bool = False  # also measure the combination of the winners
    steps: dict[str, StepState] = field(default_factory=dict)

    def done(self, step: str) -> bool:
        return self.steps[step].status == StepStatus.DONE


@dataclass
class Context:
    """What one :func:`advance` call works with (the runner is passed in)."""

    home: Path
    state: SessionState
    runner: Runner
    workspace: Path
    cfg_get: Callable[[str], Any]
    confirm_platform: bool = False
    approve: Sequence[str] = ()
    say: Callable[[str], None] = lambda s: None

    @property
    def dir(self) -> Path:
        return sessions_dir(self.home) / self.state.id

    def snapshot(self) -> PlatformSnapshot:
        return from_jsonable(PlatformSnapshot, _read(self.dir / "snapshot.json"))

    def analysis(self) -> dict[str, Any]:
        return dict(_read(self.dir / "analysis.json"))

    def proposals(self) -> list[Proposal]:
        return _proposals(self.analysis())


def _proposals(analysis: dict[str, Any]) -> list[Proposal]:
    """The proposals of a session's ``analysis.json`` (already read)."""
    return [from_jsonable(Proposal, p) for p in analysis["proposals"]]


@dataclass(frozen=True)
class Step:
    """One step: ``run`` returns its outputs; ``gate`` says why a person is needed (None: the
    gate is passed); a step with ``gate=None`` never waits."""

    name: str
    run: Callable[[Context], dict[str, Any]]
    gate: Callable[[Context], str | None] | None = None
    title: str = ""


def _write(path: Path, data: Any) -> None:
    write_atomic(path, json.dumps(to_jsonable(data), indent=1, default=str))


def _read(path: Path) -> Any:
    return json.loads(path.read_text())


def sessions_dir(home: Path) -> Path:
    return home / "sessions"


def load(home: Path, sid: str) -> SessionState:
    """The state of session ``sid`` (an id prefix is enough)."""
    root = sessions_dir(home)
    cands = sorted(p.name for p in root.glob(f"{sid}*") if (p / "state.json").is_file()) \
        if root.is_dir() else []
    if len(cands) != 1:
        raise NotFoundError(f"no session {sid!r}" if not cands else
                            f"session prefix {sid!r} is ambiguous: {', '.join(cands)}",
                            hint="perfscout session status lists the sessions")
    return from_jsonable(SessionState, _read(root / cands[0] / "state.json"))


def save(home: Path, state: SessionState) -> None:
    d = sessions_dir(home) / state.id
    d.mkdir(parents=True, exist_ok=True)
    _write(d / "state.json", state)


def list_sessions(home: Path) -> list[SessionState]:
    root = sessions_dir(home)
    if not root.is_dir():
        return []
    return [from_jsonable(SessionState, _read(p / "state.json"))
            for p in sorted(root.iterdir()) if (p / "state.json").is_file()]


def read_policy(path: str | None) -> dict[str, Any]:
    """An approval policy for unattended runs: ``confirm_platform: bool``, ``approve: [ids]``,
    ``combine: bool``."""
    if not path:
        return {}
    data = mapping(read_structured(path, "approval policy", "yaml"), f"{path}: the policy")
    unknown = set(data) - {"confirm_platform", "approve", "combine"}
    if unknown:
        raise InputError(f"{path}: unknown keys {sorted(unknown)}",
                         hint="valid keys: confirm_platform, approve, combine")
    out: dict[str, Any] = {k: flag(data[k], f"{path}: {k}")
                           for k in ("confirm_platform", "combine") if k in data}
    if data.get("approve") is not None:
        ids = [data["approve"]] if isinstance(data["approve"], str) else \
            listed(data["approve"], f"{path}: approve")
        out["approve"] = [scalar_text(i, f"{path}: approve[{n}]") for n, i in enumerate(ids)]
    return out


def start(home: Path, *, kernel: str = "", spec: str | None = None, inputs: Sequence[str] = (),
          size: int | None = None, policy: str | None = None, combine: bool = False
          ) -> SessionState:
    """A new session on bundled ``kernel`` (triad when neither is given) or on the program an
    experiment ``spec`` file describes (a project or source, how it is built, run, measured
    and checked; no variants: they come from the approved proposals), plus extra ``inputs``.

    The spec is read once, here, and kept in the session, so a resumed session measures the
    program it started with even if the file changed."""
    from perfscout.experiment.spec import load_spec
    from perfscout.pipeline.demo import DEMO_KERNELS

    program: dict[str, Any] | None = None
    if spec:
        if kernel:
            raise InputError("give a bundled kernel or a spec, not both")
        sp = load_spec(spec, need_variants=False)
        if sp.variants:
            raise InputError(f"{spec}: a session's variants come from the approved proposals; "
                             "remove `variants`")
        program, kernel = to_jsonable(sp), sp.kernel
    elif (kernel or "triad") not in DEMO_KERNELS:
        raise InputError(f"sessions run on a bundled kernel or a spec; {kernel!r} is not a "
                         "bundled kernel", hint="kernels: " + ", ".join(DEMO_KERNELS)
                         + "; or --spec SPEC.yaml for your own program (perfscout init DIR)")
    else:
        kernel = kernel or "triad"
    for f in inputs:
        if not Path(f).exists():
            raise NotFoundError(f"{f}: no such file")
    rules = read_policy(policy)
    sid = _dt.datetime.now(_dt.UTC).strftime("%Y%m%d-%H%M%S-") + uuid.uuid4().hex[:6]
    label = Path(program["project"] or program["source"]).name if program and (
        program["project"] or program["source"]) else kernel
    state = SessionState(sid, utc_now(), kernel, label, program, size,
                         [str(Path(f).resolve()) for f in inputs], rules,
                         combine or bool(rules.get("combine")),
                         {s.name: StepState() for s in STEPS})
    save(home, state)
    return state


def session_spec(state: SessionState) -> ExperimentSpec:
    """The experiment spec the session measures: the kept user spec, or the bundled kernel's
    demo setup (baseline, screening size)."""
    from perfscout.experiment.spec import ExperimentSpec
    from perfscout.pipeline.demo import DEMO_KERNELS

    name = f"session-{state.id}"
    if state.spec:
        spec = from_jsonable(ExperimentSpec, dict(state.spec))
        size = state.size or spec.size
        return dataclasses.replace(spec, name=name, variants=(),
                                   size=None if size is None else int(size))
    base, screen, _confirm_size = DEMO_KERNELS[state.kernel]
    return ExperimentSpec(name, base, (), kernel=state.kernel, size=int(state.size or screen))


# ---- the steps ----------------------------------------------------------------------------


def _collect(ctx: Context) -> dict[str, Any]:
    from perfscout.pipeline.demo import profile_baseline
    from perfscout.pipeline.session_checks import probe_result_line
    from perfscout.snapshot import take_snapshot

    ctx.say("1/6 collect: platform snapshot, a first run of the program, a profiled baseline")
    spec = session_spec(ctx.state)
    probe_result_line(ctx.runner, spec, ctx.workspace / "probe" / ctx.state.id)
    snap = take_snapshot(ctx.runner)
    _write(ctx.dir / "snapshot.json", snap)
    notes: list[str] = []
    files = [str(p) for p in profile_baseline(ctx.runner, spec, ctx.workspace, notes)]
    for n in notes:
        ctx.say(f"    {n}")
    return {"files": files + list(ctx.state.inputs), "platform_key": snap.key, "notes": notes}


def _confirm_gate(ctx: Context) -> str | None:
    if ctx.confirm_platform or ctx.state.policy.get("confirm_platform"):
        return None
    return f"confirm the platform {ctx.snapshot().key!r} before analysis (--confirm-platform)"


def _confirm(ctx: Context) -> dict[str, Any]:
    return {"platform_key": ctx.snapshot().key,
            "by": "user" if ctx.confirm_platform else "policy"}


def _analyse(ctx: Context) -> dict[str, Any]:
    from perfscout.experiment.store import default_db
    from perfscout.pipeline.analyze import analyze
    from perfscout.pipeline.stacking import follow_up_flags

    ctx.say("3/6 analyse: findings, do-not list, proposals")
    snap = ctx.snapshot()
    a = analyze(ctx.state.steps["collect"].out["files"], snapshot=snap,
                runner=ctx.runner, kb_db=default_db(ctx.home))
    proposals, hot, bad = _source_changes(ctx, a)
    follow = follow_up_flags(a.findings, a.rejected, snap, a.profiles)
    _write(ctx.dir / "analysis.json", {
        "findings": a.findings, "proposals": proposals, "rejected": a.rejected,
        "do_not": a.do_not, "data_requests": a.data_requests, "limits": a.limits,
        "hot_lines": hot, "unconvertible": bad, "followups": follow})
    return {"proposals": [p.id for p in proposals], "findings": [f.id for f in a.findings],
            "unconvertible": [u["id"] for u in bad]}


def source_root(spec: ExperimentSpec) -> Path | None:
    """Where a session's generated source changes apply: the user's project, or the folder of
    a single-file ``source:`` program; None for a bundled kernel."""
    if spec.project:
        return Path(spec.project)
    if spec.source and not spec.kernel:
        return Path(spec.source).resolve().parent
    return None


def _source_changes(ctx: Context, a: Analysis
                    ) -> tuple[list[Proposal], list[dict[str, Any]], list[dict[str, str]]]:
    """On a user's program: point each loop-changing source proposal at the hot line of the
    line-level profile (unless the diagnosis already named a program line) and generate its
    diff on that nest and on every other nest holding a hot line (share >= HOT_SHARE); the
    proposals, the hot lines, and the source proposals left without a diff with the reason
    (shown at the approve gate and in the report)."""
    from perfscout.pipeline.build_changes import attach_build_diff
    from perfscout.pipeline.line_profile import hot_lines, target_hot_line
    from perfscout.pipeline.source_changes import HOT_SHARE, attach_diffs, build_headers

    spec = session_spec(ctx.state)
    root = source_root(spec)
    if root is None:
        return list(a.proposals), [], []
    hot = hot_lines(a.profiles, root, ctx.workspace)
    also = [(h.path, h.line) for h in hot if h.share >= HOT_SHARE]
    proposals, bad = attach_diffs(target_hot_line(a.proposals, hot, root, ctx.workspace), root,
                                  also=also, skip=ctx.workspace,
                                  headers=build_headers(root, spec))
    if spec.project:  # a debug build's words where the build files write them
        proposals, refused = attach_build_diff(proposals, Path(spec.project), spec)
        bad += refused
    for u in bad:
        ctx.say(f"    no diff for {u.proposal_id}: {u.reason}")
    return (proposals, [{"path": h.path, "line": h.line, "share": h.share} for h in hot[:10]],
            [{"id": u.proposal_id, "reason": u.reason, "scope": u.scope} for u in bad])


def _approve_gate(ctx: Context) -> str | None:
    from perfscout.pipeline.session_checks import menu_lines

    if ctx.approve or ctx.state.policy.get("approve"):
        return None
    analysis = ctx.analysis()
    for line in menu_lines(analysis, session_spec(ctx.state)):
        ctx.say(line)
    offered = ", ".join(p.id for p in _proposals(analysis)) or "none"
    return f"nothing is verified before you approve proposals (offered: {offered})"


def _approve(ctx: Context) -> dict[str, Any]:
    from perfscout.experiment.convert import to_variants

    wanted = list(ctx.approve) or list(ctx.state.policy.get("approve") or [])
    analysis = ctx.analysis()
    props = {p.id: p for p in _proposals(analysis)}
    unknown = [w for w in wanted if w not in props]
    if unknown:
        raise InputError(f"not among this session's proposals: {', '.join(unknown)}",
                         hint="offered: " + ", ".join(sorted(props)))
    spec = session_spec(ctx.state)
    variants, bad = to_variants([props[w] for w in wanted], spec.kernel, spec.check.kind)
    no_diff = {u["id"]: u["reason"] for u in analysis.get("unconvertible", [])}
    why = [{"id": u.proposal_id, "reason": no_diff.get(u.proposal_id, u.reason)} for u in bad]
    if not variants:
        _save_step(ctx, "approve", StepStatus.PENDING, {"refused": wanted, "unconvertible": why})
        raise ApprovalRequired(
            f"session {ctx.state.id}: none of the approved proposals can run on this program: "
            + "; ".join(f"{u['id']}: {u['reason']}" for u in why),
            hint=f"approve others: perfscout session approve {ctx.state.id} --approve ID ...")
    for u in why:
        ctx.say(f"    cannot run {u['id']}: {u['reason']}")
    return {"approved": wanted, "unconvertible": why,
            "by": "user" if ctx.approve else "policy"}


def _verify(ctx: Context) -> dict[str, Any]:
    from perfscout.experiment.convert import to_variants
    from perfscout.pipeline.session_checks import buildable, combine_winners, run_and_record

    ctx.say("5/6 verify: experiment of the approved proposals")
    props = ctx.proposals()
    approved = set(ctx.state.steps["approve"].out["approved"])
    spec = session_spec(ctx.state)
    variants, _bad = to_variants([p for p in props if p.id in approved], spec.kernel,
                                 spec.check.kind)
    _save_step(ctx, "verify", StepStatus.RUNNING, {})
    variants, broken = buildable(ctx, spec, variants)
    for b in broken:
        ctx.say(f"    does not build: {b['id']}: {b['reason']}")
    if not variants:  # nothing was measured: the approval opens again
        _save_step(ctx, "verify", StepStatus.PENDING, {})
        _save_step(ctx, "approve", StepStatus.PENDING, {"unconvertible": broken})
        raise ApprovalRequired(
            f"session {ctx.state.id}: none of the approved proposals builds: "
            + "; ".join(f"{b['id']}: {b['reason']}" for b in broken),
            hint=f"approve others: perfscout session approve {ctx.state.id} --approve ID ...")
    res = run_and_record(ctx, dataclasses.replace(spec, variants=tuple(variants)), props)
    out: dict[str, Any] = {"experiment": res.id, "verdicts": _verdicts(res),
                           "unconvertible": ctx.state.steps["approve"].out["unconvertible"]
                           + broken}
    if ctx.state.combine:
        out["combination"] = combine_winners(ctx, spec, variants, res, props,
                                             source_root(spec))
    return out


def _verdicts(res: ExperimentResult) -> dict[str, str]:
    return {v.proposal_id or v.name: v.verdict for v in res.variants}


def _report(ctx: Context) -> dict[str, Any]:
    from perfscout.experiment.store import Store, default_db
    from perfscout.kb import CardStore
    from perfscout.report import build, write_report
    from perfscout.report.collect import parse_analysis

    ctx.say("6/6 report")
    verify = ctx.state.steps["verify"].out
    ids = [verify["experiment"], *([verify["combination"]["experiment"]]
                                   if verify.get("combination", {}).get("experiment") else [])]
    analysis = ctx.analysis()
    notes = [f"not run: {u['id']}: {u['reason']}" for u in verify["unconvertible"]]
    notes += [f"no source change generated for {u['id']} ({u.get('scope') or 'no hot line'}): "
              f"{u['reason']}" for u in analysis.get("unconvertible", [])]
    if verify.get("combination"):
        notes.append(f"combination of winners: {verify['combination']['note']}")
    with CardStore(default_db(ctx.home)) as cards, closing(Store(default_db(ctx.home))) as st:
        mine = [c for c in cards.cards() if set(ids) & set(c.experiments)]
        inp = build(st, source=f"session {ctx.state.id}", experiment_ids=ids, cards=mine,
                    analysis=parse_analysis(analysis, str(ctx.dir / "analysis.json")),
                    snapshot=ctx.snapshot(), notes=notes)
    written = write_report(inp, ctx.dir / "report", "en")
    return {"html": str(written.html), "md": str(written.markdown)}


STEPS: tuple[Step, ...] = (
    Step("collect", _collect, gate=None, title="snapshot and profiled baseline"),
    Step("confirm", _confirm, gate=_confirm_gate, title="a person confirms the platform"),
    Step("analyse", _analyse, gate=None, title="findings, do-not list, proposals"),
    Step("approve", _approve, gate=_approve_gate, title="a person approves proposals"),
    Step("verify", _verify, gate=None, title="experiment of the approved proposals"),
    Step("report", _report, gate=None, title="HTML and Markdown report"),
)


def _save_step(ctx: Context, name: str, status: StepStatus, out: dict[str, Any]) -> None:
    ctx.state.steps[name] = StepState(status, utc_now(), out)
    save(ctx.home, ctx.state)


def _reopen_approval(ctx: Context) -> None:
    """A new approval replaces the last one while verify has not started."""
    if not ctx.approve or not ctx.state.done("approve"):
        return
    if ctx.state.steps["verify"].status != StepStatus.PENDING:
        raise InputError(f"session {ctx.state.id}: verify has started; approvals are closed",
                         hint="start a new session to test other proposals")
    _save_step(ctx, "approve", StepStatus.PENDING, {})


def advance(ctx: Context) -> SessionState:
    """Run the next steps until the session is complete or waits for a person
    (ApprovalRequired, whose message says what to give)."""
    _reopen_approval(ctx)
    for step in STEPS:
        if ctx.state.done(step.name):
            continue
        why = step.gate(ctx) if step.gate is not None else None
        if why:
            raise ApprovalRequired(f"session {ctx.state.id}: {why}",
                                   hint=f"perfscout session approve {ctx.state.id} "
                                        + ("--confirm-platform" if step.name == "confirm"
                                           else "--approve ID ..."))
        _save_step(ctx, step.name, StepStatus.DONE, step.run(ctx))
    return ctx.state


def status(state: SessionState) -> dict[str, Any]:
    """Each step's status, the next one that waits, and the outputs of the finished ones."""
    nxt = next((s.name for s in STEPS if not state.done(s.name)), None)
    return {"id": state.id, "kernel": state.kernel, "program": state.program or state.kernel,
            "next": nxt, "combine": state.combine,
            "steps": {s: v.status.value for s, v in state.steps.items()},
            "outputs": {s: {"status": v.status.value, "at": v.at, **v.out}
                        for s, v in state.steps.items() if v.status != StepStatus.PENDING
                        or v.out}}
