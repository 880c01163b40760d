"""Helpers the rules share: machine ceilings, run time, thread counts and hotspot categories."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from perfscout.diagnose.engine import Context, Located
from perfscout.model.metrics import Hotspot, Profile, ScopeKind, SourceRef
from perfscout.model.symbols import MPI_MODULES, is_mpi_name

NET_BENCH = ("osu", "imb")

IO_PREFIXES = ("parse", "read", "write", "fscanf", "scanf", "sscanf", "fprintf", "printf",
               "getline", "fgets", "fgetc", "getc", "fputs", "fputc", "fread", "fwrite",
               "strtod", "strtol", "strtof", "atof", "atoi", "istream", "ostream", "ifstream",
               "ofstream", "h5", "fopen", "fclose", "tokeni", "lexer", "deserial", "serial")
IO_EXACT = frozenset({"io", "input", "output", "open", "close", "lseek", "pread", "pwrite"})
#: words that begin like an I/O prefix but name a state, not a transfer (``_M_ready``, a
#: ``readonly`` flag, ``isWritable``)
NOT_IO_WORDS = frozenset({"ready", "readiness", "readonly", "readable", "writable",
                          "writeable"})
MPI_WAIT = ("wait", "barrier", "allreduce", "reduce", "bcast", "alltoall", "allgather",
            "gather", "scatter", "probe", "progress", "test", "recv_wait", "scan")


def item_word(raw_name: str) -> str:
    """What a time-per-item metric is per, from the name it was printed under
    (``ns/collision`` -> ``collision``, ``us_per_score`` -> ``score``); ``item`` when the name
    does not say."""
    from perfscout.ingest.adapters.program_output import per_item_unit

    got = per_item_unit(raw_name)
    return got[1] if got is not None else "item"


def tokens(name: str) -> list[str]:
    """Identifier words of a function name: ``readInput`` -> read, input; ``MPI_Wait`` ->
    mpi, wait."""
    spaced = re.sub(r"([a-z0-9])([A-Z])", r"\1 \2", name)
    return [t for t in re.split(r"[^a-z0-9]+", spaced.lower()) if t]


def is_mpi_wait(name: str) -> bool:
    toks = tokens(name)
    return is_mpi_name(name) and any(t.startswith(MPI_WAIT) for t in toks[1:] or toks)


# the progress engine and transport polling loops: a rank sitting here is waiting for a peer
PROGRESS_MODULES = ("libopen-pal", "mca_btl", "mca_pml", "mca_coll", "libpsm", "libucp",
                    "libuct", "libucs", "libfabric", "libinfinipath")


def _module(h: Hotspot) -> str:
    return h.module.rsplit("/", 1)[-1].lower()


def hot_is_mpi(h: Hotspot) -> bool:
    """A hotspot inside MPI: an MPI function by name, or any code of an MPI library (symbols
    of the library's components are often stripped, leaving bare addresses)."""
    return is_mpi_name(h.name) or _module(h).startswith(MPI_MODULES)


def hot_is_mpi_wait(h: Hotspot) -> bool:
    """Waiting inside MPI: a Wait/Barrier/collective function, or the progress engine and
    transport polling code where a busy-waiting rank spends its samples."""
    if is_mpi_wait(h.name) or "progress" in h.name.lower():
        return hot_is_mpi(h)
    return _module(h).startswith(PROGRESS_MODULES)


def is_io(name: str) -> bool:
    """A routine that reads, writes, opens or parses data by its name's words (MPI's own
    routines aside, except MPI-IO); words of state (``ready``, ``readonly``) are not I/O."""
    if is_mpi_name(name) and not name.lower().startswith("mpi_file"):
        return False
    for t in tokens(name):
        if t in NOT_IO_WORDS:
            continue
        if t in IO_EXACT or t.startswith(IO_PREFIXES) or (t.startswith("mpi") and "file" in t):
            return True
    return name.lower().startswith("mpi_file")


@dataclass(frozen=True)
class Share:
    """A category's share of one profile's WHOLE total, with the entries that make it up."""

    share: float
    profile: Profile
    entries: tuple[tuple[Hotspot, float], ...]


def hotspot_shares(h_profile: Profile) -> list[tuple[Hotspot, float]]:
    """Every hotspot with its self share of the profile total (all entries, not the head)."""
    total_m = h_profile.first("profile.total")
    total = total_m.value if total_m is not None and total_m.value > 0 else sum(
        h.self_value or 0.0 for h in h_profile.hotspots)
    out = []
    for h in h_profile.hotspots:
        if h.self_share is not None:
            out.append((h, h.self_share))
        elif h.self_value is not None and total > 0:
            out.append((h, h.self_value / total))
    return out


def category_share(ctx: Context, pred: Callable[[Hotspot], bool]) -> Share | None:
    """The largest share of hotspots matching ``pred`` over any one profile's whole total."""
    best: Share | None = None
    seen: set[int] = set()
    for _, p in ctx.hotspots():
        if id(p) in seen:
            continue
        seen.add(id(p))
        entries = tuple((h, s) for h, s in hotspot_shares(p) if pred(h))
        if not entries:
            continue
        total = sum(s for _, s in entries)
        if best is None or total > best.share:
            best = Share(total, p, entries)
    return best


def mem_bench_runs(ctx: Context) -> list[Located]:
    """Every measured memory-bandwidth run (STREAM, likwid-bench files holding several runs),
    slowest first."""
    cands = [loc for loc in ctx.all("bench.bandwidth")
             if not any(n in loc.profile.format.lower() for n in NET_BENCH)
             and loc.profile.first("bench.msg_size") is None]
    return sorted(cands, key=lambda c: c.value)


def mem_bench(ctx: Context) -> Located | None:
    """The highest measured memory bandwidth (STREAM, likwid-bench), the machine's own ceiling."""
    runs = mem_bench_runs(ctx)
    return runs[-1] if runs else None


def is_bench(p: Profile) -> bool:
    """A profile of a memory-bandwidth benchmark (STREAM, likwid-bench): the ceiling itself."""
    return p.first("bench.bandwidth") is not None


def achieved_bw(ctx: Context, *, of_bench: bool = False) -> Located | None:
    """The program's own DRAM bandwidth from counters (likwid MEM, perf uncore). Counters read
    during a bandwidth benchmark describe the benchmark, not the program: they are left out
    unless ``of_bench``, which asks for exactly those."""
    for name in ("mem.bandwidth", "mem.read_bandwidth"):
        locs = [c for c in ctx.all(name, (ScopeKind.PROCESS, ScopeKind.NODE, ScopeKind.REGION))
                if is_bench(c.profile) == of_bench]
        if not locs:
            locs = [c for c in ctx.all(name) if is_bench(c.profile) == of_bench]
        if locs:
            return _slow_run(locs) or max(locs, key=lambda c: c.value)
    return None


#: runs of one printout this far apart in bandwidth are not repeats of one run
RUN_SPREAD = 2.0


def _slow_run(locs: list[Located]) -> Located | None:
    """The slowest of one printout's runs when its runs reached bandwidths ``RUN_SPREAD`` or
    more apart (the same program in another order, or a larger size out of the caches): the
    faster run shows the machine moves more, so only the slow one can say whether that
    program is at the DRAM ceiling. None for repeats of one run (their best counts)."""
    by: dict[int, list[Located]] = {}
    for c in locs:
        if c.metric.scope.kind == ScopeKind.RUN:
            by.setdefault(id(c.profile), []).append(c)
    for runs in by.values():
        lo = min(runs, key=lambda c: c.value)
        if len(runs) >= 2 and lo.value > 0 and max(c.value for c in runs) / lo.value >= RUN_SPREAD:
            return lo
    return None


def task_seconds(ctx: Context, prof: Profile | None = None) -> tuple[float, Located] | None:
    """CPU seconds of the run (perf task-clock, else user+sys, else elapsed)."""
    def pick(name: str) -> Located | None:
        for loc in ctx.all(name):
            if prof is None or loc.profile is prof:
                return loc
        return None

    tc = pick("time.task_clock")
    if tc is not None and tc.value > 0:
        return tc.value / 1000.0, tc
    u = pick("time.user")
    sy = pick("time.sys")
    if u is not None and u.value + (sy.value if sy else 0.0) > 0:
        # a process that only waits on the kernel (fsync) has 0.00 s user time
        return u.value + (sy.value if sy else 0.0), u
    e = pick("time.elapsed")
    if e is not None and e.value > 0:
        return e.value, e
    return None


def per_cpu_second(ctx: Context, loc: Located) -> tuple[float, float] | None:
    """``loc``'s count per CPU-second of the same profile's run, with those CPU seconds; None
    when the run's CPU time is unknown (used for context-switch rates)."""
    ts = task_seconds(ctx, loc.profile)
    if ts is None or ts[0] <= 0:
        return None
    return loc.value / ts[0], ts[0]


#: a command line's thread count and its launcher's rank count
_OMP_THREADS = re.compile(r"OMP_NUM_THREADS=(\d+)")
_LAUNCHED = re.compile(r"(?:-np|-n|--np|--ntasks)[\s=]+(\d+)")


def thread_count(ctx: Context, prof: Profile | None = None) -> int | None:
    """Threads or ranks of the run: metric ``scaling.threads``, meta, or the command line (a
    hybrid launch, ``mpirun -np 2 -x OMP_NUM_THREADS=2``, runs ranks times threads)."""
    profs = [prof] if prof is not None else list(ctx.profiles)
    for p in profs:
        m = p.first("scaling.threads")
        if m is not None:
            return int(m.value)
        for key in ("threads", "omp_num_threads", "OMP_NUM_THREADS", "ranks", "nprocs",
                    "tasks"):
            v = p.meta.get(key, "")
            if v.strip().isdigit():
                return int(v)
        for key in ("command", "cmdline", "program"):
            cmd = p.meta.get(key, "")
            hybrid = hybrid_launch(cmd)
            if hybrid is not None:  # a hybrid launch: every rank runs its team
                return hybrid
            m2 = _OMP_THREADS.search(cmd) or _LAUNCHED.search(cmd)
            if m2:
                return int(m2.group(1))
    return None


def hybrid_launch(cmd: str) -> int | None:
    """The threads a command line launches when it starts ranks that each run an OpenMP
    team (``mpirun -np 2 -x OMP_NUM_THREADS=2``: 4); None for any other command."""
    threads, launched = _OMP_THREADS.search(cmd), _LAUNCHED.search(cmd)
    return int(threads.group(1)) * int(launched.group(1)) if threads and launched else None


def ranks(ctx: Context, name: str) -> list[Located]:
    """Per-rank values of ``name`` (one per rank)."""
    by: dict[str, Located] = {}
    for loc in ctx.all(name, (ScopeKind.RANK,)):
        by.setdefault(loc.metric.scope.name, loc)
    return list(by.values())


def fmt(x: float) -> str:
    return f"{x:,.4g}" if abs(x) < 1e5 else f"{x:,.0f}"


def located(src: SourceRef | None, name: str, p: Profile) -> SourceRef:
    """``src``, or where ``name`` first appears in the profile's input when the adapter gave
    no line (database directories such as HPCToolkit's: their ``experiment.xml``)."""
    if src is not None and src.line:
        return src
    path = Path(src.file if src is not None else p.path)
    if path.is_dir():
        path = path / "experiment.xml"
    try:
        with path.open(encoding="utf-8", errors="replace") as fh:
            for i, line in enumerate(fh, 1):
                if f'"{name}"' in line or name in line:
                    return SourceRef(str(path), i)
    except OSError:
        pass
    return src or SourceRef(p.path, None)
