"""``tune run`` in two calls: :func:`request` turns the user's space file and/or analysis into a
study request (the space, why it is shaped so, the prior), and :func:`search` runs the study in
worker processes or in this one, reporting each finished trial to ``progress``."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from perfscout.model.errors import UsageError

if TYPE_CHECKING:
    from perfscout.model.snapshot import PlatformSnapshot
    from perfscout.tune.service import Request


def request(space_path: Path | None, from_analysis: Path | None,
            snap: PlatformSnapshot | None, budget: int, study: str | None, storage: str | None,
            size: int, sampler: str, confirm: bool) -> Request:
    """The study request: the space written by hand, the one the analysis narrows (on the
    cores of ``snap``, else of the analysis' machine), or both; the analysis is the prior."""
    from perfscout.tune import service
    from perfscout.tune.space import load_space
    from perfscout.tune.study import matmul_space

    if space_path is None and from_analysis is None:
        raise UsageError("give a SPACE file, --from-analysis A.json, or both")
    space = load_space(space_path) if space_path else None
    prior, reason = None, f"space written by hand in {space_path}"
    if from_analysis is not None:
        a = service.read_analysis(from_analysis)
        snap = snap or a.snapshot
        cores = service.allowed_cores(snap, len(os.sched_getaffinity(0))) or 1
        space, reason = service.space_for(a, space, lambda: matmul_space(size, cores))
        prior = service.prior_for(a, space, snap)
    assert space is not None
    return service.Request(space, reason, prior, budget, study or f"tune-{space.name}-{size}",
                           storage, size, sampler, confirm)


def search(req: Request, kw: dict[str, Any], workers: int, config_path: str | None,
           progress: Callable[[dict[str, Any]], None] | None) -> Any:
    """Run the study: ``workers`` processes sharing it, else here (``progress`` per trial)."""
    from perfscout.sandbox.runner import default_runner
    from perfscout.tune import service

    if workers > 1:
        return service.run(req, workers=lambda r: service.spawn(
            r, workers, config_path, default_runner), **kw)
    return service.run(req, progress=progress, **kw)
