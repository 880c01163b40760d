"""``perf report --hierarchy --sort comm,dso,sym``: one row per level, indented, the header
itself indented (``#       Overhead  Command / Shared Object / Symbol``). Each symbol row is
a hotspot whose module is the shared-object row above it; the command and shared-object rows
are no hotspots. With the program's own A/B of passing by value against by const reference,
the copy is the redundant work, confirmed by both families. Fixture: ``make.sh`` (real g++,
perf); the shares below are read off the file by hand."""

from __future__ import annotations

from pathlib import Path

from perfscout.ingest import load
from perfscout.pipeline.analyze import analyze

D = Path(__file__).parent / "data" / "perf_hierarchy"


def test_symbol_rows_carry_the_shared_object_above_them() -> None:
    p = load(D / "perf-report-hierarchy.txt")
    assert p.format == "perf-report"
    top = p.hotspots[0]
    assert (top.name, top.module, top.self_share) == (
        "__memmove_avx512_unaligned_erms", "libc.so.6", 0.9614)
    kernel = next(h for h in p.hotspots if h.name == "irqentry_exit_to_user_mode")
    assert kernel.module == "[kernel.kallsyms]"
    assert not any(h.name in ("scores", "libc.so.6") for h in p.hotspots)


def test_the_copy_measured_by_the_profile_and_by_the_programs_ab_is_confirmed() -> None:
    a = analyze([D / "perf-report-hierarchy.txt", D / "builds.txt"])
    top = a.findings[0]
    assert top.id == "app.redundant_work", [f.id for f in a.findings]
    assert top.status.value == "confirmed"
    assert any(e.metric == "ab.ratio" for e in top.evidence)
