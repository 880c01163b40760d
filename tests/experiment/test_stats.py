"""Statistics on synthetic samples: known differences are found, identical ones are not."""

from __future__ import annotations

import numpy as np

from perfscout.experiment.stats import LOSS, NEUTRAL, WIN, compare, cv, median_ci, speedup_ci


def test_median_ci_contains_true_median_and_is_deterministic() -> None:
    xs = list(np.random.default_rng(1).normal(100.0, 5.0, 25))
    a = median_ci(xs, seed=3)
    assert a.low <= a.value <= a.high
    assert 95 < a.value < 105 and a.low < 100 < a.high
    assert median_ci(xs, seed=3) == a


def test_known_ten_percent_gain_is_a_win_in_both_directions() -> None:
    rng = np.random.default_rng(7)
    base = list(rng.normal(1.00, 0.02, 15))
    faster_time = list(rng.normal(0.90, 0.018, 15))
    c = compare(base, faster_time, "lower")
    assert c.verdict == WIN
    assert 1.08 < c.ratio.value < 1.14 and c.ratio.low > 1.0
    higher_metric = [1 / x for x in faster_time]
    assert compare([1 / x for x in base], higher_metric, "higher").verdict == WIN
    assert compare(faster_time, base, "lower").verdict == LOSS


def test_identical_distributions_are_rarely_declared_different() -> None:
    rng = np.random.default_rng(11)
    decided = 0
    for i in range(200):
        a = list(rng.lognormal(0.0, 0.1, 9))
        b = list(rng.lognormal(0.0, 0.1, 9))
        decided += compare(a, b, "lower", seed=i).verdict in (WIN, LOSS)
    assert decided / 200 <= 0.06


def test_all_equal_samples_are_neutral_and_cv_zero() -> None:
    c = compare([2.0] * 5, [2.0] * 5, "higher")
    assert c.verdict == NEUTRAL and c.p_value == 1.0 and c.ratio.value == 1.0
    assert cv([2.0] * 5) == 0.0
    assert abs(cv([1.0, 3.0]) - (2**0.5 / 2.0)) < 1e-12


def test_speedup_orientation() -> None:
    s = speedup_ci([10.0, 10.0, 10.0], [5.0, 5.0, 5.0], "lower")
    assert s.value == 2.0
    s = speedup_ci([10.0, 10.0, 10.0], [5.0, 5.0, 5.0], "higher")
    assert s.value == 0.5
