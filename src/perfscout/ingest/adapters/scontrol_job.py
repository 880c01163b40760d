"""``scontrol show job`` (and ``scontrol show -o job``): the scheduler's record of one job.

It says what the job was given, not what it did: ``affinity.cpus`` (``NumCPUs``, the CPUs
allocated), ``ranks.count`` (``NumTasks``), ``threads.cpus_per_task`` (``CPUs/Task``),
``nodes.count`` (``NumNodes``), ``time.elapsed`` (``RunTime`` of an ended job; of a job still
running or pending it is ``time.running``, a time so far) and
``time.limit`` (``TimeLimit``) in seconds, ``exit_status``; ``TRES=cpu=2,mem=22057M`` gives the
CPUs when ``NumCPUs`` is absent and ``mem.allocated`` in KiB. ``JobState`` and the node list go
to the profile's meta. Every metric is at RUN scope ``job <JobId>``; several jobs in one file stay
apart. Family: OS accounting (the scheduler's accounting, like sacct).
"""

from __future__ import annotations

import re
from pathlib import Path

from perfscout.ingest.base import Adapter
from perfscout.ingest.registry import register_adapter
from perfscout.ingest.slurm_fields import duration_s, mem_kb
from perfscout.ingest.textutil import Unparsed, iter_lines
from perfscout.model.errors import ParseError
from perfscout.model.metrics import Metric, Profile, Scope, ScopeKind, SourceRef

_FIELD = re.compile(r"(?:^|\s)([A-Za-z][\w/:]*)=(\S*)")
_JOB = re.compile(r"^\s*JobId=(\d+(?:_\d+)?)\s")
# field -> (metric, unit); durations are converted by duration_s
_COUNTS = {"NumCPUs": "affinity.cpus", "NumTasks": "ranks.count",
           "CPUs/Task": "threads.cpus_per_task", "NumNodes": "nodes.count"}
_DURATIONS = {"RunTime": "time.elapsed", "TimeLimit": "time.limit"}
_LIVE = frozenset({"RUNNING", "PENDING", "SUSPENDED", "CONFIGURING", "COMPLETING", "REQUEUED",
                   "RESIZING"})
_META = ("JobState", "NodeList", "Partition", "JobName", "Reason")


def _job_fields(path: Path) -> tuple[list[tuple[str, dict[str, tuple[str, int]]]], Unparsed]:
    jobs: list[tuple[str, dict[str, tuple[str, int]]]] = []
    unparsed = Unparsed()
    for no, line in iter_lines(path):
        j = _JOB.match(line)
        if j:
            jobs.append((j[1], {}))
        pairs = _FIELD.findall(line)
        if not pairs:
            if line.strip():
                unparsed.add(no)
            continue
        if not jobs:
            unparsed.add(no)
            continue
        for key, value in pairs:
            jobs[-1][1].setdefault(key, (value, no))
    return jobs, unparsed


def _metrics(jid: str, fields: dict[str, tuple[str, int]], path: Path) -> list[Metric]:
    sc = Scope(ScopeKind.RUN, f"job {jid}")
    out: list[Metric] = []
    for key, name in _COUNTS.items():
        if key in fields and fields[key][0].isdigit():
            out.append(Metric(name, float(fields[key][0]), "count", sc,
                              SourceRef(str(path), fields[key][1]), key))
    tres, tres_line = fields.get("TRES", ("", 0))
    parts = dict(p.split("=", 1) for p in tres.split(",") if "=" in p)
    if "NumCPUs" not in fields and parts.get("cpu", "").isdigit():
        out.append(Metric("affinity.cpus", float(parts["cpu"]), "count", sc,
                          SourceRef(str(path), tres_line), "TRES cpu"))
    mem = mem_kb(parts["mem"]) if "mem" in parts else None
    if mem is not None:
        out.append(Metric("mem.allocated", float(mem), "KiB", sc,
                          SourceRef(str(path), tres_line), "TRES mem"))
    live = fields.get("JobState", ("", 0))[0] in _LIVE
    for key, name in _DURATIONS.items():
        v = duration_s(fields.get(key, ("", 0))[0])
        if v is not None:
            if name == "time.elapsed" and live:
                name = "time.running"  # a running job's RunTime is a time so far, not its run
            out.append(Metric(name, v, "s", sc, SourceRef(str(path), fields[key][1]), key))
    code = re.fullmatch(r"(\d+):(\d+)", fields.get("ExitCode", ("", 0))[0])
    if code:
        out.append(Metric("exit_status", float(code[1]), "", sc,
                          SourceRef(str(path), fields["ExitCode"][1]), "ExitCode"))
    return out


@register_adapter
class ScontrolJobAdapter(Adapter):
    """``scontrol show job`` records (see module docstring)."""

    name = "scontrol-job"
    description = "scontrol show job: allocated CPUs, tasks, CPUs per task, run time, limit"
    family = "os_accounting"

    def sniff(self, head: str, path: Path) -> float:
        if path.is_dir():
            return 0.0
        first = next((ln for ln in head.splitlines() if ln.strip()), "")
        if _JOB.match(first) and re.search(r"\b(?:JobState|NumCPUs|RunTime)=", head):
            return 0.9
        return 0.0

    def parse(self, path: Path) -> Profile:
        jobs, unparsed = _job_fields(path)
        metrics = [m for jid, fields in jobs for m in _metrics(jid, fields, path)]
        if not metrics:
            raise ParseError(str(path), None, "scontrol show job records ('JobId=12 JobName=x', "
                             "'NumNodes=1 NumCPUs=2 NumTasks=1 CPUs/Task=2', 'RunTime=00:01:02')")
        meta = {k: jobs[-1][1][k][0] for k in _META if k in jobs[-1][1]}
        return Profile(format=self.name, path=str(path), metrics=tuple(metrics), meta=meta,
                       unparsed_lines=unparsed.count, unparsed_examples=unparsed.examples)
