"""A configuration that failed (build, run or validity gate) is never measured again: the
study's sampler may ask for it, the evidence guide may not propose it."""

from __future__ import annotations

from collections import Counter
from typing import Any

import optuna

from perfscout.model.findings import Finding, Status
from perfscout.model.taxonomy import layer_of
from perfscout.tune.design import DesignProposer
from perfscout.tune.optuna_bridge import Evaluation, optimize
from perfscout.tune.prior import evidence_prior
from perfscout.tune.space import Param, Space

SPACE = Space("k", (Param("tile", "tile", "categorical", (16, 32, 64)),
                    Param("unroll", "unroll", "categorical", (1, 2, 4, 8))))


def _evaluate(calls: Counter[tuple[int, int]]) -> Any:
    def evaluate(point: dict[str, Any]) -> Evaluation:
        key = (point["tile"], point["unroll"])
        calls[key] += 1
        if point["unroll"] == 8:  # e.g. a build that fails at this unroll
            return Evaluation(None, False, "build failed")
        return Evaluation(float(point["tile"]) / point["unroll"], True)
    return evaluate


def test_sampler_asks_again_but_a_failed_point_is_measured_once() -> None:
    calls: Counter[tuple[int, int]] = Counter()
    study = optuna.create_study(sampler=optuna.samplers.RandomSampler(seed=3))
    # 12 points, 3 of them fail: a random sampler asks each many times over 60 asks
    optimize(study, SPACE, _evaluate(calls), budget=40, max_asks=60)
    asked = Counter((t.params["tile"], t.params["unroll"]) for t in study.trials)
    assert any(n > 1 for k, n in asked.items() if k[1] == 8)  # the sampler did ask again
    assert {k for k in calls if k[1] == 8}  # and the failing points were tried once
    assert all(n == 1 for n in calls.values()), calls
    again = [t for t in study.trials if t.params["unroll"] == 8 and "cached_from" in t.user_attrs]
    assert again and all(t.state == optuna.trial.TrialState.FAIL for t in again)


def _finding(fid: str) -> Finding:
    return Finding(fid, layer_of(fid), Status.HYPOTHESIS, 0.7, fid)


def test_guide_never_proposes_a_failed_point_again() -> None:
    prior = evidence_prior([_finding("hw.vectorization")], None, SPACE)
    assert prior.first["unroll"] == 8  # the evidence's first choice fails here
    g = DesignProposer(prior, budget=30)
    proposed = []
    while (got := g.propose()) is not None:
        point = got[0]
        key = (point["tile"], point["unroll"])
        proposed.append(key)
        g.observe(point, None if point["unroll"] == 8 else float(point["tile"]))
    assert len(proposed) == len(set(proposed)), proposed
    assert proposed[0][1] == 8 and sum(1 for k in proposed if k[1] == 8) <= 3
