"""Printout and runtime-report shapes the earlier held-out sets did not use, read from real
outputs made here (tests/diagnose/data/diag23/gen.sh; labels in each case's label.yaml were
committed before perfscout ran on them):

- one value per thread on one line (``per-thread busy: T0=43ms T1=133ms``, C++ OpenMP
  triangle under ``schedule(static)``) is each thread's busy time, so the 3x split is
  ``rt.omp_imbalance``;
- a user's ``OMP_AFFINITY_FORMAT`` (``tid %n on cpus {%A}``) is an affinity report: two
  threads on one CPU (``taskset -c 0``) is ``rt.affinity``;
- Open MPI ``--timestamp-output`` / ``--tag-output`` tags (``Fri Dec  4 22:38:06
  2026<stderr>:``, ``[1,0]<stdout>:``) are taken off and the tag's rank scopes the line, and
  ``Rank 1 | compute 6.4 s | MPI_Barrier 0.0 s`` is read per rank: ``alg.load_imbalance``;
- ``bytes/message=8`` is the mean message size;
- a STREAM-shaped table with only ``Best Rate MB/s`` and ``Min time`` columns is read;
- a phase the printout marks ``(parallel)`` next to an unmarked setup phase 18x longer is
  ``rt.serial_fraction`` (no thread sweep needed), and no finding when the parallel phase
  holds most of the printed time."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from tests.diagnose.build import snapshot

from perfscout.diagnose.engine import diagnose
from perfscout.ingest.derive import derive
from perfscout.ingest.metric_lines import normalise
from perfscout.ingest.registry import load
from perfscout.ingest.runtime_lines import Placement, read_runtime_line
from perfscout.model.findings import Finding
from perfscout.model.metrics import Profile, ScopeKind

D = Path(__file__).parent / "data" / "diag23"


def _two_cpus():  # type: ignore[no-untyped-def]
    s = snapshot(sockets=1, cores_per_socket=2, nodes=1, counters=False)
    return replace(s, cpu=replace(s.cpu, online_cpus=2, total_cpus=2))


def _ids(*files: Path) -> list[str]:
    fs: list[Finding] = list(diagnose([derive(load(f)) for f in files], _two_cpus()).findings)
    return [f.id for f in fs]


def _vals(p: Profile, name: str) -> dict[str, float]:
    return {m.scope.name: m.value for m in p.metrics if m.name == name}


def test_per_thread_values_on_one_line_are_each_threads_busy_time() -> None:
    case = D / "rt23-cxx-static-triangle" / "data"
    p = load(case / "printout.txt")  # "per-thread busy: T0=43ms T1=133ms"
    busy = {m.scope.name: round(m.value, 6) for m in p.metrics
            if m.name == "busy.time" and m.scope.kind == ScopeKind.THREAD}
    assert busy == {"0": 0.043, "1": 0.133}
    assert _ids(case / "printout.txt", case / "time-v.txt")[0] == "rt.omp_imbalance"


def test_custom_affinity_format_is_an_affinity_report() -> None:
    pl = Placement()
    assert read_runtime_line("tid 1 on cpus {0}", 1, pl)
    assert read_runtime_line("thread 3 bound to 2-3", 2, pl)
    assert pl.threads == {"1:1": ({0}, 1), "1:3": ({2, 3}, 2)}
    assert not read_runtime_line("thread 0 time 1.2 s", 3, Placement())
    assert not read_runtime_line("thread 0: busy 1.39 s", 4, Placement())
    # sched_getcpu's "where it ran at that moment" is no binding
    assert not read_runtime_line("thread 1 on cpu 0", 5, Placement())
    case = D / "rt23-c-taskset-one-core" / "data"
    p = load(case / "job.log")
    assert _vals(p, "affinity.threads") and list(_vals(p, "affinity.threads").values()) == [2.0]
    assert list(_vals(p, "affinity.cpus").values()) == [1.0]
    assert _ids(case / "job.log", case / "time-v.txt")[0] == "rt.affinity"


def test_open_mpi_output_tags_are_taken_off_and_scope_the_rank() -> None:
    assert normalise("Fri Dec  4 22:38:06 2026<stderr>:Rank 1 | compute 6.428 s | "
                     "MPI_Barrier 0.000 s") == "Rank 1, compute 6.428 s, MPI_Barrier 0.000 s"
    assert normalise("[1,1]<stdout>:compute 1.2 s wait 0.3 s") == "rank 1: compute 1.2 s wait 0.3 s"
    case = D / "alg23-mpi-barrier-unequal" / "data"
    p = load(case / "mpirun.log")
    assert _vals(p, "busy.time") == {"1": 6.428, "0": 1.502}
    assert _vals(p, "mpi.wait_time") == {"1": 0.0, "0": 4.962}
    ids = _ids(case / "mpirun.log")
    assert ids[0] == "alg.load_imbalance" and "rt.mpi_wait" in ids


def test_bytes_per_message_is_the_mean_message_size() -> None:
    p = load(D / "alg23-mpi-one-double-msgs" / "data" / "mpirun.log")
    assert _vals(p, "mpi.msg_size_mean") == {"0": 8.0, "1": 8.0}
    assert _vals(p, "mpi.msg_count") == {"0": 200000.0, "1": 200000.0}


def test_stream_shaped_table_with_two_columns() -> None:
    p = load(D / "hw23-f90-triad-mbs" / "data" / "triad-output.txt")
    assert p.format == "stream"
    assert _vals(p, "bench.bandwidth") == {"Triad": 9008.1}
    assert _vals(p, "time.elapsed") == {"Triad": 0.053285}


def test_printed_serial_phase_is_the_serial_fraction(tmp_path: Path) -> None:
    case = D / "rt23-f90-serial-setup" / "data"
    p = load(case / "run.log")  # " smooth (parallel)     0.097 sec", " setup .... 1.778 sec"
    assert [m.value for m in p.metrics if m.name == "time.parallel"] == [0.097]
    assert _ids(case / "run.log", case / "time-v.txt")[0] == "rt.serial_fraction"
    # the same shape with the parallel phase holding most of the time: no serial finding
    f = tmp_path / "run.log"
    f.write_text("threads = 2\nsetup ............ 0.100 sec\nsolve (parallel)   1.800 sec\n")
    assert "rt.serial_fraction" not in _ids(f)
    # one thread asked for: a "parallel" phase that ran on one thread says nothing
    g = tmp_path / "one.log"
    g.write_text("threads = 1\nsetup ............ 1.800 sec\nsolve (parallel)   0.100 sec\n")
    assert "rt.serial_fraction" not in _ids(g)


def test_one_write_call_per_record_written_is_unbuffered_output(tmp_path: Path) -> None:
    """Fortran ``write`` + ``flush`` per sample: strace -c -w counts 60001 writes and the
    printout says 60000 samples; no run time is given, so the call rate cannot be judged, but
    one write per record can."""
    case = D / "app23-f90-flush-per-record" / "data"
    p = load(case / "recwrite-output.txt")  # "wrote 60000 samples"
    assert [m.value for m in p.metrics if m.name == "io.records_written"] == [60000.0]
    q = load(D / "app23-py-flush-per-line" / "data" / "program.txt")
    assert {m.name: m.value for m in q.metrics if m.name in (
        "io.records_written", "time.elapsed")} == {"io.records_written": 150000.0,
                                                   "time.elapsed": 9.29}
    assert _ids(case / "recwrite-output.txt", case / "strace-cw.txt")[0] == "app.io_hotspot"
    # the same trace beside 6,000,000 records written (100 records per write call: buffered)
    # is no per-record finding
    f = tmp_path / "out.txt"
    f.write_text("wrote 6000000 samples\n")
    assert "app.io_hotspot" not in _ids(f, case / "strace-cw.txt")


F = Path(__file__).parent / "data" / "diag23_forms"  # make.sh: one real run, five shapes


def test_per_thread_busy_times_in_list_array_bracket_and_prose_shapes() -> None:
    """``thread times (s): 0.0027 0.0144``, ``busy per thread = [0.0027, 0.0144] s``,
    ``[t0] 0.0027s``, ``Thread 0 finished after 2.7 ms``: each thread's busy time (values
    checked by hand against all.txt), so each shape alone shows the 5x split."""
    for name in ("list.txt", "array.txt", "bracket.txt", "prose.txt"):
        p = load(F / name)
        busy = {m.scope.name: round(m.value, 4) for m in p.metrics
                if m.name == "busy.time" and m.scope.kind == ScopeKind.THREAD}
        assert busy == {"0": 0.0027, "1": 0.0144}, name
        assert _ids(F / name)[0] == "rt.omp_imbalance", name


def test_a_list_of_counts_or_waits_per_thread_is_no_busy_time(tmp_path: Path) -> None:
    f = tmp_path / "out.txt"
    f.write_text("items per thread: 100 300\nthread wait (s): 0.5 0.1\nwall 1.0 s\n")
    assert not [m for m in load(f).metrics if m.name == "busy.time"]


def test_counts_printed_before_their_noun() -> None:
    """``1 thread : 0.183 sec`` / ``2 threads: 0.158 sec`` (one real run per thread count)
    are sweep points, not thread 1's time; ``sent 50000 messages of 8 bytes in 0.003 s`` is
    the message count and size."""
    p = load(F / "sweep-count-first.txt")
    pts = {m.scope.name: m.value for m in p.metrics if m.name == "threads.requested"}
    tms = {m.scope.name: m.value for m in p.metrics if m.name == "time.elapsed"}
    assert pts == {"run 1": 1.0, "run 2": 2.0} and tms == {"run 1": 0.183, "run 2": 0.158}
    assert not [m for m in p.metrics if m.scope.kind == ScopeKind.THREAD]
    q = load(F / "messages.txt")
    got = {m.name: m.value for m in q.metrics if m.name.startswith("mpi.")}
    assert got == {"mpi.msg_count": 50000.0, "mpi.msg_size_mean": 8.0}


def test_program_printout_in_a_likwid_bench_job_log_is_read() -> None:
    """One job log: the program's ``rep N: x GB/s`` lines, then ``likwid-bench -t copy_avx``
    (18338 MB/s). The likwid-bench reader takes the file and also reads the program's lines
    (family program), so the program's bandwidth stands beside the measured ceiling."""
    p = load(D / "hw23-c-copy-reps-with-likwid-one-log" / "data" / "job.log")
    assert p.format == "likwid-bench"
    assert [m.value for m in p.metrics if m.name == "bench.bandwidth"] == [18338.12]
    bw = [m for m in p.metrics if m.name == "mem.bandwidth"]
    assert [m.value for m in bw] == [13830.0, 9460.0, 21080.0, 11990.0, 10100.0]
    assert {m.family for m in bw} == {"program"}


def test_p_numbered_ranks_and_printed_mpi_share() -> None:
    """``P1 comp=0.525s comm=0.000s`` is rank 1's compute and MPI time (an MPI run where rank 1
    computes 4x rank 0's share): ``alg.load_imbalance``; ``rank 0 spent 81% of its time in MPI``
    is rank 0's MPI share."""
    p = load(F / "ranks-p.txt")
    assert _vals(p, "busy.time") == {"1": 0.525, "0": 0.101}
    assert _vals(p, "mpi.time") == {"1": 0.0, "0": 0.424}
    assert _ids(F / "ranks-p.txt")[0] == "alg.load_imbalance"
    q = load(F / "ranks-share.txt")
    assert _vals(q, "mpi.time_share") == {"0": 0.81, "1": 0.0}


def test_phase_marks_in_fortran_list_directed_and_trailing_shapes() -> None:
    """gfortran ``print *`` lines (`` serial part took  0.325... s``, `` Number of threads: 2``)
    and marks after the time (``init:  0.325s (serial)``) from one real OpenMP run: both read
    as the serial and parallel phase times, and both give ``rt.serial_fraction``."""
    p = load(F / "phases-listdirected.txt")
    got = {m.name: round(m.value, 3) for m in p.metrics
           if m.name in ("time.serial", "time.parallel", "threads.requested")}
    assert got == {"time.serial": 0.325, "time.parallel": 0.042, "threads.requested": 2.0}
    q = load(F / "phases-marked.txt")
    assert {m.name: m.value for m in q.metrics if m.name.startswith("time.")} == {
        "time.serial": 0.325, "time.parallel": 0.042}
    for f in ("phases-listdirected.txt", "phases-marked.txt"):
        assert _ids(F / f)[0] == "rt.serial_fraction", f
