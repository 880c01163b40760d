"""omp_dynamic_schedule generated on the user's loop: threads of one OpenMP loop measured
carrying unequal work get ``schedule(dynamic, 8)`` on the worksharing directive around the hot
line (added where the directive has no schedule clause, replacing ``schedule(static...)``);
legal changes are built with -fopenmp and run (identical output, C and Fortran); a loop that
deals its iterations dynamically already, follows ``OMP_SCHEDULE`` or asks which thread runs
it is refused naming why. Through advise: an ``rt.omp_imbalance`` finding with the loop's hot
line gets this proposal with its diff, not a domain re-decomposition; measured balance gets
nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from perfscout.transform import Generated, Refusal, generate
from transform._cc import build_run, line_of, write

# a triangular loop: row i costs i, so static halves leave the second thread ~3x the work
C_PROG = """#include <stdio.h>
#define N 6000
int main(void) {
    long total = 0;
    #pragma omp parallel for reduction(+:total) // rows
    for (long i = 0; i < N; i++)
        for (long j = 0; j < i; j++)
            total += (i * j) % 7;  /* HOT */
    printf("total=%ld\\n", total);
    return 0;
}
"""

F_PROG = """program tri
  implicit none
  integer :: i, j
  integer(8) :: total
  total = 0
  !$omp parallel do schedule(static) &
  !$omp& private(j) reduction(+:total)
  do i = 1, 3000
    do j = 1, i
      total = total + mod(i * j, 7)  ! HOT
    end do
  end do
  !$omp end parallel do
  print '(a,i0)', 'total=', total
end program tri
"""


def test_a_static_default_triangle_gets_dynamic_chunks_and_keeps_the_output(
        tmp_path: Path) -> None:
    g = generate("omp_dynamic_schedule", C_PROG, "tri.c", line_of(C_PROG, "HOT"))
    assert isinstance(g, Generated), g
    # the clause goes after the directive's words, before its comment
    assert ("+    #pragma omp parallel for reduction(+:total) schedule(dynamic, 8) // rows"
            in g.diff), g.diff
    assert "no schedule clause (static blocks) -> 'schedule(dynamic, 8)' at tri.c:5" in g.note
    before = build_run(write(tmp_path, "orig.c", C_PROG), ["-fopenmp"])
    after = build_run(write(tmp_path, "new.c", g.new_text), ["-fopenmp"])
    assert after == before and before.startswith("total=")


def test_a_continued_fortran_static_directive_is_rewritten_and_keeps_the_output(
        tmp_path: Path) -> None:
    g = generate("omp_dynamic_schedule", F_PROG, "tri.f90", line_of(F_PROG, "HOT"))
    assert isinstance(g, Generated), g
    assert "+  !$omp parallel do schedule(dynamic, 8) &" in g.diff, g.diff
    assert "'schedule(static)' -> 'schedule(dynamic, 8)' at tri.f90:6" in g.note
    before = build_run(write(tmp_path, "orig.f90", F_PROG), ["-fopenmp"])
    after = build_run(write(tmp_path, "new.f90", g.new_text), ["-fopenmp"])
    assert after == before and before.startswith("total=")


@pytest.mark.parametrize(("clause", "why"), [
    ("schedule(dynamic)", "dealt out dynamically already"),
    ("schedule(guided, 4)", "dealt out dynamically already"),
    ("schedule(runtime)", "OMP_SCHEDULE=dynamic,8"),
    ("schedule(auto)", "left to the runtime"),
])
def test_a_schedule_already_dynamic_or_not_the_sources_is_refused(clause: str,
                                                                  why: str) -> None:
    src = C_PROG.replace("reduction(+:total)", f"reduction(+:total) {clause}")
    r = generate("omp_dynamic_schedule", src, "tri.c", line_of(src, "HOT"))
    assert isinstance(r, Refusal) and why in r.reason, r


def test_a_loop_that_asks_which_thread_runs_it_is_refused() -> None:
    src = C_PROG.replace("total += (i * j) % 7;", "total += (i * j) % 7 + omp_get_thread_num();")
    r = generate("omp_dynamic_schedule", src, "tri.c", line_of(src, "HOT"))
    assert isinstance(r, Refusal) and "omp_get_thread_num" in r.reason, r


def test_a_loop_without_a_directive_is_refused() -> None:
    src = C_PROG.replace("    #pragma omp parallel for reduction(+:total) // rows\n", "")
    r = generate("omp_dynamic_schedule", src, "tri.c", line_of(src, "HOT"))
    assert isinstance(r, Refusal) and "no OpenMP worksharing directive" in r.reason, r


def _advised(tmp_path: Path, ratio: float) -> tuple[dict[str, str], list[str]]:
    """advise() on an rt.omp_imbalance finding (busiest thread ``ratio`` x the mean) with a
    line profile whose hot line is the triangle's HOT line: {id: scope + change}, rejected."""
    from tests.advise.conftest import finding

    from perfscout.advise import advise
    from perfscout.model.metrics import Hotspot, Profile
    from perfscout.sandbox import default_runner

    path = write(tmp_path, "tri.c", C_PROG)
    prof = Profile("perf-report", "srcline.txt", meta={"command": "./tri"},
                   hotspots=(Hotspot(f"{path}:{line_of(C_PROG, 'HOT')}", self_share=0.9,
                                     kind="line"),))
    adv = advise([finding("rt.omp_imbalance", ("imbalance.max_over_mean", ratio))], None,
                 [prof], policy_check=default_runner().check)
    got = {p.id: f"{p.scope} {p.change.description if p.change else ''}"
           for p in adv.proposals}
    return got, [f"{r.id}: {r.reason}" for r in adv.rejected]


def test_unequal_threads_get_the_generated_schedule_not_a_redecomposition(
        tmp_path: Path) -> None:
    got, rejected = _advised(tmp_path, 1.5)
    assert "omp_dynamic_schedule" in got, (got, rejected)
    assert got["omp_dynamic_schedule"].startswith(f"tri.c:{line_of(C_PROG, 'HOT')}") or \
        "tri.c:5" in got["omp_dynamic_schedule"], got
    assert "generated: no schedule clause" in got["omp_dynamic_schedule"]
    assert "rebalance_decomposition" not in got


def test_threads_measured_balanced_get_no_schedule_change(tmp_path: Path) -> None:
    got, _ = _advised(tmp_path, 1.02)
    assert "omp_dynamic_schedule" not in got
