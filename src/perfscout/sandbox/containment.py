"""Containment of one command: session, resource limits, network namespace, process tree.

The child gets its own session (so the whole group can be signalled), resource limits and a
per-run ``pids`` cgroup where one is writable. Both are applied before the program's first
instruction, by the exec wrapper (:mod:`perfscout.sandbox.execwrap`) or, without it, by a
``preexec_fn`` (:func:`child_setup`). Network isolation needs no per-command work: an
:class:`IsolatedNetns` is made once (``unshare(CLONE_NEWNET)`` in a helper thread, ``lo`` up)
and the spawning thread switches into it with ``setns`` just around the spawn, so the child
starts inside it (a namespace is per thread; Python 3.11 has no ``os.unshare``/``os.setns``,
hence libc). The cgroup (or, without one, the session id plus a marker variable in the
environment) finds descendants that double-forked or called ``setsid`` to escape the group.
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import fcntl
import os
import resource
import signal
import socket
import struct
import threading
import time
import uuid
import weakref
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from perfscout.sandbox.policy import Limits

CLONE_NEWNET = 0x40000000
SIOCGIFFLAGS, SIOCSIFFLAGS = 0x8913, 0x8914
IFF_UP, IFF_RUNNING = 0x1, 0x40
MARKER_VAR = "PERFSCOUT_RUN_ID"
_MB = 1024 * 1024

_libc: ctypes.CDLL | None = None
_netns_ok: bool | None = None


def _get_libc() -> ctypes.CDLL:
    global _libc
    if _libc is None:
        _libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
    return _libc


def _loopback_up() -> None:
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        req = struct.pack("16sh", b"lo", 0)
        flags = struct.unpack("16sh", fcntl.ioctl(s.fileno(), SIOCGIFFLAGS, req))[1]
        fcntl.ioctl(s.fileno(), SIOCSIFFLAGS,
                    struct.pack("16sh", b"lo", flags | IFF_UP | IFF_RUNNING))


def enter_new_netns() -> None:
    """Move the calling process into a new network namespace and bring ``lo`` up."""
    if _get_libc().unshare(CLONE_NEWNET) != 0:
        err = ctypes.get_errno()
        raise OSError(err, "unshare(CLONE_NEWNET): " + os.strerror(err))
    _loopback_up()


def _thread_netns_path() -> str:
    if os.path.exists("/proc/thread-self"):
        return "/proc/thread-self/ns/net"
    return f"/proc/self/task/{threading.get_native_id()}/ns/net"


def _setns(fd: int) -> None:
    if _get_libc().setns(fd, CLONE_NEWNET) != 0:
        err = ctypes.get_errno()
        raise OSError(err, "setns(CLONE_NEWNET): " + os.strerror(err))


class _OwnedFd:
    """A descriptor closed when the object goes (a thread's local data goes with the thread)."""

    def __init__(self, fd: int) -> None:
        self.fd = fd

    def __del__(self) -> None:
        with contextlib.suppress(OSError):
            os.close(self.fd)


_home_ns = threading.local()


def _home_netns_fd() -> int:
    """A descriptor of the calling thread's own namespace, opened once per thread."""
    owned: _OwnedFd | None = getattr(_home_ns, "fd", None)
    if owned is None:
        owned = _OwnedFd(os.open(_thread_netns_path(), os.O_RDONLY | os.O_CLOEXEC))
        _home_ns.fd = owned
    return owned.fd


class IsolatedNetns:
    """A network namespace with only ``lo`` (up), kept open by a file descriptor.

    Made once (about 0.6 ms) and reused for every isolated command of its owner: commands see
    no host interface, only this loopback. Raises :class:`OSError` where namespaces cannot be
    created (no CAP_SYS_ADMIN, seccomp); :func:`netns_available` says whether they can.
    """

    def __init__(self) -> None:
        box: dict[str, object] = {}

        def make() -> None:  # in its own thread: the caller's namespace is never touched
            try:
                enter_new_netns()
                box["fd"] = os.open(_thread_netns_path(), os.O_RDONLY | os.O_CLOEXEC)
            except OSError as exc:
                box["err"] = exc

        _get_libc()
        t = threading.Thread(target=make, name="perfscout-netns")
        t.start()
        t.join()
        if "err" in box:
            raise box["err"]  # type: ignore[misc]
        self.fd = int(box["fd"])  # type: ignore[call-overload]
        self._close = weakref.finalize(self, os.close, self.fd)

    @contextlib.contextmanager
    def entered(self) -> Iterator[None]:
        """Switch the calling thread into the namespace for the block (children inherit it)."""
        home = _home_netns_fd()
        _setns(self.fd)
        try:
            yield
        finally:
            _setns(home)  # if this failed the thread would stay isolated: the safe side

    def close(self) -> None:
        """Release the namespace (it goes away once no process is left in it)."""
        self._close()


def netns_available() -> bool:
    """Whether this process may create network namespaces (probed once)."""
    global _netns_ok
    if _netns_ok is None:
        try:
            IsolatedNetns().close()
            _netns_ok = True
        except OSError:
            _netns_ok = False
    return _netns_ok


RLIM_INFINITY = resource.RLIM_INFINITY


def _capped(which: int, value: int) -> tuple[int, int, int]:
    _, hard = resource.getrlimit(which)
    soft = value if hard == RLIM_INFINITY else min(value, hard)
    return which, soft, soft


def rlimit_plan(limits: Limits) -> list[tuple[int, int, int]]:
    """``(resource, soft, hard)`` for every limit that is set, never above our hard limits.

    Soft and hard are equal (a program may not raise its own limit), except CPU: the soft
    limit sends SIGXCPU, the hard one a second later SIGKILL.
    """
    plan = []
    if limits.address_space_mb is not None:
        plan.append(_capped(resource.RLIMIT_AS, limits.address_space_mb * _MB))
    if limits.cpu_s is not None:
        _, hard = resource.getrlimit(resource.RLIMIT_CPU)
        new_hard = limits.cpu_s + 1
        if hard != RLIM_INFINITY:
            new_hard = min(new_hard, hard)
        plan.append((resource.RLIMIT_CPU, min(limits.cpu_s, new_hard), new_hard))
    if limits.nproc is not None:
        plan.append(_capped(resource.RLIMIT_NPROC, limits.nproc))
    if limits.nofile is not None:
        plan.append(_capped(resource.RLIMIT_NOFILE, limits.nofile))
    if limits.fsize_mb is not None:
        plan.append(_capped(resource.RLIMIT_FSIZE, limits.fsize_mb * _MB))
    return plan


def wrapper_argv(wrapper: Path, limits: Limits, cgroup_procs: Sequence[Path],
                 argv: list[str]) -> list[str]:
    """The argv that runs ``argv`` through the exec wrapper with ``limits`` and the cgroups."""
    spec = [f"{r}={soft}:{hard}" for r, soft, hard in rlimit_plan(limits)]
    joins = [str(p) for p in cgroup_procs] or ["-"]
    return [str(wrapper), *joins, *spec, "--", *argv]


def child_setup(limits: Limits, cgroup_procs: Sequence[Path]) -> Callable[[], None]:
    """The ``preexec_fn`` used where there is no exec wrapper (runs after fork, before exec).

    SIGXFSZ is reset to default by subprocess itself (``restore_signals``), so a huge write
    ends the process instead of just failing.
    """
    plan = rlimit_plan(limits)

    def setup() -> None:
        for procs in cgroup_procs:
            with open(procs, "w") as fh:
                fh.write("0")
        for which, soft, hard in plan:
            resource.setrlimit(which, (soft, hard))

    return setup


# ---- the process tree ------------------------------------------------------------------------

CGROUP_ROOTS = (Path("/sys/fs/cgroup/pids"),)
CGROUP_V1 = Path("/sys/fs/cgroup")
# a memory cgroup still charged with more than this after its command is not reused
POOL_MAX_CHARGED = 16 * _MB


def own_cgroup(controller: str, proc_cgroup: str = "/proc/self/cgroup") -> str | None:
    """This process's cgroup path in the v1 hierarchy of ``controller`` ("/" at the top)."""
    try:
        lines = Path(proc_cgroup).read_text().splitlines()
    except OSError:
        return None
    for line in lines:
        _, controllers, path = line.split(":", 2)
        if controller in controllers.split(","):
            return path
    return None


def _memory_root() -> Path | None:
    """Where per-run memory cgroups are made: under this process's own v1 memory cgroup, so
    any limit around perfscout (a Slurm job's, a container's) still holds over them."""
    own = own_cgroup("memory")
    if own is None:
        return None
    return CGROUP_V1 / "memory" / own.lstrip("/")


class CgroupPool:
    """Empty per-run cgroups of one controller kept for reuse (a runner's commands skip
    mkdir/rmdir).

    ``controller`` is ``pids`` (``pids.max``, made at the top of the pids hierarchy) or
    ``memory`` (cgroup v1 ``memory.limit_in_bytes`` and, with swap accounting, the memsw limit
    too, made under this process's own memory cgroup). A cgroup goes back to the pool only when
    it is empty after its command; :meth:`close` removes the idle ones (the runner calls it
    when it is collected, and at exit). Cgroups are named ``PID-ID``; a new pool removes the
    empty ones whose process is gone (one that exited without running its exit handlers:
    ``os._exit``, multiprocessing children, SIGKILL).
    """

    def __init__(self, controller: str = "pids") -> None:
        self.controller = controller
        self._idle: list[tuple[Path, int | None]] = []
        self._lock = threading.Lock()
        #: why the last :meth:`acquire` made no cgroup on a usable hierarchy ("" when it did)
        self.last_error = ""
        roots = CGROUP_ROOTS if controller == "pids" else (_memory_root(),)
        limit_file = "pids.max" if controller == "pids" else "memory.limit_in_bytes"
        self._root = next((r for r in roots if r is not None and _writable_cgroup(r, limit_file)),
                          None)
        if self._root is not None:
            _reap_stale(self._root / "perfscout")

    @property
    def usable(self) -> bool:
        return self._root is not None

    def acquire(self, value: int | None) -> Path | None:
        """An empty cgroup limited to ``value`` (processes, or MB for memory; None: no limit),
        or None where none can be made. A pooled cgroup that refuses the new limit (memory
        still charged to it above the limit) is removed and a fresh one made."""
        if self._root is None:
            return None
        with self._lock:
            cg, current = self._idle.pop() if self._idle else (None, -1)
        self.last_error = ""
        for _ in range(3):  # a pooled cgroup that refused, a sibling pool removing the folder
            try:
                if cg is None:
                    cg = self._root / "perfscout" / f"{os.getpid()}-{uuid.uuid4().hex}"
                    cg.mkdir(parents=True)
                if self.controller == "pids":
                    if value != current:
                        (cg / "pids.max").write_text("max" if value is None else str(value))
                else:
                    _set_memory_limit(cg, value, changed=value != current)
                return cg
            except OSError as exc:
                self.last_error = f"{exc.strerror or exc} ({exc.filename or self._root})"
                if cg is not None:
                    with contextlib.suppress(OSError):
                        cg.rmdir()
                cg, current = None, -1
        return None

    def release(self, cg: Path, value: int | None) -> None:
        """Return ``cg`` after its command; removed instead unless it is empty (and, for
        memory, holds little: page cache the command left stays charged to its cgroup, and
        would count in the next command's peak)."""
        if not cgroup_pids(cg) and (self.controller != "memory"
                                    or _charged(cg) <= POOL_MAX_CHARGED):
            with self._lock:
                self._idle.append((cg, value))
            return
        _rmdir_when_empty(cg)

    def close(self) -> None:
        with self._lock:
            idle, self._idle = self._idle, []
        for cg, _ in idle:
            with contextlib.suppress(OSError):
                cg.rmdir()
        if self._root is not None and self.controller == "memory":
            # the folder sits inside the caller's own cgroup, which its owner (a job, a
            # service) removes when it ends: leave nothing there (fails while others use it)
            with contextlib.suppress(OSError):
                (self._root / "perfscout").rmdir()


def _charged(cg: Path) -> int:
    try:
        return int((cg / "memory.usage_in_bytes").read_text())
    except (OSError, ValueError):
        return POOL_MAX_CHARGED + 1


def _writable_cgroup(root: Path, limit_file: str) -> bool:
    # the top of a v1 hierarchy has no limit file of its own; a child made under it will
    return (root / "cgroup.procs").exists() and os.access(root, os.W_OK) and (
        (root / limit_file).exists() or root.parent == CGROUP_V1)


def _set_memory_limit(cg: Path, mb: int | None, changed: bool) -> None:
    """Limit ``cg`` (v1) to ``mb`` of memory, swap included where swap is accounted, and reset
    its peak so it describes the next command alone."""
    if changed:
        limit = "-1" if mb is None else str(mb * _MB)
        memsw = cg / "memory.memsw.limit_in_bytes"
        has_memsw = memsw.exists()
        if has_memsw:
            memsw.write_text("-1")  # memsw may never be below the memory limit
        (cg / "memory.limit_in_bytes").write_text(limit)
        if has_memsw:
            memsw.write_text(limit)
    (cg / "memory.max_usage_in_bytes").write_text("0")


@dataclass(frozen=True)
class MemoryUse:
    """What a command's memory cgroup saw: its tree's peak, and how many of its processes the
    kernel killed for reaching the limit (``memory.failcnt`` is not used: recent kernels no
    longer count it for v1)."""

    peak_mb: float
    oom_kills: int


def oom_kills(cg: Path) -> int:
    """How many processes the kernel's OOM killer has killed in ``cg`` so far (v1)."""
    try:
        for line in (cg / "memory.oom_control").read_text().splitlines():
            key, _, val = line.partition(" ")
            if key == "oom_kill":
                return int(val)
    except (OSError, ValueError):
        pass
    return 0


def memory_use(cg: Path, oom_kills_before: int = 0) -> MemoryUse | None:
    """The peak and the OOM kills (beyond ``oom_kills_before``) of a v1 memory cgroup; None if
    it cannot be read."""
    try:
        peak = int((cg / "memory.max_usage_in_bytes").read_text())
    except (OSError, ValueError):
        return None
    return MemoryUse(round(peak / _MB, 1), oom_kills(cg) - oom_kills_before)


def _reap_stale(base: Path) -> None:
    try:
        names = os.listdir(base)
    except OSError:
        return
    for name in names:
        pid, dash, _ = name.partition("-")
        if not dash or not pid.isdigit():
            continue
        try:
            os.kill(int(pid), 0)
            continue  # its process lives
        except ProcessLookupError:
            pass
        except OSError:
            continue
        with contextlib.suppress(OSError):
            os.rmdir(base / name)  # fails, harmlessly, while a process is still inside


def cgroup_pids(cg: Path) -> list[int]:
    """The pids listed in ``cg/cgroup.procs`` (empty if it cannot be read)."""
    try:
        fd = os.open(os.path.join(cg, "cgroup.procs"), os.O_RDONLY | os.O_CLOEXEC)
    except OSError:
        return []
    try:
        chunks = []
        while chunk := os.read(fd, 65536):
            chunks.append(chunk)
    except OSError:
        return []
    finally:
        os.close(fd)
    return [int(x) for x in b"".join(chunks).split()]


def _rmdir_when_empty(cg: Path) -> None:
    for _ in range(100):
        try:
            cg.rmdir()
            return
        except FileNotFoundError:
            return
        except OSError:
            time.sleep(0.01)


class RunGroup:
    """Every process one command started: its session, its cgroup, its marker.

    Create it before spawning (``marker`` goes into the child's environment), call
    :meth:`attach` with the child's pid, :meth:`kill_all` when the command is over, then
    :meth:`close`. ``pool`` supplies (and takes back) the cgroup; without one a fresh cgroup is
    made and removed.
    """

    def __init__(self, nproc: int | None, pool: CgroupPool | None = None,
                 memory_mb: int | None = None, memory_pool: CgroupPool | None = None) -> None:
        self.marker = uuid.uuid4().hex
        self.sid: int | None = None
        self.started = time.time()
        self.nproc = nproc
        self._own_pool = pool is None
        self.pool = pool or CgroupPool()
        self.cgroup: Path | None = self.pool.acquire(nproc)
        self.memory_mb = memory_mb
        self.memory_pool = memory_pool
        self.memory_cgroup: Path | None = None
        self._oom_before = 0
        #: why the memory limit asked for cannot be enforced by a cgroup although the
        #: machine has a usable memory hierarchy ("" otherwise): the runner does not start
        #: the command then, rather than run it held by RLIMIT_AS alone
        self.memory_error = ""
        if memory_pool is not None and memory_mb is not None:
            self.memory_cgroup = memory_pool.acquire(memory_mb)
            if self.memory_cgroup is not None:
                self._oom_before = oom_kills(self.memory_cgroup)
            elif memory_pool.usable:
                self.memory_error = memory_pool.last_error or "no cgroup could be made"

    @property
    def contained_by(self) -> str:
        return "cgroup" if self.cgroup is not None else "session"

    @property
    def join_files(self) -> tuple[Path, ...]:
        """The files the child writes ``0`` to before its first instruction, joining its
        cgroups: v1's ``tasks`` (the child is single-threaded then, so moving its one thread
        moves the process). Writing ``cgroup.procs`` instead takes the kernel's global
        threadgroup lock for writing, which waits for an RCU grace period: 2-6 ms per command
        on a quiet 2-core VM, more than bubblewrap itself; moving the calling thread alone
        skips that lock (Linux 5.17+)."""
        out = []
        for cg in (self.cgroup, self.memory_cgroup):
            if cg is not None:
                tasks = cg / "tasks"
                out.append(tasks if tasks.exists() else cg / "cgroup.procs")
        return tuple(out)

    def memory(self) -> MemoryUse | None:
        """The tree's memory as its cgroup counted it (None without a memory cgroup)."""
        if self.memory_cgroup is None:
            return None
        return memory_use(self.memory_cgroup, self._oom_before)

    def attach(self, pid: int) -> None:
        self.sid = pid  # start_new_session: the child leads its own session

    def members(self) -> set[int]:
        """Pids still alive that belong to this command.

        With a cgroup its member list is the answer (every descendant joined it before its
        first instruction and cannot leave it without writing to the cgroup tree); without one,
        a sweep of ``/proc`` for the session id and the marker variable.
        """
        found: set[int] = set()
        if self.cgroup is not None:
            found.update(cgroup_pids(self.cgroup))
        else:
            found.update(self._sweep())
        found.discard(os.getpid())
        return found

    def _sweep(self) -> set[int]:
        if self.sid is None:
            return set()
        out: set[int] = set()
        boot = _boot_time()
        tick = os.sysconf("SC_CLK_TCK")
        marker = f"{MARKER_VAR}={self.marker}".encode()
        for d in os.listdir("/proc"):
            if not d.isdigit():
                continue
            try:
                stat = Path(f"/proc/{d}/stat").read_bytes()
            except OSError:
                continue
            fields = stat[stat.rfind(b")") + 2:].split()
            state, sid = fields[0], int(fields[3])
            if state == b"Z" and sid != self.sid:
                continue
            if sid == self.sid:
                out.add(int(d))
                continue
            start = boot + int(fields[19]) / tick
            if start + 1.0 < self.started:
                continue
            try:
                env = Path(f"/proc/{d}/environ").read_bytes()
            except OSError:
                continue
            if marker in env.split(b"\x00"):
                out.add(int(d))
        return out

    def kill_all(self, grace_s: float = 0.0, spare: frozenset[int] = frozenset()) -> int:
        """SIGTERM (when ``grace_s``; not to ``spare``), then SIGKILL everything left.

        Returns how many processes were hit."""
        hit = 0
        if grace_s > 0:
            pids = self.members()
            hit = len(pids)
            for p in pids - spare:
                with contextlib.suppress(OSError):
                    os.kill(p, signal.SIGTERM)
            deadline = time.monotonic() + grace_s
            while time.monotonic() < deadline and self.live():
                time.sleep(0.02)
        for _ in range(50):
            pids = self.live()
            if not pids:
                break
            hit = max(hit, len(pids))
            if self.cgroup is not None:
                _freeze_kill(pids)
            else:
                for p in pids:
                    with contextlib.suppress(OSError):
                        os.kill(p, signal.SIGKILL)
            time.sleep(0.01)
        return hit

    def live(self) -> set[int]:
        """:meth:`members` that are not zombies."""
        pids = self.members()
        return pids - _zombies(pids) if pids else pids

    def close(self) -> None:
        """Give the cgroups back to their pools (or remove them, once empty)."""
        if self.memory_cgroup is not None and self.memory_pool is not None:
            self.memory_pool.release(self.memory_cgroup, self.memory_mb)
            self.memory_cgroup = None
        if self.cgroup is None:
            return
        if self._own_pool:
            _rmdir_when_empty(self.cgroup)
        else:
            self.pool.release(self.cgroup, self.nproc)
        self.cgroup = None


def _freeze_kill(pids: set[int]) -> None:
    # SIGSTOP first so a fork bomb cannot outrun the kill loop, then SIGKILL
    for sig in (signal.SIGSTOP, signal.SIGKILL):
        for p in pids:
            with contextlib.suppress(OSError):
                os.kill(p, sig)


def _zombies(pids: set[int]) -> set[int]:
    out = set()
    for p in pids:
        try:
            stat = Path(f"/proc/{p}/stat").read_bytes()
        except OSError:
            out.add(p)
            continue
        if stat[stat.rfind(b")") + 2:stat.rfind(b")") + 3] == b"Z":
            out.add(p)
    return out


_BOOT: float | None = None


def _boot_time() -> float:
    global _BOOT
    if _BOOT is None:
        for line in Path("/proc/stat").read_text().splitlines():
            if line.startswith("btime "):
                _BOOT = float(line.split()[1])
                break
        else:  # pragma: no cover
            _BOOT = 0.0
    return _BOOT
