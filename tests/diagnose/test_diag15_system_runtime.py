"""System and runtime causes read from the quantities of real tool outputs (diag15): a thread
count lowered by code (rt.threads_lowered), cache-set conflicts of a power-of-two leading
dimension (hw.cache_locality, padded, not tiled), a child forked every step
(sys.tlb_pagefaults from strace -f -c), an intermediate spilled to a scratch file
(sys.io from strace -c alone) and other jobs' CPU hogs seen through top and vmstat
(sys.os_noise). Each rule is also run on a look-alike where it must stay silent.
Fixtures: tests/diagnose/data/diag15/make.sh (programs in src/)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from tests.diagnose.build import snapshot

from perfscout.diagnose.engine import Diagnosis, diagnose
from perfscout.ingest.derive import derive
from perfscout.ingest.registry import load
from perfscout.model.findings import Finding
from perfscout.model.metrics import Profile
from perfscout.model.snapshot import PlatformSnapshot
from perfscout.pipeline.analyze import Analysis, analyze

D = Path(__file__).parent / "data" / "diag15"


def _two_cpus() -> PlatformSnapshot:
    s = snapshot(sockets=1, cores_per_socket=2, nodes=1, counters=False)
    return replace(s, cpu=replace(s.cpu, online_cpus=2, total_cpus=2))


def _run(*files: str, snap: PlatformSnapshot | None = None) -> Diagnosis:
    return diagnose([derive(load(D / f)) for f in files], snap)


def _analyze(*files: str) -> Analysis:
    return analyze([D / f for f in files], snapshot=_two_cpus())


def _ids(d: Diagnosis | Analysis) -> list[str]:
    return [f.id for f in d.findings]


def _ev(f: Finding, metric: str) -> list[float]:
    return [e.value for e in f.evidence if e.metric == metric and e.value is not None]


def test_program_output_reads_getrusage_faults_and_a_leading_dimension() -> None:
    # "n=25000000 steps=8 time=1.8676 s minor_faults=390719 u0=1.99609"
    got = {m.name: m.value for m in load(D / "fork-every-output.txt").metrics}
    assert got["page_faults.minor"] == 390719 and got["time.elapsed"] == pytest.approx(1.8676)
    # "n=2048 ld=2048 tile=16 time=0.3381 s check=341"
    got = {m.name: m.value for m in load(D / "tpose-ld2048-output.txt").metrics}
    assert got["array.leading_dim"] == 2048 and got["scaling.size"] == 2048


# -- 1. a library lowers the OpenMP thread count ------------------------------------------

def test_a_library_that_lowers_the_thread_count_is_found_with_its_fix() -> None:
    # libone.c: OMP_NUM_THREADS=2 (OMP_DISPLAY_ENV), solver_setup() calls omp_set_num_threads(1);
    # ps -L lists one thread, perf report has samples in main._omp_fn.0
    a = _analyze("libone-output.txt", "libone-ps-L.txt", "libone-perf-report.txt")
    f = a.findings[0]
    assert f.id == "rt.threads_lowered" and f.status.value == "confirmed"
    assert _ev(f, "threads.requested") == [2.0] and _ev(f, "threads.running") == [1.0]
    assert any(e.metric == "hotspot.share" and e.source_kind == "sampling" for e in f.evidence)
    assert "restore_thread_count" in [p.id for p in a.proposals]
    fix = next(p for p in a.proposals if p.id == "restore_thread_count")
    assert fix.change.params["threads"] == 2 and fix.verification.commands


def test_one_thread_in_a_per_thread_profile_alone_is_a_weak_hypothesis_asking_for_symbols(
) -> None:
    d = _run("libone-output.txt", "libone-perf-report-pid.txt")  # perf report --sort pid
    f = next(x for x in d.findings if x.id == "rt.threads_lowered")
    assert f.status.value == "hypothesis" and f.confidence < 0.5
    assert any("parallel region" in lim for lim in f.limits)
    d = _run("libone-output.txt", "libone-ps-L.txt")  # no profile at all: one is asked for
    assert any("rt.threads_lowered" in r.for_findings and r.command[:2] == ("perf", "record")
               for r in d.data_requests)


def test_a_thread_pool_that_exists_but_runs_one_thread_is_a_lowered_count() -> None:
    # the array initialised in parallel first: ps -L lists two threads (23.5% and 0.9% CPU),
    # perf by thread 97.83% / 2.17%; the one-sided split is the lowered count's symptom
    d = _run("warm-output.txt", "warm-perf-report-pid.txt", "warm-ps-L.txt")
    f = d.findings[0]
    assert f.id == "rt.threads_lowered" and _ev(f, "threads.running") == [1.0, 1.0]
    imb = next((x for x in d.findings if x.id == "rt.omp_imbalance"), None)
    assert imb is None or "rt.threads_lowered" in imb.caused_by


def test_both_threads_running_is_no_lowered_count() -> None:
    d = _run("libone-restored-output.txt", "libone-restored-perf-report-pid.txt",
             "libone-restored-ps-L.txt")  # the count restored after setup: two threads
    assert "rt.threads_lowered" not in _ids(d)


def test_two_threads_bound_to_one_core_are_affinity_not_a_lowered_count() -> None:
    # OMP_PLACES={0}: both threads exist (perf by thread: 51% / 49%) on CPU 0
    d = _run("bound-output.txt", "bound-perf-report-pid.txt")
    assert "rt.threads_lowered" not in _ids(d) and _ids(d)[0] == "rt.affinity"


def test_serial_code_with_threads_requested_is_no_lowered_count() -> None:
    # serialsum.c has no parallel region: one thread, 99% of the samples in main
    d = _run("libone-output.txt", "serial-perf-report.txt", "serial-ps-L.txt")
    assert "rt.threads_lowered" not in _ids(d)


# -- 2. power-of-two leading dimension ------------------------------------------------------

def test_a_power_of_two_leading_dimension_is_padded_not_tiled() -> None:
    # tposepow2.c 2048 x 2048, ld=2048, 16x16 tiles (2 KiB: fit L1); cachegrind D1 13.1%
    a = _analyze("tpose-ld2048-cachegrind.log", "tpose-ld2048-cg_annotate.txt",
                 "tpose-ld2048-output.txt")
    f = a.findings[0]
    assert f.id == "hw.cache_locality" and _ev(f, "array.leading_dim_pow2") == [2048.0]
    assert _ev(f, "d1.miss_ratio") == [0.131]
    assert a.proposals[0].id == "pad_leading_dimension"
    rejected = {r.id: r.guard for r in a.rejected}
    assert rejected.get("loop_tiling") == "pad_before_tiling"
    assert rejected.get("loop_interchange") == "pad_before_tiling"


def test_a_padded_leading_dimension_gets_no_padding_proposal() -> None:
    # the same walk with ld=2056: D1 5.1%, still over the bar (the initialisation's misses)
    a = _analyze("tpose-ld2056-cachegrind.log", "tpose-ld2056-cg_annotate.txt",
                 "tpose-ld2056-output.txt")
    assert "pad_leading_dimension" not in [p.id for p in a.proposals]
    assert not any(_ev(f, "array.leading_dim_pow2") for f in a.findings)


def test_a_sweep_slower_per_element_at_the_power_of_two_size_is_a_set_conflict() -> None:
    # 64x64 tiles, n = 2032/2048/2064 three times each; medians 0.1313 / 0.2334 / 0.1373 s
    a = _analyze("tpose-sweep-output.txt")
    f = a.findings[0]
    assert f.id == "hw.cache_locality" and _ev(f, "array.leading_dim_pow2") == [2048.0]
    assert _ev(f, "time.padded_ratio") == [pytest.approx((0.2334 / 2048**2) / (0.1313 / 2032**2))]
    assert a.proposals[0].id == "pad_leading_dimension"
    assert any(r.command[0] == "valgrind" for r in a.data_requests)


def test_the_same_sweep_with_padded_rows_is_no_set_conflict() -> None:
    # ld = n + 8 at every size: no power-of-two leading dimension, no finding from the sweep
    assert "hw.cache_locality" not in _ids(_run("tpose-sweep-padded-output.txt"))


# -- 3. a checkpoint child forked every step --------------------------------------------------

def test_a_child_forked_every_step_shows_copy_on_write_faults() -> None:
    # forkcow.c: 8 steps over 25 M doubles, a fork after each; getrusage minflt 390,719
    a = _analyze("fork-every-strace-f-c.txt", "fork-every-output.txt")
    f = a.findings[0]
    assert f.id == "sys.tlb_pagefaults" and f.status.value == "confirmed"
    assert _ev(f, "syscall.spawns") == [8.0]
    assert _ev(f, "page_faults.per_spawn") == [pytest.approx(390719 / 8)]
    assert a.proposals[0].id == "checkpoint_without_fork"
    assert "huge_pages" not in [p.id for p in a.proposals]  # bigger pages, bigger copies


def test_the_trace_alone_asks_for_page_faults() -> None:
    d = _run("fork-every-strace-f-c.txt")  # clone: 8 calls, 0.044046 s
    f = d.findings[0]
    assert f.id == "sys.tlb_pagefaults" and f.status.value == "hypothesis"
    assert _ev(f, "syscall.spawn_ms") == [pytest.approx(1000 * 0.044046 / 8)]
    assert any("sys.tlb_pagefaults" in r.for_findings for r in d.data_requests)


def test_a_program_that_forks_once_at_start_is_no_finding() -> None:
    d = _run("fork-once-strace-f-c.txt", "fork-once-output.txt")  # one clone
    assert "sys.tlb_pagefaults" not in _ids(d)


# -- 4. an intermediate spilled to a scratch file -----------------------------------------------

def test_a_scratch_file_written_and_read_back_every_step_is_file_io() -> None:
    # spill.c: 10 steps, 32 MB written, fsync'ed and read back each; time=0.9013 s
    a = _analyze("spill-strace-f-c.txt", "spill-output.txt")
    f = a.findings[0]
    assert f.id == "sys.io" and f.status.value == "confirmed"
    io = 0.110900 + 0.094160 + 0.028829 + 0.000082  # write, read, fsync, lseek
    assert _ev(f, "io.run_share") == [pytest.approx(io / 0.9013)]
    assert _ev(f, "syscall.file_io_share") == [pytest.approx(io / 0.256349)]
    assert a.proposals[0].id == "keep_in_memory"


def test_the_trace_alone_is_a_hypothesis_with_the_data_read_back() -> None:
    for trace in ("spill-strace-f-c.txt", "spill-strace-c-w.txt"):
        f = _run(trace).findings[0]
        assert f.id == "sys.io" and f.status.value == "hypothesis"
        assert _ev(f, "syscall.read_write_ratio") == [pytest.approx(4892 / 4893)]


def test_a_result_written_once_is_no_file_io_finding() -> None:
    assert "sys.io" not in _ids(_run("once-strace-f-c.txt", "once-output.txt"))
    assert "sys.io" not in _ids(_run("once-strace-f-c.txt"))


# -- 5. other users' CPU hogs ----------------------------------------------------------------

def test_a_serial_job_beside_cpu_hogs_is_contention_and_no_code_change() -> None:
    # serialsum.c beside stress-ng --cpu 3: wall=18.894 s cpu=2.982 s; vmstat r 7-10 on 2 CPUs
    a = _analyze("contended-top.txt", "contended-vmstat.txt", "contended-output.txt")
    f = a.findings[0]
    assert f.id == "sys.os_noise" and f.status.value == "confirmed"
    assert _ev(f, "cpu.share") == [pytest.approx(2.982 / 18.894)]
    assert _ev(f, "machine.run_queue_per_cpu") == [pytest.approx((9 + 10 + 7 + 7) / 4 / 2)]
    assert any("changing the code" in str(x.topic) for x in a.do_not)
    assert not any(p.id in ("parallelize_omp", "thread_count") for p in a.proposals)


def test_top_and_vmstat_alone_when_no_process_got_a_cpu() -> None:
    d = _run("contended-top.txt", "contended-vmstat.txt")  # busiest process 39% of a CPU
    f = d.findings[0]
    assert f.id == "sys.os_noise" and _ev(f, "machine.busy_processes")


def _named(*files: str) -> Diagnosis:
    """The inputs with one that names the program (as time -v or valgrind's header would)."""
    named = Profile(format="program-output", path="cmd.txt", metrics=(),
                    meta={"command": "/tmp/b/serialsum 2400000000"})
    return diagnose([derive(load(D / f)) for f in files] + [named], _two_cpus())


def test_the_programs_own_row_in_top_gives_its_share() -> None:
    f = _named("contended-top.txt", "contended-vmstat.txt").findings[0]
    assert f.id == "sys.os_noise"
    row = next(e for e in f.evidence if e.metric == "cpu.share")
    assert "program's row" in row.quote and row.value is not None and row.value < 0.2
    # the same program under SCHED_FIFO: its row says 85% of a CPU
    assert "sys.os_noise" not in _ids(_named("favoured-top.txt", "favoured-vmstat.txt"))


def test_a_busy_machine_where_the_job_kept_its_cpu_is_no_contention() -> None:
    # the same job under SCHED_FIFO beside the same hogs: wall=3.143 s cpu=2.984 s (95%)
    for files in (("favoured-top.txt", "favoured-vmstat.txt", "favoured-output.txt"),
                  ("favoured-top.txt", "favoured-vmstat.txt")):
        assert "sys.os_noise" not in _ids(_run(*files, snap=_two_cpus()))
