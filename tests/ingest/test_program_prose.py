"""Free-form printouts: ``label ... value unit`` with several-word labels, values that open a
clause (``40 sweeps``), a bare ``value unit`` after a colon, minutes, percentages, thousands
separators and prose lines (tests/ingest/data/user_evidence/make.sh: src/prosestyles.c, and
lines in the styles users print, written here)."""

from __future__ import annotations

import contextlib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings

from ingest.fuzzing import mutated_lines
from perfscout.ingest.adapters.program_output import _best_pairs, _loose
from perfscout.ingest.registry import get_adapter, load
from perfscout.model.errors import InputError, ParseError
from perfscout.model.metrics import ScopeKind

D = Path(__file__).parent / "data" / "user_evidence"


def _by(path: Path, name: str) -> list[tuple[str, float]]:
    return [(m.scope.name, m.value) for m in load(path).metrics if m.name == name]


def test_a_prose_sweep_reads_its_sizes_times_and_rates_and_counts_prose_as_unparsed() -> None:
    # grid of 131072 points, 40 sweeps: smoothing took 0.0132 s (6336.2 MB/s moved) ... x4
    p = load(D / "prose-report.txt")
    assert p.format == "program-output"
    assert _by(D / "prose-report.txt", "time.elapsed") == [
        ("run 1", 0.0132), ("run 2", 0.0261), ("run 3", 0.0521), ("run 4", 0.1097)]
    assert _by(D / "prose-report.txt", "scaling.size") == [
        ("run 1", 131072), ("run 2", 262144), ("run 3", 524288), ("run 4", 1048576)]
    assert _by(D / "prose-report.txt", "mem.bandwidth")[0] == ("run 1", 6336.2)
    got = {m.raw_name: (m.value, m.unit) for m in p.metrics if m.name.startswith("event.")}
    assert got["cells touched"] == (1966080, "")  # thousands separators
    assert got["efficiency"] == (87.5, "%")
    assert got["setup phase"] == (0.02, "min")
    assert p.unparsed_lines == 1  # "Smoothing kernel, prose report"


@pytest.mark.parametrize(("line", "want"), [
    ("N =   2048   solve 0.25 s (cpu 0.05 s)   peak bin 16",
     [("N", 2048, ""), ("solve", 0.25, "s"), ("cpu", 0.05, "s"), ("peak bin", 16, "")]),
    ("mesh 640 x 480, 5 steps, 2 threads, wall 1.5 s",
     [("mesh", 640, ""), ("x", 480, ""), ("steps", 5, ""), ("threads", 2, ""),
      ("wall", 1.5, "s")]),
    ("size 4096 block 64: 0.75 s, 12.5 GFLOP/s",
     [("size", 4096, ""), ("block", 64, ""), ("time", 0.75, "s"),
      ("gflops", 12.5, "GFLOP/s")]),
    ("throughput 1,234,567.5 it/s after 3 min",
     [("throughput", 1234567.5, "it/s"), ("after", 3, "min")]),
    ("[12:30:01] solver wall time 1:02:03.5, cpu 0:00:59",  # a time of day names nothing
     [("solver wall time", 3723.5, "s")]),
    ("Total time ........ 1.23 s", [("Total time", 1.23, "s")]),
    ("bw [GB/s] 12.5, threads 2", [("bw", 12.5, "GB/s"), ("threads", 2, "")]),
])
def test_free_form_lines_give_every_value_with_the_words_that_name_it(
        line: str, want: list[tuple[str, float, str]]) -> None:
    assert _loose(line) == want


def test_counts_without_units_are_values_not_times_and_the_file_is_read(tmp_path: Path) -> None:
    f = tmp_path / "tally.txt"
    f.write_text("customers 52000 orders 310 total 8812345.75\n")
    p = load(f)
    names = {m.raw_name: m.name for m in p.metrics}
    assert names["total"] == "event.total"  # no unit, no time word: never a time
    assert not any(m.name.startswith("time.") for m in p.metrics)


def test_per_rank_phase_times_in_words_keep_their_rank(tmp_path: Path) -> None:
    f = tmp_path / "ranks.txt"
    f.write_text("rank 0  assemble 1.20 s  solve step 2.50 s\n"
                 "rank 1  assemble 0.90 s  solve step 2.80 s\n")
    p = load(f)
    got = {(m.raw_name, m.scope.kind, m.scope.name): m.value for m in p.metrics}
    assert got[("solve step", ScopeKind.RANK, "1")] == 2.80
    assert got[("assemble", ScopeKind.RANK, "0")] == 1.20


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=mutated_lines((D / "prose-report.txt").read_text().splitlines()))
def test_fuzzed_prose_parses_or_raises_parse_error(tmp_path: Path, data: list[str]) -> None:
    target = tmp_path / "x.txt"
    target.write_text("\n".join(data) + "\n")
    with contextlib.suppress(ParseError):
        get_adapter("program-output").parse(target)


def test_a_value_only_summary_is_read_and_a_progress_log_stays_skipped(tmp_path: Path) -> None:
    summary = tmp_path / "summary.txt"
    summary.write_text("walkers 250000  absorbed share 0.4125\n")
    assert {m.raw_name: m.value for m in load(summary).metrics} == {
        "walkers": 250000, "absorbed share": 0.4125}
    log = tmp_path / "progress.txt"
    log.write_text("".join(f"cell {i} finished residual={1.0 / i:.4f}\n" for i in range(1, 6)))
    with pytest.raises(InputError, match="no known format"):
        load(log)


def test_tables_with_units_apart_in_the_header_or_in_the_cells(tmp_path: Path) -> None:
    head = tmp_path / "head.txt"
    head.write_text("Thread sweep of the smoother\nthreads   time (s)   bandwidth [GB/s]\n"
                    "1         2.40       5.1\n2         1.30       9.4\n")
    assert _by(head, "time.elapsed") == [("threads=1", 2.40), ("threads=2", 1.30)]
    assert _by(head, "mem.bandwidth") == [("threads=1", 5100.0), ("threads=2", 9400.0)]
    cells = tmp_path / "cells.txt"
    cells.write_text("size      elapsed      rate\n1000      12 ms        83.3 Mflop/s\n"
                     "4000      0.790 s      81.0 Mflop/s\n")
    assert _by(cells, "time.elapsed") == [("size=1000", 0.012), ("size=4000", 0.790)]
    assert _by(cells, "flops.rate") == [("size=1000", 83.3), ("size=4000", 81.0)]


def test_a_size_printed_alike_in_every_run_is_the_fixed_work_and_the_growing_count_the_sweep(
        tmp_path: Path) -> None:
    f = tmp_path / "fanout.txt"
    f.write_text("items 20000 fanout 16: 0.10 s\nitems 20000 fanout 32: 0.21 s\n"
                 "items 20000 fanout 64: 0.45 s\n")
    assert _by(f, "scaling.size") == [("run 1", 16), ("run 2", 32), ("run 3", 64)]
    assert {v for _, v in _by(f, "scaling.ops")} == {20000}
    assert _by(f, "time.elapsed")[2] == ("run 3", 0.45)


@pytest.mark.parametrize(("line", "want"), [
    ("Time (s) : 0.55", ("Time", 0.55, "s")),
    ("bandwidth: 12,345.6 MB/s", ("bandwidth", 12345.6, "MB/s")),  # not 12 at the comma
])
def test_a_unit_after_the_label_and_thousands_separators_after_a_colon(
        line: str, want: tuple[str, float, str]) -> None:
    assert _best_pairs(line) == [want]


def test_measured_lines_among_prose_are_read_and_the_prose_counted_unparsed(
        tmp_path: Path) -> None:
    f = tmp_path / "banner.txt"
    f.write_text("Heat solver\nbuilt with the default options\nreading the mesh\n"
                 "assembly took 0.42 s\nsolve took 1.37 s\ngoodbye\n")
    p = load(f)
    assert p.format == "program-output" and p.unparsed_lines == 4
    assert {m.raw_name: m.value for m in p.metrics if m.unit == "s"} == {
        "assembly took": 0.42, "solve took": 1.37}
