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
from pathlib import Path
from typing import Any

from perfscout.experiment.runner import ExperimentResult, run_experiment
from perfscout.experiment.store import Store
from perfscout.model.errors import RunFailed
from perfscout.model.runs import Runner
from perfscout.tune.evaluate import (
    LOOP_ORDERS,
    ExperimentEvaluator,
    PointMapping,
    matmul_template,
    tunable_matmul_source,
)
from perfscout.tune.optuna_bridge import Progress, load_or_create, open_storage, optimize, summary
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


def tune(space: Space, *, size: int, runner: Runner, store: Store, workspace: Path,
         cfg_get: Callable[[str], Any], budget: int, study_name: str, storage: str | None,
         home: Path, sampler: str = "tpe", seed: int | None = 0, repetitions: int = 3,
         progress: Progress | None = None, lock: Path | None = None) -> dict[str, Any]:
    """Run (or resume) the study until ``budget`` trials are finished; returns :func:`summary`."""
    mapping = PointMapping.for_space(space)
    ref = {k: v for k, v in dict(REFERENCE, tile=size).items() if k in mapping.roles}
    template = matmul_template(size, ref, mapping, name=study_name)
    ev = ExperimentEvaluator(template, mapping, runner, store, workspace, cfg_get,
                             repetitions=repetitions)
    st = open_storage(storage, home)
    study = load_or_create(study_name, st, "maximize", sampler, seed)
    optimize(study, space, ev, budget, lock=lock, progress=progress)
    return summary(study, space)


def confirm(finalists: Sequence[Mapping[str, Any]], space: Space, *, size: int,
            runner: Runner, store: Store, workspace: Path, cfg_get: Callable[[str], Any],
            cores: int, repetitions: int = 7) -> dict[str, Any]:
    """Measure the single proposals, then the study's finalists (its top distinct points)
    against the best of them in one experiment; the best finalist that wins is the result."""
    from perfscout.experiment.spec import Check, ExperimentSpec

    mapping = PointMapping.for_space(space)
    singles = single_proposals(size, cores)
    ref_point = dict(REFERENCE, tile=size)
    screen = ExperimentSpec(
        name="tune-confirm-singles", source=matmul_template(size, ref_point, mapping).source,
        args=("{size}",), size=size, metric="gflops", direction="higher", warmup=1,
        repetitions=repetitions, max_repetitions=repetitions, check=Check("checksum"),
        baseline=mapping.variant("baseline", ref_point),
        variants=tuple(dataclasses.replace(mapping.variant(k, p), proposal_id=k)
                       for k, p in singles.items()))
    s_res = run_experiment(screen, runner, store, workspace, cfg_get=cfg_get)
    valid = [v for v in s_res.variants if v.median is not None and v.verdict != "invalid"]
    if not valid:
        why = "; ".join(f"{v.name}: {', '.join(v.reasons)}" for v in s_res.variants)
        raise RunFailed("no single proposal was measured validly, so there is nothing to "
                        f"confirm against ({why[:300]})",
                        hint="rerun on a quieter machine or with more repetitions")
    best_single = max(valid, key=lambda v: v.median or 0.0)
    points = [{**ref_point, **dict(p)} for p in finalists]
    final = dataclasses.replace(
        screen, name="tune-confirm-final",
        baseline=dataclasses.replace(mapping.variant("baseline", singles[best_single.name]),
                                     proposal_id=best_single.name),
        variants=tuple(mapping.variant(f"tuned{i + 1}", p) for i, p in enumerate(points)))
    f_res: ExperimentResult = run_experiment(final, runner, store, workspace, cfg_get=cfg_get)
    wins = [(i, v) for i, v in enumerate(f_res.variants) if v.verdict == "win"]
    i, tv = (max(wins, key=lambda w: w[1].median or 0.0) if wins
             else max(enumerate(f_res.variants), key=lambda w: w[1].median or 0.0))
    return {
        "best_single": best_single.name,
        "best_single_median": best_single.median,
        "singles": {v.name: {"median": v.median, "verdict": v.verdict} for v in s_res.variants},
        "finalists": [{"point": points[j], "median": v.median, "ratio": v.ratio,
                       "verdict": v.verdict} for j, v in enumerate(f_res.variants)],
        "tuned_point": points[i],
        "tuned_median": tv.median,
        "ratio": tv.ratio, "ratio_low": tv.ratio_low, "ratio_high": tv.ratio_high,
        "verdict": tv.verdict, "reasons": list(tv.reasons),
        "experiment": f_res.id,
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
