"""Outputs that describe the machine or the toolchain, not a run: ``getconf -a``, ``lscpu -C``
(the cache table), ``ompi_info`` and ``gcc -Q --help=optimizers``.

Users hand them over beside (or instead of) measurements. They hold no measurement of the
program, so they must not make a set "unreadable": each is read as what it is, a platform fact
sheet whose few facts go into ``meta`` (online CPUs, cache sizes, the MPI version, the
optimizer flags enabled), with a note saying it measures nothing. A set of only such files
then ends in the data request of an undecidable case (a profile, a timing at two sizes), not in
an error. ``getconf``'s online CPUs are also the machine quantity ``cpu.online`` (NODE scope
"machine"), as the topology outputs give it. Family: OS accounting.
"""

from __future__ import annotations

import re
from pathlib import Path

from perfscout.ingest.adapters.vmstat import MACHINE
from perfscout.ingest.base import Adapter
from perfscout.ingest.registry import register_adapter
from perfscout.model.errors import ParseError
from perfscout.model.metrics import Metric, Profile, SourceRef

_MAX_BYTES = 4 * 1024 * 1024
#: ``getconf -a``: upper-case configuration names, a value after spaces
_GETCONF = re.compile(r"^(?P<k>_?[A-Z][A-Z0-9_]+)\s+(?P<v>\S.*)?$")
_GETCONF_KEYS = ("_NPROCESSORS_ONLN", "LEVEL1_DCACHE_SIZE", "PAGESIZE", "PAGE_SIZE",
                 "LEVEL2_CACHE_SIZE", "_NPROCESSORS_CONF", "ARG_MAX", "CLK_TCK")
#: ``lscpu -C``'s header
_LSCPU_C = re.compile(r"^\s*NAME\s+ONE-SIZE\s+ALL-SIZE\b")
_OMPI = re.compile(r"^\s*(?:Open MPI|Package|Open MPI repo revision|MCA \w+):\s*(?P<v>.*)$")
_GCC_Q = "The following options control optimizations:"
_GCC_FLAG = re.compile(r"^\s+(?P<flag>-f[\w+-]+)\s+\[(?P<state>enabled|disabled)\]")

#: what each kind is, for the note (``meta["platform_facts"]``)
KINDS = {"getconf": "getconf -a (system configuration)",
         "lscpu-caches": "lscpu -C (cache table)",
         "ompi_info": "ompi_info (Open MPI build and components)",
         "gcc-optimizers": "gcc -Q --help=optimizers (flags a level enables)"}


def platform_kind(head: str) -> str | None:
    """Which machine/toolchain fact sheet ``head`` starts, else None."""
    lines = [x for x in head.splitlines() if x.strip()][:400]
    if not lines:
        return None
    if any(_GCC_Q in x for x in lines[:5]):
        return "gcc-optimizers"
    if _LSCPU_C.match(lines[0]):
        return "lscpu-caches"
    if sum(1 for x in lines[:60] if _OMPI.match(x)) >= 3 and any(
            x.strip().startswith("Open MPI:") for x in lines[:20]):
        return "ompi_info"
    keys = {m["k"] for x in lines if (m := _GETCONF.match(x))}
    if sum(1 for k in _GETCONF_KEYS if k in keys) >= 3:
        return "getconf"
    return None


@register_adapter
class PlatformFactsAdapter(Adapter):
    """Machine and toolchain fact sheets (see module docstring): read, never a measurement."""

    name = "platform-facts"
    description = ("getconf -a, lscpu -C, ompi_info, gcc -Q --help=optimizers: facts about the "
                   "machine or toolchain, no measurement of a run")
    family = "os_accounting"

    def sniff(self, head: str, path: Path) -> float:
        if path.is_dir():
            return 0.0
        return 0.5 if platform_kind(head) is not None else 0.0

    def parse(self, path: Path) -> Profile:
        try:
            with path.open("rb") as fh:
                text = fh.read(_MAX_BYTES).decode("utf-8", errors="replace")
        except OSError as exc:
            raise ParseError(str(path), None, "a readable text file", str(exc)) from None
        kind = platform_kind(text[:65536])
        if kind is None:
            raise ParseError(str(path), None, "getconf -a, lscpu -C, ompi_info or "
                             "gcc -Q --help=optimizers output")
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
        kv = {m["k"]: (m["v"] or "").strip() for x in lines if (m := _GETCONF.match(x))}
        for k in ("LEVEL1_DCACHE_SIZE", "LEVEL2_CACHE_SIZE", "LEVEL3_CACHE_SIZE", "PAGESIZE"):
            if kv.get(k, "").isdigit():
                meta[k.lower()] = kv[k]
        online = kv.get("_NPROCESSORS_ONLN", "")
        if online.isdigit() and int(online) > 0:
            metrics.append(Metric("cpu.online", float(online), "count", MACHINE,
                                  SourceRef(path, None), "online CPUs (getconf)"))
    elif kind == "lscpu-caches":
        for x in lines[1:]:
            parts = x.split()
            if len(parts) >= 2:
                meta[f"cache.{parts[0].lower()}"] = parts[1]
    elif kind == "ompi_info":
        for x in lines:
            if x.strip().startswith("Open MPI:"):
                meta["open_mpi"] = x.split(":", 1)[1].strip()
                break
    else:
        on = [m["flag"] for x in lines if (m := _GCC_FLAG.match(x)) and m["state"] == "enabled"]
        meta["optimizer_flags_enabled"] = str(len(on))
    return meta, metrics
