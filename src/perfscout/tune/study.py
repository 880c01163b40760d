"""A whole tuning run: space -> (narrowed) -> Optuna study -> confirmation by experiment.

``matmul_space`` is the full space of the bundled tunable matmul; ``tune`` runs or resumes a study
with the experiment runner as the evaluator; ``confirm`` runs the tuned configuration against the
best single catalog proposal expressible in the same space (loop interchange, tiling, -O3,
-march=native, more threads: each measured, the best kept) and returns that experiment's verdict.
"""

from __future__ import annotations

import dataclasses
import multiprocessing
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from perfscout.experiment.runner import ExperimentResult, run_experiment
from perfscout.experiment.spec import ExperimentSpec, Variant, load_spec, resolve
from perfscout.experiment.store import Store
from perfscout.model.errors import RunFailed
from perfscout.model.runs import Runner
from perfscout.tune.design import DesignProposer
from perfscout.tune.evaluate import (
    LOOP_ORDERS,
    ExperimentEvaluator,
    PointMapping,
    matmul_template,
    program_template,
    tunable_matmul_source,
)
from perfscout.tune.optuna_bridge import Progress, load_or_create, open_storage, optimize, summary
from perfscout.tune.prior import Prior
from perfscout.tune.space import Param, Space
from perfscout.tune.stride import read_body

FLAG_SETS = ("-O2", "-O3", "-O2 -march=native", "-O3 -march=native")


def _body_line(src: Path) -> tuple[int, str]:
    """Number and text of the kernel's ``#define BODY`` line (what every loop order runs)."""
    for n, line in enumerate(src.read_text().splitlines(), 1):
        if line.startswith("#define BODY"):
            return n, line
    raise RuntimeError(f"{src} has no '#define BODY' line")  # a broken install, not user input


def matmul_space(size: int, cores: int = 2) -> Space:
    """Loop order x tile x flag set x threads x binding for the tunable matmul at ``size``.

    The unit-stride index of the loop orders is read from the kernel's loop body."""
    tiles = tuple(t for t in (8, 16, 32, 64, 128, 256, 512) if t <= size)
    src = tunable_matmul_source()
    n, body = _body_line(src)
    contiguous, came = read_body(body, f"{src.name}:{n}", LOOP_ORDERS)
    return Space("matmul", (
        Param("order", "loop_order", "categorical", LOOP_ORDERS, reason="loop nest order",
              contiguous=contiguous, contiguous_from=came),
        Param("tile", "tile", "categorical", tiles, reason="block size of all three loops"),
        Param("flags", "compiler_flags", "categorical", FLAG_SETS, reason="gcc flag sets"),
        Param("threads", "threads", "categorical", tuple(range(1, cores + 1)),
              reason="OpenMP threads"),
        Param("binding", "binding", "categorical", ("false", "close", "spread"),
              reason="OMP_PROC_BIND"),
    ))


REFERENCE = {"order": "ijk", "tile": 1 << 30, "flags": "-O2", "threads": 1, "binding": "false"}


@dataclass(frozen=True)
class Target:
    """What a study tunes: the experiment template, how a point becomes a variant, and the
    reference configuration every trial is measured against."""

    template: ExperimentSpec
    mapping: PointMapping
    base: Variant | None  # the user's own baseline (program spaces); None: the bundled matmul
    reference: Mapping[str, Any]  # the reference point (bundled matmul) or {} (program)
    direction: str  # maximize | minimize
    program: str  # the spec file, or "" for the bundled matmul

    def variant(self, name: str, point: Mapping[str, Any]) -> Variant:
        return self.mapping.variant(name, {**self.reference, **point}, self.base)


def target_for(space: Space, size: int, name: str, cfg_get: Callable[[str], Any]) -> Target:
    """The program a space names (``program:``, read with the experiment spec loader), or the
    bundled tunable matmul at ``size`` when it names none."""
    mapping = PointMapping.for_space(space)
    if space.program:
        spec = resolve(load_spec(space.program, need_variants=False), cfg_get)
        return Target(program_template(spec, mapping, name), mapping, spec.baseline, {},
                      "maximize" if spec.direction == "higher" else "minimize", space.program)
    ref = {k: v for k, v in dict(REFERENCE, tile=size).items() if k in mapping.roles}
    return Target(matmul_template(size, ref, mapping, name=name), mapping, None, ref,
                  "maximize", "")


def single_proposals(size: int, cores: int) -> dict[str, dict[str, Any]]:
    """The catalog proposals expressible as one change to the reference point."""
    ref = dict(REFERENCE, tile=size)
    return {
        "loop_interchange": dict(ref, order="ikj"),
        "loop_tiling": dict(ref, order="ikj", tile=min(64, size)),
        "compiler_opt_level": dict(ref, flags="-O3"),
        "compiler_arch": dict(ref, flags="-O2 -march=native"),
        "thread_count": dict(ref, threads=cores),
    }


def program_proposals(prior: Prior | None) -> dict[str, dict[str, Any]]:
    """For a user's program: each parameter at the evidence's first preferred value, alone
    (the single proposals the evidence makes, each one change to the user's baseline)."""
    if prior is None:
        return {}
    return {f"{p.param}={p.values[0]}": {p.param: p.values[0]}
            for p in prior.preferences if p.values}


def tune(space: Space, *, size: int, runner: Runner, store: Store, workspace: Path,
         cfg_get: Callable[[str], Any], budget: int, study_name: str, storage: str | None,
         home: Path, sampler: str = "tpe", seed: int | None = 0, repetitions: int = 3,
         progress: Progress | None = None, lock: Path | None = None,
         prior: Prior | None = None) -> dict[str, Any]:
    """Run (or resume) the study until ``budget`` trials are finished; returns :func:`summary`.

    With a ``prior`` the full space (``prior.space``) is searched, the evidence's points first."""
    searched = prior.space if prior is not None else space
    target = target_for(searched, size, study_name, cfg_get)
    ev = ExperimentEvaluator(target.template, target.mapping, runner, store, workspace,
                             cfg_get, repetitions=repetitions, base=target.base)
    st = open_storage(storage, home)
    study = load_or_create(study_name, st, target.direction, sampler, seed)
    guide = (DesignProposer(prior, budget, seed or 0, direction=target.direction)
             if prior is not None else None)
    optimize(study, searched, ev, budget, lock=lock, progress=progress, guide=guide)
    out = summary(study, searched)
    out["program"] = target.program or "bundled tunable matmul"
    if prior is not None:
        out["prior"] = prior.describe()
    return out


def confirm(finalists: Sequence[Mapping[str, Any]], space: Space, *, size: int,
            runner: Runner, store: Store, workspace: Path, cfg_get: Callable[[str], Any],
            cores: int, repetitions: int = 7, prior: Prior | None = None) -> dict[str, Any]:
    """Repeat only the contenders: the single proposals and the study's finalists (its top
    distinct points) against the reference in one interleaved experiment (each one's gain over
    the baseline), then the finalists against the best single proposal in another; the best
    finalist that wins is the result."""
    target = target_for(space, size, "tune-confirm", cfg_get)
    singles = (program_proposals(prior) if target.program
               else {k: {n: v for n, v in p.items() if n in target.mapping.roles}
                     for k, p in single_proposals(size, cores).items()})
    points = [dict(p) for p in finalists]
    screen = dataclasses.replace(
        target.template, name="tune-confirm-singles", warmup=1, repetitions=repetitions,
        max_repetitions=repetitions, baseline=target.variant("baseline", {}),
        variants=(*(dataclasses.replace(target.variant(k, p), proposal_id=k)
                    for k, p in singles.items()),
                  *(target.variant(f"tuned{i + 1}", p) for i, p in enumerate(points))))
    s_res = run_experiment(screen, runner, store, workspace, cfg_get=cfg_get)
    by = {v.name: v for v in s_res.variants}
    higher = target.direction == "maximize"

    def better(v: Any) -> float:
        return (v.median or 0.0) if higher else -(v.median or float("inf"))

    valid = [by[k] for k in singles if by[k].median is not None and by[k].verdict != "invalid"]
    best_single = max(valid, key=better) if valid else None
    vs_base = [{"point": points[i], "median": by[f"tuned{i + 1}"].median,
                "ratio": by[f"tuned{i + 1}"].ratio, "ratio_low": by[f"tuned{i + 1}"].ratio_low,
                "ratio_high": by[f"tuned{i + 1}"].ratio_high,
                "verdict": by[f"tuned{i + 1}"].verdict} for i in range(len(points))]
    if best_single is None:
        if not singles:  # nothing to compare with but the baseline
            return _confirmed(vs_base, None, s_res.id, "", {})
        why = "; ".join(f"{v.name}: {', '.join(v.reasons)}" for v in s_res.variants)
        raise RunFailed("no single proposal was measured validly, so there is nothing to "
                        f"confirm against ({why[:300]})",
                        hint="rerun on a quieter machine or with more repetitions")
    final = dataclasses.replace(
        screen, name="tune-confirm-final",
        baseline=dataclasses.replace(target.variant("baseline", singles[best_single.name]),
                                     proposal_id=best_single.name),
        variants=tuple(target.variant(f"tuned{i + 1}", p) for i, p in enumerate(points)))
    f_res: ExperimentResult = run_experiment(final, runner, store, workspace, cfg_get=cfg_get)
    singles_out = {k: {"median": by[k].median, "ratio": by[k].ratio, "verdict": by[k].verdict}
                   for k in singles}
    return _confirmed(vs_base, f_res, s_res.id, best_single.name, singles_out,
                      best_single.median, better)


def _confirmed(vs_base: list[dict[str, Any]], f_res: ExperimentResult | None, screen_id: str,
               best_single: str, singles: dict[str, Any], single_median: float | None = None,
               better: Callable[[Any], float] | None = None) -> dict[str, Any]:
    if f_res is None:
        i = max(range(len(vs_base)), key=lambda j: vs_base[j]["ratio"] or 0.0)
        tv: Any = None
    else:
        wins = [(j, v) for j, v in enumerate(f_res.variants) if v.verdict == "win"]
        key = better or (lambda v: v.median or 0.0)
        i, tv = (max(wins, key=lambda w: key(w[1])) if wins
                 else max(enumerate(f_res.variants), key=lambda w: key(w[1])))
    return {
        "best_single": best_single or None, "best_single_median": single_median,
        "singles": singles,
        "finalists": vs_base,
        "tuned_point": vs_base[i]["point"],
        "tuned_median": tv.median if tv else vs_base[i]["median"],
        "gain_vs_baseline": {k: vs_base[i][k] for k in ("ratio", "ratio_low", "ratio_high",
                                                        "verdict")},
        "ratio": tv.ratio if tv else None, "ratio_low": tv.ratio_low if tv else None,
        "ratio_high": tv.ratio_high if tv else None,
        "verdict": tv.verdict if tv else vs_base[i]["verdict"],
        "reasons": list(tv.reasons) if tv else [],
        "experiments": [screen_id, *([f_res.id] if f_res else [])],
    }


def finalists(study_best: Sequence[Mapping[str, Any]], k: int = 3) -> list[dict[str, Any]]:
    """The first ``k`` distinct points of a best-first list."""
    out: list[dict[str, Any]] = []
    for p in study_best:
        if dict(p) not in out:
            out.append(dict(p))
        if len(out) == k:
            break
    return out


def _worker(args: tuple[Any, ...]) -> None:  # pragma: no cover - runs in a child process
    fn, kwargs = args
    fn(**kwargs)


def run_workers(k: int, target: Callable[..., Any], kwargs: dict[str, Any]) -> list[int]:
    """Run ``target(**kwargs)`` in ``k`` processes sharing one storage; their exit codes."""
    ctx = multiprocessing.get_context("spawn")
    procs = [ctx.Process(target=target, kwargs=dict(kwargs, seed=i)) for i in range(k)]
    for p in procs:
        p.start()
    for p in procs:
        p.join()
    return [p.exitcode or 0 for p in procs]
