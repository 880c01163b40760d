"""The agent's tools: each declared once (name, description, JSON schema), validated when built,
each wrapping a public function of an earlier stage.

A :class:`Workbench` holds one session's state (runner, snapshot, loaded profiles, the analysis,
accepted and rejected proposals, approvals) and answers :meth:`Workbench.call` with an
observation dict. Errors never raise to the model: they come back as ``{"ok": false, "error":
..., "next": ...}`` saying what to do next. The same tools are served over MCP.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import jsonschema

from perfscout.model.errors import PerfscoutError
from perfscout.model.findings import DataRequest, Status
from perfscout.model.metrics import Profile
from perfscout.model.proposals import Proposal, Rejected
from perfscout.model.runs import Runner, RunRequest
from perfscout.model.serialize import to_jsonable
from perfscout.model.snapshot import PlatformSnapshot
from perfscout.registry import Registry, UnknownName

MAX_OUTPUT = 4000  # characters of program output handed back to a model
EXPERIMENT_SCOPE = "experiment"  # approval-token scope for experiments
GUARD_NAME = "advise.check_proposals"
TUNE_SCOPE = "tune"  # approval-token scope for tuning studies
Approver = Callable[[Sequence[Proposal]], set[str]]  # proposals -> ids a person approved


class ToolError(Exception):
    """A tool could not do what was asked; ``next`` says what the model should do instead."""

    def __init__(self, message: str, next_step: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.next_step = next_step


# what a tool may change: (read-only, destructive) as MCP hints announce them
EFFECTS: dict[str, tuple[bool, bool]] = {
    "read": (True, False),  # reads files, the snapshot or the analysis; changes nothing
    "session": (False, False),  # changes this session's state only (confirmations, answer)
    "workspace": (False, False),  # builds and runs in the workspace; adds, never removes
    "command": (False, True),  # runs a command the policy allows: it may overwrite files
}


@dataclass(frozen=True)
class Tool:
    """One tool: its schema is checked against JSON Schema when the tool is built."""

    name: str
    description: str
    parameters: Mapping[str, Any]
    handler: Callable[[Workbench, dict[str, Any]], Any]
    approval: str = ""  # scope of the approval it needs ("" = none)
    effect: str = "read"  # read | session | workspace | command (see EFFECTS)

    def __post_init__(self) -> None:
        if self.effect not in EFFECTS:
            raise ValueError(f"tool {self.name}: effect must be one of {', '.join(EFFECTS)}")
        if not re.fullmatch(r"[a-z][a-z0-9_]{1,63}", self.name):
            raise ValueError(f"tool name {self.name!r} must be a lower-case identifier")
        if len(self.description) < 20:
            raise ValueError(f"tool {self.name}: the description must say when to use it")
        jsonschema.Draft202012Validator.check_schema(dict(self.parameters))
        if self.parameters.get("type") != "object":
            raise ValueError(f"tool {self.name}: parameters must be an object schema")
        props = self.parameters.get("properties", {})
        extra = set(self.parameters.get("required", ())) - set(props)
        if extra:
            raise ValueError(f"tool {self.name}: required names unknown properties {extra}")

    def spec(self) -> dict[str, Any]:
        """The OpenAI ``tools`` entry."""
        return {"type": "function", "function": {
            "name": self.name, "description": self.description,
            "parameters": dict(self.parameters)}}

    def validate(self, args: Any) -> list[str]:
        """Schema violations of ``args`` (empty when valid)."""
        v = jsonschema.Draft202012Validator(dict(self.parameters))
        return [f"{'/'.join(map(str, e.absolute_path)) or '(arguments)'}: {e.message}"
                for e in v.iter_errors(args)]


def _obj(props: dict[str, Any] | None = None, required: Sequence[str] = ()) -> dict[str, Any]:
    return {"type": "object", "properties": props or {}, "required": list(required),
            "additionalProperties": False}


STR = {"type": "string"}
ARGV = {"type": "array", "items": {"type": "string"}, "minItems": 1}


def _inline_refs(node: Any, defs: Mapping[str, Any]) -> Any:
    if isinstance(node, dict):
        if "$ref" in node:
            return _inline_refs(defs[node["$ref"].rsplit("/", 1)[-1]], defs)
        return {k: _inline_refs(v, defs) for k, v in node.items() if k not in ("$defs", "title")}
    if isinstance(node, list):
        return [_inline_refs(v, defs) for v in node]
    return node


def proposal_schema() -> dict[str, Any]:
    """The JSON Schema of a proposal, generated from the one definition of the shape
    (:class:`perfscout.model.proposals.Proposal`, which ``advise --check`` also parses into)
    by pydantic, references inlined so it can sit inside a tool's parameters. A proposal a
    tool returns (the model's serialiser) validates against it unchanged."""
    from pydantic import TypeAdapter

    from perfscout.model.taxonomy import PROPOSAL_KINDS

    raw = TypeAdapter(Proposal).json_schema()
    schema: dict[str, Any] = _inline_refs(raw, raw.get("$defs", {}))
    props = schema["properties"]
    props["kind"] = {"anyOf": [{"enum": list(PROPOSAL_KINDS)}, {"type": "null"}]}
    props["id"]["description"] = "catalog id or llm.<slug>"
    schema["description"] = ("A proposal (DESIGN.md schema). verification, expected_gain, risk, "
                             "confidence and invalid_when are required by the guards.")
    return schema


PROPOSAL_SCHEMA: dict[str, Any] = proposal_schema()


@dataclass
class Workbench:
    """One session's state and the tools acting on it."""

    runner: Runner
    home: Path
    workspace: Path
    cfg_get: Callable[[str], Any]
    files: list[str] = field(default_factory=list)
    snapshot: PlatformSnapshot | None = None
    approver: Approver | None = None  # interactive prompt / --approve list; None: tokens only
    kernel: str = ""  # bundled kernel experiments run on
    size: int | None = None
    thresholds: Mapping[str, float] | None = None  # config overrides of the diagnosis table
    profiles: dict[str, Profile] = field(default_factory=dict)
    analysis: Any = None
    accepted: dict[str, Proposal] = field(default_factory=dict)
    rejected: list[Rejected] = field(default_factory=list)
    data_requests: list[DataRequest] = field(default_factory=list)
    experiments: list[dict[str, Any]] = field(default_factory=list)
    decisions: list[dict[str, Any]] = field(default_factory=list)
    platform_confirmed: bool = False
    do_not_seen: bool = False
    finished: dict[str, Any] | None = None
    guard_name: str = ""

    # -- dispatch ---------------------------------------------------------------------------
    def call(self, name: str, args: Any) -> dict[str, Any]:
        """Run tool ``name``; always an observation dict, never an exception."""
        try:
            tool = TOOLS[name]
        except UnknownName as exc:
            return _err(f"no tool named {name!r}", "use one of: " + ", ".join(exc.valid))
        if args is None:
            args = {}
        problems = tool.validate(args)
        if problems:
            return _err("bad arguments: " + "; ".join(problems[:5]),
                        f"call {name} again with arguments matching its schema")
        try:
            return {"ok": True, "result": to_jsonable(tool.handler(self, dict(args)))}
        except ToolError as exc:
            return _err(exc.message, exc.next_step)
        except PerfscoutError as exc:
            return _err(exc.message, exc.hint, int(exc.exit_code), type(exc).__name__)

    def decide(self, kind: str, **info: Any) -> None:
        """Record a decision (guard verdict, approval, denial) for the transcript."""
        self.decisions.append({"decision": kind, **to_jsonable(info)})

    def profile(self, path: str) -> Profile:
        from perfscout.ingest import load

        if path not in self.profiles:
            if path not in self.files and not Path(path).is_file():
                raise ToolError(f"{path}: not one of this session's files",
                                "call list_profiles for the file names")
            self.profiles[path] = load(path)
        return self.profiles[path]

    def need_analysis(self) -> Any:
        if self.analysis is None:
            raise ToolError("no analysis yet", "call analyze first")
        return self.analysis


def _err(message: str, next_step: str, exit_code: int = 1, kind: str = "ToolError"
         ) -> dict[str, Any]:
    return {"ok": False, "error": message, "next": next_step, "exit_code": exit_code,
            "type": kind}


# -- handlers ---------------------------------------------------------------------------------
def _snapshot(wb: Workbench, args: dict[str, Any]) -> Any:
    from perfscout.snapshot import card_rows, take_snapshot

    if wb.snapshot is None:
        wb.snapshot = take_snapshot(wb.runner)
    return {"platform": wb.snapshot.key, "card": dict(card_rows(wb.snapshot)),
            "next": "check the card, then call confirm_platform with this platform key"}


def _confirm(wb: Workbench, args: dict[str, Any]) -> Any:
    if wb.snapshot is None:
        raise ToolError("no platform snapshot yet", "call platform_snapshot first")
    if args["platform"] != wb.snapshot.key:
        raise ToolError(f"platform key {args['platform']!r} is not this machine's "
                        f"({wb.snapshot.key!r})", "read the card again and confirm its key")
    wb.platform_confirmed = True
    wb.decide("platform_confirmed", platform=wb.snapshot.key)
    return {"confirmed": wb.snapshot.key}


def _run(wb: Workbench, args: dict[str, Any]) -> Any:
    argv = tuple(args["argv"])
    res = wb.runner.run(RunRequest(argv, cwd=str(wb.workspace), purpose="agent:run_command",
                                   timeout_s=float(args.get("timeout_s", 60))))
    if not res.allowed:
        wb.decide("command_denied", argv=argv, rule=res.rule, reason=res.reason)
        dec = wb.runner.check(argv)
        raise ToolError(f"denied by the sandbox policy ({res.rule}): {res.reason}",
                        (dec.suggestion or "") + " — choose an allowed command, or use "
                        "request_data to ask the user for this data")
    return {"exit_code": res.exit_code, "timed_out": res.timed_out,
            "untrusted_stdout": res.stdout[-MAX_OUTPUT:],
            "untrusted_stderr": res.stderr[-MAX_OUTPUT:], "duration_s": res.duration_s}


def _list_profiles(wb: Workbench, args: dict[str, Any]) -> Any:
    from perfscout.ingest import detect

    out = []
    for f in wb.files:
        try:
            out.append({"path": f, "format": detect(Path(f)).name})
        except PerfscoutError as exc:
            out.append({"path": f, "error": exc.message})
    return {"profiles": out, "next": "summarize_profile on each before drilling down"}


def _summarize(wb: Workbench, args: dict[str, Any]) -> Any:
    from perfscout.ingest.summary import summarize

    return summarize(wb.profile(args["path"]), top=int(args.get("top", 10)))


def _drill(wb: Workbench, args: dict[str, Any]) -> Any:
    from perfscout.ingest.summary import drill

    return drill(wb.profile(args["path"]), args["function"])


def _analyze(wb: Workbench, args: dict[str, Any]) -> Any:
    from perfscout.pipeline.analyze import analyze

    if args.get("files"):
        wb.files = [str(f) for f in args["files"]]
    if not wb.files:
        raise ToolError("this session has no profile files", "ask the user for profiles "
                        "(request_data) or run a profiler with run_command")
    a = analyze(wb.files, snapshot=wb.snapshot, runner=wb.runner, thresholds=wb.thresholds)
    wb.analysis = a
    for p in a.profiles:
        wb.profiles.setdefault(p.path, p)
    return {"findings": [_finding_row(f) for f in a.findings],
            "catalog_proposals": a.proposals,  # whole: propose/check_proposal take them as is
            "rejected": a.rejected, "data_requests": a.data_requests, "limits": a.limits,
            "next": "call do_not_list before proposing anything"}


def _finding_row(f: Any) -> dict[str, Any]:
    return {"id": f.id, "layer": str(f.layer), "status": str(f.status),
            "confidence": f.confidence, "title": f.title, "caused_by": list(f.caused_by),
            "evidence": [e.quote for e in f.evidence],
            "sources": sorted({e.source_kind for e in f.evidence if e.source_kind})}


def _findings(wb: Workbench, args: dict[str, Any]) -> Any:
    return {"findings": [_finding_row(f) for f in wb.need_analysis().findings]}


def _do_not(wb: Workbench, args: dict[str, Any]) -> Any:
    a = wb.need_analysis()
    wb.do_not_seen = True
    return {"do_not": a.do_not, "catalog_proposals": a.proposals,
            "next": "propose only what the do-not list does not exclude"}


def _guard(wb: Workbench, dicts: list[dict[str, Any]]) -> tuple[list[Proposal], list[Rejected]]:
    """advise's guards, the same the catalog's proposals pass."""
    from perfscout.advise import check_proposals

    a = wb.analysis
    acc, rej = check_proposals(dicts, wb.snapshot, a.findings if a else (),
                               list(wb.profiles.values()), policy_check=wb.runner.check)
    wb.guard_name = GUARD_NAME
    return list(acc), list(rej)


def _propose(wb: Workbench, args: dict[str, Any]) -> Any:
    if not wb.do_not_seen:
        raise ToolError("the do-not-do list comes before proposals", "call do_not_list first")
    if wb.snapshot is None:
        raise ToolError("advice needs the platform: no snapshot yet",
                        "call platform_snapshot, then confirm_platform")
    if not wb.platform_confirmed:
        raise ToolError("platform-specific advice needs the platform confirmed",
                        "call confirm_platform with the key from the platform card")
    d = dict(args["proposal"])
    d.setdefault("origin", "llm")
    acc, rej = _guard(wb, [d])
    for r in rej:
        wb.rejected.append(r)
        wb.decide("proposal_rejected", id=r.id, reason=r.reason, guard=r.guard)
    if rej:
        raise ToolError(f"proposal {rej[0].id} rejected by guard {rej[0].guard}: "
                        f"{rej[0].reason}", "fix the proposal and propose again, or drop it")
    for p in acc:
        wb.accepted[p.id] = p
        wb.decide("proposal_accepted", id=p.id, guard=wb.guard_name)
    return {"accepted": [p.id for p in acc], "guard": wb.guard_name,
            "next": "run_experiment with the accepted ids (a person must approve)"}


def _check(wb: Workbench, args: dict[str, Any]) -> Any:
    acc, rej = _guard(wb, [dict(args["proposal"])])
    return {"passes": bool(acc), "rejected": rej, "guard": wb.guard_name}


def _request_data(wb: Workbench, args: dict[str, Any]) -> Any:
    argv = tuple(args["command"])
    dec = wb.runner.check(argv)
    q = DataRequest(args["reason"], argv, tuple(args.get("for_findings", ())),
                    allowed=dec.allowed, policy_rule=dec.rule)
    wb.data_requests.append(q)
    wb.decide("data_request", command=argv, allowed=dec.allowed)
    if not dec.allowed:
        raise ToolError(f"the sandbox would deny {' '.join(argv)!r} ({dec.rule}: "
                        f"{dec.reason})", "request data with a command the policy allows")
    return {"recorded": q, "next": "the user will collect it; do not guess the value"}


def _experiment(wb: Workbench, args: dict[str, Any]) -> Any:
    from perfscout.experiment.convert import to_variants
    from perfscout.experiment.runner import run_experiment
    from perfscout.experiment.spec import ExperimentSpec, Variant
    from perfscout.experiment.store import Store, default_db
    ids = list(args["proposal_ids"])
    unknown = [i for i in ids if i not in wb.accepted]
    if unknown:
        raise ToolError(f"not accepted proposals: {', '.join(unknown)}",
                        "propose them first; only guard-accepted proposals run")
    kname = args.get("kernel") or wb.kernel
    if not kname:
        raise ToolError("no kernel to experiment on", "give kernel (e.g. triad, matmul)")
    props = [wb.accepted[i] for i in ids]
    approved = _approved(wb, EXPERIMENT_SCOPE, args.get("approval_token"), props)
    props = [p for p in props if p.id in approved]
    if not props:
        raise ToolError("no proposal was approved; nothing ran",
                        "stop here and report the proposals for the user to approve")
    variants, bad = to_variants(props, kname)
    if not variants:
        raise ToolError("none of the approved proposals can run as an experiment: "
                        + "; ".join(f"{u.proposal_id}: {u.reason}" for u in bad), "")
    spec = ExperimentSpec(f"agent-{kname}", Variant("baseline", threads=1), tuple(variants),
                          kernel=kname, size=args.get("size") or wb.size,
                          repetitions=args.get("repetitions"), warmup=1)
    store = Store(default_db(wb.home))
    try:
        res = run_experiment(spec, wb.runner, store, wb.workspace, cfg_get=wb.cfg_get)
    finally:
        store.close()
    row = {"experiment": res.id, "kernel": kname, "variants": [
        {"proposal": v.proposal_id, "verdict": v.verdict, "ratio": v.ratio,
         "ratio_low": v.ratio_low, "ratio_high": v.ratio_high, "reasons": list(v.reasons)}
        for v in res.variants], "unconvertible": [dataclasses.asdict(u) for u in bad]}
    wb.experiments.append(row)
    wb.decide("experiment", id=res.id, proposals=[p.id for p in props])
    return row


def _approved(wb: Workbench, scope: str, token: str | None, asks: list[Proposal]) -> set[str]:
    """The ids of ``asks`` a person approved: those a live token of ``scope`` is bound to
    (``perfscout approve grant --scope S --for ID ...``), else the approver's choice.

    A token approves only what it was granted for: one bound to proposal A, replayed for B,
    is refused, and so is an unbound one for an experiment (it would approve whatever the
    model proposes next). ``tune`` has a single subject, so its scope alone may bind it.
    """
    from perfscout.sandbox.approval import check_token

    ids = [p.id for p in asks]
    if token:
        approved = {i for i in ids if check_token(wb.home, token, scope, subjects=[i],
                                                  bound_only=scope != TUNE_SCOPE)}
        if not approved:
            wb.decide("approval_refused", ids=ids, why="token not bound to these proposals")
            raise ToolError(f"the approval token is not a live grant of scope {scope!r} for "
                            f"{', '.join(ids)}", f"ask the user to run: perfscout approve "
                            f"grant --scope {scope} --for {' --for '.join(ids)}")
    else:
        approved = wb.approver(asks) if wb.approver is not None else set()
    wb.decide("approval", asked=ids, approved=sorted(approved))
    return approved


def _tune(wb: Workbench, args: dict[str, Any]) -> Any:
    from perfscout.experiment.store import Store, default_db
    from perfscout.tune.service import Analysis, prior_for
    from perfscout.tune.study import matmul_space, tune

    size = int(args.get("size", 64))
    budget = int(args.get("budget", 4))
    cpu = wb.snapshot.cpu if wb.snapshot else None
    cores = (cpu.online_cpus or cpu.cores or 1) if cpu else 1
    findings = list(wb.analysis.findings) if wb.analysis else []
    # the session's findings order the search (a prior over the whole space), as `tune run`
    prior = prior_for(Analysis("the session's analysis", findings, wb.snapshot, frozenset()),
                      matmul_space(size, cores), wb.snapshot)
    space = prior.space
    ask = Proposal("tune", kind="param", title=f"autotune the matmul kernel at n={size} "
                   f"({budget} trials over {', '.join(p.name for p in space.params)})")
    if "tune" not in _approved(wb, TUNE_SCOPE, args.get("approval_token"), [ask]):
        raise ToolError("the tuning study was not approved; nothing ran",
                        "report the space and the evidence's preferences for the user to approve")
    store = Store(default_db(wb.home))
    try:
        res = tune(space, size=size, runner=wb.runner, store=store, workspace=wb.workspace,
                   cfg_get=wb.cfg_get, budget=budget, study_name=f"agent-matmul-{size}",
                   storage=None, home=wb.home, repetitions=3, prior=prior)
    finally:
        store.close()
    wb.decide("tune", size=size, budget=budget)
    return {"space": space, "prior": prior.describe(), "study": res}


def _finish(wb: Workbench, args: dict[str, Any]) -> Any:
    a = wb.analysis
    status = {f.id: f.status for f in (a.findings if a else ())}
    over = [c["finding"] for c in args.get("claims", [])
            if c.get("status") == "confirmed" and status.get(c["finding"]) != Status.CONFIRMED]
    if over:
        raise ToolError(f"{', '.join(over)}: not confirmed (confirmed needs two independent "
                        "sources agreeing); call them hypotheses or request the second source",
                        "call finish again with corrected claims")
    wb.finished = {"answer": args["answer"], "claims": args.get("claims", [])}
    return {"finished": True}


TOOL_LIST: tuple[Tool, ...] = (
    Tool("platform_snapshot", "Take (or show) the platform snapshot of the machine: CPU, "
         "sockets, SMT, caches, NUMA, compilers, MPI, counters. Call first.", _obj(), _snapshot),
    Tool("confirm_platform", "Confirm the platform card by its key before giving any "
         "platform-specific advice.", _obj({"platform": STR}, ["platform"]), _confirm,
         effect="session"),
    Tool("run_command", "Run one command (argv list, no shell) in the sandbox. Only commands "
         "the sandbox policy allows run; a denial says why.",
         _obj({"argv": ARGV, "timeout_s": {"type": "number", "minimum": 1, "maximum": 600}},
              ["argv"]), _run, effect="command"),
    Tool("list_profiles", "List this session's profiler output files and their formats.",
         _obj(), _list_profiles),
    Tool("summarize_profile", "Top-N hotspots and headline metrics of one profile; read this "
         "before any detail.", _obj({"path": STR, "top": {"type": "integer", "minimum": 1,
                                                          "maximum": 50}}, ["path"]), _summarize),
    Tool("drill", "Callers, callees, call paths and hot lines of one function in one profile.",
         _obj({"path": STR, "function": STR}, ["path", "function"]), _drill),
    Tool("analyze", "Diagnose all profiles against the platform: findings by layer with "
         "evidence, catalog proposals, data requests. files: replaces the session's files.",
         _obj({"files": {"type": "array", "items": STR}}), _analyze),
    Tool("list_findings", "The findings of the last analysis (id, layer, status, evidence).",
         _obj(), _findings),
    Tool("do_not_list", "What is not worth doing here and why, plus the catalog proposals; "
         "required before propose.", _obj(), _do_not),
    Tool("propose", "Submit a proposal; the guards accept it or reject it with the reason. "
         "Needs verification, expected_gain, risk, confidence, invalid_when.",
         _obj({"proposal": PROPOSAL_SCHEMA}, ["proposal"]), _propose, effect="session"),
    Tool("check_proposal", "Dry-run the guards on a proposal without submitting it.",
         _obj({"proposal": PROPOSAL_SCHEMA}, ["proposal"]), _check),
    Tool("request_data", "Ask the user for missing evidence by naming the command that would "
         "collect it (checked against the policy) instead of guessing.",
         _obj({"command": ARGV, "reason": STR, "for_findings": {"type": "array", "items": STR}},
              ["command", "reason"]), _request_data),
    Tool("run_experiment", "Measure accepted proposals against a baseline on a bundled kernel. "
         "Runs only what a person approved (prompt, --approve, or approval_token).",
         _obj({"proposal_ids": {"type": "array", "items": STR, "minItems": 1},
               "kernel": STR, "size": {"type": "integer", "minimum": 1},
               "repetitions": {"type": "integer", "minimum": 2, "maximum": 50},
               "approval_token": STR}, ["proposal_ids"]), _experiment, approval="experiment",
         effect="workspace"),
    Tool("tune", "Autotune the bundled matmul kernel (Optuna) over the search space the "
         "findings narrowed. Runs only after a person approves (prompt, --approve tune, or "
         "approval_token of scope tune).",
         _obj({"size": {"type": "integer", "minimum": 16, "maximum": 2048},
               "budget": {"type": "integer", "minimum": 1, "maximum": 50},
               "approval_token": STR}), _tune, approval="tune", effect="workspace"),
    Tool("finish", "End the session with the answer; claims of 'confirmed' are checked.",
         _obj({"answer": STR, "claims": {"type": "array", "items": _obj(
             {"finding": STR, "status": {"enum": ["confirmed", "hypothesis"]}},
             ["finding", "status"])}}, ["answer"]), _finish, effect="session"),
)
#: the tools by name (the generic registry: a taken name is refused, a miss lists the names)
TOOLS: Registry[Tool] = Registry("agent tool")
for _tool in TOOL_LIST:
    TOOLS.register(_tool.name, _tool)


def tool_specs() -> list[dict[str, Any]]:
    """Every tool as an OpenAI ``tools`` entry."""
    return [t.spec() for t in TOOL_LIST]
