"""Evaluate a tuning point with the experiment runner (repetitions, correctness, validity gate).

A point (parameter name -> value) becomes a :class:`Variant` through the parameters' roles:
``threads`` -> OMP_NUM_THREADS, ``ranks`` -> mpirun -np, ``compiler_flags`` -> the flag set,
``binding`` -> OMP_PROC_BIND/OMP_PLACES, and ``loop_order``/``tile``/``unroll``/other -> a
preprocessor define (see :class:`PointMapping`). Each evaluation is a small experiment: the
baseline configuration and the point, interleaved, so the point's checksum is checked against the
baseline's and an invalid run is a failed trial, never a fast one.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from perfscout.experiment.runner import ExperimentResult, run_experiment
from perfscout.experiment.spec import Check, ExperimentSpec, Variant
from perfscout.experiment.store import Store
from perfscout.model.errors import PerfscoutError
from perfscout.model.runs import Runner
from perfscout.tune.optuna_bridge import Evaluation
from perfscout.tune.space import Space

LOOP_ORDERS = ("ijk", "ikj", "jik", "jki", "kij", "kji")


def tunable_matmul_source() -> Path:
    """Path of the bundled tunable matmul (ORDER and TILE defines)."""
    return Path(str(resources.files("perfscout.tune").joinpath("kernels/matmul_tunable.c")))


@dataclass(frozen=True)
class PointMapping:
    """How the space's parameters become a build/run configuration."""

    roles: Mapping[str, str]  # param name -> role
    defines: Mapping[str, str] = field(default_factory=dict)  # param name -> define name
    define_values: Mapping[str, Mapping[str, int]] = field(default_factory=dict)
    base_flags: tuple[str, ...] = ("-fopenmp",)

    @staticmethod
    def for_space(space: Space, defines: Mapping[str, str] | None = None) -> PointMapping:
        roles = {p.name: p.role for p in space.params}
        roles.update({f.name: f.role for f in space.fixed})
        d = dict(defines or {})
        dv: dict[str, Mapping[str, int]] = {}
        for name, role in roles.items():
            if role == "loop_order":
                d.setdefault(name, "ORDER")
                dv[name] = {o: i for i, o in enumerate(LOOP_ORDERS)}
            elif role in ("tile", "unroll", "chunk", "other", "simd_width") and name not in d:
                d[name] = name.upper()
        return PointMapping(roles, d, dv)

    def variant(self, name: str, point: Mapping[str, Any]) -> Variant:
        env: dict[str, str] = {}
        defines: dict[str, str] = {}
        flags: tuple[str, ...] | None = None
        threads = ranks = None
        for k, v in point.items():
            role = self.roles.get(k, "other")
            if role == "threads":
                threads = int(v)
            elif role == "ranks":
                ranks = int(v)
            elif role == "compiler_flags":
                flags = (*str(v).split(), *self.base_flags)
            elif role == "binding":
                if str(v) not in ("", "none", "false"):
                    env["OMP_PROC_BIND"] = str(v)
                    env["OMP_PLACES"] = "cores"
                else:
                    env["OMP_PROC_BIND"] = "false"
            elif k in self.defines:
                mapped = self.define_values.get(k, {}).get(str(v), v)
                defines[self.defines[k]] = str(mapped)
        return Variant(name, flags=flags, defines=defines, env=env, threads=threads,
                       ranks=ranks, note=", ".join(f"{k}={v}" for k, v in sorted(point.items())))


@dataclass
class ExperimentEvaluator:
    """Callable(point) -> Evaluation, running one small experiment per point."""

    spec: ExperimentSpec  # template: its baseline is the reference configuration
    mapping: PointMapping
    runner: Runner
    store: Store
    workspace: Path
    cfg_get: Callable[[str], Any]
    repetitions: int = 3
    cv_max: float = 0.5  # screening: looser than the confirmation's gate
    results: list[ExperimentResult] = field(default_factory=list)
    counter: int = 0

    def __call__(self, point: dict[str, Any]) -> Evaluation:
        self.counter += 1
        var = self.mapping.variant("trial", point)
        spec = dataclasses.replace(
            self.spec, name=f"{self.spec.name}-pt", variants=(var,),
            repetitions=self.repetitions, max_repetitions=self.repetitions, ci_rel_width=10.0,
            cv_max=self.cv_max)
        try:
            res = run_experiment(spec, self.runner, self.store, self.workspace,
                                 cfg_get=self.cfg_get)
        except PerfscoutError as exc:
            return Evaluation(None, False, exc.message)
        self.results.append(res)
        out = res.variants[0]
        attrs = {"experiment": res.id, "verdict": out.verdict,
                 "ratio_to_reference": out.ratio}
        if out.verdict == "invalid" or out.median is None:
            return Evaluation(None, False, "; ".join(out.reasons) or "invalid", attrs)
        return Evaluation(float(out.median), True, "", attrs)


def matmul_template(size: int, reference: Mapping[str, Any], mapping: PointMapping,
                    name: str = "tune-matmul") -> ExperimentSpec:
    """The experiment template for the bundled tunable matmul at ``size``."""
    return ExperimentSpec(
        name=name, source=str(tunable_matmul_source()), args=("{size}",), size=size,
        metric="gflops", direction="higher", warmup=1, check=Check("checksum"),
        baseline=mapping.variant("baseline", reference), variants=(
            mapping.variant("placeholder", reference),))
