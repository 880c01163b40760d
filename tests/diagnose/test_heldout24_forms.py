"""Forms held-out set 24 brought (tests/diagnose/data/heldout24_forms/README.md): a size printed
as its dimensions (``grid=100x100``) beside the cells it holds, a rate printed after the
key=value pairs with no key (``time=0.97 s  8.23 GB/s``), ``cg_annotate`` showing the reads'
events only, and a build table whose memory column changes from run to run."""

from __future__ import annotations

from pathlib import Path

from perfscout.ingest.derive import derive
from perfscout.ingest.registry import load
from perfscout.pipeline.analyze import analyze

D = Path(__file__).parent / "data" / "heldout24_forms"


def _metrics(f: Path, name: str) -> list[tuple[float, str]]:
    return [(m.value, m.scope.name) for m in derive(load(f)).metrics if m.name == name]


def test_dimensions_are_a_count_and_do_not_swallow_the_next_key() -> None:
    p = load(D / "lakefill-sizes.txt")
    cells = [m.value for m in p.metrics if m.raw_name == "lake cells"]
    assert cells == [6016.0, 13484.0, 23912.0, 37147.0]  # not named 'grid x100 lake cells'
    assert not [m for m in p.metrics if "x100" in m.raw_name]
    assert any(m.value == 10000.0 for m in p.metrics)  # grid=100x100


def test_a_size_sweep_printed_with_dimensions_is_read_as_growth() -> None:
    a = analyze([D / "lakefill-sizes.txt", D / "lakefill-gprof.txt"])
    assert a.findings and a.findings[0].id == "alg.complexity"


def test_a_rate_with_no_key_after_the_pairs_is_the_programs_bandwidth() -> None:
    got = _metrics(D / "pollen-run.log", "mem.bandwidth")
    assert [v for v, _ in got] == [8230.0, 7620.0, 7570.0, 6620.0]


def test_the_programs_bandwidth_at_the_benchmarks_is_memory_bandwidth() -> None:
    a = analyze([D / "pollen-run.log", D / "pollen-likwid-stream.txt"])
    top = a.findings[0]
    assert top.id == "hw.memory_bandwidth" and top.status.value == "confirmed"
    assert "parallelize_omp" not in [p.id for p in a.proposals]


def test_reads_only_cachegrind_gives_the_read_miss_ratio() -> None:
    got = _metrics(D / "tomo-cachegrind.txt", "d1.miss_ratio")
    assert len(got) == 1 and abs(got[0][0] - 8_391_880 / 8_472_377) < 1e-12
    a = analyze([D / "tomo-cachegrind.txt"])
    assert a.findings[0].id == "hw.cache_locality"
    assert "loop_interchange" in [p.id for p in a.proposals]


def test_a_memory_column_that_changes_is_no_second_factor() -> None:
    # maxrss 783060 and 783016 kB for the double build: measured, not work
    got = _metrics(D / "pollen-times.csv", "ab.ratio")
    assert len(got) == 1 and abs(got[0][0] - (1.73 + 1.80) / (1.03 + 1.11)) < 1e-9


def test_the_programs_line_above_an_strace_table_is_read() -> None:
    p = load(D / "oceandump-strace-c.txt")
    assert p.format == "strace-c"
    io = [m for m in p.metrics if m.name == "io.time"]
    assert [m.value for m in io] == [4.273] and io[0].family == "program"
    assert any(m.name == "syscall.calls" and m.scope.name == "write" and m.value == 12489
               for m in p.metrics)
    a = analyze([D / "oceandump-strace-c.txt"])
    assert a.findings[0].id == "app.io_hotspot"


def test_a_profile_in_the_kernels_fault_path_is_page_fault_pressure() -> None:
    a = analyze([D / "plasmadep-perf-report.txt", D / "plasmadep-run.txt"])
    top = a.findings[0]
    assert top.id == "sys.tlb_pagefaults"
    share = next(e.value for e in top.evidence if e.metric == "hotspot.share")
    # exc_page_fault 21.63 + memcg1_commit_charge 3.96 + __pte_offset_map_lock 2.13
    # + unmap_page_range 1.61 + clear_page_erms 1.47 (percent of the samples)
    assert abs((share or 0) - 0.308) < 1e-9
    assert any("page-faults" in " ".join(r.command) for r in a.data_requests)


def test_a_profile_without_the_fault_path_says_nothing_of_faults() -> None:
    a = analyze([D / "pollen-run.log"])
    assert "sys.tlb_pagefaults" not in [f.id for f in a.findings]
