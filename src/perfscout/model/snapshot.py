"""The platform snapshot: what machine this is, and where each fact came from.

A snapshot is taken live (collectors run commands through the sandbox) or rebuilt from saved
command outputs (``snapshot --from DIR``). Every field may be ``None`` when unknown; the names of
unknown fields are listed in ``unknown_fields`` so a report can say what it could not see.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

SNAPSHOT_SCHEMA = 1


@dataclass(frozen=True)
class Provenance:
    """How one collector obtained its facts (command, exit status, raw output or source file)."""

    collector: str
    command: tuple[str, ...] = ()
    source: str = "live"  # "live" or "file:<path>"
    exit_code: int | None = None
    output: str = ""  # raw output, truncated to a few KiB
    ok: bool = True
    reason: str = ""  # why it failed or was skipped
    duration_s: float | None = None


@dataclass(frozen=True)
class CacheLevel:
    level: int
    kind: str  # "data", "instruction", "unified"
    size_bytes: int | None = None  # size of one instance
    instances: int | None = None
    shared_by_cpus: int | None = None  # logical CPUs sharing one instance


@dataclass(frozen=True)
class CoreType:
    """One kind of core on a heterogeneous CPU (Arm big.LITTLE, Intel hybrid)."""

    name: str
    count: int
    max_mhz: float | None = None


@dataclass(frozen=True)
class CpuInfo:
    vendor: str | None = None
    model_name: str | None = None
    arch: str | None = None  # x86_64, aarch64, ppc64le, riscv64
    isa: tuple[str, ...] = ()  # normalised flags: sse4_2 avx2 avx512f amx sve neon ...
    sockets: int | None = None
    cores_per_socket: int | None = None
    threads_per_core: int | None = None
    online_cpus: int | None = None
    total_cpus: int | None = None
    caches: tuple[CacheLevel, ...] = ()
    core_types: tuple[CoreType, ...] = ()
    governor: str | None = None
    min_mhz: float | None = None
    max_mhz: float | None = None
    cur_mhz: float | None = None
    virtualization: str | None = None  # hypervisor vendor when a guest

    @property
    def cores(self) -> int | None:
        if self.sockets is None or self.cores_per_socket is None:
            return None
        return self.sockets * self.cores_per_socket

    @property
    def smt_on(self) -> bool | None:
        if self.threads_per_core is None:
            return None
        return self.threads_per_core > 1

    def has(self, flag: str) -> bool:
        return flag in self.isa


@dataclass(frozen=True)
class NumaNode:
    id: int
    cpus: tuple[int, ...] = ()
    memory_mb: int | None = None
    free_mb: int | None = None


@dataclass(frozen=True)
class NumaInfo:
    nodes: tuple[NumaNode, ...] = ()
    distances: tuple[tuple[int, ...], ...] = ()

    @property
    def count(self) -> int:
        return len(self.nodes)


@dataclass(frozen=True)
class MemoryInfo:
    total_mb: int | None = None
    hugepages_total: int | None = None
    hugepage_size_kb: int | None = None
    thp_mode: str | None = None  # always, madvise, never


@dataclass(frozen=True)
class Compiler:
    name: str  # command name: gcc, g++, gfortran, clang, icx, nvcc, ...
    vendor: str  # gnu, llvm, intel, nvidia, arm, cray, unknown
    version: str | None = None
    path: str | None = None


@dataclass(frozen=True)
class MpiInfo:
    implementation: str  # openmpi, mpich, intelmpi, mvapich
    version: str | None = None
    launcher: str | None = None  # absolute path of mpirun/mpiexec
    wrapper: str | None = None  # mpicc


@dataclass(frozen=True)
class SchedulerInfo:
    kind: str | None = None  # slurm, pbs, lsf
    version: str | None = None
    partitions: tuple[str, ...] = ()
    node: Mapping[str, str] = field(default_factory=dict)  # scontrol show node fields for this host


@dataclass(frozen=True)
class Gpu:
    index: int
    name: str
    vendor: str  # nvidia, amd
    memory_mb: int | None = None
    driver: str | None = None


@dataclass(frozen=True)
class PerfCapability:
    perf_available: bool = False
    perf_version: str | None = None
    perf_event_paranoid: int | None = None
    hw_counters: bool | None = None  # None: not probed
    hw_counters_reason: str = ""
    likwid_available: bool = False
    likwid_perfctr_works: bool | None = None
    likwid_reason: str = ""
    numactl_available: bool = False
    hwloc_available: bool = False
    valgrind_available: bool = False


@dataclass(frozen=True)
class LoadInfo:
    """The machine's load when the snapshot was taken (``/proc/loadavg``): other jobs on the
    cores make a program's "CPUs utilized" low without the cores being idle."""

    avg1: float | None = None
    avg5: float | None = None
    avg15: float | None = None
    runnable: int | None = None  # runnable tasks at that moment (includes the reader)


@dataclass(frozen=True)
class PlatformSnapshot:
    """Everything perfscout knows about one machine at one moment."""

    schema: int = SNAPSHOT_SCHEMA
    taken_at: str = ""  # ISO 8601 UTC
    hostname: str | None = None
    kernel: str | None = None
    os: str | None = None
    origin: str = "live"  # "live" or "from:<dir>"
    cpu: CpuInfo = field(default_factory=CpuInfo)
    memory: MemoryInfo = field(default_factory=MemoryInfo)
    numa: NumaInfo = field(default_factory=NumaInfo)
    compilers: tuple[Compiler, ...] = ()
    mpi: tuple[MpiInfo, ...] = ()
    scheduler: SchedulerInfo = field(default_factory=SchedulerInfo)
    gpus: tuple[Gpu, ...] = ()
    perf: PerfCapability = field(default_factory=PerfCapability)
    modules: tuple[str, ...] = ()  # environment modules loaded
    load: LoadInfo = field(default_factory=LoadInfo)  # load average at collection time
    unknown_fields: tuple[str, ...] = ()
    provenance: tuple[Provenance, ...] = ()
    unknown_reasons: Mapping[str, str] = field(default_factory=dict)  # field path -> why unknown

    @property
    def key(self) -> str:
        """A short platform key (CPU model / first compiler / first MPI) used by the KB."""
        cpu = self.cpu.model_name or "unknown-cpu"
        comp = f"{self.compilers[0].name}-{self.compilers[0].version}" if self.compilers else "nocc"
        mpi = f"{self.mpi[0].implementation}-{self.mpi[0].version}" if self.mpi else "nompi"
        return f"{cpu}|{comp}|{mpi}"

    def compiler(self, name: str) -> Compiler | None:
        for c in self.compilers:
            if c.name == name:
                return c
        return None


@dataclass(frozen=True)
class SnapshotChange:
    """One difference between two snapshots: a dotted field path and its old and new value.

    ``old`` is ``None`` for something added, ``new`` is ``None`` for something removed.
    """

    path: str
    old: object = None
    new: object = None
