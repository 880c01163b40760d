"""Optuna samplers by name (``--sampler tpe|random|gp|cmaes|qmc|bruteforce`` or any class name)."""

from __future__ import annotations

import warnings

import optuna

from perfscout.model.errors import UsageError

ALIASES = {"tpe": "TPESampler", "random": "RandomSampler", "gp": "GPSampler",
           "cmaes": "CmaEsSampler", "qmc": "QMCSampler", "bruteforce": "BruteForceSampler",
           "nsga2": "NSGAIISampler"}


def make_sampler(name: str, seed: int | None = None) -> optuna.samplers.BaseSampler:
    """An Optuna sampler instance; UsageError lists valid names on a miss."""
    cls_name = ALIASES.get(name.lower(), name)
    cls = getattr(optuna.samplers, cls_name, None)
    if cls is None or not isinstance(cls, type):
        raise UsageError(f"unknown sampler {name!r}",
                         hint="valid: " + ", ".join(sorted(ALIASES)) + " or an Optuna class name")
    with warnings.catch_warnings():  # "experimental" (bruteforce...): nothing a user can act on
        warnings.simplefilter("ignore", optuna.exceptions.ExperimentalWarning)
        try:
            return cls(seed=seed)
        except TypeError:
            return cls()
