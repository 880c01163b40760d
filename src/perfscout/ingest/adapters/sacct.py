"""Slurm ``sacct`` output: the default table, ``--format=...`` tables (columns cut at the widths
of the dashed line) and ``-P``/``-p`` parsable lines (``|``-separated), also ``sacct -c``
(the job-completion log).

Each job or step row (RUN scope ``job 1753`` / ``job 1753.batch``) gives what its columns hold:
``Elapsed``/``ElapsedRaw`` -> ``time.elapsed``, ``TotalCPU`` -> ``time.cpu``, ``UserCPU`` /
``SystemCPU`` -> ``time.user`` / ``time.sys``, ``AllocCPUS`` (else ``NCPUS``) ->
``affinity.cpus`` (the CPUs the job may use), ``MaxRSS`` -> ``mem.max_rss`` (KiB), ``NTasks``
-> ``ranks.count``, ``ExitCode`` -> ``exit_status``. ``derive`` adds ``cpu.allocated_share``
(CPU time / (elapsed x CPUs)) where a row has all three. Empty cells (sacct -c keeps no CPU
times) give nothing. Family: OS accounting (the scheduler's accounting).
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


@register_adapter
class SacctAdapter(Adapter):
    """Slurm sacct tables and parsable lines (see module docstring)."""

    name = "sacct"
    description = "Slurm sacct (default, --format, -P): elapsed, CPU time, CPUs, MaxRSS per job"
    family = "os_accounting"

    def sniff(self, head: str, path: Path) -> float:
        if path.is_dir():
            return 0.0
        lines = head.splitlines()[:50]
        for a, b in zip(lines, [*lines[1:], ""], strict=True):
            cols = _header(a)
            if cols and ("|" in a or _DASHES.match(b)) and len(cols) >= 2:
                return 0.9
        return 0.0

    def parse(self, path: Path) -> Profile:
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
