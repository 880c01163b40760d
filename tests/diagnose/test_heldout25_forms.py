"""Forms held-out set 25 brought (tests/diagnose/data/heldout25_forms/README.md): a printout
tagged with the program's name and fields two blanks apart, a time per item growing with the
size (a scan, or the caches), a perf annotate whose source shows a walk across rows, a
``bcast/wait`` time per rank, an ``strace -tt`` excerpt, and a slice of a ``.gcov`` file."""

from __future__ import annotations

from pathlib import Path

import pytest

from perfscout.ingest.derive import derive
from perfscout.ingest.loop_text import loop_variable, strided_access, strided_loop
from perfscout.ingest.registry import load
from perfscout.pipeline.analyze import analyze

D = Path(__file__).parent / "data" / "heldout25_forms"


def _metrics(f: Path, name: str) -> list[float]:
    return [m.value for m in derive(load(f)).metrics if m.name == name]


def test_the_programs_name_tags_its_line_and_two_blanks_end_a_value() -> None:
    f = D / "neutron-gridsweep.txt"
    assert _metrics(f, "scaling.size") == [2500.0, 5000.0, 10000.0, 20000.0]  # grid=, untagged
    assert _metrics(f, "time.elapsed") == [0.146, 0.248, 0.556, 1.0]  # the bare "0.146 s"
    per = _metrics(f, "time.per_item")
    assert [round(v * 1e9, 1) for v in per] == [2663.7, 5278.1, 10208.3, 20637.5]


def test_a_value_after_a_per_item_time_keeps_its_own_label() -> None:
    p = load(D / "truss-sweep.txt")
    assert [m.value for m in p.metrics if m.raw_name == "force sum"][:2] == [42306.23,
                                                                             42549.52]
    assert not [m for m in p.metrics if "ns/entry force" in m.raw_name]
    assert [m.value for m in p.metrics if m.name == "scaling.size"] == [256.0, 512.0, 1024.0,
                                                                        2048.0, 3072.0]


def test_microseconds_per_operation_growing_with_the_size_is_a_scan() -> None:
    a = analyze([D / "neutron-gridsweep.txt", D / "neutron-srcline.txt"])
    assert a.findings[0].id == "alg.complexity"
    assert "replace_algorithm" in [p.id for p in a.proposals]
    assert not [f for f in a.findings if f.id == "hw.cache_locality"]


def test_nanoseconds_per_entry_growing_with_the_size_is_the_caches() -> None:
    a = analyze([D / "truss-sweep.txt"])
    assert a.findings and a.findings[0].id == "hw.cache_locality"
    assert not [f for f in a.findings if f.id == "alg.complexity"]


@pytest.mark.parametrize(("header", "body", "fortran", "walk"), [
    ("for (int i = 0; i < n; i++)", "f[i] += K[(long)i * n + j] * u[j];", False,
     "K[(long)i * n + j]"),
    ("for (int j = 0; j < n; j++)", "f[i] += K[(long)i * n + j] * u[j];", False, None),
    ("for (size_t i = 0; i < n; ++i)", "s += a[i][k];", False, "a[i][k]"),
    ("for (size_t k = 0; k < n; ++k)", "s += a[i][k];", False, None),
    ("for (int i = 0; i < n; i++)", "y[i] = x[3 * i];", False, None),  # a literal stride
    ("do i = 1, n", "s = s + a(k, i)", True, "a(k, i)"),
    ("do i = 1, n", "s = s + a(i, k)", True, None),
    ("do i = 1, n", "y(i) = max(0.0d0, x(i))", True, None),  # an intrinsic, not an array
])
def test_a_walk_across_rows_is_read_from_the_loop_text(header: str, body: str, fortran: bool,
                                                         walk: str | None) -> None:
    var = loop_variable(header)
    assert var is not None
    assert strided_access(var, body, fortran) == walk
    assert (strided_loop({18: header, 19: body}, 18, fortran) is not None) == (walk is not None)


def test_an_annotate_showing_a_column_walk_is_locality_not_vectors() -> None:
    strided = [(m.value, m.raw_name) for m in load(D / "truss-annotate.txt").metrics
               if m.name == "loop.strided"]
    assert strided and strided[0][1] == "K[(long)i * n + j]" and strided[0][0] > 0.9
    a = analyze([D / "truss-annotate.txt"])
    assert a.findings[0].id == "hw.cache_locality"
    ids = [p.id for p in a.proposals]
    assert "loop_interchange" in ids and "omp_simd" not in ids
    assert not [f for f in a.findings if f.id == "hw.vectorization"]


def test_a_broadcast_wait_per_rank_is_mpi_wait_and_the_rank_imbalance_decides() -> None:
    waits = [m for m in derive(load(D / "tectonic-ranks.txt")).metrics
             if m.name == "mpi.wait_time"]
    assert sorted(m.value for m in waits) == [0.001, 1.629]
    a = analyze([D / "tectonic-ranks.txt"])
    assert a.findings[0].id == "alg.load_imbalance"


def test_an_strace_tt_excerpt_rates_its_calls_by_its_own_span() -> None:
    span = _metrics(D / "wellog-strace-tt.txt", "syscall.trace_span")
    assert len(span) == 1 and abs(span[0] - (0.962209 - 0.961804)) < 1e-3
    a = analyze([D / "wellog-strace-tt.txt"])
    assert a.findings[0].id == "app.io_hotspot"
    assert "reopen" in a.findings[0].title or "per line" in a.findings[0].title


def test_a_slice_of_a_gcov_file_is_read_with_the_source_its_command_names() -> None:
    p = load(D / "neutron-gcov-slice.txt")
    assert p.format == "gcov"
    top = max(p.hotspots, key=lambda h: h.self_value or 0.0)
    assert top.location is not None and top.location.file == "neutron.c"
    # the lines run once per lookup; the bisection's while line is a loop's control line
    assert top.self_value == 71289.0 and len(p.hotspots) > 10
