"""Containment applied in the child before exec, and finding every process a command left.

The child gets its own session (so the whole group can be signalled), resource limits
(``setrlimit``), optionally a fresh network namespace with loopback up (``unshare(CLONE_NEWNET)``
via libc, since Python 3.11 has no ``os.unshare``), and joins a per-run ``pids`` cgroup where one
is writable. The cgroup (or, without one, the session id plus a marker variable in the
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
import time
import uuid
from collections.abc import Callable
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


def netns_available() -> bool:
    """Whether this process may create network namespaces (probed once, in a forked child)."""
    global _netns_ok
    if _netns_ok is None:
        _get_libc()
        pid = os.fork()
        if pid == 0:  # pragma: no cover - runs in the probe child
            code = 1
            try:
                enter_new_netns()
                code = 0
            finally:
                os._exit(code)
        _, status = os.waitpid(pid, 0)
        _netns_ok = os.waitstatus_to_exitcode(status) == 0
    return _netns_ok


def _set(which: int, value: int | None) -> None:
    if value is None:
        return
    _, hard = resource.getrlimit(which)
    soft = value if hard == resource.RLIM_INFINITY else min(value, hard)
    resource.setrlimit(which, (soft, soft))


def apply_limits(limits: Limits) -> None:
    """``setrlimit`` for every limit that is set (called in the child)."""
    if limits.address_space_mb is not None:
        _set(resource.RLIMIT_AS, limits.address_space_mb * _MB)
    if limits.cpu_s is not None:
        # soft limit sends SIGXCPU, the hard one a second later SIGKILL
        _, hard = resource.getrlimit(resource.RLIMIT_CPU)
        new_hard = limits.cpu_s + 1
        if hard != resource.RLIM_INFINITY:
            new_hard = min(new_hard, hard)
        resource.setrlimit(resource.RLIMIT_CPU, (min(limits.cpu_s, new_hard), new_hard))
    _set(resource.RLIMIT_NPROC, limits.nproc)
    _set(resource.RLIMIT_NOFILE, limits.nofile)
    if limits.fsize_mb is not None:
        _set(resource.RLIMIT_FSIZE, limits.fsize_mb * _MB)


def child_setup(limits: Limits, network_isolated: bool,
                cgroup_procs: Path | None) -> Callable[[], None]:
    """The ``preexec_fn`` for one command (runs after fork, before exec)."""

    def setup() -> None:
        if cgroup_procs is not None:
            with open(cgroup_procs, "w") as fh:
                fh.write("0")
        if network_isolated:
            enter_new_netns()
        # SIGXFSZ must be default so a huge write ends the process, not just fails
        signal.signal(signal.SIGXFSZ, signal.SIG_DFL)
        apply_limits(limits)

    return setup


# ---- the process tree ------------------------------------------------------------------------

CGROUP_ROOTS = (Path("/sys/fs/cgroup/pids"),)


class RunGroup:
    """Every process one command started: its session, its cgroup, its marker.

    Create it before spawning (``marker`` goes into the child's environment), call
    :meth:`attach` with the child's pid, and :meth:`kill_all` when the command is over.
    """

    def __init__(self, nproc: int | None) -> None:
        self.marker = uuid.uuid4().hex
        self.sid: int | None = None
        self.started = time.time()
        self.cgroup: Path | None = None
        for root in CGROUP_ROOTS:
            if (root / "cgroup.procs").exists() and os.access(root, os.W_OK):
                cg = root / "perfscout" / self.marker
                try:
                    cg.mkdir(parents=True)
                    if nproc is not None:
                        (cg / "pids.max").write_text(str(nproc))
                    self.cgroup = cg
                except OSError:
                    with contextlib.suppress(OSError):
                        cg.rmdir()
                break

    @property
    def contained_by(self) -> str:
        return "cgroup" if self.cgroup is not None else "session"

    @property
    def procs_file(self) -> Path | None:
        return self.cgroup / "cgroup.procs" if self.cgroup is not None else None

    def attach(self, pid: int) -> None:
        self.sid = pid  # start_new_session: the child leads its own session

    def members(self) -> set[int]:
        """Pids still alive that belong to this command."""
        found: set[int] = set()
        if self.cgroup is not None:
            with contextlib.suppress(OSError):
                found.update(int(x) for x in (self.cgroup / "cgroup.procs").read_text().split())
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

    def kill_all(self, grace_s: float = 0.0) -> int:
        """SIGTERM (when ``grace_s``), then SIGKILL everything left; returns how many were hit."""
        hit = 0
        if grace_s > 0:
            pids = self.members()
            hit = len(pids)
            for p in pids:
                with contextlib.suppress(OSError):
                    os.kill(p, signal.SIGTERM)
            deadline = time.monotonic() + grace_s
            while time.monotonic() < deadline and self.members() - _zombies(self.members()):
                time.sleep(0.02)
        for _ in range(50):
            pids = self.members() - _zombies(self.members())
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

    def close(self) -> None:
        """Remove the cgroup (once empty)."""
        if self.cgroup is None:
            return
        for _ in range(100):
            try:
                self.cgroup.rmdir()
                return
            except OSError:
                time.sleep(0.01)


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
