"""Runtime placement reports that appear inside program output: ``OMP_DISPLAY_ENV``,
``OMP_DISPLAY_AFFINITY``, Open MPI ``--report-bindings``, ``srun --cpu-bind=verbose``,
``taskset -p``, ``numactl --show``, ``hwloc-ps [-t]`` and Open MPI ``mpirun --display-map`` /
``--display-allocation`` (one bound rank per ``Process rank: N Bound: ...`` line).

:func:`read_runtime_line` recognises one line and returns what it says; :func:`placement_metrics`
turns the lines of one file into canonical metrics (``threads.requested``, ``omp.dynamic``,
``ranks.count``, ``affinity.threads``, ``affinity.cpus``, ``affinity.unbound``). Used by the
program-output, runtime-report and time -v adapters, so interleaved and stand-alone reports
are read one way.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from perfscout.ingest.lineread import first_match
from perfscout.model.metrics import Metric, SourceRef
from perfscout.snapshot.textutil import parse_cpu_list

_OMP_ENV = re.compile(r"^\s*(?:\[[\w ]+\]\s*)?((?:OMP|GOMP|KMP)_\w+)\s*=\s*'([^']*)'\s*$")
_OMP_AFF = re.compile(r"^\s*level\s+(\d+)\s+thread\s+(\S+)\s+affinity\s+([\d,\- ]+)\s*$")
# a user's OMP_AFFINITY_FORMAT ("tid %n on cpus {%A}", "thread %n bound to %A"): a thread
# number, then a word naming the set of CPUs it may use and the CPU list (%A) closing the line;
# "thread 1 on cpu 0" (sched_getcpu: where it ran at one moment) is no binding
_OMP_AFF_FORMAT = re.compile(r"^\s*(?:[\w\[\]:]+\s+){0,3}?(?:thread|tid|thr)\s*[#:=]?\s*(\d+)\b"
                             r"[^\d{}\[\]]{0,40}?\b(?:cpus|cores|cpuset|cpu\s+set|affinity|places?|"
                             r"hwthreads|bound\s+to)\s*[:=]?\s*[{\[(]?\s*(\d[\d,\- ]*?)\s*"
                             r"[}\])]?\s*$", re.I)
_OMP_BEGIN = re.compile(r"^\s*OPENMP DISPLAY ENVIRONMENT (BEGIN|END)\s*$")
_MPI_BOUND = re.compile(r"MCW rank (\d+) bound to (.*?):\s*\[([^\]]*)\]")
_MPI_UNBOUND = re.compile(r"MCW rank (\d+) is not bound")
# mpirun --display-map: "Process OMPI jobid: [1,1] App: 0 Process rank: 0 Bound: socket 0[core
# 0[hwt 0]]:[B/.]" (or "Bound: UNBOUND"); its node and allocation lines name the slots
_MAP_BOUND = re.compile(r"Process rank:\s*(\d+)\s+Bound:\s*(.*?):\s*\[([^\]]*)\]")
_MAP_UNBOUND = re.compile(r"Process rank:\s*(\d+)\s+Bound:\s*(?:UNBOUND|N/A)")
_MAP_OTHER = re.compile(r"^\s*(?:Data for (?:JOB \[|node:)|=+\s+(?:JOB MAP|ALLOCATED NODES)\s+=+"
                        r"|[\w.\-]+: (?:flags=\w+ )?slots=\d+ max_slots=\d+)")
_SRUN = re.compile(r"cpu[-_]bind(?:[-_][a-z]+)?=\w+.*?task\s+(\d+)\s+\d+\s+\[\d+\]:\s*"
                   r"mask\s+(0x[0-9a-fA-F]+)")
_TASKSET = re.compile(r"pid \d+'s (?:current|new) affinity (mask|list):\s*([0-9a-fA-F,\-x ]+)\s*$")
_NUMA_SHOW = re.compile(r"^\s*physcpubind:\s*([\d ]+)\s*$")
#: ``hwloc-ps [-t]``: a process (or, indented, one of its threads) and the topology objects it
#: is bound to (``Core:1``, ``PU:3``; ``Machine:0`` is the whole machine: not bound)
_HWLOC_PS = re.compile(r"^(?P<thread>\s)?(?P<id>\d+)\t(?P<objs>(?:(?:Machine|Package|Socket|"
                       r"NUMANode|Group\d*|L\dd?Cache|Core|PU):\d+ ?)+)\t")
_NUMA_OTHER = re.compile(r"^\s*(policy|preferred node|cpubind|nodebind|membind):\s")


def cpu_list(text: str) -> set[int]:
    """CPUs of a list like ``0-3,6``, ``0-6:2`` or ``0 1 2`` (the snapshot's one kernel-list
    parser, :func:`perfscout.snapshot.textutil.parse_cpu_list`), each part read on its own: a
    part it cannot read (a runtime's decoration) is left out, not fatal."""
    out: set[int] = set()
    for part in re.split(r"[,\s]+", text.strip()):
        try:
            out.update(parse_cpu_list(part))
        except ValueError:
            continue
    return out


def mask_cpus(mask: str) -> set[int]:
    """CPUs of a hexadecimal affinity mask (``0x3``, ``3``, ``ff,ffffffff``)."""
    digits = mask.lower().removeprefix("0x").replace(",", "")
    try:
        v = int(digits, 16)
    except ValueError:
        return set()
    return {i for i in range(v.bit_length()) if v >> i & 1}


def _mpi_cpus(where: str, picture: str) -> set[int]:
    """The cores of an Open MPI binding: ``[B/.]`` pictures one socket's cores, one slot each."""
    cores = [i for i, slot in enumerate(picture.split("/")) if "B" in slot]
    if cores:
        return set(cores)
    return {int(c) for c in re.findall(r"core (\d+)", where)}


@dataclass
class Placement:
    """What the runtime lines of one file said."""

    env: dict[str, tuple[str, int]] = field(default_factory=dict)  # name -> (value, line)
    threads: dict[str, tuple[set[int], int]] = field(default_factory=dict)  # id -> (cpus, line)
    ranks: dict[int, tuple[set[int] | None, int]] = field(default_factory=dict)  # None: unbound
    mask: tuple[set[int], int] | None = None  # taskset / numactl --show of the process
    kinds: set[str] = field(default_factory=set)


def _omp_begin(m: re.Match[str], no: int, into: Placement) -> str:
    return "omp_display_env"


def _omp_env(m: re.Match[str], no: int, into: Placement) -> str:
    into.env[m[1]] = (m[2], no)
    return "omp_display_env"


def _omp_aff(m: re.Match[str], no: int, into: Placement) -> str:
    into.threads[f"{m[1]}:{m[2]}"] = (cpu_list(m[3]), no)
    return "omp_display_affinity"


def _omp_aff_format(m: re.Match[str], no: int, into: Placement) -> str:
    into.threads[f"1:{m[1]}"] = (cpu_list(m[2]), no)
    return "omp_display_affinity"


def _mpi_bound(m: re.Match[str], no: int, into: Placement) -> str:
    into.ranks[int(m[1])] = (_mpi_cpus(m[2], m[3]), no)
    return "mpi_report_bindings"


def _mpi_unbound(m: re.Match[str], no: int, into: Placement) -> str:
    into.ranks[int(m[1])] = (None, no)
    return "mpi_report_bindings"


def _map_other(m: re.Match[str], no: int, into: Placement) -> str:
    return "mpi_display_map"


def _srun(m: re.Match[str], no: int, into: Placement) -> str:
    into.ranks[int(m[1])] = (mask_cpus(m[2]), no)
    return "srun_cpu_bind"


def _taskset(m: re.Match[str], no: int, into: Placement) -> str:
    into.mask = (mask_cpus(m[2]) if m[1] == "mask" else cpu_list(m[2]), no)
    return "taskset"


def _numa_show(m: re.Match[str], no: int, into: Placement) -> str:
    into.mask = (cpu_list(m[1]), no)
    return "numactl_show"


def _numa_other(m: re.Match[str], no: int, into: Placement) -> str:
    return "numactl_show"


def _hwloc_ps(m: re.Match[str], no: int, into: Placement) -> str:
    """A thread's line (indented, ``hwloc-ps -t``) bound to cores or PUs: that thread's CPUs
    by their index (one core or PU each; a package or NUMA node binds to more than one, which
    the listing does not say: not recorded); the process line only stands for its threads
    when the listing has none."""
    objs = m["objs"].split()
    if all(o.split(":")[0] in ("Core", "PU") for o in objs):
        cpus = {int(o.split(":")[1]) for o in objs}
        if m["thread"]:
            into.threads[f"hwloc:{m['id']}"] = (cpus, no)
        elif into.mask is None:
            into.mask = (cpus, no)
    return "hwloc_ps"


Handler = Callable[[re.Match[str], int, Placement], str]
# each kind of runtime line and what it records (the handler returns the report kind)
LINE_KINDS: tuple[tuple[re.Pattern[str], Handler], ...] = (
    (_OMP_BEGIN, _omp_begin), (_OMP_ENV, _omp_env), (_OMP_AFF, _omp_aff),
    (_OMP_AFF_FORMAT, _omp_aff_format),
    (_MPI_BOUND, _mpi_bound), (_MPI_UNBOUND, _mpi_unbound), (_SRUN, _srun),
    (_MAP_BOUND, _mpi_bound), (_MAP_UNBOUND, _mpi_unbound), (_MAP_OTHER, _map_other),
    (_TASKSET, _taskset), (_NUMA_SHOW, _numa_show), (_NUMA_OTHER, _numa_other),
    (_HWLOC_PS, _hwloc_ps),
)


def read_runtime_line(line: str, no: int, into: Placement) -> bool:
    """Record ``line`` in ``into`` when it is a runtime placement line; True when it was one."""
    hit = first_match(line, LINE_KINDS)
    if hit is None:
        return False
    handler, m = hit
    into.kinds.add(handler(m, no, into))
    return True


def placement_metrics(pl: Placement, path: Path, family: str) -> list[Metric]:
    """Canonical metrics of what ``pl`` recorded (``family`` tags each metric's source)."""
    out: list[Metric] = []

    def add(name: str, value: float, unit: str, line: int, raw: str) -> None:
        out.append(Metric(name=name, value=value, unit=unit, source=SourceRef(str(path), line),
                          raw_name=raw, family=family))

    nt = pl.env.get("OMP_NUM_THREADS")
    if nt is not None:
        first = nt[0].split(",")[0].strip()
        if first.isdigit():
            add("threads.requested", float(first), "count", nt[1], "OMP_NUM_THREADS")
    dyn = pl.env.get("OMP_DYNAMIC")
    if dyn is not None and dyn[0].strip().upper() in ("TRUE", "FALSE"):
        add("omp.dynamic", float(dyn[0].strip().upper() == "TRUE"), "bool", dyn[1],
            "OMP_DYNAMIC")
    lim = pl.env.get("OMP_THREAD_LIMIT")
    if lim is not None and lim[0].strip().isdigit() and int(lim[0].strip()) > 0:
        add("omp.thread_limit", float(lim[0].strip()), "count", lim[1], "OMP_THREAD_LIMIT")
    if pl.threads:
        cpus: set[int] = set().union(*(c for c, _ in pl.threads.values()))
        line = min(n for _, n in pl.threads.values())
        said = "OMP_DISPLAY_AFFINITY" if "omp_display_affinity" in pl.kinds else "hwloc-ps"
        add("affinity.threads", float(len(pl.threads)), "count", line, said)
        if cpus:
            add("affinity.cpus", float(len(cpus)), "count", line, said)
    if pl.ranks:
        line = min(n for _, n in pl.ranks.values())
        add("ranks.count", float(len(pl.ranks)), "count", line, "report-bindings")
        bound = [c for c, _ in pl.ranks.values() if c is not None]
        unbound = len(pl.ranks) - len(bound)
        if unbound:
            add("affinity.unbound", float(unbound), "count", line, "report-bindings")
        if bound and not unbound:
            add("affinity.threads", float(len(bound)), "count", line, "report-bindings")
            add("affinity.cpus", float(len(set().union(*bound))), "count", line,
                "report-bindings")
            if all(len(c) == 1 for c in bound) and len(set().union(*bound)) == len(bound):
                add("affinity.pinned", float(len(bound)), "count", line, "report-bindings")
    if pl.mask is not None and pl.mask[0]:
        add("affinity.cpus", float(len(pl.mask[0])), "count", pl.mask[1],
            "taskset" if "taskset" in pl.kinds else "physcpubind")
    return out
