"""Red-team suite: each case asserts the denial or containment AND that the host was unaffected.

"Unaffected" is checked directly: the file outside the workspace does not exist, the escaped
process is gone, no listener saw a connection, the audit log recorded the refusal.
"""

from __future__ import annotations

import os
import signal
import socket
import threading
from pathlib import Path

import pytest

from perfscout.model.errors import PolicyDenied
from perfscout.model.runs import RunRequest
from perfscout.sandbox import confine, containment
from perfscout.sandbox.approval import grant_token, revoke_token
from perfscout.sandbox.audit import read_records, verify
from perfscout.sandbox.shellwords import split_command
from sandbox.sbox import Box, leftovers, wait_for


def _denied(box: Box, argv: tuple[str, ...], rule_part: str, **req: object) -> None:
    """Run ``argv``; it must be denied by a rule containing ``rule_part`` and audited."""
    r = box.runner()
    res = r.run(RunRequest(argv, **req))  # type: ignore[arg-type]
    assert not res.allowed, res
    assert rule_part in res.rule, (res.rule, res.reason)
    assert res.exit_code is None and res.stdout == ""
    last = read_records(r.audit.path)[-1]
    assert last["allowed"] is False and last["rule"] == res.rule
    assert last["argv"] == list(argv)
    assert verify(r.audit.path, r.home).ok


# ---- shell syntax and shell-like wrappers ----------------------------------------------------

@pytest.mark.parametrize("arg", ["/proc/cpuinfo; touch {o}", "$(touch {o})", "`touch {o}`",
                                 "/proc/cpuinfo | tee {o}", "/proc/cpuinfo > {o}",
                                 "/proc/cpuinfo && touch {o}"])
def test_metacharacters_in_arguments(box: Box, arg: str) -> None:
    target = box.outside / "pwned"
    _denied(box, ("cat", arg.format(o=target)), "deny:shell-metachar")
    assert not target.exists()


@pytest.mark.parametrize("text", ["lscpu | tee x", "lscpu; touch x", "echo $(id)", "ls *",
                                  "cat /proc/cpuinfo > x", "lscpu `id`"])
def test_shell_string_with_syntax_is_rejected(box: Box, text: str) -> None:
    with pytest.raises(PolicyDenied, match="metacharacter"):
        split_command(text)
    assert not (box.ws / "x").exists()


def test_plain_shell_string_is_split() -> None:
    assert split_command("perf stat -e 'task-clock' -x, true") == (
        "perf", "stat", "-e", "task-clock", "-x,", "true")


@pytest.mark.parametrize("argv", [
    ("sh", "-c", "touch {o}"), ("bash", "-c", "touch {o}"), ("dash", "-c", "touch {o}"),
    ("zsh", "-c", "touch {o}"), ("/bin/sh", "-c", "touch {o}"),
    ("env", "LD_PRELOAD=x", "touch", "{o}"), ("xargs", "touch", "{o}"),
    ("find", ".", "-exec", "touch", "{o}", "+"), ("python3", "-c", "open('{o}','w')"),
    ("python", "-c", "open('{o}','w')"),
])
def test_interpreters_and_exec_wrappers(box: Box, argv: tuple[str, ...]) -> None:
    target = box.outside / "pwned"
    _denied(box, tuple(a.format(o=target) for a in argv), "deny:exe:")
    assert not target.exists()


@pytest.mark.parametrize("argv", [
    ("perf", "stat", "-e", "task-clock", "sh", "-c", "touch {o}"),
    ("perf", "stat", "--", "bash", "-c", "touch {o}"),
    ("numactl", "--cpunodebind=0", "bash", "-c", "touch {o}"),
    ("time", "-v", "env", "touch", "{o}"),
    ("valgrind", "--tool=callgrind", "python3", "-c", "open('{o}','w')"),
    ("taskset", "-c", "0", "sh", "-c", "touch {o}"),
    ("mpirun", "-np", "1", "sh", "-c", "touch {o}"),
    ("likwid-pin", "-c", "0", "xargs", "touch", "{o}"),
])
def test_wrapped_programs_are_checked_recursively(box: Box, argv: tuple[str, ...]) -> None:
    target = box.outside / "pwned"
    _denied(box, tuple(a.format(o=target) for a in argv), "deny:exe:")
    assert not target.exists()


# ---- paths ---------------------------------------------------------------------------------------

def test_path_traversal_with_dotdot(box: Box) -> None:
    (box.ws / "a.c").write_text("int main(void){return 0;}\n")
    rel = os.path.relpath(box.outside / "a.out", box.ws)
    assert rel.startswith("..")
    _denied(box, ("gcc", "-o", rel, "a.c"), "exe:gcc:path")
    assert not (box.outside / "a.out").exists()


def test_absolute_path_outside_workspace(box: Box) -> None:
    _denied(box, ("cat", "/etc/shadow"), "exe:cat:path")
    _denied(box, ("head", "-n", "1", "/etc/passwd"), "exe:head:path")


def test_symlink_pointing_outside(box: Box) -> None:
    (box.outside / "secret").write_text("s3cret\n")
    (box.ws / "link").symlink_to(box.outside)
    _denied(box, ("cat", "link/secret"), "exe:cat:path")
    (box.ws / "a.c").write_text("int main(void){return 0;}\n")
    _denied(box, ("gcc", "-o", "link/evil", "a.c"), "exe:gcc:path")
    assert not (box.outside / "evil").exists()


def test_symlinked_program_pointing_outside(box: Box) -> None:
    (box.ws / "lscpu").symlink_to("/bin/sh")
    _denied(box, ("./lscpu", "-c", "true"), "deny:exe")


def test_perf_record_output_into_etc(box: Box) -> None:
    target = Path("/etc/perfscout-redteam.data")
    _denied(box, ("perf", "record", "-o", str(target), "-e", "cpu-clock", "true"),
            "exe:perf/record:path")
    _denied(box, ("perf", "record", f"--output={target}", "true"), "exe:perf/record:path")
    assert not target.exists()


def test_cwd_outside_workspace(box: Box) -> None:
    _denied(box, ("lscpu",), "deny:cwd-outside-workspace", cwd=str(box.outside))


def test_generic_path_argument_of_a_workspace_program(box: Box) -> None:
    target = box.outside / "big"
    _denied(box, (box.prog("bigfile"), str(target), "1"), "exe:workspace-program:path")
    assert not target.exists()


# ---- environment -------------------------------------------------------------------------------

@pytest.mark.parametrize("var", ["LD_PRELOAD", "LD_LIBRARY_PATH", "LD_AUDIT", "GCONV_PATH"])
def test_loader_variables_are_dropped(box: Box, var: str) -> None:
    sentinel = box.outside / "preload-hit"
    value = str(box.progs / "preload.so") if var != "LD_LIBRARY_PATH" else str(box.progs)
    r = box.runner()
    res = r.run(RunRequest((box.prog("printenv"), var), env={var: value,
                                                             "SENTINEL": str(sentinel)}))
    assert res.ok, res
    assert res.stdout.strip() == f"{var}=(unset)"
    assert not sentinel.exists()
    assert var in read_records(r.audit.path)[-1]["env_dropped"]


def test_loader_variable_from_the_callers_environment(box: Box, monkeypatch:
                                                      pytest.MonkeyPatch) -> None:
    sentinel = box.outside / "preload-hit"
    monkeypatch.setenv("LD_PRELOAD", str(box.progs / "preload.so"))
    monkeypatch.setenv("SENTINEL", str(sentinel))
    res = box.runner().run(RunRequest((box.prog("printenv"), "LD_PRELOAD", "LC_ALL")))
    assert res.stdout.split() == ["LD_PRELOAD=(unset)", "LC_ALL=C"]
    assert not sentinel.exists()


def test_mpirun_cannot_export_loader_variables(box: Box) -> None:
    _denied(box, ("mpirun", "-x", "LD_PRELOAD=/tmp/x.so", "-np", "1", box.prog("printenv")),
            "exe:mpirun:env")


# ---- MPI launcher ------------------------------------------------------------------------------

@pytest.mark.parametrize("argv", [
    ("mpirun", "--host", "other", "-np", "2", "true"),
    ("mpirun", "-H", "other:2", "true"),
    ("mpiexec", "-host", "other", "true"),
    ("mpirun", "--hostfile", "/etc/hosts", "true"),
    ("mpirun", "--mca", "plm_rsh_agent", "/tmp/evil", "true"),
    ("mpirun", "--mca", "orte_launch_agent", "x", "true"),
    ("mpirun", "--launch-agent", "/tmp/evil", "true"),
])
def test_mpirun_restricted_to_local_slots(box: Box, argv: tuple[str, ...]) -> None:
    _denied(box, argv, "exe:mpirun")


# ---- approvals ---------------------------------------------------------------------------------

def test_sbatch_without_approval(box: Box) -> None:
    _denied(box, ("sbatch", "--wrap", "hostname"), "approval:sbatch")


def test_sbatch_with_revoked_or_wrong_scope_token(box: Box) -> None:
    tok, a = grant_token(box.home, "sbatch", 60)
    other, _ = grant_token(box.home, "experiment", 60)
    assert box.runner().check(("scancel", "1"), approval_token=tok).allowed
    _denied(box, ("scancel", "1"), "approval:sbatch", approval_token=other)
    revoke_token(box.home, a.id)
    _denied(box, ("scancel", "1"), "approval:sbatch", approval_token=tok)


def test_expired_token(box: Box) -> None:
    tok, _ = grant_token(box.home, "sbatch", 0.05)
    assert wait_for(lambda: not box.runner().check(("srun", "true"),
                                                   approval_token=tok).allowed)


# ---- executables -------------------------------------------------------------------------------

@pytest.mark.parametrize("argv", [("nmap", "127.0.0.1"), ("/usr/bin/awk", "BEGIN{}"),
                                  ("perl", "-e", "1"), ("dd", "if=/dev/zero", "of=/tmp/x")])
def test_unknown_executables(box: Box, argv: tuple[str, ...]) -> None:
    _denied(box, argv, "deny:")
    res = box.runner().run(RunRequest(argv))
    assert res.reason and ("not an allowed executable" in res.reason or "never" in res.reason)


def test_program_outside_workspace_and_trusted_dirs(box: Box) -> None:
    import shutil

    shutil.copy2(box.progs / "printenv", box.outside / "printenv")
    _denied(box, (str(box.outside / "printenv"), "HOME"), "deny:exe-outside-search-path")


def test_workspace_script_is_not_a_loophole(box: Box) -> None:
    target = box.outside / "pwned"
    s = box.ws / "run.sh"
    s.write_text(f"#!/bin/sh\ntouch {target}\n")
    s.chmod(0o755)
    _denied(box, ("./run.sh",), "exe:workspace-program:script")
    assert not target.exists()


@pytest.mark.parametrize("argv,rule", [
    (("valgrind", "--tool=memcheck", "true"), "exe:valgrind"),
    (("gcc", "-wrapper", "/bin/sh,-c", "a.c"), "exe:gcc:deny"),
    (("gcc", "-fplugin=/tmp/evil.so", "a.c"), "exe:gcc:deny"),
    (("gcc", "-Wl,-o,/etc/evil", "a.c"), "exe:gcc:deny"),
    (("make", "SHELL=/bin/sh"), "exe:make:deny"),
    (("make", "-C", "/etc"), "exe:make:path"),
    (("numactl", "--hardware", "--weird"), "exe:numactl:option"),
])
def test_dangerous_options_of_allowed_tools(box: Box, argv: tuple[str, ...], rule: str) -> None:
    _denied(box, argv, rule)


# ---- containment of programs that do run -------------------------------------------------------

def test_fork_bomb_is_contained(box: Box) -> None:
    r = box.runner(timeout_s=3, limits={"nproc": 40})
    res = r.run(RunRequest((box.prog("forkbomb"),)))
    assert res.allowed and (res.timed_out or res.exit_code is not None or res.signal)
    assert wait_for(lambda: not leftovers(box.ws)), leftovers(box.ws)
    rec = read_records(r.audit.path)[-1]
    assert rec["leftover_processes_killed"] >= 1 or res.timed_out


def test_memory_hog_hits_the_address_space_limit(box: Box) -> None:
    res = box.runner(limits={"address_space_mb": 256}).run(RunRequest((box.prog("memhog"),)))
    assert res.exit_code == 3, res
    mb = int(res.stdout.split()[2])
    assert mb < 256
    # never this (large) test process's own peak: the program's, or unknown
    assert res.max_rss_kb is None or res.max_rss_kb < 300 * 1024


PEAK_SCRIPT = """
import json, os, sys
from pathlib import Path
# this interpreter was spawned by the (large) test worker and carries its peak; a fork of it
# starts with only this interpreter's own, which is the small spawner the test needs
pid = os.fork()
if pid:
    sys.exit(os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]))
from perfscout.model.runs import RunRequest
from perfscout.sandbox.local_runner import LocalRunner
from sandbox.sbox import policy
ws, home, wrap = Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3] == "1"
r = LocalRunner(policy(limits={"address_space_mb": 256}), ws, home, use_exec_wrapper=wrap)
small = r.run(RunRequest(("./memhog",))).max_rss_kb
ballast = bytearray(600 << 20)
ballast[::4096] = b"\\1" * len(ballast[::4096])
big = r.run(RunRequest(("./memhog",))).max_rss_kb
print(json.dumps([small, big]), flush=True)
os._exit(0)
"""


def test_peak_rss_is_the_programs_not_the_spawners(box: Box) -> None:
    """Linux carries the spawner's peak RSS into a fork/vfork child across exec: a program run
    from a 600 MB process used to report 600 MB. Run from a small process, memhog's own peak
    (about 240 MB under a 256 MB address-space limit) is reported; from a process whose peak
    is above it, the peak is unknown (None), never the spawner's."""
    import json
    import subprocess
    import sys

    from conftest import REPO

    box.prog("memhog")
    env = dict(os.environ, PYTHONPATH=f"{REPO / 'src'}:{REPO / 'tests'}")
    cp = subprocess.run([sys.executable, "-c", PEAK_SCRIPT, str(box.ws), str(box.home),
                         "1" if box.use_exec_wrapper else "0"], env=env, capture_output=True,
                        text=True, timeout=120, check=True)
    small, big = json.loads(cp.stdout)
    assert small is not None and 150 * 1024 < small < 270 * 1024, small
    assert big is None, big


def test_cpu_spin_past_its_budget(box: Box) -> None:
    res = box.runner(timeout_s=30, limits={"cpu_s": 1}).run(RunRequest((box.prog("spin"),)))
    assert res.signal in (signal.SIGXCPU, signal.SIGKILL), res
    assert not res.timed_out
    assert res.user_s is not None and 0.5 < res.user_s + (res.sys_s or 0) < 5
    assert not leftovers(box.ws)


def test_output_flood_is_capped_with_a_marker(box: Box) -> None:
    r = box.runner(output_cap_bytes=65536)
    res = r.run(RunRequest((box.prog("flood"), "8")))
    assert res.ok and res.stdout_truncated
    assert res.stdout.startswith("x" * 65536)
    assert "[perfscout: output truncated after 65536 bytes; 8388608 bytes in all]" in res.stdout
    assert len(res.stdout) < 65536 + 200
    rec = read_records(r.audit.path)[-1]
    assert rec["stdout_total_bytes"] == 8 << 20 and rec["stdout_truncated"] is True


def test_double_fork_escape_is_killed(box: Box) -> None:
    pidfile = box.ws / "gc.pid"
    res = box.runner().run(RunRequest((box.prog("doublefork"), "gc.pid", "1")))
    assert res.ok, res
    assert pidfile.exists()  # the grandchild ran (its pid is the sandbox's own)
    assert wait_for(lambda: not leftovers(box.ws)), "the grandchild survived"



def test_double_fork_escape_on_timeout(box: Box) -> None:
    res = box.runner().run(RunRequest((box.prog("doublefork"), "gc.pid", "100"), timeout_s=1))
    # under bwrap the program is its pid namespace's init: only SIGKILL reaches it
    assert res.timed_out and res.signal in (signal.SIGTERM, signal.SIGKILL)
    assert (box.ws / "gc.pid").exists()
    assert wait_for(lambda: not leftovers(box.ws))


def test_process_ignoring_sigterm(box: Box) -> None:
    res = box.runner().run(RunRequest((box.prog("ignoreterm"), "p.pid"), timeout_s=1))
    assert res.timed_out and res.signal == signal.SIGKILL, res
    assert (box.ws / "p.pid").exists()  # it ran (the pid inside is its namespace's own)
    assert wait_for(lambda: not leftovers(box.ws))
    assert "timed out" in res.reason


def test_huge_file_write_stops_at_fsize(box: Box) -> None:
    res = box.runner(limits={"fsize_mb": 4}).run(
        RunRequest((box.prog("bigfile"), "big.dat", "64")))
    # as its pid namespace's init (bwrap --as-pid-1) the program ignores SIGXFSZ: the write
    # fails with EFBIG instead
    assert res.signal == signal.SIGXFSZ or (res.exit_code == 5 and "short write" in res.stdout)
    assert (box.ws / "big.dat").stat().st_size <= 4 << 20


@pytest.fixture()
def listener() -> tuple[int, list[bytes]]:
    srv = socket.socket()
    srv.bind(("127.0.0.1", 0))
    srv.listen(4)
    srv.settimeout(0.2)
    got: list[bytes] = []
    stop = threading.Event()

    def serve() -> None:
        while not stop.is_set():
            try:
                c, _ = srv.accept()
            except OSError:
                continue
            got.append(c.recv(16) or b"(empty)")
            c.close()

    t = threading.Thread(target=serve, daemon=True)
    t.start()
    yield srv.getsockname()[1], got  # type: ignore[misc]
    stop.set()
    t.join()
    srv.close()


def test_network_socket_is_blocked(box: Box, listener: tuple[int, list[bytes]]) -> None:
    port, got = listener
    if not containment.netns_available():
        pytest.skip("network namespaces cannot be created here; fallback tested separately")
    res = box.runner().run(RunRequest((box.prog("netsock"), str(port))))
    assert res.network_isolated is True
    assert res.exit_code == 4 and "failed" in res.stdout, res
    assert got == []


def test_network_fallback_is_recorded(box: Box, listener: tuple[int, list[bytes]],
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    port, got = listener
    monkeypatch.setattr(containment, "_netns_ok", False)
    monkeypatch.setattr(confine, "bwrap_path", lambda *a: None)
    r = box.runner()
    denied = r.run(RunRequest((box.prog("netsock"), str(port))))
    assert not denied.allowed and denied.rule == "deny:no-confinement"
    assert "bubblewrap" in denied.reason
    r = box.runner(unconfined=True)
    res = r.run(RunRequest((box.prog("netsock"), str(port))))
    assert res.network_isolated is False and "connected" in res.stdout
    rec = read_records(r.audit.path)[-1]
    assert rec["network_isolated"] is False and rec["confined"] == "none (--unconfined)"
    assert wait_for(lambda: got == [b"hi"])


def test_total_budget_is_enforced(box: Box) -> None:
    r = box.runner(total_budget_s=0.5)
    first = r.run(RunRequest((box.prog("spin"),), timeout_s=0.6))
    assert first.timed_out
    res = r.run(RunRequest(("true",)))
    assert not res.allowed and res.rule == "deny:total-budget"
    assert read_records(r.audit.path)[-1]["rule"] == "deny:total-budget"
