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
    """How the space's parameters become a build/run configuration.

    By role: ``threads`` -> OMP_NUM_THREADS, ``ranks`` -> mpirun -np, ``compiler_flags`` ->
    the flag set (replacing the baseline's flags), ``binding`` -> OMP_PROC_BIND/OMP_PLACES,
    others -> a define named after the parameter; a parameter's ``define:``, ``env:`` or
    ``flag:`` says it explicitly. A loop order's define value is its index among the values."""

    roles: Mapping[str, str]  # param name -> role
    defines: Mapping[str, str] = field(default_factory=dict)  # param name -> define name
    define_values: Mapping[str, Mapping[str, int]] = field(default_factory=dict)
    base_flags: tuple[str, ...] = ("-fopenmp",)
    envs: Mapping[str, str] = field(default_factory=dict)  # param name -> variable
    flag_templates: Mapping[str, str] = field(default_factory=dict)  # param name -> "-f{}"

    @staticmethod
    def for_space(space: Space, defines: Mapping[str, str] | None = None) -> PointMapping:
        roles = {p.name: p.role for p in space.params}
        roles.update({f.name: f.role for f in space.fixed})
        d = dict(defines or {})
        d.update({p.name: p.define for p in space.params if p.define})
        envs = {p.name: p.env for p in space.params if p.env}
        tmpl = {p.name: p.flag for p in space.params if p.flag}
        orders = {p.name: p.values for p in space.params if p.role == "loop_order"}
        dv: dict[str, Mapping[str, int]] = {}
        for name, role in roles.items():
            if name in envs or name in tmpl:
                continue
            if role == "loop_order":
                d.setdefault(name, "ORDER")
                dv[name] = {str(o): i for i, o in enumerate(orders.get(name) or LOOP_ORDERS)}
            elif role in ("tile", "unroll", "chunk", "other", "simd_width") and name not in d:
                d[name] = name.upper()
        return PointMapping(roles, d, dv, () if space.program else ("-fopenmp",), envs, tmpl)

    def variant(self, name: str, point: Mapping[str, Any], base: Variant | None = None
                ) -> Variant:
        """The variant running ``point``; over ``base`` (the user's baseline) when given."""
        env: dict[str, str] = dict(base.env) if base else {}
        defines: dict[str, str] = dict(base.defines) if base else {}
        flags: tuple[str, ...] | None = base.flags if base else None
        extra: list[str] = list(base.extra_flags) if base else []
        threads = base.threads if base else None
        ranks = base.ranks if base else None
        for k, v in point.items():
            role = self.roles.get(k, "other")
            if k in self.envs:
                env[self.envs[k]] = str(v)
            elif k in self.flag_templates:
                extra.append(self.flag_templates[k].replace("{}", str(v)))
            elif role == "threads":
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
        keep = {f.name: getattr(base, f.name) for f in dataclasses.fields(Variant)} if base \
            else {}
        keep.update(name=name, flags=flags, extra_flags=tuple(extra), defines=defines,
                    env=env, threads=threads, ranks=ranks, proposal_id="",
                    note=", ".join(f"{k}={v}" for k, v in sorted(point.items())))
        return Variant(**keep)


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
    base: Variant | None = None  # the user's baseline variant (program spaces)

    def __call__(self, point: dict[str, Any]) -> Evaluation:
        self.counter += 1
        var = self.mapping.variant("trial", point, self.base)
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
                 "ratio_to_reference": out.ratio, "ratio_low": out.ratio_low,
                 "ratio_high": out.ratio_high}
        # only a wrong comparison (failed check, different input, a run that did not finish)
        # voids a trial; noise does not: any other verdict with a measured value is a value
        if out.verdict == "invalid" or out.median is None:
            return Evaluation(None, False, "; ".join(out.reasons) or "invalid", attrs)
        return Evaluation(float(out.median), True, "", attrs)


def program_template(spec: ExperimentSpec, mapping: PointMapping, name: str
                     ) -> ExperimentSpec:
    """The experiment template for the user's program: its own baseline is the reference."""
    return dataclasses.replace(spec, name=name, variants=(
        mapping.variant("placeholder", {}, spec.baseline),))


def matmul_template(size: int, reference: Mapping[str, Any], mapping: PointMapping,
                    name: str = "tune-matmul") -> ExperimentSpec:
    """The experiment template for the bundled tunable matmul at ``size``."""
    return ExperimentSpec(
        name=name, source=str(tunable_matmul_source()), args=("{size}",), size=size,
        metric="gflops", direction="higher", warmup=1, check=Check("checksum"),
        baseline=mapping.variant("baseline", reference), variants=(
            mapping.variant("placeholder", reference),))
