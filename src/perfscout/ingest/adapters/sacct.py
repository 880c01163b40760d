"""Slurm ``sacct`` output: the default table, ``--format=...`` tables (columns cut at the widths
of the dashed line) and ``-P``/``-p`` parsable lines (``|``-separated), also ``sacct -c``
(the job-completion log).

``sacct --json`` (the slurmdbd job records slurmrestd also serves: ``{"jobs": [{"job_id",
"time": {"elapsed", "total", "user", "system"}, "tres": {"allocated": [{"type": "cpu"...}]},
"exit_code"}]}``) gives the same quantities per job.

Each job or step row (RUN scope ``job 1753`` / ``job 1753.batch``) gives what its columns hold:
``Elapsed``/``ElapsedRaw`` -> ``time.elapsed``, ``TotalCPU`` -> ``time.cpu``, ``UserCPU`` /
``SystemCPU`` -> ``time.user`` / ``time.sys``, ``AllocCPUS`` (else ``NCPUS``) ->
``affinity.cpus`` (the CPUs the job may use), ``MaxRSS`` -> ``mem.max_rss`` (KiB), ``NTasks``
-> ``ranks.count``, ``ExitCode`` -> ``exit_status``. ``derive`` adds ``cpu.allocated_share``
(CPU time / (elapsed x CPUs)) where a row has all three. Empty cells (sacct -c keeps no CPU
times) give nothing. Family: OS accounting (the scheduler's accounting).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from perfscout.ingest.base import Adapter
from perfscout.ingest.registry import register_adapter
from perfscout.ingest.slurm_fields import duration_s, mem_kb
from perfscout.ingest.textutil import Unparsed, iter_lines
from perfscout.model.errors import ParseError
from perfscout.model.metrics import Metric, Profile, Scope, ScopeKind, SourceRef

_DASHES = re.compile(r"^-+(?: +-+)*\s*$")
# column -> (canonical name, unit, reader)
_TIMES = {"Elapsed": "time.elapsed", "TotalCPU": "time.cpu", "UserCPU": "time.user",
          "SystemCPU": "time.sys"}


def _header(line: str) -> list[str] | None:
    """The column names of a sacct header line (JobID first or among them), else None."""
    sep = "|" if "|" in line else None
    cols = [c.strip() for c in (line.rstrip("|").split(sep) if sep else line.split())]
    if "JobID" not in cols and "JobIDRaw" not in cols:
        return None
    if not all(re.fullmatch(r"[A-Za-z][\w:]*", c) for c in cols):
        return None
    return cols


def _spans(dashes: str) -> list[tuple[int, int]]:
    return [(m.start(), m.end()) for m in re.finditer(r"-+", dashes)]


def _row_metrics(row: dict[str, str], src: SourceRef) -> list[Metric]:
    jid = row.get("JobID") or row.get("JobIDRaw") or ""
    sc = Scope(ScopeKind.RUN, f"job {jid}")
    out: list[Metric] = []
    for col, name in _TIMES.items():
        v = duration_s(row.get(col, ""))
        if v is not None:
            out.append(Metric(name, v, "s", sc, src, col))
    if "time.elapsed" not in {m.name for m in out} and row.get("ElapsedRaw", "").isdigit():
        out.append(Metric("time.elapsed", float(row["ElapsedRaw"]), "s", sc, src, "ElapsedRaw"))
    for col in ("AllocCPUS", "NCPUS"):
        if row.get(col, "").isdigit():
            out.append(Metric("affinity.cpus", float(row[col]), "count", sc, src, col))
            break
    rss = mem_kb(row.get("MaxRSS", "")) if row.get("MaxRSS") else None
    if rss is not None:
        out.append(Metric("mem.max_rss", float(rss), "KiB", sc, src, "MaxRSS"))
    if row.get("NTasks", "").isdigit():
        out.append(Metric("ranks.count", float(row["NTasks"]), "count", sc, src, "NTasks"))
    code = re.fullmatch(r"(\d+):(\d+)", row.get("ExitCode", ""))
    if code:
        out.append(Metric("exit_status", float(code[1]), "", sc, src, "ExitCode"))
    return out


def _seconds(v: Any) -> float | None:
    """A slurmdb time value: ``{"seconds": s, "microseconds": us}`` or a number."""
    if isinstance(v, dict) and isinstance(v.get("seconds"), int | float):
        return float(v["seconds"]) + float(v.get("microseconds") or 0) / 1e6
    return float(v) if isinstance(v, int | float) and not isinstance(v, bool) else None


def _json_job(job: dict[str, Any], src: SourceRef) -> list[Metric]:
    """One slurmdb job record (``sacct --json``) as the columns of a sacct row."""
    t = job.get("time") if isinstance(job.get("time"), dict) else {}
    assert isinstance(t, dict)
    sc = Scope(ScopeKind.RUN, f"job {job.get('job_id', '')}")
    out: list[Metric] = []
    for key, name in (("elapsed", "time.elapsed"), ("total", "time.cpu"), ("user", "time.user"),
                      ("system", "time.sys")):
        v = _seconds(t.get(key))
        if v is not None:
            out.append(Metric(name, v, "s", sc, src, f"time.{key}"))
    tres = job.get("tres") if isinstance(job.get("tres"), dict) else {}
    assert isinstance(tres, dict)
    for item in tres.get("allocated") or []:
        if isinstance(item, dict) and item.get("type") == "cpu" and isinstance(
                item.get("count"), int) and item["count"] > 0:
            out.append(Metric("affinity.cpus", float(item["count"]), "count", sc, src,
                              "tres.allocated cpu"))
    code = job.get("exit_code") if isinstance(job.get("exit_code"), dict) else {}
    assert isinstance(code, dict)
    rc = code.get("return_code")
    num = rc.get("number") if isinstance(rc, dict) and rc.get("set") else rc
    if isinstance(num, int) and not isinstance(num, bool):
        out.append(Metric("exit_status", float(num), "", sc, src, "exit_code.return_code"))
    return out


def _parse_json(path: Path) -> Profile:
    try:
        data = json.loads(path.read_text(encoding="utf-8", errors="replace"))
    except (OSError, ValueError) as exc:
        raise ParseError(str(path), None, "sacct --json output", str(exc)[:120]) from None
    jobs = data.get("jobs") if isinstance(data, dict) else None
    if not isinstance(jobs, list) or not jobs:
        raise ParseError(str(path), None, "sacct --json output: a 'jobs' list")
    src = SourceRef(str(path), None)
    metrics = [m for j in jobs if isinstance(j, dict) for m in _json_job(j, src)]
    return Profile(format="sacct", path=str(path), metrics=tuple(metrics),
                   meta={"jobs": str(len(jobs)), "columns": "json"})


@register_adapter
class SacctAdapter(Adapter):
    """Slurm sacct tables and parsable lines (see module docstring)."""

    name = "sacct"
    description = "Slurm sacct (default, --format, -P): elapsed, CPU time, CPUs, MaxRSS per job"
    family = "os_accounting"

    def sniff(self, head: str, path: Path) -> float:
        if path.is_dir():
            return 0.0
        if head.lstrip().startswith("{") and '"jobs"' in head and '"tres"' in head and \
                '"elapsed"' in head:
            return 0.8  # sacct --json / slurmdb job records
        lines = head.splitlines()[:50]
        for a, b in zip(lines, [*lines[1:], ""], strict=True):
            cols = _header(a)
            if cols and ("|" in a or _DASHES.match(b)) and len(cols) >= 2:
                return 0.9
        return 0.0

    def parse(self, path: Path) -> Profile:
        with path.open("rb") as fh:
            if fh.read(64).lstrip().startswith(b"{"):
                return _parse_json(path)
        cols: list[str] | None = None
        spans: list[tuple[int, int]] | None = None
        parsable = False
        metrics: list[Metric] = []
        jobs = 0
        unparsed = Unparsed()
        for no, line in iter_lines(path):
            if not line.strip():
                continue
            h = _header(line)
            if h is not None:
                cols, spans, parsable = h, None, "|" in line
                continue
            if cols is not None and not parsable and spans is None and _DASHES.match(line):
                spans = _spans(line)
                if len(spans) != len(cols):
                    raise ParseError(str(path), no, f"{len(cols)} dashed columns under the "
                                     "sacct header", line[:60])
                continue
            if cols is None or (not parsable and spans is None):
                unparsed.add(no)
                continue
            if parsable:
                cells = line.rstrip("|").split("|")
                if len(cells) != len(cols):
                    unparsed.add(no)
                    continue
            else:
                assert spans is not None
                # a cell ends where its dashes end; it may start left of them (right-aligned)
                starts = [0] + [e + 1 for _s, e in spans[:-1]]
                cells = [line[s:e].strip() for s, (_s0, e) in zip(starts, spans, strict=True)]
            row = dict(zip(cols, cells, strict=True))
            if not (row.get("JobID") or row.get("JobIDRaw")):
                unparsed.add(no)
                continue
            jobs += 1
            metrics += _row_metrics(row, SourceRef(str(path), no))
        if cols is None or jobs == 0:
            raise ParseError(str(path), None, "sacct output: a header with JobID (and a dashed "
                             "line, or '|' separators) and job rows")
        return Profile(format=self.name, path=str(path), metrics=tuple(metrics),
                       meta={"jobs": str(jobs), "columns": ",".join(cols)},
                       unparsed_lines=unparsed.count, unparsed_examples=unparsed.examples)
