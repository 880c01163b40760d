"""Matrix mode: screen every approved variant at a small size, confirm the winners at full size
(and the variants the screening could not decide whose speedup points above 1: a busy machine
must not drop a real gain at the screen), then combine the confirmed winners and confirm the
combination, which must beat the baseline and also each winner alone (otherwise the best single
winner stands)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from perfscout.experiment.convert import Unconvertible, combine
from perfscout.experiment.runner import ExperimentResult, Progress, run_experiment
from perfscout.experiment.spec import ExperimentSpec, Variant, resolve
from perfscout.experiment.stats import DEFAULT_MARGIN, INCONCLUSIVE, WIN, compare, seed_for
from perfscout.experiment.store import Store


@dataclass(frozen=True)
class MatrixResult:
    name: str
    screening: ExperimentResult
    confirmation: ExperimentResult | None
    combination: ExperimentResult | None
    combination_variant: str = ""
    combination_beats_each: bool = False
    combination_note: str = ""
    best_variant: str = ""
    best_ratio: float | None = None

    def final_verdicts(self) -> dict[str, tuple[str, ExperimentResult]]:
        """Per variant name: its last verdict and the experiment that gave it."""
        out: dict[str, tuple[str, ExperimentResult]] = {}
        for res in (self.screening, self.confirmation, self.combination):
            if res is None:
                continue
            for v in res.variants:
                out[v.name] = (v.verdict, res)
        return out


def run_matrix(base: ExperimentSpec, variants: Sequence[Variant], runner: Any, store: Store,
               workspace: Path, *, cfg_get: Callable[[str], Any],
               progress: Progress | None = None) -> MatrixResult:
    """Screen, confirm and combine ``variants`` against ``base``'s baseline."""
    spec = resolve(dataclasses.replace(base, variants=tuple(variants)), cfg_get)
    screen_size = spec.screening_size or spec.size
    full = spec.confirmation_size or spec.size
    assert screen_size is not None and full is not None

    def prog(stage: str) -> Progress | None:
        if progress is None:
            return None
        return lambda msg, a, b: progress(f"{spec.name} {stage}: {msg}", a, b)

    screening = run_experiment(spec.with_size(screen_size, "screen"), runner, store, workspace,
                               cfg_get=cfg_get, progress=prog("screen"))
    def promising(name: str) -> bool:
        o = screening.outcome(name)
        return o.verdict == WIN or (o.verdict == INCONCLUSIVE and (o.ratio or 0.0) > 1.0)

    winners = [v for v in variants if promising(v.name)]
    if not winners:
        return MatrixResult(spec.name, screening, None, None)
    confirmation = run_experiment(
        dataclasses.replace(spec, variants=tuple(winners)).with_size(full, "confirm"), runner,
        store, workspace, cfg_get=cfg_get, progress=prog("confirm"))
    confirmed = sorted((v for v in winners if confirmation.outcome(v.name).verdict == WIN),
                       key=lambda v: -(confirmation.outcome(v.name).ratio or 0.0))
    best = confirmed[0] if confirmed else None
    best_ratio = confirmation.outcome(best.name).ratio if best else None
    if len(confirmed) < 2:
        return MatrixResult(spec.name, screening, confirmation, None,
                            best_variant=best.name if best else "", best_ratio=best_ratio)
    members = [confirmed[0]]
    skipped = []
    for v in confirmed[1:]:
        if isinstance(combine([*members, v], spec.kernel), Unconvertible):
            skipped.append(v.name)
        else:
            members.append(v)
    if len(members) < 2:
        return MatrixResult(spec.name, screening, confirmation, None,
                            combination_note="winners cannot be combined: " + ", ".join(skipped),
                            best_variant=confirmed[0].name, best_ratio=best_ratio)
    combo = combine(members, spec.kernel)
    assert isinstance(combo, Variant)
    combination = run_experiment(
        dataclasses.replace(spec, variants=(*members, combo)).with_size(full, "combine"),
        runner, store, workspace, cfg_get=cfg_get, progress=prog("combine"))
    samples = store.samples(combination.id)

    def values(name: str) -> list[float]:
        return [s.value for s in samples
                if s.variant == name and s.ok and not s.warmup and s.value is not None]

    combo_out = combination.outcome(combo.name)
    beats_each = combo_out.verdict == WIN and all(
        compare(values(m.name), values(combo.name), spec.direction,
                seed=seed_for(combination.id, m.name, combo.name),
                margin=DEFAULT_MARGIN if spec.margin is None else spec.margin).verdict == WIN
        for m in members)
    note = "the combination beats each winner alone" if beats_each else \
        "the combination does not beat each winner alone; the best single winner stands"
    if skipped:
        note += "; not combinable: " + ", ".join(skipped)
    if beats_each:
        best_name, best_ratio = combo.name, combo_out.ratio
    else:
        best_name = confirmed[0].name
    return MatrixResult(spec.name, screening, confirmation, combination, combo.name, beats_each,
                        note, best_name, best_ratio)
