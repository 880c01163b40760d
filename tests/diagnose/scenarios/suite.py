"""The labelled scenario suite: real tool outputs + a platform -> expected root cause.

``files`` are corpus paths (``corpus:...``, read through the corpus fixture's directory) or
files generated here by ``tests/diagnose/data/make_data.sh`` (``data:...``). ``platform`` names a
snapshot from ``PLATFORMS`` (facts transcribed from the corpus topology file named there).
``expect`` is the expected top-ranked finding id, or ``None`` where the right answer is a data
request; ``status`` the expected status of that finding.
"""

from __future__ import annotations

from dataclasses import dataclass

from perfscout.model.snapshot import (
    CpuInfo,
    NumaInfo,
    NumaNode,
    PerfCapability,
    PlatformSnapshot,
)


def _snap(origin: str, model: str, sockets: int, cps: int, tpc: int, nodes: int,
          isa: tuple[str, ...], counters: bool, mhz: float) -> PlatformSnapshot:
    cpus = sockets * cps * tpc
    per = cpus // nodes
    numa = NumaInfo(tuple(NumaNode(i, tuple(range(i * per, (i + 1) * per)))
                          for i in range(nodes)))
    return PlatformSnapshot(
        origin=origin,
        cpu=CpuInfo(model_name=model, arch="x86_64", isa=isa, sockets=sockets,
                    cores_per_socket=cps, threads_per_core=tpc, online_cpus=cpus,
                    total_cpus=cpus, max_mhz=mhz),
        numa=numa,
        perf=PerfCapability(perf_available=True, hw_counters=counters,
                            likwid_available=True, likwid_perfctr_works=counters))


PLATFORMS: dict[str, PlatformSnapshot | None] = {
    # a corpus file from a machine whose topology the corpus does not hold: judged on the file
    "unknown": None,
    # corpus topology/lscpu-dual-xeon-e5-2670v2-ivybridge.txt
    "dual-ivybridge": _snap("from:corpus/topology/lscpu-dual-xeon-e5-2670v2-ivybridge.txt",
                            "Intel Xeon E5-2670 v2", 2, 10, 2, 2, ("avx",), True, 3300.0),
    # corpus topology/lscpu-dual-epyc7451-8numa-plus-parsable.txt
    "dual-epyc-8numa": _snap("from:corpus/topology/lscpu-dual-epyc7451-8numa-plus-parsable.txt",
                             "AMD EPYC 7451", 2, 24, 2, 8, ("avx2", "fma"), True, 2300.0),
    # this machine (RECIPES.md): 2 vCPU KVM guest, 1 node, no hardware counters
    "this-vm": _snap("live", "Intel Xeon Processor (KVM)", 1, 2, 1, 1,
                     ("avx2", "fma", "avx512f"), False, 2600.0),
    # the same runs judged as if taken on the dual-socket machine of the field report
    "dual-ivybridge-counterless": _snap("from:corpus/topology/lscpu-dual-xeon-e5-2670v2-"
                                        "ivybridge.txt", "Intel Xeon E5-2670 v2", 2, 10, 2, 2,
                                        ("avx",), False, 3300.0),
}


@dataclass(frozen=True)
class Case:
    name: str
    files: tuple[str, ...]
    platform: str
    expect: str | None
    status: str = "hypothesis"
    trap: bool = False
    why: str = ""


D = "data:"
C = "corpus:"

CASES: tuple[Case, ...] = (
    # --- generated here (real runs on this machine) ---
    Case("stream-perfstat-dual-socket",
         (D + "stream-triad-8t.txt", D + "perf-stat-triad-8t.txt"),
         "dual-ivybridge-counterless", "hw.numa_remote", trap=True,
         why="field report: STREAM + perf stat of one 8-thread run judged on a 40-CPU "
             "dual-socket node; unbound threads migrate (33/s), so pages first-touched by the "
             "master are read remotely: placement is root, bandwidth the symptom"),
    Case("parse-head-mpi-wait-total", (D + "perf-report-parse-then-mpi-wait.txt",), "this-vm",
         "rt.mpi_wait", trap=True,
         why="2 MPI ranks under perf record: parse_input heads the report (27%), but Open MPI "
             "progress-engine and transport rows together hold more of the total: the ranks "
             "wait; judged on the whole profile, not its first rows"),
    Case("stream-only-single-node", (D + "stream-triad-2t.txt",), "this-vm",
         "hw.memory_bandwidth", why="a streaming kernel on one node: bandwidth bound"),
    Case("stream-bound-single-node", (D + "stream-triad-2t-bound.txt",
                                      D + "perf-stat-triad-bound.txt"), "this-vm",
         "hw.memory_bandwidth"),
    Case("stream-8-threads-on-2-cpus", (D + "stream-triad-8t.txt", D + "perf-stat-triad-8t.txt"),
         "this-vm", "sys.oversubscription", "confirmed",
         why="8 threads (STREAM's own count) on 2 CPUs, 535 context switches per CPU-second "
             "(perf stat): two sources agree"),
    Case("cachegrind-strided", (D + "cg_annotate-strided.txt",), "this-vm", "hw.cache_locality",
         why="simulated D1 miss ratio ~99% of reads in main"),
    Case("gcc-remarks-gather", (D + "gcc-remarks-gather.txt",), "this-vm", "hw.vectorization"),
    Case("thread-sweep-serial", (D + "time-v-sweep-1.txt", D + "time-v-sweep-2.txt",
                                 D + "time-v-sweep-4.txt"), "this-vm", "rt.serial_fraction"),
    Case("perfstat-counterless-undecided", (D + "perf-stat-triad-bound.txt",), "this-vm", None,
         trap=True, why="software events only: nothing separates the layers; ask for data"),
    Case("time-v-single-undecided", (D + "time-v-sweep-1.txt",), "this-vm", None),
    # --- corpus: perf stat ---
    Case("perfstat-topdown-slots", (C + "perf_stat/topdown-slots-3runs-concatenated.txt",),
         "unknown", "hw.compute_bound",
         why="relabelled: 73.8% of slots retire, bad speculation only 5.5%, IPC 5.19 (the "
             "old label assumed a branchy search; the file says the core retires at full "
             "rate). Ice Lake+ machine, not the Ivy Bridge node: platform unknown"),
    Case("perfstat-frontend-stalls", (C + "perf_stat/stalled-frontend-continuation-line.txt",),
         "unknown", None, why="0.03 stalled cycles per insn: nothing stands out; platform "
         "unknown (a 5.2 GHz CPU, not the Ivy Bridge node), so 1.000 CPUs utilized cannot be "
         "judged against a core count"),
    Case("perfstat-dtlb-appended", (C + "perf_stat/appended-11-runs-dtlb.txt",),
         "unknown", None,
         why="relabelled: dTLB misses without dTLB loads give no ratio, page faults "
             "(1k-45k/s) stay below the pressure threshold: ask for dTLB-loads"),
    Case("perfstat-no-thousands", (C + "perf_stat/no-thousands-separator.txt",),
         "unknown", None,
         why="cache-miss ratio 3.8%, branch misses ~0: IPC 0.33 alone does not name a layer; "
             "machine unknown, so 2.34 GHz is not judged against another CPU's maximum"),
    Case("perfstat-llc-not-supported", (C + "perf_stat/r1000-not-supported-LLC-multiplex-with-"
                                        "comments.txt",), "unknown", "hw.bad_speculation",
         why="relabelled: LLC events <not supported>, L1D misses only 2.2%; branch misses "
             "8.35% of branches explain the 30% idle frontend cycles (refetch after flush)"),
    Case("perfstat-csv-multiplexed", (C + "perf_stat/csv-x-comma-multiplexed-stalled-"
                                      "continuation-row.csv",), "unknown", None,
         why="relabelled: no cache event was counted; 55% backend-idle cycles do not say "
             "memory vs core without them: ask for cache events"),
    Case("perfstat-hybrid-matmul", (C + "perf_stat/hybrid-alderlake-de-locale-main.profile.txt",),
         "unknown", "hw.cache_locality", why="naive matmul: many LLC misses"),
    Case("perfstat-hybrid-parallel", (C + "perf_stat/hybrid-alderlake-de-locale-parallel2."
                                      "profile.txt",), "unknown", "sys.tlb_pagefaults",
         why="relabelled: dTLB misses 7.4-7.7% of loads on both core types (7x the "
             "threshold), while the LLC miss ratio differs 0.02% vs 12.8% between them"),
    Case("perfstat-topdown-L2", (C + "perf_stat/hybrid-r5-repeats-not-counted-atom-topdown-L2."
                                 "txt",), "unknown", "hw.compute_bound",
         why="FMA kernel: retiring dominates"),
    Case("perfstat-runtime-expensive", (C + "perf_stat/hybrid-r5-repeats-runtime-expensive.txt",),
         "unknown", "hw.compute_bound",
         why="relabelled: 78.3% retiring, 0.0% bad speculation, IPC 4.55: the dispatch is "
             "predicted well; the cost is the instructions themselves"),
    Case("perfstat-50cpus", (C + "perf_stat/user-modifier-50cpus-sortnetsat.txt",),
         "unknown", "hw.cache_locality",
         why="relabelled: 49.65 CPUs utilized proves the node had >= 50 CPUs (not the 40-CPU "
             "node the old label assumed); 27.4% of cache references miss, IPC 0.84"),
    # --- corpus: likwid ---
    Case("likwid-bench-triad-cascadelake", (C + "likwid/bench-triad-avx512-cascadelake-2socket-"
                                            "marker-O-csv.raw",), "unknown",
         "hw.memory_bandwidth", "confirmed", why="likwid-bench rate + MEM group agree"),
    Case("likwid-bench-stream-naples", (C + "likwid/bench-stream-avx-epyc7451-naples-marker-O-"
                                        "csv.raw",), "dual-epyc-8numa", "hw.memory_bandwidth",
         "confirmed"),
    Case("likwid-bench-power9", (C + "likwid/bench-stream-triad-vsx4-power9-marker-O-csv.raw",),
         "unknown", "hw.memory_bandwidth", "confirmed"),
    Case("likwid-flops-coffeelake", (C + "likwid/perfctr-FLOPS_DP-coffeelake-i5-7500-marker-"
                                     "3regions.txt",), "dual-ivybridge", "hw.vectorization"),
    Case("likwid-flops-kabylake", (C + "likwid/perfctr-FLOPS_DP-kabylake-O-csv-HWThread.log",),
         "dual-ivybridge", "hw.vectorization"),
    Case("likwid-flops-sandybridge", (C + "likwid/perfctr-FLOPS_DP-sandybridgeEP-E5-2670-app-"
                                      "output-interleaved.txt",), "dual-ivybridge",
         "hw.vectorization"),
    Case("likwid-l2-broadwell-mvm", (C + "likwid/perfctr-L2-broadwellEP-dense-mvm-O-csv.raw",),
         "dual-ivybridge", "rt.affinity", why="4 threads all on socket 0 of a 2-node machine"),
    Case("likwid-l2cache-kabylake", (C + "likwid/perfctr-L2CACHE-kabylake-O-csv-HWThread.log",),
         "dual-ivybridge", "hw.cache_locality"),
    Case("likwid-l3-kabylake", (C + "likwid/perfctr-L3-kabylake-O-csv-HWThread.log",),
         "dual-ivybridge", None, why="L3 bandwidth alone, no ceiling: ask for a bench"),
    Case("likwid-l3-zen2", (C + "likwid/perfctr-L3-zen2-ryzen3700x-HWThread.txt",),
         "dual-ivybridge", None),
    Case("likwid-memdp-epyc-slurm", (C + "likwid/perfctr-MEM_DP-FLOPS_DP-epyc7702-rome-slurm-"
                                     "cpuset.out",), "unknown", "hw.memory_bandwidth",
         why="relabelled: DP FLOPs are 6.9e-06 MFLOP/s (none: vectorizing DP code is moot); "
             "one core of a 1-CPU cpuset moves 14.9-28.6 GB/s at ~0 FLOP/B. EPYC 7702, not "
             "the 7451 topology: platform unknown"),
    Case("likwid-memdp-spr-sweep", (C + "likwid/perfctr-MEM_DP-sapphirerapids-8470-O-csv-thread-"
                                    "sweep.csv",), "unknown", "hw.vectorization",
         why="relabelled: the 'sweep' has two thread counts (1: 5.0 s, 2: 3.5 s), too few "
             "for an Amdahl fit; AVX DP is 18% of DP FLOPs. Sapphire Rapids, not Ivy Bridge"),
    Case("likwid-mpirun-lulesh", (C + "likwid/mpirun-perfctr-MEM_DP-icelakeSP-8ranks-O-csv-"
                                  "DEBUG.csv",), "unknown", "hw.vectorization"),
    Case("likwid-bench-plus-memdp", (C + "likwid/bench-triad-avx512-cascadelake-2socket-marker-O-"
                                     "csv.raw", C + "likwid/perfctr-MEM_DP-sapphirerapids-8470-O-"
                                     "csv-thread-sweep.csv"), "unknown",
         "hw.vectorization", why="relabelled: LULESH moves 0.2-1.3 GB/s, far under the 82 GB/s "
                                 "the triad bench measured (another node: only an upper bound), "
                                 "so bandwidth is ruled out; 18% vector share stands"),
    # --- corpus: MPI ---
    Case("mpip-amg-4rank", (C + "mpip/mpiP-UserGuide-v3.5.0-AMG-4rank-report-sections.md",),
         "dual-ivybridge", None,
         why="relabelled: MPI is 2.06% of AppTime (0.78 of 38.1 s): neither waiting nor small "
             "messages can matter; mpiP says nothing about the other 98%: ask for a profile"),
    Case("mpip-2.8-4rank", (C + "mpip/mpiP-UserGuide-v2.8.2-4rank-report-sections.txt",),
         "dual-ivybridge", "alg.load_imbalance", why="per-rank app/MPI spread; MPI wait its "
                                                      "symptom"),
    Case("osu-latency-ib", (C + "benchmarks/osu/osu_latency-v5.3.2-infiniband-cofc-compute001."
                            "log",), "dual-ivybridge", None,
         why="a network benchmark says nothing about an application"),
    Case("osu-bibw-ib", (C + "benchmarks/osu/osu_bibw-v5.3.2-infiniband-cofc-gpu001.log",),
         "dual-ivybridge", None),
    # --- corpus: sampling / instrumentation profiles ---
    Case("gprof-image-c", (C + "gprof/flat-callgraph-c-us-per-call.txt",), "dual-ivybridge",
         None, why="compute functions only: no layer stands out without counters"),
    Case("gprof-molsim-huge-calls", (C + "gprof/flat-callgraph-molsim-huge-callcounts.txt",),
         "dual-ivybridge", "app.redundant_work", why="calls > 1e10 to a small function"),
    Case("gprof-timepix", (C + "gprof/flat-callgraph-cpp-templates-timepixfly.txt",),
         "dual-ivybridge", "app.redundant_work",
         why="relabelled: readData holds 0.25%, no I/O function matters; processEvent is "
             "called 368,236,721 times for 54% of 27.98 s (41 ns a call), like molsim"),
    Case("perf-report-cache-events", (C + "perf_report/report-stdio-multi-event-cache.txt",),
         "dual-ivybridge", None),
    Case("hpctoolkit-allgather", (C + "hpctoolkit/osu-allgather-database",),
         "dual-ivybridge", "rt.mpi_wait", why="osu_allgather: collectives dominate"),
    Case("stream-corpus-riscv", (C + "benchmarks/stream/stream-5.10-omp-8threads-riscv-lpi4a-in-"
                                 "doc.md",), "dual-ivybridge", "hw.memory_bandwidth"),
    Case("stream-corpus-2threads", (C + "benchmarks/stream/stream-5.10-omp-2threads-in-notes."
                                    "txt",), "dual-ivybridge", "hw.memory_bandwidth"),
)

TRAPS = ("stream-perfstat-dual-socket", "parse-head-mpi-wait-total",
         "perfstat-counterless-undecided")
