"""Expected and forbidden proposals per diagnose scenario (tests/diagnose/scenarios/suite.py),
keyed by scenario name; kept here so the diagnose suite file stays the diagnose helper's.

``top``: the first-ranked proposal must be one of these (empty: nothing may be offered).
``offered``: each must be offered. ``forbidden``: none may be offered. ``why`` says the reason in
terms of the findings and the platform the scenario is judged on.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Expect:
    top: frozenset[str]
    offered: frozenset[str] = frozenset()
    forbidden: frozenset[str] = frozenset()
    why: str = ""


def E(top: str = "", offered: str = "", forbidden: str = "", why: str = "") -> Expect:
    return Expect(frozenset(top.split()), frozenset(offered.split()),
                  frozenset(forbidden.split()), why)


#: changes that cannot help a memory-bandwidth-bound code
BW_FORBIDDEN = "enable_smt omp_simd compiler_arch loop_unroll"
#: NUMA placement on a machine with one NUMA node
ONE_NODE = "numa_first_touch numa_interleave mpi_bind_map"
#: nothing in these suites runs on a GPU, and the suite platforms have no MPI probe
NO_GPU_NO_MPI = "gpu_async_copy mpi_collective_tuning mpi_nonblocking_overlap mpi_bind_map"

EXPECT: dict[str, Expect] = {
    "stream-perfstat-dual-socket": E(
        "bind_threads numa_first_touch", "bind_threads numa_first_touch",
        f"{BW_FORBIDDEN} {NO_GPU_NO_MPI}",
        "unbound threads migrate on a dual socket: pin and first-touch, not more threads"),
    "stream-only-single-node": E(
        "reduce_precision", "reduce_precision", f"{BW_FORBIDDEN} {ONE_NODE} {NO_GPU_NO_MPI}",
        "bandwidth-bound on one node: only moving fewer bytes helps"),
    "stream-bound-single-node": E(
        "reduce_precision", "reduce_precision", f"{BW_FORBIDDEN} {ONE_NODE} {NO_GPU_NO_MPI}",
        "same, threads already bound"),
    "stream-8-threads-on-2-cpus": E(
        "thread_count", "thread_count", f"enable_smt {ONE_NODE} {NO_GPU_NO_MPI}",
        "8 threads on 2 CPUs: match the thread count to the cores first"),
    "cachegrind-strided": E(
        "loop_interchange loop_tiling", "loop_interchange", f"loop_unroll omp_simd {NO_GPU_NO_MPI}",
        "strided misses: change the loop order, unrolling does not fix the stride"),
    "gcc-remarks-gather": E(
        "", "",
        f"compiler_opt_level omp_simd compiler_arch loop_unroll numa_first_touch "
        f"numa_interleave enable_smt {NO_GPU_NO_MPI}",
        "missed vectorisation per remarks alone: no time says which loop is hot, so no code "
        "or flag change is aimed from them (guard remarks_only; issue 22, heldout4)"),
    "thread-sweep-serial": E(
        "parallelize_omp", "parallelize_omp", f"thread_count enable_smt {ONE_NODE} {NO_GPU_NO_MPI}",
        "time does not drop with threads: parallelise the serial part, more threads do nothing"),
    "perfstat-topdown-slots": E(
        "loop_unroll", "", f"numa_first_touch numa_interleave reduce_precision {NO_GPU_NO_MPI}",
        "compute/branch side: no memory-placement change"),
    "perfstat-llc-not-supported": E(
        "loop_unroll enable_smt loop_interchange loop_tiling", "",
        f"numa_first_touch numa_interleave reduce_precision {NO_GPU_NO_MPI}"),
    "perfstat-hybrid-matmul": E(
        "loop_interchange loop_tiling rebalance_decomposition parallelize_omp", "",
        f"enable_smt {NO_GPU_NO_MPI}", "naive matmul: loop order and tiling"),
    "perfstat-hybrid-parallel": E(
        "huge_pages loop_interchange loop_tiling", "", f"enable_smt {NO_GPU_NO_MPI}"),
    "perfstat-runtime-expensive": E(
        "rebalance_decomposition parallelize_omp loop_unroll compiler_opt_level", "",
        f"enable_smt {NO_GPU_NO_MPI}"),
    "perfstat-50cpus": E("loop_interchange loop_tiling", "", f"enable_smt {NO_GPU_NO_MPI}"),
    "likwid-bench-triad-cascadelake": E(
        "bind_threads numa_first_touch", "", f"{BW_FORBIDDEN} {NO_GPU_NO_MPI}"),
    "likwid-bench-stream-naples": E(
        "rebalance_decomposition parallelize_omp bind_threads numa_first_touch", "",
        f"{BW_FORBIDDEN} {NO_GPU_NO_MPI}"),
    "likwid-l2-broadwell-mvm": E("bind_threads", "", f"enable_smt {NO_GPU_NO_MPI}"),
    "likwid-memdp-epyc-slurm": E(
        "numa_first_touch numa_interleave compiler_opt_level omp_simd", "",
        f"enable_smt {NO_GPU_NO_MPI}", "8 NUMA nodes under a Slurm cpuset"),
    "likwid-memdp-spr-sweep": E(
        "omp_simd compiler_arch bind_threads parallelize_omp", "", f"enable_smt "
        f"rebalance_decomposition {NO_GPU_NO_MPI}",
        "the labelled top finding is hw.vectorization (18% AVX share); the two-thread run's "
        "threads are balanced (cycles 4.90e9 and 5.30e9): the imbalance once read here paired "
        "thread 0 of the one-thread run with thread 1 of the two-thread run (fixed in "
        "diagnose/placement.widest_run), so rebalancing is not offered"),
    "likwid-bench-plus-memdp": E(
        "", "", f"{BW_FORBIDDEN} rebalance_decomposition {NO_GPU_NO_MPI}",
        "the same runs as likwid-memdp-spr-sweep beside a bench from another node: no "
        "imbalance (the runs are read apart), and the vector and arch changes stay forbidden "
        "by this expectation's bandwidth guard: nothing is offered"),
    "mpip-amg-4rank": E(
        "", "", "", "the small-message call site (MPI_Isend) takes about 1% of the time: "
        "aggregating its messages is refused (share_of_time >= 5% fails), nothing else fits"),
    "mpip-2.8-4rank": E(
        "rebalance_decomposition", "",
        "omp_simd compiler_arch enable_smt gpu_async_copy loop_unroll",
        "per-rank imbalance: rebalance, the MPI wait is its symptom"),
    "parse-head-mpi-wait-total": E(
        "io_buffering rebalance_decomposition mpi_nonblocking_overlap", "",
        "omp_simd compiler_arch enable_smt gpu_async_copy loop_unroll",
        "MPI wait and an I/O hotspot: no node-level compute change"),
    "perfstat-topdown-L2": E(
        "loop_unroll compiler_opt_level use_blas", "",
        f"numa_first_touch numa_interleave reduce_precision {NO_GPU_NO_MPI}",
        "compute-bound per topdown: no memory-placement change"),
    "likwid-bench-power9": E(
        "numa_first_touch numa_interleave reduce_precision", "",
        f"{BW_FORBIDDEN} {NO_GPU_NO_MPI}", "bandwidth-bound"),
    "likwid-flops-coffeelake": E(
        "omp_simd compiler_opt_level compiler_arch", "",
        f"numa_first_touch numa_interleave enable_smt {NO_GPU_NO_MPI}",
        "scalar FLOPs per the FLOPS_DP group: vectorise"),
    "likwid-flops-kabylake": E(
        "omp_simd compiler_opt_level compiler_arch", "",
        f"numa_first_touch numa_interleave enable_smt {NO_GPU_NO_MPI}"),
    "likwid-flops-sandybridge": E(
        "omp_simd compiler_opt_level compiler_arch", "",
        f"numa_first_touch numa_interleave enable_smt {NO_GPU_NO_MPI}"),
    "likwid-l2cache-kabylake": E("loop_interchange loop_tiling", "",
                                 f"enable_smt reduce_precision {NO_GPU_NO_MPI}"),
    "likwid-mpirun-lulesh": E(
        "omp_simd compiler_opt_level compiler_arch", "",
        "numa_first_touch numa_interleave enable_smt gpu_async_copy",
        "platform unknown: only changes that need no platform fact"),
    "hpctoolkit-allgather": E(
        "mpi_nonblocking_overlap", "",
        "omp_simd compiler_arch enable_smt gpu_async_copy loop_unroll rebalance_decomposition "
        "mpi_collective_tuning",
        "MPI wait with measured balance (max/mean 1.00): overlap, not rebalancing; the time is "
        "in allgather, and the catalog's collective tuning picks the allreduce algorithm only "
        "(it was expected here until heldout12 showed it offered for a broadcast)"),
    "perfstat-no-thousands": E("", "", "", "hw.frequency alone: no catalog change addresses it"),
    "gprof-molsim-huge-calls": E("hoist_invariant", "hoist_invariant", "",
                                 "app.redundant_work: compute the repeated call once"),
    "gprof-timepix": E("hoist_invariant", "hoist_invariant", "", "app.redundant_work: as above"),
    "stream-corpus-riscv": E(
        "numa_first_touch numa_interleave reduce_precision", "",
        f"{BW_FORBIDDEN} {NO_GPU_NO_MPI}"),
    "stream-corpus-2threads": E(
        "numa_first_touch numa_interleave reduce_precision", "",
        f"{BW_FORBIDDEN} {NO_GPU_NO_MPI}"),
}
