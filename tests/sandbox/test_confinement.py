"""Red team against the OS confinement: attacks the argv policy lets through, all contained.

Every attack here passes the argv policy (or is refused by the launcher checks): its commands
hide in input the allowed program reads itself — a shell script given to an ELF copy of
``/bin/sh`` in the workspace, a Makefile recipe, a ``make`` variable, a compiler response file,
an MPI launcher's MPMD syntax or app file. Each runs twice:

- the control: the same thing with plain ``subprocess`` in a throwaway directory, which shows
  the attack does fire without the confinement;
- through the runner: the attack must not fire, and afterwards the host is checked — no file
  outside, no surviving process, no connection, the audit record present and the chain intact.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import threading
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from conftest import require_tool
from perfscout.model.runs import RunRequest
from perfscout.sandbox.approval import grant_token
from perfscout.sandbox.audit import read_records, verify
from perfscout.sandbox.local_runner import LocalRunner
from sandbox.sbox import Box, leftovers, policy, wait_for

SECRET = "SECRET-42"


@dataclass
class Ctx:
    """One side of an attack (the control or the confined run) and what it can reach."""

    root: Path  # where the program runs (the workspace, or the control's directory)
    out: Path  # a directory outside it
    home: Path  # a perfscout home (key, approvals, cache)
    log: Path  # the audit log
    port: int
    abstract: str
    pid: int  # a sacrificial host process
    tag: str
    got: list[bytes] = field(default_factory=list)

    @property
    def victim(self) -> Path:
        return self.out / "victim"

    @property
    def secret(self) -> Path:
        return self.out / "secret.txt"

    def fmt(self, text: str) -> str:
        return text.format(out=self.out, victim=self.victim, secret=self.secret,
                           home=self.home, log=self.log, port=self.port, abs=self.abstract,
                           pid=self.pid, tag=self.tag, root=self.root,
                           victim_rel=os.path.relpath(self.victim, self.root))


def _alive_cmd(needle: str) -> list[int]:
    out = []
    for d in os.listdir("/proc"):
        if d.isdigit():
            with contextlib.suppress(OSError):
                cmd = Path(f"/proc/{d}/cmdline").read_bytes().replace(b"\0", b" ")
                stat = Path(f"/proc/{d}/stat").read_text()
                if needle.encode() in cmd and stat[stat.rfind(")") + 2] != "Z":
                    out.append(int(d))
    return out


def _fired_file(name: str) -> Callable[[Ctx], bool]:
    return lambda c: (c.root / name).exists()


def _host_path(tmpl: str) -> Callable[[Ctx], bool]:
    return lambda c: Path(c.fmt(tmpl)).exists()


PY_CONNECT = ("python3 -c \"import socket; s=socket.create_connection(('127.0.0.1', {port}), "
              "timeout=3); s.sendall(b'pwn')\"")

# (name, shell script run by an ELF copy of /bin/sh in the workspace, fired?)
SH_ATTACKS: list[tuple[str, str, Callable[[Ctx], bool]]] = [
    ("write-outside", "touch {out}/pwned", lambda c: (c.out / "pwned").exists()),
    ("write-through-symlink", "ln -s {out} lnk; touch lnk/pwned2",
     lambda c: (c.out / "pwned2").exists()),
    ("delete-dir-outside", "rm -rf {victim}", lambda c: not c.victim.exists()),
    ("delete-dir-relative", "rm -rf {victim_rel}", lambda c: not c.victim.exists()),
    ("steal-secret", "cat {secret} > stolen",
     lambda c: SECRET in ((c.root / "stolen").read_text() if (c.root / "stolen").exists()
                          else "")),
    ("hardlink-secret-and-append", "ln {secret} hl && echo appended >> hl",
     lambda c: "appended" in c.secret.read_text()),
    ("read-audit-key", "cat {home}/private/audit.key > key.copy",
     lambda c: (c.root / "key.copy").exists() and (c.root / "key.copy").stat().st_size > 0),
    ("overwrite-audit-log", "echo forged > {log}", lambda c: "forged" in c.log.read_text()),
    ("delete-audit-log", "rm -rf {root}/.perfscout", lambda c: not c.log.exists()),
    ("forge-approvals", "echo '{{}}' > {home}/private/approvals.json",
     lambda c: (c.home / "private" / "approvals.json").exists()
     and (c.home / "private" / "approvals.json").read_text().strip() == "{}"),
    ("list-wrapper-cache", "ls {home}/cache/sandbox > cache.txt",
     lambda c: (c.root / "cache.txt").exists() and (c.root / "cache.txt").stat().st_size > 0),
    ("connect-host-loopback", PY_CONNECT, lambda c: bool(c.got)),
    ("connect-abstract-socket",
     "python3 -c \"import socket; s=socket.socket(socket.AF_UNIX); s.connect('\\0{abs}'); "
     "s.sendall(b'pwn')\"", lambda c: bool(c.got)),
    ("setns-into-host-net",
     "python3 -c \"import ctypes,os,socket; l=ctypes.CDLL(None, use_errno=True); "
     "fd=os.open('/proc/{pid}/ns/net', os.O_RDONLY); l.setns(fd, 0x40000000); "
     "s=socket.create_connection(('127.0.0.1', {port}), timeout=3); s.sendall(b'pwn')\"",
     lambda c: bool(c.got)),
    ("kill-host-process", "kill -9 {pid}", lambda c: not _alive_cmd(f"sacrifice-{c.tag}")),
    ("read-host-process-env", "cat /proc/{pid}/environ > env.copy",
     lambda c: (c.root / "env.copy").exists() and b"SACRIFICE"
     in (c.root / "env.copy").read_bytes()),
    ("leave-cgroup", "echo $$ > /sys/fs/cgroup/pids/cgroup.procs && touch fired",
     _fired_file("fired")),
    ("daemon-setsid", "setsid sleep 7{tag} > /dev/null 2>&1 &",
     lambda c: bool(wait_for(lambda: bool(_alive_cmd(f"sleep 7{c.tag}")), 2))),
    ("daemon-double-fork", "(sleep 8{tag} > /dev/null 2>&1 &) ; true",
     lambda c: bool(wait_for(lambda: bool(_alive_cmd(f"sleep 8{c.tag}")), 2))),
    ("new-namespaces", "unshare -m -n true && touch fired", _fired_file("fired")),
    ("mount-tmpfs", "mkdir m && mount -t tmpfs none m && touch fired; umount m 2>/dev/null",
     _fired_file("fired")),
    ("chroot", "chroot / true && touch fired", _fired_file("fired")),
    ("mknod", "mknod nulldev c 1 3 && touch fired", _fired_file("fired")),
    ("chown-other-uid", "touch f && chown 4242 f && touch fired", _fired_file("fired")),
    ("raw-socket", "python3 -c \"import socket; socket.socket(socket.AF_PACKET, "
     "socket.SOCK_RAW)\" && touch fired", _fired_file("fired")),
    ("lift-cpu-limit", "ulimit -t unlimited && touch fired", _fired_file("fired")),
    ("negative-nice", "nice -n -5 nice > n.txt 2>/dev/null",
     lambda c: (c.root / "n.txt").exists() and (c.root / "n.txt").read_text().strip() == "-5"),
    ("sethostname", "hostname \"$(hostname)\" && touch fired", _fired_file("fired")),
    ("write-etc", "touch /etc/perfscout-rt-{tag}", _host_path("/etc/perfscout-rt-{tag}")),
    ("plant-in-search-path", "cp /bin/true /usr/local/bin/perfscout-rt-{tag}",
     _host_path("/usr/local/bin/perfscout-rt-{tag}")),
    ("write-host-tmp", "touch /tmp/perfscout-rt-{tag}", _host_path("/tmp/perfscout-rt-{tag}")),
    ("write-host-shm", "touch /dev/shm/perfscout-rt-{tag}",
     _host_path("/dev/shm/perfscout-rt-{tag}")),
]

# (name, Makefile text or None, extra make arguments, fired?)
MAKE_ATTACKS: list[tuple[str, str | None, tuple[str, ...], Callable[[Ctx], bool]]] = [
    ("make-recipe-writes-outside", "all:\n\ttouch {out}/mk1\n", (),
     lambda c: (c.out / "mk1").exists()),
    ("make-recipe-deletes-outside", "all:\n\trm -rf {victim}\n", (),
     lambda c: not c.victim.exists()),
    ("make-cc-variable-runs-a-command", None, ("CC=touch {out}/mk3 #", "x.o"),
     lambda c: (c.out / "mk3").exists()),
    ("make-recipe-connects-out", "all:\n\t" + PY_CONNECT.replace("$", "$$") + "\n", (),
     lambda c: bool(c.got)),
    ("make-recipe-leaves-a-daemon", "all:\n\tsetsid sleep 9{tag} > /dev/null 2>&1 &\n", (),
     lambda c: bool(wait_for(lambda: bool(_alive_cmd(f"sleep 9{c.tag}")), 2))),
    ("make-recipe-overwrites-audit-log", "all:\n\techo forged > {log}\n", (),
     lambda c: "forged" in c.log.read_text()),
    ("make-recipe-reads-the-key", "all:\n\tcat {home}/private/audit.key > key.copy\n", (),
     lambda c: (c.root / "key.copy").exists() and (c.root / "key.copy").stat().st_size > 0),
]


@contextlib.contextmanager
def _listeners(tag: str) -> Iterator[tuple[int, list[bytes]]]:
    """A TCP listener on 127.0.0.1 and an abstract unix socket, both recording what arrives."""
    got: list[bytes] = []
    tcp = socket.socket()
    tcp.bind(("127.0.0.1", 0))
    tcp.listen(8)
    uds = socket.socket(socket.AF_UNIX)
    uds.bind("\0perfscout-rt-" + tag)
    uds.listen(8)
    stop = threading.Event()

    def serve(srv: socket.socket) -> None:
        srv.settimeout(0.2)
        while not stop.is_set():
            try:
                conn, _ = srv.accept()
            except OSError:
                continue
            with conn:
                conn.settimeout(2)
                with contextlib.suppress(OSError):
                    got.append(conn.recv(16) or b"(connected)")

    threads = [threading.Thread(target=serve, args=(s,), daemon=True) for s in (tcp, uds)]
    for t in threads:
        t.start()
    try:
        yield tcp.getsockname()[1], got
    finally:
        stop.set()
        for t in threads:
            t.join()
        tcp.close()
        uds.close()


@contextlib.contextmanager
def _sacrifice(tag: str) -> Iterator[int]:
    p = subprocess.Popen([f"sacrifice-{tag}", "600"], executable="/bin/sleep",
                         env={"SACRIFICE": "1", "PATH": "/usr/bin:/bin"})
    assert wait_for(lambda: bool(_alive_cmd(f"sacrifice-{tag}")))
    try:
        yield p.pid
    finally:
        p.kill()
        p.wait()


def _prepare(c: Ctx) -> None:
    for d in (c.root, c.out, c.victim, c.home / "private", c.home / "cache" / "sandbox"):
        d.mkdir(parents=True, exist_ok=True)
    (c.victim / "keep").write_text("keep\n")
    c.secret.write_text(SECRET + "\n")
    (c.root / "x.c").write_text("int x;\n")
    # an ELF copy of a shell under another name: the argv policy sees a workspace program
    shutil.copy2("/bin/sh", c.root / "tool")


def _control_ctx(tmp: Path, tag: str, port: int, got: list[bytes], pid: int) -> Ctx:
    c = Ctx(tmp / "ctl", tmp / "ctl-out", tmp / "ctl-home", tmp / "ctl" / ".perfscout" /
            "audit.jsonl", port, "perfscout-rt-" + tag, pid, tag, got)
    _prepare(c)
    c.log.parent.mkdir()
    c.log.write_text('{"seq": 1}\n')
    (c.home / "private" / "audit.key").write_bytes(os.urandom(32))
    (c.home / "private" / "approvals.json").write_text('{"x": 1}\n')
    (c.home / "cache" / "sandbox" / "perfscout-exec-x").write_bytes(b"\x7fELF")
    return c


def _cleanup(tag: str) -> None:
    for p in (f"/etc/perfscout-rt-{tag}", f"/usr/local/bin/perfscout-rt-{tag}",
              f"/tmp/perfscout-rt-{tag}", f"/dev/shm/perfscout-rt-{tag}"):
        with contextlib.suppress(OSError):
            os.unlink(p)
    needles = (f"sleep 7{tag}", f"sleep 8{tag}", f"sleep 9{tag}")

    def killed_all() -> bool:
        alive = [pid for n in needles for pid in _alive_cmd(n)]
        for pid in alive:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
        return not alive

    # SIGKILL is delivered asynchronously, and a daemon the control started may appear only
    # after the first look (setsid forks when it leads its process group, the child execs
    # later; on a loaded machine that takes a while): kill whatever is found on every look,
    # until the kernel reports none, so the contained run that follows (same tag) is never
    # blamed for the control's processes.
    assert wait_for(killed_all, 30), f"the control's processes for tag {tag} outlived SIGKILL"


def _attack(box: Box, tmp: Path, make_argv: Callable[[Ctx], tuple[str, ...]],
            write: Callable[[Ctx], None], fired: Callable[[Ctx], bool],
            control_argv: Callable[[Ctx], list[str]], allowed: bool = True) -> None:
    """Control first (it must fire), then the runner (it must not); ``allowed``: whether the
    argv policy lets the command through (the confinement is then what holds)."""
    tag = uuid.uuid4().hex[:6]
    tag = str(int(tag, 16) % 100000)  # digits: it becomes part of a sleep duration
    try:
        with _listeners(tag) as (port, got), _sacrifice(tag) as pid:
            # control: plain subprocess, no confinement
            ctl = _control_ctx(tmp, tag, port, got, pid)
            write(ctl)
            subprocess.run(control_argv(ctl), cwd=ctl.root, capture_output=True, timeout=60,
                           env={"PATH": "/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin",
                                "HOME": str(ctl.root)})
            assert wait_for(lambda: fired(ctl), 3), "control: the attack did not fire"
            _cleanup(tag)
            got.clear()
        with _listeners(tag) as (port, got), _sacrifice(tag) as pid:
            r = box.runner(timeout_s=60)
            r.audit.touch()
            c = Ctx(box.ws, box.outside, box.home, r.audit.path, port, "perfscout-rt-" + tag,
                    pid, tag, got)
            _prepare(c)
            grant_token(box.home, "sbatch", 600)  # a real approvals store to forge
            write(c)
            argv = make_argv(c)
            res = r.run(RunRequest(argv, purpose="redteam"))
            assert not fired(c), f"contained: the attack fired ({res})"
            assert not got, got
            assert _alive_cmd(f"sacrifice-{tag}"), "a host process was killed"
            assert wait_for(lambda: not leftovers(box.ws)), "a process survived the command"
            recs = read_records(r.audit.path)
            assert recs[-1]["argv"] == list(argv) and recs[-1]["purpose"] == "redteam"
            assert verify(r.audit.path, box.home).ok
            assert res.allowed is allowed, res
            if res.allowed:
                assert recs[-1]["confined"] == "bwrap" and res.network_isolated
    finally:
        _cleanup(tag)


@pytest.mark.parametrize("name, script, fired", SH_ATTACKS, ids=[a[0] for a in SH_ATTACKS])
def test_shell_in_the_workspace_is_contained(box: Box, tmp_path: Path, name: str, script: str,
                                             fired: Callable[[Ctx], bool]) -> None:
    def write(c: Ctx) -> None:
        (c.root / "attack.sh").write_text(c.fmt(script) + "\n")

    _attack(box, tmp_path, lambda c: ("./tool", "attack.sh"), write, fired,
            lambda c: [str(c.root / "tool"), "attack.sh"])


@pytest.mark.parametrize("name, makefile, args, fired", MAKE_ATTACKS,
                         ids=[a[0] for a in MAKE_ATTACKS])
def test_make_recipes_and_variables_are_contained(box: Box, tmp_path: Path, name: str,
                                                  makefile: str | None, args: tuple[str, ...],
                                                  fired: Callable[[Ctx], bool]) -> None:
    require_tool("make")

    def write(c: Ctx) -> None:
        if makefile is not None:
            (c.root / "Makefile").write_text(c.fmt(makefile))

    _attack(box, tmp_path, lambda c: ("make", *(c.fmt(a) for a in args)), write, fired,
            lambda c: ["make", *(c.fmt(a) for a in args)])


def test_compiler_response_file_is_contained(box: Box, tmp_path: Path) -> None:
    require_tool("gcc")

    def write(c: Ctx) -> None:
        (c.root / "resp").write_text(f"-c x.c -o {c.out}/g1.o\n")

    _attack(box, tmp_path, lambda c: ("gcc", "@resp"), write,
            lambda c: (c.out / "g1.o").exists(), lambda c: ["gcc", "@resp"])


MPI = ["mpirun", "--allow-run-as-root", "--oversubscribe"]


@pytest.mark.parametrize("name", ["mpmd-colon", "app-file"])
def test_launcher_holes_are_refused(box: Box, tmp_path: Path, name: str) -> None:
    require_tool("mpirun")

    def write(c: Ctx) -> None:
        (c.root / "app").write_text(f"-np 1 /usr/bin/touch {c.out}/mpi-{name}\n")

    def argv(c: Ctx) -> tuple[str, ...]:
        if name == "mpmd-colon":
            return (*MPI, "-np", "1", "true", ":", "-np", "1", "touch", f"{c.out}/mpi-{name}")
        return (*MPI, "--app", "app")

    _attack(box, tmp_path, argv, write, lambda c: (c.out / f"mpi-{name}").exists(),
            lambda c: list(argv(c)), allowed=False)


def test_mca_variables_that_name_programs_are_dropped(box: Box) -> None:
    names = ["OMPI_MCA_orte_launch_agent", "OMPI_MCA_pmix_server_agent",
             "OMPI_MCA_mca_base_param_files", "OMPI_MCA_orte_fork_agent", "PRTE_MCA_x",
             "OMPI_MCA_mca_base_envar_file_prefix"]
    env = {n: "/usr/bin/touch /tmp/x" for n in names} | {"OMPI_MCA_btl": "self,vader"}
    ctl = subprocess.run(["/usr/bin/env"], env=env, capture_output=True, text=True)
    assert all(n in ctl.stdout for n in names)  # control: the variables reach the program
    r = box.runner()
    res = r.run(RunRequest((box.prog("printenv"), *names, "OMPI_MCA_btl"), env=env))
    assert res.ok, res
    for n in names:
        assert f"{n}=(unset)" in res.stdout, res.stdout
    assert "OMPI_MCA_btl=self,vader" in res.stdout
    assert set(names) <= set(read_records(r.audit.path)[-1]["env_dropped"])


def test_the_jobcomp_folder_from_slurm_conf_is_visible_to_slurm_commands(tmp_path: Path) -> None:
    """`sacct -c` reads the jobcomp file named in slurm.conf: its folder is bound read-only
    for the scheduler's (network) rules, and nothing is added when the file names none."""
    from perfscout.sandbox.confine import View, slurm_accounting_dirs

    acct = tmp_path / "acct"
    acct.mkdir()
    conf = tmp_path / "slurm.conf"
    conf.write_text(f"ClusterName=x\nJobCompType=jobcomp/filetxt\nJobCompLoc={acct}/jc.txt # c\n")
    assert slurm_accounting_dirs(str(conf)) == (str(acct.resolve()),)
    conf.write_text("ClusterName=x\n")
    assert slurm_accounting_dirs(str(conf)) == ()
    assert slurm_accounting_dirs(str(tmp_path / "missing.conf")) == ()
    os.environ["SLURM_CONF"] = str(conf)
    try:
        conf.write_text(f"JobCompLoc={acct}/jc.txt\n")
        with_net = View(writable=(tmp_path,), hidden=(), network=True).mounts()
        without = View(writable=(tmp_path,), hidden=(), network=False).mounts()
    finally:
        del os.environ["SLURM_CONF"]
    assert str(acct.resolve()) in with_net and str(acct.resolve()) not in without


def test_a_secret_made_after_the_first_command_is_still_hidden(tmp_path: Path) -> None:
    """The view's static mounts are made once per runner; what must stay hidden is looked at
    for every command: the approvals store written after a first command is not readable."""
    ws = (tmp_path / "ws").resolve()
    home = ws / "home"  # the home inside the workspace: its secrets need hiding
    home.mkdir(parents=True)
    r = LocalRunner(policy(), ws, home)
    assert r.run(RunRequest(("true",))).ok
    (home / "approvals.json").write_text(SECRET + "\n")
    res = r.run(RunRequest(("cat", str(home / "approvals.json"))))
    assert res.allowed and SECRET not in res.stdout, res  # hidden (/dev/null bound over it)


def test_the_static_mounts_are_made_once_per_view(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """slurm.conf is read once per view, not once per command; a hidden path that appears
    between two commands is hidden in the second."""
    from perfscout.sandbox import confine

    reads: list[str | None] = []
    real = confine.slurm_accounting_dirs

    def counted(conf: str | None = None) -> tuple[str, ...]:
        reads.append(conf)
        return real(conf)

    monkeypatch.setattr(confine, "slurm_accounting_dirs", counted)
    late = tmp_path / "late.json"
    view = confine.View(writable=(tmp_path,), hidden=(late,), network=True)
    first = view.mounts()
    late.write_text("{}")
    second = view.mounts()
    assert len(reads) == 1
    assert str(late) not in first
    assert second[second.index(str(late)) - 2:second.index(str(late)) + 1] == [
        "--ro-bind", "/dev/null", str(late)]
