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
        rows = MonitoringLines(path)
        unparsed = Unparsed()
        for no, line in iter_lines(path):
            if not rows.line(no, line) and line.strip() and not _SECTION.match(line):
                unparsed.add(no)
        if not rows.seen:
            raise ParseError(str(path), None, "Open MPI monitoring rows ('I\\t0\\t1\\t80 bytes\\t"
                             "10 msgs sent', 'A2A\\t0\\t80 bytes\\t5 msgs sent')")
        return Profile(format=self.name, path=str(path), metrics=tuple(rows.metrics),
                       unparsed_lines=unparsed.count, unparsed_examples=unparsed.examples)


class MonitoringLines:
    """Reads Open MPI monitoring rows one line at a time, wherever they are: a rank's
    ``.prof`` file, or the blocks ``pml_monitoring_enable_output 1`` prints on the job's
    standard output between the program's own lines (the communicator line scopes the
    collective rows after it)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.metrics: list[Metric] = []
        self.comm = ""
        self.seen = 0

    def line(self, no: int, line: str) -> bool:
        """Read one line; True when it is a monitoring row or section header."""
        if _SECTION.match(line):
            return True
        src = SourceRef(str(self.path), no)
        p = _P2P.match(line)
        if p:
            self.seen += 1
            if int(p["n"]):
                scope = Scope(ScopeKind.RANK, p["src"], parent=f"to rank {p['dst']}")
                raw = _KINDS[p["k"]]
                self.metrics.append(Metric("mpi.bytes_sent", float(p["b"]), "B", scope, src,
                                           raw))
                self.metrics.append(Metric("mpi.msg_count", float(p["n"]), "count", scope, src,
                                           raw))
            return True
        c = _COMM.match(line)
        if c:
            self.seen += 1
            self.comm = c["comm"]
            return True
        k = _COLL.match(line)
        if k:
            self.seen += 1
            if int(k["n"]):
                scope = Scope(ScopeKind.CALLSITE, f"{k['k']}@{self.comm or 'comm'}",
                              parent=f"rank {k['rank']}")
                raw = _KINDS[k["k"]]
                self.metrics.append(Metric("mpi.coll_bytes", float(k["b"]), "B", scope, src,
                                           raw))
                self.metrics.append(Metric("mpi.coll_calls", float(k["n"]), "count", scope,
                                           src, raw))
            return True
        return False
