"""``analyze``: ingest the files, diagnose against the platform, advise. (Filled by the diagnose
and advise stages; the signature is the contract the CLI, the agent and the demo use.)"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from perfscout.model.findings import DataRequest, Finding
from perfscout.model.metrics import Profile
from perfscout.model.proposals import DoNot, Proposal, Rejected
from perfscout.model.runs import Runner
from perfscout.model.snapshot import PlatformSnapshot


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


def analyze(
    paths: Sequence[str | Path],
    *,
    snapshot: PlatformSnapshot | None = None,
    runner: Runner | None = None,
    thresholds: Mapping[str, float] | None = None,
) -> Analysis:
    """Run ingest -> diagnose -> advise over ``paths``. ``runner`` is used only to check data
    request and verification commands against the sandbox policy (never to run them)."""
    raise NotImplementedError("filled in by the diagnose and advise work")
