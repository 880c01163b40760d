"""The judged result of an experiment: one outcome per variant, and how busy the machine was.

Built by :func:`perfscout.experiment.runner.judge` from stored samples, kept in the store as a
typed object (:class:`perfscout.experiment.store.StoredExperiment`) and read by the CLI, the
cards, the report and the tuner.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from perfscout.experiment.busy import Busy
from perfscout.model.errors import PerfscoutError


@dataclass(frozen=True)
class VariantOutcome:
    """The judged result of one variant (the baseline has verdict ``baseline``)."""

    name: str
    proposal_id: str
    samples: int
    median: float | None
    median_low: float | None
    median_high: float | None
    cv: float | None
    ratio: float | None = None
    ratio_low: float | None = None
    ratio_high: float | None = None
    p_value: float | None = None
    verdict: str = "baseline"
    reasons: tuple[str, ...] = ()
    build_command: tuple[str, ...] = ()


@dataclass(frozen=True)
class ExperimentResult:
    id: str
    name: str
    kernel: str
    size: int | None
    metric: str
    direction: str
    rounds: int
    baseline: VariantOutcome
    variants: tuple[VariantOutcome, ...]
    state: Mapping[str, Any] = field(default_factory=dict)
    resumed_samples: int = 0
    margin: float | None = None
    busy: Busy | None = None
    # "the machine was busy: X% of the run time was spent waiting for a CPU" when it was
    busy_note: str | None = None

    def outcome(self, name: str) -> VariantOutcome:
        for v in (self.baseline, *self.variants):
            if v.name == name:
                return v
        raise KeyError(name)


def result_from_json(data: Mapping[str, Any]) -> ExperimentResult:
    """Rebuild a stored :class:`ExperimentResult`."""
    from perfscout.model.serialize import from_jsonable

    try:
        return from_jsonable(ExperimentResult, data)
    except (TypeError, ValueError, KeyError) as exc:
        raise PerfscoutError(f"stored experiment result is unreadable: {exc}") from None
