"""How busy the machine was while an experiment ran, from what every sample records.

Each run stores its wall time, the process tree's CPU time (user+sys from ``rusage``), the time
the program spent runnable but waiting for a CPU (``/proc/PID/schedstat`` run delay of the main
thread, read from the exited process before it is reaped), the tree's involuntary context
switches (where the run delay is unavailable) and the 1-minute load average before and after.
:func:`busy_of` sums them over an experiment; :func:`busy_line` says so when it is material.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass

from perfscout.experiment.validity import Sample

MATERIAL_WAIT = 0.10  # a run that waited this fraction of its wall time for a CPU was contended
MATERIAL_NIVCSW_PER_S = 100.0  # the fallback without schedstat: preemptions per second of run


@dataclass(frozen=True)
class Busy:
    """Contention over an experiment's runs (None where nothing was recorded)."""

    runs: int
    wall_s: float
    cpu_s: float | None
    run_delay_s: float | None
    wait_fraction: float | None  # run delay / wall time
    nivcsw_per_s: float | None
    load_min: float | None
    load_max: float | None

    @property
    def material(self) -> bool:
        """True when the runs waited for a CPU long enough to matter."""
        if self.wait_fraction is not None:
            return self.wait_fraction >= MATERIAL_WAIT
        return self.nivcsw_per_s is not None and self.nivcsw_per_s >= MATERIAL_NIVCSW_PER_S


def load_average() -> float | None:
    """The 1-minute load average, None where the platform has none."""
    try:
        return os.getloadavg()[0]
    except OSError:
        return None


def busy_of(samples: Sequence[Sample]) -> Busy | None:
    """Sum the contention of ``samples`` (warm-ups included: they ran on the same machine)."""
    timed = [s for s in samples if s.wall_s]
    if not timed:
        return None
    wall = sum(s.wall_s or 0.0 for s in timed)
    cpu = [s.cpu_s for s in timed if s.cpu_s is not None]
    delayed = [s for s in timed if s.run_delay_s is not None]
    delay = sum(s.run_delay_s or 0.0 for s in delayed) if delayed else None
    delay_wall = sum(s.wall_s or 0.0 for s in delayed)
    switched = [s for s in timed if s.nivcsw is not None]
    loads = [x for s in timed for x in (s.load_before, s.load_after) if x is not None]
    return Busy(
        runs=len(timed), wall_s=wall, cpu_s=sum(cpu) if cpu else None, run_delay_s=delay,
        wait_fraction=delay / delay_wall if delay is not None and delay_wall else None,
        nivcsw_per_s=(sum(s.nivcsw or 0 for s in switched)
                       / sum(s.wall_s or 0.0 for s in switched)) if switched else None,
        load_min=min(loads) if loads else None, load_max=max(loads) if loads else None)


def busy_line(busy: Busy | None) -> str | None:
    """"the machine was busy: ..." when the contention was material, else None."""
    if busy is None or not busy.material:
        return None
    load = ""
    if busy.load_max is not None and busy.load_min is not None:
        load = f" (load average {busy.load_min:.1f}-{busy.load_max:.1f})"
    if busy.wait_fraction is not None:
        return (f"the machine was busy: {busy.wait_fraction:.0%} of the run time was spent "
                f"waiting for a CPU{load}")
    return (f"the machine was busy: {busy.nivcsw_per_s:.0f} involuntary context switches per "
            f"second of run time{load}")
