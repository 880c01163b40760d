"""``perf report --stdio``: self and ``--children`` tables, call graphs, several event sections.

Each ``# Samples: N of event 'E'`` section yields ``samples`` and ``profile.total`` metrics for
E; its rows become hotspots (self share from ``Self``/``Overhead``, inclusive share from
``Children``), split by the column layout perf prints under the header. A row's call graph lines
give its hottest call path (the chain printed first). The first section is the primary one and
its rows are the profile's hotspots; other sections' rows are kept as FUNCTION-scoped
``samples`` share metrics named by event so nothing is lost. With ``--sort ...,srcline`` each
row's source line becomes the hotspot's location (``main line 14`` at sqrtdiv.c:14). Sorted
by ``pid`` (or ``comm,pid``) alone, each row is a thread (perf's pid key is the thread id):
its share of the samples becomes ``samples`` (unit "share") at THREAD scope, not a hotspot.
"""

from __future__ import annotations

import re
from pathlib import Path

from perfscout.ingest.base import Adapter
from perfscout.ingest.callgraph import walk
from perfscout.ingest.registry import register_adapter
from perfscout.ingest.textutil import Unparsed, iter_lines, parse_number
from perfscout.model.errors import ParseError
from perfscout.model.metrics import (
    CallNode,
    Hotspot,
    Metric,
    Profile,
    Scope,
    ScopeKind,
    SourceRef,
)
from perfscout.model.symbols import OMP_OUTLINED, OMP_RUNTIME_LIB

_SAMPLES = re.compile(r"^# Samples: (?P<n>[\d.]+)(?P<mult>[KMG]?)\s+of event '(?P<ev>[^']+)'")
_COUNT = re.compile(r"^# Event count \(approx\.\): (?P<n>\d+)")
_ROW = re.compile(r"^\s+(?P<a>\d+\.\d+)%\s+(?:(?P<b>\d+\.\d+)%\s+)?(?P<rest>\S.*)$")
_SYM = re.compile(r"^(?P<pre>.*?)\s*\[(?P<k>[.kgHu])\]\s+(?P<sym>.*?)\s*$")
_BRANCH = re.compile(r"--(?P<pct>\d+\.\d+)%--(?P<name>.*)$")
_MULT = {"": 1.0, "K": 1e3, "M": 1e6, "G": 1e9}


_SRCLINE = re.compile(r"^(?P<sym>.*?)\s{2,}(?P<file>[\w./+-]+\.\w+):(?P<line>\d+)$")
_OFFSET = re.compile(r"^(?P<sym>.*?)\s{2,}\S+\+\d+$")


def _srcline(text: str) -> tuple[str, SourceRef | None]:
    """A ``--sort sym,srcline`` row's symbol and its source line (``main   sqrtdiv.c:14``:
    ``main line 14`` at sqrtdiv.c:14); rows perf could not resolve (``main+9387...``) keep
    the symbol alone."""
    m = _SRCLINE.match(text.strip())
    if m:
        return f"{m['sym'].strip()} line {m['line']}", SourceRef(m["file"], int(m["line"]))
    o = _OFFSET.match(text.strip())
    return (o["sym"].strip() if o else text), None


def _columns_after_symbol(header: str) -> tuple[str, ...]:
    """The column names a ``# Overhead ... Symbol ...`` header prints after Symbol (empty
    when Symbol is the last column, perf's default layout)."""
    cols = re.split(r"\s{2,}", header.lstrip("#").strip())
    return tuple(cols[cols.index("Symbol") + 1:]) if "Symbol" in cols else ()


def _row_fields(rest: str, dso_only: bool = False) -> tuple[str, str, str]:
    """(command, shared object, symbol) from the text after the percentages; a table sorted
    by ``pid,dso`` (no symbol column) names the shared object as its symbol too."""
    m = _SYM.match(rest)
    if not m:
        parts = re.split(r"\s{2,}", rest.strip())
        if dso_only and len(parts) == 2:
            return parts[0], parts[1], parts[1]
        return "", "", rest.strip()
    parts = re.split(r"\s{2,}", m["pre"].strip())
    comm = parts[0] if parts else ""
    dso = parts[-1] if len(parts) > 1 else ""
    return comm, dso, m["sym"]


@register_adapter
class PerfReportAdapter(Adapter):
    """``perf report --stdio`` text (see module docstring)."""

    name = "perf-report"
    family = "sampling"
    description = "perf report --stdio (self, --children, call graphs, multiple events)"

    def sniff(self, head: str, path: Path) -> float:
        if "of event '" in head and re.search(r"^#\s+(Overhead|Children)\s", head, re.M):
            return 0.9
        return 0.0

    def parse(self, path: Path) -> Profile:
        unparsed = Unparsed()
        metrics: list[Metric] = []
        hotspots: list[Hotspot] = []
        meta: dict[str, str] = {}
        notes: list[str] = []
        event = ""
        events: list[str] = []
        children_mode = False
        cur: dict[str, object] | None = None
        rows: list[dict[str, object]] = []

        first_rows: list[dict[str, object]] = []
        srcline = [False]  # the table has a Source:Line column (--sort ...,srcline)
        dso_only = [False]  # --sort pid,dso / comm,pid,dso: rows are processes x libraries
        by_thread = [False]  # --sort pid / comm,pid: rows are threads, not functions
        # columns printed after Symbol (--sort symbol,dso adds "Shared Object  IPC  [IPC
        # Coverage]" on this perf): a row's symbol text ends at the first of them
        after_sym: list[tuple[str, ...]] = [()]
        # --sort dso,sym: the one column before Symbol is the shared object, not the command
        dso_first = [False]
        # --hierarchy (--sort comm,dso,sym): one row per level, indented; a symbol row's
        # command and shared object are the rows above it at the outer levels
        hier: list[tuple[int, str]] = []  # (indent, text) of the open outer levels
        hierarchy = [False]

        def close_section() -> None:
            if not event:
                return
            if event == events[0]:
                first_rows.extend(rows)
            if by_thread[0]:
                metrics.extend(_thread_rows(rows, event, str(path)))
                rows.clear()
                return
            for r in rows:
                path_t: tuple[str, ...] = tuple(r["path"])  # type: ignore[arg-type]
                if event == events[0]:
                    name, loc = _srcline(str(r["sym"])) if srcline[0] else (str(r["sym"]), None)
                    hotspots.append(Hotspot(
                        name=name, self_share=r["self"],  # type: ignore[arg-type]
                        inclusive_share=r["inc"], unit=event,  # type: ignore[arg-type]
                        module=str(r["dso"]) or (KERNEL_MODULE if r["kernel"] else ""),
                        callpath=path_t, location=loc,
                        source=SourceRef(str(path), r["line"])))  # type: ignore[arg-type]
                else:
                    metrics.append(Metric(
                        name="samples", value=float(r["self"] or 0.0), unit="share",  # type: ignore[arg-type]
                        scope=Scope(ScopeKind.FUNCTION, str(r["sym"])),
                        source=SourceRef(str(path), r["line"]),  # type: ignore[arg-type]
                        raw_name=f"{event} self share"))
            rows.clear()

        recorded = ""  # the echoed "$ perf record ..." line: what was recorded, and how
        for no, line in iter_lines(path):
            if not line.strip():
                continue
            rec = _RECORDED.match(line)
            if rec is not None and not recorded:
                recorded = rec["rest"]
                continue
            if line.startswith("#"):
                s = _SAMPLES.match(line)
                if s:
                    close_section()
                    event = s["ev"]
                    events.append(event)
                    n = parse_number(s["n"])
                    metrics.append(Metric(
                        name="samples", value=(n or 0.0) * _MULT[s["mult"]], unit="count",
                        source=SourceRef(str(path), no), raw_name=event))
                    cur = None
                    continue
                c = _COUNT.match(line)
                if c and event:
                    metrics.append(Metric(name="profile.total", value=float(c["n"]),
                                          unit="count", source=SourceRef(str(path), no),
                                          raw_name=event))
                    continue
                if re.match(r"^#\s+Children\s+Self", line):
                    children_mode = True
                elif re.match(r"^#\s+Overhead\s", line):
                    children_mode = False
                if re.match(r"^#\s+(?:Children|Overhead)\s", line):
                    hierarchy[0] = " / " in line
                    hier.clear()
                    srcline[0] = "Source:Line" in line
                    dso_only[0] = "Shared Object" in line and "Symbol" not in line \
                        and "Source:Line" not in line
                    by_thread[0] = bool(re.search(r"[PT]id:Command", line)) and not re.search(
                        r"Symbol|Shared Object|Source:Line", line)
                    after_sym[0] = _columns_after_symbol(line)
                    cols = re.split(r"\s{2,}", line.lstrip("#").strip())
                    before = cols[cols.index("Symbol") - 1] if "Symbol" in cols and \
                        cols.index("Symbol") > 0 else ""
                    dso_first[0] = before == "Shared Object" and "Command" not in cols
                continue
            r = _ROW.match(line)
            if r and event and hierarchy[0] and not _SYM.match(r["rest"]):
                # an outer level of --hierarchy (the command, the shared object): it closes
                # the levels at its indentation or deeper
                indent = len(line) - len(line.lstrip())
                hier[:] = [x for x in hier if x[0] < indent] + [(indent, r["rest"].strip())]
                cur = None
                continue
            if r and event:
                a = float(r["a"]) / 100
                b = float(r["b"]) / 100 if r["b"] else None
                comm, dso, sym = _row_fields(r["rest"], dso_only[0])
                if hierarchy[0]:  # the symbol's command and shared object: the outer rows
                    outer = [t for _, t in hier]
                    comm = outer[0] if outer else ""
                    dso = outer[-1] if len(outer) > 1 else ""
                if dso_first[0] and comm and not dso:  # the column read as the command
                    comm, dso = "", comm
                if after_sym[0] and not srcline[0]:
                    cols = re.split(r"\s{2,}", sym.strip())
                    sym = cols[0]
                    if "Shared Object" in after_sym[0]:
                        at = after_sym[0].index("Shared Object") + 1
                        dso = cols[at] if at < len(cols) else dso
                sm = _SYM.match(r["rest"])
                kernel = bool(sm and sm["k"] == "k")
                if children_mode and b is not None:
                    inc, slf = a, b
                else:
                    inc, slf = None, a if b is None else b
                cur = {"sym": sym, "dso": dso, "comm": comm, "self": slf, "inc": inc,
                       "kernel": kernel,
                       "path": [], "line": no, "open": True, "graph": []}
                rows.append(cur)
                continue
            body = line.strip()
            if cur is not None and body and (line[0] in " \t"):
                cur["graph"].append(line)  # type: ignore[attr-defined]
                # call graph: first chain after "---" until the first branch
                if body.startswith("---"):
                    cur["path"].append(body[3:].strip())  # type: ignore[attr-defined]
                    continue
                if set(body) <= {"|", " "}:
                    cur["branch"] = False  # a branch's chain ends at its blank "|" line
                    continue
                b2 = _BRANCH.search(body)
                if b2:
                    # a graph that branches at once (DWARF chains through a library): the
                    # first branch, perf's heaviest, gives the path; the others do not
                    first = not cur["path"]
                    if first:
                        cur["path"].append(b2["name"].strip())  # type: ignore[attr-defined]
                    cur["open"], cur["branch"] = False, first
                    continue
                if cur.get("branch"):
                    cur["path"].append(body.lstrip("| ").strip())  # type: ignore[attr-defined]
                    continue
                if cur["open"] and cur["path"] and not body.startswith("|"):
                    cur["path"].append(body)  # type: ignore[attr-defined]
                continue
            unparsed.add(no)
        close_section()
        if not events:
            raise ParseError(str(path), None, "a '# Samples: N of event' section",
                             hint="give the text of perf report --stdio")
        metrics.extend(_per_process_compute(first_rows, str(path)))
        metrics.extend(_system_wide(first_rows, recorded, str(path)))
        metrics.extend(_mpi_sampled(first_rows, str(path)))
        metrics.extend(_one_thread_only(first_rows, str(path)))
        meta["event"] = events[0]
        meta["events"] = ",".join(events)
        meta["children"] = "yes" if any(h.inclusive_share is not None for h in hotspots) else "no"
        # callpaths from perf are caller->callee from the entry; keep as printed
        total = next((m.value for m in metrics if m.name == "profile.total"), 1.0)
        calltree = _calltree(first_rows, total) if first_rows else None
        if calltree is not None:
            notes.append("call tree: the --children call graph of the entries that start "
                         "a chain at a root (shares of the total)")
        return Profile(
            calltree=calltree,
            format=self.name, path=str(path), metrics=tuple(metrics), hotspots=tuple(hotspots),
            meta=meta, unparsed_lines=unparsed.count, unparsed_examples=unparsed.examples,
            notes=tuple(notes))


#: an echoed ``$ perf record [options] -- program ...`` line before the report
_RECORDED = re.compile(r"^\s*\$\s+perf\s+record\b(?P<rest>[^;|&]*)")


def _command(r: dict[str, object]) -> str:
    """A row's command, without the thread id perf's ``pid`` key puts before it."""
    return str(r.get("comm") or "").split(":")[-1].strip()


def _system_wide(rows: list[dict[str, object]], recorded: str, src: str) -> list[Metric]:
    """A system-wide record (``perf record -a``) reported by command (``--sort comm,...``):
    every CPU is sampled at one rate, idle ones as ``swapper``, so a command's share of the
    samples is its share of the machine's CPU time. ``machine.program_share``: the share of
    the program the record line runs; ``machine.others_share``: the share of the other
    commands that are work of their own (:func:`~perfscout.ingest.program_name.other_work`:
    another user's job, a build)."""
    from perfscout.ingest.program_name import TASK_NAME, other_work, program_of

    words = recorded.split()
    if not ({"-a", "--all-cpus"} & set(words)) or not rows:
        return []
    prog = program_of(recorded)[:TASK_NAME]
    by: dict[str, float] = {}
    for r in rows:
        comm = _command(r)
        if comm:
            by[comm] = by.get(comm, 0.0) + float(r.get("self") or 0.0)  # type: ignore[arg-type]
    if not prog or prog not in by or len(by) < 2:
        return []
    others = sum(v for c, v in by.items() if c != prog and other_work(c))
    sc = Scope(ScopeKind.PROCESS, "")
    return [Metric("machine.program_share", by[prog], "ratio", sc, SourceRef(src, None),
                   f"{prog}'s share of the system-wide samples"),
            Metric("machine.others_share", others, "ratio", sc, SourceRef(src, None),
                   "other commands' share of the system-wide samples")]


# "8856:costsort" (--sort pid), or followed by its Command column (--sort pid,comm)
_THREAD_ROW = re.compile(r"(?P<tid>\d+):(?P<comm>\S+)(?:\s+\S+)?\s*$")


def _thread_rows(rows: list[dict[str, object]], event: str, path: str) -> list[Metric]:
    """``perf report --sort pid`` (or ``comm,pid``) rows: perf's pid key is the thread id, so
    each row is one thread's share of the samples (``samples``, unit "share", THREAD scope
    ``tid N`` under its command); not hotspots."""
    out = []
    for r in rows:
        m = _THREAD_ROW.search(str(r["sym"]))
        if m is None or not isinstance(r["self"], float):
            continue
        out.append(Metric("samples", r["self"], "share",
                          Scope(ScopeKind.THREAD, f"tid {m['tid']}", m["comm"]),
                          SourceRef(path, r["line"]),  # type: ignore[arg-type]
                          f"{event} share of {m['tid']}:{m['comm']}"))
    return out


_LAUNCHERS = frozenset({"mpirun", "mpiexec", "orterun", "prterun", "orted", "prted", "srun",
                        "hydra_pmi_proxy", "hydra_pmi_prox", "slurmstepd", "perf", "sh", "bash"})
_PID_COMM = re.compile(r"^(?P<pid>\d+):(?P<comm>\S+)$")
# communication and runtime-library code, not the program's own computation
_NOT_COMPUTE = re.compile(r"^(?:0x[0-9a-f]+|\[unknown\]|P?MPI_|ompi_|opal_|mca_|pmix|ucp_|uct_|"
                          r"ucs_|psm|fi_|hwloc_|orte_|prte_|gomp_|GOMP_|__sched_yield|"
                          r"sched_yield|epoll_wait|poll)", re.I)
#: the module of a row perf marks ``[k]`` when the report has no Shared Object column
#: (``--sort sym``): the kernel's, as perf names it where it has one
KERNEL_MODULE = "[kernel.kallsyms]"
# shared objects of the MPI library, its transports and runtimes, the loader and the kernel:
# a process's samples there are communication or start-up, not its computation
_NOT_COMPUTE_DSO = re.compile(r"^(?:\[kernel|\[unknown\]|\[vdso\]|ld-linux|libmpi|libopen-pal|"
                              r"libopen-rte|libpmix|libprrte|mca_|libmca|libfabric|libucp|libuct|"
                              r"libucs|libucm|libpsm|libevent|libhwloc|libmpich|libgomp|"
                              r"libmunge|libslurm)", re.I)
#: a source line of compiled code (``mpiroot.c:19``, ``solver.f90:120``): the program's own
#: computation in a ``--sort pid,srcline`` report (unresolved ``??:0`` library code, kernel
#: ``symbol+offset`` rows and the C library's assembly ``.S`` lines are not)
_OWN_LINE = re.compile(r"^[\w./+-]+\.(?:c|cc|cpp|cxx|c\+\+|h|hh|hpp|f|for|f77|f90|f95|f03|f08|"
                       r"cu|rs|jl):\d+$", re.I)
#: a Source:Line cell: ``file:line``, ``??:0``, or ``symbol+offset`` where perf had no line
_SRCLINE_CELL = re.compile(r"^(?:\S+:\d+|\S+\+(?:0x)?[0-9a-f]+)$")
#: a thread of a process with under this part of the busiest process's samples is a helper
#: (Open MPI's progress or PMIx thread: perf's pid key is the thread id), not a rank
_HELPER_SHARE = 0.1


def _per_process_compute(rows: list[dict[str, object]], path: str) -> list[Metric]:
    """``perf report --sort pid,...`` of several processes of one program (MPI ranks): each
    process's share of the samples in its own named, non-kernel, non-communication code
    (``compute.share``, RANK scope ``pid N``); sorted by ``pid,dso``, the samples outside the
    MPI, transport, runtime and loader libraries and the kernel. A thread with under
    ``_HELPER_SHARE`` of the busiest process's samples is a helper thread, not a rank, unless
    it ran the program's OpenMP region body (a starved team member).
    [] when fewer than two such processes."""
    by: dict[str, tuple[str, float, int]] = {}
    whole: dict[str, float] = {}
    teams: set[str] = set()  # processes (threads) with samples in an OpenMP region body
    for r in rows:
        m = _PID_COMM.match(str(r.get("comm", "")))
        sym = str(r.get("sym", ""))
        by_line = False
        if not m:  # --sort pid,srcline: "27169:prog  prog.c:19" is one text
            parts = re.split(r"\s{2,}", sym.strip(), maxsplit=1)
            m = _PID_COMM.match(parts[0]) if len(parts) == 2 and _SRCLINE_CELL.match(
                parts[1]) else None
            if not m:
                continue
            sym, by_line = parts[1], True
        pid, comm = m["pid"], m["comm"]
        share = r.get("self")
        if OMP_OUTLINED.search(sym):
            teams.add(pid)
        if by_line:  # the program's own source lines compute; ??:0, sym+off, .S do not
            compute = bool(_OWN_LINE.match(sym))
        else:
            compute = not r.get("kernel") and not _NOT_COMPUTE.match(sym) \
                and not _NOT_COMPUTE_DSO.match(str(r.get("dso", "")))
        old = by.get(pid, (comm, 0.0, int(str(r.get("line", 0)))))
        val = float(share) if isinstance(share, float) else 0.0
        by[pid] = (comm, old[1] + (val if compute else 0.0), old[2])
        whole[pid] = whole.get(pid, 0.0) + val
    if not by:
        return []
    busiest = max(whole.values())
    # a thread under the helper share that ran the program's OpenMP region body computes:
    # a helper (a runtime's progress thread) never runs the program's outlined code
    by = {pid: v for pid, v in by.items()
          if whole[pid] >= _HELPER_SHARE * busiest or pid in teams}
    # the program's ranks: the command with the most processes (launchers left out), then
    # the most computing samples
    counts: dict[str, tuple[int, float]] = {}
    for comm, share, _l in by.values():
        if comm in _LAUNCHERS:
            continue
        n, tot = counts.get(comm, (0, 0.0))
        counts[comm] = (n + 1, tot + share)
    if not counts:
        return []
    prog = max(counts, key=lambda c: counts[c])
    procs = {pid: v for pid, v in by.items() if v[0] == prog}
    if len(procs) < 2:
        return []
    return [Metric("compute.share", share, "ratio", Scope(ScopeKind.RANK, f"pid {pid}"),
                   SourceRef(path, line), f"{pid}:{comm}")
            for pid, (comm, share, line) in sorted(procs.items())]


#: the OpenMP runtime's code by name (its entry points and internals) or by library
_OMP_RUNTIME_SYM = re.compile(r"^_*(?:gomp_|GOMP_|kmp_|kmpc_|__kmp|omp_)", re.I)


def _one_thread_only(rows: list[dict[str, object]], path: str) -> list[Metric]:
    """``threads.one_only_share``: in a profile of one OpenMP process split by thread
    (``perf report --sort pid,sym``: perf's pid key is the thread id), the share of all
    samples that the busiest thread spent in named user-space routines no other thread of
    the process ran (the OpenMP runtime, unnamed addresses and the kernel left out). Code a
    parallel region runs shows on every thread of its team, however unequal their shares; code
    on one thread only ran outside the regions: the serial part. [] unless two or more
    threads of one command ran the program's region bodies (``OMP_OUTLINED``)."""
    by: dict[str, dict[str, float]] = {}
    comm_of: dict[str, str] = {}
    total = 0.0
    for r in rows:
        m = _PID_COMM.match(str(r.get("comm", "")))
        share = r.get("self")
        if m is None or not isinstance(share, float):
            continue
        total += share
        sym = str(r.get("sym", "")).split("@")[0].strip()
        if r.get("kernel") or not sym or sym.startswith(("0x", "[")) \
                or _OMP_RUNTIME_SYM.match(sym) or OMP_RUNTIME_LIB.search(str(r.get("dso", ""))):
            continue
        tid = m["pid"]
        comm_of[tid] = m["comm"]
        by.setdefault(tid, {})
        by[tid][sym] = by[tid].get(sym, 0.0) + share
    teams = [t for t, syms in by.items() if any(OMP_OUTLINED.search(x) for x in syms)]
    if len(teams) < 2 or len({comm_of[t] for t in teams}) != 1 or total <= 0:
        return []
    busiest = max(teams, key=lambda t: sum(by[t].values()))
    others = {x for t in teams if t != busiest for x in by[t]}
    only = {x: v for x, v in by[busiest].items() if x not in others
            and not OMP_OUTLINED.search(x)}
    share = sum(only.values()) / total
    names = ", ".join(x for x, _ in sorted(only.items(), key=lambda kv: -kv[1])[:3])
    return [Metric("threads.one_only_share", share, "ratio", Scope(ScopeKind.PROCESS, ""),
                   SourceRef(path, None), f"thread {busiest} alone: {names}" if names else
                   f"thread {busiest} alone: nothing")]


#: launchers of an MPI job: their rows in a profile mean the program ran as MPI ranks
_MPI_LAUNCHERS = frozenset({"mpirun", "mpiexec", "orterun", "prterun", "orted", "prted",
                            "hydra_pmi_proxy", "hydra_pmi_prox"})


def _mpi_sampled(rows: list[dict[str, object]], path: str) -> list[Metric]:
    """``mpi.sampled_share``: the share of an MPI job's samples (its launchers left out) that
    sit inside MPI: in an MPI library or transport by module or by name, plus the kernel's
    copy of pinned pages when the pinning path is sampled too (cross-memory attach: the
    single-copy transfer of a large message between ranks, which perf shows as kernel code
    of the rank). A lower bound of the time the ranks spent in MPI: a copy the library makes
    with the C library's ``memcpy`` is not told from the program's own. [] when the rows do
    not show an MPI job (no MPI code and no launcher) or hold no samples of the program."""
    from perfscout.model.symbols import (
        MPI_MODULES,
        PINNED_COPY,
        PINNED_PAGES,
        is_mpi_name,
    )

    def base(r: dict[str, object]) -> str:
        return str(r.get("sym", "")).split("+0x")[0].strip()

    shares = [(r, v) for r in rows if isinstance(v := r.get("self"), float)]
    launched = any(_command(r) in _MPI_LAUNCHERS for r, _ in shares)
    ranks = [(r, v) for r, v in shares if _command(r) not in _LAUNCHERS]
    total = sum(v for _, v in ranks)
    in_mpi = [v for r, v in ranks if is_mpi_name(base(r)) or str(r.get("dso", "")).rsplit(
        "/", 1)[-1].lower().startswith(MPI_MODULES)]
    pinned = [v for r, v in ranks if r.get("kernel") and PINNED_PAGES.match(base(r))]
    copies = [v for r, v in ranks if r.get("kernel") and PINNED_COPY.match(base(r))]
    if total <= 0 or not (in_mpi or launched):
        return []
    share = (sum(in_mpi) + (sum(pinned) + sum(copies) if pinned else 0.0)) / total
    return [Metric("mpi.sampled_share", share, "ratio", Scope(ScopeKind.PROCESS, ""),
                   SourceRef(path, None), "samples in MPI code and its page copies / the "
                   "ranks' samples")]


def _calltree(rows: list[dict[str, object]], total: float) -> CallNode | None:
    """One tree from the entries' call graphs: the graphs of entries that are roots (no
    entry's graph names them below its start) under a synthetic root; values are the
    shares times the event ``total``, the unit the hotspots' shares refer to."""
    from perfscout.ingest.callgraph import ROOT_NAME, perf_graph_tree

    trees = []
    for r in rows:
        share = r["inc"] if r["inc"] is not None else r["self"]
        t = perf_graph_tree(r["graph"], float(share or 0.0))  # type: ignore[arg-type]
        if t is not None and t.name == r["sym"]:
            trees.append(t)
    if not trees:
        return None
    inner = {c.name for t in trees for c, _ in walk(t) if c is not t}
    roots = [_scaled(t, total) for t in trees if t.name not in inner]
    return CallNode(ROOT_NAME, inclusive_value=sum(t.inclusive_value for t in roots),
                    children=tuple(roots))


def _scaled(n: CallNode, k: float) -> CallNode:
    return CallNode(n.name, n.self_value * k, n.inclusive_value * k,
                    children=tuple(_scaled(c, k) for c in n.children))
