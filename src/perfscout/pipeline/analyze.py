"""``analyze``: ingest the files, diagnose against the platform, advise.

The signature is the contract the CLI, the agent and the demo use. Proposals, rejections and the
do-not list are filled by the advise stage; until it lands they stay empty.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from perfscout.model.errors import UsageError
from perfscout.model.findings import DataRequest, Finding
from perfscout.model.metrics import Profile, Skipped
from perfscout.model.proposals import DoNot, Proposal, Rejected
from perfscout.model.runs import Runner
from perfscout.model.snapshot import PlatformSnapshot

if TYPE_CHECKING:
    from perfscout.advise import Advice


@dataclass(frozen=True)
class Analysis:
    profiles: tuple[Profile, ...]
    snapshot: PlatformSnapshot | None
    findings: tuple[Finding, ...] = ()
    data_requests: tuple[DataRequest, ...] = ()
    proposals: tuple[Proposal, ...] = ()
    rejected: tuple[Rejected, ...] = ()
    do_not: tuple[DoNot, ...] = ()
    limits: tuple[str, ...] = ()  # what the available data cannot say (e.g. no hw counters)
    thresholds: Mapping[str, float] = field(default_factory=dict)
    skipped: tuple[Skipped, ...] = ()  # inputs that could not be read, with the reason


def analyze(
    paths: Sequence[str | Path],
    *,
    snapshot: PlatformSnapshot | None = None,
    runner: Runner | None = None,
    thresholds: Mapping[str, float] | None = None,
    fmt: str | None = None,
    kb_db: Path | None = None,
) -> Analysis:
    """Run ingest -> diagnose -> advise over ``paths``. ``runner`` is used only to check data
    request and verification commands against the sandbox policy (never to run them).
    ``fmt`` forces one input format for every path instead of sniffing each. ``kb_db`` is the
    perfscout database whose cards (on this platform) adjust the proposals' confidence."""
    from perfscout.diagnose.engine import diagnose
    from perfscout.diagnose.thresholds import resolve
    from perfscout.ingest.derive import derive, derive_across
    from perfscout.ingest.registry import load_set

    resolve(thresholds)  # a bad override fails before any file is read

    if not paths:
        raise UsageError("no input files", hint="give one or more profiler outputs")
    loaded = load_set(paths, fmt)  # one unreadable file never refuses the others
    profiles = derive_across(tuple(derive(p) for p in loaded.profiles))  # derived, one place
    d = diagnose(profiles, snapshot, runner=runner, thresholds=thresholds,
                 skipped=loaded.skipped)
    adv = _advise(d.findings, snapshot, profiles, runner, _kb_stats(kb_db, snapshot))
    return Analysis(
        profiles=profiles, snapshot=snapshot, findings=d.findings,
        data_requests=d.data_requests + _line_requests(adv, profiles, runner),
        limits=d.limits, thresholds=d.thresholds,
        proposals=adv.proposals, rejected=adv.rejected, do_not=adv.do_not,
        skipped=loaded.skipped,
    )


def _line_requests(adv: Advice, profiles: Sequence[Profile], runner: Runner | None
                   ) -> tuple[DataRequest, ...]:
    """A request for line-level data when a proposal that changes source code could name no
    ``path:line`` (no input had lines for its function): one per function, policy-checked."""
    from perfscout.advise.facts import split_function_scope
    from perfscout.diagnose import requests as rq

    unplaced: dict[str, list[str]] = {}
    for p in adv.proposals:
        if p.kind == "source" and split_function_scope(p.scope)[1] is None:
            unplaced.setdefault(split_function_scope(p.scope)[0], []).append(p.id)
    if not unplaced:
        return ()
    program = next((tuple(c.split()) for p in profiles for k in ("command", "cmdline", "program")
                    if (c := p.meta.get(k, "").strip())), ("./app",))
    return rq.check([rq.line_level(program, fn, ids) for fn, ids in unplaced.items()], runner)


# --- advise (kept as one separate block) ----------------------------------------------------
def _kb_stats(db: Path | None, snapshot: PlatformSnapshot | None) -> Mapping[str, Any] | None:
    """What the knowledge base says about each proposal id on this platform (None: no KB)."""
    if db is None or not db.is_file():
        return None
    from perfscout.kb.cards import CardStore
    from perfscout.kb.stats import kb_stats

    store = CardStore(db)
    try:
        return kb_stats(store.cards(), snapshot.key if snapshot is not None else None)
    finally:
        store.close()


def _advise(findings: Sequence[Finding], snapshot: PlatformSnapshot | None,
            profiles: Sequence[Profile], runner: Runner | None,
            kb: Mapping[str, Any] | None = None) -> Advice:
    """advise() after diagnose; verification commands are checked against ``runner``'s policy,
    else the default sandbox policy over a throwaway workspace (nothing is run)."""
    import tempfile

    from perfscout.advise import advise

    if runner is not None:
        return advise(findings, snapshot, profiles, policy_check=runner.check, kb_stats=kb)
    from perfscout.sandbox import default_runner

    with tempfile.TemporaryDirectory(prefix="perfscout-advise-") as ws:
        return advise(findings, snapshot, profiles,
                      policy_check=default_runner(Path(ws)).check, kb_stats=kb)
