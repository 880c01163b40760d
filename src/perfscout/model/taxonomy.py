"""Stable finding and proposal ids (DESIGN.md). Extend, never rename."""

from __future__ import annotations

import fnmatch
from collections.abc import Iterable
from enum import StrEnum


class Layer(StrEnum):
    HARDWARE = "hardware"
    SYSTEM = "system"
    RUNTIME = "runtime"
    ALGORITHM = "algorithm"
    APPLICATION = "application"


FINDING_IDS: dict[str, Layer] = {
    "hw.memory_bandwidth": Layer.HARDWARE,
    "hw.cache_locality": Layer.HARDWARE,
    "hw.numa_remote": Layer.HARDWARE,
    "hw.vectorization": Layer.HARDWARE,
    "hw.compute_bound": Layer.HARDWARE,
    "hw.frontend": Layer.HARDWARE,
    "hw.bad_speculation": Layer.HARDWARE,
    "hw.frequency": Layer.HARDWARE,
    "sys.tlb_pagefaults": Layer.SYSTEM,
    "sys.io": Layer.SYSTEM,
    "sys.os_noise": Layer.SYSTEM,
    "sys.oversubscription": Layer.SYSTEM,
    "rt.mpi_communication": Layer.RUNTIME,
    "rt.mpi_wait": Layer.RUNTIME,
    "rt.omp_imbalance": Layer.RUNTIME,
    "rt.affinity": Layer.RUNTIME,
    "rt.serial_fraction": Layer.RUNTIME,
    "rt.gpu_transfer": Layer.RUNTIME,
    "rt.sync_contention": Layer.RUNTIME,
    "rt.threads_lowered": Layer.RUNTIME,
    "rt.region_overhead": Layer.RUNTIME,
    "alg.load_imbalance": Layer.ALGORITHM,
    "alg.small_messages": Layer.ALGORITHM,
    "alg.complexity": Layer.ALGORITHM,
    "app.io_hotspot": Layer.APPLICATION,
    "app.redundant_work": Layer.APPLICATION,
    "app.precision": Layer.APPLICATION,
    "app.data_structure": Layer.APPLICATION,
}

PROPOSAL_KINDS = ("env", "launch", "flags", "source", "param", "system")

# The environment variables a proposal of each kind may set (fnmatch patterns), declared once
# here: the advise guard ``env_declared`` refuses any other name, with this list as the reason,
# whoever wrote the proposal (catalog, LLM, user file). No entry names a program, a library or
# a file that something loads (OMP_TOOL_LIBRARIES, OMPI_MCA_*agent*, LD_*): those would start
# code the sandbox's argv policy never sees.
_OPENMP_ENV = ("OMP_NUM_THREADS", "OMP_PROC_BIND", "OMP_PLACES", "OMP_SCHEDULE", "OMP_DYNAMIC",
               "OMP_WAIT_POLICY", "OMP_STACKSIZE", "OMP_MAX_ACTIVE_LEVELS", "OMP_THREAD_LIMIT",
               "OMP_NESTED", "OMP_DISPLAY_ENV", "OMP_DISPLAY_AFFINITY", "GOMP_SPINCOUNT",
               "GOMP_CPU_AFFINITY", "KMP_AFFINITY", "KMP_BLOCKTIME", "KMP_HW_SUBSET")
_MPI_PLACEMENT_ENV = ("I_MPI_PIN", "I_MPI_PIN_DOMAIN", "I_MPI_PIN_PROCESSOR_LIST",
                      "OMPI_MCA_hwloc_base_binding_policy", "OMPI_MCA_rmaps_base_mapping_policy",
                      "MV2_CPU_BINDING_POLICY", "MV2_ENABLE_AFFINITY")
_MPI_TUNING_ENV = ("OMPI_MCA_coll_tuned_*", "MPIR_CVAR_*_ALGORITHM", "I_MPI_ADJUST_*")
PROPOSAL_ENV: dict[str, tuple[str, ...]] = {
    "env": _OPENMP_ENV + _MPI_PLACEMENT_ENV + _MPI_TUNING_ENV + ("GLIBC_TUNABLES",),
    "launch": _OPENMP_ENV + _MPI_PLACEMENT_ENV,
    "param": _OPENMP_ENV,
    "source": _OPENMP_ENV,  # the schedule/binding a source change is measured under
    "flags": (),
    "system": (),
}


def undeclared_env(kind: str | None, names: Iterable[str]) -> list[str]:
    """The names a proposal of ``kind`` may not set (every name for an unknown kind)."""
    allowed = PROPOSAL_ENV.get(kind or "", ())
    return sorted(n for n in names if not any(fnmatch.fnmatchcase(n, pat) for pat in allowed))

CORE_PROPOSAL_IDS = (
    "bind_threads", "numa_first_touch", "numa_interleave", "mpi_bind_map", "huge_pages",
    "compiler_opt_level", "compiler_arch", "compiler_lto", "omp_simd", "loop_interchange",
    "loop_tiling", "loop_unroll", "use_blas", "parallelize_omp", "thread_count",
    "mpi_aggregate_messages", "mpi_nonblocking_overlap", "mpi_collective_tuning",
    "rebalance_decomposition", "io_buffering", "reduce_precision", "enable_smt", "gpu_async_copy",
)


def layer_of(finding_id: str) -> Layer:
    """The layer of a taxonomy id; raises KeyError listing valid ids on a miss."""
    try:
        return FINDING_IDS[finding_id]
    except KeyError:
        raise KeyError(
            f"unknown finding id {finding_id!r}; valid: {', '.join(sorted(FINDING_IDS))}"
        ) from None
