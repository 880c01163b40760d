"""hw.compute_bound is confirmed when two families agree: the disassembly (compiler) says the
hot loop is packed SIMD and the program's own FLOP rate (program) is near the FLOP ceiling
measured on this machine by likwid-bench peakflops (issue 22, bullet 3: confirmation).

Fixtures in ``data/flopceiling`` are real outputs made by its ``make.sh``: ``fmaloop.c``'s
``step()`` keeps two 8 KiB arrays in L1 (18,210 MFLOP/s against peakflops_avx512_fma's 19,215,
95%); the same loop over two 64 MiB arrays (5,760 MFLOP/s, 30%) waits on memory.
"""

from __future__ import annotations

from pathlib import Path

from perfscout.model.findings import Finding, Status
from perfscout.pipeline.analyze import analyze

DATA = Path(__file__).parent / "data" / "flopceiling"


def _compute(*names: str) -> Finding:
    a = analyze([DATA / n for n in names])
    return next(f for f in a.findings if f.id == "hw.compute_bound")


def test_packed_code_near_the_measured_ceiling_is_confirmed_by_two_families() -> None:
    f = _compute("fmaloop-output.txt", "objdump-step.txt", "likwid-bench-peakflops.txt")
    assert f.status == Status.CONFIRMED
    rate = next(e for e in f.evidence if e.metric == "flops.rate")
    assert rate.source_kind == "program" and rate.value == 18210.0
    assert "95% of the 1.921e+04 MFLOP/s measured by peakflops_avx512_fma" in rate.quote
    assert {e.source_kind for e in f.evidence} == {"compiler", "program"}
    assert not f.conflicts


def test_packed_code_far_below_the_ceiling_is_a_conflict_not_a_confirmation() -> None:
    # families disagree: packed SIMD, but the program reaches 30% of the ceiling
    f = _compute("fmabig-output.txt", "objdump-step-big.txt", "likwid-bench-peakflops.txt")
    assert f.status == Status.HYPOTHESIS
    assert f.conflicts and "30% of the" in f.conflicts[0]
    assert all(e.source_kind != "program" for e in f.evidence)


def test_without_a_measured_ceiling_the_rate_is_only_context() -> None:
    # the same program and disassembly, no benchmark: a rate alone says how fast, not how
    # near a limit; one measuring family stays a hypothesis
    f = _compute("fmaloop-output.txt", "objdump-step.txt")
    assert f.status == Status.HYPOTHESIS
    assert any(e.metric == "flops.rate" and e.source_kind == "derived" for e in f.evidence)
