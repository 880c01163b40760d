"""Process and thread listings: ``ps`` (``-L``, ``-o tid,pcpu,psr,comm``, any column order) and
``top -b`` tables (``-H`` for threads).

Read by the system-outputs adapter (:mod:`perfscout.ingest.adapters.system_outputs`), which
meets them alone or pasted beside other one-line system outputs. Each row gives the CPU share
of its thread or process (``%CPU`` / 100: ps's is the share over the thread's life, top's over
its last interval), its CPU time (``TIME``/``TIME+``) and the CPU it last ran on (``PSR``/``P``:
where it ran, never a binding).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from perfscout.model.metrics import Metric, Scope, ScopeKind, SourceRef

# column names ps and top print, by what they hold
_THREAD_ID = ("TID", "LWP", "SPID")
_PROC_ID = ("PID",)
_CPU = ("%CPU", "PCPU", "CPU%")
_LAST_CPU = ("PSR", "P", "CPUID")
_TIME = ("TIME", "TIME+", "CPUTIME")
_COMMAND = ("COMMAND", "COMM", "CMD", "ARGS", "UCOMM")
_KNOWN = set(_THREAD_ID + _PROC_ID + _CPU + _LAST_CPU + _TIME + _COMMAND + (
    "USER", "PR", "PRI", "NI", "VIRT", "RES", "SHR", "S", "STAT", "%MEM", "PPID", "RSS", "VSZ",
    "TTY", "START", "STIME", "NLWP", "CLS", "RTPRIO", "WCHAN", "F", "UID", "C", "SZ", "ELAPSED",
    "ETIME"))
# a ps TIME is whole seconds: below this many seconds its rounding swamps the spread
_WHOLE_SECONDS_MIN = 100.0


def table_header(line: str) -> list[str] | None:
    """The column names when ``line`` is a ps/top table header (an id column and a %CPU or
    last-CPU column, every word a known column name), else None."""
    cols = line.split()
    if len(cols) < 2 or any(c not in _KNOWN for c in cols):
        return None
    ids = any(c in _THREAD_ID + _PROC_ID for c in cols)
    what = any(c in _CPU + _LAST_CPU for c in cols)
    return cols if ids and what else None


def _col(cols: list[str], names: tuple[str, ...]) -> int | None:
    return next((i for i, c in enumerate(cols) if c in names), None)


def cpu_time_s(text: str) -> float | None:
    """ps ``[DD-]HH:MM:SS`` / ``MM:SS`` or top ``M:SS.cc`` -> seconds; None when not a time."""
    m = re.fullmatch(r"(?:(\d+)-)?(\d+(?::\d+){0,2})(?:\.(\d+))?", text.strip())
    if not m:
        return None
    secs = 0.0
    for part in m[2].split(":"):
        secs = secs * 60 + int(part)
    if m[3]:
        secs += int(m[3]) / 10 ** len(m[3])
    return secs + 86400 * int(m[1] or 0)


@dataclass
class Row:
    """One thread or process of a listing."""

    ident: str
    line: int
    command: str = ""
    cpu_share: float | None = None
    cpu_time: float | None = None
    time_whole_seconds: bool = False
    last_cpu: int | None = None


@dataclass
class Table:
    """One ps/top listing: its columns and rows; ``threads`` when each row is a thread."""

    cols: list[str]
    threads: bool
    rows: list[Row] = field(default_factory=list)

    def add(self, line: str, no: int) -> bool:
        """Read one row; False when ``line`` is not a row of this table."""
        parts = line.split(None, len(self.cols) - 1)
        if len(parts) != len(self.cols):
            return False
        idc = _col(self.cols, _THREAD_ID) if self.threads else None
        idc = idc if idc is not None else _col(self.cols, _PROC_ID)
        if idc is None or not parts[idc].isdigit():
            return False
        row = Row(parts[idc], no)
        cc = _col(self.cols, _COMMAND)
        row.command = parts[cc].strip() if cc is not None else ""
        pc = _col(self.cols, _CPU)
        if pc is not None:
            try:
                row.cpu_share = float(parts[pc].replace(",", ".")) / 100
            except ValueError:
                return False
        tc = _col(self.cols, _TIME)
        if tc is not None:
            row.cpu_time = cpu_time_s(parts[tc])
            row.time_whole_seconds = "." not in parts[tc]
        lc = _col(self.cols, _LAST_CPU)
        if lc is not None:
            if not parts[lc].isdigit():
                return False
            row.last_cpu = int(parts[lc])
        self.rows.append(row)
        return True

    def metrics(self, path: str) -> list[Metric]:
        """Per row: ``cpu.share`` and ``time.cpu`` (the OS's CPU time: spinning at a barrier
        counts, time waiting for a CPU does not, so its per-thread spread
        (:mod:`perfscout.ingest.derive`) can agree with a measured imbalance or state a
        conflict with it, and never decides one alone); per CPU: ``threads.on_cpu``; for a
        thread listing, ``threads.observed``."""
        out: list[Metric] = []
        kind = ScopeKind.THREAD if self.threads else ScopeKind.PROCESS
        times = [r.cpu_time for r in self.rows if r.cpu_time is not None]
        coarse = any(r.time_whole_seconds for r in self.rows)
        use_time = bool(times) and (not coarse or max(times) >= _WHOLE_SECONDS_MIN)
        for r in self.rows:
            sc = Scope(kind, f"{'tid' if self.threads else 'pid'} {r.ident}", r.command)
            src = SourceRef(path, r.line)
            if r.cpu_share is not None:
                out.append(Metric("cpu.share", r.cpu_share, "ratio", sc, src, "%CPU"))
            if use_time and r.cpu_time:  # a thread that never ran did none of the work
                out.append(Metric("time.cpu", r.cpu_time, "s", sc, src, "TIME"))
        if self.threads and self.rows:
            src = SourceRef(path, self.rows[0].line)
            out.append(Metric("threads.observed", float(len(self.rows)), "count", source=src,
                              raw_name="rows"))
            per_cpu: dict[int, int] = {}
            for r in self.rows:
                if r.last_cpu is not None:
                    per_cpu[r.last_cpu] = per_cpu.get(r.last_cpu, 0) + 1
            out += [Metric("threads.on_cpu", float(n), "count", Scope(ScopeKind.CORE, f"cpu {c}"),
                           src, "PSR") for c, n in sorted(per_cpu.items())]
        return out
