"""Machine topology outputs handed over with the profiles: ``lscpu``, ``lscpu -e``,
``likwid-topology``, ``numactl --hardware``, ``lstopo`` and hwloc XML.

They are snapshot input (``perfscout snapshot --from DIR`` builds the platform from them) and
describe the machine the other files were measured on, which need not be the machine perfscout
runs on. Read here with the snapshot's own parsers (one parser per format, never a second one)
into the machine quantities under the snapshot facts' names at NODE scope "machine":
``cpu.online`` (online CPUs, else all CPUs), ``cpu.cores`` (sockets x cores per socket),
``numa.nodes``. A topology output with none of these (cut before its CPU lines) is skipped with
the reason ``topology``. Family: OS accounting.
"""

from __future__ import annotations

from pathlib import Path

from perfscout.ingest.adapters.vmstat import MACHINE
from perfscout.ingest.base import Adapter
from perfscout.ingest.registry import register_adapter, topology_collector
from perfscout.ingest.textutil import read_capped
from perfscout.model.errors import InputError, ParseError
from perfscout.model.metrics import Metric, Profile, SourceRef

_MAX_BYTES = 16 * 1024 * 1024  # topology dumps of the largest machines stay far below this


@register_adapter
class MachineTopologyAdapter(Adapter):
    """Topology outputs read with the snapshot's parsers (see module docstring)."""

    name = "machine-topology"
    description = ("lscpu, lscpu -e, likwid-topology, numactl --hardware, lstopo, hwloc XML: "
                   "online CPUs, cores, NUMA nodes of the measured machine")
    family = "os_accounting"

    def sniff(self, head: str, path: Path) -> float:
        if path.is_dir() or not head.strip():
            return 0.0
        return 0.5 if topology_collector(head) is not None else 0.0

    def parse(self, path: Path) -> Profile:
        text = read_capped(path, _MAX_BYTES)
        c = topology_collector(text[:65536])
        if c is None:
            raise ParseError(str(path), None, "a machine topology output (lscpu, "
                             "likwid-topology, numactl --hardware, lstopo)")
        try:
            facts = c.parse(text, str(path))
        except Exception as exc:  # the snapshot parser's own complaint, as a parse error
            raise ParseError(str(path), None, f"{c.name} output", str(exc)[:120]) from None
        src = SourceRef(str(path), None)
        metrics: list[Metric] = []
        online = facts.get("cpu.online_cpus") or facts.get("cpu.total_cpus")
        if isinstance(online, int) and online > 0:
            metrics.append(Metric("cpu.online", float(online), "count", MACHINE, src,
                                  "online CPUs"))
        sockets, per = facts.get("cpu.sockets"), facts.get("cpu.cores_per_socket")
        if isinstance(sockets, int) and isinstance(per, int) and sockets * per > 0:
            metrics.append(Metric("cpu.cores", float(sockets * per), "count", MACHINE, src,
                                  "sockets x cores per socket"))
        nodes = facts.get("numa.nodes")
        if isinstance(nodes, tuple | list) and nodes:
            metrics.append(Metric("numa.nodes", float(len(nodes)), "count", MACHINE, src,
                                  "NUMA nodes"))
        if not metrics:
            raise InputError(f"{path}: {c.name} output (machine topology) without CPU or NUMA "
                             "counts", hint="it is snapshot input: `perfscout snapshot --from "
                             "DIR` reads what it holds")
        return Profile(format=self.name, path=str(path), metrics=tuple(metrics),
                       meta={"topology": c.name},
                       notes=(f"{c.name} output: machine topology, also snapshot input "
                              "(`perfscout snapshot --from DIR`)",))
