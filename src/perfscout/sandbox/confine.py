"""OS confinement with bubblewrap: the guarantee under the argv policy.

The argv policy refuses what it can see; a program it allows can still read its own input as
commands (make recipes, a compiler's ``@file``, an MPI launcher's app file) or try to undo its
containment. So every allowed command is started inside a bubblewrap (``bwrap``, the tool
Flatpak uses) view:

- no capabilities (``--cap-drop ALL``; bwrap also locks the securebits, so an exec of a
  set-uid-root file or of any program as uid 0 gains none back) and ``no_new_privs``;
- a mount view where only the writable roots (the runner's workspace and its extra roots) are
  writable; ``/usr``, ``/etc``, ``/opt``, ``/sys`` are read-only; ``/tmp`` and ``/dev/shm`` are
  private; perfscout's home, audit logs, key and approvals store are not visible (a tmpfs over
  them where a writable root contains them);
- a fresh network namespace with only ``lo`` (``--unshare-net``), unless the rule asks for the
  network (the Slurm client commands); a fresh pid namespace (the host's processes and their
  namespaces are not visible), a new session (no TIOCSTI into the caller's terminal), and
  ``--die-with-parent``.

The pids cgroup (joined by the exec wrapper before bwrap starts) and the rlimits stay as they
were: the cgroup tree lives under ``/sys``, read-only inside, so no process can leave it.

Where bwrap is missing :func:`bwrap_path` returns None and the runner refuses to run commands
unless it was made with ``unconfined=True`` (``--unconfined``), which the audit log records.
"""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

PACKAGE = "bubblewrap"
READ_ONLY_SYSTEM = ("/usr", "/etc", "/opt", "/sys", "/var/lib/dpkg/alternatives")
SYSTEM_LINKS = ("/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32")
NETWORK_EXTRA = ("/run/munge", "/run/slurm", "/var/run/munge", "/var/spool/slurmd")
INNER_EXEC = "/.perfscout-exec"
# bwrap reports a child killed by signal N as exit status 128 + N
SIGNAL_EXIT_BASE = 128

_probe: dict[str, str | None] = {}


def slurm_accounting_dirs(conf: str | None = None) -> tuple[str, ...]:
    """The folder of Slurm's job-completion file (``JobCompLoc`` in ``slurm.conf``), bound for
    the scheduler's client commands (rules with the network): ``sacct -c`` reads that file,
    which lives outside the system folders the view binds (Slurm's default is under /var/log),
    and opens it for appending first."""
    path = conf or os.environ.get("SLURM_CONF", "/etc/slurm/slurm.conf")
    dirs: list[str] = []
    try:
        with open(path, encoding="utf-8", errors="replace") as fh:
            for line in fh:
                key, _, value = line.split("#", 1)[0].strip().partition("=")
                if key.strip().lower() == "jobcomploc" and value.strip().startswith("/"):
                    dirs.append(os.path.dirname(os.path.realpath(value.strip())))
    except OSError:
        return ()
    return tuple(dict.fromkeys(dirs))


def bwrap_path(search_path: Sequence[str] = ("/usr/bin", "/bin", "/usr/local/bin")) -> str | None:
    """The bwrap binary in a trusted directory that can make a sandbox here, or None.

    Probed once per process: it must run ``true`` inside a new pid and network namespace.
    """
    key = ":".join(search_path)
    if key not in _probe:
        found = shutil.which("bwrap", path=os.pathsep.join(search_path))
        ok: str | None = None
        if found:
            view = View(writable=(), hidden=(), network=False)
            true = shutil.which("true", path=os.pathsep.join(search_path)) or "/bin/true"
            try:
                done = subprocess.run([*view.argv(found, Path("/")), true],
                                      capture_output=True, timeout=20)
                ok = found if done.returncode == 0 else None
            except (OSError, subprocess.SubprocessError):
                ok = None
        _probe[key] = ok
    return _probe[key]


def missing_text() -> str:
    """The one-line refusal when no usable bwrap exists."""
    return (f"no OS confinement: bwrap is not installed or cannot create namespaces here "
            f"(Debian package '{PACKAGE}'); perfscout refuses to run commands unconfined "
            "unless --unconfined is given")


def _inside(path: str, root: str) -> bool:
    return path == root or path.startswith(root.rstrip("/") + "/")


@dataclass(frozen=True)
class View:
    """What one sandboxed command sees: writable roots, hidden paths, network or not."""

    writable: tuple[Path, ...]
    hidden: tuple[Path, ...]  # files or directories never visible (home, audit, key, approvals)
    network: bool

    def mounts(self) -> list[str]:
        """The bwrap mount arguments, parents before children so each lands where it should.

        The system, scheduler and writable-root mounts are made once per view
        (:attr:`_static_ops`); the hidden paths are looked at for every command, since one may
        appear after the first (a log, an approvals store) and must be hidden from then on."""
        ops = [*self._static_ops, *self._hidden_ops()]
        ops.sort(key=lambda o: (o[0], o[1]))
        return [a for _, _, args in ops for a in args]

    @functools.cached_property
    def _static_ops(self) -> tuple[tuple[int, int, list[str]], ...]:
        """(depth, phase, arguments) of every mount but the hidden paths' (phases 0-3)."""
        ops: list[tuple[int, int, list[str]]] = []
        for p in READ_ONLY_SYSTEM + (NETWORK_EXTRA if self.network else ()):
            if os.path.isdir(p) and not os.path.islink(p):
                ops.append((p.count("/"), 0, ["--ro-bind", p, p]))
        # sacct -c opens the jobcomp file for appending before it reads it (its plugin's
        # start-up), so the scheduler's client commands get that one folder writable
        for p in slurm_accounting_dirs() if self.network else ():
            if os.path.isdir(p) and not os.path.islink(p):
                ops.append((p.count("/"), 0, ["--bind", p, p]))
        for link in SYSTEM_LINKS:
            if os.path.islink(link):
                ops.append((1, 0, ["--symlink", os.readlink(link), link]))
            elif os.path.isdir(link):
                ops.append((1, 0, ["--ro-bind", link, link]))
        ops.append((1, 1, ["--proc", "/proc"]))
        ops.append((1, 1, ["--dev", "/dev"]))
        ops.append((1, 1, ["--tmpfs", "/tmp"]))
        ops.append((1, 1, ["--tmpfs", "/var/tmp"]))
        ops.append((2, 2, ["--tmpfs", "/dev/shm"]))
        for r in self.writable:
            ops.append((str(r).count("/"), 3, ["--bind", str(r), str(r)]))
        return tuple(ops)

    def _hidden_ops(self) -> list[tuple[int, int, list[str]]]:
        """(depth, phase, arguments) hiding each hidden path that exists now and would be
        visible (phases 4-5, after every mount it could lie under)."""
        ops: list[tuple[int, int, list[str]]] = []
        roots = [str(r) for r in self.writable]
        hidden = [str(x) for x in self.hidden]
        for h in hidden:
            if any(h2 != h and _inside(h, h2) for h2 in hidden):
                continue  # inside another hidden path
            visible = any(_inside(h, r) for r in roots) or any(
                _inside(h, p) for p in READ_ONLY_SYSTEM)
            if not visible:
                continue  # not mounted at all: nothing to hide
            if os.path.isdir(h):
                ops.append((h.count("/"), 4, ["--tmpfs", h]))
                ops.append((h.count("/"), 5, ["--remount-ro", h]))
            elif os.path.exists(h):
                ops.append((h.count("/"), 4, ["--ro-bind", "/dev/null", h]))
        return ops

    def argv(self, bwrap: str, cwd: Path, exec_wrapper: Path | None = None) -> list[str]:
        """``bwrap ... --chdir CWD --`` (the program and its arguments follow).

        With ``exec_wrapper`` the program is started through it inside the view (bound
        read-only at :data:`INNER_EXEC`): bwrap's own ``execvp`` would hand a file that is not
        a program (ENOEXEC) to ``/bin/sh``; the wrapper's raw ``execve`` refuses it.
        """
        ns = ["--unshare-pid", "--unshare-ipc", "--unshare-uts"]
        if not self.network:
            ns.append("--unshare-net")
        # --as-pid-1: the program is reaped by bwrap itself, so its CPU time and peak RSS reach
        # the runner through wait4 (with an init in between they are lost)
        inner = ["--ro-bind", str(exec_wrapper), INNER_EXEC] if exec_wrapper else []
        tail = [INNER_EXEC, "-", "--"] if exec_wrapper else []
        return [bwrap, "--die-with-parent", "--new-session", *ns, "--as-pid-1", "--cap-drop",
                "ALL", *self.mounts(), *inner, "--chdir", str(cwd), "--", *tail]


def signal_of(exit_code: int | None) -> int | None:
    """The signal that killed the program, from bwrap's exit status (128 + N), else None."""
    if exit_code is not None and SIGNAL_EXIT_BASE < exit_code <= SIGNAL_EXIT_BASE + 64:
        return exit_code - SIGNAL_EXIT_BASE
    return None
