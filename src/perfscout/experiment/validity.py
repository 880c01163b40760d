"""The validity gate: reasons a comparison must not be believed, checked before any verdict.

A variant is ``invalid`` only for what makes the comparison wrong: its runs failed or did not
finish, it ran a different problem size, its output differs from the baseline's, the machine
state at run time (frequency governor, SMT, CPU affinity of the runner, inherited binding
variables) differs from the baseline's or changed during the runs, or it is too good to be true
(faster than the memory traffic allows at the machine's peak bandwidth). Noise is never a
reason: it widens the interval, and the verdict says ``inconclusive`` when the budget could not
narrow it (:mod:`perfscout.experiment.stats`).
"""

from __future__ import annotations

import json
import statistics
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from perfscout.experiment.spec import Check
from perfscout.model.message import Text


@dataclass(frozen=True)
class Sample:
    """One timed run as the store keeps it."""

    variant: str
    round: int
    warmup: bool
    ok: bool
    value: float | None = None
    time_s: float | None = None
    checksum: str | None = None
    n: int | None = None
    state: Mapping[str, Any] = field(default_factory=dict)
    fields: Mapping[str, str] = field(default_factory=dict)
    error: str = ""
    # how busy the machine was during this run (perfscout.experiment.busy)
    wall_s: float | None = None
    cpu_s: float | None = None  # user+sys of the process tree (rusage)
    run_delay_s: float | None = None  # runnable but waiting for a CPU (schedstat)
    nivcsw: int | None = None  # involuntary context switches of the tree (rusage)
    load_before: float | None = None  # 1-minute load average
    load_after: float | None = None


# the gate's reasons that say the variant did not compute the same thing (or did not run)
CORRECTNESS = ("runs failed", "no successful runs", "problem size differs", "output differs")


def correctness_reasons(reasons: Sequence[str]) -> list[str]:
    """The reasons among ``reasons`` that say the program is wrong, not the measurement: what a
    correctness test asserts on (a verdict also answers the timing question)."""
    return [r for r in reasons if any(k in r for k in CORRECTNESS)]


def checksum_ok(base: str, other: str, check: Check) -> bool:
    """Whether a run's checksum ``other`` agrees with the baseline's ``base`` under ``check``."""
    if check.kind == "none":
        return True
    if check.kind == "checksum":
        return base == other
    try:
        b, o = float(base), float(other)
    except ValueError:
        return base == other
    scale = max(abs(b), abs(o), 1e-300)
    return abs(b - o) / scale <= check.rel_tol


def _median_rate(samples: Sequence[Sample]) -> tuple[float, float] | None:
    """Median (bytes, seconds) of the samples that report the bytes they moved."""
    pairs = [(float(s.fields["bytes"]), s.time_s) for s in samples
             if s.fields.get("bytes") is not None and s.time_s]
    if not pairs:
        return None
    return statistics.median(b for b, _ in pairs), statistics.median(t for _, t in pairs)


def _too_good(baseline: Sequence[Sample], variant: Sequence[Sample], peak_MBps: float
              ) -> str | None:
    """Why the variant's median time is impossible for the bytes it reports, or None.

    The ceiling is the measured peak, or the baseline's own median rate when that is higher (the
    baseline is correct by definition: a peak measured on a busy machine can be low). Half the
    floor is allowed: a cache-resident working set can beat the DRAM figure somewhat; a variant
    that skips its work beats it by far more, in every run, so the median says it."""
    v = _median_rate(variant)
    if v is None:
        return None
    b = _median_rate(baseline)
    base_MBps = b[0] / b[1] / 1e6 if b else 0.0
    ceiling = max(peak_MBps, base_MBps)
    floor = v[0] / (ceiling * 1e6)
    if v[1] >= 0.5 * floor:
        return None
    what = Text("exp.what_peak") if ceiling == peak_MBps else Text("exp.what_baseline")
    return Text("exp.too_good", median=f"{v[1]:.4g}", floor=f"{floor:.4g}", bytes=f"{v[0]:.3g}",
                what=what, ceiling=f"{ceiling:.0f}")


def _states(samples: Sequence[Sample]) -> set[str]:
    return {json.dumps(dict(s.state), sort_keys=True) for s in samples}


def gate(baseline: Sequence[Sample], variant: Sequence[Sample], *, check: Check,
         peak_bandwidth_MBps: float | None = None, is_baseline: bool = False) -> list[str]:
    """Reasons ``variant`` (timed samples, warm-ups excluded) is invalid; empty when valid."""
    reasons: list[str] = []
    failed = [s for s in variant if not s.ok]
    if failed:
        reasons.append(Text("exp.runs_failed", failed=len(failed), total=len(variant),
                            error=failed[0].error[:120]))
    good = [s for s in variant if s.ok]
    base_good = [s for s in baseline if s.ok]
    if not good or not base_good:
        return reasons or [Text("exp.no_runs")]
    ref = base_good[0]
    if not is_baseline:
        sizes = {s.n for s in good} | {s.n for s in base_good}
        if len(sizes) > 1:
            reasons.append(Text("exp.size_differs", sizes=sorted(map(str, sizes))))
        bad = [s for s in good if not checksum_ok(str(ref.checksum), str(s.checksum), check)]
        if bad:
            reasons.append(Text("exp.output_differs", got=bad[0].checksum, want=ref.checksum,
                                kind=check.kind))
        sb, sv = _states(base_good), _states(good)
        if sb != sv:
            reasons.append(Text("exp.state_differs", variant=sorted(sv - sb)[:1],
                                baseline=sorted(sb - sv)[:1]))
    if len(_states(good)) > 1:
        reasons.append(Text("exp.state_changed"))
    if peak_bandwidth_MBps and not is_baseline:
        reason = _too_good(base_good, good, peak_bandwidth_MBps)
        if reason:
            reasons.append(reason)
    return reasons
