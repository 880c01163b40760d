"""The six-step workflow as persistent, resumable state: collect, confirm, analyse, approve,
verify, report.

A session lives in ``$PERFSCOUT_HOME/sessions/ID/`` (``state.json`` plus each step's output,
written to a temp file then renamed). ``advance`` runs steps in order until one needs a person:
``confirm`` needs the platform confirmed (``--confirm-platform`` or a policy file with
``confirm_platform: true``), ``approve`` needs proposal ids (``--approve ID...`` or a policy with
``approve: [ids]``). A step that finished is never run again; an interrupted ``verify`` resumes
the same experiment, whose store keeps every completed sample.
"""

from __future__ import annotations

import dataclasses
import datetime as _dt
import json
import uuid
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from perfscout.files import read_structured, write_atomic
from perfscout.model.errors import ApprovalRequired, InputError, NotFoundError
from perfscout.model.runs import Runner
from perfscout.model.serialize import from_jsonable, to_jsonable
from perfscout.model.snapshot import PlatformSnapshot
from perfscout.model.user_data import flag, listed, mapping, scalar_text

if TYPE_CHECKING:
    from perfscout.experiment.spec import ExperimentSpec

STEPS = ("collect", "confirm", "analyse", "approve", "verify", "report")


def _now() -> str:
    return _dt.datetime.now(_dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _write(path: Path, data: Any) -> None:
    write_atomic(path, json.dumps(data, indent=1, default=str))


def sessions_dir(home: Path) -> Path:
    return home / "sessions"


def load(home: Path, sid: str) -> dict[str, Any]:
    """The state of session ``sid`` (an id prefix is enough)."""
    root = sessions_dir(home)
    cands = sorted(p.name for p in root.glob(f"{sid}*") if (p / "state.json").is_file()) \
        if root.is_dir() else []
    if len(cands) != 1:
        raise NotFoundError(f"no session {sid!r}" if not cands else
                            f"session prefix {sid!r} is ambiguous: {', '.join(cands)}",
                            hint="perfscout session status lists the sessions")
    return dict(json.loads((root / cands[0] / "state.json").read_text()))


def save(home: Path, state: Mapping[str, Any]) -> None:
    d = sessions_dir(home) / state["id"]
    d.mkdir(parents=True, exist_ok=True)
    _write(d / "state.json", dict(state))


def list_sessions(home: Path) -> list[dict[str, Any]]:
    root = sessions_dir(home)
    if not root.is_dir():
        return []
    return [json.loads((p / "state.json").read_text())
            for p in sorted(root.iterdir()) if (p / "state.json").is_file()]


def read_policy(path: str | None) -> dict[str, Any]:
    """An unattended-run policy: ``confirm_platform: bool``, ``approve: [ids]``."""
    if not path:
        return {}
    data = mapping(read_structured(path, "session policy", "yaml"), f"{path}: the policy")
    unknown = set(data) - {"confirm_platform", "approve"}
    if unknown:
        raise InputError(f"{path}: unknown keys {sorted(unknown)}",
                         hint="valid keys: confirm_platform, approve")
    out: dict[str, Any] = {}
    if "confirm_platform" in data:
        out["confirm_platform"] = flag(data["confirm_platform"], f"{path}: confirm_platform")
    if data.get("approve") is not None:
        ids = [data["approve"]] if isinstance(data["approve"], str) else \
            listed(data["approve"], f"{path}: approve")
        out["approve"] = [scalar_text(i, f"{path}: approve[{n}]") for n, i in enumerate(ids)]
    return out


def start(home: Path, *, kernel: str = "", spec: str | None = None, inputs: Sequence[str] = (),
          size: int | None = None, policy: str | None = None) -> dict[str, Any]:
    """A new session on bundled ``kernel`` (triad when neither is given) or on the program an
    experiment ``spec`` file describes (``source:`` + ``args:``, its result line; variants are
    not needed: they come from the approved proposals), profiled in ``collect``, plus any extra
    ``inputs``.

    The spec is read once, here, and kept in the session, so a resumed session measures the
    program it started with even if the file changed."""
    from perfscout.experiment.spec import load_spec
    from perfscout.pipeline.demo import DEMO_KERNELS

    program: dict[str, Any] | None = None
    if not spec:
        kernel = kernel or "triad"
    if spec:
        if kernel:
            raise InputError("give a bundled kernel or a spec, not both")
        sp = load_spec(spec, need_variants=False)
        if sp.variants:
            raise InputError(f"{spec}: a session's variants come from the approved proposals; "
                             "remove `variants`")
        program = to_jsonable(sp)
        kernel = sp.kernel
    elif kernel not in DEMO_KERNELS:
        raise InputError(f"sessions run on a bundled kernel or a spec; {kernel!r} is not a "
                         "bundled kernel", hint="kernels: " + ", ".join(DEMO_KERNELS)
                         + "; or --spec SPEC.yaml for your own program")
    for f in inputs:
        if not Path(f).exists():
            raise NotFoundError(f"{f}: no such file")
    sid = _dt.datetime.now(_dt.UTC).strftime("%Y%m%d-%H%M%S-") + uuid.uuid4().hex[:6]
    label = (Path(program["source"]).name if program and program["source"] else kernel)
    state = {"id": sid, "created": _now(), "kernel": kernel, "program": label,
             "spec": program, "size": size,
             "inputs": [str(Path(f).resolve()) for f in inputs], "policy": read_policy(policy),
             "steps": {s: {"status": "pending"} for s in STEPS}}
    save(home, state)
    return state


def _done(state: Mapping[str, Any], step: str) -> bool:
    return bool(state["steps"][step]["status"] == "done")


def _finish(home: Path, state: dict[str, Any], step: str, **out: Any) -> None:
    state["steps"][step] = {"status": "done", "at": _now(), **out}
    save(home, state)


def advance(home: Path, state: dict[str, Any], *, runner: Runner, workspace: Path,
            cfg_get: Callable[[str], Any], confirm_platform: bool = False,
            approve: Sequence[str] = (), say: Callable[[str], None] = lambda s: None
            ) -> dict[str, Any]:
    """Run the next steps until the session is complete or needs a person."""
    from perfscout.experiment.convert import to_variants
    from perfscout.experiment.runner import run_experiment
    from perfscout.experiment.store import Store, default_db
    from perfscout.kb import CardStore
    from perfscout.kb.record import cards_from_experiment
    from perfscout.model.proposals import Proposal
    from perfscout.pipeline.analyze import analyze
    from perfscout.pipeline.demo import profile_baseline
    from perfscout.report import build, write_report
    from perfscout.report.collect import parse_analysis
    from perfscout.snapshot import take_snapshot

    sdir = sessions_dir(home) / state["id"]
    spec = _session_spec(state)
    snap_path = sdir / "snapshot.json"
    if not _done(state, "collect"):
        say("1/6 collect: platform snapshot and a profiled baseline run")
        snap = take_snapshot(runner)
        _write(snap_path, to_jsonable(snap))
        files = [str(p) for p in profile_baseline(runner, spec, workspace)]
        _finish(home, state, "collect", files=files + list(state["inputs"]),
                platform_key=snap.key)
    snap = from_jsonable(PlatformSnapshot, json.loads(snap_path.read_text()))
    if not _done(state, "confirm"):
        if not (confirm_platform or state["policy"].get("confirm_platform")):
            raise ApprovalRequired(
                f"session {state['id']}: confirm the platform {snap.key!r} before analysis",
                hint=f"perfscout session approve {state['id']} --confirm-platform")
        _finish(home, state, "confirm", platform_key=snap.key,
                by="policy" if not confirm_platform else "user")
    analysis_path = sdir / "analysis.json"
    if not _done(state, "analyse"):
        say("3/6 analyse: findings, do-not list, proposals")
        a = analyze(state["steps"]["collect"]["files"], snapshot=snap, runner=runner,
                    kb_db=default_db(home))
        _write(analysis_path, to_jsonable({
            "findings": a.findings, "proposals": a.proposals, "rejected": a.rejected,
            "do_not": a.do_not, "data_requests": a.data_requests, "limits": a.limits}))
        _finish(home, state, "analyse", proposals=[p.id for p in a.proposals],
                findings=[f.id for f in a.findings])
    analysis = json.loads(analysis_path.read_text())
    proposals = [from_jsonable(Proposal, p) for p in analysis["proposals"]]
    if not _done(state, "approve"):
        wanted = list(approve) or list(state["policy"].get("approve") or [])
        offered = {p.id for p in proposals}
        unknown = [w for w in wanted if w not in offered]
        if unknown:
            raise InputError(f"not among this session's proposals: {', '.join(unknown)}",
                             hint="offered: " + ", ".join(sorted(offered)))
        if not wanted:
            raise ApprovalRequired(
                f"session {state['id']}: nothing is verified before you approve proposals",
                hint=f"perfscout session approve {state['id']} --approve ID ... "
                     f"(offered: {', '.join(sorted(offered)) or 'none'})")
        _finish(home, state, "approve", approved=wanted,
                by="user" if approve else "policy")
    approved = set(state["steps"]["approve"]["approved"])
    if not _done(state, "verify"):
        say("5/6 verify: experiment of the approved proposals")
        variants, bad = to_variants([p for p in proposals if p.id in approved], spec.kernel)
        if not variants:
            raise InputError("none of the approved proposals can run on this program: " +
                             "; ".join(f"{u.proposal_id}: {u.reason}" for u in bad))
        store = Store(default_db(home))
        res = run_experiment(dataclasses.replace(spec, variants=tuple(variants)), runner, store,
                             workspace, cfg_get=cfg_get)
        cards = CardStore(default_db(home))
        for c in cards_from_experiment(res, {p.id: p for p in proposals},
                                       platform_key=snap.key):
            cards.add(c)
        _finish(home, state, "verify", experiment=res.id,
                verdicts={v.proposal_id or v.name: v.verdict for v in res.variants},
                unconvertible=[u.proposal_id for u in bad])
    if not _done(state, "report"):
        say("6/6 report")
        store = Store(default_db(home))
        exp_id = state["steps"]["verify"]["experiment"]
        mine = [c for c in CardStore(default_db(home)).cards() if exp_id in c.experiments]
        inp = build(store, source=f"session {state['id']}", experiment_ids=[exp_id],
                    cards=mine, analysis=parse_analysis(analysis, str(analysis_path)),
                    snapshot=snap)
        written = write_report(inp, sdir / "report", "en")
        _finish(home, state, "report", html=str(written.html), md=str(written.markdown))
    return state


def _session_spec(state: Mapping[str, Any]) -> ExperimentSpec:
    """The experiment spec the session measures: the kept user spec, or the bundled kernel's
    demo setup (baseline, screening size)."""
    from perfscout.experiment.spec import ExperimentSpec
    from perfscout.pipeline.demo import DEMO_KERNELS

    name = f"session-{state['id']}"
    if state.get("spec"):
        spec = from_jsonable(ExperimentSpec, dict(state["spec"]))
        size = state.get("size") or spec.size
        return dataclasses.replace(spec, name=name, variants=(),
                                   size=None if size is None else int(size))
    base, screen, _confirm_size = DEMO_KERNELS[state["kernel"]]
    return ExperimentSpec(name, base, (), kernel=state["kernel"],
                          size=int(state.get("size") or screen))


def status(state: Mapping[str, Any]) -> dict[str, Any]:
    """Each step's status and the next one that waits."""
    nxt = next((s for s in STEPS if state["steps"][s]["status"] != "done"), None)
    return {"id": state["id"], "kernel": state["kernel"],
            "program": state.get("program") or state["kernel"], "next": nxt,
            "steps": {s: state["steps"][s]["status"] for s in STEPS}}
