"""Parsers for toolchain, scheduler, GPU and profiler-capability outputs.

Each takes the text a command printed (stdout and stderr together, or a saved file) and returns
:data:`Facts`; each raises only :class:`ParseError` when the text is not what it reads.
"""

from __future__ import annotations

import re

from perfscout.model.message import Text
from perfscout.model.snapshot import Compiler, Gpu, MpiInfo
from perfscout.snapshot.textutil import VERSION, Facts, require, to_int

# ---------------------------------------------------------------- compilers

_VENDORS = (
    ("nvidia", ("nvidia", "nvc ", "nvfortran", "pgi")),
    ("intel", ("intel(r)", "oneapi", "icx", "ifx", "icc (icc)", "ifort")),
    ("arm", ("arm c/c++", "arm fortran", "armclang", "arm compiler")),
    ("cray", ("cray",)),
    ("amd", ("amd clang", "aocc")),
    ("llvm", ("clang version", "llvm")),
    ("gnu", ("free software foundation", "gcc", "gnu fortran", "g++")),
)


def parse_compiler(name: str, text: str, source: str = "") -> Facts:
    """``<compiler> --version``: vendor from the banner, version from the first version-like
    token after "version"/"release"/"V", else the last one on the first line."""
    lines = [ln for ln in text.splitlines() if ln.strip()]
    if not lines or not VERSION.search(text):
        return require({}, source or f"{name} --version", f"a {name} version banner",
                       lines[0] if lines else "")
    low = text.lower()
    vendor = next((v for v, keys in _VENDORS if any(k in low for k in keys)), "unknown")
    m = (re.search(r"\bV(\d+\.\d+\.\d+)", text)  # nvcc: "release 13.0, V13.0.88"
         or re.search(r"(?:version|release)\s+(\d+\.\d+(?:\.\d+)*)", text, re.IGNORECASE))
    if m and vendor != "gnu":
        version = m.group(1)
    else:
        first = VERSION.findall(lines[0]) or VERSION.findall(text)
        version = first[-1] if lines[0] and VERSION.findall(lines[0]) else first[0]
    return {"compilers": (Compiler(name, vendor, version),)}


# ---------------------------------------------------------------- MPI

def parse_mpi_version(launcher: str, text: str, source: str = "") -> Facts:
    """``mpirun --version`` of Open MPI, MPICH (Hydra), Intel MPI or MVAPICH."""
    low = text.lower()
    impl: str | None = None
    version: str | None = None
    m = re.search(r"\((?:open mpi|openrte)\)\s+(\S+)", low) or re.search(
        r"open mpi\D*(\d+\.\d+\S*)", low)
    if m:
        impl, version = "openmpi", m.group(1)
    elif "intel(r) mpi" in low or "intel mpi" in low:
        impl = "intelmpi"
        vm = re.search(r"version\s+(\d+(?:\.\d+)*)", text, re.IGNORECASE)
        version = vm.group(1) if vm else None
    elif "mvapich" in low:
        impl = "mvapich"
        vm = re.search(r"mvapich\d*\s+(?:version\s+)?(\d+(?:\.\d+)*\w*)", low) or re.search(
            r"version:\s*(\S+)", low)
        version = vm.group(1) if vm else None
    elif "hydra" in low or "mpich" in low:
        impl = "mpich"
        vm = re.search(r"version:\s*(\S+)", low)
        version = vm.group(1) if vm else None
    if impl is None:
        return require({}, source or f"{launcher} --version",
                       "an MPI launcher banner (Open MPI, MPICH/Hydra, Intel MPI, MVAPICH)",
                       text.strip()[:60])
    return {"mpi": (MpiInfo(impl, version, launcher),)}


# ---------------------------------------------------------------- schedulers

def parse_slurm_version(text: str, source: str = "sinfo --version") -> Facts:
    """``sinfo --version`` -> ``slurm 22.05.8``."""
    m = re.search(r"^slurm(?:-wlm)?\s+(\S+)", text.strip(), re.MULTILINE)
    if not m:
        return require({}, source, "'slurm X.Y.Z'", text.strip()[:60])
    return {"scheduler.kind": "slurm", "scheduler.version": m.group(1)}


def parse_sinfo(text: str, source: str = "sinfo") -> Facts:
    """Default ``sinfo`` table: partition names (the default one keeps its ``*``)."""
    lines = [ln for ln in text.splitlines() if ln.strip()]
    if not lines or lines[0].split()[:1] != ["PARTITION"]:
        return require({}, source, "an sinfo table starting with PARTITION",
                       lines[0] if lines else "")
    parts: list[str] = []
    for ln in lines[1:]:
        p = ln.split()[0]
        if p not in parts:
            parts.append(p)
    return {"scheduler.kind": "slurm", "scheduler.partitions": tuple(parts)}


def parse_scontrol_node(text: str, source: str = "scontrol show node") -> Facts:
    """``scontrol show node HOST``: every ``Key=Value`` of the first node record."""
    if "NodeName=" not in text:
        return require({}, source, "'NodeName=' from scontrol show node", text.strip()[:60])
    record = text[text.find("NodeName="):]
    nxt = record.find("NodeName=", 1)
    if nxt > 0:
        record = record[:nxt]
    fields: dict[str, str] = {}
    for m in re.finditer(r"(\w+(?:/\w+)?)=(\S*)", record):
        fields.setdefault(m.group(1), m.group(2))
    return {"scheduler.kind": "slurm", "scheduler.node": fields}


def parse_pbs(text: str, source: str = "qstat --version") -> Facts:
    """``qstat --version`` of PBS Pro/OpenPBS/Torque."""
    m = re.search(r"(?:pbs_version\s*=\s*|version:\s*)(\S+)", text, re.IGNORECASE)
    if not m:
        return require({}, source, "'pbs_version = X' or 'Version: X'", text.strip()[:60])
    return {"scheduler.kind": "pbs", "scheduler.version": m.group(1)}


def parse_lsf(text: str, source: str = "lsid") -> Facts:
    """``lsid`` banner of IBM Spectrum LSF."""
    if "lsf" not in text.lower():
        return require({}, source, "an LSF banner from lsid", text.strip()[:60])
    m = re.search(r"LSF\D*(\d+(?:\.\d+)+)", text)
    return {"scheduler.kind": "lsf", "scheduler.version": m.group(1) if m else None}


# ---------------------------------------------------------------- GPUs

def parse_nvidia_smi(text: str, source: str = "nvidia-smi") -> Facts:
    """``nvidia-smi --query-gpu=index,name,memory.total,driver_version --format=csv[,noheader,
    nounits]`` or the default ``nvidia-smi`` table."""
    gpus: list[Gpu] = []
    for ln in text.splitlines():
        cells = [c.strip() for c in ln.split(",")]
        if len(cells) >= 2 and cells[0].isascii() and cells[0].isdigit():
            mem = to_int(re.sub(r"\D", "", cells[2])) if len(cells) > 2 else None
            gpus.append(Gpu(int(cells[0]), cells[1], "nvidia", mem,
                            cells[3] if len(cells) > 3 else None))
    if not gpus:  # the default table
        driver = re.search(r"Driver Version:\s*(\S+)", text)
        for m in re.finditer(r"^\|\s+(\d+)\s+(.+?)\s+(?:On|Off)\s+\|", text, re.MULTILINE):
            gpus.append(Gpu(int(m.group(1)), m.group(2), "nvidia", None,
                            driver.group(1) if driver else None))
        mems = re.findall(r"MiB\s*/\s*(\d+)MiB", text)
        if len(mems) == len(gpus):
            gpus = [Gpu(g.index, g.name, g.vendor, int(mb), g.driver) for g, mb in
                    zip(gpus, mems, strict=True)]
    if not gpus:
        return require({}, source, "nvidia-smi CSV rows or its GPU table", text.strip()[:60])
    return {"gpus": tuple(gpus)}


def parse_rocm_smi(text: str, source: str = "rocm-smi") -> Facts:
    """``rocm-smi --showproductname``: ``GPU[0] : Card series: ...`` lines."""
    names: dict[int, str] = {}
    for m in re.finditer(r"GPU\[(\d+)\]\s*:\s*Card (?:series|model)\s*:\s*(.+)", text):
        names.setdefault(int(m.group(1)), m.group(2).strip())
    if not names:
        return require({}, source, "'GPU[n] : Card series:' lines", text.strip()[:60])
    return {"gpus": tuple(Gpu(i, n, "amd") for i, n in sorted(names.items()))}


# ---------------------------------------------------------------- perf / likwid capability

def parse_perf_version(text: str, source: str = "perf --version") -> Facts:
    """``perf version 6.1.187``."""
    m = re.search(r"perf version\s+(\S+)", text)
    if not m:
        return require({}, source, "'perf version X'", text.strip()[:60])
    return {"perf.perf_available": True, "perf.perf_version": m.group(1)}


def parse_perf_probe(text: str, source: str = "perf stat") -> Facts:
    """``perf stat -e cycles,instructions -x, true``: counters count only when both events
    have numbers. perf exits 0 on ``<not supported>``, so the text decides."""
    low = text.lower()
    events = {ev: line for line in text.splitlines()
              for ev in ("cycles", "instructions") if f",{ev}," in line or f" {ev}" in line}
    if "<not supported>" in low or "<not counted>" in low:
        bad = [ev for ev, ln in events.items() if "<not" in ln] or ["cycles", "instructions"]
        return {"perf.hw_counters": False,
                "perf.hw_counters_reason": Text("snap.hw_not_supported", events=", ".join(bad))}
    if "permission" in low or "paranoid" in low or "access to performance monitoring" in low:
        return {"perf.hw_counters": False,
                "perf.hw_counters_reason": Text("snap.hw_denied")}
    nums = [ln for ln in events.values() if re.match(r"^\s*\d[\d.,]*\s*[,;]", ln)]
    if len(nums) == 2:
        return {"perf.hw_counters": True, "perf.hw_counters_reason": Text("snap.hw_counted")}
    return require({}, source, "perf stat CSV lines for cycles and instructions",
                   text.strip()[:60])


def parse_likwid_probe(text: str, source: str = "likwid-perfctr") -> Facts:
    """A likwid-perfctr measurement: works when it prints a metric table, not when it says
    "Cannot get access to MSRs" or that the architecture has 0 counters."""
    for pat in (r"Cannot get access to MSRs[^\n]*", r"This architecture has 0 counters[^\n]*",
                r"ERROR[^\n]*", r"[^\n]*not supported[^\n]*", r"[^\n]*Cannot[^\n]*"):
        m = re.search(pat, text)
        if m:
            return {"perf.likwid_available": True, "perf.likwid_perfctr_works": False,
                    "perf.likwid_reason": m.group(0).strip()}
    if re.search(r"\|\s*(?:Runtime|INSTR_RETIRED|RDTSC)", text):
        return {"perf.likwid_available": True, "perf.likwid_perfctr_works": True,
                "perf.likwid_reason": "likwid-perfctr measured a group"}
    return require({}, source, "a likwid-perfctr result table or error", text.strip()[:60])


def parse_presence(field: str, pattern: str) -> object:
    """A parser that marks ``field`` True when ``pattern`` (a regex) is in the text."""

    def parse(text: str, source: str = "") -> Facts:
        if not re.search(pattern, text, re.IGNORECASE):
            return require({}, source, f"output matching {pattern!r}", text.strip()[:60])
        return {field: True}

    return parse
