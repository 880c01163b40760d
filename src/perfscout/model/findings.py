"""Findings (a diagnosis in one taxonomy layer) and data requests (what would settle a question)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from perfscout.model.metrics import SourceRef
from perfscout.model.taxonomy import Layer


class Status(StrEnum):
    CONFIRMED = "confirmed"  # two independent sources agree
    HYPOTHESIS = "hypothesis"


@dataclass(frozen=True)
class Evidence:
    """One number a finding rests on, where it came from, and the threshold it crossed."""

    metric: str
    value: float | None
    unit: str = ""
    source: SourceRef | None = None
    source_kind: str = ""  # independent source family: perf_stat, likwid, stream, mpip, ...
    quote: str = ""  # human-readable statement with the numbers
    threshold: str = ""  # e.g. "mem.bandwidth >= 0.80 x peak 29000 MB/s"


@dataclass(frozen=True)
class Finding:
    id: str  # taxonomy id
    layer: Layer
    status: Status
    confidence: float  # 0..1
    title: str
    evidence: tuple[Evidence, ...] = ()
    caused_by: tuple[str, ...] = ()  # ids of findings that explain this one
    scope: str = ""  # function, kernel or region it concerns
    thresholds: Mapping[str, float] = field(default_factory=dict)  # the thresholds that fired
    conflicts: tuple[str, ...] = ()  # sources that disagree, stated
    limits: tuple[str, ...] = ()  # what the available data cannot say
    root_cause: bool = False


@dataclass(frozen=True)
class DataRequest:
    """A command that would collect the missing evidence; checked against the sandbox policy."""

    reason: str
    command: tuple[str, ...]
    for_findings: tuple[str, ...] = ()
    allowed: bool | None = None  # None: not checked yet
    policy_rule: str = ""
    env: Mapping[str, str] = field(default_factory=dict)  # set for the command, no `env` wrapper
    satisfied_by: tuple[str, ...] = ()  # input formats that answer it once given
