"""Stable finding and proposal ids (DESIGN.md). Extend, never rename."""

from __future__ import annotations

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
    "alg.load_imbalance": Layer.ALGORITHM,
    "alg.small_messages": Layer.ALGORITHM,
    "alg.complexity": Layer.ALGORITHM,
    "app.io_hotspot": Layer.APPLICATION,
    "app.redundant_work": Layer.APPLICATION,
    "app.precision": Layer.APPLICATION,
}

PROPOSAL_KINDS = ("env", "launch", "flags", "source", "param", "system")

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
