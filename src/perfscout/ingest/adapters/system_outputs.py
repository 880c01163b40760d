"""The small system outputs users paste, alone or several in one file.

- ``uptime`` / ``top``'s first line / ``/proc/loadavg``: the machine's load averages
  (``load.avg1``, ``load.avg5``, ``load.avg15``, the snapshot facts' names; NODE scope
  "machine"): how busy the machine was, not which process used the CPUs;
- ``nproc``: a file holding one count is the CPUs the process may run on (``affinity.cpus``:
  nproc honours the affinity mask, and ``OMP_NUM_THREADS``/``OMP_THREAD_LIMIT`` when set, so
  it is at most that); ``nproc --all`` (when the command is in the file) the CPUs online
  (``cpu.online``); inside a printout, the count on the line after a ``$ nproc`` command;
- ``/proc/PID/schedstat``: CPU time (``time.cpu``), run-queue wait (``sched.wait_time``) and
  timeslices of a task; several reads of one task give the interval between the first and last;
- ``free`` (``-k`` default, ``-m``, ``-g``, ``-h``) and top's ``MiB Mem`` lines: memory total,
  available, swap used (MiB);
- ``ulimit -a`` (bash and dash forms): stack, open files and process limits;
- ``/proc/PID/sched`` (the ``key : value`` table under ``comm (PID, #threads: N)``): the
  task's CPU time (``se.sum_exec_runtime`` ms -> ``time.cpu``), voluntary and involuntary
  switches (``context_switches``, ``context_switches.involuntary``, as ``/proc/PID/status``),
  migrations (``cpu_migrations``), the thread count, and the run-queue wait
  (``sched.wait_time``) when the kernel keeps schedstats (a ``wait_sum`` line); without that
  line the file says how often the task was switched, not whether other tasks held its CPU;
- ``/proc/PID/status``: ``Threads`` (``threads.observed``), ``Cpus_allowed_list`` (the CPUs
  the process may run on, ``affinity.cpus``), context switches, ``VmHWM`` (``mem.max_rss``);
- ``/proc/pressure/{cpu,memory,io}`` (pressure stall information): the share of the last 10 s
  (``avg10``) in which at least one task (``some``) or every task (``full``) stalled on that
  resource (``psi.cpu.some``, ``psi.memory.full``, ...; ratio, NODE scope "machine"); the
  resource is the file named by the ``cat`` line before it or by the file's own name, and a
  reading whose resource neither names is not read;
- ``/proc/PID/io``: the read and write system calls the process made (``syscr``/``syscw``
  -> ``syscall.calls`` of ``read``/``write``) and the bytes they passed (``rchar``/``wchar``
  -> ``io.read_chars``/``io.write_chars``), with the bytes that reached storage
  (``read_bytes``/``write_bytes`` -> ``io.read_bytes``/``io.write_bytes``): bytes per call;
- ``ps`` (``-L``, ``-o tid,pcpu,psr,comm``, any column order) and ``top -b`` (``-H``) tables:
  each thread's or process's CPU share, CPU time (``time.cpu``) and last CPU
  (:mod:`perfscout.ingest.process_table`).

Lines of none of these kinds are counted as unparsed. Family: OS accounting. A program's
printout with such outputs pasted into it is read by program-output, which reads these lines
with :class:`SystemLines` and keeps their OS-accounting family.
"""

from __future__ import annotations

import re
from pathlib import Path

from perfscout.ingest.adapters.vmstat import MACHINE
from perfscout.ingest.base import Adapter
from perfscout.ingest.process_table import Table, table_header
from perfscout.ingest.registry import register_adapter
from perfscout.ingest.textutil import Unparsed, iter_lines
from perfscout.model.errors import ParseError
from perfscout.model.metrics import Metric, Profile, Scope, ScopeKind, SourceRef

_LOAD = re.compile(r"load averages?:\s*(\d+[.,]\d+),?\s+(\d+[.,]\d+),?\s+(\d+[.,]\d+)")
_UPTIME = re.compile(r"^\s*(?:top - )?\d{1,2}:\d\d(?::\d\d)?\s+up\s.*load averages?:")
_LOADAVG = re.compile(r"^\s*(\d+\.\d+)\s+(\d+\.\d+)\s+(\d+\.\d+)\s+(\d+)/(\d+)\s+\d+\s*$")
_ONE_COUNT = re.compile(r"^\s*(\d{1,6})\s*$")
_PSI = re.compile(r"^\s*(?P<kind>some|full)\s+avg10=(?P<a10>\d+(?:\.\d+)?)\s+"
                  r"avg60=(?P<a60>\d+(?:\.\d+)?)\s+avg300=\d+(?:\.\d+)?\s+total=\d+\s*$")
#: (resource, some/full) -> the metric of its avg10 share
PSI_NAMES = {("cpu", "some"): "psi.cpu.some", ("cpu", "full"): "psi.cpu.full",
             ("memory", "some"): "psi.memory.some", ("memory", "full"): "psi.memory.full",
             ("io", "some"): "psi.io.some", ("io", "full"): "psi.io.full"}
_PSI_RES = re.compile(r"pressure[/._-]?(cpu|memory|io)\b|\b(cpu|memory|io)[._-]?pressure\b|"
                      r"\bpsi[._-](cpu|memory|io)\b")
#: /proc/PID/io: "key: count" lines, each key -> (metric, system call scope or "")
_PROC_IO = re.compile(r"^(?P<k>rchar|wchar|syscr|syscw|read_bytes|write_bytes|"
                      r"cancelled_write_bytes):\s*(?P<v>\d+)\s*$")
_PROC_IO_NAMES = {"rchar": ("io.read_chars", "B", ""), "wchar": ("io.write_chars", "B", ""),
                  "syscr": ("syscall.calls", "count", "read"),
                  "syscw": ("syscall.calls", "count", "write"),
                  "read_bytes": ("io.read_bytes", "B", ""),
                  "write_bytes": ("io.write_bytes", "B", "")}
_SCHED = re.compile(r"^\s*(\d+)\s+(\d+)\s+(\d+)\s*$")
_FREE_HEAD = re.compile(r"^\s+total\s+used\s+free\s+shared\s+buff/cache\s+available\s*$")
_FREE_ROW = re.compile(r"^\s*(Mem|Swap):\s+(.*)$")
_TOP_MEM = re.compile(r"^\s*(?P<u>[KMGT]i?B) (?P<what>Mem|Swap)\s*:\s*(?P<rest>.*)$")
_TOP_THREADS = re.compile(r"^\s*Threads:\s+\d+ total")
_COMMENT = re.compile(r"^\s*(?:#|\$|%|>)\s*(?P<cmd>.*)$")
_ULIMIT = (  # (pattern of the bash or dash line, canonical name)
    (re.compile(r"^\s*stack(?: size)?\s*\((?:kbytes|kB)(?:, -s)?\)\s+(\S+)\s*$"), "limit.stack"),
    (re.compile(r"^\s*(?:open files\s+\(-n\)|nofiles|open files)\s+(\S+)\s*$"),
     "limit.open_files"),
    (re.compile(r"^\s*(?:max user processes\s+\(-u\)|process)\s+(\S+)\s*$"), "limit.processes"),
)
_ULIMIT_UNIT = re.compile(r"^\s*[a-zA-Z][\w -]*?\s*\((?:[\w ]+, )?-\w\)"
                          r"\s+\S+\s*$|^\s*[a-z][a-z ]*\((?:kbytes|blocks|seconds)\)\s+\S+\s*$")
_ULIMIT_BARE = re.compile(r"^\s*[a-z]+\s+(?:\d+|unlimited)\s*$")  # dash: process, nofiles
# /proc/PID/status: "Key:<TAB>value" lines; the ones that say the file is one
_STATUS = re.compile(r"^(?P<k>Name|Umask|State|Tgid|Ngid|Pid|PPid|TracerPid|Uid|Gid|FDSize|"
                     r"Groups|NStgid|NSpid|NSpgid|NSsid|Kthread|Vm\w+|Rss\w+|HugetlbPages|"
                     r"CoreDumping|THP_enabled|Threads|Sig\w+|Shd\w+|Cap\w+|NoNewPrivs|"
                     r"Seccomp\w*|Speculation\w*|Cpus_allowed\w*|Mems_allowed\w*|"
                     r"(?:non)?voluntary_ctxt_switches|untag_mask|x86_\w+):\s*(?P<v>.*)$")
# /proc/PID/sched: "key   :   value" (whitespace before the colon), its header and NUMA lines
_PSCHED = re.compile(r"^(?P<k>(?:se|stats|nr|policy|prio|clock|mm|numa|total_numa|"
                     r"core|dl|rt|ext)[\w.>-]*)\s+:\s+(?P<v>-?\d+(?:\.\d+)?)\s*$")
_PSCHED_HEAD = re.compile(r"^\S.*\((?P<pid>\d+), #threads: (?P<n>\d+)\)\s*$")
_PSCHED_OTHER = re.compile(r"^-{20,}\s*$|^(?:current_node|numa_faults node)=")
_PSCHED_NAMES = {"se.sum_exec_runtime": ("time.cpu", "s", 1e-3),
                 "nr_voluntary_switches": ("context_switches", "count", 1.0),
                 "nr_involuntary_switches": ("context_switches.involuntary", "count", 1.0),
                 "se.nr_migrations": ("cpu_migrations", "count", 1.0),
                 "wait_sum": ("sched.wait_time", "s", 1e-3)}  # any prefix (se.statistics.)
_STATUS_MARK = frozenset({"Tgid", "TracerPid", "NSpid", "VmHWM", "Cpus_allowed_list"})
_STATUS_NAMES = {"Threads": ("threads.observed", "count"),
                 "voluntary_ctxt_switches": ("context_switches", "count"),
                 "nonvoluntary_ctxt_switches": ("context_switches.involuntary", "count"),
                 "VmHWM": ("mem.max_rss", "KiB")}
_SIZE = {"": 1.0, "B": 1 / 2**20, "K": 1 / 1024, "Ki": 1 / 1024, "M": 1.0, "Mi": 1.0,
         "G": 1024.0, "Gi": 1024.0, "T": 2.0**20, "Ti": 2.0**20}


def _num(text: str) -> float:
    return float(text.replace(",", "."))


def _free_values(rest: str, kib_default: float) -> list[float] | None:
    """The numbers of one ``free`` row in MiB (``-h`` suffixes read; plain numbers scaled by
    ``kib_default``, the MiB per printed unit)."""
    out = []
    for tok in rest.split():
        m = re.fullmatch(r"(\d+(?:[.,]\d+)?)([KMGT]i?|B)?", tok)
        if not m:
            return None
        out.append(_num(m[1]) * (_SIZE[m[2]] if m[2] else kib_default))
    return out


def _free_unit(cmd: str, first_total: str) -> float:
    """MiB per printed unit of a ``free`` table without suffixes: from the command when the
    file holds it (``free -m``/``-g``/``-k``/``-b``), else KiB (free's default) unless the total
    is too small to be KiB of a real machine (below 10^6, i.e. under 1 GiB)."""
    for flag, k in (("-g", 1024.0), ("-m", 1.0), ("-k", 1 / 1024), ("-b", 1 / 2**20)):
        if re.search(rf"\bfree\b.*\s{flag}\b", cmd):
            return k
    return 1 / 1024 if first_total.isdigit() and int(first_total) >= 10**6 else 1.0


class _Reader:
    """Reads the lines of one file into metrics, one kind of output at a time."""

    def __init__(self, path: Path, values: bool = True) -> None:
        self.path = str(path)
        self.values = values  # read bare counts and schedstat rows (not inside a printout)
        self.metrics: list[Metric] = []
        self.kinds: set[str] = set()
        self.cmd = ""
        self.table: Table | None = None
        self.top_threads = False
        self.free_unit: float | None = None
        self.sched: list[tuple[int, tuple[int, int, int]]] = []
        self.counts: list[tuple[int, int]] = []
        self.sched_seen: set[str] = set()
        self.other = 0

    def src(self, no: int) -> SourceRef:
        return SourceRef(self.path, no)

    def line(self, no: int, line: str) -> bool:
        """Read one line; False when it is of no known kind."""
        if self.table is not None:
            if self.table.add(line, no):
                return True
            self.metrics += self.table.metrics(self.path)
            self.table = None
        for reader in (self._load, self._psi, self._table, self._free, self._top_mem,
                       self._ulimit, self._status, self._proc_sched, self._proc_io,
                       self._values):
            if reader(no, line):
                return True
        c = _COMMENT.match(line)
        if c:
            self.cmd = c["cmd"]
            return True
        return False

    def _load(self, no: int, line: str) -> bool:
        m = _LOAD.search(line) if _UPTIME.match(line) else None
        if m is None:
            g = _LOADAVG.match(line)
            if g is None:
                return False
            vals = [float(g[1]), float(g[2]), float(g[3])]
            raw = "/proc/loadavg"
        else:
            vals, raw = [_num(m[1]), _num(m[2]), _num(m[3])], "load average"
        for name, v in zip(("load.avg1", "load.avg5", "load.avg15"), vals, strict=True):
            self.metrics.append(Metric(name, v, "count", MACHINE, self.src(no), raw))
        self.kinds.add("load")
        return True

    def _psi(self, no: int, line: str) -> bool:
        """A pressure-stall line (``some avg10=84.2 avg60=80.1 avg300=70.3 total=...``) of
        the resource the last ``cat /proc/pressure/X`` or the file's name says."""
        m = _PSI.match(line)
        if m is None:
            return False
        where = _PSI_RES.search(self.cmd) or _PSI_RES.search(Path(self.path).name.lower())
        res = next((g for g in where.groups() if g), "") if where else ""
        if not res:
            return True  # a pressure line of an unnamed resource: known, not read
        self.metrics.append(Metric(PSI_NAMES[res, m["kind"]], float(m["a10"]) / 100, "ratio",
                                   MACHINE, self.src(no), f"{m['kind']} avg10"))
        self.kinds.add("psi")
        return True

    def _table(self, no: int, line: str) -> bool:
        if _TOP_THREADS.match(line):
            self.top_threads = True
            return True
        cols = table_header(line)
        if cols is None:
            return False
        threads = any(c in ("TID", "LWP", "SPID") for c in cols) or self.top_threads
        self.table = Table(cols, threads)
        self.kinds.add("threads" if threads else "processes")
        return True

    def _free(self, no: int, line: str) -> bool:
        if _FREE_HEAD.match(line):
            self.free_unit = None
            self.kinds.add("free")
            return True
        m = _FREE_ROW.match(line)
        if m is None or "free" not in self.kinds:
            return False
        if self.free_unit is None:
            self.free_unit = _free_unit(self.cmd, m[2].split()[0] if m[2].split() else "")
        vals = _free_values(m[2], self.free_unit)
        if not vals:
            return False
        if m[1] == "Mem" and len(vals) >= 6:
            self.metrics += [Metric("memory.total_mb", vals[0], "MiB", MACHINE, self.src(no),
                                    "total"),
                             Metric("memory.available_mb", vals[5], "MiB", MACHINE,
                                    self.src(no), "available")]
        elif m[1] == "Swap" and len(vals) >= 2:
            self.metrics.append(Metric("memory.swap_used_mb", vals[1], "MiB", MACHINE,
                                       self.src(no), "swap used"))
        return True

    def _top_mem(self, no: int, line: str) -> bool:
        m = _TOP_MEM.match(line)
        if m is None:
            return False
        unit = _SIZE.get(m["u"][:-1], 1.0)
        vals = {k: _num(v) * unit for v, k in re.findall(r"(\d+(?:[.,]\d+)?)\s+([a-z/ ]+?)"
                                                          r"(?:,|\.|$)", m["rest"])}
        if m["what"] == "Mem" and "total" in vals:
            self.metrics.append(Metric("memory.total_mb", vals["total"], "MiB", MACHINE,
                                       self.src(no), "MiB Mem total"))
        elif m["what"] == "Swap" and "used" in vals:
            self.metrics.append(Metric("memory.swap_used_mb", vals["used"], "MiB", MACHINE,
                                       self.src(no), "MiB Swap used"))
        avail = re.search(r"(\d+(?:[.,]\d+)?)\s+avail Mem", m["rest"])
        if avail:
            self.metrics.append(Metric("memory.available_mb", _num(avail[1]) * unit, "MiB",
                                       MACHINE, self.src(no), "avail Mem"))
        self.kinds.add("top")
        return True

    def _ulimit(self, no: int, line: str) -> bool:
        for pat, name in _ULIMIT:
            m = pat.match(line)
            if m:
                if m[1].isdigit():
                    unit = "KiB" if name == "limit.stack" else "count"
                    self.metrics.append(Metric(name, float(m[1]), unit, source=self.src(no),
                                               raw_name=line.rsplit(None, 1)[0].split("(")[0]
                                               .strip()))
                self.kinds.add("ulimit")
                return True
        if _ULIMIT_UNIT.match(line) or ("ulimit" in self.kinds and _ULIMIT_BARE.match(line)):
            self.kinds.add("ulimit")
            return True
        return False

    def _status(self, no: int, line: str) -> bool:
        m = _STATUS.match(line)
        if m is None or not (m["k"] in _STATUS_MARK or "status" in self.kinds or self.values):
            return False  # inside a printout, "Threads: 4" is the program's, not /proc's
        self.kinds.add("status")
        k, v = m["k"], m["v"].strip()
        if k in _STATUS_NAMES and re.fullmatch(r"\d+(?: kB)?", v):
            name, unit = _STATUS_NAMES[k]
            self.metrics.append(Metric(name, float(v.split()[0]), unit, source=self.src(no),
                                       raw_name=k))
        elif k == "Cpus_allowed_list" and re.fullmatch(r"\d+(?:-\d+)?(?:,\d+(?:-\d+)?)*", v):
            n = sum(int(b) - int(a) + 1 if b else 1
                    for a, b in re.findall(r"(\d+)(?:-(\d+))?", v))
            self.metrics.append(Metric("affinity.cpus", float(n), "count", source=self.src(no),
                                       raw_name=k))
        return True

    def _proc_sched(self, no: int, line: str) -> bool:
        h = _PSCHED_HEAD.match(line)
        if h is not None:
            self.kinds.add("sched")
            self.metrics.append(Metric("threads.observed", float(h["n"]), "count",
                                       source=self.src(no), raw_name="#threads"))
            return True
        if "sched" in self.kinds and _PSCHED_OTHER.match(line):
            return True
        m = _PSCHED.match(line)
        if m is None or not ("sched" in self.kinds or self.values):
            return False  # inside a printout only after the file's header line
        self.kinds.add("sched")
        key = m["k"] if m["k"] in _PSCHED_NAMES else m["k"].rsplit(".", 1)[-1]
        if key in _PSCHED_NAMES and key not in self.sched_seen:
            self.sched_seen.add(key)  # a second task's table in one file is not summed
            name, unit, factor = _PSCHED_NAMES[key]
            self.metrics.append(Metric(name, float(m["v"]) * factor, unit,
                                       source=self.src(no), raw_name=m["k"]))
        return True

    def _proc_io(self, no: int, line: str) -> bool:
        """A ``/proc/PID/io`` line (``syscw: 1391837``): calls and the bytes they passed."""
        m = _PROC_IO.match(line)
        if m is None:
            return False
        self.kinds.add("proc_io")
        if m["k"] in _PROC_IO_NAMES:
            name, unit, call = _PROC_IO_NAMES[m["k"]]
            self.metrics.append(Metric(name, float(m["v"]), unit, Scope(ScopeKind.FUNCTION, call)
                                       if call else Scope(), self.src(no), m["k"]))
        return True

    def _values(self, no: int, line: str) -> bool:
        if not self.values:
            return self._nproc_answer(no, line)
        s = _SCHED.match(line)
        if s:
            self.sched.append((no, (int(s[1]), int(s[2]), int(s[3]))))
            return True
        c = _ONE_COUNT.match(line)
        if c:
            self.counts.append((no, int(c[1])))
            return True
        return False

    def finish(self) -> None:
        """Close an open table and turn the schedstat rows and a lone count into metrics."""
        if self.table is not None:
            self.metrics += self.table.metrics(self.path)
            self.table = None
        if self.sched and ("schedstat" in self.cmd or self.kinds or len(self.sched) <= 4):
            (n0, first), (n1, last) = self.sched[0], self.sched[-1]
            run, wait, slices = ((last[i] - first[i] for i in range(3)) if len(self.sched) > 1
                                 else last)
            if min(run, wait, slices) >= 0 and run + wait > 0:
                src = self.src(n1)
                raw = "schedstat" + (f" lines {n0}-{n1}" if n0 != n1 else "")
                self.metrics += [Metric("time.cpu", run / 1e9, "s", source=src, raw_name=raw),
                                 Metric("sched.wait_time", wait / 1e9, "s", source=src,
                                        raw_name=raw),
                                 Metric("sched.timeslices", float(slices), "count", source=src,
                                        raw_name=raw)]
                self.kinds.add("schedstat")
        if len(self.counts) == 1 and not self.kinds and 0 < self.counts[0][1] <= 1 << 20:
            no, n = self.counts[0]
            self._nproc(no, n, "--all" in self.cmd)

    def _nproc(self, no: int, n: int, every: bool) -> None:
        """What ``nproc`` answered: the CPUs the process may use, or with ``--all`` those
        online."""
        self.metrics.append(Metric("cpu.online" if every else "affinity.cpus", float(n),
                                   "count", MACHINE if every else Scope(), self.src(no),
                                   "nproc --all" if every else "nproc"))
        self.kinds.add("nproc")

    def _nproc_answer(self, no: int, line: str) -> bool:
        """Inside a printout, the count on the line after a ``$ nproc`` command: what that
        command answered (a bare count elsewhere there is the program's own)."""
        c = _ONE_COUNT.match(line)
        cmd = self.cmd.split()
        if c is None or not cmd or cmd[0] != "nproc" or not 0 < int(c[1]) <= 1 << 20:
            return False
        self._nproc(no, int(c[1]), "--all" in cmd)
        self.cmd = ""  # one answer per command
        return True


class SystemLines(_Reader):
    """The line reader of these outputs for a program's printout that holds some of them (an
    ``uptime`` or ``top -H`` pasted after the output): bare counts are not read there."""

    def __init__(self, path: Path) -> None:
        super().__init__(path, values=False)


def _accepted_share(head: str, path: Path) -> float:
    """Share of the non-empty lines of ``head`` these readers take (comments aside)."""
    r = _Reader(path)
    took = total = 0
    for no, ln in enumerate(head.splitlines()[:400], 1):
        if not ln.strip():
            continue
        total += 1
        if _COMMENT.match(ln) and table_header(ln) is None:
            continue
        took += r.line(no, ln)
    return took / total if total else 0.0


@register_adapter
class SystemOutputsAdapter(Adapter):
    """uptime, /proc/loadavg, nproc, schedstat, /proc/PID/sched and status, free, ulimit -a,
    ps and top (module docstring)."""

    name = "system-outputs"
    description = ("uptime, /proc/loadavg, nproc, /proc/PID/schedstat, /proc/PID/sched, "
                   "/proc/PID/status, /proc/PID/io, "
                   "free, ulimit -a, ps (-L) and top (-H) tables")
    family = "os_accounting"

    def sniff(self, head: str, path: Path) -> float:
        if path.is_dir() or "\x00" in head[:4096]:
            return 0.0
        lines = [ln for ln in head.splitlines() if ln.strip()]
        values = [ln for ln in lines if not _COMMENT.match(ln) or table_header(ln)]
        if not values:
            return 0.0
        if len(values) == 1 and _ONE_COUNT.match(values[0]):
            return 0.2  # nproc: one count alone
        if len(values) <= 4 and all(_SCHED.match(ln) for ln in values):
            return 0.2  # schedstat rows alone
        if any(_SCHED.match(ln) or _ONE_COUNT.match(ln) for ln in values) and not any(
                "schedstat" in ln or "nproc" in ln for ln in lines):
            return 0.0  # bare numbers beside other text: no sign of these outputs
        from perfscout.ingest.adapters.program_output import printout_lines

        share = _accepted_share(head, path)
        if share > 0 and printout_lines(head):
            return 0.15  # a printout with these outputs in it: program-output reads both
        return 0.6 if share >= 0.6 else 0.15 if share > 0 else 0.0

    def parse(self, path: Path) -> Profile:
        r = _Reader(path)
        unparsed = Unparsed()
        for no, line in iter_lines(path):
            if line.strip() and not r.line(no, line):
                unparsed.add(no)
        r.finish()
        if not r.metrics:
            raise ParseError(str(path), None, "uptime, /proc/loadavg, nproc, schedstat, free, "
                             "ulimit -a, ps or top output")
        return Profile(format=self.name, path=str(path), metrics=tuple(r.metrics),
                       meta={"outputs": ",".join(sorted(r.kinds))},
                       unparsed_lines=unparsed.count, unparsed_examples=unparsed.examples)
