"""``strace`` call lines (``strace -o FILE``, ``-e trace=memory``, ``-f``, ``-t``/``-tt``/``-r``
timestamps, ``-T`` durations): one line per system call, ``name(args) = result``.

Counted per call name: ``syscall.calls`` (FUNCTION scope), ``syscall.time`` when ``-T`` printed
each call's duration (``<0.000123>``), ``syscall.trace_span``: the seconds from the first call
to the last when every line carries a timestamp (a trace's excerpt rates its calls by it), and
``syscall.bytes``: the size each call names (the length argument of
``mmap``/``munmap``/``mremap``'s new size, ``madvise``; the result of
``read``/``write``-family calls, the bytes moved). ``syscall.total_calls`` counts every call
line. Calls strace split across processes (``<unfinished ...>`` / ``<... resumed>``) count once,
at the resumed line. Signals, exits (``+++ exited with 0 +++``) and strace's own notes are
known lines, not calls. Family: instrumentation (strace sees every call).
"""

from __future__ import annotations

import re
from itertools import pairwise
from pathlib import Path

from perfscout.ingest.base import Adapter
from perfscout.ingest.registry import register_adapter
from perfscout.ingest.textutil import Unparsed, iter_lines
from perfscout.model.errors import ParseError
from perfscout.model.metrics import Metric, Profile, Scope, ScopeKind, SourceRef

# optional pid ("12345 " or "[pid 12345] "), optional timestamp (-t, -tt, -ttt, -r)
_PREFIX = (r"^\s*(?:\[pid\s+\d+\]\s+|\d+\s+)?"
           r"(?P<ts>\d{2}:\d{2}:\d{2}(?:\.\d+)?\s+|\d+\.\d+\s+)?")
_CALL = re.compile(_PREFIX + r"(?P<name>[a-z_][a-z0-9_]*)\((?P<args>.*)\)\s+=\s+"
                   r"(?P<ret>-?\d+|0x[0-9a-f]+|\?)(?P<rest>.*?)(?:\s+<(?P<dur>\d+\.\d+)>)?\s*$")
_UNFINISHED = re.compile(_PREFIX + r"[a-z_][a-z0-9_]*\(.*<unfinished \.\.\.>\s*$")
_RESUMED = re.compile(_PREFIX + r"<\.\.\. (?P<name>[a-z_][a-z0-9_]*) resumed>.*\)\s+=\s+"
                      r"(?P<ret>-?\d+|0x[0-9a-f]+|\?)(?P<rest>.*?)"
                      r"(?:\s+<(?P<dur>\d+\.\d+)>)?\s*$")
_NOTE = re.compile(_PREFIX + r"(?:\+\+\+ .* \+\+\+|--- SIG\w+ .* ---|strace: .*)\s*$")
#: calls whose size is an argument: (index of the length argument)
_SIZE_ARG = {"mmap": 1, "mmap2": 1, "munmap": 1, "madvise": 1, "mprotect": 1, "mremap": 2,
             "brk": -1}
#: calls whose result is the bytes they moved
_MOVED = frozenset({"read", "write", "pread64", "pwrite64", "readv", "writev", "preadv",
                    "pwritev", "sendfile", "copy_file_range", "recvfrom", "sendto",
                    "recvmsg", "sendmsg"})


def _args(text: str) -> list[str]:
    """Top-level comma-separated arguments (braces, brackets and quotes kept whole)."""
    out, depth, cur, quoted = [], 0, "", False
    for ch in text:
        if ch == '"' and not cur.endswith("\\"):
            quoted = not quoted
        if not quoted and ch in "{[(":
            depth += 1
        elif not quoted and ch in "}])":
            depth -= 1
        if ch == "," and depth == 0 and not quoted:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        out.append(cur.strip())
    return out


def _size(name: str, args: str, ret: str) -> float | None:
    """The bytes call ``name`` names (see module docstring), else None."""
    if name in _MOVED:
        return float(ret) if ret.lstrip("-").isdigit() and int(ret) >= 0 else None
    at = _SIZE_ARG.get(name)
    if at is None or at < 0:
        return None
    parts = _args(args)
    if len(parts) <= at:
        return None
    v = parts[at]
    try:
        return float(int(v, 16 if v.startswith("0x") else 10))
    except ValueError:
        return None


#: common Linux system calls: a file of call lines most of whose names are here is strace's
#: (ltrace prints library calls, ``malloc(24) = 0x...``, in the same shape)
_SYSCALL_NAMES = (
    "read write open openat close stat fstat lstat newfstatat statx poll lseek mmap mmap2 "
    "mprotect munmap brk rt_sigaction rt_sigprocmask rt_sigreturn ioctl pread64 pwrite64 readv "
    "writev access faccessat faccessat2 pipe pipe2 select pselect6 sched_yield mremap msync "
    "mincore madvise dup dup2 dup3 nanosleep clock_nanosleep getpid sendfile socket connect "
    "accept sendto recvfrom sendmsg recvmsg shutdown bind listen clone clone3 fork vfork execve "
    "exit exit_group wait4 kill uname fcntl flock fsync fdatasync truncate ftruncate getdents64 "
    "getcwd chdir rename renameat renameat2 mkdir mkdirat rmdir unlink unlinkat readlink "
    "readlinkat chmod gettimeofday getrlimit prlimit64 getrusage sysinfo times getuid geteuid "
    "getgid getegid arch_prctl futex set_tid_address set_robust_list rseq getrandom epoll_wait "
    "epoll_ctl epoll_create1 eventfd2 timerfd_create sched_getaffinity sched_setaffinity "
    "clock_gettime clock_getres tgkill membarrier memfd_create copy_file_range preadv pwritev "
    "statfs fstatfs sync syncfs sync_file_range fadvise64 mbind set_mempolicy get_mempolicy "
    "move_pages io_uring_setup io_uring_enter shmget shmat shmdt semop"
)
SYSCALLS = frozenset(_SYSCALL_NAMES.split())


def call_lines(head: str) -> int:
    """How many of ``head``'s lines are strace call lines (``name(args) = result`` of a system
    call, or one resumed or left unfinished)."""
    n = 0
    for ln in head.splitlines()[:400]:
        m = _CALL.match(ln) or _RESUMED.match(ln)
        if (m is not None and m["name"] in SYSCALLS) or _UNFINISHED.match(ln):
            n += 1
    return n


def _seconds(stamp: str) -> float:
    """A call's timestamp in seconds: ``05:45:00.961804`` (-t/-tt) from midnight, ``-ttt``'s
    epoch seconds and ``-r``'s time since the call before as printed."""
    if ":" in stamp:
        h, mi, sec = stamp.split(":")
        return int(h) * 3600 + int(mi) * 60 + float(sec)
    return float(stamp)


def _span(stamps: list[float]) -> float:
    """Seconds from the first call to the last: the difference of absolute stamps (a trace
    running past midnight counts nothing), the sum of ``-r``'s relative ones (small numbers,
    never an epoch or a time of day: those are 1e4 and more, and grow)."""
    if len(stamps) < 2:
        return 0.0
    relative = max(stamps) < 1e3 and any(b < a for a, b in pairwise(stamps))
    return sum(stamps[1:]) if relative else max(0.0, stamps[-1] - stamps[0])


@register_adapter
class StraceCallsAdapter(Adapter):
    """``strace`` call-by-call output (see module docstring)."""

    name = "strace-calls"
    description = "strace call lines (strace -o, -e trace=..., -f, -T, -t)"
    family = "instrumentation"

    def sniff(self, head: str, path: Path) -> float:
        if path.is_dir() or "\x00" in head[:4096]:
            return 0.0
        lines = [ln for ln in head.splitlines()[:400] if ln.strip()]
        if not lines:
            return 0.0
        calls = call_lines(head)
        notes = sum(1 for ln in lines if _NOTE.match(ln))
        return 0.8 if calls >= 3 and (calls + notes) * 4 >= len(lines) * 3 else 0.0

    def parse(self, path: Path) -> Profile:
        unparsed = Unparsed()
        calls: dict[str, tuple[int, float, float, bool, int]] = {}  # n, s, bytes, sized, line
        total = 0
        timed = False
        stamps: list[float] = []  # -t/-tt/-ttt/-r: when each call was made
        for no, line in iter_lines(path):
            if not line.strip() or _NOTE.match(line) or _UNFINISHED.match(line):
                continue
            m = _CALL.match(line) or _RESUMED.match(line)
            if m is None:
                unparsed.add(no)
                continue
            name = m["name"]
            args = m.groupdict().get("args") or ""
            size = _size(name, args, m["ret"])
            n, s, b, sized, first = calls.get(name, (0, 0.0, 0.0, False, no))
            dur = float(m["dur"]) if m["dur"] else 0.0
            timed = timed or bool(m["dur"])
            calls[name] = (n + 1, s + dur, b + (size or 0.0), sized or size is not None, first)
            total += 1
            if m["ts"]:
                stamps.append(_seconds(m["ts"].strip()))
        if not total:
            raise ParseError(str(path), None, "strace call lines ('mmap(NULL, 4096, ...) = "
                             "0x7f...', 'read(3, ..., 8192) = 8192')")
        metrics: list[Metric] = []
        for name, (n, s, b, sized, first) in calls.items():
            sc = Scope(ScopeKind.FUNCTION, name)
            src = SourceRef(str(path), first)
            metrics.append(Metric("syscall.calls", float(n), "count", sc, src, "calls"))
            if timed:
                metrics.append(Metric("syscall.time", s, "s", sc, src, "seconds (-T)"))
            if sized:
                metrics.append(Metric("syscall.bytes", b, "B", sc, src, "bytes"))
        metrics.append(Metric("syscall.total_calls", float(total), "count",
                              source=SourceRef(str(path), 1), raw_name="call lines"))
        span = _span(stamps)
        if span > 0 and len(stamps) == total:
            metrics.append(Metric("syscall.trace_span", span, "s", source=SourceRef(
                str(path), 1), raw_name="first to last timestamp"))
        return Profile(format=self.name, path=str(path), metrics=tuple(metrics),
                       unparsed_lines=unparsed.count, unparsed_examples=unparsed.examples)
