"""The default policy ALLOWS what the other stages need, and those commands really run.

The red-team suite shows what is refused; this file is the other half: every snapshot collector,
the builds and runs experiments do, the measurement wrappers, the scheduler queries and a job
submission with a token. A policy edit that broke one of them would fail here, not in a stage.
"""

from __future__ import annotations

import json
import shutil
import socket
import subprocess
from pathlib import Path

import pytest

from conftest import require_service, require_tool
from perfscout.model.runs import RunRequest, RunResult
from perfscout.sandbox.approval import grant_token
from perfscout.sandbox.local_runner import LocalRunner
from perfscout.snapshot.registry import all_collectors
from sandbox.sbox import Box

OMP_PROG = r"""
#include <omp.h>
#include <stdio.h>
int main(void){
  double s = 0;
  #pragma omp parallel for reduction(+:s)
  for (int i = 0; i < 1000000; i++) s += i * 0.5;
  printf("threads=%d sum=%.1f\n", omp_get_max_threads(), s);
  return 0;
}
"""

MPI_PROG = r"""
#include <mpi.h>
#include <stdio.h>
int main(int c, char **v){
  int r, n; MPI_Init(&c, &v); MPI_Comm_rank(MPI_COMM_WORLD, &r);
  MPI_Comm_size(MPI_COMM_WORLD, &n);
  int x = r, sum = 0; MPI_Allreduce(&x, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  printf("rank %d of %d sum %d\n", r, n, sum); MPI_Finalize(); return 0;
}
"""


def _ok(res: RunResult) -> RunResult:
    assert res.allowed, f"denied: {res.rule}: {res.reason}"
    assert res.exit_code == 0, f"{res.argv} exited {res.exit_code}: {res.stderr[-800:]}"
    return res


@pytest.fixture()
def built(box: Box) -> tuple[Box, LocalRunner]:
    """A runner whose workspace holds ./omp, built through the sandbox with gcc -fopenmp."""
    (box.ws / "omp.c").write_text(OMP_PROG)
    r = box.runner()
    _ok(r.run(RunRequest(("gcc", "-O2", "-fopenmp", "-o", "omp", "omp.c"))))
    assert (box.ws / "omp").is_file()
    return box, r


def test_every_snapshot_collector_is_allowed_or_only_missing(box: Box) -> None:
    """No collector may be refused by the policy; 'not installed' is the only acceptable no."""
    r = box.runner()
    host = socket.gethostname()
    checked = 0
    for c in all_collectors():
        if not c.argv:
            continue
        argv = tuple(a.replace("{hostname}", host) for a in c.argv)
        d = r.check(argv)
        checked += 1
        if d.allowed:
            continue
        assert d.rule.endswith(":missing"), f"collector {c.name}: {argv} denied: {d.reason}"
        assert shutil.which(argv[0]) is None, f"{argv[0]} is installed but reported missing"
    assert checked >= 30


def test_snapshot_collectors_that_are_installed_run(box: Box) -> None:
    r = box.runner()
    for argv in (("lscpu",), ("lscpu", "-e"), ("numactl", "--hardware"),
                 ("lstopo-no-graphics", "--of", "console"), ("likwid-topology",),
                 ("cat", "/proc/sys/kernel/osrelease"), ("cat", "/proc/sys/kernel/hostname"),
                 ("cat", "/proc/meminfo"), ("uname", "-r"), ("gcc", "--version"),
                 ("mpirun", "--version"), ("perf", "--version"), ("valgrind", "--version")):
        if shutil.which(argv[0]) is None:
            continue
        res = _ok(r.run(RunRequest(argv)))
        assert res.stdout.strip(), argv
    assert _ok(r.run(RunRequest(("cat", "/proc/sys/kernel/hostname")))).stdout.strip() == \
        socket.gethostname()


def test_nvcc_in_usr_local_bin_is_found_and_allowed(box: Box) -> None:
    """The collect script (plain sh) and the runner agree: /usr/local/bin is a trusted dir."""
    nvcc = Path("/usr/local/bin/nvcc")
    if not nvcc.exists():
        pytest.skip("no /usr/local/bin/nvcc on this machine")
    r = box.runner()
    d = r.check(("nvcc", "--version"))
    assert d.allowed and d.resolved_argv[0] == str(nvcc), d
    assert "cuda" in _ok(r.run(RunRequest(("nvcc", "--version")))).stdout.lower()


def test_workspace_binary_runs_with_omp_variables(built: tuple[Box, LocalRunner]) -> None:
    _, r = built
    res = _ok(r.run(RunRequest(("./omp",), env={"OMP_NUM_THREADS": "3",
                                                "OMP_PROC_BIND": "close"})))
    assert res.stdout.startswith("threads=3 "), res.stdout


def test_mpicc_build_and_mpirun_np_2_on_local_slots(box: Box) -> None:
    require_tool("mpicc")
    (box.ws / "mpi.c").write_text(MPI_PROG)
    r = box.runner()
    _ok(r.run(RunRequest(("mpicc", "-O2", "-o", "mpiprog", "mpi.c"))))
    res = _ok(r.run(RunRequest(("mpirun", "--allow-run-as-root", "--oversubscribe", "-np", "2",
                                "./mpiprog"), timeout_s=120)))
    lines = sorted(ln for ln in res.stdout.splitlines() if ln.startswith("rank"))
    assert lines == ["rank 0 of 2 sum 1", "rank 1 of 2 sum 1"], res.stdout
    # the ranks ran in the runner's network namespace: only loopback, and that was enough
    assert res.network_isolated == (r.network_namespace() is not None)


def test_make_in_the_workspace(built: tuple[Box, LocalRunner]) -> None:
    box, r = built
    require_tool("make")
    sub = box.ws / "proj"
    sub.mkdir()
    (sub / "Makefile").write_text("all: hi\nhi: hi.c\n\tgcc -O1 -o hi hi.c\n")
    (sub / "hi.c").write_text('#include <stdio.h>\nint main(void){puts("hi");return 0;}\n')
    _ok(r.run(RunRequest(("make", "-C", "proj"))))
    assert (sub / "hi").is_file()


def test_perf_stat_around_a_workspace_program(built: tuple[Box, LocalRunner]) -> None:
    _, r = built
    require_tool("perf")
    res = _ok(r.run(RunRequest(("perf", "stat", "-e", "task-clock", "-x,", "--", "./omp"),
                               env={"OMP_NUM_THREADS": "1"})))
    assert "threads=1" in res.stdout and "task-clock" in res.stderr, res.stderr


def test_perf_record_then_report_inside_the_workspace(built: tuple[Box, LocalRunner]) -> None:
    box, r = built
    require_tool("perf")
    _ok(r.run(RunRequest(("perf", "record", "-e", "cpu-clock", "-o", "perf.data", "./omp"))))
    assert (box.ws / "perf.data").stat().st_size > 0
    res = _ok(r.run(RunRequest(("perf", "report", "--stdio", "-i", "perf.data"))))
    assert "omp" in res.stdout


def test_valgrind_cachegrind_writes_its_file_inside(built: tuple[Box, LocalRunner]) -> None:
    box, r = built
    require_tool("valgrind")
    _ok(r.run(RunRequest(("valgrind", "--tool=cachegrind", "--cachegrind-out-file=cg.out",
                          "./omp"), env={"OMP_NUM_THREADS": "1"}, timeout_s=240)))
    assert (box.ws / "cg.out").read_text().startswith(("desc:", "version:"))


@pytest.mark.parametrize("prefix", [("likwid-pin", "-q", "-c", "0"),
                                    ("numactl", "--cpunodebind=0"),
                                    ("numactl", "--physcpubind=0", "--localalloc"),
                                    ("taskset", "-c", "0"),
                                    ("time", "-v")])
def test_binding_and_timing_prefixes_run_the_program(built: tuple[Box, LocalRunner],
                                                     prefix: tuple[str, ...]) -> None:
    _, r = built
    require_tool(prefix[0])
    argv = (*prefix, "./omp")
    d = r.check(argv)
    assert d.allowed, d
    res = _ok(r.run(RunRequest(argv, env={"OMP_NUM_THREADS": "1"})))
    assert "threads=1" in res.stdout, (res.stdout, res.stderr)


def _slurm_up() -> tuple[bool, str]:
    if shutil.which("sinfo") is None:
        return False, "slurm-wlm is not installed"
    try:
        done = subprocess.run(["sinfo", "-h", "-o", "%T"], capture_output=True, text=True,
                              timeout=10)
    except (OSError, subprocess.SubprocessError) as exc:
        return False, str(exc)
    return done.returncode == 0 and bool(done.stdout.strip()), done.stderr.strip() or "no nodes"


def test_scheduler_queries_are_allowed_with_network(box: Box) -> None:
    r = box.runner()
    for argv in (("sinfo",), ("sinfo", "-h", "-o", "%T"), ("squeue", "-h"), ("sacct", "-c"),
                 ("scontrol", "show", "node"), ("scontrol", "show", "partition")):
        v = r.verdict(RunRequest(argv))
        if not v.allowed and v.decision.rule.endswith(":missing"):
            continue
        assert v.allowed and v.network, (argv, v.decision)
    up, why = _slurm_up()
    require_service("slurm", up, why)
    res = _ok(r.run(RunRequest(("squeue", "-h"))))
    assert res.network_isolated is False
    assert _ok(r.run(RunRequest(("sinfo", "-h", "-o", "%T")))).stdout.strip()


def test_sbatch_needs_and_accepts_a_token(box: Box) -> None:
    r = box.runner()
    argv = ("sbatch", "--parsable", "-n", "1", "--wrap=hostname")
    assert not r.check(argv).allowed
    token, _ = grant_token(box.home, "sbatch", ttl_s=600)
    d = r.check(argv, approval_token=token)
    if not d.allowed and d.rule.endswith(":missing"):
        pytest.skip("sbatch is not installed")
    assert d.allowed, d
    up, why = _slurm_up()
    require_service("slurm", up, why)
    res = _ok(r.run(RunRequest(argv, approval_token=token)))
    job = res.stdout.strip().split(";")[0]
    assert job.isdigit(), res.stdout
    recs = [json.loads(x) for x in r.audit.path.read_text().splitlines()]
    assert recs[-1]["argv"][0] == "sbatch" and recs[-1]["allowed"] is True
    # cancelling needs the same scope
    _ok(r.run(RunRequest(("scancel", job), approval_token=token)))
