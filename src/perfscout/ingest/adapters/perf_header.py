"""``perf report --header-only`` (and ``perf report -I`` / ``perf script --header``'s header
lines): what a ``perf.data`` file says about the machine and the recording, without samples.

A description, not a measurement of where time went: ``cpu.online`` (``nrcpus online``, at
NODE scope, the machine quantity), ``memory.total_mb`` (``total memory``), and the
recording's span (``sample duration``) as ``time.elapsed`` of the recorded command; the
recorded command line (``cmdline``, perf's own options left out) is the profile's
``command``; host, CPU description, OS release and the event list go to meta. Family: OS
accounting (the kernel's and perf's description of the machine), as ``lscpu`` is read.
"""

from __future__ import annotations

import re
from pathlib import Path

from perfscout.ingest.base import Adapter
from perfscout.ingest.program_name import program_at
from perfscout.ingest.registry import register_adapter
from perfscout.ingest.textutil import Unparsed, iter_lines
from perfscout.model.errors import ParseError
from perfscout.model.metrics import Metric, Profile, Scope, ScopeKind, SourceRef

_FIELD = re.compile(r"^#\s(?P<key>[a-z][a-z _]*?)\s*:\s(?P<val>.*)$")
_CAPTURED = re.compile(r"^#\s+captured on\s+:")
_META = {"hostname": "hostname", "os release": "os_release", "cpudesc": "cpu_model",
         "perf version": "perf_version", "arch": "arch", "captured on": "captured_on"}
def _recorded(cmdline: str) -> str:
    """The program's command in perf's ``cmdline`` (``/usr/bin/perf record -q -e cpu-clock
    -o p.data -- ./kmeans 200000 6`` -> ``./kmeans 200000 6``); '' when it names none."""
    words = cmdline.split()
    sub = next((i + 1 for i, w in enumerate(words) if w in ("record", "stat")), 0)
    at = program_at(words[sub:])  # perf's own options skipped, as for any tool
    return " ".join(words[sub + at:]) if at is not None else ""


@register_adapter
class PerfHeaderAdapter(Adapter):
    """``perf report --header-only`` (see module docstring)."""

    name = "perf-header"
    description = "perf report --header-only: the machine and the recording of a perf.data"
    family = "os_accounting"

    def sniff(self, head: str, path: Path) -> float:
        if path.is_dir():
            return 0.0
        lines = head.splitlines()[:30]
        has_samples = any(x.startswith("# Samples:") for x in head.splitlines()[:200])
        if any(_CAPTURED.match(x) for x in lines) and not has_samples:
            return 0.9
        return 0.0

    def parse(self, path: Path) -> Profile:
        fields: dict[str, tuple[str, int]] = {}
        unparsed = Unparsed()
        for no, line in iter_lines(path):
            m = _FIELD.match(line)
            if m is not None:
                fields.setdefault(m["key"].strip(), (m["val"].strip(), no))
            elif line.strip() and not line.startswith(("#", "$")):
                unparsed.add(no)
        if "captured on" not in fields:
            raise ParseError(str(path), None, "perf report --header-only ('# captured on :' "
                             "and the header lines after it)")
        metrics: list[Metric] = []
        node = Scope(ScopeKind.NODE, "machine")  # as lscpu, vmstat and mpstat name it
        online = fields.get("nrcpus online")
        if online is not None and online[0].isdigit():
            metrics.append(Metric("cpu.online", float(online[0]), "count", node,
                                  SourceRef(str(path), online[1]), "nrcpus online"))
        mem = fields.get("total memory")
        got = re.fullmatch(r"(\d+)\s*kB", mem[0]) if mem is not None else None
        if mem is not None and got is not None:
            metrics.append(Metric("memory.total_mb", int(got[1]) / 1024, "MiB", node,
                                  SourceRef(str(path), mem[1]), "total memory"))
        span = fields.get("sample duration")
        ms = re.fullmatch(r"([\d.]+)\s*ms", span[0]) if span is not None else None
        if span is not None and ms is not None:
            metrics.append(Metric("time.elapsed", float(ms[1]) / 1e3, "s", Scope(),
                                  SourceRef(str(path), span[1]), "sample duration"))
        meta = {v: fields[k][0] for k, v in _META.items() if k in fields}
        cmd = _recorded(fields.get("cmdline", ("", 0))[0])
        if cmd:
            meta["command"] = cmd
        if "event" in fields:
            meta["events"] = fields["event"][0].split(",")[0].replace("name = ", "").strip()
        return Profile(format=self.name, path=str(path), metrics=tuple(metrics), meta=meta,
                       unparsed_lines=unparsed.count, unparsed_examples=unparsed.examples)
