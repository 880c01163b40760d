"""How a command is spawned: the exec wrapper, its preexec_fn fallback, the shared namespace,
the cgroup pool, the cheap audit append and the cached policy parse.

Each containment case of the red-team suite is run again without the wrapper, so both spawn
paths are held to the same bar.
"""

from __future__ import annotations

import gc
import os
import stat
import subprocess
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from perfscout.model.runs import RunRequest
from perfscout.sandbox import execwrap
from perfscout.sandbox.audit import AuditLog, head_path, read_records, verify
from perfscout.sandbox.containment import CGROUP_ROOTS
from perfscout.sandbox.policy import load_policy
from sandbox import test_redteam as rt
from sandbox.sbox import Box

SHOW = r"""
#include <stdio.h>
#include <unistd.h>
int main(void){
  const char *files[] = {"/proc/self/limits", "/proc/self/cgroup"};
  for (int i = 0; i < 2; i++) {
    FILE *f = fopen(files[i], "r"); int ch;
    while ((ch = fgetc(f)) != EOF) putchar(ch);
    fclose(f);
  }
  char buf[128]; ssize_t n = readlink("/proc/self/ns/net", buf, sizeof buf - 1);
  buf[n > 0 ? n : 0] = 0; printf("netns %s\n", buf);
  return 0;
}
"""

NOT_ELF = b"\x7fELF but not really a program\n"


def _show(box: Box) -> str:
    src = box.ws / "show.c"
    src.write_text(SHOW)
    subprocess.run(["gcc", "-O1", "-o", str(box.ws / "show"), str(src)], check=True)
    return "./show"


def _limit(out: str, name: str) -> list[str]:
    line = next(ln for ln in out.splitlines() if ln.startswith(name))
    return line[len(name):].split()[:2]


def _netns(out: str) -> str:
    return next(ln for ln in out.splitlines() if ln.startswith("netns ")).split()[1]


def _cgroup_ok() -> bool:
    return any((r / "cgroup.procs").exists() and os.access(r, os.W_OK) for r in CGROUP_ROOTS)


@pytest.mark.parametrize("wrapped", [True, False], ids=["exec-wrapper", "preexec"])
def test_both_spawn_paths_apply_limits_cgroup_and_namespace(box: Box, wrapped: bool) -> None:
    box.use_exec_wrapper = wrapped
    r = box.runner(limits={"nofile": 123, "nproc": 77, "address_space_mb": 2048, "cpu_s": 50,
                           "fsize_mb": 9})
    res = r.run(RunRequest((_show(box),)))
    assert res.ok, res
    out = res.stdout
    assert _limit(out, "Max open files") == ["123", "123"]
    rec = read_records(r.audit.path)[-1]
    if rec["confined"] == "bwrap" and rec["contained_by"] == "cgroup":
        # no capabilities: RLIMIT_NPROC would count every uid-0 process; pids.max bounds it
        cg = next(ln.split(":", 2)[2] for ln in out.splitlines() if ":pids:" in ln)
        assert Path(f"/sys/fs/cgroup/pids{cg}/pids.max").read_text().strip() == "77"
    else:
        assert _limit(out, "Max processes") == ["77", "77"]
    assert _limit(out, "Max address space") == [str(2048 << 20)] * 2
    assert _limit(out, "Max cpu time") == ["50", "51"]
    assert _limit(out, "Max file size") == [str(9 << 20)] * 2
    rec = read_records(r.audit.path)[-1]
    assert rec["spawn"] == ("exec-wrapper" if wrapped else "preexec")
    if _cgroup_ok():
        assert rec["contained_by"] == "cgroup"
        assert any(":pids:/perfscout/" in ln for ln in out.splitlines()), out
    host = os.readlink("/proc/self/ns/net")
    assert (_netns(out) != host) == res.network_isolated is True


def test_isolated_commands_each_get_their_own_namespace(box: Box) -> None:
    prog = _show(box)
    r1, r2 = box.runner(), box.runner()
    a, b = (_netns(r1.run(RunRequest((prog,))).stdout) for _ in range(2))
    c = _netns(r2.run(RunRequest((prog,))).stdout)
    host = os.readlink("/proc/self/ns/net")
    assert host not in (a, b, c)  # (an inode may be reused once a namespace is gone)
    # the runner's thread is back in the host namespace after each spawn
    assert os.readlink(f"/proc/self/task/{threading.get_native_id()}/ns/net") == host


def test_cgroups_are_reused_and_removed_with_the_runner(box: Box) -> None:
    if not _cgroup_ok():
        pytest.skip("no writable pids cgroup here")
    base = next(r for r in CGROUP_ROOTS if (r / "cgroup.procs").exists()) / "perfscout"
    r = box.runner()
    before = set(base.iterdir()) if base.exists() else set()
    used = set()
    for _ in range(4):
        assert r.run(RunRequest(("true",))).ok
        used.add(read_records(r.audit.path)[-1]["contained_by"])
    # only this process's cgroups: the other xdist worker makes its own at the same time
    mine = {p for p in set(base.iterdir()) - before if p.name.startswith(f"{os.getpid()}-")}
    assert used == {"cgroup"} and len(mine) == 1, mine
    del r
    gc.collect()
    assert not any(p.exists() for p in mine)


@pytest.mark.parametrize("wrapped", [True, False], ids=["exec-wrapper", "preexec"])
def test_a_file_that_cannot_be_executed_says_could_not_start(box: Box, wrapped: bool) -> None:
    box.use_exec_wrapper = wrapped
    bad = box.ws / "notelf"
    bad.write_bytes(NOT_ELF)
    bad.chmod(0o755)
    res = box.runner().run(RunRequest(("./notelf",)))
    if not wrapped:
        # without the wrapper bwrap's execvp hands ENOEXEC files to /bin/sh, inside the view
        assert res.allowed and res.exit_code == 127 and not res.ok, res
        return
    assert res.allowed and res.exit_code == 127 and res.reason.startswith("could not start"), res
    assert "Exec format error" in res.reason or "errno 8" in res.reason


def test_wrapper_is_built_once_self_tested_and_private(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(execwrap, "_built", {})
    pol = load_policy()
    w = execwrap.exec_wrapper(tmp_path / "h1", pol.search_path)
    assert w.path is not None, w.reason
    mode = stat.S_IMODE(w.path.stat().st_mode)
    assert mode & 0o022 == 0 and w.path.is_relative_to(tmp_path / "h1")
    assert execwrap.exec_wrapper(tmp_path / "h2", pol.search_path) == w  # remembered
    limits = subprocess.run([str(w.path), "-", "7=55:55", "--", "/bin/cat", "/proc/self/limits"],
                            capture_output=True, text=True, check=True).stdout
    assert _limit(limits, "Max open files") == ["55", "55"]


def test_a_wrapper_others_could_write_is_replaced(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(execwrap, "_built", {})
    pol = load_policy()
    w = execwrap.exec_wrapper(tmp_path, pol.search_path)
    assert w.path is not None
    w.path.write_bytes(b"#!/bin/sh\necho planted > " + str(tmp_path / "planted").encode() + b"\n")
    w.path.chmod(0o777)
    monkeypatch.setattr(execwrap, "_built", {})
    again = execwrap.exec_wrapper(tmp_path, pol.search_path)
    assert again.path == w.path and stat.S_IMODE(again.path.stat().st_mode) & 0o022 == 0
    assert b"planted" not in again.path.read_bytes()
    assert not (tmp_path / "planted").exists()


def test_without_a_compiler_the_runner_falls_back(box: Box,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(execwrap, "_built", {})
    monkeypatch.setattr(execwrap, "COMPILERS", ("no-such-cc",))
    r = box.runner()
    res = r.run(RunRequest(("true",)))
    assert res.ok and r.wrapper().path is None and "no C compiler" in r.wrapper().reason
    assert read_records(r.audit.path)[-1]["spawn"] == "preexec"


CONTAINMENT: list[Callable[[Box], None]] = [
    rt.test_fork_bomb_is_contained, rt.test_memory_hog_hits_the_address_space_limit,
    rt.test_cpu_spin_past_its_budget, rt.test_output_flood_is_capped_with_a_marker,
    rt.test_double_fork_escape_is_killed, rt.test_double_fork_escape_on_timeout,
    rt.test_process_ignoring_sigterm, rt.test_huge_file_write_stops_at_fsize,
]


@pytest.mark.parametrize("case", CONTAINMENT, ids=lambda f: f.__name__[5:])
def test_containment_holds_without_the_exec_wrapper(box: Box,
                                                    case: Callable[[Box], None]) -> None:
    box.use_exec_wrapper = False
    case(box)


def test_two_writers_alternating_keep_one_chain(tmp_path: Path) -> None:
    """The remembered last hash is only used when nobody else appended meanwhile."""
    log = tmp_path / "audit.jsonl"
    home = tmp_path / "home"
    a, b = AuditLog(log, home), AuditLog(log, home)
    for i in range(6):
        (a if i % 3 else b).append({"i": i})
    res = verify(log, home)
    assert res.ok and res.records == 6, res
    assert [r["seq"] for r in read_records(log)] == [1, 2, 3, 4, 5, 6]
    head = head_path(home, log).read_bytes()
    assert b'"count": 6' in head


def test_policy_parse_is_cached_by_text(tmp_path: Path) -> None:
    assert load_policy() is load_policy()
    f = tmp_path / "p.yaml"
    f.write_text("version: 1\nexecutables:\n  \"true\": {}\n")
    p1 = load_policy(f)
    assert p1 is load_policy(f) and set(p1.executables) == {"true"}
    f.write_text("version: 1\nexecutables:\n  uname: {}\n")
    assert set(load_policy(f).executables) == {"uname"}


def test_a_group_without_a_pool_removes_its_cgroup() -> None:
    from perfscout.sandbox.containment import RunGroup

    g = RunGroup(10)
    if g.cgroup is None:
        pytest.skip("no writable pids cgroup here")
    cg = g.cgroup
    assert (cg / "pids.max").read_text().strip() == "10"
    g.close()
    assert not cg.exists()


def test_idle_cgroups_of_a_vanished_process_are_reaped(box: Box) -> None:
    """A runner in a child that leaves with os._exit (no exit handlers) leaks nothing for long."""
    if not _cgroup_ok():
        pytest.skip("no writable pids cgroup here")
    base = next(r for r in CGROUP_ROOTS if (r / "cgroup.procs").exists()) / "perfscout"
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child
        code = 1
        try:
            code = 0 if box.runner().run(RunRequest(("true",))).ok else 1
        finally:
            os._exit(code)
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0
    left = [p for p in base.iterdir() if p.name.startswith(f"{pid}-")]
    assert left, "the child's pooled cgroup should still be there (no exit handlers ran)"
    box.runner()  # a new pool reaps it
    assert not any(p.exists() for p in left)
