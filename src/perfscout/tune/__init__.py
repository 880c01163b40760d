"""Tune: the scout narrows the search space from the findings, an autotuner (Optuna) searches it.

Public API: :class:`Space` / :class:`Param` (space.py), :func:`narrow` (narrow.py),
:func:`run_study` (optuna_bridge.py, each trial evaluated by the experiment runner),
:func:`replay_compare` (replay.py, offline comparison of tuners over a recorded table).
"""

from perfscout.tune.narrow import narrow
from perfscout.tune.space import ROLES, Param, Space, load_space, space_from_dict

__all__ = ["ROLES", "Param", "Space", "load_space", "narrow", "space_from_dict"]
