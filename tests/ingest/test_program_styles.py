"""Program printouts in the styles real programs use (tests/ingest/data/program_styles/make.sh:
C printf with dot leaders and a timer table, C++ iostream with thousands separators and
scientific notation, Fortran formatted writes with a per-iteration log, MPI per-rank lines with a
collective's element count, OpenMP per-thread lines, Python logging with a JSON summary, a
Monte Carlo report with ``hh:mm:ss`` and ``paths/s``, repeated runs of one kernel) and
look-alikes that hold numbers but no measurement (a version banner, a date, a hex address, a
file listing). Values were checked by hand against the printed files."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from perfscout.ingest.metric_lines import metric_bearing, normalise
from perfscout.ingest.registry import get_adapter, load, load_set
from perfscout.model.errors import InputError, ParseError
from perfscout.model.metrics import Metric, ScopeKind

D = Path(__file__).parent / "data" / "program_styles"


def _ms(name: str) -> list[Metric]:
    return list(load(D / name).metrics)


def _one(name: str, metric: str, scope: str = "") -> float:
    got = [m.value for m in _ms(name) if m.name == metric and (not scope or m.scope.name == scope)]
    assert len(got) == 1, (metric, scope, got)
    return got[0]


def _events(name: str) -> dict[str, tuple[float, str]]:
    return {m.raw_name: (m.value, m.unit) for m in _ms(name) if m.name.startswith("event.")}


def test_c_printf_dot_leaders_read_label_value_unit() -> None:
    # "init time ........................ 0.1841 s", "memory traffic ... 3554.0 MB/s"
    ev = _events("dotleader.txt")
    assert ev["init time"] == (0.1841, "s")
    assert ev["dot product time"] == (0.0944, "s")
    assert _one("dotleader.txt", "mem.bandwidth") == 3554.0
    # the banner's "v1.3" is a version, not a value
    assert not any("dotleader" in k or k.startswith("v") for k in ev)


def test_a_header_then_name_value_unit_rows() -> None:
    # "Timer summary:" then "  output  224.66 ms", "  total  0.4016 s"
    assert _one("timer-table.txt", "time.elapsed") == 0.4016
    assert _one("timer-table.txt", "io.time") == pytest.approx(0.22466)
    assert _events("timer-table.txt")["solve"] == (0.1401, "s")


def test_cpp_iostream_thousands_separators_scientific_and_work_rates() -> None:
    # "Processed 3,000,000 elements in 0.050 s", "Throughput: 6.05e+07 elements/s"
    ev = _events("iostream.txt")
    assert ev["Processed"] == (3_000_000, "")
    assert ev["Throughput elements/s"] == (6.05e7, "it/s")
    assert ev["Peak memory"] == (22.9, "MiB")
    assert _one("iostream.txt", "time.elapsed") == 0.05


def test_fortran_formatted_iteration_log_gives_steps_and_cpu_time() -> None:
    # " iter  10 residual 0.000E+00 time 0.00099" x5, " Total CPU time (s) =    0.0062"
    steps = {m.scope.name: m.value for m in _ms("fortran-iter.txt") if m.name == "time.step"}
    assert steps == {"step 10": 0.00099, "step 20": 0.00101, "step 30": 0.00114,
                     "step 40": 0.00101, "step 50": 0.00102}
    assert _one("fortran-iter.txt", "time.cpu") == 0.0062
    # the repeated residual is summarised: median and how many times it was printed
    summ = {m.stat: m.value for m in _ms("fortran-iter.txt")
            if m.name == "event.residual" and m.stat}
    assert summ == {"median": 0.0, "count": 5.0}


def test_mpi_bracketed_rank_lines_and_a_collective_with_its_element_count() -> None:
    # "[rank 1] compute 1.498 s, wait 0.000 s",
    # "[rank 0] MPI_Allreduce of 4096 doubles: 15026.9 us per call"
    assert _one("mpi-ranks.txt", "busy.time", "1") == 1.498
    assert _one("mpi-ranks.txt", "mpi.wait_time", "0") == 0.778
    assert _one("mpi-ranks.txt", "mpi.latency", "0") == 15026.9
    assert _one("mpi-ranks.txt", "mpi.msg_size_mean", "1") == 4096 * 8
    assert all(m.scope.kind == ScopeKind.RANK for m in _ms("mpi-ranks.txt"))


def test_openmp_thread_lines_with_bars_give_busy_and_wait() -> None:
    # "Thread 1/2: work 0.0276 s | idle 0.0325 s"
    assert _one("omp-threads.txt", "busy.time", "1") == 0.0276
    assert _one("omp-threads.txt", "mpi.wait_time", "1") == 0.0325


def test_python_logging_prefix_and_json_summary() -> None:
    # "2026-12-04 17:02:49,442 INFO pipeline: epoch 0 loss 1.0000 took 0.064 s"
    # '{"time_s": 0.2096, "items": 600000, ...}'
    ms = _ms("python-log.txt")
    steps = [(m.scope.name, m.value) for m in ms if m.name == "time.step"]
    assert steps == [("step 0", 0.064), ("step 1", 0.072), ("step 2", 0.044)]
    assert _one("python-log.txt", "time.elapsed") == 0.2096
    assert _events("python-log.txt")["cache hit rate"] == (87.5, "%")
    # the timestamp's milliseconds (",442") are no value
    assert not any(m.value in (442, 515, 559, 587) for m in ms)


def test_elapsed_clock_percent_and_paths_per_second() -> None:
    # "Elapsed: 00:00:00.1", "5.939e+07 paths/s", "Transmitted: 0.2892 %"
    assert _one("elapsed-mc.txt", "time.elapsed") == 0.1
    ev = _events("elapsed-mc.txt")
    assert ev["paths/s"] == (5.939e7, "it/s")
    assert ev["Transmitted"] == (0.2892, "%")
    assert ev["Paths simulated"] == (4_000_000, "")
    # "(built Dec  4 2026)": a date, no value
    assert not any(v == 4.0 or v == 2026.0 for v, _u in ev.values())


def test_repeated_runs_of_one_kernel_are_runs() -> None:
    # "copy kernel took 0.00185 s -> 18.18 GB/s" printed five times
    t = {m.scope.name: m.value for m in _ms("repeats.txt") if m.name == "time.elapsed"}
    assert t == {"run 1": 0.16131, "run 2": 0.00185, "run 3": 0.01793, "run 4": 0.00187,
                 "run 5": 0.03799}
    assert _one("repeats.txt", "mem.bandwidth", "run 2") == 18180.0
    summ = {m.stat: m.value for m in _ms("repeats.txt") if m.stat in ("median", "count")
            and m.raw_name.startswith("copy kernel took")}
    assert summ == {"median": 0.01793, "count": 5.0}


def test_counts_with_thousands_separators_and_bytes() -> None:
    ev = _events("counters.txt")
    # "Messages sent:      1,234,567": the run's message count, separators read
    sent = [m for m in _ms("counters.txt") if m.name == "mpi.msg_count"]
    assert [(m.raw_name, m.value) for m in sent] == [("Messages sent", 1_234_567)]
    assert ev["Bytes sent"] == (5056786432, "bytes")
    assert ev["Packing time"] == (0.828, "ms")


def test_a_compiler_version_is_a_toolchain_fact_not_a_printout() -> None:
    # "gcc (Debian 12.2.0-14+deb12u1) 12.2.0": no value of the program's, the compiler's name
    name = "lookalike-version.txt"
    assert get_adapter("program-output").sniff((D / name).read_text(), D / name) == 0.0
    p = load(D / name)
    assert p.format == "platform-facts" and not p.metrics
    assert p.meta["version"].startswith("gcc (Debian 12.2.0")


@pytest.mark.parametrize("name", ["lookalike-date.txt", "lookalike-mixed.txt"])
def test_lookalikes_are_declined_with_the_formats_tried(name: str) -> None:
    # "2026-12-04 17:02:52", "segfault at 0x7ffd..."
    assert get_adapter("program-output").sniff((D / name).read_text(), D / name) == 0.0
    loaded = load_set([D / name, D / "timer-table.txt"])
    (skip,) = loaded.skipped
    assert skip.reason == "unknown_format"
    assert "program-output" in skip.formats_tried
    assert skip.message.endswith("no line holds a number with a time, rate, size or percent unit")


def test_a_file_listing_is_no_printout() -> None:
    # its sizes are file sizes (the listing reader's), never a program's values
    p = load(D / "lookalike-listing.txt")
    assert p.format == "file-listing"
    assert {m.name for m in p.metrics} == {"file.size"}


@pytest.mark.parametrize(("line", "want"), [
    ("init time ........ 0.18 s", "init time: 0.18 s"),
    ("[rank 3] compute 0.83 s, wait 0.12 s", "rank 3: compute 0.83 s, wait 0.12 s"),
    ('{"time_s": 1.2, "bw": 3.4}', "time_s: 1.2, bw: 3.4"),
    ("took 0.5 s -> 2.0 GB/s", "took 0.5 s, 2.0 GB/s"),
    ("1.2e6 particles/s", "particles/s 1.2e6 it/s"),
    ("gcc (GCC) 12.2.0 built 0x7ffd5a3c1e80", "gcc (GCC) built"),
    ("2026-12-04T17:02:49Z WARNING io: wrote 3 MB", "wrote 3 MB"),
])
def test_normalise(line: str, want: str) -> None:
    assert normalise(line) == want


@pytest.mark.parametrize(("line", "bearing"), [
    ("solve 1.37 s", True), ("bandwidth: 12.4 GB/s", True), ("hit rate 87.5%", True),
    ("gcc (Debian ) ", False), ("checksum 2.199e+13", False),
    # look-alikes met in the corpus: a tqdm bar, an sinfo feature list
    ("0%, , 0/25 [00:00<?, ?it/s]", False), ("cron 2 40 tc,gold-6148,96GB,ib", False),
    ("This program was written in 2019 and it takes about 5 s on a laptop when you run it "
     "with the default input and no options at all", False),
])
def test_metric_bearing(line: str, bearing: bool) -> None:
    assert metric_bearing(line) is bearing


def test_json_job_records_stay_as_printed() -> None:
    # squeue --json-ish lines: no numeric field names a measurement
    rec = '{"id": 26515966, "state": "RUNNING", "cpu": 1, "mem": "128G"}'
    assert normalise(rec) == rec


def test_scientific_exponents_are_not_taken_for_hashes() -> None:
    assert normalise("first 1.025153324e-02 last 9.9e+03") == "first 1.025153324e-02 last 9.9e+03"


def _read_or_decline(tmp: Path, text: str | bytes) -> None:
    """Reading ``text`` either gives a profile or a clear skip; nothing else may escape."""
    f = tmp / "out.txt"
    if isinstance(text, bytes):
        f.write_bytes(text)
    else:
        f.write_text(text, encoding="utf-8", errors="replace")
    try:
        load(f)
    except (ParseError, InputError) as exc:
        assert exc.message


_FIXTURE = [HealthCheck.function_scoped_fixture]


@settings(max_examples=60, deadline=None, suppress_health_check=_FIXTURE)
@given(st.text(alphabet=st.sampled_from(list("0123456789.,:;=-+eE%/ sGBmsuk[]{}()|\"'\nabcxyz_#")),
               max_size=400))
def test_fuzz_random_text_reads_or_declines(tmp_path: Path, text: str) -> None:
    _read_or_decline(tmp_path, text)


@settings(max_examples=30, deadline=None, suppress_health_check=_FIXTURE)
@given(st.binary(max_size=600))
def test_fuzz_random_bytes_read_or_decline(tmp_path: Path, data: bytes) -> None:
    _read_or_decline(tmp_path, data)


@pytest.mark.parametrize("text", [
    "x" * 200_000 + " 1.2 s\n",                       # one huge line
    "{" * 5000 + '"time_s": 1.2' + "}" * 5000 + "\n",  # deep nesting
    "." * 50_000 + " 3 s\n",                          # an endless dot leader
    "1" * 100_000 + "\n",                             # a huge number
    "step 1 time 0.1 s\n" * 20_000,                   # a long per-iteration log
    "[rank 1] " * 3000 + "0.1 s\n",
])
def test_huge_and_deep_inputs_finish_quickly(tmp_path: Path, text: str) -> None:
    start = time.process_time()
    _read_or_decline(tmp_path, text)
    assert time.process_time() - start < 20.0  # CPU seconds: a backtracking regex would not end


@pytest.mark.parametrize(("text", "sizes", "times"), [
    # units glued to their numbers, a size before a colon, a count among other counts
    ("size 1000: 0.23s\nsize 2000: 0.51s\n", [1000, 2000], [0.23, 0.51]),
    ("N=1000  unions=999  elapsed 12.5ms\nN=2000  unions=1999  elapsed 30.1ms\n",
     [1000, 2000], [0.0125, 0.0301]),
    ("[n=1000] 0.230 s\n[n=2000] 0.510 s\n", [1000, 2000], [0.23, 0.51]),
    ("n: 1000 | 0.23 s | 4.3 Mop/s\nn: 2000 | 0.51 s | 3.9 Mop/s\n", [1000, 2000], [0.23, 0.51]),
])
def test_size_sweeps_in_free_styles(tmp_path: Path, text: str, sizes: list[int],
                                    times: list[float]) -> None:
    f = tmp_path / "sweep.txt"
    f.write_text(text)
    ms = load(f).metrics
    assert [m.value for m in ms if m.name == "scaling.size"] == sizes
    assert [m.value for m in ms if m.name == "time.elapsed"] == pytest.approx(times)
    assert not any(m.stat == "median" for m in ms)  # no median across sizes
