"""Rules on quantities no rule read before diag12: the run-queue wait share of
/proc/PID/schedstat (sys.os_noise), a program's printed request size (sys.io small requests),
and a job's share of its allocated CPUs from sacct (a hypothesis only with threads asked for,
otherwise a thread sweep request). Real fixtures: tests/diagnose/data/diag12/make.sh."""

from __future__ import annotations

from pathlib import Path

from perfscout.diagnose.engine import Diagnosis, diagnose
from perfscout.ingest.derive import derive
from perfscout.ingest.registry import load

D = Path(__file__).parent / "data" / "diag12"
SYS = Path(__file__).parents[1] / "ingest" / "data" / "system_evidence"


def _run(*paths: Path) -> Diagnosis:
    return diagnose([derive(load(p)) for p in paths])


def test_a_run_that_waited_in_the_run_queue_is_held_back_by_other_tasks() -> None:
    # queued.c beside three CPU hogs on 2 CPUs: "289400864 750765803 79" (CPU ns, wait ns)
    d = _run(D / "schedstat-queued.txt")
    f = d.findings[0]
    assert f.id == "sys.os_noise"
    share = next(e.value for e in f.evidence if e.metric == "sched.wait_share")
    assert share is not None and abs(share - 750765803 / (750765803 + 289400864)) < 1e-9


def test_a_sleeping_tasks_wakeups_are_no_run_queue_contention() -> None:
    # four mostly sleeping pthreads: 36 ms of wait against 1 ms of CPU (share 0.97)
    assert "sys.os_noise" not in [f.id for f in _run(SYS / "schedstat-waiters.txt").findings]


def test_a_short_wait_share_is_nothing(tmp_path: Path) -> None:
    f = tmp_path / "schedstat.txt"
    f.write_text("2000000000 100000000 40\n")  # 2 s on the CPU, 0.1 s queued: 5%
    assert "sys.os_noise" not in [x.id for x in _run(f).findings]


def test_the_programs_request_size_and_blocking_say_small_direct_reads() -> None:
    # directread.c: O_DIRECT, 4096 B per read(2); time -v: 4,094 voluntary switches, 0 involuntary
    d = _run(D / "directread-time-v.txt", D / "directread-output.txt")
    f = d.findings[0]
    assert f.id == "sys.io" and f.status.value == "confirmed"  # os accounting + program
    assert [e.value for e in f.evidence if e.metric == "io.request_bytes"] == [4096]
    # without the printout nothing says the requests are small
    assert "sys.io" not in [x.id for x in _run(D / "directread-time-v.txt").findings]


def _sacct(tmp_path: Path, cpus: int, total_cpu: str) -> Path:
    f = tmp_path / "sacct.txt"  # the columns sacct --parsable prints (system_evidence)
    f.write_text("JobID|JobName|AllocCPUS|Elapsed|ElapsedRaw|TotalCPU|MaxRSS|NTasks|State|"
                 f"ExitCode\n1760|wrap|{cpus}|00:01:40|100|{total_cpu}||1|COMPLETED|0:0\n")
    return f


def test_a_job_using_a_small_share_of_its_cpus_asks_for_a_sweep(tmp_path: Path) -> None:
    # 4 CPUs for 100 s, 110 s of CPU time: 27% of the allocation; no thread count known
    d = _run(_sacct(tmp_path, 4, "01:50.000"))
    assert "rt.serial_fraction" not in [f.id for f in d.findings]
    assert any("rt.serial_fraction" in r.for_findings and "OMP_NUM_THREADS" in r.env
               for r in d.data_requests)


def test_a_job_using_its_cpus_asks_nothing_about_threads(tmp_path: Path) -> None:
    d = _run(_sacct(tmp_path, 2, "03:10.000"))  # 190 s of 200 CPU-s
    assert not any("rt.serial_fraction" in r.for_findings for r in d.data_requests)


def test_a_job_that_asked_for_threads_and_used_few_cpus_is_a_serial_hypothesis(
        tmp_path: Path) -> None:
    out = tmp_path / "out.txt"
    out.write_text("threads=4 checksum=12.5\n")  # the program's printout: 4 threads asked
    d = _run(_sacct(tmp_path, 4, "01:50.000"), out)
    f = next(x for x in d.findings if x.id == "rt.serial_fraction")
    assert f.status.value == "hypothesis" and f.confidence <= 0.4
    assert [round(e.value or 0, 3) for e in f.evidence
            if e.metric == "cpu.allocated_share"] == [0.275]  # 110 / (100 x 4)


def test_subnormal_values_printed_under_a_bracketed_key() -> None:
    # decaymid.c: "step 6000: time=0.1165 s u[mid]=5.4347e-323" after steps of 0.0011 s
    f = _run(D / "decaymid-output.txt").findings[0]
    vals = [e.value for e in f.evidence if e.metric == "value.subnormal"]
    assert vals and 0 < (vals[0] or 0) < 2.2251e-308
