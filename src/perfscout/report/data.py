"""What a report shows, gathered once and rendered twice (Markdown and HTML).

:class:`ReportInput` is plain data: the renderers never open the database, so a report can be
rebuilt from a stored run and tested from hand-made values.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from perfscout.experiment.runner import ExperimentResult
from perfscout.kb.cards import Card
from perfscout.model.findings import Finding
from perfscout.model.proposals import DoNot, Proposal, Rejected


@dataclass(frozen=True)
class RooflinePoint:
    """One kernel variant placed on the roofline: arithmetic intensity and achieved rate."""

    kernel: str
    variant: str
    intensity: float  # FLOP per byte of minimum memory traffic
    gflops: float


@dataclass(frozen=True)
class Ceilings:
    """Measured machine ceilings (``None`` when not measured) and how they were measured."""

    bandwidth_GBps: float | None = None
    bandwidth_source: str = ""
    gflops: float | None = None
    gflops_source: str = ""


@dataclass(frozen=True)
class ScalingPoint:
    threads: int
    median: float
    low: float | None = None
    high: float | None = None


@dataclass(frozen=True)
class ScalingSeries:
    """A metric measured at several thread counts with everything else equal."""

    kernel: str
    metric: str
    experiment: str
    points: tuple[ScalingPoint, ...]


@dataclass(frozen=True)
class ReportInput:
    title: str
    source: str  # "demo run <id>", "experiment <id>", ...
    created_at: str
    platform: tuple[tuple[str, str], ...] = ()  # label -> value rows of the platform card
    platform_key: str = ""
    findings: tuple[Finding, ...] = ()
    limits: tuple[str, ...] = ()
    do_not: tuple[DoNot, ...] = ()
    proposals: tuple[Proposal, ...] = ()
    rejected: tuple[Rejected, ...] = ()
    experiments: tuple[ExperimentResult, ...] = ()
    ceilings: Ceilings = field(default_factory=Ceilings)
    roofline: tuple[RooflinePoint, ...] = ()
    scaling: tuple[ScalingSeries, ...] = ()
    cards: tuple[Card, ...] = ()
    notes: tuple[str, ...] = ()
    rejected_scopes: tuple[str, ...] = ()  # the kernel of each rejected proposal (parallel)
    do_not_scopes: tuple[str, ...] = ()  # the kernel of each do-not entry (parallel)
