"""The built-in collectors: which command or saved file gives which facts.

Every saved-file name here is what ``snapshot collect-script`` writes and ``--from DIR`` reads;
docs/snapshot.md lists them all.
"""

from __future__ import annotations

from typing import cast

from perfscout.snapshot import parse_lscpu as pl
from perfscout.snapshot import parse_system as ps
from perfscout.snapshot import parse_tools as pt
from perfscout.snapshot import parse_topology as pg
from perfscout.snapshot.registry import Collector, Parser, register

_TOPO = ("cpu.sockets", "cpu.cores_per_socket", "cpu.threads_per_core", "numa.nodes")
_CPU = ("cpu.vendor", "cpu.model_name", "cpu.arch", "cpu.isa", *_TOPO, "cpu.online_cpus",
        "cpu.caches", "cpu.max_mhz", "cpu.min_mhz")
_C = {"LC_ALL": "C"}

register(Collector("numactl", pg.parse_numactl, ("numactl", "--hardware"),
                   ("numactl-hardware.txt",), pg.looks_like_numactl, 10,
                   provides=("numa.nodes", "numa.distances", "perf.numactl_available"),
                   marks={"perf.numactl_available": True}))
register(Collector("lscpu", pl.parse_lscpu, ("lscpu",), ("lscpu.txt",), pl.looks_like_lscpu, 20,
                   env=_C, provides=_CPU))
register(Collector("likwid-topology", pg.parse_likwid_topology, ("likwid-topology",),
                   ("likwid-topology.txt",), pg.looks_like_likwid_topology, 30,
                   provides=(*_TOPO, "cpu.caches", "perf.likwid_available"),
                   marks={"perf.likwid_available": True}))
register(Collector("lstopo", pg.parse_lstopo, ("lstopo-no-graphics", "--of", "console"),
                   ("lstopo.txt",), pg.looks_like_lstopo, 40,
                   provides=(*_TOPO, "perf.hwloc_available"),
                   marks={"perf.hwloc_available": True}))
register(Collector("hwloc-xml", pg.parse_hwloc_xml, (), ("lstopo.xml", "hwloc.xml"),
                   pg.looks_like_hwloc_xml, 41, provides=_TOPO))
register(Collector("lscpu-e", pl.parse_lscpu_e, ("lscpu", "-e"), ("lscpu-e.txt",),
                   pl.looks_like_lscpu_e, 50, env=_C, provides=(*_TOPO, "cpu.online_cpus")))

_FILES = {  # collector -> (argv, saved file, parser, field)
    "meminfo": (("cat", "/proc/meminfo"), "meminfo.txt", ps.parse_meminfo,
                ("memory.total_mb", "memory.hugepages_total")),
    "thp": (("cat", "/sys/kernel/mm/transparent_hugepage/enabled"), "thp-enabled.txt",
            ps.parse_thp, ("memory.thp_mode",)),
    "perf-event-paranoid": (("cat", "/proc/sys/kernel/perf_event_paranoid"),
                            "perf-event-paranoid.txt",
                            ps.parse_single_line("perf.perf_event_paranoid", "int"),
                            ("perf.perf_event_paranoid",)),
    "kernel": (("cat", "/proc/sys/kernel/osrelease"), "kernel-release.txt",
               ps.parse_single_line("kernel", "str"), ("kernel",)),
    "hostname": (("cat", "/proc/sys/kernel/hostname"), "hostname.txt",
                 ps.parse_single_line("hostname", "str"), ("hostname",)),
    "os-release": (("cat", "/etc/os-release"), "os-release.txt", ps.parse_os_release, ("os",)),
    "loadavg": (("cat", "/proc/loadavg"), "loadavg.txt", ps.parse_loadavg,
                ("load.avg1", "load.avg5", "load.avg15", "load.runnable")),
}
_CPUFREQ = "/sys/devices/system/cpu/cpu0/cpufreq/"
for _n, _f, _kind, _field in (("governor", "scaling_governor", "str", "cpu.governor"),
                              ("min", "scaling_min_freq", "khz", "cpu.min_mhz"),
                              ("max", "scaling_max_freq", "khz", "cpu.max_mhz"),
                              ("cur", "scaling_cur_freq", "khz", "cpu.cur_mhz")):
    _FILES[f"cpufreq-{_n}"] = (("cat", _CPUFREQ + _f), f"cpufreq-{_n}.txt",
                               ps.parse_single_line(_field, _kind), (_field,))
for _name, (_argv, _file, _parse, _prov) in _FILES.items():
    # cpufreq beats lscpu for min/max (it is the policy now, lscpu shows the hardware range)
    register(Collector(_name, cast(Parser, _parse), _argv, (_file,),
                       priority=15 if _name.startswith("cpufreq") else 60, timeout_s=5,
                       provides=_prov))

COMPILERS = ("gcc", "g++", "gfortran", "clang", "clang++", "icx", "icpx", "icc", "ifx", "ifort",
             "nvcc", "nvc", "nvfortran", "armclang", "flang")


def _compiler_parser(name: str) -> Parser:
    return lambda text, source: pt.parse_compiler(name, text, source)


def _file_name(cmd: str) -> str:
    return cmd.replace("++", "xx") + "-version.txt"


for _i, _cc in enumerate(COMPILERS):  # this order is the card's and the platform key's
    register(Collector(f"compiler:{_cc}", _compiler_parser(_cc), (_cc, "--version"),
                       (_file_name(_cc),), priority=100 + _i, timeout_s=15))


def _mpi_parser(launcher: str) -> Parser:
    return lambda text, source: pt.parse_mpi_version(launcher, text, source)


for _i, _l in enumerate(("mpirun", "mpiexec")):
    register(Collector(f"mpi:{_l}", _mpi_parser(_l), (_l, "--version"), (f"{_l}-version.txt",),
                       priority=130 + _i, timeout_s=15))

register(Collector("slurm-version", pt.parse_slurm_version, ("sinfo", "--version"),
                   ("sinfo-version.txt",), priority=140, timeout_s=10))
register(Collector("sinfo", pt.parse_sinfo, ("sinfo",), ("sinfo.txt",), priority=141,
                   timeout_s=15))
register(Collector("scontrol-node", pt.parse_scontrol_node,
                   ("scontrol", "show", "node", "{hostname}"), ("scontrol-show-node.txt",),
                   priority=142, timeout_s=15))
register(Collector("pbs", pt.parse_pbs, ("qstat", "--version"), ("qstat-version.txt",),
                   priority=143, timeout_s=10))
register(Collector("lsf", pt.parse_lsf, ("lsid",), ("lsid.txt",), priority=144, timeout_s=10))
register(Collector("nvidia-smi", pt.parse_nvidia_smi,
                   ("nvidia-smi", "--query-gpu=index,name,memory.total,driver_version",
                    "--format=csv,noheader,nounits"), ("nvidia-smi.txt",), priority=150,
                   timeout_s=20))
register(Collector("rocm-smi", pt.parse_rocm_smi, ("rocm-smi", "--showproductname"),
                   ("rocm-smi.txt",), priority=151, timeout_s=20))
register(Collector("perf-version", pt.parse_perf_version, ("perf", "--version"),
                   ("perf-version.txt",), priority=160, timeout_s=10,
                   provides=("perf.perf_available",)))
register(Collector("perf-probe", pt.parse_perf_probe,
                   ("perf", "stat", "-e", "cycles,instructions", "-x,", "true"),
                   ("perf-stat-probe.txt",), priority=161, timeout_s=20, parse_on_failure=True,
                   provides=("perf.hw_counters",)))
register(Collector("likwid-probe", pt.parse_likwid_probe,
                   ("likwid-perfctr", "-C", "0", "-g", "BRANCH", "true"),
                   ("likwid-perfctr-probe.txt",), priority=162, timeout_s=30, parse_on_failure=True,
                   provides=("perf.likwid_perfctr_works",)))
register(Collector("valgrind", cast(Parser, pt.parse_presence("perf.valgrind_available",
                                                              r"valgrind-\d")),
                   ("valgrind", "--version"), ("valgrind-version.txt",), priority=163,
                   timeout_s=10, provides=("perf.valgrind_available",)))
register(Collector("modules", ps.parse_modules, (), ("loadedmodules.txt",), priority=170,
                   env_var="LOADEDMODULES"))
