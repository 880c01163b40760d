"""Every topology file in the corpus, read through ``--from`` (recognised by content under its
corpus name), against the values a person reads off the file."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from perfscout.snapshot import snapshot_from_dir
from perfscout.snapshot.parse_lscpu import parse_lscpu, parse_lscpu_e
from perfscout.snapshot.parse_topology import parse_likwid_topology, parse_numactl

# file: (sockets, total cores, threads per core, NUMA nodes); None = the file does not say.
EXPECTED: dict[str, tuple[int | None, int | None, int | None, int | None]] = {
    # "Socket(s): 4", "Core(s) per socket: 8", "Thread(s) per core: 2", "NUMA node(s): 3"
    "lscpu-4socket-xeon-x7550-64cpu.txt": (4, 32, 2, 3),
    # four "Model name" blocks (A510 x3, A710 x2, A715 x2, X3 x1), one socket, no NUMA line
    "lscpu-arm-heterogeneous-A510-A710-A715-X3.txt": (1, 8, 1, None),
    "lscpu-dual-epyc7451-8numa-plus-parsable.txt": (2, 48, 2, 8),
    "lscpu-dual-epyc7451-older-util-linux.txt": (2, 48, 2, 8),
    "lscpu-dual-xeon-e5-2670v2-ivybridge.txt": (2, 20, 2, 2),
    # lscpu -e: SOCKET 0-3, CORE 0-287 one CPU each, NODE 0-3
    "lscpu-e-gh200-4socket-288cpu.txt": (4, 288, 1, 4),
    # lscpu -e: 128 CPUs on 64 (socket, core) pairs, SOCKET 0/1, NODE 0/1
    "lscpu-e-zh_CN-locale-2socket-128cpu-offline.txt": (2, 64, 2, 2),
    # "NUMA node(s): 9", nodes 1-8 with empty CPU lists
    "lscpu-nvidia-grace-neoverse-v2-72c-9numa.txt": (1, 72, 1, 9),
    "lscpu-power7-64cpu-16socket.txt": (16, 16, 4, 2),
    "lscpu-riscv64-milkv-pioneer-sg2042-64core.txt": (1, 64, 1, 4),
    # lstopo: count of Package / Core / PU-per-Core / NUMANode objects
    "lstopo-console-nvidia-grace-gh200.txt": (1, 72, 1, 1),
    "lstopo-v-console-amd-4socket-magnycours-sparse.console": (4, 48, 1, 8),
    "lstopo-v-console-huawei-kunpeng920-arm-2socket-4numa.console": (2, 128, 1, 4),
    # 6 P-cores with 2 PUs, 8 E-cores with 1: SMT present, max 2 threads per core
    "lstopo-v-console-intel-hybrid-i7-1370P.console": (1, 14, 2, 1),
    "lstopo-v-console-supermicro-2x-xeon-silver4108-NEC-VE.console": (2, 16, 2, 2),
    # likwid-topology "Sockets/Cores per socket/Threads per core"; NUMA from the report's
    # numactl section when it has one (POWER9: "available: 8 nodes (0,8,250-255)")
    "machine-state-likwid-topology-amd-epyc.txt": (2, 48, 2, 8),
    "machine-state-likwid-topology-dual-skylake-sp.txt": (2, 40, 2, 4),
    "machine-state-likwid-topology-dual-thunderx2-arm-smt4.txt": (2, 64, 4, 2),
    "machine-state-likwid-topology-power9.txt": (2, 44, 4, 8),
    # numactl only knows nodes
    "numactl-hardware-2socket-128cpu-1TB.txt": (None, None, None, 2),
    "numactl-hardware-grace-hopper-9nodes.txt": (None, None, None, 9),
    # a trimmed hwloc test topology: 2 Package objects with 2 Core/PU each, 2 NUMANode
    "hwloc-xml-nvidia-DGX2.xml": (2, 4, 1, 2),
}


def test_table_covers_every_topology_file(corpus: Path) -> None:
    names = {p.name for p in (corpus / "topology").iterdir()}
    assert names == set(EXPECTED), f"new or missing topology files: {names ^ set(EXPECTED)}"


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_topology_file_values(name: str, corpus: Path, tmp_path: Path) -> None:
    shutil.copy(corpus / "topology" / name, tmp_path / name)
    snap = snapshot_from_dir(tmp_path)
    sockets, cores, threads, numa = EXPECTED[name]
    assert snap.cpu.sockets == sockets
    assert snap.cpu.cores == cores
    assert snap.cpu.threads_per_core == threads
    if numa is None:
        assert snap.numa.count == 0 and "numa.nodes" in snap.unknown_fields
    else:
        assert snap.numa.count == numa


def test_likwid_section_alone_reports_its_own_numa_count(corpus: Path) -> None:
    text = (corpus / "topology" / "machine-state-likwid-topology-power9.txt").read_text()
    facts = parse_likwid_topology(text)
    assert facts["cpu.sockets"] == 2 and facts["cpu.threads_per_core"] == 4
    assert len(facts["numa.nodes"]) == 1  # "NUMA domains: 1" in the likwid section
    assert "POWER9" in facts["cpu.model_name"]


def test_numactl_cpuless_nodes_and_255(corpus: Path) -> None:
    facts = parse_numactl((corpus / "topology" / "numactl-hardware-grace-hopper-9nodes.txt")
                          .read_text())
    nodes = facts["numa.nodes"]
    assert [n.id for n in nodes] == list(range(9))
    assert len(nodes[0].cpus) == 72 and all(not n.cpus for n in nodes[1:])
    assert nodes[1].memory_mb == 97280 and nodes[2].memory_mb == 0
    d = facts["numa.distances"]
    assert d[0] == (10, 80, 80, 80, 80, 80, 80, 80, 80)
    assert d[1][2] == 255 and d[8][8] == 10


def test_numactl_two_socket_memory(corpus: Path) -> None:
    facts = parse_numactl((corpus / "topology" / "numactl-hardware-2socket-128cpu-1TB.txt")
                          .read_text())
    n0, n1 = facts["numa.nodes"]
    assert (n0.memory_mb, n0.free_mb, n1.memory_mb) == (515281, 370719, 516035)
    assert len(n0.cpus) + len(n1.cpus) == 128 and 64 in n0.cpus
    assert facts["numa.distances"] == ((10, 21), (21, 10))


def test_lscpu_e_chinese_locale_offline_cpus(corpus: Path) -> None:
    facts = parse_lscpu_e((corpus / "topology" /
                           "lscpu-e-zh_CN-locale-2socket-128cpu-offline.txt").read_text())
    assert facts["cpu.total_cpus"] == 128
    assert facts["cpu.online_cpus"] == 8  # rows 0-7 say 是, the rest 否


def test_heterogeneous_arm_core_types(corpus: Path) -> None:
    facts = parse_lscpu((corpus / "topology" / "lscpu-arm-heterogeneous-A510-A710-A715-X3.txt")
                        .read_text())
    kinds = {t.name: t.count for t in facts["cpu.core_types"]}
    assert kinds == {"Cortex-A510": 3, "Cortex-A710": 2, "Cortex-A715": 2, "Cortex-X3": 1}
    assert facts["cpu.max_mhz"] == 3187.2 and facts["cpu.min_mhz"] == 307.2
    assert "neon" in facts["cpu.isa"] and "sve" not in facts["cpu.isa"]


@pytest.mark.parametrize(("name", "present", "absent"), [
    ("lscpu-dual-epyc7451-8numa-plus-parsable.txt", {"avx2", "fma", "sse4_2"}, {"avx512f"}),
    ("lscpu-4socket-xeon-x7550-64cpu.txt", {"sse4_2"}, {"avx", "avx2"}),
    ("lscpu-dual-xeon-e5-2670v2-ivybridge.txt", {"avx"}, {"avx2", "fma"}),
    ("lscpu-nvidia-grace-neoverse-v2-72c-9numa.txt", {"neon", "sve", "sve2"}, {"avx"}),
    ("lscpu-power7-64cpu-16socket.txt", {"altivec", "vsx"}, {"neon"}),
    ("lscpu-riscv64-milkv-pioneer-sg2042-64core.txt", {"rvv"}, {"neon", "avx"}),
])
def test_isa_normalised(name: str, present: set[str], absent: set[str], corpus: Path) -> None:
    isa = set(parse_lscpu((corpus / "topology" / name).read_text())["cpu.isa"])
    assert present <= isa and not (absent & isa)


def test_caches_per_instance_and_sharing(corpus: Path) -> None:
    facts = parse_lscpu((corpus / "topology" / "lscpu-dual-epyc7451-8numa-plus-parsable.txt")
                        .read_text())
    l3 = next(c for c in facts["cpu.caches"] if c.level == 3)
    # "L3 cache: 128 MiB (16 instances)" on 96 CPUs: 8 MiB per CCX shared by 6 CPUs
    assert (l3.size_bytes, l3.instances, l3.shared_by_cpus) == (8 * 1024**2, 16, 6)
    old = parse_lscpu((corpus / "topology" / "lscpu-dual-epyc7451-older-util-linux.txt")
                      .read_text())
    assert next(c for c in old["cpu.caches"] if c.level == 3).size_bytes == 8192 * 1024


def test_lstopo_latency_matrix(corpus: Path, tmp_path: Path) -> None:
    name = "lstopo-v-console-amd-4socket-magnycours-sparse.console"
    shutil.copy(corpus / "topology" / name, tmp_path / "lstopo.txt")
    snap = snapshot_from_dir(tmp_path)
    assert snap.numa.distances[0] == (10, 16, 16, 22, 16, 22, 16, 22)
    assert snap.cpu.model_name == "AMD Engineering Sample"
