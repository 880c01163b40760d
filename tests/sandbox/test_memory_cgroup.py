"""Red team: a memory bomb spread over a process tree, held by the per-run memory cgroup.

``RLIMIT_AS`` bounds each process alone, so a tree of processes that each stay below it can
take the machine's memory together (a program cannot raise its own hard limit, but it does not
need to). The per-run memory cgroup counts the whole tree, and no process in it can leave it
(``/sys`` is read-only in the view and the tree has no capabilities). Each attack runs twice:
the control without the memory cgroup (the bomb holds all its memory at once), then with it
(the kernel's OOM killer stops it inside the cgroup); afterwards the host is checked — no
process left, the cgroup folder gone, the audit record present and the chain intact.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from perfscout.model.runs import RunRequest
from perfscout.sandbox.audit import read_records, verify
from perfscout.sandbox.containment import CgroupPool, own_cgroup
from sandbox.sbox import Box, leftovers, wait_for

# argv[1] children each touch argv[2] MB and hold it until every child has reported; prints
# how many held their share at the same time (exit 0 when all did)
MEMTREE = r"""
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
int main(int c, char **v) {
  int n = atoi(v[1]), mb = atoi(v[2]), ready[2], go[2], held = 0;
  if (pipe(ready) || pipe(go)) return 2;
  for (int i = 0; i < n; i++) {
    if (fork() == 0) {
      close(ready[0]); close(go[1]);
      char *p = malloc((size_t)mb << 20);
      if (!p) _exit(3);
      memset(p, 1, (size_t)mb << 20);
      if (write(ready[1], "r", 1) != 1) _exit(5);
      close(ready[1]);
      char b;
      if (read(go[0], &b, 1) < 0) _exit(6);
      _exit(p[12345] == 1 ? 0 : 4);
    }
  }
  close(ready[1]); close(go[0]);
  char b;
  while (read(ready[0], &b, 1) == 1) held++;
  close(go[1]);
  while (wait(NULL) > 0) {}
  printf("held %d of %d x %d MB\n", held, n, mb);
  return held == n ? 0 : 1;
}
"""

# tries to move itself out of its memory cgroup into each cgroup.procs file named in the file
# argv[1] (the argv policy would refuse the paths themselves); prints what happened to each
ESCAPE = r"""
#include <errno.h>
#include <stdio.h>
#include <string.h>
int main(int c, char **v) {
  char path[4096];
  int moved = 0;
  FILE *list = fopen(v[1], "r");
  if (!list) return 2;
  while (fgets(path, sizeof path, list)) {
    path[strcspn(path, "\n")] = 0;
    FILE *f = fopen(path, "w");
    if (!f) { printf("%s: %s\n", path, strerror(errno)); continue; }
    int ok = fputs("0", f) >= 0;
    ok = fclose(f) == 0 && ok;
    printf("%s: %s\n", path, ok ? "moved" : strerror(errno));
    moved += ok;
  }
  return moved ? 9 : 0;
}
"""

CHILDREN, EACH_MB, LIMIT_MB, AS_MB = 4, 48, 96, 1024


def _need_memory_cgroup() -> None:
    pool = CgroupPool("memory")
    usable = pool.usable
    pool.close()
    if not usable:
        pytest.skip("no writable cgroup v1 memory hierarchy on this machine")


@pytest.fixture()
def memtree(box: Box, tmp_path: Path) -> str:
    _need_memory_cgroup()
    src = tmp_path / "memtree.c"
    src.write_text(MEMTREE)
    subprocess.run(["gcc", "-O1", "-o", str(box.ws / "memtree"), str(src)], check=True)
    return "./memtree"


def _own_memory_folder() -> Path:
    own = own_cgroup("memory")
    assert own is not None
    return Path("/sys/fs/cgroup/memory") / own.lstrip("/") / "perfscout"


def test_memory_bomb_over_a_tree_is_stopped_by_the_cgroup(box: Box, memtree: str) -> None:
    argv = (memtree, str(CHILDREN), str(EACH_MB))
    # control: the same tree, every process under the same RLIMIT_AS, no memory cgroup
    free = box.runner(timeout_s=60, limits={"address_space_mb": AS_MB, "memory_mb": None})
    ctl = free.run(RunRequest(argv))
    assert ctl.exit_code == 0 and f"held {CHILDREN} of {CHILDREN}" in ctl.stdout, ctl
    assert read_records(free.audit.path)[-1]["memory_cgroup"] is None

    r = box.runner(timeout_s=60, limits={"address_space_mb": AS_MB, "memory_mb": LIMIT_MB})
    res = r.run(RunRequest(argv, purpose="redteam"))
    assert res.allowed, res
    assert f"held {CHILDREN} of {CHILDREN}" not in res.stdout, res
    rec = read_records(r.audit.path)[-1]
    mem = rec["memory_cgroup"]
    assert mem is not None and mem["limit_mb"] == LIMIT_MB, rec
    # the cgroup counted the tree's total: it reached the limit and killed inside the tree
    assert mem["oom_kills"] >= 1, mem
    assert mem["peak_mb"] <= LIMIT_MB + 1, mem
    assert CHILDREN * EACH_MB > LIMIT_MB and EACH_MB < AS_MB
    # the host afterwards: nothing left running, the audit record present and chained
    assert wait_for(lambda: not leftovers(box.ws)), leftovers(box.ws)
    assert rec["argv"] == list(argv) and rec["purpose"] == "redteam"
    assert verify(r.audit.path, box.home).ok
    # the command's memory cgroup went back to the runner's pool (empty), and closing the
    # runner's pool removes it from the cgroup tree
    ours = [cg for cg, _ in r._memory_cgroups._idle]
    assert len(ours) == 1 and ours[0].parent == _own_memory_folder(), ours
    r._memory_cgroups.close()
    assert not ours[0].exists(), f"a memory cgroup was left behind: {ours[0]}"


def test_the_tree_cannot_leave_its_memory_cgroup(box: Box, tmp_path: Path) -> None:
    _need_memory_cgroup()
    src = tmp_path / "escape.c"
    src.write_text(ESCAPE)
    subprocess.run(["gcc", "-O1", "-o", str(box.ws / "escape"), str(src)], check=True)
    parent = _own_memory_folder().parent
    targets = (str(parent / "cgroup.procs"), "/sys/fs/cgroup/memory/cgroup.procs")
    # control: outside the sandbox the same program can move itself (it runs as root); it
    # moves into the cgroup this test already runs in, so nothing changes for the host
    (tmp_path / "one.txt").write_text(targets[0] + "\n")
    ctl = subprocess.run([str(box.ws / "escape"), str(tmp_path / "one.txt")],
                         capture_output=True, text=True)
    assert ctl.returncode == 9 and "moved" in ctl.stdout, ctl
    (box.ws / "targets.txt").write_text("\n".join(targets) + "\n")
    r = box.runner(timeout_s=60)
    res = r.run(RunRequest(("./escape", "targets.txt")))
    assert res.exit_code == 0 and "moved" not in res.stdout, res
    assert "Read-only file system" in res.stdout or "No such file" in res.stdout, res
    assert read_records(r.audit.path)[-1]["memory_cgroup"]["limit_mb"] is not None


WRITER = r"""
#include <stdio.h>
#include <string.h>
int main(int c, char **v) {
  static char b[1 << 20];
  memset(b, 'x', sizeof b);
  FILE *f = fopen(v[1], "w");
  if (!f) return 2;
  for (int i = 0; i < 48; i++) fwrite(b, 1, sizeof b, f);
  return fclose(f) ? 3 : 0;
}
"""


def test_page_cache_a_command_leaves_does_not_count_for_the_next(box: Box,
                                                                  tmp_path: Path) -> None:
    """A command's written files stay in the page cache, charged to its memory cgroup; that
    cgroup is not reused, so the next command's peak is its own."""
    _need_memory_cgroup()
    src = tmp_path / "writer.c"
    src.write_text(WRITER)
    subprocess.run(["gcc", "-O1", "-o", str(box.ws / "writer"), str(src)], check=True)
    r = box.runner(timeout_s=60)
    assert r.run(RunRequest(("./writer", "big.out"))).ok
    wrote = read_records(r.audit.path)[-1]["memory_cgroup"]
    assert wrote["peak_mb"] >= 40, wrote  # the cache was charged to the writer's cgroup
    assert r.run(RunRequest(("true",))).ok
    after = read_records(r.audit.path)[-1]["memory_cgroup"]
    assert after["peak_mb"] < 16, after
    r._memory_cgroups.close()


def test_a_memory_limit_that_no_cgroup_can_hold_refuses_the_command(box: Box,
                                                                    memtree: str) -> None:
    """When the machine has a memory hierarchy but the per-run cgroup cannot be made (here the
    pool's folder is moved to where mkdir fails), the command is not run held by RLIMIT_AS
    alone: it is refused with the cause, and the audit record says why."""
    r = box.runner(timeout_s=60, limits={"memory_mb": LIMIT_MB})
    assert r.run(RunRequest((memtree, "1", "1"))).stdout.startswith("held 1 of 1")  # control
    pool = r._memory_cgroups
    pool.close()
    pool._root = Path("/proc/self/no-such-folder")  # mkdir there fails (ENOENT)
    res = r.run(RunRequest((memtree, "1", "1")))
    assert res.allowed and not res.ok and res.exit_code == 126, res
    assert "memory cgroup" in res.reason and "No such file" in res.reason, res.reason
    assert res.stdout == "" and res.duration_s == 0, res  # the command never started
    rec = read_records(r.audit.path)[-1]
    assert "No such file" in rec["memory_cgroup_error"], rec
    assert verify(r.audit.path, box.home).ok
