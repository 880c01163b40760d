"""Readings that must not hang on which draw of a sampling profile a user happens to hold, from
tests/diagnose/data/diag32 (each case's gen.sh runs the project's own program under real perf).

- libstdc++'s vector lines (``stl_vector.h``: constructors, element access, ``push_back``'s
  bookkeeping) copy nothing, and ``new_allocator.h``'s lines are the inlined call into
  ``operator new``: allocation. A program that allocates per point but copies almost nothing
  is allocator churn ("memory allocated and freed in the inner loop"), not values copied at
  every call, in the draw where those lines happened to be largest.
- An MPI job's samples inside MPI (its libraries and transports, and the kernel's copy of a
  peer's pinned pages in a single-copy transfer) are a sampling measure of its time in MPI
  (``mpi.sampled_share``), a second family beside a rank's printed MPI time; the kernel's copy
  counts only beside the pinning path (a file read uses the same copy routine).
- A loop the compiler says it did not vectorize, where a line-level profile of another family
  has its hottest line, is the vectorization finding's line: the proposals target it and
  that profile confirms it.
- A runtime thread limit below the request, with the CPUs kept busy no more than the limit
  (the shell's ``time -p`` counts: user + sys over real), is ``rt.threads_lowered``; more
  threads or a new region are not offered while it holds.
- Ranks that meet in a collective every step wait at most for the compute spread: time in
  it beyond that is the operation's cost (``rt.mpi_communication``).
- ``repeat N:`` lines are repeats of one run, not a sweep of sizes 1, 2, 3.
- In a profile split by thread, routines only one thread ran are the serial part; unequal
  shares of the same routines are unequal work inside a region.
- A table goes on after an echoed command between its rows, a value printed beside a row is
  no column, a size column held fixed while another grows is the work, and two sizes whose
  rate falls by ``cache.rate_drop_two`` are a cache measure; a shell loop echoed as the
  command names the program it runs.
- A rank's line: a message clause does not end it, a unit word followed by a value is the
  next key, collectives joined in one key (``gather+bcast``) are its MPI time, the bytes it
  moved are its traffic (bytes over messages: their mean size).
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

from diagnose.own_cases import analyze_case, one_profile
from perfscout.diagnose.copies import copy_share, is_alloc, is_copy
from perfscout.diagnose.thresholds import DEFAULTS
from perfscout.model.findings import Status
from perfscout.model.serialize import from_jsonable
from perfscout.model.snapshot import PlatformSnapshot
from perfscout.pipeline.analyze import analyze
from perfscout.sandbox import default_runner

D = Path(__file__).parent / "data" / "diag32"


_profile = one_profile


def test_vector_and_allocator_lines_are_not_copies() -> None:
    rows = {h.name.strip(): h for h in _profile(
        D / "spline-alloc-srcline" / "data" / "srcline.txt").hotspots}
    alloc_line = next(n for n in rows if "bits/new_allocator.h:" in n)
    vector_line = next(n for n in rows if "bits/stl_vector.h:" in n)
    copy_line = next(n for n in rows if "memmove-vec-unaligned" in n or "stl_algobase.h:" in n)
    assert is_alloc(rows[alloc_line]) and not is_copy(rows[alloc_line])
    assert not is_copy(rows[vector_line]) and not is_alloc(rows[vector_line])
    assert is_copy(rows[copy_line])


def test_allocation_per_point_with_few_copies_is_churn_not_copied_values() -> None:
    case = D / "spline-alloc-srcline"
    src = _profile(case / "data" / "srcline.txt")
    got = copy_share([src])
    assert got is not None
    # the allocator holds the run; the copies stay under the part that reads as copying
    assert got.alloc >= 0.3, got.alloc
    assert got.copy < DEFAULTS["app.copy_part"].value * got.share, (got.copy, got.share)
    snap = from_jsonable(PlatformSnapshot,
                         json.loads((case / "platform.json").read_text())["data"])
    with tempfile.TemporaryDirectory() as ws:
        a = analyze(sorted((case / "data").iterdir()), snapshot=snap,
                    runner=default_runner(Path(ws)))
    found = {f.id: f.title for f in a.findings}
    assert found.get("app.redundant_work") == "memory allocated and freed in the inner loop", \
        found


def _mpi_sampled(path: Path) -> list[float]:
    return [m.value for m in _profile(path).metrics if m.name == "mpi.sampled_share"]


def test_an_mpi_jobs_samples_inside_mpi_confirm_its_printed_transfer_time() -> None:
    """Two ranks swapping 32 MB each step: the printout gives 0.25-0.27 s of 0.38 s in
    MPI_Sendrecv; perf's rows of the ranks (mpirun's left out, 82.5% listed) hold 10.5% in
    Open MPI's libraries, 7.7% in the kernel's pinning of the peer's pages (follow_page_pte,
    try_grab_folio, unpin_user_pages) and 29.9% in the kernel's copy of them (_copy_to_iter):
    48.2 / 82.5 = 0.584 (summed by hand with awk over the report's rows). A second family
    measuring the time in MPI: the finding is confirmed."""
    case = D / "mpi-bigswap-perf"
    got = _mpi_sampled(case / "data" / "perf-report.txt")
    assert len(got) == 1 and abs(got[0] - 48.17 / 82.5) < 0.002, got
    snap = from_jsonable(PlatformSnapshot,
                         json.loads((case / "platform.json").read_text())["data"])
    with tempfile.TemporaryDirectory() as ws:
        a = analyze(sorted((case / "data").iterdir()), snapshot=snap,
                    runner=default_runner(Path(ws)))
    top = a.findings[0]
    assert top.id == "rt.mpi_communication" and top.status == Status.CONFIRMED, top
    fams = {e.source_kind for e in top.evidence if e.metric == "mpi.sampled_share"}
    assert fams == {"sampling"}, top.evidence


def test_the_kernels_copy_counts_only_beside_the_pinning_of_pages(tmp_path: Path) -> None:
    """Without the pinning rows the kernel's _copy_to_iter is any read (a file, a pipe): only
    the MPI libraries count, 10.5 of the 74.77 left."""
    src = (D / "mpi-bigswap-perf" / "data" / "perf-report.txt").read_text()
    pinned = ("follow_page_pte", "try_grab_folio", "unpin_user_pages")
    kept = [ln for ln in src.splitlines() if not any(s in ln for s in pinned)]
    f = tmp_path / "perf-report.txt"
    f.write_text("\n".join(kept) + "\n")
    got = _mpi_sampled(f)
    assert len(got) == 1 and abs(got[0] - 10.5 / 74.77) < 0.002, got


def test_a_serial_programs_file_reads_are_no_time_in_mpi() -> None:
    """A serial program reading a file whole 40 times: the kernel's _copy_to_iter holds 66%
    of the samples, with no MPI code, no launcher and no pinned pages: no MPI share."""
    prof = _profile(D / "rereadfile-perf" / "data" / "perf-report.txt")
    assert any(h.name.strip() == "_copy_to_iter" for h in prof.hotspots)
    assert _mpi_sampled(D / "rereadfile-perf" / "data" / "perf-report.txt") == []


_analyze = analyze_case


def test_a_missed_loop_where_the_samples_are_is_the_findings_line_and_confirmed() -> None:
    """gcc's remarks say the loop at shapecall.c:22-24 was not vectorized; perf's srcline
    report puts 56.9% on shapecall.c:24 (the call in that loop), its hottest line: the finding
    is scoped to that line, the sampling profile agrees, and the loop proposals target it."""
    a = _analyze(D / "shapecall-remarks-srcline")
    top = a.findings[0]
    assert top.id == "hw.vectorization" and top.scope == "shapecall.c:24", top
    assert top.status == Status.CONFIRMED, top
    assert {e.source_kind for e in top.evidence} >= {"compiler", "sampling"}
    simd = next(p for p in a.proposals if p.id == "omp_simd")
    assert simd.scope == "shapecall.c:24"


def test_remarks_about_loops_away_from_the_hottest_line_name_no_scope(tmp_path: Path) -> None:
    """The same remarks beside a report whose hottest line is the callee's body (line 8, no
    missed loop within two lines): the finding names no line and the profile confirms
    nothing."""
    case = D / "shapecall-remarks-srcline"
    text = (case / "data" / "perf-report-srcline.txt").read_text()
    swapped = text.replace("56.94%  shapecall.c:24", "@A").replace(
        "38.70%  shapecall.c:8", "56.94%  shapecall.c:8").replace("@A", "38.70%  shapecall.c:24")
    assert swapped != text
    (tmp_path / "perf-report-srcline.txt").write_text(swapped)
    files = [case / "data" / "build.log", case / "data" / "run.txt",
             tmp_path / "perf-report-srcline.txt"]
    a = _analyze(case, files)
    top = a.findings[0]
    assert top.id == "hw.vectorization" and top.scope == "", top
    assert top.status != Status.CONFIRMED


def test_a_thread_limit_below_the_request_with_one_cpu_busy_is_threads_lowered(
        tmp_path: Path) -> None:
    """OMP_NUM_THREADS=2 under OMP_THREAD_LIMIT=1: OMP_DISPLAY_ENV states the limit, the
    program prints threads=2 (omp_get_max_threads), and the shell's time -p gives user + sys
    over real 0.26 / 0.27 = 0.96 CPUs busy: the capped team, a hypothesis (the CPUs busy only
    gate it). No new parallel region or higher thread count is offered."""
    case = D / "threadlimit-displayenv-timep"
    timep = _profile(case / "data" / "time-p.txt")
    from perfscout.ingest.derive import derive
    busy = [m for m in derive(timep).metrics if m.name == "cpu.utilized"]
    assert len(busy) == 1 and abs(busy[0].value - 0.26 / 0.27) < 1e-9, busy
    a = _analyze(case)
    top = a.findings[0]
    assert top.id == "rt.threads_lowered" and top.status != Status.CONFIRMED, top
    assert "OMP_THREAD_LIMIT=1" in top.title
    offered = {p.id for p in a.proposals}
    assert not offered & {"parallelize_omp", "parallelize_caller", "thread_count"}, offered
    # the same run keeping two CPUs busy (user 0.52 s): the limit did not cap a team
    (tmp_path / "time-p.txt").write_text(
        (case / "data" / "time-p.txt").read_text().replace("user 0.25", "user 0.52"))
    b = _analyze(case, [case / "data" / "run.txt", tmp_path / "time-p.txt"])
    assert "rt.threads_lowered" not in {f.id for f in b.findings}


def test_ranks_meeting_in_a_collective_wait_at_most_the_compute_spread() -> None:
    """Two balanced ranks (update 0.083 / 0.084 s) each in MPI_Alltoall 0.041-0.042 s: ranks
    meeting in a collective every step wait at most for the compute spread (0.001 s x 1.5),
    so their time in it is the transfer's own cost; with rank 0 doing 8x the work (update
    0.247 vs 0.067 s) the fast rank's 0.256 s in the collective is waiting for it."""
    a = _analyze(D / "alltoall-ranks")
    assert a.findings[0].id == "rt.mpi_communication", a.findings
    b = _analyze(D / "alltoall-skewed-ranks")
    assert b.findings[0].id == "alg.load_imbalance", b.findings
    assert "rt.mpi_communication" not in {f.id for f in b.findings}


def test_a_printed_repeat_number_is_a_repeat_not_a_size(tmp_path: Path) -> None:
    """``repeat 1: total 1.059 s``... three times: three repeats of one run (RUN scope
    ``rep N``, their spread the machine's noise), never a size sweep of sizes 1, 2, 3."""
    f = tmp_path / "run.txt"
    f.write_text("$ ./solver 4000\nsolver: n=4000\nrepeat 1: total 1.059 s  0.38 Mcell/s\n"
                 "repeat 2: total 1.096 s  0.36 Mcell/s\nrepeat 3: total 0.431 s  0.93 Mcell/s\n")
    from perfscout.ingest.derive import derive
    p = derive(_profile(f))
    assert {m.value for m in p.metrics if m.name == "scaling.size"} == {4000.0}  # n=4000
    reps = sorted((m.scope.name, m.value) for m in p.metrics if m.name == "time.elapsed")
    assert reps == [("rep 1", 1.059), ("rep 2", 1.096), ("rep 3", 0.431)]
    spread = [m.value for m in p.metrics if m.name == "time.repeat_spread"]
    assert spread == [1.096 / 0.431]


def test_code_on_one_thread_only_is_the_serial_part_not_unequal_work() -> None:
    """Two threads: both ran the update's region body (sin, cos), only thread 8357 ran the
    post-processing (log1p, exp, main): 11.73 + 6.17 + 5.38 + 1.94 + ... = 27% of the samples
    on one thread only. That is the serial part (rt.serial_fraction), not threads carrying
    unequal work inside a region."""
    case = D / "serialpost-threads-perf"
    share = [m for m in _profile(case / "data" / "perf-report.txt").metrics
             if m.name == "threads.one_only_share"]
    assert len(share) == 1 and 0.26 < share[0].value < 0.28, share
    assert "__log1p_fma" in share[0].raw_name
    a = _analyze(case)
    ids = [f.id for f in a.findings]
    assert ids[0] == "rt.serial_fraction" and "rt.omp_imbalance" not in ids, ids


def test_unequal_work_inside_a_region_stays_an_imbalance() -> None:
    """diag31's static loop whose second half is 15x heavier: both threads ran the same
    routines, in unequal shares; nothing ran on one thread alone: rt.omp_imbalance."""
    case = D.parent / "diag31" / "teamtimes-table-perf"
    share = [m.value for m in _profile(case / "data" / "perf-report-threads.txt").metrics
             if m.name == "threads.one_only_share"]
    assert share and share[0] < 0.01, share
    a = _analyze(case)
    assert a.findings[0].id == "rt.omp_imbalance", a.findings


def test_a_table_row_after_each_echoed_run_with_a_check_beside_it() -> None:
    """``64 8192 33554432 0.0190 0.57   check 0.499660``, then ``$ ./colwalk 2048`` and its
    row: one table of two runs (the check printed beside a row is no column), ``cells`` held
    fixed while ``n`` grows is the work (work.items), and 0.019 s against 0.2399 s for the
    same 33554432 updates is a 12.6x rate drop over two sizes (above cache.rate_drop_two):
    the data left the caches."""
    case = D / "colwalk-two-sizes"
    p = _profile(case / "data" / "run.txt")
    work = sorted(m.value for m in p.metrics if m.name == "work.items")
    assert work == [33554432.0, 33554432.0], work
    times = sorted(m.value for m in p.metrics if m.name == "time.elapsed")
    assert times == [0.019, 0.2399]
    top = _analyze(case).findings[0]
    assert top.id == "hw.cache_locality", top
    ev = next(e for e in top.evidence if e.metric == "scaling.rate_drop")
    assert abs((ev.value or 0) - 0.2399 / 0.019) < 1e-6 and ev.threshold == "rate drop >= 4"


def test_a_shell_loop_echoed_as_the_command_names_the_program_it_runs() -> None:
    """``$ for n in 64 256 1024 2048; do ./colwalk $n ...; done``: the program is
    ``./colwalk``; the verification of a loop change runs it, so the sandbox policy (which
    runs no shell syntax) does not refuse the proposal."""
    case = D / "colwalk-shell-loop"
    p = _profile(case / "data" / "size-table.txt")
    assert p.meta["command"] == "./colwalk"
    a = _analyze(case)
    assert a.findings[0].id == "hw.cache_locality"
    assert "loop_interchange" in {p.id for p in a.proposals}, a.rejected
    assert not [r for r in a.rejected if r.guard == "policy"], a.rejected


_RUN = "$ env OMP_NUM_THREADS=2 ./relax 200000 3000 3\nrelax: n=200000 threads=2\n{}"
_TOP = """top - 13:42:16 up 10:28,  0 user,  load average: 4.02, 3.15, 2.35
Tasks: 102 total,   6 running,  96 sleeping,   0 stopped,   0 zombie
%Cpu(s):100.0 us,  0.0 sy,  0.0 ni,  0.0 id,  0.0 wa,  0.0 hi,  0.0 si,  0.0 st

  PID USER      PR  NI    VIRT    RES    SHR S  %CPU  %MEM     TIME+ COMMAND
27861 root      20   0   36428   2904   2300 R  45.0   0.0   0:00.19 relax
27856 root      20   0  536064   6664   3768 R  70.0   0.0   0:01.12 stress-ng-cpu
27857 root      20   0  536064   6668   3772 R  70.0   0.0   0:01.07 stress-ng-cpu
"""


def test_one_command_run_quiet_and_loaded_pools_its_repeats(tmp_path: Path) -> None:
    """The same echoed command (its OMP_NUM_THREADS included) in two printouts, three repeats
    each: 0.43-0.55 s in one, 0.90-1.10 s in the other. Each file's own spread is under
    noise.repeat_spread; pooled, 1.096 / 0.429 = 2.55 is the machine's noise
    (time.repeat_spread, derive_across). A different thread count is not pooled."""
    from perfscout.ingest.derive import derive, derive_across

    quiet, loaded, other = tmp_path / "run-quiet.txt", tmp_path / "run-loaded.txt", \
        tmp_path / "run-1thread.txt"
    quiet.write_text(_RUN.format("repeat 1: total 0.429 s\nrepeat 2: total 0.553 s\n"
                                 "repeat 3: total 0.532 s\n"))
    loaded.write_text(_RUN.format("repeat 1: total 1.059 s\nrepeat 2: total 1.096 s\n"
                                  "repeat 3: total 0.904 s\n"))
    profs = derive_across((derive(_profile(quiet)), derive(_profile(loaded))))
    pooled = [m for p in profs for m in p.metrics
              if m.name == "time.repeat_spread" and "inputs" in m.raw_name]
    assert len(pooled) == 1 and abs(pooled[0].value - 1.096 / 0.429) < 1e-9, pooled
    other.write_text(_RUN.replace("OMP_NUM_THREADS=2", "OMP_NUM_THREADS=1").replace(
        "threads=2", "threads=1").format("repeat 1: total 1.9 s\nrepeat 2: total 1.8 s\n"))
    alone = derive_across((derive(_profile(quiet)), derive(_profile(other))))
    assert not [m for p in alone for m in p.metrics if "inputs" in m.raw_name]


def test_other_jobs_beside_a_parallel_run_are_noise(tmp_path: Path) -> None:
    """A 2-thread run whose row in top got 45% of a CPU while two other processes took 70%
    each of a 2-CPU machine (3 busy processes at 10% or more: 1.5 per CPU): other jobs hold
    the CPUs its threads could use (0.45 of 2: the noise share 1 - 0.45 / 2)."""
    run, top = tmp_path / "run-loaded.txt", tmp_path / "top.txt"
    run.write_text(_RUN.format("repeat 1: total 1.059 s\nrepeat 2: total 1.096 s\n"
                               "repeat 3: total 0.904 s\n"))
    top.write_text("$ top -b -n 1\n" + _TOP)
    a = _analyze(D / "serialpost-threads-perf", [run, top])
    f = next(f for f in a.findings if f.id == "sys.os_noise")
    share = next(e.value for e in f.evidence if e.metric == "noise.wall_share")
    assert share == round(1 - 0.45 / 2, 3), f.evidence
    assert "of the 2 CPUs its threads could use" in f.title


def _rank_values(path: Path, name: str) -> list[float]:
    from perfscout.ingest.derive import derive
    return sorted(m.value for m in derive(_profile(path)).metrics
                  if m.name == name and m.scope.kind.value == "rank")


def test_a_ranks_message_clause_does_not_swallow_the_rest_of_its_line() -> None:
    """``sent 200000 messages of 16 B  update 0.000 s  exchange 0.075 s``: the count and size
    of the messages, and the rank's compute and MPI times after them; 16-byte messages by
    the hundred thousand are small messages."""
    run = D / "tinymsgs-sent-ranks" / "data" / "run.txt"
    assert _rank_values(run, "mpi.msg_count") == [200000.0, 200000.0]
    assert _rank_values(run, "mpi.msg_size_mean") == [16.0, 16.0]
    assert _rank_values(run, "mpi.time") == [0.075, 0.075]
    assert _analyze(D / "tinymsgs-sent-ranks").findings[0].id == "alg.small_messages"


def test_a_unit_word_followed_by_a_value_is_the_next_key() -> None:
    """``messages 200000 bytes 3200000``: ``bytes`` is the next key, not the messages' unit;
    the rank's bytes over its messages are 16-byte messages."""
    run = D / "tinymsgs-bytes-ranks" / "data" / "run.txt"
    assert _rank_values(run, "mpi.msg_count") == [200000.0, 200000.0]
    assert _rank_values(run, "mpi.bytes_sent") == [3200000.0, 3200000.0]
    assert _rank_values(run, "mpi.msg_size_mean") == [16.0, 16.0]
    assert _analyze(D / "tinymsgs-bytes-ranks").findings[0].id == "alg.small_messages"


def test_collectives_joined_in_one_key_are_a_ranks_time_in_mpi() -> None:
    """``update 0.021 s  gather+bcast 0.105 s  moved 720.0 MB``: the joined collectives are
    the rank's MPI time, the update its compute, the megabytes its traffic."""
    run = D / "gathbc-ranks" / "data" / "run.txt"
    assert _rank_values(run, "mpi.time") == [0.102, 0.105]
    assert _rank_values(run, "busy.time") == [0.021, 0.024]
    assert _rank_values(run, "mpi.bytes_sent") == [720e6, 720e6]
    assert _analyze(D / "gathbc-ranks").findings[0].id == "rt.mpi_communication"


def test_a_printed_team_below_the_request_with_one_cpu_busy_is_confirmed() -> None:
    """OMP_NUM_THREADS=2 but the program's config file says ``threads 1``: it prints
    ``team=1`` (the program family), and /usr/bin/time -v puts the run at 45% of one CPU
    (os_accounting): two families say one thread ran."""
    a = _analyze(D / "teamcfg-timev")
    top = a.findings[0]
    assert top.id == "rt.threads_lowered" and top.status == Status.CONFIRMED, top
    assert {e.source_kind for e in top.evidence} >= {"program", "os_accounting"}


def test_one_command_echoed_again_and_again_is_repeats_of_one_run() -> None:
    """``$ env OMP_NUM_THREADS=1 ./capteam 2000000 300`` before each of six runs: repeats
    (rep 1..6, no sweep), 0.655 to 1.719 s: the slowest 2.62x the fastest; vmstat's run queue
    (3.4 runnable per CPU, no idle time) while the slow ones ran is the second family."""
    from perfscout.ingest.derive import derive
    p = derive(_profile(D / "capteam-repeats-vmstat" / "data" / "runs.txt"))
    reps = sorted(m.scope.name for m in p.metrics if m.name == "time.elapsed")
    assert reps == [f"rep {k}" for k in range(1, 7)], reps
    spread = [m.value for m in p.metrics if m.name == "time.repeat_spread"]
    assert spread == [1.719 / 0.655]
    top = _analyze(D / "capteam-repeats-vmstat").findings[0]
    assert top.id == "sys.os_noise" and top.status == Status.CONFIRMED, top


def test_a_first_repeat_slower_than_all_is_warm_up_not_noise(tmp_path: Path) -> None:
    """``rep seconds``: 1.162 then 0.049, 0.049, 0.049, 0.048: the first repeat warming up
    (caches, first-touch pages) is left out; the others' spread is no noise."""
    from perfscout.ingest.derive import derive
    f = tmp_path / "run.txt"
    f.write_text("$ ./lbm 20000 200 5\nrep   seconds   MLUPS\n  1     1.162    3.44\n"
                 "  2     0.049   81.59\n  3     0.049   81.80\n  4     0.049   81.44\n"
                 "  5     0.048   82.54\n")
    spread = [m.value for m in derive(_profile(f)).metrics if m.name == "time.repeat_spread"]
    assert spread == [0.049 / 0.048]


def test_a_file_opened_read_and_closed_every_step_is_the_io_cost() -> None:
    """strace -c: 40002 openat, 40001 read, 40002 close for 40000 steps of a 0.11 s run (the
    program reads /proc/self/statm every step): one open per read; the read/write calls (40001
    read, 2 pread64, 1 write) with the 40002 opens and 40002 closes are 120008 calls in
    0.1119 s. The run's time only rates the trace's calls (derived), so a printed timer
    shorter than the process is no conflict."""
    top = _analyze(D / "statmpoll-strace").findings[0]
    assert top.id == "app.io_hotspot" and "opened, read and closed" in top.title, top
    rate = next(e for e in top.evidence if e.metric == "syscall.rate")
    assert rate.source_kind == "derived"
    assert abs((rate.value or 0) - 120008 / 0.1119) < 1.0
