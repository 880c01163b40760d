"""Outputs that describe the machine or the toolchain, not a run: ``getconf -a`` (or a grep
of it), lscpu's cache table (``lscpu -C``, ``--caches=...``, ``-J``, ``lscpu | grep cache``),
``ompi_info`` (plain and ``--parsable``), ``mpirun --version``, ``gcc -Q --help=optimizers``
or ``=target``, and a compiler's ``--version`` / ``-v``.

Users hand them over beside (or instead of) measurements. They hold no measurement of the
program, so they must not make a set "unreadable": each is read as what it is, a platform fact
sheet whose few facts go into ``meta`` (online CPUs, cache sizes, the MPI version, the
optimizer flags enabled), with a note saying it measures nothing. A set of only such files
then ends in the data request of an undecidable case (a profile, a timing at two sizes), not in
an error. ``getconf``'s online CPUs are also the machine quantity ``cpu.online`` (NODE scope
"machine"), as the topology outputs give it. Family: OS accounting.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from perfscout.ingest.adapters.vmstat import MACHINE
from perfscout.ingest.base import Adapter
from perfscout.ingest.registry import register_adapter
from perfscout.ingest.textutil import read_capped
from perfscout.model.errors import ParseError
from perfscout.model.metrics import Metric, Profile, SourceRef

_MAX_BYTES = 4 * 1024 * 1024
#: ``getconf -a`` (or a grep of it): upper-case configuration names, a value (or none) after
_GETCONF = re.compile(r"^(?P<k>_?[A-Z][A-Z0-9_]+)(?:\s+(?P<v>\S.*))?$")
_GETCONF_KNOWN = re.compile(r"^(?:LEVEL\d_|_NPROCESSORS|PAGE_?SIZE|_POSIX|_SC_|ARG_MAX|CLK_TCK|"
                            r"_PHYS_PAGES|_AVPHYS_PAGES|GNU_LIBC_VERSION)")
#: ``lscpu -C`` / ``lscpu --caches=...``: a header of the cache table's columns
_LSCPU_C = re.compile(r"^\s*NAME(?:\s+(?:ONE-SIZE|ALL-SIZE|WAYS|TYPE|LEVEL|SETS|PHY-LINE|"
                      r"COHERENCY-SIZE))+\s*$")
#: ``lscpu | grep cache``: only the cache lines of lscpu's summary
_LSCPU_CACHE_LINE = re.compile(r"^\s*L\d[a-z]*\s+cache:\s+\S")
_OMPI = re.compile(r"^\s*(?:Open MPI|Package|Open MPI repo revision|MCA \w+):\s*(?P<v>.*)$")
_OMPI_COMPONENT = re.compile(r"^\s*MCA [\w-]+: [\w-]+ \(MCA v\d")
_OMPI_PARSABLE = re.compile(r"^[a-z][a-z_-]*:\S")
_MPI_VERSION = re.compile(r"^(?:Open MPI v\d|mpirun \(Open MPI\) \d|mpiexec \(Open MPI\) \d|"
                          r"HYDRA build details:|Intel\(R\) MPI Library)")
_GCC_Q = re.compile(r"^The following options (?:control optimizations|are target specific|"
                    r"are language-independent):")
_GCC_FLAG = re.compile(r"^\s+(?P<flag>-[fm][\w+=.-]*)\s+\[(?P<state>enabled|disabled)\]")
#: ``gcc --version`` / ``gfortran --version`` / ``clang --version`` / ``gcc -v``
_CC_VERSION = re.compile(r"^(?:GNU Fortran|gcc|g\+\+|cc|c\+\+|gfortran|clang|Ubuntu clang|"
                         r"Debian clang|icx|icpx|ifx|icc|ifort|nvc|nvc\+\+|nvfortran)\b.*"
                         r"(?:\d+\.\d+)|^gcc version \d")

#: what each kind is, for the note (``meta["platform_facts"]``)
KINDS = {"getconf": "getconf -a (system configuration)",
         "lscpu-caches": "lscpu's cache table",
         "ompi_info": "ompi_info (Open MPI build and components)",
         "mpi-version": "the MPI launcher's version",
         "gcc-options": "gcc -Q --help=... (flags a level or target enables)",
         "compiler-version": "the compiler's version"}


def platform_kind(head: str) -> str | None:
    """Which machine/toolchain fact sheet ``head`` is, else None. A sheet is recognised by
    its whole shape (every line of a getconf or cache listing), never by one word, so a
    program's printout that mentions a cache size is not taken for one."""
    lines = [x.rstrip() for x in head.splitlines()
             if x.strip() and not x.startswith(("$ ", "# "))][:400]
    if not lines:
        return None
    if any(_GCC_Q.match(x) for x in lines[:5]) or (
            len(lines) >= 3 and all(_GCC_FLAG.match(x) for x in lines[:50])):
        return "gcc-options"
    if _LSCPU_C.match(lines[0]) or (head.lstrip().startswith("{") and '"caches"' in head[:200]):
        return "lscpu-caches"
    if all(_LSCPU_CACHE_LINE.match(x) for x in lines):
        return "lscpu-caches"
    if sum(1 for x in lines[:60] if _OMPI.match(x)) >= 3 and any(
            x.strip().startswith("Open MPI:") for x in lines[:20]):
        return "ompi_info"
    # ``ompi_info --param FW all`` or a grep of its components: "MCA btl: tcp (MCA v2.1.0, ...)"
    if sum(1 for x in lines[:20] if _OMPI_COMPONENT.match(x)) >= 2 and _OMPI_COMPONENT.match(
            lines[0]):
        return "ompi_info"
    if len(lines) >= 3 and all(_OMPI_PARSABLE.match(x) for x in lines[:20]) and any(
            x.startswith("ompi:version") for x in lines[:40]):
        return "ompi_info"
    if _MPI_VERSION.match(lines[0]) and len(lines) <= 10:
        return "mpi-version"
    if (_CC_VERSION.match(lines[0]) and len(lines) <= 12) or (
            lines[0].startswith("Using built-in specs.")
            and any(x.startswith("gcc version") for x in lines)):
        return "compiler-version"
    conf = [m for x in lines if (m := _GETCONF.match(x))]
    if len(conf) >= 3 and len(conf) >= 0.8 * len(lines) and any(
            _GETCONF_KNOWN.match(m["k"]) for m in conf):
        return "getconf"
    return None


@register_adapter
class PlatformFactsAdapter(Adapter):
    """Machine and toolchain fact sheets (see module docstring): read, never a measurement."""

    name = "platform-facts"
    description = ("getconf -a, lscpu's caches, ompi_info, mpirun --version, gcc -Q --help=..., "
                   "compiler versions: facts about the machine or toolchain, no measurement")
    family = "os_accounting"

    def sniff(self, head: str, path: Path) -> float:
        if path.is_dir():
            return 0.0
        # above a printout's reader: a fact sheet's numbers are no measurement of a run
        return 0.9 if platform_kind(head) is not None else 0.0

    def parse(self, path: Path) -> Profile:
        text = read_capped(path, _MAX_BYTES)
        kind = platform_kind(text[:65536])
        if kind is None:
            raise ParseError(str(path), None, "getconf -a, lscpu's caches, ompi_info, "
                             "gcc -Q --help=..., or a compiler's or MPI's version")
        meta, metrics = _facts(kind, text, str(path))
        meta = {"platform_facts": kind, **meta}
        return Profile(format=self.name, path=str(path), metrics=tuple(metrics), meta=meta,
                       notes=(f"{KINDS[kind]}: facts about the machine or toolchain, no "
                              "measurement of the run",))


def _facts(kind: str, text: str, path: str) -> tuple[dict[str, str], list[Metric]]:
    """The few facts worth keeping from one fact sheet."""
    lines = text.splitlines()
    meta: dict[str, str] = {}
    metrics: list[Metric] = []
    if kind == "getconf":
        kv = {m["k"]: (m["v"] or "").strip() for x in lines if (m := _GETCONF.match(x.strip()))}
        for k in ("LEVEL1_DCACHE_SIZE", "LEVEL2_CACHE_SIZE", "LEVEL3_CACHE_SIZE", "PAGESIZE"):
            if kv.get(k, "").isdigit():
                meta[k.lower()] = kv[k]
        online = kv.get("_NPROCESSORS_ONLN", "")
        if online.isdigit() and int(online) > 0:
            metrics.append(Metric("cpu.online", float(online), "count", MACHINE,
                                  SourceRef(path, None), "online CPUs (getconf)"))
    elif kind == "lscpu-caches" and text.lstrip().startswith("{"):  # lscpu -C -J
        try:
            rows = json.loads(text).get("caches") or []
        except (ValueError, AttributeError):
            rows = []
        for r in rows:
            if isinstance(r, dict) and r.get("name") and r.get("one-size"):
                meta[f"cache.{str(r['name']).lower()}"] = str(r["one-size"])
    elif kind == "lscpu-caches":
        for x in lines[1:]:
            parts = x.split()
            if ":" in x:  # lscpu's summary line: "L1d cache:   64 KiB (2 instances)"
                name, _, value = x.partition(":")
                meta[f"cache.{name.split()[0].lower()}"] = value.strip()
            elif len(parts) >= 2 and re.match(r"^L\d", parts[0]):
                meta[f"cache.{parts[0].lower()}"] = parts[1]
    elif kind == "ompi_info":
        for x in lines:
            if x.strip().startswith(("Open MPI:", "ompi:version:full:")):
                meta["open_mpi"] = x.rsplit(":", 1)[1].strip()
                break
    elif kind in ("mpi-version", "compiler-version"):
        meta["version"] = next((x.strip() for x in lines if x.strip()), "")[:120]
    else:
        on = [m["flag"] for x in lines if (m := _GCC_FLAG.match(x)) and m["state"] == "enabled"]
        meta["flags_enabled"] = str(len(on))
    return meta, metrics
