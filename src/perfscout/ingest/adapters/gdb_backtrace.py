"""gdb backtraces: ``thread apply all bt`` (every thread) and ``bt`` (the current one).

One stack per thread, taken at one instant: a single sample per thread, no time shares. Each
thread is computing (its innermost frame is code of the program or a library doing work) or
waiting, by the functions between its innermost frame and the first frame of the program:
``lock`` (mutex / futex lock), ``condition`` (condition variable, semaphore), ``barrier``,
``mpi`` (MPI calls and their progress engines), ``poll`` (poll/select/epoll, blocking reads),
``sleep`` (nanosleep, usleep) and ``runtime`` (an OpenMP runtime spinning or yielding, a frame
``?? () from libgomp.so``). Threads of an MPI runtime's own event loop (libevent, PMIx; no
frame of the program, no MPI call) are service threads and not counted. Gives
``threads.observed``, ``threads.computing`` and ``threads.waiting`` (in total and per wait
kind at REGION scope), and per thread (THREAD scope
``lwp N``) ``threads.waiting`` 0 or 1 with the program frame (``function at file:line``) as
its raw name and the frame's line of the backtrace as its source. No hotspots: one stack per
thread is not a time profile. gdb's own messages (``[New LWP ...]``, ``[Inferior 1 ...
detached]``, the stop location and the echoed source line) are recognised and skipped.
Family: sampling (one sample).
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

_THREAD = re.compile(r"^Thread (?P<n>\d+) \((?:Thread 0x[0-9a-f]+ )?\(?(?:LWP|process) "
                     r"(?P<lwp>\d+)\)?(?: \"(?P<name>[^\"]*)\")?\):?\s*$")
_FRAME = re.compile(r"^#(?P<k>\d+)\s+(?:0x[0-9a-f]+ in )?(?P<func>\S+) \(")
_AT = re.compile(r"\) at (?P<file>\S+):(?P<line>\d+)\s*$")
_FROM = re.compile(r"\) from (?P<lib>\S+)\s*$")
_CHATTER = re.compile(r"^(?:\[New (?:LWP|Thread) |\[Thread debugging |Using host libthread_db|"
                      r"\[Inferior \d+ |0x[0-9a-f]+ in |\d+\t|warning: |Reading symbols|"
                      r"Downloading |Attaching to |\(gdb\))")
# wait kinds by function name (innermost first); the first that matches a frame decides
_WAITS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("mpi", re.compile(r"^(?:P?MPI_|ompi_|opal_progress|mca_|MPID|MPIR_|MPIC_|ucp_|uct_|"
                       r"psm2?_|fi_)")),
    ("barrier", re.compile(r"pthread_barrier_wait|gomp_(?:team_)?barrier_wait|"
                           r"__kmp_\w*barrier")),
    ("condition", re.compile(r"pthread_cond_(?:timed)?wait|sem_(?:timed)?wait|"
                             r"__new_sem_wait")),
    ("lock", re.compile(r"pthread_mutex_(?:timed)?lock|lll_lock_wait|pthread_rwlock_\w*lock|"
                        r"pthread_spin_lock|gomp_mutex_lock|__kmp_\w*lock|omp_set_lock|"
                        r"GOMP_critical_start")),
    ("poll", re.compile(r"(?:^|_)(?:poll|ppoll|select|pselect6?|epoll_wait|epoll_pwait|"
                        r"libc_read|read|recv|recvfrom|recvmsg|accept4?|waitpid|wait4)$")),
    ("sleep", re.compile(r"nanosleep|(?:^|_)usleep$|(?:^|_)sleep$|clock_nanosleep")),
    ("runtime", re.compile(r"sched_yield|gomp_\w*wait|do_wait|do_spin|futex_wait|"
                           r"__kmp_\w*(?:wait|yield|suspend)")),
)
_RUNTIME_LIBS = re.compile(r"lib(?:gomp|omp|iomp5)\.so")
_MPI_LIBS = re.compile(r"lib(?:mpi|open-pal|open-rte|pmix|ucp|uct|ucs|psm2?|fabric|mpich)\b")
# event loops of MPI launchers and PMIx: service threads of the runtime, not the program's
_SERVICE_LIBS = re.compile(r"lib(?:event\w*|pmix|open-pal|open-rte|prrte|ucs)[.-]")
# frames of the C library, the threading library and the toolchain's runtime: not the program
_SYSTEM_FILE = re.compile(r"^(?:\.\.?/|/usr/(?:src|include)/|/build/)")


@dataclass
class _Frame:
    func: str
    file: str = ""
    line: int = 0
    lib: str = ""
    at: int = 0  # line of the backtrace

    @property
    def system(self) -> bool:
        return bool(_SYSTEM_FILE.match(self.file) or self.lib or self.func == "??"
                    or (not self.file and self.func.startswith("__")))

    def where(self) -> str:
        if self.file:
            return f"{self.func} at {self.file}:{self.line}"
        return f"{self.func} from {self.lib}" if self.lib else self.func


@dataclass
class _Thread:
    ident: str
    name: str
    at: int
    frames: list[_Frame] = field(default_factory=list)

    def wait_kind(self) -> str:
        """The wait kind of the system-library frames between the innermost frame and the
        program's first frame ("" when the thread is computing); when several match (a futex
        wait under a mutex lock), the most specific kind in :data:`_WAITS` order wins."""
        found: set[str] = set()
        for i, f in enumerate(self.frames):
            if not f.system:
                break
            found.update(kind for kind, pat in _WAITS if pat.search(f.func))
            if i == 0 and f.func == "??" and f.lib:
                if _RUNTIME_LIBS.search(f.lib):
                    found.add("runtime")
                elif _MPI_LIBS.search(f.lib):
                    found.add("mpi")
        return next((kind for kind, _p in _WAITS if kind in found), "")

    def service(self) -> bool:
        """A thread of the MPI runtime's own event loop (libevent, PMIx): no frame of the
        program and no MPI call on its stack."""
        return (self.program_frame() is None
                and any(_SERVICE_LIBS.search(f.lib) for f in self.frames)
                and not any(re.match(r"P?MPI_", f.func) for f in self.frames))

    def program_frame(self) -> _Frame | None:
        return next((f for f in self.frames if not f.system), None)


def _frame(line: str, no: int) -> _Frame | None:
    m = _FRAME.match(line)
    if m is None:
        return None
    f = _Frame(m["func"], at=no)
    a = _AT.search(line)
    if a:
        f.file, f.line = a["file"], int(a["line"])
    else:
        b = _FROM.search(line)
        if b:
            f.lib = b["lib"]
    return f


@register_adapter
class GdbBacktraceAdapter(Adapter):
    """gdb ``thread apply all bt`` / ``bt`` text (see module docstring)."""

    name = "gdb-backtrace"
    description = "gdb thread apply all bt / bt: per-thread stacks, waiting vs computing"
    family = "sampling"

    def sniff(self, head: str, path: Path) -> float:
        if path.is_dir():
            return 0.0
        lines = head.splitlines()[:400]
        frames = sum(bool(_FRAME.match(ln)) for ln in lines)
        if not frames or not any(ln.startswith("#0 ") for ln in lines):
            return 0.0
        return 0.9 if any(_THREAD.match(ln) or _CHATTER.match(ln) for ln in lines) or \
            frames >= 2 else 0.5

    def parse(self, path: Path) -> Profile:
        threads: list[_Thread] = []
        unparsed = Unparsed()
        cur: _Thread | None = None
        for no, line in iter_lines(path):
            if not line.strip():
                continue
            t = _THREAD.match(line)
            if t:
                cur = _Thread(f"lwp {t['lwp']}", t["name"] or "", no)
                threads.append(cur)
                continue
            f = _frame(line, no)
            if f is not None:
                if cur is None or (line.startswith("#0 ") and cur.frames):
                    # bt of the current thread, or stacks pasted without their headers
                    cur = _Thread(f"stack {len(threads) + 1}", "", no)
                    threads.append(cur)
                cur.frames.append(f)
                continue
            if _CHATTER.match(line):
                continue
            unparsed.add(no)
        threads = [t for t in threads if t.frames]
        if not threads:
            raise ParseError(str(path), None, "gdb backtrace frames ('#0  0x... in f () at "
                             "file.c:12') under 'Thread N (... LWP n ...)' headers")
        return Profile(format=self.name, path=str(path), metrics=tuple(_metrics(threads, path)),
                       meta={"stacks": str(len(threads))}, notes=tuple(_notes(threads)),
                       unparsed_lines=unparsed.count, unparsed_examples=unparsed.examples)


def _metrics(every: list[_Thread], path: Path) -> list[Metric]:
    p = str(path)
    threads = [t for t in every if not t.service()] or every
    first = SourceRef(p, threads[0].at)
    kinds: dict[str, int] = {}
    out: list[Metric] = []
    for t in threads:
        kind = t.wait_kind()
        frame = t.program_frame() or t.frames[0]
        if kind:
            kinds[kind] = kinds.get(kind, 0) + 1
        out.append(Metric("threads.waiting", 1.0 if kind else 0.0, "count",
                          Scope(ScopeKind.THREAD, t.ident, t.name),
                          SourceRef(p, frame.at), f"{kind or 'computing'}: {frame.where()}"))
    waiting = sum(kinds.values())
    out += [Metric("threads.observed", float(len(threads)), "count", source=first,
                   raw_name="threads"),
            Metric("threads.waiting", float(waiting), "count", source=first, raw_name="waiting"),
            Metric("threads.computing", float(len(threads) - waiting), "count", source=first,
                   raw_name="computing")]
    out += [Metric("threads.waiting", float(n), "count", Scope(ScopeKind.REGION, kind), first,
                   kind) for kind, n in sorted(kinds.items())]
    return out


def _notes(threads: list[_Thread]) -> list[str]:
    out = []
    for t in threads:
        kind = t.wait_kind()
        frame = t.program_frame() or t.frames[0]
        top = t.frames[0].func
        state = f"waiting ({kind}, in {top})" if kind else "computing"
        if t.service():
            state = "a service thread of the MPI runtime (not counted)"
        out.append(f"thread {t.ident}: {state} at {frame.where()}")
    return out
