"""Small builders for in-code Profiles and snapshots (engine unit tests)."""

from __future__ import annotations

from perfscout.model.metrics import Hotspot, Metric, Profile, Remark, Scope, ScopeKind, SourceRef
from perfscout.model.snapshot import CpuInfo, NumaInfo, NumaNode, PerfCapability, PlatformSnapshot


def m(name: str, value: float, *, path: str = "run.txt", line: int = 1, unit: str = "",
      kind: ScopeKind = ScopeKind.PROCESS, scope: str = "") -> Metric:
    return Metric(name, value, unit, Scope(kind, scope), SourceRef(path, line))


def prof(fmt: str, path: str, *metrics: Metric, hotspots: tuple[Hotspot, ...] = (),
         remarks: tuple[Remark, ...] = (), meta: dict[str, str] | None = None) -> Profile:
    fixed = tuple(Metric(x.name, x.value, x.unit, x.scope, SourceRef(path, x.source.line
                                                                      if x.source else 1))
                  for x in metrics)
    return Profile(fmt, path, fixed, hotspots, None, remarks, meta or {})


def hot(name: str, share: float, line: int, path: str = "report.txt",
        calls: int | None = None) -> Hotspot:
    return Hotspot(name, self_share=share, calls=calls, source=SourceRef(path, line))


def snapshot(*, sockets: int = 2, cores_per_socket: int = 16, nodes: int = 2,
             counters: bool | None = True) -> PlatformSnapshot:
    cores = sockets * cores_per_socket
    per = cores // nodes
    numa = NumaInfo(tuple(NumaNode(i, tuple(range(i * per, (i + 1) * per))) for i in range(nodes)))
    cpu = CpuInfo(vendor="GenuineIntel", model_name="Xeon test", arch="x86_64",
                  isa=("avx2", "fma", "avx512f"), sockets=sockets,
                  cores_per_socket=cores_per_socket, threads_per_core=1, online_cpus=cores,
                  total_cpus=cores, max_mhz=3000.0)
    return PlatformSnapshot(cpu=cpu, numa=numa, origin="test",
                            perf=PerfCapability(perf_available=True, hw_counters=counters,
                                                likwid_available=True,
                                                likwid_perfctr_works=counters))
