"""Open MPI's communication monitoring files (``mpirun --mca pml_monitoring_enable 2 --mca
pml_monitoring_enable_output 3 --mca pml_monitoring_filename NAME``: one ``NAME.<rank>.prof``
per rank, written at MPI_Finalize). Read: the bytes and operation counts of each rank's
collectives per communicator (``A2A``/``O2A``/``A2O`` rows under a ``D`` communicator line),
and its point-to-point bytes and messages per peer (``I``/``E``/``C`` rows). A collective's
bytes over its count is what one call moves: a whole array in an element-wise
``MPI_Allreduce``, eight bytes for one double. Family: runtime report.
"""

from __future__ import annotations

import re
from pathlib import Path

from perfscout.ingest.base import Adapter
from perfscout.ingest.registry import register_adapter
from perfscout.ingest.textutil import Unparsed, iter_lines
from perfscout.model.errors import ParseError
from perfscout.model.metrics import Metric, Profile, Scope, ScopeKind, SourceRef

_P2P = re.compile(r"^(?P<k>[IEC])\t(?P<src>\d+)\t(?P<dst>\d+)\t(?P<b>\d+) bytes\t"
                  r"(?P<n>\d+) msgs sent(?:\t[\d,]*)?\s*$")
_COMM = re.compile(r"^D\t(?P<comm>\S+)\tprocs: [\d,]*\s*$")
_COLL = re.compile(r"^(?P<k>O2A|A2O|A2A)\t(?P<rank>\d+)\t(?P<b>\d+) bytes\t"
                   r"(?P<n>\d+) msgs sent\s*$")
_SECTION = re.compile(r"^# (?:POINT TO POINT|OSC|COLLECTIVES)\s*$")
#: what each row kind counts, for the metric's raw name
_KINDS = {"I": "pt2pt internal", "E": "pt2pt external", "C": "collective pt2pt",
          "A2A": "all-to-all collectives", "O2A": "one-to-all collectives",
          "A2O": "all-to-one collectives"}


@register_adapter
class OmpiMonitoringAdapter(Adapter):
    """One rank's Open MPI monitoring ``.prof`` file (see module docstring)."""

    name = "ompi-monitoring"
    description = "Open MPI pml/coll monitoring .prof: bytes and calls per peer and collective"
    family = "runtime_report"

    def sniff(self, head: str, path: Path) -> float:
        if path.is_dir():
            return 0.0
        lines = head.splitlines()[:40]
        if lines and lines[0].strip() == "# POINT TO POINT" and any(
                _P2P.match(ln) or _COLL.match(ln) or ln.strip() == "# COLLECTIVES"
                for ln in lines[1:]):
            return 0.95
        return 0.0

    def parse(self, path: Path) -> Profile:
        metrics: list[Metric] = []
        unparsed = Unparsed()
        comm = ""
        seen = 0
        for no, line in iter_lines(path):
            if not line.strip() or _SECTION.match(line):
                continue
            src = SourceRef(str(path), no)
            p = _P2P.match(line)
            if p:
                seen += 1
                if int(p["n"]):
                    scope = Scope(ScopeKind.RANK, p["src"], parent=f"to rank {p['dst']}")
                    raw = _KINDS[p["k"]]
                    metrics.append(Metric("mpi.bytes_sent", float(p["b"]), "B", scope, src, raw))
                    metrics.append(Metric("mpi.msg_count", float(p["n"]), "count", scope, src,
                                          raw))
                continue
            c = _COMM.match(line)
            if c:
                seen += 1
                comm = c["comm"]
                continue
            k = _COLL.match(line)
            if k:
                seen += 1
                if int(k["n"]):
                    scope = Scope(ScopeKind.CALLSITE, f"{k['k']}@{comm or 'comm'}",
                                  parent=f"rank {k['rank']}")
                    raw = _KINDS[k["k"]]
                    metrics.append(Metric("mpi.coll_bytes", float(k["b"]), "B", scope, src, raw))
                    metrics.append(Metric("mpi.coll_calls", float(k["n"]), "count", scope, src,
                                          raw))
                continue
            unparsed.add(no)
        if not seen:
            raise ParseError(str(path), None, "Open MPI monitoring rows ('I\\t0\\t1\\t80 bytes\\t"
                             "10 msgs sent', 'A2A\\t0\\t80 bytes\\t5 msgs sent')")
        return Profile(format=self.name, path=str(path), metrics=tuple(metrics),
                       unparsed_lines=unparsed.count, unparsed_examples=unparsed.examples)
