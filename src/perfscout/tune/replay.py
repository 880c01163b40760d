"""Replay a recorded exhaustive table to compare tuners offline.

A table is JSON: ``{"objective": "t", "direction": "minimize", "params": {NAME: {"role": ROLE,
"values": [...]}}, "rows": [{NAME: value, ..., "t": 0.123}, ...]}``. Each sampler, on the full
space and on the space narrowed from findings, is run over many seeds; a configuration costs one
evaluation the first time it is asked for (a repeat is served from the study, as the live tuner
does). Reported: evaluations until within 5% of the table's best (median and 90th percentile),
and the best value found within the budget. The search for the 5% mark is not cut at the budget
(a cut would make every sampler that misses look equally cheap): each run goes on until it gets
there or has seen every configuration of its space; a run that misses (its space excludes the
best, or the sampler stalls repeating itself for ``STALL`` asks) costs the whole table.
"""

from __future__ import annotations

import json
import statistics
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import optuna
from optuna.trial import TrialState

from perfscout.files import read_structured
from perfscout.model.errors import InputError
from perfscout.model.user_data import listed, mapping, number
from perfscout.tune.design import DesignProposer
from perfscout.tune.optuna_bridge import direction_literal, distributions
from perfscout.tune.prior import Prior
from perfscout.tune.samplers import make_sampler
from perfscout.tune.space import ROLES, Param, Space
from perfscout.tune.stride import contiguous_of, written_of


@dataclass(frozen=True)
class Table:
    objective: str
    direction: str  # minimize | maximize
    space: Space
    rows: Mapping[str, float]  # key(point) -> objective

    def best(self) -> float:
        vals = list(self.rows.values())
        return min(vals) if self.direction == "minimize" else max(vals)

    def within(self, value: float, tol: float = 0.05) -> bool:
        b = self.best()
        return value <= b * (1 + tol) if self.direction == "minimize" else value >= b * (1 - tol)


def _key(point: Mapping[str, Any]) -> str:
    return json.dumps({k: point[k] for k in sorted(point)}, sort_keys=True)


def load_table(path: str | Path) -> Table:
    p = Path(path)
    return table_from_dict(read_structured(p, "replay table"), str(p))


def table_from_dict(data: Any, where: str = "table") -> Table:
    data = mapping(data, f"{where}: a table")
    for k in ("objective", "params", "rows"):
        if k not in data:
            raise InputError(f"{where}: missing key {k!r}",
                             hint='{"objective", "direction", "params", "rows"}')
    obj = str(data["objective"])
    direction = str(data.get("direction", "minimize"))
    if direction not in ("minimize", "maximize"):
        raise InputError(f"{where}: direction must be minimize or maximize")
    params = []
    for name, spec in mapping(data["params"], f"{where}: params").items():
        if not mapping(spec, f"{where}: params.{name}").get("values"):
            raise InputError(f"{where}: params.{name} needs `values`")
        role = str(spec.get("role", "other"))
        if role not in ROLES:
            raise InputError(f"{where}: params.{name} has unknown role {role!r}",
                             hint="roles: " + ", ".join(ROLES))
        values = tuple(listed(spec["values"], f"{where}: params.{name}.values"))
        contiguous, came = contiguous_of(spec, role, values, f"{where}: params.{name}",
                                         files=False)
        params.append(Param(str(name), role, "categorical", values,
                            contiguous=contiguous, contiguous_from=came,
                            written=written_of(spec, values, files=False)
                            if role == "loop_order" else ""))
    names = [p.name for p in params]
    rows: dict[str, float] = {}
    for i, r in enumerate(listed(data["rows"], f"{where}: rows")):
        if obj not in mapping(r, f"{where}: rows[{i}]") or any(n not in r for n in names):
            raise InputError(f"{where}: rows[{i}] lacks {obj!r} or a parameter")
        for p in params:
            if r[p.name] not in p.values:
                raise InputError(f"{where}: rows[{i}].{p.name} = {r[p.name]!r} is not among "
                                 f"params.{p.name}.values")
        if r[obj] is None:
            continue
        rows[_key({n: r[n] for n in names})] = float(number(r[obj], f"{where}: rows[{i}].{obj}"))
    if not rows:
        raise InputError(f"{where}: no rows with a value")
    return Table(obj, direction, Space(Path(where).stem, tuple(params)), rows)


STALL = 200


def run_once(table: Table, space: Space, sampler: str, seed: int, budget: int,
             prior: Prior | None = None) -> tuple[int | None, float | None]:
    """(evaluations to within 5% of the best or None, best value within the budget).

    With a ``prior`` the search is evidence-guided: ``prior.space`` is searched, and the
    :class:`DesignProposer`'s points are enqueued before the sampler's own."""
    guide = None
    if prior is not None:
        space = prior.space
        guide = DesignProposer(prior, budget, seed, direction=table.direction)
    study = optuna.create_study(direction=direction_literal(table.direction),
                                sampler=make_sampler(sampler, seed))
    dists = distributions(space)
    fixed = space.fixed_values()
    reachable = len(_reachable(table, space))
    seen: dict[str, float | None] = {}
    hit: int | None = None
    best: float | None = None
    best_at_budget: float | None = None
    since_new = 0
    while (hit is None or len(seen) < budget) and len(seen) < reachable and since_new < STALL:
        got = guide.propose() if guide is not None else None
        if got is not None:
            study.enqueue_trial({n: got[0][n] for n in dists})
        trial = study.ask(dists)
        point = {**fixed, **trial.params}
        k = _key(point)
        since_new += 1
        if k not in seen:
            since_new = 0
            seen[k] = table.rows.get(k)
            v = seen[k]
            if guide is not None:
                guide.observe(point, v)
            if v is not None:
                if best is None or (v < best if table.direction == "minimize" else v > best):
                    best = v
                if hit is None and table.within(v):
                    hit = len(seen)
            if len(seen) <= budget:
                best_at_budget = best
        v = seen[k]
        if v is None:
            study.tell(trial, state=TrialState.FAIL)
        else:
            study.tell(trial, v)
    return hit, best_at_budget


def _reachable(table: Table, space: Space) -> list[str]:
    """The table's configurations inside ``space`` (fixed values, narrowed choices, constraints)."""
    fixed = space.fixed_values()
    allowed = {p.name: set(map(_norm, p.choices())) for p in space.params if p.choices()}
    out = []
    for k in table.rows:
        point = json.loads(k)
        if not all(point.get(n) == v for n, v in fixed.items()):
            continue
        if not all(_norm(point.get(n)) in vals for n, vals in allowed.items()):
            continue
        if space.feasible({n: point[n] for n in allowed if n in point}):
            out.append(k)
    return out


def region_holds_a_near_best(table: Table, region: Space, tol: float = 0.05) -> bool:
    """Whether ``region`` (a prior's preferred region) holds a configuration within ``tol`` of
    the table's best: the evidence is *right* on this table when it does."""
    return any(table.within(table.rows[k], tol) for k in _reachable(table, region))


def _norm(v: Any) -> str:
    return json.dumps(v)


def compare(table: Table, spaces: Mapping[str, Space], samplers: Sequence[str], seeds: int,
            budget: int, guided: Mapping[str, Prior] | None = None) -> dict[str, Any]:
    """Per sampler x space label: evaluations-to-5% (median, p90, misses) and best at budget.

    Each ``guided`` label adds a TPE search over its prior's space guided by the evidence."""
    out: dict[str, Any] = {"table_best": table.best(), "budget": budget, "seeds": seeds,
                           "rows": len(table.rows), "results": []}
    arms: list[tuple[str, Space, str, Prior | None]] = [
        (label, space, s, None) for label, space in spaces.items() for s in samplers]
    arms += [(label, p.space, "tpe", p) for label, p in (guided or {}).items()]
    for label, space, s, prior in arms:
        hits, bests = [], []
        for seed in range(seeds):
            h, b = run_once(table, space, s, seed, budget, prior)
            hits.append(h)
            bests.append(b)
        # a run that never got within 5% (space exhausted, or the sampler stalled) costs
        # the whole table: only an exhaustive search of everything is sure to get there
        # (a narrowed space that excluded the best must not look cheap)
        size = len(_reachable(table, space))
        cost = [h if h is not None else len(table.rows) for h in hits]
        got = [b for b in bests if b is not None]
        out["results"].append({
            "sampler": s, "space": label, "space_size": size,
            "evals_to_5pct_median": statistics.median(cost),
            "evals_to_5pct_p90": float(np.percentile(cost, 90)),
            "misses": sum(1 for h in hits if h is None),
            "best_at_budget_median": statistics.median(got) if got else None,
        })
    return out
