"""``pidstat`` reports (``-u``, ``-r``, ``-w``, ``-t`` and combinations such as ``-urw``): per
process (or per thread with ``-t``) CPU, run-queue wait, page faults, resident memory and
context switches over the intervals it watched.

Per process (PROCESS ``pid N``) or thread (THREAD ``tid N``, the command as parent):
``cpu.share`` (%CPU / 100), ``sched.wait_share`` (%wait / (%CPU + %wait): the share of its
runnable time the task spent waiting for a CPU, as ``/proc/PID/schedstat`` gives it; only for
a task runnable at least a tenth of the window),
``mem.max_rss`` (largest RSS, KiB), and the counts over the watched window, each rate times its
interval (the seconds between a report's header and its row): ``page_faults.minor``,
``page_faults.major``, ``page_faults``, ``context_switches`` (cswch + nvcswch) and
``context_switches.involuntary`` (nvcswch), with ``-d`` ``io.read_bytes`` / ``io.write_bytes``
(kB_rd/s, kB_wr/s; bytes). The ``Average:`` rows are used for the shares when
printed. pidstat samples a window, not necessarily the whole run. Family: OS accounting.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from perfscout.ingest.base import Adapter
from perfscout.ingest.registry import register_adapter
from perfscout.ingest.textutil import Unparsed, iter_lines
from perfscout.model.errors import ParseError
from perfscout.model.metrics import Metric, Profile, Scope, ScopeKind, SourceRef

_STAMP = re.compile(r"^(?:(?P<h>\d\d):(?P<m>\d\d):(?P<s>\d\d)(?:\s+(?P<ap>[AP]M))?|Average:)\s+")
_HEAD = re.compile(r"^(?:\d\d:\d\d:\d\d(?:\s+[AP]M)?|Average:|#\s*Time)\s+UID\s+"
                   r"(?:TGID\s+TID|PID)\s+.*\bCommand\s*$")
#: %CPU + %wait (percent of the window) below which a task was hardly runnable: its wait share
#: would be a ratio of pidstat's rounding (a kernel thread at 0.96 / 0.96 is no 50% wait)
_MIN_RUNNABLE = 10.0
_KNOWN = {"%usr", "%system", "%guest", "%wait", "%CPU", "CPU", "minflt/s", "majflt/s", "VSZ",
          "RSS", "%MEM", "cswch/s", "nvcswch/s", "kB_rd/s", "kB_wr/s"}


def _seconds(m: re.Match[str]) -> int | None:
    """Seconds since midnight of an ``HH:MM:SS [AM|PM]`` stamp, None for ``Average:``."""
    if m["h"] is None:
        return None
    h = int(m["h"]) % 12 + (12 if m["ap"] == "PM" else 0) if m["ap"] else int(m["h"])
    return h * 3600 + int(m["m"]) * 60 + int(m["s"])


@dataclass
class _Task:
    """One process or thread: its interval rows' values and seconds, its Average row."""

    scope: Scope
    line: int
    intervals: list[tuple[float | None, dict[str, float]]] = field(default_factory=list)
    average: dict[str, float] = field(default_factory=dict)


@register_adapter
class PidstatAdapter(Adapter):
    """``pidstat`` output (see module docstring)."""

    name = "pidstat"
    description = "pidstat -u/-r/-w/-t: per-process CPU, wait, faults, RSS, context switches"
    family = "os_accounting"

    def sniff(self, head: str, path: Path) -> float:
        if path.is_dir():
            return 0.0
        return 0.95 if any(_HEAD.match(ln) for ln in head.splitlines()[:20]) else 0.0

    def parse(self, path: Path) -> Profile:
        tasks: dict[tuple[str, str], _Task] = {}
        cols: list[str] = []
        start: int | None = None  # when the current interval began: its header's stamp
        current: int | None = None  # the stamp of the rows being read
        unparsed = Unparsed()
        for no, line in iter_lines(path):
            if not line.strip() or line.startswith("Linux "):
                continue
            if _HEAD.match(line):  # -h: '# Time UID PID ...', one row per task and interval
                cols = re.sub(r"^(?:#\s*Time|\S+(?:\s+[AP]M)?)\s+", "", line).split()
                st = _STAMP.match(line)
                # -h headers carry no stamp: the interval began when the last rows were stamped
                start, current = (_seconds(st) if st else current), None
                continue
            st = _STAMP.match(line)
            if st is None:
                unparsed.add(no)
                continue
            parts = line[st.end():].split()
            task = self._row(cols, parts)
            if task is None:
                unparsed.add(no)
                continue
            key, scope, vals = task
            t = tasks.setdefault(key, _Task(scope, no))
            now = _seconds(st)
            if now is None:
                t.average.update(vals)
                continue
            if current is not None and now != current:
                start = current
            t.intervals.append((None if start is None else float((now - start) % 86400 or 1),
                                vals))
            current = now
        if not tasks:
            raise ParseError(str(path), None, "pidstat output (a 'UID PID ... Command' header "
                             "and rows)")
        metrics: list[Metric] = []
        for t in tasks.values():
            metrics += self._metrics(t, SourceRef(str(path), t.line))
        return Profile(format=self.name, path=str(path), metrics=tuple(metrics),
                       unparsed_lines=unparsed.count, unparsed_examples=unparsed.examples)

    @staticmethod
    def _row(cols: list[str], parts: list[str]
             ) -> tuple[tuple[str, str], Scope, dict[str, float]] | None:
        """One report row: the task's key, scope and numeric values, None when it does not
        fit the header (the command, last, may hold spaces)."""
        if not cols or len(parts) < len(cols) or cols[-1] != "Command":
            return None
        cells = dict(zip(cols[:-1], parts[:len(cols) - 1], strict=True))
        command = " ".join(parts[len(cols) - 1:]).removeprefix("|__")
        if "TID" in cells and cells["TID"] != "-":
            ident, kind, prefix = cells["TID"], ScopeKind.THREAD, "tid"
        else:
            ident, kind, prefix = cells.get("PID", cells.get("TGID", "")), ScopeKind.PROCESS, "pid"
        if not ident.isdigit():
            return None
        vals: dict[str, float] = {}
        for c, v in cells.items():
            if c in _KNOWN and c != "CPU":
                try:
                    vals[c] = float(v.replace(",", "."))
                except ValueError:
                    return None
        if not vals:
            return None
        return (prefix, ident), Scope(kind, f"{prefix} {ident}", command), vals

    @staticmethod
    def _metrics(t: _Task, src: SourceRef) -> list[Metric]:
        """The task's shares (Average row, else the mean of its intervals) and counts."""
        out: list[Metric] = []
        share: dict[str, float] = dict(t.average)
        for k in {k for _, v in t.intervals for k in v} - set(share):
            got = [v[k] for _, v in t.intervals if k in v]
            share[k] = sum(got) / len(got)
        sc = t.scope
        if "%CPU" in share:
            out.append(Metric("cpu.share", share["%CPU"] / 100, "ratio", sc, src, "%CPU"))
            if "%wait" in share and share["%CPU"] + share["%wait"] >= _MIN_RUNNABLE:
                out.append(Metric("sched.wait_share",
                                  share["%wait"] / (share["%CPU"] + share["%wait"]), "ratio", sc,
                                  src, "%wait/(%CPU+%wait)"))
        rss = [v["RSS"] for _, v in t.intervals if "RSS" in v] + (
            [t.average["RSS"]] if "RSS" in t.average else [])
        if rss:
            out.append(Metric("mem.max_rss", max(rss), "KiB", sc, src, "RSS"))

        known = sorted(dt for dt, _ in t.intervals if dt is not None)
        fill = known[len(known) // 2] if known else None  # -h: the first row's interval

        def count(*keys: str) -> float | None:
            got = [(dt if dt is not None else fill, v) for dt, v in t.intervals
                   if all(k in v for k in keys)]
            if not got or any(dt is None for dt, _ in got):
                return None
            return sum((dt or 0.0) * sum(v[k] for k in keys) for dt, v in got)

        for name, keys in (("page_faults.minor", ("minflt/s",)),
                           ("page_faults.major", ("majflt/s",)),
                           ("page_faults", ("minflt/s", "majflt/s")),
                           ("context_switches", ("cswch/s", "nvcswch/s")),
                           ("context_switches.involuntary", ("nvcswch/s",)),
                           ("io.read_bytes", ("kB_rd/s",)), ("io.write_bytes", ("kB_wr/s",))):
            n = count(*keys)
            if n is not None:
                unit, scale = ("B", 1024.0) if name.startswith("io.") else ("count", 1.0)
                out.append(Metric(name, round(n * scale), unit, sc, src,
                                  "+".join(keys) + " x interval"))
        return out
