"""omp_static_schedule generated on the user's loop: ``schedule(dynamic,1)`` / ``guided`` on
the worksharing directive around the hot line becomes ``schedule(static)``; legal changes are
built with -fopenmp and run (identical output, C and Fortran); the directive's other clauses
stay; ``runtime``, a missing clause and ``static`` are refused naming why. End to end: a real
perf profile of a tiny-iteration loop under ``schedule(dynamic,1)`` gives the
``rt.sync_contention`` finding, and the proposal comes scoped to the program's line with the
diff attached."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from conftest import require_tool
from perfscout.transform import Generated, Refusal, generate
from transform._cc import build_run, line_of, write

C_PROG = """#include <stdio.h>
#define N 40000000
static int hits(long i) { return (int)((i * 2654435761u) >> 29) & 1; }
int main(void) {
    long total = 0;
    #pragma omp parallel for schedule(dynamic,1) reduction(+:total)
    for (long i = 0; i < N; i++)
        total += hits(i);  /* HOT */
    printf("total=%ld\\n", total);
    return 0;
}
"""

F_PROG = """program tally
  implicit none
  integer :: i
  integer(8) :: total
  total = 0
  !$omp parallel do schedule(guided, 4) reduction(+:total)
  do i = 1, 1000000
    total = total + mod(i * 7, 13)  ! HOT
  end do
  !$omp end parallel do
  print '(a,i0)', 'total=', total
end program tally
"""


def test_dynamic_one_becomes_static_and_keeps_the_output(tmp_path: Path) -> None:
    g = generate("omp_static_schedule", C_PROG, "prog.c", line_of(C_PROG, "HOT"))
    assert isinstance(g, Generated), g
    assert "+    #pragma omp parallel for schedule(static) reduction(+:total)" in g.diff
    assert "'schedule(dynamic,1)' -> 'schedule(static)' at prog.c:6" in g.note
    before = build_run(write(tmp_path, "orig.c", C_PROG), ["-fopenmp"])
    after = build_run(write(tmp_path, "new.c", g.new_text), ["-fopenmp"])
    assert after == before and before.startswith("total=")


def test_fortran_guided_becomes_static_and_keeps_the_output(tmp_path: Path) -> None:
    g = generate("omp_static_schedule", F_PROG, "tally.f90", line_of(F_PROG, "HOT"))
    assert isinstance(g, Generated), g
    assert "+  !$omp parallel do schedule(static) reduction(+:total)" in g.diff
    before = build_run(write(tmp_path, "orig.f90", F_PROG), ["-fopenmp"])
    after = build_run(write(tmp_path, "new.f90", g.new_text), ["-fopenmp"])
    assert after == before and before.startswith("total=")


@pytest.mark.parametrize(("clause", "words"), [
    ("schedule(runtime) ", ["schedule(runtime)", "OMP_SCHEDULE=static"]),
    ("", ["has no schedule clause", "static already"]),
    ("schedule(static, 64) ", ["is schedule(static) already"]),
])
def test_a_schedule_left_to_the_runtime_or_static_is_refused(clause: str,
                                                             words: list[str]) -> None:
    src = C_PROG.replace("schedule(dynamic,1) ", clause)
    r = generate("omp_static_schedule", src, "prog.c", line_of(src, "HOT"))
    assert isinstance(r, Refusal), getattr(r, "diff", r)
    for w in words:
        assert w in r.reason, r.reason


def test_a_loop_without_a_directive_is_refused() -> None:
    src = C_PROG.replace("    #pragma omp parallel for schedule(dynamic,1) "
                         "reduction(+:total)\n", "")
    r = generate("omp_static_schedule", src, "prog.c", line_of(src, "HOT"))
    assert isinstance(r, Refusal)
    assert "no OpenMP worksharing directive" in r.reason, r.reason


def test_a_profiled_dynamic_loop_gets_the_generated_change(tmp_path: Path) -> None:
    """perf record of the real program (2 threads, schedule(dynamic,1)): the handout in
    libgomp is the finding; the proposal is scoped to the program's hot line and carries the
    diff that attach_diffs writes."""
    from perfscout.pipeline.analyze import analyze
    from perfscout.pipeline.source_changes import attach_diffs

    gcc = require_tool("gcc")
    perf = require_tool("perf")
    src = write(tmp_path, "count.c", C_PROG)
    subprocess.run([gcc, "-O2", "-g", "-fopenmp", "-o", str(tmp_path / "count"), str(src)],
                   check=True, capture_output=True, timeout=300)
    env = {**os.environ, "OMP_NUM_THREADS": "2"}
    data = tmp_path / "perf.data"
    subprocess.run([perf, "record", "-q", "-e", "cpu-clock", "-o", str(data), "./count"],
                   cwd=tmp_path, check=True, capture_output=True, timeout=300, env=env)
    files = []
    for name, args in (("symbols.txt", []),
                       ("srcline.txt", ["--sort", "srcline", "--full-source-path"])):
        r = subprocess.run([perf, "report", "--stdio", "--no-children", *args, "-i", str(data)],
                           capture_output=True, text=True, timeout=300, check=True, cwd=tmp_path)
        (tmp_path / name).write_text(r.stdout)
        files.append(tmp_path / name)
    a = analyze(files)
    # the handout routine named (sync contention) or only the runtime's share measured (a
    # stripped libgomp leaves its internal routines unnamed): either finding leads here
    found = {f.id for f in a.findings}
    assert found & {"rt.sync_contention", "rt.region_overhead"}, found
    p = next((p for p in a.proposals if p.id == "omp_static_schedule"), None)
    assert p is not None, ([x.id for x in a.proposals], [(r.id, r.reason) for r in a.rejected])
    assert p.scope.endswith("count.c:" + str(line_of(C_PROG, "HOT"))) or \
        p.scope.endswith("count.c:" + str(line_of(C_PROG, "for (long i"))), p.scope
    out, bad = attach_diffs([p], tmp_path)
    assert not bad, bad
    assert out[0].change is not None and "schedule(static)" in out[0].change.diff


def _runtime_finding(tmp_path: Path, src: str) -> tuple[list[str], list[str]]:
    """advise() on an rt.region_overhead finding (the OpenMP runtime at 60% of the samples)
    and a line profile whose hot line is ``src``'s HOT line: the ids offered, and rejected."""
    from tests.advise.conftest import finding

    from perfscout.advise import advise
    from perfscout.model.metrics import Hotspot, Profile
    from perfscout.sandbox import default_runner

    path = write(tmp_path, "count.c", src)
    prof = Profile("perf-report", "srcline.txt", meta={"command": "./count"},
                   hotspots=(Hotspot(f"{path}:{line_of(src, 'HOT')}", self_share=0.2,
                                     kind="line"),))
    adv = advise([finding("rt.region_overhead", ("omp.fork_join_share", 0.6))], None, [prof],
                 policy_check=default_runner().check)
    return [p.id for p in adv.proposals], [f"{r.id}: {r.reason}" for r in adv.rejected]


def test_the_runtime_share_and_a_dynamic_directive_give_the_change(tmp_path: Path) -> None:
    offered, rejected = _runtime_finding(tmp_path, C_PROG)
    assert "omp_static_schedule" in offered, (offered, rejected)


def test_the_runtime_share_over_a_static_loop_offers_no_schedule_change(tmp_path: Path
                                                                        ) -> None:
    """Look-alike: the runtime holds the samples but the loop is static already; the source
    is the evidence, and it says no."""
    offered, _ = _runtime_finding(tmp_path, C_PROG.replace("schedule(dynamic,1)",
                                                           "schedule(static)"))
    assert "omp_static_schedule" not in offered
