"""Judge stored samples of two experiments against each other (``experiment compare A B``).

The comparison is an experiment made of stored samples: side A plays the baseline, side B the
variant, and :func:`perfscout.experiment.runner.judge` decides with everything a run uses (the
correctness check, the problem size and machine-state checks, too good to be true at the spec's
peak bandwidth, the margin and alpha of A's spec). Two experiments of different metrics are a
usage error, not a missing experiment.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from perfscout.experiment.result import VariantOutcome
from perfscout.experiment.runner import judge
from perfscout.experiment.spec import ExperimentSpec, Variant
from perfscout.experiment.store import Store, StoredExperiment
from perfscout.experiment.validity import Sample
from perfscout.model.errors import InputError, NotFoundError


@dataclass(frozen=True)
class StoredComparison:
    """B judged against A: the speedup (> 1: B is better), its interval and the verdict."""

    a: str  # ID:VARIANT
    b: str
    metric: str
    direction: str
    margin: float | None
    ratio: float | None
    ratio_low: float | None
    ratio_high: float | None
    p_value: float | None
    verdict: str
    reasons: tuple[str, ...]
    n_a: int
    n_b: int
    busy_note: str | None = None


def _side(store: Store, ref: str) -> tuple[StoredExperiment, ExperimentSpec, str, list[Sample]]:
    eid, _, var = ref.partition(":")
    exp = store.get(eid)
    if exp.spec is None:
        raise InputError(f"{exp.id} is a {exp.kind}, not an experiment with samples to compare")
    var = var or exp.spec.baseline.name
    xs = exp.of(var)
    if not xs:
        names = ", ".join(v.name for v in exp.spec.all_variants())
        raise NotFoundError(f"no samples of variant {var!r} in {exp.id}",
                            hint=f"its variants: {names}")
    return exp, exp.spec, var, xs


def compare_stored(store: Store, a: str, b: str) -> StoredComparison:
    """Judge ``b`` against ``a`` (each ``ID[:VARIANT]``, default variant: the baseline)."""
    ea, sa, va, xa = _side(store, a)
    eb, sb, vb, xb = _side(store, b)
    if (sa.metric, sa.direction) != (sb.metric, sb.direction):
        raise InputError(f"{a} measures {sa.metric} ({sa.direction} is better) but {b} measures "
                         f"{sb.metric} ({sb.direction} is better): they cannot be compared",
                         hint="compare two experiments of the same metric")
    ref_a, ref_b = f"{ea.id}:{va}", f"{eb.id}:{vb}"
    spec = dataclasses.replace(
        sa, baseline=dataclasses.replace(sa.baseline, name="A", proposal_id=""),
        variants=(Variant("B"),),
        peak_bandwidth_MBps=sa.peak_bandwidth_MBps or sb.peak_bandwidth_MBps)
    samples = ([dataclasses.replace(s, variant="A") for s in xa]
               + [dataclasses.replace(s, variant="B") for s in xb])
    res = judge(spec, f"{ref_a}|{ref_b}", samples, max(s.round for s in samples) + 1)
    out: VariantOutcome = res.outcome("B")
    return StoredComparison(
        ref_a, ref_b, sa.metric, sa.direction, res.margin, out.ratio, out.ratio_low,
        out.ratio_high, out.p_value, out.verdict, out.reasons,
        sum(1 for s in xa if s.ok and s.value is not None),
        sum(1 for s in xb if s.ok and s.value is not None), res.busy_note)
