"""The MPI binding experiment shared by tests/slurm/test_mpi_binding.py and
benches/bench_mpi_binding.py: ping-pong between two ranks, ``--bind-to core`` (baseline)
against ``--bind-to none`` and, inside a Slurm allocation, ``srun --mpi=pmix``."""

from __future__ import annotations

import statistics
from collections.abc import Iterable

from perfscout.experiment.spec import ExperimentSpec, Variant
from perfscout.experiment.validity import Sample

BIND_CORE = ("mpirun", "-np", "{ranks}", "--bind-to", "core")
BIND_NONE = ("mpirun", "-np", "{ranks}", "--bind-to", "none")
SRUN_PMIX = ("srun", "--mpi=pmix", "-n", "{ranks}")


def binding_spec(name: str, *, srun: bool = False, size: int = 65536,
                 repetitions: int = 5) -> ExperimentSpec:
    """Ping-pong up to ``size`` bytes; the baseline binds each rank to a core."""
    variants = [Variant("bind-none", ranks=2, mpi_launcher=BIND_NONE)]
    if srun:
        variants.append(Variant("srun-pmix", ranks=2, mpi_launcher=SRUN_PMIX))
    return ExperimentSpec(name, Variant("bind-core", ranks=2, mpi_launcher=BIND_CORE),
                          tuple(variants), kernel="mpi_pingpong", size=size,
                          repetitions=repetitions, max_repetitions=repetitions, warmup=1,
                          cv_max=5.0, ci_rel_width=100.0, timeout_s=120)


def size_table(samples: Iterable[Sample], figure: str = "latency_us"
               ) -> dict[str, dict[int, float]]:
    """Variant -> message size (bytes) -> median ``figure`` over the timed, valid samples."""
    acc: dict[str, dict[int, list[float]]] = {}
    for s in samples:
        if s.warmup or not s.ok:
            continue
        for k, v in s.fields.items():
            name, _, size = k.partition("@")
            if name == figure and size.isdigit():
                acc.setdefault(s.variant, {}).setdefault(int(size), []).append(float(v))
    return {var: {b: statistics.median(xs) for b, xs in sorted(by.items())}
            for var, by in acc.items()}
