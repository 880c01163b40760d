"""The system outputs users hand over besides profiles: gdb backtraces, massif's ms_print,
ps -L / top -H, Slurm sacct, uptime / loadavg / nproc / schedstat / free / ulimit, machine
topology, perf report --sort pid, ls -l / du and a reader's transfer line. Fixtures made here
with the real tools (tests/ingest/data/system_evidence/make.sh); each value below was read off
the file by hand."""

from __future__ import annotations

import contextlib
import json
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from tests.conftest import CORPUS, run_cli

from ingest.fuzzing import mutated_lines
from perfscout.ingest.derive import derive
from perfscout.ingest.registry import detect, get_adapter, load_set
from perfscout.model.errors import InputError, ParseError
from perfscout.model.metrics import Metric, Profile, ScopeKind

D = Path(__file__).parent / "data" / "system_evidence"
HELDOUT6 = Path(__file__).resolve().parents[1] / "diagnose" / "heldout6"


def _read(name: str, fmt: str) -> Profile:
    ad = detect(D / name)
    assert ad.name == fmt, (name, ad.name)
    return derive(ad.parse(D / name))


def _values(p: Profile, name: str, kind: ScopeKind | None = None) -> dict[str, float]:
    return {m.scope.name: m.value for m in p.metrics
            if m.name == name and (kind is None or m.scope.kind == kind)}


def _one(p: Profile, name: str, kind: ScopeKind = ScopeKind.PROCESS) -> Metric:
    (m,) = [m for m in p.metrics if m.name == name and m.scope.kind == kind]
    return m


def test_gdb_thread_apply_all_bt_sorts_threads_into_waits_and_compute() -> None:
    p = _read("gdb-thread-apply-all-bt.txt", "gdb-backtrace")
    # Thread 5 in __GI___poll (poller, waiters.c:43), Thread 4 in pthread_cond_wait (waiter,
    # :36), Thread 3 in __GI___lll_lock_wait (locker, :28), Thread 2 in compute (:20), Thread 1
    # in __GI___clock_nanosleep (main, :57)
    per = {m.scope.name: (m.value, m.raw_name) for m in p.metrics
           if m.name == "threads.waiting" and m.scope.kind == ScopeKind.THREAD}
    assert per == {"lwp 25394": (1.0, "poll: poller at src/waiters.c:43"),
                   "lwp 25393": (1.0, "condition: waiter at src/waiters.c:36"),
                   "lwp 25392": (1.0, "lock: locker at src/waiters.c:28"),
                   "lwp 25391": (0.0, "computing: compute at src/waiters.c:20"),
                   "lwp 25390": (1.0, "sleep: main at src/waiters.c:57")}
    assert _one(p, "threads.observed").value == 5
    assert _one(p, "threads.waiting").value == 4 and _one(p, "threads.computing").value == 1
    assert _values(p, "threads.waiting", ScopeKind.REGION) == {
        "poll": 1, "condition": 1, "lock": 1, "sleep": 1}
    assert _one(p, "threads.wait_share").value == pytest.approx(0.8)
    assert not p.hotspots  # one stack per thread is no time profile


def test_gdb_mpi_rank_waiting_in_recv_and_the_runtime_service_threads() -> None:
    p = _read("gdb-mpi-recv-bt.txt", "gdb-backtrace")
    # Thread 1: opal_progress <- mca_pml_ob1_recv <- PMPI_Recv <- main (mpiwait.c:19); Threads
    # 2-3 are libevent/PMIx loops (epoll_wait, poll) of the MPI runtime: not counted
    assert _values(p, "threads.waiting", ScopeKind.THREAD) == {"lwp 26196": 1.0}
    assert _values(p, "threads.waiting", ScopeKind.REGION) == {"mpi": 1}
    assert _one(p, "threads.observed").value == 1
    assert any("service thread" in n for n in p.notes)


def test_gdb_openmp_team_at_a_barrier_and_a_bare_bt() -> None:
    p = _read("gdb-omp-barrier-bt.txt", "gdb-backtrace")
    # Threads 2 and 3: "?? () from libgomp.so.1" (asleep at the barrier); Thread 1 computes at
    # barrierwait.c:14
    assert _values(p, "threads.waiting", ScopeKind.REGION) == {"runtime": 2}
    assert _one(p, "threads.computing").value == 1
    bt = _read("gdb-bt.txt", "gdb-backtrace")  # `bt`: the current thread only, no header
    assert _values(bt, "threads.waiting", ScopeKind.THREAD) == {"stack 1": 1.0}
    assert _values(bt, "threads.waiting", ScopeKind.REGION) == {"sleep": 1}


def test_massif_peak_heap_and_allocation_sites() -> None:
    p = _read("ms_print-heapgrow.txt", "massif")
    # "Detailed snapshots: [..., 39 (peak), ...]"; snapshot 39: total(B) 27,275,664
    assert _one(p, "heap.peak").value == 27_275_664
    # "->58.66% (16,000,000B) 0x109182: grid (heapgrow.c:8)", table :14 30.75% 8,388,608,
    # nodes :22 08.21% 2,240,000
    assert _values(p, "heap.site_bytes") == {"grid (heapgrow.c:8)": 16_000_000,
                                             "table (heapgrow.c:14)": 8_388_608,
                                             "nodes (heapgrow.c:22)": 2_240_000}
    assert _values(p, "heap.site_share")["grid (heapgrow.c:8)"] == pytest.approx(0.5866)
    assert p.meta["command"] == "./heapgrow" and p.unparsed_lines == 0


def test_ps_threads_cpu_share_and_last_cpu_is_no_binding() -> None:
    p = _read("ps-L-waiters.txt", "system-outputs")
    # TID %CPU PSR: 25390 6.5 1, 25391 6.3 1, three threads 0.0 on 1
    assert _values(p, "cpu.share", ScopeKind.THREAD) == pytest.approx(
        {"tid 25390": 0.065, "tid 25391": 0.063, "tid 25392": 0.0, "tid 25393": 0.0,
         "tid 25394": 0.0})
    assert _values(p, "threads.on_cpu", ScopeKind.CORE) == {"cpu 1": 5}
    assert _one(p, "threads.observed").value == 5
    assert not [m for m in p.metrics if m.name.startswith("affinity.")]  # PSR binds nothing
    omp = _read("ps-L-omp.txt", "system-outputs")
    # PID LWP PSR %CPU STAT TIME: 25450 25450 1 11.8 ... 00:00:00, 25451 1 5.4
    assert _values(omp, "cpu.share", ScopeKind.THREAD) == pytest.approx(
        {"tid 25450": 0.118, "tid 25451": 0.054})
    assert not [m for m in omp.metrics if m.name == "time.cpu"]  # whole seconds, all zero


def test_top_h_threads_load_and_memory() -> None:
    p = _read("top-H-waiters.txt", "system-outputs")
    # "load average: 7.91, 5.76, 2.99"; "MiB Mem :  24105.1 total"; "22588.2 avail Mem"
    assert _values(p, "load.avg1") == {"machine": 7.91}
    assert _values(p, "memory.total_mb") == {"machine": 24105.1}
    assert _values(p, "memory.available_mb") == {"machine": 22588.2}
    # 25390 25.0 %CPU 0:00.28, 25391 18.8 0:00.27; threads that never ran have no CPU time
    assert _values(p, "time.cpu", ScopeKind.THREAD) == {"tid 25390": 0.28, "tid 25391": 0.27}
    assert _values(p, "cpu.share", ScopeKind.THREAD)["tid 25391"] == pytest.approx(0.188)
    # the OS's CPU time is not each thread's work (spinning counts): no busy time is made of
    # it; its spread across the threads that ran (the three at 0% are left out) is OS
    # accounting's own measure, one family's word that crossval weighs against the others
    assert not [m for m in p.metrics if m.name == "busy.time"]
    spread = {m.raw_name: m.value for m in p.metrics if m.name == "imbalance.max_over_mean"}
    assert spread == pytest.approx({"time.cpu": 0.28 / ((0.28 + 0.27) / 2),
                                    "cpu.share": 0.25 / ((0.25 + 0.188) / 2)})


def test_one_value_system_files() -> None:
    assert _values(_read("nproc.txt", "system-outputs"), "affinity.cpus") == {"": 2}
    assert _values(_read("nproc-all.txt", "system-outputs"), "cpu.online") == {"machine": 2}
    up = _read("uptime.txt", "system-outputs")  # "load average: 8.42, 6.03, 3.14"
    assert [_values(up, n)["machine"] for n in ("load.avg1", "load.avg5", "load.avg15")] == [
        8.42, 6.03, 3.14]
    la = _read("proc-loadavg.txt", "system-outputs")  # "8.42 6.03 3.14 8/148 26084"
    assert _values(la, "load.avg1") == {"machine": 8.42}
    fm = _read("free-m.txt", "system-outputs")  # Mem: 24105 ... available 22073; Swap 0 used
    assert (_values(fm, "memory.total_mb"), _values(fm, "memory.available_mb"),
            _values(fm, "memory.swap_used_mb")) == ({"machine": 24105}, {"machine": 22073},
                                                    {"machine": 0})
    fh = _read("free-h.txt", "system-outputs")  # "23Gi ... 21Gi"
    assert _values(fh, "memory.total_mb") == {"machine": 23 * 1024}
    ss = _read("schedstat-waiters.txt", "system-outputs")  # "1003655 36341855 7"
    assert _one(ss, "time.cpu").value == pytest.approx(0.001003655)
    assert _one(ss, "sched.wait_time").value == pytest.approx(0.036341855)
    assert _one(ss, "sched.timeslices").value == 7
    assert _one(ss, "sched.wait_share").value == pytest.approx(36341855 / (36341855 + 1003655))
    ul = _read("ulimit-a.txt", "system-outputs")  # dash: stack(kbytes) 8192, nofiles 20000
    assert {m.name: m.value for m in ul.metrics} == {
        "limit.stack": 8192, "limit.open_files": 20000, "limit.processes": 96363}
    assert ul.unparsed_lines == 0
    ub = _read("ulimit-a-bash.txt", "system-outputs")  # "stack size (kbytes, -s) 8192"
    assert {m.name: m.value for m in ub.metrics} == {m.name: m.value for m in ul.metrics}
    assert ub.unparsed_lines == 0


def test_schedstat_read_twice_gives_the_interval() -> None:
    f = HELDOUT6 / "sys6-contention-schedstat" / "data" / "schedstat.txt"
    p = derive(detect(f).parse(f))
    # "3394886 179014 1" then "291397436 2799954873 90": last minus first
    assert _one(p, "time.cpu").value == pytest.approx((291397436 - 3394886) / 1e9)
    assert _one(p, "sched.wait_time").value == pytest.approx((2799954873 - 179014) / 1e9)
    assert _one(p, "sched.timeslices").value == 89


def test_sacct_forms() -> None:
    for name in ("sacct-format.txt", "sacct-parsable.txt"):
        p = _read(name, "sacct")
        # job 1760: AllocCPUS 2, Elapsed 00:00:03, ExitCode 0:0; TotalCPU and MaxRSS empty
        # (sacct -c keeps no CPU times)
        assert {m.name: m.value for m in p.metrics} == {
            "time.elapsed": 3, "affinity.cpus": 2, "exit_status": 0}, name
        assert {m.scope.name for m in p.metrics} == {"job 1760"}
    default = _read("sacct-default.txt", "sacct")  # JobID UID JobName ... End: no quantity
    assert default.meta["jobs"] == "1" and not default.metrics


def test_sacct_cpu_time_against_the_allocation(tmp_path: Path) -> None:
    # the parsable fixture with the CPU columns a slurmdbd-backed sacct fills (sacct -c here
    # keeps them empty): 00:00:03 elapsed on 2 CPUs, 00:00:04.500 CPU time, MaxRSS 1536K
    lines = (D / "sacct-parsable.txt").read_text().splitlines()
    lines[1] = lines[1].replace("|3||||", "|3|00:00:04.500|1536K|1|")
    f = tmp_path / "sacct.txt"
    f.write_text("\n".join(lines) + "\n")
    p = derive(detect(f).parse(f))
    v = {m.name: m.value for m in p.metrics}
    assert v["time.cpu"] == 4.5 and v["mem.max_rss"] == 1536 and v["ranks.count"] == 1
    assert v["cpu.allocated_share"] == pytest.approx(4.5 / (3 * 2))


def test_machine_topology_is_the_measured_machine() -> None:
    p = _read("lscpu.txt", "machine-topology")
    # "CPU(s): 2", "Core(s) per socket: 2" x "Socket(s): 1", "NUMA node(s): 1"
    assert {m.name: m.value for m in p.metrics} == {"cpu.online": 2, "cpu.cores": 2,
                                                    "numa.nodes": 1}
    f = HELDOUT6 / "hw6-smooth-size-sweep" / "data" / "lscpu.txt"
    assert detect(f).name == "machine-topology"  # was skipped as 'topology'


def test_perf_report_sorted_by_thread_gives_sample_shares_not_hotspots() -> None:
    for name in ("perf-report-sort-pid.txt", "perf-report-sort-comm-pid.txt"):
        p = _read(name, "perf-report")
        # "50.17%    25493:ompspin", "49.83%    25495:ompspin"
        assert _values(p, "samples", ScopeKind.THREAD) == pytest.approx(
            {"tid 25493": 0.5017, "tid 25495": 0.4983}), name
        assert not p.hotspots
    f = HELDOUT6 / "rt6-three-blocks-perf" / "data" / "perf-report-by-thread.txt"
    p = derive(detect(f).parse(f))
    # 66.96% 23144:b3, 33.04% 23147:b3: the busier thread holds 0.6696 / 0.5 of the mean
    assert _one(p, "imbalance.max_over_mean", ScopeKind.REGION).value == pytest.approx(1.3392)
    assert not p.hotspots


def test_file_listings_and_a_readers_transfer_line() -> None:
    ls = _read("ls-l-outputs.txt", "file-listing")  # 8388608 out.bin, 33 solver.log
    assert _values(ls, "file.size") == {"out.bin": 8388608, "solver.log": 33}
    du = _read("du-outputs.txt", "file-listing")  # "$ du -b": bytes
    assert _values(du, "file.size") == {"out.bin": 8388608, "solver.log": 33}
    dk = _read("du-default.txt", "file-listing")  # du's default: 1 KiB blocks (8192, 4)
    assert _values(dk, "file.size") == {"out.bin": 8192 * 1024, "solver.log": 4 * 1024}
    rd = _read("blockread-output.txt", "program-output")
    # "read 8388608 bytes in 0.0015 s (5528.7 MB/s) in 2049 calls block=4096"
    v = {m.name: m.value for m in rd.metrics}
    assert v == {"io.read_bytes": 8388608, "io.time": 0.0015, "io.throughput": 5528.7,
                 "io.request_bytes": 4096, "syscall.calls": 2049}


def test_every_new_adapter_declares_a_family() -> None:
    for name, fam in (("gdb-backtrace", "sampling"), ("massif", "instrumentation"),
                      ("system-outputs", "os_accounting"), ("sacct", "os_accounting"),
                      ("machine-topology", "os_accounting"), ("file-listing", "os_accounting")):
        assert get_adapter(name).family == fam


@pytest.mark.parametrize("case", ["und6-gdb-one-stack", "und6-massif-only",
                                  "und6-ps-threads-only", "und6-sacct-only"])
def test_a_lone_readable_file_ends_with_a_data_request(case: str, ps_home: Path) -> None:
    data = HELDOUT6 / case / "data"
    (f,) = list(data.iterdir())
    assert load_set([f]).profiles  # read, not refused
    cp = run_cli("analyze", str(f), "--platform", str(HELDOUT6 / case / "platform.json"),
                 "--json")
    env = json.loads(cp.stdout)
    assert cp.returncode == 0, cp.stdout + cp.stderr
    assert env["data"]["data_requests"]
    assert not [x for x in env["data"]["findings"] if x["status"] == "confirmed"]


def test_proc_pid_sched_table() -> None:
    # a shell busy loop on CPU 0 alone, then sharing CPU 0 with `yes` (make.sh): the kernel
    # keeps no schedstats here, so the file has switches and CPU time but no run-queue wait
    sh = _read("proc-sched-shared.txt", "system-outputs")
    got = {m.name: m.value for m in sh.metrics if not m.derived}
    assert got == {"threads.observed": 1, "time.cpu": pytest.approx(0.376765383),
                   "cpu_migrations": 0, "context_switches": 2,
                   "context_switches.involuntary": 105}
    assert sh.unparsed_lines == 0 and sh.meta["outputs"] == "sched"
    alone = _read("proc-sched-alone.txt", "system-outputs")
    assert _one(alone, "context_switches.involuntary").value == 26
    assert not [m for m in sh.metrics if m.name.startswith("sched.wait")]
    # the schedstat file read at the same moment holds the wait (2nd field, ns)
    ss = _read("proc-schedstat-shared.txt", "system-outputs")
    assert _one(ss, "sched.wait_time").value == pytest.approx(0.374952562)


def test_proc_pid_sched_wait_sum_when_schedstats_are_on(tmp_path: Path) -> None:
    # kernels with schedstats on add wait_sum (ms) under a stats./se.statistics. prefix; the
    # table is the real one with that line added, as such kernels print it
    lines = (D / "proc-sched-shared.txt").read_text().splitlines()
    lines.insert(9, "stats.wait_sum" + " " * 38 + ":           374.952562")
    f = tmp_path / "sched.txt"
    f.write_text("\n".join(lines) + "\n")
    p = _read_path(f)
    assert _one(p, "sched.wait_time").value == pytest.approx(0.374952562)
    assert _one(p, "sched.wait_share").value == pytest.approx(374.952562 / (374.952562
                                                                          + 376.765383))


def _read_path(f: Path) -> Profile:
    ad = detect(f)
    assert ad.name == "system-outputs"
    return derive(ad.parse(f))


@pytest.mark.parametrize("name", ["proc-sched-shared.txt", "proc-sched-alone.txt"])
def test_proc_sched_alone_ends_with_a_data_request(name: str, ps_home: Path) -> None:
    # switches and CPU time without the run-queue wait or the machine's load: undecidable
    cp = run_cli("analyze", str(D / name), "--json")
    env = json.loads(cp.stdout)
    assert cp.returncode == 0, cp.stdout + cp.stderr
    assert env["data"]["data_requests"] and not env["data"]["findings"]
    assert not env["data"].get("skipped")


FUZZ = {
    "gdb-backtrace": ["gdb-thread-apply-all-bt.txt", "gdb-mpi-recv-bt.txt"],
    "massif": ["ms_print-heapgrow.txt"],
    "system-outputs": ["top-H-waiters.txt", "ps-L-omp.txt", "free-h.txt", "ulimit-a-bash.txt",
                       "uptime.txt", "proc-status-waiters.txt", "proc-sched-shared.txt"],
    "sacct": ["sacct-format.txt", "sacct-parsable.txt"],
    "file-listing": ["ls-l-outputs.txt", "du-outputs.txt"],
    "machine-topology": ["lscpu.txt"],
    "program-output": ["blockread-output.txt", "copysweep-table.txt", "pool-output.txt"],
}


@pytest.mark.parametrize("fmt", sorted(FUZZ))
def test_fuzz_each_new_adapter(fmt: str, tmp_path_factory: pytest.TempPathFactory) -> None:
    seed = "\n".join((D / f).read_text() for f in FUZZ[fmt]).splitlines()
    target = tmp_path_factory.mktemp("fuzz") / "in.txt"
    target.write_text("\n".join(seed) + "\n")
    get_adapter(fmt).parse(target)  # the unmutated input parses

    @settings(max_examples=25, deadline=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                     HealthCheck.function_scoped_fixture])
    @given(data=mutated_lines(seed))
    def run(data: list[str]) -> None:
        target.write_text("\n".join(data) + "\n")
        try:
            get_adapter(fmt).parse(target)
        except InputError as e:  # a ParseError, or topology cut before its counts (a skip)
            assert isinstance(e, ParseError) or "(machine topology)" in e.message, e

    run()


def test_the_fixtures_exist_as_made(tmp_path: Path) -> None:
    # the script that made them is kept beside them (regenerate: sh make.sh in that folder)
    assert (D / "make.sh").is_file() and (D / "src" / "waiters.c").is_file()
    shutil.copy(D / "nproc.txt", tmp_path / "nproc.txt")
    assert detect(tmp_path / "nproc.txt").name == "system-outputs"


def test_a_table_column_headed_by_its_unit_and_a_pool_of_workers() -> None:
    p = _read("copysweep-table.txt", "program-output")
    # "bytes reps time_s GB/s": 65536 ... 21.10, 67108864 ... 5.66: the GB/s column is the
    # program's own bandwidth per size (MB/s canonical)
    bw = {m.scope.name: m.value for m in p.metrics if m.name == "mem.bandwidth"}
    assert bw["bytes=65536"] == pytest.approx(21100.0)
    assert bw["bytes=6.71089e+07"] == pytest.approx(5660.0)
    assert len(bw) == 6
    pool = _read("pool-output.txt", "program-output")
    # "workers=8 n=67108864 time=0.391 s": a pool's workers are the threads it asked for
    v = {m.name: m.value for m in pool.metrics}
    assert v["threads.requested"] == 8 and v["time.elapsed"] == 0.391


def test_proc_status_of_a_process_bound_to_one_cpu(tmp_path: Path) -> None:
    p = _read("proc-status-waiters.txt", "system-outputs")
    # "Threads: 5", "Cpus_allowed_list: 0" (taskset -c 0), "VmHWM: 1592 kB",
    # "voluntary_ctxt_switches: 5", "nonvoluntary_ctxt_switches: 1"
    assert {m.name: m.value for m in p.metrics} == {
        "threads.observed": 5, "affinity.cpus": 1, "mem.max_rss": 1592,
        "context_switches": 5, "context_switches.involuntary": 1}
    assert p.unparsed_lines == 0
    # inside a program's printout, "Threads: 4" stays the threads the program asked for
    f = tmp_path / "out.txt"
    f.write_text("Threads: 4\ntime=1.5 s\n")
    v = {m.name: m.value for m in detect(f).parse(f).metrics}
    assert v["threads.requested"] == 4 and "threads.observed" not in v


_JOBS = CORPUS / "slurm" / "slurmrestd-24.05-v0.0.41-slurmdb-job-failed.json"


def test_sacct_json_job_records(corpus: Path) -> None:
    f = corpus / "slurm" / "slurmrestd-24.05-v0.0.41-slurmdb-job-failed.json"
    p = derive(detect(f).parse(f))
    assert detect(f).name == "sacct"
    # job 649719: "time": {"elapsed": 1, "total": {"seconds": 0, ...}}, tres.allocated cpu
    # count 1, exit_code.return_code.number 1
    v = {m.name: m.value for m in p.metrics}
    # derived: CPU time over elapsed times the CPUs, and user + sys over elapsed (CPUs busy)
    assert v == {"time.elapsed": 1, "time.cpu": 0, "time.user": 0, "time.sys": 0,
                 "affinity.cpus": 1, "exit_status": 1, "cpu.allocated_share": 0,
                 "cpu.utilized": 0}
    assert {m.scope.name for m in p.metrics} == {"job 649719"}


@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                 HealthCheck.function_scoped_fixture])
@given(data=mutated_lines(_JOBS.read_text().splitlines() if _JOBS.is_file() else ["{}"]))
def test_fuzz_sacct_json(tmp_path: Path, data: list[str]) -> None:
    # the unmutated record parses: test_sacct_json_job_records
    target = tmp_path / "jobs.json"
    target.write_text("\n".join(data) + "\n")
    with contextlib.suppress(ParseError):
        get_adapter("sacct").parse(target)
