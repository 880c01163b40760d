"""Statistics that do not lie: medians with bootstrap intervals, ratios, a rank test, a verdict.

All functions are pure and deterministic for a given seed. The verdict answers the question
"is the variant better by more than the margin?": ``win`` when the ratio interval lies above
1 + margin (and the two-sided Mann-Whitney U test agrees at ``alpha``), ``loss`` below
1 - margin (likewise), ``neutral`` when the whole interval lies inside [1 - margin, 1 + margin],
and ``inconclusive`` when it straddles a boundary (the runner then adds repetitions up to the
budget). ``invalid`` comes from the validity gate, never from the numbers alone: noise only
widens the interval.
"""

from __future__ import annotations

import math
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np

WIN, LOSS, NEUTRAL, INCONCLUSIVE, INVALID = "win", "loss", "neutral", "inconclusive", "invalid"
#: a variant faster by the numbers whose output nothing compared (check kind none): never a win
UNCHECKED = "unchecked"
VERDICTS = (WIN, LOSS, NEUTRAL, INCONCLUSIVE, INVALID, UNCHECKED)
JUDGED = (WIN, LOSS, NEUTRAL)  # verdicts that answer the question (a card may count them)
DEFAULT_MARGIN = 0.03  # config experiment.margin: smaller differences count as no difference


@dataclass(frozen=True)
class Interval:
    """A point estimate with its (bootstrap percentile) confidence interval."""

    value: float
    low: float
    high: float

    @property
    def rel_width(self) -> float:
        """Interval width relative to the estimate (inf when the estimate is 0)."""
        return (self.high - self.low) / abs(self.value) if self.value else math.inf


@dataclass(frozen=True)
class Comparison:
    """Variant vs baseline: speedup (>1 is better in the metric's direction), test, verdict."""

    ratio: Interval
    p_value: float
    verdict: str
    n_baseline: int
    n_variant: int


def seed_for(*parts: object) -> int:
    """A stable seed from names (so resampling is reproducible across runs and resumes)."""
    return zlib.crc32("|".join(str(p) for p in parts).encode())


def cv(xs: Sequence[float]) -> float:
    """Coefficient of variation (sample std / mean); 0 for fewer than two samples."""
    import numpy as np
    if len(xs) < 2:
        return 0.0
    arr = np.asarray(xs, dtype=float)
    mean = float(arr.mean())
    return float(arr.std(ddof=1) / abs(mean)) if mean else math.inf


def robust_cv(xs: Sequence[float]) -> float:
    """Noise robust to a few descheduled runs: 1.4826 * MAD / median (equals the CV for normal
    samples); 0 for fewer than two samples."""
    import numpy as np
    if len(xs) < 2:
        return 0.0
    arr = np.asarray(xs, dtype=float)
    med = float(np.median(arr))
    if not med:
        return math.inf
    return float(1.4826 * np.median(np.abs(arr - med)) / abs(med))


def median_ci(xs: Sequence[float], *, level: float = 0.95, n_boot: int = 2000,
              seed: int = 0) -> Interval:
    """Median of ``xs`` with a bootstrap percentile interval."""
    import numpy as np
    arr = np.asarray(xs, dtype=float)
    if arr.size == 0:
        raise ValueError("median_ci needs at least one sample")
    rng = np.random.default_rng(seed)
    boots = np.median(rng.choice(arr, size=(n_boot, arr.size), replace=True), axis=1)
    a = (1 - level) / 2
    return Interval(float(np.median(arr)), float(np.quantile(boots, a)),
                    float(np.quantile(boots, 1 - a)))


def speedup_ci(baseline: Sequence[float], variant: Sequence[float], direction: str, *,
               level: float = 0.95, n_boot: int = 2000, seed: int = 0) -> Interval:
    """Ratio of medians oriented so that > 1 means the variant is better, with a bootstrap CI
    (both samples resampled independently)."""
    import numpy as np
    b = np.asarray(baseline, dtype=float)
    v = np.asarray(variant, dtype=float)
    if b.size == 0 or v.size == 0:
        raise ValueError("speedup_ci needs samples on both sides")
    rng = np.random.default_rng(seed)
    mb = np.median(rng.choice(b, size=(n_boot, b.size), replace=True), axis=1)
    mv = np.median(rng.choice(v, size=(n_boot, v.size), replace=True), axis=1)

    def orient(base: np.ndarray | float, var: np.ndarray | float) -> np.ndarray:
        with np.errstate(divide="ignore", invalid="ignore"):
            return np.asarray(var / base if direction == "higher" else base / var, dtype=float)

    boots = orient(mb, mv)
    point = float(orient(float(np.median(b)), float(np.median(v))))
    a = (1 - level) / 2
    return Interval(point, float(np.nanquantile(boots, a)), float(np.nanquantile(boots, 1 - a)))


def rank_test(baseline: Sequence[float], variant: Sequence[float]) -> float:
    """Two-sided Mann-Whitney U p-value (1.0 when every sample is identical)."""
    if len(baseline) < 2 or len(variant) < 2:
        return 1.0
    if len(set(baseline) | set(variant)) == 1:
        return 1.0
    from scipy import stats as sps  # imported when a test is run, not with the verdict names

    return float(sps.mannwhitneyu(baseline, variant, alternative="two-sided").pvalue)


def decide(ratio: Interval, p_value: float, *, alpha: float = 0.05,
           margin: float = DEFAULT_MARGIN) -> str:
    """The verdict on a speedup interval: win/loss beyond the margin (and significant), neutral
    inside it, inconclusive when the interval straddles a boundary."""
    if ratio.low > 1.0 + margin and p_value < alpha:
        return WIN
    if ratio.high < 1.0 - margin and p_value < alpha:
        return LOSS
    if ratio.low >= 1.0 - margin and ratio.high <= 1.0 + margin:
        return NEUTRAL
    return INCONCLUSIVE


def compare(baseline: Sequence[float], variant: Sequence[float], direction: str, *,
            alpha: float = 0.05, seed: int = 0, margin: float = DEFAULT_MARGIN) -> Comparison:
    """Speedup interval, rank test and verdict (:func:`decide`) of ``variant`` vs baseline."""
    ratio = speedup_ci(baseline, variant, direction, seed=seed)
    p = rank_test(baseline, variant)
    return Comparison(ratio, p, decide(ratio, p, alpha=alpha, margin=margin), len(baseline),
                      len(variant))
