"""The generated files of ``export reframe`` and ``script sbatch``, each from stored results in
one call: the card's (or experiment's) variant, its reference figure, and the file's text,
pointing at the one workspace where the experiment's builds live."""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import TYPE_CHECKING

from perfscout.experiment.store import Store, default_db
from perfscout.model.errors import InputError, UsageError

if TYPE_CHECKING:
    from perfscout.config import Config


@dataclass(frozen=True)
class ReframeTest:
    """A ReFrame test guarding a card's result: the card, its variant, the reference, the text."""

    card: str
    variant: str
    reference: float
    test: str


@dataclass(frozen=True)
class SbatchScript:
    """An sbatch script reproducing one variant of an experiment."""

    experiment: str
    variant: str
    script: str


def check_tolerance(tolerance: float) -> None:
    """Refuse a ``--tolerance`` that is not a fraction strictly between 0 and 1 (UsageError,
    exit 2): checked as the command starts, before any store is opened."""
    if not 0 < tolerance < 1:
        raise UsageError(f"--tolerance {tolerance:g} is not a fraction between 0 and 1",
                         hint="give the allowed regression as a fraction, e.g. --tolerance 0.1")


def reframe_for_card(cfg: Config, card_ref: str, tolerance: float) -> ReframeTest:
    """The ReFrame test of card ``card_ref``: its first experiment's variant for the card's
    proposal, with that variant's median as the reference (``tolerance`` below it passes;
    checked first, by :func:`check_tolerance`)."""
    from perfscout.export.reframe import reframe_test
    from perfscout.kb import CardStore

    check_tolerance(tolerance)
    db = default_db(cfg.home)
    with CardStore(db) as cs:
        card = cs.get(card_ref)
    if not card.experiments:
        raise InputError(f"card {card.id} names no experiment")
    with Store(db) as st:
        exp = st.get(card.experiments[0])
    if exp.result is None or exp.spec is None:
        raise InputError(f"experiment {exp.id} has no result yet",
                         hint="resume it with `perfscout experiment run`")
    names = [v.name for v in exp.spec.variants if v.proposal_id == card.proposal_id]
    if not names:
        raise InputError(f"experiment {exp.id} has no variant for {card.proposal_id}")
    median = exp.result.outcome(names[0]).median or 0.0
    text = reframe_test(card, exp.spec, names[0], median,
                        cfg.workspace / "experiments" / exp.id, tolerance=tolerance)
    return ReframeTest(card.id, names[0], median, text)


def sbatch_for_experiment(cfg: Config, experiment: str, variant: str, time_min: int,
                          partition: str) -> SbatchScript:
    """The sbatch script of ``variant`` (default: the first) of stored ``experiment``."""
    from perfscout.export.sbatch import sbatch_script

    with Store(default_db(cfg.home)) as st:
        exp = st.get(experiment)
    if exp.spec is None:
        raise InputError(f"{exp.id} has no experiment spec this version can read")
    spec = exp.spec
    name = variant or (spec.variants[0].name if spec.variants else "baseline")
    text = sbatch_script(spec, name, cfg.workspace / "experiments" / exp.id,
                         cores=os.cpu_count() or 1, time_min=time_min, partition=partition)
    return SbatchScript(exp.id, name, text)
