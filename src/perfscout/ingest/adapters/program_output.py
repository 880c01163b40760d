"""What a program prints about itself, and runtime placement reports.

``program-output`` reads metrics a program prints: ``key=value [unit]`` (several per line),
``key: value unit``, a line made only of ``key value [unit]`` groups (``rank 0 compute 1.2 s
wait 0.3 s``), and header+rows tables (a thread, rank or size sweep). Units s, ms, us, ns,
GB/s, MB/s, GiB/s, MiB/s, GFLOP/s, MFLOP/s, MLUP/s, GLUP/s are converted to the canonical ones.
A line holding ``rank=N`` or ``thread=N`` scopes its other values to that rank or thread; a key
printed again at process scope starts a new run (repeated runs in one file stay apart, scope
``run k``). The shell's ``time`` report printed after the output (``real 0m1.2s``, GNU time's
default lines) is read too, as OS accounting. OpenMP/MPI placement lines interleaved with the
output are read by :mod:`perfscout.ingest.runtime_lines` and keep the runtime-report family.
Compile lines echoed before the runs (``# g++ -O3 -march=native x.cpp -o x``) become the build
facts of ``meta`` (:func:`perfscout.ingest.adapters.build_log.build_meta`). A key that is a rate
unit by itself (``GB/s= 19.2``) is that rate; an MPI routine's time printed with a unit suffix
(``bcast_s=0.68``) is the rank's time in MPI.

``runtime-report`` reads a file that holds only such placement lines (``--report-bindings``
stderr, ``OMP_DISPLAY_ENV``, ``taskset -p``, ``numactl --show``, ``srun --cpu-bind=verbose``).
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from itertools import pairwise
from pathlib import Path

from perfscout.ingest.ab_runs import ab_metrics
from perfscout.ingest.adapters.build_log import build_meta, compiler_command
from perfscout.ingest.adapters.ompi_monitoring import MonitoringLines
from perfscout.ingest.adapters.shell_time import time_line_metrics
from perfscout.ingest.adapters.system_outputs import SystemLines
from perfscout.ingest.base import Adapter
from perfscout.ingest.derive import REPEAT
from perfscout.ingest.metric_lines import metric_bearing, normalise, summarise_repeats
from perfscout.ingest.program_name import NOT_A_RUN, program_of, simple_command
from perfscout.ingest.registry import is_topology, register_adapter
from perfscout.ingest.runtime_lines import Placement, placement_metrics, read_runtime_line
from perfscout.ingest.textutil import Unparsed, iter_lines, parse_number
from perfscout.model import fptypes
from perfscout.model.errors import ParseError
from perfscout.model.metric_names import RAW_EVENT_PREFIX
from perfscout.model.metrics import Metric, Profile, Scope, ScopeKind, SourceRef

# unit as printed (lower case) -> (canonical unit, factor to it)
UNITS: dict[str, tuple[str, float]] = {
    "s": ("s", 1.0), "sec": ("s", 1.0), "secs": ("s", 1.0), "seconds": ("s", 1.0),
    "ms": ("s", 1e-3), "us": ("s", 1e-6), "µs": ("s", 1e-6), "ns": ("s", 1e-9),
    "gb/s": ("MB/s", 1e3), "mb/s": ("MB/s", 1.0), "gib/s": ("MB/s", 1073.741824),
    "mib/s": ("MB/s", 1.048576), "kb/s": ("MB/s", 1e-3), "tb/s": ("MB/s", 1e6),
    "gflop/s": ("MFLOP/s", 1e3), "gflops": ("MFLOP/s", 1e3), "mflop/s": ("MFLOP/s", 1.0),
    "mflops": ("MFLOP/s", 1.0), "tflop/s": ("MFLOP/s", 1e6),
    "mlup/s": ("MLUP/s", 1.0), "mlups": ("MLUP/s", 1.0), "glup/s": ("MLUP/s", 1e3),
    "glups": ("MLUP/s", 1e3), "b": ("B", 1.0), "bytes": ("B", 1.0), "kb": ("B", 1e3),
    "kib": ("B", 1024.0), "mb": ("B", 1e6), "mib": ("B", 1048576.0),
    "min": ("s", 60.0), "mins": ("s", 60.0), "minutes": ("s", 60.0), "msec": ("s", 1e-3),
    "usec": ("s", 1e-6), "nsec": ("s", 1e-9), "%": ("%", 1.0), "it/s": ("it/s", 1.0),
    "mlup": ("MLUP/s", 1.0),
}

# normalised key -> canonical name (a key's unit may choose among names, see _name)
KEYS: dict[str, str] = {
    **dict.fromkeys(("time", "times", "elapsed", "elapsedtime", "walltime", "wallclock",
                     "runtime", "totaltime", "seconds", "solvetime", "timetotal", "total",
                     "wall", "walltimes", "wallclocktime"),
                    "time.elapsed"),
    **dict.fromkeys(("bandwidth", "bestbandwidth", "bw", "membw", "memorybandwidth",
                     "triad", "triadbandwidth", "rate_bw"), "mem.bandwidth"),
    # user CPU time (a /usr/bin/time CSV's user_s): the run's CPU time less its little
    # system time, what a sweep on a busy machine is best timed by
    **dict.fromkeys(("cpu", "cputime", "cpusec", "cpuseconds", "processcputime", "cpusecs",
                     "user", "usertime", "utime", "usersec", "userseconds"), "time.cpu"),
    **dict.fromkeys(("gflops", "gflop/s", "mflops", "mflop/s", "flops", "performance"),
                    "flops.rate"),
    **dict.fromkeys(("mlups", "mlup/s", "glups", "glup/s"), "lups.rate"),
    # the work one run performed, counted by the program (``pixel_updates 33554432``): a
    # sweep holding it fixed while the size grows shows the time of one unit of it growing
    **dict.fromkeys(("pixelupdates", "cellupdates", "pointupdates", "siteupdates",
                     "gridupdates", "latticeupdates", "nodeupdates", "totalupdates",
                     "nupdates", "interactions", "pairinteractions", "workitems", "updates",
                     "particleupdates", "particlesteps", "zoneupdates"), "work.items"),
    **dict.fromkeys(("workers", "nworkers", "numworkers", "poolsize", "threadpool",
                     "poolthreads", "workerthreads"), "threads.requested"),
    **dict.fromkeys(("threads", "nthreads", "numthreads", "ompnumthreads", "threadsrequested",
                     "numberofthreads", "numberofompthreads",
                     "ompthreads", "threadsperrank", "threadsperprocess", "threadspertask",
                     "nthreadsperrank", "ompthreadsperrank"), "threads.requested"),
    **dict.fromkeys(("ranks", "nranks", "nprocs", "np", "size_mpi", "commsize"), "ranks.count"),
    **dict.fromkeys(("compute", "computetime", "busy", "busytime", "work", "worktime", "comp",
                     "comptime"), "busy.time"),
    **dict.fromkeys(("mpitime", "commtime", "mpi", "comm", "communication",
                     "communicationtime", "halo", "halotime", "haloexchange", "exchangetime",
                     "exchange",
                     "haloput", "haloget", "haloswap", "halosend", "rmatime"), "mpi.time"),
    **dict.fromkeys(("mpiwait", "wait", "waittime", "mpiwaittime", "barrier", "barriertime",
                     "barrierwait", "mpibarrier", "idle", "idletime"), "mpi.wait_time"),
    **dict.fromkeys(("took", "spent", "timetaken"), "time.elapsed"),
    **dict.fromkeys(("mpitimeshare", "mpishare", "commshare"), "mpi.time_share"),
    **dict.fromkeys(("messages", "msgs", "nmessages", "messagecount", "sends", "nsends",
                     "broadcasts", "bcasts", "allreduces", "reductions", "exchanges",
                     "puts", "nputs", "gets", "ngets", "accumulates", "rmaops", "isends",
                     "recvs", "irecvs", "messagessent", "msgssent", "messagesposted",
                     "messagesexchanged"),
                    "mpi.msg_count"),
    **dict.fromkeys(("messagesize", "msgsize", "msgbytes", "bytespermessage", "bytespermsg",
                     "messagebytes", "bytes/message", "bytes/msg", "b/msg", "b/message"),
                    "mpi.msg_size_mean"),
    **dict.fromkeys(("latency", "msglatency"), "mpi.latency"),
    **dict.fromkeys(("throughput", "iothroughput", "writerate", "readrate"), "io.throughput"),
    **dict.fromkeys(("readbytes", "bytesread", "inputbytes"), "io.read_bytes"),
    **dict.fromkeys(("writebytes", "byteswritten", "outputbytes", "writtenbytes"),
                    "io.write_bytes"),
    **dict.fromkeys(("requestbytes", "iorequestbytes"), "io.request_bytes"),
    # getrusage's counters as programs print them (ru_minflt / ru_majflt)
    **dict.fromkeys(("minorfaults", "minflt", "minorpagefaults", "pagefaultsminor",
                     "softfaults"), "page_faults.minor"),
    **dict.fromkeys(("majorfaults", "majflt", "majorpagefaults", "pagefaultsmajor",
                     "hardfaults"), "page_faults.major"),
    **dict.fromkeys(("pagefaults", "npagefaults"), "page_faults"),
    # the distance in elements between an array's rows (BLAS lda, an image's pitch)
    **dict.fromkeys(("ld", "lda", "ldb", "ldc", "leadingdim", "leadingdimension", "rowpitch",
                     "pitch"), "array.leading_dim"),
    **dict.fromkeys(("output", "outputtime", "io", "iotime", "writetime", "write", "dump",
                     "dumptime", "save", "savetime", "checkpoint", "checkpointtime", "print",
                     "printtime", "readtime", "inputtime", "filetime"), "io.time"),
}
#: keys that are a time only with a time unit (``halo=2`` is a halo width, ``halo=0.4 s`` a time)
NEED_UNIT = frozenset({"halo", "haloput", "haloget", "haloswap", "halosend", "exchange",
                       "took", "spent", "idle"})
#: a unit-less value is a time (in seconds) only when its key says it is one: ``time=0.2``,
#: ``elapsed: 3``, ``wall_seconds 4``; ``total=435200068`` (a checksum), ``work=5`` or
#: ``wait=3`` name no unit and stay out of every unit-bearing quantity
TIME_WORD = re.compile(r"time|elapsed|second|secs?$|wall|duration|clock")
#: words that name a problem size on a ``key=value`` line (``samples: 20000``): each printout
#: is then a point of a size sweep (several printouts of one program at different sizes)
SIZE_KEYS = frozenset({"n", "size", "problemsize", "elements", "nx", "records", "items",
                       "keys", "entries", "rows", "points", "particles", "cells", "nodes",
                       "length", "nelem", "nelems", "words", "vertices", "edges", "matrixsize",
                       "samples", "nsamples", "grid", "gridpoints", "ngrid"})
#: words that count the operations a run performs (``events=100000``, ``queries: 5000``): when
#: a sweep holds them fixed while a size grows, the time per operation is what grows
OPS_KEYS = frozenset({"events", "queries", "lookups", "searches", "requests", "probes",
                      "transactions", "operations", "ops", "inserts", "insertions", "accesses",
                      "finds", "nqueries", "nlookups", "nevents"})
#: counts of pairwise work (``pairs=4498500``): what an all-pairs method does, growing as the
#: square of the items; never the problem's size
PAIR_KEYS = frozenset({"pairs", "npairs", "paircount", "pairtests", "comparisons", "compares",
                       "ncompares", "distances", "pairchecks"})
SCOPE_KEYS = {"rank": ScopeKind.RANK, "thread": ScopeKind.THREAD, "tid": ScopeKind.THREAD}
RUN_KEYS = {"run", "rep", "repeat", "repetition", "trial"}
#: a line naming its repeat (``repeat 2: total 1.06 s``): the same run again, RUN scope
#: ``rep N`` (``derive.REPEAT``), whose spread is the machine's noise; never a size
REPEAT_KEYS = frozenset({"rep", "repeat", "repetition", "trial"})
#: a line naming its step or iteration: its times are one step of the run (``time.step``,
#: scope interval), not a run of their own; their sum is the run's time when none is printed
STEP_KEYS = {"step", "iter", "iteration", "it", "timestep", "tstep", "cycle", "epoch"}
# table header words -> canonical sweep names
TABLE_KEYS: dict[str, str] = {
    **dict.fromkeys(("threads", "nthreads", "t", "omp_num_threads", "numthreads", "thread"),
                    "scaling.threads"),
    **dict.fromkeys(("ranks", "np", "nprocs", "procs", "rank"), "scaling.ranks"),
    **dict.fromkeys(("n", "size", "problem_size", "elements", "nx", "records", "items",
                     "keys", "entries", "rows", "points", "particles", "cells", "nodes",
                     "length", "len", "nelem", "nelems", "bytes", "count", "words",
                     "vertices", "edges", "matrix_size", "dim", "order", "grid", "gridpoints"),
                    "scaling.size"),
}

_PAIR = re.compile(
    r"(?P<key>[A-Za-z_][\w./()\[\]\-]{0,63}?)\s*(?:=|:)\s*(?P<num>[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)"
    r"(?:\s*(?P<unit>[A-Za-zµ]+(?:/s)?))?(?=[\s,;]|$)")
_NUM = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"
# a line made only of "key value [unit]" groups, separated by blanks
_SPACED_LINE = re.compile(
    rf"^\s*(?:[A-Za-z_][\w./\-]{{0,63}}\s+{_NUM}(?:\s+[A-Za-zµ]+(?:/s)?)?\s*[,;]?\s*){{2,}}$")
_SPACED = re.compile(
    rf"([A-Za-z_][\w./\-]{{0,63}})\s+({_NUM})(?:\s+([A-Za-zµ]+(?:/s)?)(?=[\s,;]|$))?")
# a line holding one "key value [unit]" pair: a two-column "name value unit" block
_SINGLE = re.compile(
    rf"^\s*([A-Za-z_][\w./\-]{{0,63}})\s+({_NUM})(?:\s+([A-Za-zµ]+(?:/s)?))?\s*$")
# a header's words may hold comparison and percent signs (``pairs<rc``, ``hit%``)
_HEADER = re.compile(
    r"^\s*#?\s*([A-Za-z][\w./()\[\]\-+<>=%]*(?:[ \t,]+[A-Za-z][\w./()\[\]\-+<>=%]*)+)\s*$")
_ROW = re.compile(r"^\s*[-+]?\d[\d.eE+\-]*(?:[ \t,]+[-+]?\d[\d.eE+\-]*)+\s*$")


def norm_key(key: str) -> str:
    """A printed key reduced for lookup: lower case, no separators or unit suffix."""
    k = key.lower().strip()
    k = re.sub(r"[(\[](?:s|ms|us|sec|seconds)[)\]]$", "", k)
    k = re.sub(r"_(?:s|ms|us|sec)$", "", k)
    return re.sub(r"[\s_\-.]", "", k)


#: a timed phase that reads or writes files, as a program names it beyond the plain keys
#: (``scratch i/o 1.7 s``, ``output_cpu= 0.79 s``, ``file_write_wall 2 s``): a place the data
#: goes, then the I/O word, then what clock timed it; read only with a time unit
IO_PHASE = re.compile(r"^(?:scratch|file|disk|data|result|results)?(?:i/o|io|output|write|"
                      r"writing|dump|save|checkpoint|print)(?:cpu|cputime|time|wall|walltime)?$")

#: a timed phase a key marks as parallel or serial (``parallel_time= 0.4 s``, ``serial_wall:
#: 1.7 s``, ``omp_region_time``): the same quantity the phase lines give (:func:`_phase`), read
#: only with a time unit; the mark then what clock timed it
PHASE_KEY = re.compile(r"^(?P<w>parallel|serial|sequential|openmp|omp)(?:region|phase|part|section|"
                       r"loop|loops)?(?:time|wall|walltime|elapsed|seconds|secs)?$")

#: a word that opens a free-form label without naming anything (``... of total 0.77 s``)
_FILLERS = frozenset({"of", "in", "the", "and", "out", "from"})


#: an MPI routine that moves data, as a printed key names it (``MPI_Gather calls``,
#: ``bcast_ncalls``, ``allreduce time``); a barrier moves none and is not a message
_ROUTINE = (r"(?:i?(?:all)?gatherv?|i?bcast|broadcast|i?(?:all)?reduce|i?scatterv?|"
            r"i?alltoallv?|i?send|i?recv|sendrecv|put|get|accumulate)")
_MPI_CALL = re.compile(rf"^(?:mpi)?{_ROUTINE}(?P<what>calls|ncalls|count|n|time|seconds|secs|s)?$")
#: a rank's time blocked in one routine, as its key names it (``recv_wait_s``, ``wait_in_recv``,
#: ``allreduce_wait``): its MPI wait time
_ROUTINE_WAIT = re.compile(rf"^(?:mpi)?(?:{_ROUTINE}[/+&]?wait(?:ing)?|wait(?:ing)?(?:in|on|for)?"
                           rf"{_ROUTINE})(?:time|seconds|secs)?$")
_PER_CALL_BYTES = frozenset({"bytespercall", "bytespercollective", "bytesperop", "sizepercall",
                             "countpercall", "elementspercall", "valuespercall"})

#: what one call sent, in bytes by its unit (``sent per call 8.4 MB``)
_SENT_PER_CALL = frozenset({"sentpercall", "sendpercall", "sentpermessage", "permessage",
                            "percall"})


def _mpi_call_key(k: str, unit: str, timed: bool = False) -> str:
    """A normalised key naming an MPI data-moving routine with a number of calls (``MPI_Gather
    calls``: ``mpi.msg_count``), or the bytes each call moved (``bytes per call``:
    ``mpi.msg_size_mean``); '' for any other key. A program that counts its own collectives
    says how many messages it sent. A rank's time in one such routine printed with a time
    suffix on the key (``bcast_s=0.68``, ``allreduce_ms``; ``timed``) is its time in MPI
    (``mpi.time``), what it set beside its compute time; in any other form the routine's
    time stays an event."""
    if k in _PER_CALL_BYTES:
        return "mpi.msg_size_mean" if k.startswith(("bytes", "size")) else ""
    if k in _SENT_PER_CALL and unit == "B":  # "8.4 MB sent per call"
        return "mpi.msg_size_mean"
    m = _MPI_CALL.match(k)
    if m is not None and timed and not m["what"] and unit in ("", "s"):
        return "mpi.time"
    if m is None or not (k.startswith("mpi") or m["what"]):
        return ""  # a bare "reduce" or "get" without MPI or calls/time is not one
    if unit == "s" or m["what"] in ("time", "seconds", "secs", "s"):
        return ""  # a routine's time in other words stays an event
    # "count" is MPI's element-count argument as often as a number of calls: not a message
    return "mpi.msg_count" if not unit and m["what"] in ("calls", "ncalls") else ""


#: a key that carries its time unit as a suffix (``bcast_s``, ``halo_ms``, ``io(s)``)
_TIME_SUFFIX = re.compile(r"[_(\[](?:s|ms|us|sec)[)\]]?$")


def _name(key: str, unit: str) -> str:
    """The canonical name of a printed key with its (canonical) unit; '' when unknown."""
    words = key.split()
    while len(words) > 1 and words[0].lower() in _FILLERS:
        words = words[1:]
    k = norm_key(" ".join(words))
    k = re.sub(r"^(?:total|overall)(?=.)", "", k) if k not in KEYS else k  # "Total CPU time"
    # "events n=30000", "jobs n=40000": a label closed by the size's own letter (not "team
    # size", "block size", "message size": those name other counts)
    sized = k in SIZE_KEYS or (len(words) > 1 and words[-1].lower() == "n")
    name = KEYS.get(k, "") or ("scaling.size" if sized and not unit else "")
    if name == "work.items" and unit:
        name = ""  # "updates: 41.2 MLUP/s" is a rate: its unit names it below
    if not name:
        name = _mpi_call_key(k, unit, timed=bool(_TIME_SUFFIX.search(key.lower())))
    if not name and (unit == "s" or (not unit and _TIME_SUFFIX.search(key.lower()))) \
            and _ROUTINE_WAIT.match(k):
        name = "mpi.wait_time"
    if not name and unit == "s" and IO_PHASE.match(k):
        name = "io.time"
    if not name and unit == "s" and k.startswith("mpi") and len(k) > 3:
        name = "mpi.time"  # "MPI_Gather+max (s)", "mpi_halo_s": a timed MPI phase
    # "setup (serial)", "forces (omp)": the bracketed word marks the phase
    marks = [norm_key(w) for w in re.findall(r"\(([^()]+)\)", key)]
    phase = next((p for x in (k, *marks) if (p := PHASE_KEY.match(x)) is not None), None) \
        if not name and unit == "s" else None
    if phase is not None:
        name = "time.serial" if phase["w"] in ("serial", "sequential") else "time.parallel"
    if name == "io.time" and unit and unit != "s":
        name = ""  # "write: 480 MB/s" is a rate: the unit names it below
    if not name and k.replace("/", "") in {"gflops", "mflops"}:
        name = "flops.rate"
    if not name:  # a known unit names the quantity: "best_bw_triad: 28.1 GB/s"
        name = {"MB/s": "mem.bandwidth", "MFLOP/s": "flops.rate", "MLUP/s": "lups.rate"}.get(
            unit, "")
        if name == "mem.bandwidth" and any(w in k for w in ("io", "write", "read", "disk",
                                                             "throughput", "file")):
            name = "io.throughput"
    if name == "mpi.latency" and unit == "s":
        return name  # converted to us by the caller
    return name


def _convert(name: str, value: float, unit_text: str, key: str) -> tuple[float, str] | None:
    """The value in the canonical unit of ``name``, or None when the unit does not fit."""
    unit_text = unit_text.lower()
    k = key.lower()
    if not unit_text:  # the unit may be in the key: time_ms, time(s)
        m = re.search(r"[_(\[](s|ms|us|ns|sec)[)\]]?$", k)
        unit_text = m.group(1) if m else ""
        if not unit_text and "gflop" in k:
            unit_text = "gflop/s"
        if not unit_text and "mlup" in k:
            unit_text = "mlup/s"
    cu, factor = UNITS.get(unit_text, ("", 1.0))
    want = {"time.elapsed": "s", "busy.time": "s", "time.cpu": "s", "io.time": "s", "mpi.time": "s",
            "time.serial": "s", "time.parallel": "s",
            "mpi.wait_time": "s",
            "mem.bandwidth": "MB/s",
            "io.throughput": "MB/s", "flops.rate": "MFLOP/s", "lups.rate": "MLUP/s",
            "mpi.msg_size_mean": "B", "mpi.latency": "us", "io.read_bytes": "B",
            "io.write_bytes": "B", "io.request_bytes": "B"}.get(name)
    if want is None:  # counts
        return (value, "count") if not unit_text else None
    if name == "mpi.latency":
        if cu == "s":
            return value * factor * 1e6, "us"
        return (value, "us") if not unit_text else None
    if want == "B" and not unit_text:
        return value, "B"
    if not unit_text and (name in ("time.cpu", "io.time") or norm_key(key) in NEED_UNIT):
        return None  # "cpu: 3" names a CPU, "halo=2" a width; "cpu=0.53 s" is a time
    if not unit_text and want == "s":  # a bare time is in seconds when its key says "time"
        return (value, "s") if TIME_WORD.search(norm_key(key)) else None
    if not unit_text and name == "mem.bandwidth" and "gb" in k:
        return value * 1e3, "MB/s"
    if cu != want:
        return None
    return value * factor, want


class _Runs:
    """Counts process-scope repeats of each name: the second ``time=`` starts run 2."""

    def __init__(self) -> None:
        self.seen: dict[str, int] = {}
        self.explicit: str = ""
        self.ordinals: dict[int, int] = {}  # printed run number -> 1-based order of appearance

    def mark(self, printed: int, repeat: bool = False) -> None:
        """A line names its run (``run=0``): scope it by order of appearance, 1-based; a
        repeat of one run (``repeat 2:``) is ``rep N``."""
        self.ordinals.setdefault(printed, len(self.ordinals) + 1)
        self.explicit = f"{REPEAT if repeat else 'run '}{self.ordinals[printed]}"

    def scope(self, name: str) -> Scope:
        if self.explicit:
            return Scope(ScopeKind.RUN, self.explicit)
        n = self.seen.get(name, 0) + 1
        self.seen[name] = n
        return Scope(ScopeKind.RUN, f"run {n}")


#: a size printed as its dimensions (``grid=100x100``, ``64x64x32``): one count, their product
_DIMS = re.compile(r"(?<![\w.])(\d{1,7}(?:[x×]\d{1,7}){1,3})(?![\w.])")


def _dims_as_count(line: str) -> str:
    """``line`` with each ``NxM[xK]`` size written as the count it makes (``100x100`` ->
    ``10000``): a value a label names, not a number followed by a word ``x100``. Spaced
    (``640 x 480``) it stays two numbers, as a free-form line reads them."""
    def product(m: re.Match[str]) -> str:
        n = 1
        for part in re.split(r"[x×]", m.group(1)):
            n *= int(part)
        return str(n)

    return _DIMS.sub(product, line) if ("x" in line or "×" in line) else line


#: a value with a rate unit and nothing naming it, left between key=value pairs
_BARE_RATE = re.compile(r"(?:(?<=\s)|^)(?P<num>[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)"
                        r"\s*(?P<unit>[GMK]i?B/s|[GM]FLOP/s|[GM]flop/s|MLUP/s|GLUP/s)(?=[\s,;]|$)")


def _pairs(line: str) -> list[tuple[str, float, str]]:
    line = _dims_as_count(line)
    out: list[tuple[str, float, str]] = []
    for m in _PAIR.finditer(line):
        v = parse_number(m["num"])
        if v is not None:
            out.append((m["key"], v, m["unit"] or ""))
    if len(line) > 2000:
        return out
    # the "key value unit" groups around "key=value" ones: "steps 20 t 1.2 s (u=3e-05)"
    rest = re.sub(r"\([^()]*=[^()]*\)", " ", _PAIR.sub(" ", line) if out else line)
    rest = re.sub(r"\s*[,;](?:\s*[,;])+\s*", ", ", rest)  # the pairs' separators left behind
    if _SPACED_LINE.match(rest):
        out += _spaced(rest)
    elif out:
        # a rate printed after the pairs with no key of its own ("time=0.97 s  8.23 GB/s"):
        # its unit names it
        for m in _BARE_RATE.finditer(rest):
            v = parse_number(m["num"])
            if v is not None:
                out.append((m["unit"], v, m["unit"]))
    elif not out:
        one = _SINGLE.match(line)
        v = parse_number(one.group(2)) if one else None
        if one is not None and v is not None and (not one.group(3)
                                                  or one.group(3).lower() in UNITS):
            out = [(one.group(1), v, one.group(3) or "")]
    return out


# one token of a free-form printout: a number (thousands separators kept), a word, or a mark
_TOKEN = re.compile(r"(?P<clock>(?<![\d:])\d+(?::\d\d){1,2}(?:\.\d+)?(?![\d:]))"
                    r"|(?P<num>[-+]?(?:\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+\.?\d*|\.\d+)"
                    r"(?:[eE][-+]?\d+)?)(?![\w.])"
                    r"|(?P<bunit>[(\[][A-Za-zµ%]+(?:/s)?[)\]])"
                    r"|(?P<word>%|[A-Za-zµ_][\w./\[\]\-]*)"
                    r"|(?P<sep>[,;()]|\s[:=]|[:=]\s|[:=])")


#: a setting printed as ``key=word`` (``mode=sorted-insert``, ``schedule=static``): a value
#: that is text ends its clause; its words do not name the next number
_SETTING = re.compile(r"(?<![\w.\-])[A-Za-z_][\w.\-]*=(?=[A-Za-z_])[\w.\-/]*(?=[\s,;]|$)")


#: a value (with its unit) followed by two blanks or more: programs align their fields so, and
#: the gap ends the value's clause (``leaked=1613  0.146 s  2663.7 ns/collision``, ``2.60
#: ns/entry  force sum 4.2e+04``); before a value the blanks are a label's alignment
_GAP_AFTER_VALUE = re.compile(r"((?<![\w.])[-+]?\d[\d.,]*(?:[eE][-+]?\d+)?(?:\s?[A-Za-zµ%]"
                              r"[\w/%\-]*)?)\s{2,}(?=\S)")


def _loose(line: str) -> list[tuple[str, float, str]]:
    """Every value of a free-form line with the words that name it: ``label ... value unit``
    (``update time 8.3 s``, ``N = 2048 transform 0.17 s (cpu 0.05 s) peak bin 16``) and,
    when a clause opens with its value, ``value [unit] label`` (``3 steps, 2 threads``). A word
    after a number is its unit only when it is a known unit; clauses end at ``,;()``; a value
    with a unit and no label is named by its unit (``window 51: 0.339 s``)."""
    out: list[tuple[str, float, str]] = []
    if len(line) > 2000:
        return out
    line = _SETTING.sub(" , ", _dims_as_count(line))  # "mode=sorted-insert cpu_s=0.15": a
    # setting, not a label
    line = _GAP_AFTER_VALUE.sub(r"\1 , ", line)
    toks = [(m.lastgroup or "", m.group(m.lastgroup or 0)) for m in _TOKEN.finditer(line)]
    label: list[str] = []
    pending: tuple[float, str] | None = None  # a value that opened its clause, label after
    label_unit = ""  # "time (s): 0.55", "bw [GB/s] 12": the unit printed after the label
    i = 0
    while i < len(toks):
        kind, text = toks[i]
        if kind == "bunit" and not label and pending is None and out and i > 0 and (
                toks[i - 1][0] == "num" or (toks[i - 1][1].lower() in UNITS and i > 1
                                            and toks[i - 2][0] == "num")) \
                and PHASE_KEY.match(norm_key(text[1:-1])):
            # "index 0.969 s (serial)": the mark after a phase's time names that phase
            out[-1] = (f"{out[-1][0]} {text}", out[-1][1], out[-1][2])
            i += 1
            continue
        if kind == "bunit":
            if text[1:-1].lower() in UNITS and label and pending is None:
                label_unit = text[1:-1]
                i += 1
                continue
            if label and pending is None:  # "setup (serial) 0.96 s": a word that qualifies
                label.append(text)
                i += 1
                continue
            kind, text = "sep", "("
        if kind == "sep" and text == "(" and label and pending is None:
            # "setup (serial) 0.96 s": words alone in brackets after a label qualify it
            j = i + 1
            while j < len(toks) and toks[j][0] == "word":
                j += 1
            if j > i + 1 and j < len(toks) and toks[j] == ("sep", ")"):
                label.append("(" + " ".join(t for _, t in toks[i + 1:j]) + ")")
                i = j + 1
                continue
        if kind == "sep":
            if pending is not None and label and ":" in text:  # "40 sweeps: took 0.01 s"
                out.append((" ".join(label), *pending))
                pending, label = None, []
            if text in ",;()":
                if pending is not None:
                    out.append((" ".join(label) or _unit_key(pending[1]), *pending))
                pending, label = None, []
            i += 1
            continue
        if kind == "word":
            if pending is not None and not label:
                label = [text]
            else:
                label.append(text)
            i += 1
            continue
        if kind == "clock":  # "elapsed 0:01:23.5" is 83.5 s; "[12:30:01]" a time of day
            i += 1
            if label and TIME_WORD.search(norm_key(" ".join(label))):
                out.append((" ".join(label[-4:]), _clock_s(text), "s"))
            label = []
            continue
        v = parse_number(text)
        unit = ""
        if i + 1 < len(toks) and toks[i + 1][0] == "word" and (
                toks[i + 1][1].lower() in UNITS or per_item_unit(toks[i + 1][1])):
            unit = toks[i + 1][1]
            i += 1
        i += 1
        if v is None:
            continue
        if pending is not None and label:  # "3 steps 2 ..." : the words after named it
            out.append((" ".join(label), *pending))
            pending, label = None, []
        elif pending is not None and pending[1]:  # "0.146 s 2663.7 ns/collision": its unit
            out.append((_unit_key(pending[1]), *pending))
            pending = None
        if label:
            out.append((" ".join(label[-4:]), v, unit or label_unit))
            label, label_unit = [], ""
        else:
            pending = (v, unit)
    if pending is not None:
        out.append((" ".join(label) or _unit_key(pending[1]), *pending))
    return [(k, v, u) for k, v, u in out if k]


def _clock_s(text: str) -> float:
    """``[h:]mm:ss[.f]`` in seconds."""
    secs = 0.0
    for part in text.split(":"):
        secs = secs * 60 + float(part)
    return secs


def _best_pairs(line: str) -> list[tuple[str, float, str]]:
    """The pairs of a line without a scope prefix: the free-form reading when it finds more
    values, or the same values under fuller labels, than the ``key=value`` reading."""
    pairs = _pairs(line)
    loose = _loose(line)
    if re.search(r"\d,\d{3}(?!\d)", line) and len(loose) >= len(pairs):
        return loose  # "bandwidth: 12,345.6 MB/s": the key=value reading stops at the comma
    if len(loose) > len(pairs) or (len(loose) == len(pairs) and loose != pairs and all(
            lv == v and (lk.endswith(k) or (lu and not u)) for (lk, lv, lu), (k, v, u) in zip(
                loose, pairs, strict=True))):
        return loose  # "N = 2048 transform 0.17 s (cpu 0.05 s)", "absorbed share 0.41"
    return pairs


def _unit_key(unit: str) -> str:
    """The key of a value printed with no words but its unit: seconds are a time, GB/s a
    bandwidth...; '' when the unit names nothing."""
    if per_item_unit(unit) is not None:
        return unit  # "2.60 ns/entry": a time per item, named by its unit
    return _BY_UNIT.get(UNITS.get(unit.lower(), ("", 1.0))[0], "")


#: a value right after a word: that word is a key, not the unit of the value before it
_NEXT_VALUE = re.compile(rf"\s+{_NUM}(?![\w.])")


def _spaced(line: str) -> list[tuple[str, float, str]]:
    """``rank 0 compute 1.2 s wait 0.3 s``: a word after a number is its unit only when it is
    a known unit; otherwise it is the next key."""
    out: list[tuple[str, float, str]] = []
    pos = 0
    while True:
        m = _SPACED.search(line, pos)
        if m is None:
            break
        unit = m.group(3) or ""
        end = m.end()
        if unit and (unit.lower() not in UNITS or _NEXT_VALUE.match(line, m.end())):
            # "messages 2400000 bytes 19200000": a unit word followed by a value is its key
            unit, end = "", m.end(2)
        v = parse_number(m.group(2))
        if v is not None:
            out.append((m.group(1), v, unit))
        pos = end
    return out


# "thread 0: busy 1.39 s", "Rank 1 took 2.0 s", "worker #3, compute 1.2 s": a leading scope
_SCOPE_PREFIX = re.compile(r"^\s*(?P<kind>thread|rank|tid|worker|step|iteration|iter|timestep|"
                           r"cycle|epoch|[PRT](?=\d))\s*#?\s*(?P<id>\d+)(?:\s*(?:/|of)\s*\d+)?"
                           r"\s*[:,]?\s+(?P<rest>[A-Za-z0-9.].*)$", re.I)
# "section radiation busy=2.06 s", "task io: 0.4 s": a named unit of work that one thread runs
# (OpenMP sections, tasks); its busy time is that thread's
_NAMED_UNIT = re.compile(r"^\s*(?P<kind>section|task)\s+(?P<id>[A-Za-z_][\w\-]*)\s*[:,]?\s+"
                         r"(?P<rest>[A-Za-z0-9.].*)$", re.I)
# a verb that states how long the scoped thread/rank (or the run) worked
_TOOK = {"took", "spent", "ran", "finished", "done", "busy"}
# keys that, on a line scoped to one thread, give that thread's busy time
_THREAD_BUSY = {"time", "cpu", "cputime", "cpus", "busycpu", "cpubusy", "busycputime",
                "computecpu", "workcpu", "threadcpu"}
# keys that, on a line scoped to one rank, give that rank's busy time (its compute, not its
# whole run: ``rank 1: work_cpu=0.28 s allreduce=0.40 s``)
_RANK_BUSY = {"busycpu", "cpubusy", "busycputime", "computecpu", "workcpu"}


def _prefixed(line: str) -> tuple[Scope, list[tuple[str, float, str]]] | None:
    m = _SCOPE_PREFIX.match(line) or _NAMED_UNIT.match(line)
    if not m:
        return None
    rest = m["rest"].strip()
    pairs = _pairs(rest) or (_spaced(rest) if _SPACED_LINE.match(rest) else []) \
        or _loose(rest)
    more = _loose(rest) if len(pairs) == 1 else []
    if len(more) > len(pairs):  # "push 0.08 s, exchange 0.23 s, ..., e=1.24": not just e=
        pairs = more
    bare = re.match(rf"^({_NUM})\s*([A-Za-zµ]+)\s*$", rest)  # "thread 0 of 2: 0.877 s"
    if not pairs and bare and bare.group(2).lower() in UNITS:
        v0 = parse_number(bare.group(1))
        if v0 is not None:
            pairs = [("time" if UNITS[bare.group(2).lower()][0] == "s" else bare.group(2),
                      v0, bare.group(2))]
    if not pairs:
        w = re.match(rf"^(\w+)(?:\s+in)?\s+({_NUM})\s*([A-Za-zµ]+)?\s*$", rest)
        v = parse_number(w.group(2)) if w else None
        if w is None or v is None:
            return None
        pairs = [(w.group(1), v, w.group(3) or "")]
    word = m["kind"].lower()
    if word in STEP_KEYS or word == "iteration":
        return Scope(ScopeKind.INTERVAL, f"step {m['id']}"), pairs
    kind = ScopeKind.RANK if word in ("rank", "p", "r") else ScopeKind.THREAD
    if word in ("section", "task"):
        return Scope(kind, f"{word} {m['id']}"), [
            ("busy", v, u or key_unit(k)) if norm_key(k) in _TOOK or norm_key(k) == "time"
            else (k, v, u) for k, v, u in pairs]
    # a thread's own time or CPU time is its busy time (its work, not the run's wall time);
    # the unit a renamed key carried as its suffix (``cpu_s=0.112``) stays with the value
    out = [("busy", v, u or key_unit(k)) if norm_key(k) in _TOOK or (
               _TOOK.intersection(k.lower().split()[:1])
               and UNITS.get(u.lower(), ("",))[0] == "s")
            or (norm_key(k) in _THREAD_BUSY and kind == ScopeKind.THREAD)
            or (norm_key(k) in _RANK_BUSY and kind == ScopeKind.RANK)
            else (k, v, u) for k, v, u in pairs]
    return Scope(kind, m["id"]), out


def key_unit(key: str) -> str:
    """The time unit a key names as its suffix (``cpu_s``, ``busy_ms``, ``t(us)``), else ""."""
    m = re.search(r"(?:_|[(\[])(s|ms|us|ns|sec|secs|seconds)[)\]]?$", key.lower().strip())
    return "" if m is None else {"sec": "s", "secs": "s", "seconds": "s"}.get(m[1], m[1])


# "per-thread busy: T0=43ms T1=133ms", "rank times r0=1.2s r1=3.4s": one value per thread or
# rank on one line, each named by a short scope token; the words before them name the quantity
_INLINE_SCOPE = re.compile(rf"(?<![\w.])(?P<kind>thread|thr|tid|t|rank|r|proc|p)\s*#?(?P<id>\d+)"
                           rf"\s*[=:]\s*(?P<num>{_NUM})\s*(?P<unit>[A-Za-zµ]+)?(?![\w.])", re.I)
_RANK_WORDS = {"rank", "r", "proc", "p"}


# "thread times (s): 0.05 0.28", "busy per thread = [0.05, 0.28] s", "rank compute times:
# 1.2, 3.4 s": a list of values, the i-th for thread (rank) i
_SCOPED_LIST = re.compile(rf"^\s*(?P<label>[A-Za-z][\w \-/]*?)\s*(?:\((?P<lunit>[A-Za-zµ]+)\))?"
                          rf"\s*[:=]\s*[\[(]?\s*(?P<vals>{_NUM}(?:\s*[,;]?\s+{_NUM}|\s*[,;]\s*"
                          rf"{_NUM})+)\s*[\])]?\s*(?P<unit>[A-Za-zµ]+)?\s*$")
_LIST_SCOPE_WORDS = {"thread": False, "threads": False, "perthread": False, "rank": True,
                     "ranks": True, "perrank": True}


def _scoped_list(line: str) -> list[tuple[Scope, list[tuple[str, float, str]]]] | None:
    """The values of a line that lists one value per thread or rank in order (the label says
    ``thread``/``rank``/``per thread``), the first for thread (rank) 0; None for other lines,
    and when the unit is no time (a list of counts says nothing about busy time)."""
    m = _SCOPED_LIST.match(line)
    if m is None:
        return None
    words = [w.lower() for w in re.findall(r"[A-Za-z]+", m["label"].replace("per-", "per"))]
    joined = [a + b for a, b in pairwise(words) if a == "per"]
    scoped = [w for w in (*words, *joined) if w in _LIST_SCOPE_WORDS]
    unit = m["unit"] or m["lunit"] or ""
    if not scoped or UNITS.get(unit.lower(), ("", 1.0))[0] != "s":
        return None
    rank = _LIST_SCOPE_WORDS[scoped[0]]
    rest = [w for w in words if w not in _LIST_SCOPE_WORDS and w != "per"]
    if not rest:
        return None  # "threads=2, 1.6 s": a count and a value, no list of what each did
    key = "wait" if rank and any(w in ("wait", "waiting", "idle", "barrier") for w in rest) \
        else "busy"
    if not rank and any(w in ("wait", "waiting", "idle", "barrier", "spin") for w in rest):
        return None  # a thread's waiting time is no busy time
    vals = [parse_number(v) for v in re.findall(_NUM, m["vals"])]
    if len(vals) < 2 or any(v is None for v in vals):
        return None
    kind = ScopeKind.RANK if rank else ScopeKind.THREAD
    return [(Scope(kind, str(i)), [(key, float(v or 0.0), unit)]) for i, v in enumerate(vals)]


def _inline_scoped(line: str) -> list[tuple[Scope, list[tuple[str, float, str]]]] | None:
    """The values of a line that prints one value per thread (``T0=43ms T1=133ms``) or rank
    (``r0=1.2s r1=3.4s``), each scoped to its thread or rank and named by the line's leading
    words (a thread's time is its busy time, as on a ``thread 0: 1.2 s`` line); None unless
    two or more distinct threads/ranks of one kind are printed."""
    found = list(_INLINE_SCOPE.finditer(line))
    kinds = {m["kind"].lower() in _RANK_WORDS for m in found}
    if len(found) < 2 or len(kinds) != 1 or len({m["id"] for m in found}) != len(found):
        return None
    if any(m["unit"] and m["unit"].lower() not in UNITS for m in found):
        return None
    words = re.findall(r"[A-Za-z]+", line[:found[0].start()])
    key = words[-1] if words else ""
    rank = kinds.pop()
    kind = ScopeKind.RANK if rank else ScopeKind.THREAD
    out: list[tuple[Scope, list[tuple[str, float, str]]]] = []
    for m in found:
        v = parse_number(m["num"])
        if v is None:
            return None
        unit = m["unit"] or ""
        k = key or ("time" if UNITS.get(unit.lower(), ("", 1.0))[0] == "s" else "")
        if not k:
            return None
        if norm_key(k) in _TOOK or (norm_key(k) in _THREAD_BUSY and not rank):
            k = "busy"
        out.append((Scope(kind, m["id"]), [(k, v, unit)]))
    return out


# "Scale run 0: 0.9694 s, 660.2 MB/s": a run named by its number, values named by their units
_RUN_UNITS = re.compile(rf"^\s*(?:[A-Za-z][\w -]*?\s+)?(?:run|rep|trial)\s*#?\s*(?P<id>\d+)\s*:"
                        rf"\s*(?P<vals>{_NUM}\s*[A-Za-zµ]+(?:/s)?(?:\s*[,;]\s*{_NUM}\s*"
                        rf"[A-Za-zµ]+(?:/s)?)*)\s*$", re.I)
_BY_UNIT = {"s": "time", "MB/s": "bandwidth", "MFLOP/s": "gflops", "MLUP/s": "mlups"}

#: a time per unit of work, its unit naming the unit (``2663.7 ns/collision``, ``us/lookup``,
#: ``ns_per_entry``): the cost of one item or operation (``time.per_item``); per step, per
#: day or per call of the whole computation (``s/day``, ``ms/iter``) it is no item's and stays
#: what the program named it
PER_ITEM = re.compile(r"^(?P<t>ns|us|µs|usec|ms|msec|s|sec)(?:/|_per_|\s+per\s+)"
                      r"(?P<item>[A-Za-z][A-Za-z_\-]*)$", re.I)
#: the denominators of a time per step of the whole computation, not per item
_PER_STEP = frozenset({"step", "steps", "iter", "iteration", "it", "timestep", "sweep", "cycle",
                       "epoch", "day", "days", "frame", "pass", "run", "rep", "repeat", "image",
                       "year", "month", "hour", "batch", "generation", "gen", "outer"})


def per_item_unit(unit: str) -> tuple[float, str] | None:
    """(seconds per unit of the time, the item) of a time-per-item unit (``ns/entry`` ->
    (1e-9, ``entry``)); None for any other unit, a per-step unit included."""
    m = PER_ITEM.match(unit.strip())
    if m is None or m["item"].lower() in _PER_STEP:
        return None
    return UNITS[m["t"].lower()][1], m["item"]


def _run_units(line: str, runs: _Runs) -> list[tuple[str, float, str]] | None:
    """The values of a ``label run N: 0.97 s, 660 MB/s`` line, each named by its unit (seconds
    are the run's time, MB/s its bandwidth...), with the run marked; None for other lines."""
    m = _RUN_UNITS.match(line)
    if m is None:
        return None
    out: list[tuple[str, float, str]] = []
    for num, unit in re.findall(rf"({_NUM})\s*([A-Za-zµ]+(?:/s)?)", m["vals"]):
        canon = UNITS.get(unit.lower(), ("", 1.0))[0]
        v = parse_number(num)
        if canon not in _BY_UNIT or v is None:
            return None
        out.append((_BY_UNIT[canon], v, unit))
    runs.mark(int(m["id"]))
    return out


# "read 33554432 bytes in 0.721 s (46.5 MB/s) block=4096", "wrote 2 MiB in 512 calls": the
# bytes a program moved, the time it took, the rate and the calls it made
_TRANSFER = re.compile(
    rf"\b(?P<verb>read|wrote|written|sent|received|loaded|saved|copied|transferred)\s+"
    rf"(?P<n>{_NUM})\s*(?P<u>bytes|B|KB|KiB|MB|MiB|GB|GiB)\b", re.I)
_IN_TIME = re.compile(rf"\bin\s+(?P<t>{_NUM})\s*(?P<tu>s|ms|us|sec|secs|seconds)\b", re.I)
_IN_CALLS = re.compile(r"\bin\s+(?P<c>\d+)\s+(?:calls|requests|reads|writes|syscalls|"
                       r"system calls|chunks|blocks)\b", re.I)
_RATE = re.compile(rf"\(\s*(?P<r>{_NUM})\s*(?P<ru>[KMGT]i?B/s)\s*\)", re.I)
_READ_VERBS = {"read", "received", "loaded"}
#: on a transfer line, the size of one request (``block=4096``, ``bs=1M``)
_REQUEST_KEYS = frozenset({"block", "blocksize", "bs", "chunk", "chunksize", "bufsize",
                           "buffersize", "buffer", "recordsize", "reclen", "requestsize",
                           "iosize", "xfersize", "transfersize"})
#: a size unit as printed (lower case) -> bytes
BYTE_UNITS = {"b": 1.0, "bytes": 1.0, "kb": 1e3, "kib": 1024.0, "mb": 1e6, "mib": 2.0**20,
          "gb": 1e9, "gib": 2.0**30}


def _transfer(line: str, no: int, path: Path, runs: _Runs) -> list[Metric] | None:
    """The bytes a transfer line says were read or written (``io.read_bytes`` /
    ``io.write_bytes``), the time it took (``io.time``), the printed rate
    (``io.throughput``), the request size (``io.request_bytes`` from ``block=``) and the
    calls (``syscall.calls`` of ``read``/``write``); None for other lines."""
    m = _TRANSFER.search(line)
    if m is None:
        return None
    reading = m["verb"].lower() in _READ_VERBS
    n = parse_number(m["n"])
    if n is None:
        return None
    trip = [("read_bytes" if reading else "write_bytes", n * BYTE_UNITS[m["u"].lower()], "B")]
    t = _IN_TIME.search(line, m.end())
    if t is not None:
        trip.append(("io_time", float(t["t"]), t["tu"]))
    r = _RATE.search(line, m.end())
    if r is not None:
        trip.append(("throughput", float(r["r"]), r["ru"]))
    for key, v, unit in _pairs(line[m.end():]):
        if norm_key(key) in _REQUEST_KEYS and (not unit or unit.lower() in BYTE_UNITS):
            trip.append(("request_bytes", v * BYTE_UNITS.get(unit.lower(), 1.0), "B"))
    out = _named(trip, None, no, path, runs)
    c = _IN_CALLS.search(line, m.end())
    if c is not None:
        out.append(Metric("syscall.calls", float(c["c"]), "count",
                          Scope(ScopeKind.FUNCTION, "read" if reading else "write"),
                          SourceRef(str(path), no), f"{m['verb']} calls"))
    return out


#: the time units a printed phase carries
_PHASE_UNITS = "s|sec|secs|seconds|ms|msec|us|usec"
# "smooth (parallel) 0.097 sec", "serial part: 1.2 s", "time in OpenMP region = 0.3 s": one
# timed phase that the program itself marks as run in parallel or serially
_PHASE = re.compile(rf"^\s*(?P<label>(?:[A-Za-z][\w ()\[\]/\-]*?[\s(\[])?(?P<w>parallel|serial|"
                    rf"sequential|openmp|omp)\b[\w ()\[\]/\-]*?)\s*[:=]?\s*(?P<num>{_NUM})\s*"
                    rf"(?P<unit>{_PHASE_UNITS})\s*$", re.I)
# "init: 1.50 s (serial)", "solve 0.10 s (parallel, 2 threads)": the mark after the time
_PHASE_AFTER = re.compile(rf"^\s*(?P<label>[A-Za-z][\w \-/]*?)\s*[:=]?\s*(?P<num>{_NUM})\s*"
                          rf"(?P<unit>{_PHASE_UNITS})\s*\(\s*(?P<w>parallel|"
                          rf"serial|sequential|openmp|omp)\b[^)]*\)\s*$", re.I)


# "wrote 60000 samples", "records written: 150000", "saved 2,000 rows": how many records the
# program wrote (a count of items, not bytes: bytes are _TRANSFER's)
_RECORD_WORDS = (r"(?:records?|lines?|rows?|samples?|entries|entry|items?|events?|particles?|"
                 r"values?)")
_RECORDS = re.compile(rf"\b(?:(?:wrote|written|saved|dumped|output|logged)\s+(?P<n1>\d[\d,]*)\s+"
                      rf"{_RECORD_WORDS}\b|{_RECORD_WORDS}\s+(?:written|saved|logged)\s*[:=]?\s*"
                      rf"(?P<n2>\d[\d,]*)\b)", re.I)


def _records(line: str, no: int, path: Path) -> Metric | None:
    """``io.records_written``: the records a program says it wrote; None for other lines."""
    m = _RECORDS.search(line)
    v = parse_number((m["n1"] or m["n2"]).replace(",", "")) if m else None
    if v is None:
        return None
    return Metric("io.records_written", v, "count", Scope(ScopeKind.PROCESS),
                  SourceRef(str(path), no), raw_name=m.group(0) if m else "")


def _phase(line: str, no: int, path: Path) -> Metric | None:
    """``time.parallel`` / ``time.serial``: the time of a phase the printout marks as parallel
    (``parallel``, ``OpenMP``) or serial (``serial``, ``sequential``); None for other lines."""
    m = _PHASE.match(line) or _PHASE_AFTER.match(line)
    if m is None or re.search(r"\b(?:efficiency|speedup|fraction|share)\b", m["label"], re.I):
        return None
    v = parse_number(m["num"])
    unit = UNITS.get(m["unit"].lower())
    if v is None or unit is None or unit[0] != "s":
        return None
    name = "time.serial" if m["w"].lower() in ("serial", "sequential") else "time.parallel"
    return Metric(name, v * unit[1], "s", Scope(ScopeKind.PROCESS), SourceRef(str(path), no),
                  raw_name=m["label"].strip())


# "2 threads: 1.60 sec", "1 thread : 2.00 sec", "4 ranks, 3.1 s": a count before its noun opens
# the line (the run's thread or rank count, never a thread's number); "sent 200000 messages of 8
# bytes", "received 100 messages (8 B each)": a message count after its verb, then their size
_COUNT_FIRST = re.compile(r"^\s*(?P<n>\d+)\s+(?P<noun>threads?|ranks?|process(?:es)?|procs?|"
                          r"cores?)\b\s*[:=,]?\s*", re.I)
#: the same count as a clause inside the line, after the program's name or a separator
_COUNT_CLAUSE = re.compile(r"(?P<sep>^\s*[A-Za-z][\w.\-]*\s*:\s*|[,;]\s*)(?P<team>team\s+of\s+)?"
                           r"(?P<n>\d+)\s+(?P<noun>threads|ranks)\b\s*[,;:]?", re.I)
_MSG_COUNT = re.compile(r"\b(?:sent|received|exchanged|posted)\s+(?P<n>\d[\d,]*)\s+(?:mpi\s+)?"
                        r"(?:messages|msgs)\b"
                        r"(?:\s*(?:of|\(|,)\s*(?P<b>\d+)\s*(?:B|bytes)\b(?:\s+each)?\)?)?", re.I)
# "spent 77% of its time in MPI", "42.5 % of the run time in communication": the MPI share
_MPI_PERCENT = re.compile(r"(?:\bspent\s+)?(?P<v>\d+(?:\.\d+)?)\s*%\s+of\s+(?:its|the|their)?\s*"
                          r"(?:run\s*|wall\s*|total\s*)?time\s+(?:spent\s+)?(?:in|inside|within)\s+"
                          r"(?:MPI|communication|comm)\b", re.I)
_COUNT_NOUN = {"thread": "threads", "threads": "threads", "rank": "ranks", "ranks": "ranks",
               "core": "threads", "cores": "threads"}


def _count_clause(c: re.Match[str]) -> str:
    """One :data:`_COUNT_CLAUSE` as ``noun=N,`` (the program's name before it dropped); a
    mid-line ``N procs`` is left alone (processors as often as processes)."""
    sep = ", " if c["sep"].strip().startswith((",", ";")) else ""
    if c["team"]:  # "team of 1 threads": the team its regions ran with, not the request
        return f"{sep}team_size={c['n']},"
    return f"{sep}{_COUNT_NOUN.get(c['noun'].lower(), 'ranks')}={c['n']},"


def _count_first(line: str) -> str:
    """``line`` with counts printed before their noun rewritten as ``noun=N`` pairs (``2
    threads: 1.6 s`` -> ``threads=2, 1.6 s``; ``sent 200000 messages of 8 bytes`` ->
    ``messages=200000, bytes_per_message=8``), so they read as the run's thread, rank or
    message count and not as a thread number or an unnamed value."""
    m = _COUNT_FIRST.match(line)
    if m is not None:
        noun = _COUNT_NOUN.get(m["noun"].lower(), "ranks")
        line = f"{noun}={m['n']}, {line[m.end():]}"
    else:  # after the program's name or a comma: "evhits: 2 threads, 120000 tracks: 0.22 s"
        line = _COUNT_CLAUSE.sub(_count_clause, line)

    def msgs(mm: re.Match[str]) -> str:
        out = f"messages={mm['n'].replace(',', '')},"
        return out + (f" bytes_per_message={mm['b']} B," if mm["b"] else "")

    line = _MPI_PERCENT.sub(lambda mm: f"mpi_time_share={float(mm['v']) / 100:g}", line)
    return _MSG_COUNT.sub(msgs, line)


#: a run's floating-point type named in its printout (``mode=long double``, ``real: float``)
_TYPE_NAMED = re.compile(
    r"\b(?:mode|type|precision|prec|real|dtype|kind|arith(?:metic)?|fp)\s*[=:]\s*"
    rf"(?P<t>{fptypes.printout_pattern()})(?![\w*(])", re.I)


def _type_named(line: str, no: int, path: Path, runs: _Runs) -> list[Metric]:
    """The floating-point type a run's line names, in bytes (``precision.type_bytes``, the
    line's run): runs of one program in two types side by side."""
    m = _TYPE_NAMED.search(line)
    if m is None:
        return []
    width = fptypes.type_bytes(m["t"])
    return [] if width is None else [Metric("precision.type_bytes", float(width), "B",
                                            runs.scope("precision.type_bytes"),
                                            SourceRef(str(path), no), m["t"])]


def _line_metrics(line: str, no: int, path: Path, runs: _Runs) -> tuple[list[Metric], bool]:
    """Metrics of one ``key=value`` / ``key: value unit`` line; second item: anything read."""
    got, read = _line_values(line, no, path, runs)
    typed = _type_named(line, no, path, runs) if read else []
    return got + typed, read


def _line_values(line: str, no: int, path: Path, runs: _Runs) -> tuple[list[Metric], bool]:
    scope: Scope | None = None
    # "rank 0: ... allgather 0.49 s received 320 MB": a rank's own values, its traffic in MPI,
    # not a file transfer line
    moved = None if _SCOPE_PREFIX.match(line) else _transfer(line, no, path, runs)
    if moved:
        return moved, True
    line = _count_first(line)
    phase = _phase(line, no, path)
    if phase is not None:
        return [phase], True
    records = _records(line, no, path)
    if records is not None:  # "records written: 150000 in 9.29s": the line's time as well
        return [records, *_line_values(_RECORDS.sub(" ", line), no, path, runs)[0]], True
    by_unit = _run_units(line, runs)
    if by_unit is not None:
        return _named(by_unit, None, no, path, runs), True
    inline = _inline_scoped(line) or _scoped_list(line)
    if inline is not None:
        runs.explicit = ""
        return [m for sc, pairs in inline for m in _named(pairs, sc, no, path, runs)], True
    pre = _prefixed(line)
    if pre is not None:
        scope, pairs = pre
    else:
        pairs = _best_pairs(line)
    if not pairs:
        return [], False
    runs.explicit = ""
    rest: list[tuple[str, float, str]] = []
    for key, v, unit in pairs:
        k = norm_key(key)
        if k in SCOPE_KEYS and float(v).is_integer():
            scope = Scope(SCOPE_KEYS[k], str(int(v)))
        elif k in RUN_KEYS and float(v).is_integer():
            runs.mark(int(v), k in REPEAT_KEYS)
        elif k in STEP_KEYS and float(v).is_integer() and scope is None:
            scope = Scope(ScopeKind.INTERVAL, f"step {int(v)}")
        else:
            rest.append((key, v, unit))
    return _named(rest, scope, no, path, runs), True


#: canonical rate units a printed key may be by itself (``GB/s= 19.2``): a bare ``s=`` or
#: ``MB=`` names a variable as often as a unit, a rate key never does
_RATE_UNITS = frozenset({"MB/s", "MFLOP/s", "MLUP/s"})


#: a byte rate whose unit is written into its key (``GBps``, ``bw_GB_s``, ``MB_per_s``); the
#: B of bytes upper case (``Gbps`` counts bits, a network's unit)
_KEY_RATE = re.compile(r"(?:^|[_\-.])(?P<u>[GMKT]i?B)(?:ps|_s|/s|_per_s|_per_sec|persec)$")


def _named(rest: list[tuple[str, float, str]], scope: Scope | None, no: int, path: Path,
           runs: _Runs) -> list[Metric]:
    """Metrics of a line's (key, value, unit) triples: canonical names where known."""
    out: list[Metric] = []
    sized: Scope | None = None  # "n=256 ... points=9677400": two sizes of one line, one run
    for key, v, unit in rest:
        if not math.isfinite(v):
            continue  # "1e999", a number of a thousand digits: no measurement
        if not unit and UNITS.get(key.lower(), ("", 1.0))[0] in _RATE_UNITS:
            unit = key  # "GB/s= 19.2", "MFLOP/s: 830": the key is its value's unit
        if not unit and (kr := _KEY_RATE.search(key.strip())) is not None:
            unit = kr["u"] + "/s"  # "GBps=8.10": the key's suffix is its unit
        per = per_item_unit(unit) or (per_item_unit(key) if not unit else None)
        if per is not None:  # "2663.7 ns/collision": what one operation costs, in seconds
            out.append(Metric("time.per_item", v * per[0], "s",
                              scope if scope is not None else runs.scope("time.per_item"),
                              SourceRef(str(path), no), raw_name=key))
            continue
        cu = UNITS.get(unit.lower(), ("", 1.0))[0]
        name = _name(key, cu)
        if not name:
            out.append(Metric(name=f"event.{key}", value=v, unit=unit, source=SourceRef(
                str(path), no), raw_name=key, scope=scope or Scope()))
            continue
        conv = _convert(name, v, unit, key)
        if conv is None:
            if not unit:  # "total 25690114.20": a value, never a time (no unit, no time word)
                out.append(Metric(name=f"event.{key}", value=v, unit="", source=SourceRef(
                    str(path), no), raw_name=key, scope=scope or Scope()))
            continue
        value, cunit = conv
        if scope is not None and scope.kind == ScopeKind.INTERVAL and name == "time.elapsed":
            name = "time.step"
        sc = scope if scope is not None else (
            sized if name == "scaling.size" and sized is not None else runs.scope(name))
        if name == "scaling.size":
            sized = sc
        out.append(Metric(name=name, value=value, unit=cunit, scope=sc,
                          source=SourceRef(str(path), no), raw_name=key))
    return _rank_times(out) if scope is not None and scope.kind == ScopeKind.RANK else out


#: a rank's time that holds its MPI time too (a step's, a run's, the wall clock's): no compute
_WHOLE = re.compile(r"^(?:total|overall|whole|all|step|steps|iter|iteration|loop|run|runtime|"
                    r"cycle)|time$|elapsed|wall|duration|clock")


#: a rank's own count of the bytes it moved in MPI (``moved 1200 MB``, ``bytes 19200000``,
#: ``sent 336 MB``): on a line of one rank its traffic, not a file's
_RANK_BYTES_KEYS = frozenset({"bytes", "bytessent", "sentbytes", "sent", "moved", "bytesmoved",
                              "traffic", "volume", "commbytes", "mpibytes"})


#: a byte count whose unit is in its key (``MB_sent``, ``sent_GB``): the scale of that unit
_SCALED_SENT = re.compile(r"^(?:(?P<a>[kmg]i?)b(?:ytes)?sent|sent(?P<b>[kmg]i?)b(?:ytes)?)$")


def _bytes(m: Metric) -> float | None:
    """A value in bytes: a count with no unit (``bytes 19200000``, ``MB_sent 604`` in MB) or a
    size unit."""
    if not m.unit:
        scaled = _SCALED_SENT.match(norm_key(m.raw_name))
        if scaled is not None:
            return m.value * BYTE_UNITS[(scaled["a"] or scaled["b"]) + "b"]
        return m.value if norm_key(m.raw_name).startswith("bytes") or norm_key(
            m.raw_name).endswith("bytes") else None
    scale = BYTE_UNITS.get(m.unit.lower())
    return m.value * scale if scale is not None else None


#: a rank's phase named for moving data between ranks (``transpose_s``, ``halo_exchange``,
#: ``comm``): on a line that also counts the bytes the rank sent, its time is MPI time
_COMM_PHASE = re.compile(r"^(?:comm|communication|exchange|haloexchange|halo|halos|ghosts?|"
                         r"transpose|transposes|redistribute|redistribution|swap|shift)$")


def _mpi_routines(raw: str) -> bool:
    """A key naming MPI routines only (``alltoall``, ``MPI_Alltoall``, ``gather+bcast``): on
    a line of one rank, their time is its time in MPI."""
    parts = [p for p in re.split(r"[+\s/&,]+", raw.strip()) if p]
    return bool(parts) and all((mc := _MPI_CALL.match(norm_key(p))) is not None
                               and not mc["what"] for p in parts)


def _rank_times(ms: list[Metric]) -> list[Metric]:
    """One rank's line read as its time in MPI and its compute, as :func:`_scoped_rows` reads
    a rank table: a timed MPI routine (``alltoall 0.23 s``, ``MPI_Alltoall 0.23 s``: on a
    line of one rank an MPI routine's name is one) is MPI time, several add up; beside MPI
    time, the one other timed value in the program's own words (``compute+pack 0.07 s``)
    is the rank's compute (``busy.time``), unless its words name a whole that holds the MPI
    time too (``step 1.2 s``, ``total``, ``wall``)."""
    def secs(m: Metric) -> float | None:
        conv = _convert("mpi.time", m.value, m.unit, m.raw_name)
        return conv[0] if conv is not None and conv[1] == "s" else None

    ms = [replace(m, name="mpi.bytes_sent", value=b, unit="B")
          if m.name.startswith("event.") and (norm_key(m.raw_name) in _RANK_BYTES_KEYS or
                                               _SCALED_SENT.match(norm_key(m.raw_name)))
          and (b := _bytes(m)) is not None else m for m in ms]
    moved = any(m.name == "mpi.bytes_sent" for m in ms)
    mpi = [m for m in ms if m.name == "mpi.time" or (
        m.name.startswith("event.") and (_mpi_routines(m.raw_name) or (
            moved and _COMM_PHASE.match(norm_key(m.raw_name)))) and secs(m) is not None)]
    if not mpi:
        return ms
    total = sum((m.value if m.name == "mpi.time" else secs(m) or 0.0) for m in mpi)
    first = mpi[0]
    merged = replace(first, name="mpi.time", value=total, unit="s",
                     raw_name=" + ".join(m.raw_name for m in mpi))
    out = [merged if m is first else m for m in ms if m is first or m not in mpi]
    other = [m for m in out if m.name.startswith("event.") and secs(m) is not None
             and not _WHOLE.search(norm_key(m.raw_name))]
    if len(other) == 1 and not any(m.name == "busy.time" for m in out):
        v = secs(other[0])
        out = [replace(m, name="busy.time", value=v, unit="s") if m is other[0] and v is not None
               else m for m in out]
    return out


#: a rule under a table's header: ``-----+------``, ``=== === ===``
_RULE_LINE = re.compile(r"^\s*[|+]?\s*[-=]{3,}[-=+|: \t]*$")


def _table_lines(lines: list[tuple[int, str]]) -> tuple[list[tuple[int, str]], set[int]]:
    """The lines a table reader sees: rules under a header dropped (their numbers returned),
    ``|``-separated cells turned into blank-separated ones, a header cell of several words
    (``cpu time [s]``) into one column name (``cpu_time[s]``)."""
    out: list[tuple[int, str]] = []
    rules: set[int] = set()
    for no, text in lines:
        if _RULE_LINE.match(text) and ("-" in text or "=" in text):
            rules.add(no)
            continue
        if "|" in text:
            cells = [c.strip() for c in text.strip().strip("|").split("|")]
            if len(cells) >= 2 and all(cells):
                text = " ".join(re.sub(r"\s+", "_", re.sub(r"\s+(?=[(\[])", "", c))
                                for c in cells)
        out.append((no, text))
    return out, rules


#: a table cell that holds no value (``-`` in the first row of a growth column, ``n/a``)
_NO_VALUE = re.compile(r"(?<!\S)(?:-{1,3}|—|n/?a|none|nan)(?!\S)", re.I)
#: the stand-in number for such a cell while the row is matched (read back as NaN)
_NO_VALUE_MARK = "-0.0000"
#: a ratio printed with its sign, ``4.01x``: the number is the ratio
_TIMES_SUFFIX = re.compile(r"(?<=\d)[x×](?!\S)")


def _plain_cells(text: str) -> str:
    """A table row with a ratio's ``x`` dropped and empty cells (``-``, ``n/a``) marked."""
    return _NO_VALUE.sub(_NO_VALUE_MARK, _TIMES_SUFFIX.sub("", text))


def _cell_number(text: str) -> float | None:
    """A row cell's value: NaN for a cell that held no value (see :func:`_plain_cells`)."""
    return math.nan if text == _NO_VALUE_MARK else parse_number(text)


def _size_column(cols: list[str], names: list[str],
                 rows: list[tuple[int, list[float]]]) -> bool:
    """The first column of a sweep table whose header word is no known size (``clusters``,
    ``chain``): it counts the problem's size when its whole values grow along the rows to at
    least twice the first, are no step counter (1, 2, 3...), and another column is a time."""
    if len(rows) < 2 or names[0] or norm_key(cols[0]) in STEP_KEYS | RUN_KEYS:
        return False
    vals = [r[0] for _, r in rows]
    if not all(float(v).is_integer() and v > 0 for v in vals):
        return False
    if any(b <= a for a, b in pairwise(vals)) or vals[-1] < 2 * vals[0]:
        return False
    if all(b - a == 1 for a, b in pairwise(vals)):
        return False  # a step or iteration counter
    return any(n in ("time.elapsed", "time.cpu") for n in names[1:])


#: an echoed command line between a table's rows (``$ ./porosity 256 2``)
_ECHOED_RUN = re.compile(r"^\s*\$\s+\S")
#: ``check 0.349057`` after a row's cells: a value the program prints beside its table
_ROW_TAIL = re.compile(r"(?:\s+[A-Za-z_][\w.\-]*\s*[:=]?\s*[-+]?\d[\d.eE+\-]*)+\s*$")


def _row_tail(text: str, n: int) -> str:
    """A table row without the ``word value`` pairs printed after its ``n`` cells (``32 900
    29491200 0.2235 7.58 3.17   check 0.349057``); the row unchanged otherwise."""
    m = _ROW_TAIL.search(text)
    if m is None or m.start() == 0:
        return text
    head = text[:m.start()]
    return head if _ROW.match(_plain_cells(head)) and len(head.split()) == n else text


def _row_width(text: str) -> int:
    """The number of cells of a numeric table row (its trailing ``word value`` pairs left
    out), 0 for a line that is no such row."""
    row = _plain_cells(text)
    m = _ROW_TAIL.search(row)
    head = row[:m.start()] if m is not None and m.start() > 0 else row
    return len(head.split()) if _ROW.match(head) else 0


def _table(lines: list[tuple[int, str]], path: Path) -> tuple[list[Metric], set[int]]:
    """Header+rows tables: each row a RUN-scoped sweep point (``threads=2``)."""
    out: list[Metric] = []
    lines, used = _table_lines(lines)
    rules = set(used)
    i = 0
    while i < len(lines):
        no, text = lines[i]
        h = _HEADER.match(_HEAD_UNIT.sub(r"\1", text))
        if not h:
            i += 1
            continue
        head = re.sub(r"[(\[][^()\[\]]*[)\]]", lambda b: b.group(0).replace(" ", "_"),
                      h.group(1).strip())  # "GB/s(24 B/update)": one column's header
        cols = [c for c in re.split(r"[ \t,]+", head) if c]
        rows: list[tuple[int, list[float]]] = []
        j = i + 1
        while j < len(lines):
            if rows and _ECHOED_RUN.match(lines[j][1]) and j + 1 < len(lines) and \
                    _row_width(lines[j + 1][1]) == len(cols):
                j += 1  # "$ ./prog 256 2" between rows of one table: the next run's row
                continue
            row, units = _cell_units(_plain_cells(_row_tail(lines[j][1], len(cols))))
            if not _ROW.match(row):
                break
            parsed = [_cell_number(t) for t in re.split(r"[ \t,]+", row.strip())]
            vals = [v for v in parsed if v is not None]
            if not rows and len(parsed) < len(cols) and len(vals) == len(parsed):
                # "rank  cells  body cells  compute(s)": a header word per value is not the
                # rule; the columns line up with the values under them
                cols = _aligned_cols(text, lines[j][1], len(parsed)) or cols
            if len(parsed) != len(cols) or len(vals) != len(parsed):
                break
            if not rows:  # "1  1.20 s  5.1 GB/s": the first row's cell units name the columns
                cols = [f"{c}({u})" if u and not _column_unit(c) else c
                        for c, u in zip(cols, units, strict=False)] + cols[len(units):]
            vals = [_rescale(v, u, _column_unit(c))  # "12 ms" under a column in s
                    for v, u, c in zip(vals, units + [""] * len(vals), cols, strict=False)]
            rows.append((lines[j][0], vals))
            j += 1
        names = [TABLE_KEYS.get(c.lower()) or _table_value_name(c) for c in cols]
        # a column counting the operations each run performed (queries, lookups): held fixed
        # over a size sweep, the time of one operation is what grows (as in ``_swept``)
        names = [n or ("scaling.ops" if norm_key(c) in OPS_KEYS else "") for n, c in
                 zip(names, cols, strict=True)]
        if any(math.isnan(v) for _, r in rows for v in r[:1]):
            rows = []  # a sweep point with no size or no thread count is no point
        if _size_column(cols, names, rows):
            names[0] = "scaling.size"
        names = _work_held(names, rows)
        keyed = [k for k, n in enumerate(names) if n.startswith("scaling.")]
        scoped = _scope_column(cols, names, rows)
        if scoped is not None:  # "thread busy_s" / "rank compute wait": one row per thread/rank
            out.extend(_scoped_rows(cols, names, rows, scoped, path))
            used.add(no)
            used.update(r for r, _ in rows)
        elif rows and keyed and any(n and not n.startswith("scaling.") for n in names):
            for rno, vals in rows:  # "ranks=2 threads=1": every sweep column names the run
                label = " ".join(f"{cols[k].lower()}={vals[k]:g}" for k in keyed)
                for c, (col, n) in enumerate(zip(cols, names, strict=True)):
                    if not n or math.isnan(vals[c]):
                        continue
                    conv = _convert(n, vals[c], _column_unit(col), col) \
                        if not n.startswith("scaling.") else (vals[c], "count")
                    if conv is None:
                        continue
                    out.append(Metric(name=n, value=conv[0], unit=conv[1],
                                      scope=Scope(ScopeKind.RUN, label),
                                      source=SourceRef(str(path), rno), raw_name=col))
            used.add(no)
            used.update(r for r, _ in rows)
        elif rows and norm_key(cols[0]) in STEP_KEYS and (grown := _step_rows(
                cols, names, rows, path)):
            out.extend(grown)  # "step grains step_s": the work grows step by step
            used.add(no)
            used.update(r for r, _ in rows)
        elif rows and norm_key(cols[0]) in RUN_KEYS and any(names[1:]):
            # "rep seconds MLUPS": repeats of one run, each row its own (RUN scope "rep 2")
            for rno, vals in rows:
                for c in range(1, len(cols)):
                    conv = _convert(names[c], vals[c], _column_unit(cols[c]), cols[c]) \
                        if names[c] and not math.isnan(vals[c]) else None
                    if conv is not None:
                        out.append(Metric(name=names[c], value=conv[0], unit=conv[1],
                                          scope=Scope(ScopeKind.RUN, f"{REPEAT}{vals[0]:g}"),
                                          source=SourceRef(str(path), rno), raw_name=cols[c]))
            used.add(no)
            used.update(r for r, _ in rows)
        i = max(j, i + 1)
    return out, used if used - rules else set()


#: a time column that adds up the steps so far, not the time of one step
_RUNNING = re.compile(r"^(?:total|cum|cumul|cumulative|accum|sofar|running|elapsed|wall)")


def _step_rows(cols: list[str], names: list[str], rows: list[tuple[int, list[float]]],
               path: Path) -> list[Metric]:
    """A table of one run's steps in which the work grows from step to step (``step grains
    step_s total_s``: grains added every step): each step a sweep point, its growing count
    ``scaling.size`` and its own time ``time.elapsed`` (RUN scope ``step=N``), so the step
    time is fitted against the work like a size sweep. A running total (``total_s``) is no
    step's time. Empty when no count column grows twofold, monotonically, or no column
    times one step."""
    if len(rows) < 3:
        return []

    def values(k: int) -> list[float]:
        return [r[k] for _, r in rows]

    timed = [k for k in range(1, len(cols)) if (names[k] == "time.elapsed" or
                                                 _timed_column(cols[k], names[k]))
             and not _RUNNING.match(norm_key(cols[k]))]
    grows = [k for k in range(1, len(cols)) if k not in timed and names[k] in ("",
                                                                               "scaling.size")
             and not _column_unit(cols[k]) and min(values(k)) > 0
             and max(values(k)) >= 2 * min(values(k))
             and all(a <= b for a, b in pairwise(values(k)))]
    if not timed or not grows:
        return []
    t, n = timed[0], grows[0]
    out: list[Metric] = []
    for rno, vals in rows:
        conv = _convert("time.elapsed", vals[t], _column_unit(cols[t]) or "s", cols[t])
        if conv is None or math.isnan(vals[t]):
            continue
        scope = Scope(ScopeKind.RUN, f"{cols[0].lower()}={vals[0]:g}")
        src = SourceRef(str(path), rno)
        out += [Metric("scaling.size", vals[n], "count", scope, src, cols[n]),
                Metric("time.elapsed", conv[0], conv[1], scope, src, cols[t])]
    return out


#: a size that grows by SWEPT_BY or more over a sweep is the size swept; one held within
#: HELD_WITHIN of itself meanwhile is the work each run did (``work.items``)
SWEPT_BY, HELD_WITHIN = 2.0, 1.3


def _held(series: dict[str, list[float]]) -> set[str]:
    """The keys of ``series`` (one size's values over a sweep's runs) held within
    ``HELD_WITHIN`` while another grows by ``SWEPT_BY`` or more; empty when none grows."""
    def ratio(vals: list[float]) -> float:
        pos = [v for v in vals if not math.isnan(v) and v > 0]
        return max(pos) / min(pos) if len(pos) == len(vals) >= 2 else 0.0

    r = {k: ratio(v) for k, v in series.items()}
    if not any(x >= SWEPT_BY for x in r.values()):
        return set()
    return {k for k, x in r.items() if 0 < x <= HELD_WITHIN}


def _work_held(names: list[str], rows: list[tuple[int, list[float]]]) -> list[str]:
    """Two size columns of a sweep, one growing (``n`` 32 to 256) and one about constant
    (``cells`` 29-34 M: within 1.3x): the constant one is the work each run did, held fixed
    by the sweep (``work.items``), the growing one the size swept."""
    sizes = [k for k, n in enumerate(names) if n == "scaling.size"]
    if len(sizes) < 2:
        return names
    held = _held({str(k): [r[k] for _, r in rows] for k in sizes})
    return ["work.items" if str(k) in held else n for k, n in enumerate(names)]


def _work_held_runs(metrics: list[Metric]) -> list[Metric]:
    """Two sizes printed on each run's line (``n=256 ... points=9677400``, then ``n=2048 ...
    points=12558348``), one growing twofold or more and one held within 1.3x: the held one
    is the work each run did (``work.items``), as :func:`_work_held` reads two size columns."""
    by: dict[str, list[Metric]] = {}
    for m in metrics:
        if m.name == "scaling.size" and m.scope.kind == ScopeKind.RUN:
            by.setdefault(m.raw_name, []).append(m)
    runs: dict[frozenset[str], dict[str, list[float]]] = {}
    for k, ms in by.items():  # sizes printed for the same runs are compared with each other
        runs.setdefault(frozenset(m.scope.name for m in ms), {})[k] = [m.value for m in ms]
    held = {k for series in runs.values() if len(series) > 1 for k in _held(series)}
    return [replace(m, name="work.items") if m.name == "scaling.size" and
            m.scope.kind == ScopeKind.RUN and m.raw_name in held else m for m in metrics]


def _aligned_cols(header: str, row: str, n: int) -> list[str] | None:
    """Column names of a header whose names hold spaces (``body cells``), read by position:
    each header word belongs to the first value that ends at or after it (numbers are
    printed right-aligned under their names); None unless every one of the row's ``n`` values
    gets a name and the header has no word past the last value."""
    words = [(m.group(), m.end()) for m in re.finditer(r"\S+", header.lstrip("#"))]
    shift = len(header) - len(header.lstrip("#"))
    ends = [m.end() for m in re.finditer(r"\S+", row)]
    if len(ends) != n or not words:
        return None
    groups: list[list[str]] = [[] for _ in range(n)]
    for w, end in words:
        k = next((i for i, e in enumerate(ends) if e >= end + shift - 1), None)
        if k is None:
            return None
        groups[k].append(w)
    if any(not g for g in groups):
        return None
    return [_HEAD_UNIT.sub(r"\1", " ".join(g)).replace(" ", "_") for g in groups]


# a unit printed apart in a header, "time (s)" / "bw [GB/s]": one column with its unit
_HEAD_UNIT = re.compile(r"\s+([(\[][A-Za-zµ/]+[)\]])")
_CELL = re.compile(rf"({_NUM})(?:\s*([A-Za-zµ%]+(?:/s)?))?(?=[\s,]|$)")


def _cell_units(text: str) -> tuple[str, list[str]]:
    """A table row with each cell's unit taken out (``1  1.20 s  5.1 GB/s`` -> ``1 1.20 5.1``
    and ``["", "s", "GB/s"]``); the row unchanged when a word in it is no known unit."""
    cells = list(_CELL.finditer(text))
    if not cells or not any(c[2] for c in cells) or any(
            c[2] and c[2].lower() not in UNITS for c in cells):
        return text, []
    if re.sub(_CELL, "", text).strip(" \t,"):
        return text, []
    return " ".join(c[1] for c in cells), [c[2] or "" for c in cells]


def _rescale(value: float, unit: str, column_unit: str) -> float:
    """A cell printed in its own unit expressed in its column's unit (same quantity only)."""
    cell, col = UNITS.get(unit.lower()), UNITS.get(column_unit.lower())
    if not unit or cell is None or col is None or cell[0] != col[0]:
        return value
    return value * cell[1] / col[1]


def _scope_column(cols: list[str], names: list[str],
                  rows: list[tuple[int, list[float]]]) -> ScopeKind | None:
    """The first column names one thread or rank per row (``thread``, ``rank``, ``tid``, with
    distinct integer ids from 0) and another column a known quantity: the rows are
    per-thread/rank values, not sweep points."""
    if not rows or not cols:
        return None
    kind = SCOPE_KEYS.get(norm_key(cols[0]))
    if kind is None or not any((n and not n.startswith("scaling.")) or _timed_column(c, n)
                               for c, n in zip(cols[1:], names[1:], strict=True)):
        return None
    ids = [r[0] for _, r in rows]
    if not all(float(v).is_integer() for v in ids) or len(set(ids)) != len(ids):
        return None
    # OpenMP thread numbers and MPI ranks start at 0; a sweep never runs 0 threads ("thread
    # time" rows 1, 2, 4 are a sweep)
    return kind if min(ids) == 0 else None


def _scoped_rows(cols: list[str], names: list[str], rows: list[tuple[int, list[float]]],
                 kind: ScopeKind, path: Path) -> list[Metric]:
    """One metric per named cell of each thread's or rank's row. Columns of one quantity add
    up (``MPI_Gather(s)`` and ``MPI_Bcast(s)`` are the rank's time in MPI); in a rank table
    that times MPI, the one other timed column in the program's own words (``update(s)``) is
    the rank's compute."""
    names = list(names)
    timed = [c for c in range(1, len(cols)) if _timed_column(cols[c], names[c])]
    if kind == ScopeKind.RANK and len(timed) == 1 and "busy.time" not in names and any(
            n in ("mpi.time", "mpi.wait_time") for n in names):
        names[timed[0]] = "busy.time"
    timers = ("busy.time", "time.elapsed", "time.cpu", "mpi.time", "mpi.wait_time")
    if kind == ScopeKind.THREAD and len(timed) == 1 and not any(n in timers for n in names):
        names[timed[0]] = "busy.time"  # "thread cells substeps loop_s": the thread's own timer
    out: list[Metric] = []
    for rno, vals in rows:
        scope = Scope(kind, str(int(vals[0])))
        got: dict[str, Metric] = {}
        for c in range(1, len(cols)):
            n = names[c]
            if not n or n.startswith("scaling.") or math.isnan(vals[c]):
                continue
            conv = _convert(n, vals[c], _column_unit(cols[c]), cols[c])
            if conv is None:
                continue
            old = got.get(n)
            if old is not None and old.unit == conv[1] == "s":
                got[n] = replace(old, value=old.value + conv[0],
                                 raw_name=f"{old.raw_name} + {cols[c]}")
            elif old is None:
                got[n] = Metric(name=n, value=conv[0], unit=conv[1], scope=scope,
                                source=SourceRef(str(path), rno), raw_name=cols[c])
        out.extend(got.values())
    return out


def _timed_column(col: str, name: str) -> bool:
    """A column of no known quantity whose header names a time unit (``update(s)``,
    ``loop_s``, ``wait[ms]``): a timer in the program's own words."""
    if name:
        return False
    unit = _column_unit(col) or (m.group(0).strip("_()[]") if (m := _TIME_SUFFIX.search(
        col.lower())) else "")
    return UNITS.get(unit.lower(), ("", 1.0))[0] == "s"


def _column_unit(col: str) -> str:
    """The unit a table column names (``GB/s``, ``bw(GB/s)``, ``rate[MFLOP/s]``), else ""."""
    m = re.fullmatch(r"(?:.*?[(\[])?([A-Za-zµ]+(?:/s)?)[)\]]?", col.strip())
    unit = m.group(1) if m else ""
    return unit if unit.lower() in UNITS and ("/" in unit or col.strip() != unit) else ""


def _table_value_name(col: str) -> str:
    k = norm_key(col)
    name = KEYS.get(k, "")
    unit = _column_unit(col)
    if not name and unit:  # a column headed by its unit: "GB/s" is the run's bandwidth
        name = _name(re.sub(r"[(\[].*$", "", col) or col, UNITS[unit.lower()][0])
    if name in {"threads.requested"}:
        return "scaling.threads"
    if name in {"ranks.count"}:
        return "scaling.ranks"
    return name


#: a command line the printout echoes after a shell prompt: what was run
_SHELL_COMMAND = re.compile(r"^\s*[$%]\s+(?P<cmd>\S.*)$")


def _repeated_command(metrics: list[Metric], path: Path) -> list[Metric]:
    """Runs of one command line echoed again and again (``$ ./kinetics 4000 400`` before each
    of three or more runs, nothing swept between them) are repeats of one run: their RUN
    scopes become ``rep N`` (``derive.REPEAT``), so their spread is the machine's noise. Runs
    whose sizes, thread counts or command lines differ stay a sweep."""
    cmds: list[str] = []
    for _no, line in iter_lines(path):
        m = _SHELL_COMMAND.match(line)
        if m is not None:
            cmds.append(" ".join(simple_command(m["cmd"]).split()))
    runs = {m.scope.name for m in metrics if m.scope.kind == ScopeKind.RUN
            and m.name == "time.elapsed" and m.scope.name.startswith("run ")}
    if len(cmds) < 3 or len(set(cmds)) != 1 or len(runs) != len(cmds):
        return metrics
    swept = {m.name for m in metrics if m.scope.kind == ScopeKind.RUN
             and (m.name.startswith("scaling.") or m.name == "threads.requested")}
    for name in swept:
        if len({m.value for m in metrics if m.name == name
                and m.scope.kind == ScopeKind.RUN}) > 1:
            return metrics
    return [replace(m, scope=Scope(ScopeKind.RUN, REPEAT + m.scope.name.removeprefix("run ")))
            if m.scope.kind == ScopeKind.RUN and m.scope.name in runs else m for m in metrics]


def echoed_command(path: Path, lines: int = 200) -> tuple[str, dict[str, str]]:
    """The first command line a printout echoes after a shell prompt (``$ mpirun -np 2
    ./hybheat 256``) among its first ``lines``: what was run, so data requests and other
    inputs' per-task reports name the user's program ('' when none); and the environment
    settings written before the program (``env OMP_NUM_THREADS=2 ./a``) that every echoed
    run shares: the run's own settings (a sweep's differing thread counts are none)."""
    from perfscout.ingest.program_name import program_of

    first = ""
    shared: dict[str, str] | None = None
    for no, line in iter_lines(path):
        if no > lines:
            break
        m = _SHELL_COMMAND.match(line)
        if m is None:
            continue
        words = simple_command(m["cmd"]).split()
        env: dict[str, str] = {}
        while words and (words[0] == "env" or "=" in words[0]):
            if "=" in words[0]:  # "env OMP_NUM_THREADS=2 ./a": the program runs with a setting
                k, _, v = words[0].partition("=")
                env[k] = v.strip("'\"")
            words = words[1:]
        prog = program_of(" ".join(words))
        if not prog or prog in NOT_A_RUN:
            continue
        first = first or " ".join(words)
        shared = env if shared is None else {k: v for k, v in shared.items() if env.get(k) == v}
    return first, shared or {}


#: a line opened by a word and a colon or blank (``neutron grid=2500 ...``, ``cropyield:
#: cells=...``)
_TAG = re.compile(r"^\s*(?P<tag>[A-Za-z_][\w.\-]*):?\s+(?=\S)")


def untagged(line: str, programs: set[str]) -> str:
    """``line`` without the program's name it opens with (``neutron grid=2500 ...`` after
    ``$ ./neutron``; ``cropyield:`` printed by ``./cropyield_once`` too): the name tags the
    line, it is no word of the first value's label (``neutron grid`` is the ``grid``)."""
    m = _TAG.match(line) if programs else None
    if m is None or len(m["tag"]) < 3 or not any(p.startswith(m["tag"]) for p in programs):
        return line
    rest = line[m.end():]
    return rest if re.search(r"\d", rest) else line


def _read(path: Path, family: str
          ) -> tuple[list[Metric], Placement, Unparsed, int, list[tuple[str, list[str]]]]:
    lines = list(iter_lines(path))
    builds: list[tuple[str, list[str]]] = []  # compile lines echoed before the runs
    placement = Placement()
    unparsed = Unparsed()
    runs = _Runs()
    table, used = _table(lines, path)
    metrics: list[Metric] = list(table)
    system = SystemLines(path)  # uptime, top -H, ps... pasted into the printout
    monitored = MonitoringLines(path)  # Open MPI monitoring printed on the job's stdout
    read = 0
    programs: set[str] = set()  # the programs the printout's echoed commands ran
    for no, line in lines:
        if no in used:
            continue
        echoed = _SHELL_COMMAND.match(line)
        if echoed is not None:
            ran = program_of(simple_command(echoed["cmd"]))
            if ran and ran not in NOT_A_RUN:
                programs.add(ran)
        line = untagged(line, programs)
        if read_runtime_line(line, no, placement):
            read += 1
            continue
        if monitored.line(no, line):
            read += 1
            continue
        built = compiler_command(line.lstrip("#").strip())
        if built is not None:  # "# g++ -O3 -march=native x.c -o x": how the runs were built
            builds.append(built)
            read += 1
            continue
        if system.line(no, line):
            read += 1
            continue
        timed = time_line_metrics(line, no, str(path))
        if timed:  # the shell's time report after the output: OS accounting, not the program
            metrics.extend(replace(m, family="os_accounting") for m in timed)
            read += 1
            continue
        ms, ok = _line_metrics(normalise(line), no, path, runs)
        if ok:
            metrics.extend(ms)
            read += 1
        elif line.strip():
            unparsed.add(no)
    metrics.extend(placement_metrics(placement, path, "runtime_report"))
    metrics.extend(replace(m, family="runtime_report") for m in monitored.metrics)
    system.finish()
    metrics.extend(replace(m, family="os_accounting") for m in system.metrics)
    metrics.extend(_steps_total(metrics, path))
    metrics.extend(_lone_time(metrics))
    swept = _swept(metrics)
    if any(m.name == "scaling.size" for m in swept):  # "samples 100000 window 51..401": the
        # size printed alike in every run is the work held fixed, the growing count the sweep
        metrics = [replace(m, name="scaling.ops") if m.name == "scaling.size" else m
                   for m in metrics]
    metrics.extend(swept)
    metrics = _work_held_runs(metrics)
    metrics = _repeated_command(metrics, path)
    metrics.extend(summarise_repeats(metrics))
    metrics.extend(ab_metrics(lines, str(path)))  # the program's own A/B of one factor
    return metrics, placement, unparsed, read + len(used), builds


#: a run's time, or the time of one of its phases: with any of them printed, an unknown label
#: with seconds is one more phase
_PHASES = frozenset({"time.elapsed", "time.step", "io.time", "mpi.time", "mpi.wait_time",
                     "busy.time", "time.parallel", "time.serial"})


def _lone_time(metrics: list[Metric]) -> list[Metric]:
    """The run's time when the printout names it in its own words (``transform 0.17 s``): a
    file with no time of the run whose process-scope seconds all carry one label (or one label
    printed on several lines, the others once) reads that label as the time of each run (the
    k-th printed value is run k)."""
    if any(m.name in _PHASES for m in metrics):
        return []  # "solve=0.001 s output=0.24 s": phases of a run, not the run
    def unit(m: Metric) -> str:  # "scale_cpu_s= 0.0013": the key's suffix names the unit
        return (m.unit or key_unit(m.raw_name)).lower()

    timed = [m for m in metrics if m.name.startswith("event.") and m.scope.kind ==
             ScopeKind.PROCESS and UNITS.get(unit(m), ("", 1.0))[0] == "s"]
    counts = Counter(norm_key(m.raw_name) for m in timed)
    repeated = [k for k, n in counts.items() if n > 1]
    key = next(iter(counts)) if len(counts) == 1 else repeated[0] if len(repeated) == 1 else ""
    if not key:
        return _wall_phases(timed, counts, unit)
    return [replace(m, name="time.elapsed", unit="s", scope=Scope(ScopeKind.RUN, f"run {k}"),
                    value=m.value * UNITS[unit(m)][1])
            for k, m in enumerate((m for m in timed if norm_key(m.raw_name) == key), 1)]


#: a printed phase timed by the wall clock (``draw_wall=0.51 s``, ``score_elapsed: 0.02 s``)
_WALL_PHASE = re.compile(r"(?:wall|walltime|elapsed|wallclock)$")


def _wall_phases(timed: list[Metric], counts: Counter[str],
                 unit: Callable[[Metric], str]) -> list[Metric]:
    """The run's time as the sum of its wall-clock phases when the printout times every phase
    by the wall clock, prints each of them the same number of times (once per run, two or
    more) and prints no time of the whole run (``draw_wall=0.511 s score_wall=0.021 s`` per
    run): the k-th value of every phase is run k's."""
    if len(counts) < 2 or len(set(counts.values())) != 1 or next(iter(counts.values())) < 2 \
            or not all(_WALL_PHASE.search(k) for k in counts):
        return []
    per_run: dict[str, list[Metric]] = {}
    for m in timed:
        per_run.setdefault(norm_key(m.raw_name), []).append(m)
    out = []
    for k, ms in enumerate(zip(*per_run.values(), strict=True), 1):
        out.append(replace(ms[0], name="time.elapsed", unit="s", raw_name="sum of " + ", ".join(
            m.raw_name for m in ms), scope=Scope(ScopeKind.RUN, f"run {k}"), stat="sum",
            value=sum(m.value * UNITS[unit(m)][1] for m in ms)))
    return out


def _swept(metrics: list[Metric]) -> list[Metric]:
    """The sweep of a file holding several runs (one ``time=`` each) whose size key has no
    canonical name (``detectors=1000 ... time=0.04 s``, then 2000, 4000): the one count printed
    once per run that grows by a factor of two or more, in order, is the run's
    ``scaling.size`` (also when the printed size is alike in every run: it is then the work
    held fixed); an operation count (``events=100000``) printed alike in every run is the
    work the sweep holds fixed (``scaling.ops``)."""
    times = [m for m in metrics if m.name == "time.elapsed" and m.scope.kind == ScopeKind.RUN]
    if len(times) < 2:  # "clusters=4000 cpu_s=0.0132": a sweep timed by its CPU time alone
        times = [m for m in metrics if m.name == "time.cpu" and m.scope.kind == ScopeKind.RUN]
    if len(times) < 2:
        return []
    keyed: dict[str, list[Metric]] = {}
    for m in metrics:
        if m.name.startswith("event.") and not m.unit and m.scope.kind == ScopeKind.PROCESS:
            keyed.setdefault(norm_key(m.raw_name), []).append(m)
    keyed = {k: ms for k, ms in keyed.items() if len(ms) == len(times)}
    out: list[Metric] = []

    def per_run(name: str, ms: list[Metric]) -> list[Metric]:
        return [replace(m, name=name, unit="count", scope=t.scope)
                for m, t in zip(ms, times, strict=True)]

    sized = len({m.value for m in metrics if m.name == "scaling.size"}) > 1
    # "events=3000 pairs=4498500": the pairs grow as the square of the events; sized by those
    grows = [ms for k, ms in keyed.items() if _geometric(ms) and k not in PAIR_KEYS]
    if len(grows) > 1 and all(_proportional(grows[0], ms) for ms in grows[1:]):
        grows = grows[:1]  # "observations=50000 distinct=5000": one size, the first printed
    elif len(grows) > 1 and all(_growth(grows[0]) <= _growth(ms) * 1.25 for ms in grows[1:]):
        # "reads=4000 ... duplicates=200": the first printed count, which grows no slower than
        # about the others, is the size (the others count what the run found in it)
        grows = grows[:1]
    if not sized and len(grows) == 1:
        out += per_run("scaling.size", grows[0])
        sized = True
    for k, ms in keyed.items():
        if sized and k in OPS_KEYS and len({m.value for m in ms}) == 1 and ms[0].value > 0:
            out += per_run("scaling.ops", ms)
    return out


def _growth(ms: list[Metric]) -> float:
    """Last over first of a count printed once per run."""
    return ms[-1].value / ms[0].value if ms[0].value > 0 else math.inf


def _proportional(a: list[Metric], b: list[Metric]) -> bool:
    """Two counts printed per run that keep one ratio (within 1%): the same size, counted
    twice (items and the distinct keys among them)."""
    ratios = [y.value / x.value for x, y in zip(a, b, strict=True) if x.value > 0]
    return len(ratios) == len(a) and max(ratios) <= min(ratios) * 1.01


def _geometric(ms: list[Metric]) -> bool:
    """Whole counts strictly increasing in print order, the last at least twice the first."""
    vals = [m.value for m in ms]
    return (all(float(v).is_integer() and v > 0 for v in vals)
            and all(b > a for a, b in pairwise(vals)) and vals[-1] >= 2 * vals[0])


def _steps_total(metrics: list[Metric], path: Path) -> list[Metric]:
    """The run's time as the sum of its printed step times, when the printout gives steps
    but no time of the whole run."""
    steps = [m for m in metrics if m.name == "time.step"]
    if not steps or any(m.name == "time.elapsed" for m in metrics):
        return []
    return [Metric("time.elapsed", sum(m.value for m in steps), "s", Scope(ScopeKind.PROCESS),
                   SourceRef(str(path), steps[0].source.line if steps[0].source else None),
                   raw_name=f"sum of {len(steps)} steps", stat="sum")]


def _known(head: str) -> int:
    """How many lines of ``head`` hold a value this adapter names canonically."""
    hits = 0
    for line in head.splitlines()[:400]:
        if (time_line_metrics(line, 0, "") or _run_units(line, _Runs()) is not None
                or _TRANSFER.search(line)):
            hits += 1
            continue
        pre = _prefixed(line)
        for key, _v, unit in (pre[1] if pre is not None else _pairs(line)):
            cu = UNITS.get(unit.lower(), ("", 1.0))[0]
            if _name(key, cu) or norm_key(key) in SCOPE_KEYS:
                hits += 1
                break
    return hits


def printout_lines(head: str) -> int:
    """How many lines of ``head`` are a program's own printout of a canonical quantity
    (``key=value`` / ``key: value unit`` with a known key or unit), the shell's time lines
    aside: another adapter that meets them leaves the file to this one."""
    hits = 0
    system = SystemLines(Path(""))
    for no, line in enumerate(head.splitlines()[:400], 1):
        if system.line(no, line):
            continue  # top's "%Cpu(s): 0.0 us" is no printout
        if _run_units(line, _Runs()) is not None or _TRANSFER.search(line):
            hits += 1
            continue
        pre = _prefixed(line)
        for key, _v, unit in (pre[1] if pre is not None else _pairs(line)):
            cu = UNITS.get(unit.lower(), ("", 1.0))[0]
            if _name(key, cu):
                hits += 1
                break
    return hits


def _measured_lines(head: str) -> tuple[int, int]:
    """(lines holding a pair with a known unit, lines holding any pair): a file whose lines are
    mostly ``sort_time 5.9 s`` / ``field: 128 MB`` pairs is program output even when no key is a
    canonical name."""
    with_unit = with_pair = 0
    for line in head.splitlines()[:400]:
        pre = _prefixed(line)
        pairs = pre[1] if pre is not None else _best_pairs(line)
        if pairs:
            with_pair += 1
            with_unit += any(u.lower() in UNITS for _k, _v, u in pairs)
    return with_unit, with_pair


def _scoped_measured(head: str) -> bool:
    """Some line of ``head`` gives one rank or thread (``rank 1: ...``, ``thread 0 ...``) a
    value with a known unit: a program's per-rank printout, whatever its keys are named."""
    for line in head.splitlines()[:400]:
        pre = _prefixed(line)
        if pre is not None and pre[0].kind in (ScopeKind.RANK, ScopeKind.THREAD) and any(
                u.lower() in UNITS for _k, _v, u in pre[1]):
            return True
    return False


def _progress_log(lines: list[str]) -> bool:
    """Three or more lines naming the same unit-less values (``particle 199997 done x=19999.7``
    again and again): a progress log, no measured quantity; a summary names each value once."""
    keys = {tuple(k for k, _v, _u in _best_pairs(ln)) for ln in lines[:400]}
    return len(lines) >= 3 and len(keys) == 1


def _placement_lines(head: str) -> int:
    pl = Placement()
    return sum(read_runtime_line(line, 0, pl) for line in head.splitlines()[:400])


@register_adapter
class ProgramOutputAdapter(Adapter):
    """A program's own printout (see module docstring)."""

    name = "program-output"
    description = "metrics a program prints (key=value, key: value unit, sweep tables)"
    family = "program"

    def sniff(self, head: str, path: Path) -> float:
        if path.is_dir() or "\x00" in head[:4096]:
            return 0.0
        lines = [ln for ln in head.splitlines() if ln.strip()]
        plain = "\n".join(normalise(ln) for ln in head.splitlines()[:400])
        known = _known(plain)
        shown = [t for _n, t in _table_lines(list(enumerate(lines)))[0]]
        table = any(_HEADER.match(_HEAD_UNIT.sub(r"\1", a)) and _ROW.match(_cell_units(
            _plain_cells(_row_tail(b, len(a.split()))))[0]) for a, b in pairwise(shown))
        if known == 0 and not table:
            with_unit, with_pair = _measured_lines(plain)
            declined = not lines or (with_pair * 2 < len(lines) and with_unit * 3 < len(
                lines)) or (with_unit == 0 and with_pair < len(lines))
            # a program's own A/B (a table of modes with its times) is a measurement too
            if (declined or with_unit == 0) and not ab_metrics(list(enumerate(lines, 1)),
                                                               str(path)):
                if declined:  # a file is declined only when no line holds a measured number
                    bearing = any(metric_bearing(ln) for ln in plain.splitlines())
                    return 0.05 if bearing and not is_topology(head) else 0.0
                # "paths 1000000  transmitted fraction 0.0128": values only
                return 0.1 if not is_topology(head) and not _progress_log(lines) else 0.0
        if is_topology(head):
            return 0.0  # snapshot input: the registry says which command reads it
        return 0.25  # the generic reader: every specific format outranks it

    def parse(self, path: Path) -> Profile:
        return printout_profile(path, _read(path, self.family))


def printout_profile(path: Path, got: tuple[list[Metric], Placement, Unparsed, int,
                                            list[tuple[str, list[str]]]]) -> Profile:
    """The printout profile of what :func:`_read` read from ``path`` (read once, whichever
    adapter detected the file)."""
    metrics, placement, unparsed, _read_n, builds = got
    if not metrics:  # values with no unit are read too: counts are facts, not a failure
        raise ParseError(str(path), None, "program metrics like 'time=1.2 s' or "
                         "'bandwidth: 28.4 GB/s', or a header with numeric rows")
    meta = {k: v for k, (v, _n) in placement.env.items()}
    command, settings = echoed_command(path)
    if command:  # the program's command line, as the printout echoes it
        meta["command"] = command
    for k, v in settings.items():  # what its runs were started with, unless it printed them
        meta.setdefault(k, v)
    if builds:  # the build facts of the compile lines the printout echoes
        meta.update({k: v for k, v in build_meta(builds).items() if k not in meta})
    return Profile(format=ProgramOutputAdapter.name, path=str(path),
                   metrics=tuple(metrics), meta=meta, unparsed_lines=unparsed.count,
                   unparsed_examples=unparsed.examples, notes=tuple(sorted(placement.kinds)))


@register_adapter
class RuntimeReportAdapter(Adapter):
    """Stand-alone runtime placement reports (see module docstring)."""

    name = "runtime-report"
    description = ("OMP_DISPLAY_ENV/OMP_DISPLAY_AFFINITY, Open MPI --report-bindings, "
                   "srun --cpu-bind=verbose, taskset -p, numactl --show")
    family = "runtime_report"

    def sniff(self, head: str, path: Path) -> float:
        if path.is_dir():
            return 0.0
        n = _placement_lines(head)
        if n == 0:
            return 0.0
        # program values too (a known key, or a rank's or thread's own timed values such as
        # ``rank 1: cells=152556 solve=0.02 s``): program-output reads both
        return 0.2 if _known(head) or _scoped_measured(head) else 0.5

    def parse(self, path: Path) -> Profile:
        placement = Placement()
        unparsed = Unparsed()
        for no, line in iter_lines(path):
            if not read_runtime_line(line, no, placement) and line.strip():
                unparsed.add(no)
        if not placement.kinds:
            raise ParseError(str(path), None, "runtime placement lines (MCW rank N bound to, "
                             "OMP_NUM_THREADS = '2', level 1 thread ... affinity 0)")
        if unparsed.count:
            # the program's own lines between the runtime's (OMP_DISPLAY_ENV printed before
            # "radxfer: team of 1 threads ... 0.341 s"): read as a printout, both families kept
            both = _read(path, ProgramOutputAdapter.family)
            if any(m.family != self.family and not m.name.startswith(RAW_EVENT_PREFIX)
                   for m in both[0]):
                return printout_profile(path, both)
        metrics = placement_metrics(placement, path, self.family)
        meta = {k: v for k, (v, _n) in placement.env.items()}
        return Profile(format=self.name, path=str(path), metrics=tuple(metrics), meta=meta,
                       unparsed_lines=unparsed.count, unparsed_examples=unparsed.examples,
                       notes=tuple(sorted(placement.kinds)))


def beside_report(path: Path, report: set[int]) -> list[Metric]:
    """What the lines of a tool's report file outside the report say (the program's printout
    the user kept with it, the runtime's placement lines), read as this adapter reads a
    printout; nothing when they hold no metric. A value taken from a report line is left out
    (the report's own reading of it stands). Used by the adapters of reports that wrap a run
    (``/usr/bin/time -v``, ``strace -c``)."""
    try:
        got = _read(path, "program")[0]
    except (ParseError, ValueError):
        return []
    return [replace(m, family=m.family or "program") for m in got
            if m.source is None or m.source.line not in report]
