"""What a translated report does with text the stages wrote in English.

Finding and proposal titles are looked up by their stable id (:data:`FINDINGS_ZH`,
:data:`PROPOSALS_ZH`). Other free text written by a stage (a guard's reason, a limit, a
verdict's reason) has no key to look up: a translated report never prints it as an English
sentence, it says that the original is in the English report instead
(:func:`english_sentences` decides; ids, metric names, units and numbers are not sentences).
"""

from __future__ import annotations

import re

# words that are names, units or acronyms in any language
NAMES = frozenset({"MB", "GB", "KB", "TB", "MiB", "GiB", "KiB", "GFLOP", "FLOP", "FLOPs",
    "GFLOPs", "MFLOP", "byte", "bytes", "CI", "MB/s", "GB/s", "ms", "us", "ns", "TLB", "MPI",
    "GPU", "CPU", "NUMA", "SMT", "BLAS", "OpenMP", "OpenBLAS", "DGEMM", "STREAM", "HPL", "DRAM",
    "AVX", "AVX2", "AVX512", "gcc", "clang", "perf", "likwid", "valgrind", "callgrind",
    "cachegrind", "Roofline", "ReFrame", "Slurm", "THP", "IPC", "LLC", "L1", "L2", "L3", "x"})
_WORD = r"[A-Za-z][A-Za-z'-]+"
_RUN = re.compile(rf"(?<![\w./@=:|-]){_WORD}(?: +{_WORD})+(?![\w./@=(|-])")


_SIGNATURE = re.compile(r"(?<=[\w>])\([^()]*\)")


def english_sentences(text: str) -> list[str]:
    """Runs of two or more English words in ``text`` that are not all names or units (a
    function's argument list, ``f(double const*, int)``, is a name)."""
    out = []
    for m in _RUN.finditer(_SIGNATURE.sub("", text)):
        words = re.findall(_WORD, m.group(0))
        if sum(1 for w in words if w not in NAMES) >= 2:
            out.append(m.group(0))
    return out

FINDINGS_ZH: dict[str, str] = {
    "hw.memory_bandwidth": "内存带宽已达上限",
    "hw.cache_locality": "缓存局部性差",
    "hw.numa_remote": "远端 NUMA 访存",
    "hw.vectorization": "未向量化或向量化不足",
    "hw.compute_bound": "计算受限",
    "hw.frontend": "前端（取指/译码）受限",
    "hw.bad_speculation": "分支预测失败",
    "hw.frequency": "CPU 频率偏低或不稳定",
    "sys.tlb_pagefaults": "TLB 缺失与缺页",
    "sys.io": "系统 I/O 等待",
    "sys.os_noise": "操作系统噪声",
    "sys.oversubscription": "线程或进程超额订阅",
    "rt.mpi_communication": "MPI 通信开销",
    "rt.mpi_wait": "MPI 等待",
    "rt.omp_imbalance": "OpenMP 负载不均衡",
    "rt.affinity": "线程/进程绑定不当",
    "rt.serial_fraction": "串行部分占比高",
    "rt.gpu_transfer": "GPU 数据传输开销",
    "alg.load_imbalance": "算法层面的负载不均衡",
    "alg.small_messages": "小消息过多",
    "alg.complexity": "算法复杂度过高",
    "app.io_hotspot": "应用 I/O 热点",
    "app.redundant_work": "重复计算",
    "app.precision": "数值精度高于所需",
}

PROPOSALS_ZH: dict[str, str] = {
    "bind_threads": "绑定线程到核心",
    "numa_first_touch": "按首次访问在本地 NUMA 节点分配内存",
    "numa_interleave": "跨 NUMA 节点交错分配内存",
    "mpi_bind_map": "设置 MPI 进程的绑定与映射",
    "huge_pages": "使用大页",
    "compiler_opt_level": "提高编译优化级别",
    "compiler_arch": "针对本机指令集编译",
    "compiler_lto": "启用链接时优化",
    "omp_simd": "用 OpenMP SIMD 指示向量化",
    "loop_interchange": "交换循环顺序",
    "loop_tiling": "循环分块",
    "loop_unroll": "循环展开",
    "use_blas": "改用优化的 BLAS 库",
    "parallelize_omp": "用 OpenMP 并行化",
    "thread_count": "调整线程数",
    "mpi_aggregate_messages": "合并 MPI 小消息",
    "mpi_nonblocking_overlap": "用非阻塞 MPI 重叠通信与计算",
    "mpi_collective_tuning": "调优 MPI 集合通信",
    "rebalance_decomposition": "重新平衡区域分解",
    "io_buffering": "缓冲 I/O",
    "reduce_precision": "降低数值精度",
    "enable_smt": "启用超线程",
    "gpu_async_copy": "GPU 异步拷贝",
}

# the platform card's labels; the values of NAMED rows are product names, kept as they are
PLATFORM_ZH: dict[str, str] = {
    "host": "主机", "os / kernel": "操作系统 / 内核", "cpu": "CPU", "arch": "架构",
    "sockets x cores x threads": "插槽 x 核心 x 线程", "numa nodes": "NUMA 节点",
    "governor": "调频策略", "memory MB": "内存 MB", "THP": "透明大页", "isa": "指令集",
    "compilers": "编译器", "mpi": "MPI", "hw counters": "硬件计数器",
    "virtualization": "虚拟化",
}
NAMED_ROWS = frozenset({"host", "os / kernel", "cpu", "arch", "isa", "compilers", "mpi",
                        "governor", "virtualization"})
