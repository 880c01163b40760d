"""Proposals (a change worth trying, with its own check), rejections and the do-not-do list.

Every schema field is optional in the type so that incomplete proposals from an LLM or a user
file can be represented; the guards in ``advise`` reject those that lack required fields.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class PreconditionResult:
    name: str  # e.g. "numa_nodes >= 2"
    status: str  # "pass", "fail", "unknown"
    detail: str = ""


@dataclass(frozen=True)
class Change:
    env: Mapping[str, str] = field(default_factory=dict)
    launcher: tuple[str, ...] = ()  # launcher options or a wrapper argv prefix
    flags: tuple[str, ...] = ()  # compiler flags
    # flags and -D words removed from the baseline's build (a debug build's -D_GLIBCXX_DEBUG)
    remove: tuple[str, ...] = ()
    defines: Mapping[str, str] = field(default_factory=dict)
    diff: str = ""  # unified diff for kind == "source"
    params: Mapping[str, Any] = field(default_factory=dict)  # threads, ranks, tile sizes, ...
    description: str = ""


@dataclass(frozen=True)
class Verification:
    commands: tuple[tuple[str, ...], ...] = ()  # argv lists; each must pass the sandbox policy
    metric: str = ""  # canonical metric or the kernel's reported metric
    direction: str = ""  # "higher" or "lower" is better


@dataclass(frozen=True)
class ExpectedGain:
    low: float  # speedup ratio, e.g. 1.1
    high: float
    basis: str = ""  # roofline headroom, measured share of time, ...


@dataclass(frozen=True)
class Risk:
    level: str  # low, medium, high
    reason: str = ""


@dataclass(frozen=True)
class Confidence:
    value: float  # 0..1
    rationale: str = ""


@dataclass(frozen=True)
class Proposal:
    id: str  # catalog id or "llm.<slug>" / "user.<slug>"
    addresses: tuple[str, ...] = ()
    layer: str | None = None
    kind: str | None = None  # env, launch, flags, source, param, system
    title: str = ""
    change: Change | None = None
    preconditions: tuple[PreconditionResult, ...] = ()
    evidence: tuple[str, ...] = ()
    verification: Verification | None = None
    expected_gain: ExpectedGain | None = None
    risk: Risk | None = None
    confidence: Confidence | None = None
    invalid_when: tuple[str, ...] = ()
    rollback: str = ""
    origin: str = "catalog"  # catalog, llm, user
    scope: str = ""  # kernel/function it applies to


@dataclass(frozen=True)
class Rejected:
    id: str
    reason: str
    guard: str = ""  # which guard rejected it
    origin: str = "catalog"


@dataclass(frozen=True)
class DoNot:
    topic: str  # what not to do
    reason: str
    evidence: tuple[str, ...] = ()
