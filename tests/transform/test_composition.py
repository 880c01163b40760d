"""Generated changes over several hot nests and composed with each other, and a generated BLAS
call in a program whose size macro is a parameter name of cblas.h (N, given with -D or by a
header): each built with gcc and run, the output equal to the original's."""

from __future__ import annotations

from pathlib import Path

from perfscout.model.proposals import Change, Proposal
from perfscout.pipeline.source_changes import attach_diffs, compose
from perfscout.transform import Generated, generate
from transform._cc import build_run, line_of, write

# two kernels in the PolyBench mvt shape: the first walks A by rows, the second by columns;
# sizes from the N macro, given on the command line
TWO_NESTS = """#include <stdio.h>
#ifndef N
# define N 300
#endif
static double A[N][N], x1[N], x2[N], y1[N], y2[N];

static void kernel(int n) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      x1[j] = x1[j] + A[i][j] * y1[i]; /* FIRST */
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      x2[i] = x2[i] + A[j][i] * y2[j]; /* SECOND */
}

int main(void) {
  for (int i = 0; i < N; i++) {
    y1[i] = (double)(i % 7); y2[i] = (double)(i % 5);
    for (int j = 0; j < N; j++) A[i][j] = (double)((i * j) % 11) - 5.0;
  }
  kernel(N);
  double s = 0.0;
  for (int i = 0; i < N; i++) s += x1[i] * (double)(i + 1) + x2[i] * (double)(i % 3);
  printf("checksum=%.17g\\n", s);
  return 0;
}
"""

COLUMNS_THEN_ROWS = TWO_NESTS.replace(
    "x1[j] = x1[j] + A[i][j] * y1[i]; /* FIRST */", "x1[i] = x1[i] + A[j][i] * y1[j]; /* FIRST */")

GEMV_N = """#include <stdio.h>
#include "sizes.h"
static double A[N][N], x[N], y[N];

static void gemv(void) {
  for (int i = 0; i < N; i++) {
    double acc = 0.0;
    for (int j = 0; j < N; j++)
      acc += A[i][j] * x[j]; /* HOT */
    y[i] = acc;
  }
}

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) A[i][j] = (double)((i * 3 + j) % 7) - 3.0;
  for (int j = 0; j < N; j++) x[j] = (double)(j % 5);
  gemv();
  double s = 0.0;
  for (int i = 0; i < N; i++) s += y[i] * (double)(i + 1);
  printf("checksum=%.17g\\n", s);
  return 0;
}
"""


def _source(pid: str, scope: str) -> Proposal:
    return Proposal(pid, kind="source", title=pid, change=Change(description=pid), scope=scope)


def _lines(text: str, *needles: str) -> list[tuple[str, int]]:
    return [("prog.c", line_of(text, n)) for n in needles]


def test_every_hot_nest_gets_the_change(tmp_path: Path) -> None:
    """The proposal names the hottest line; the other hot nest is changed in the same diff."""
    root = tmp_path / "proj"
    write(root.mkdir() or root, "prog.c", COLUMNS_THEN_ROWS)
    first, second = _lines(COLUMNS_THEN_ROWS, "FIRST", "SECOND")
    out, bad = attach_diffs([_source("loop_interchange", f"prog.c:{second[1]}")], root,
                            also=[second, first])
    assert not bad, bad
    diff = out[0].change.diff if out[0].change else ""
    assert diff.count("+  for (int j = 0; j < n; j++)") == 2, diff
    new = (tmp_path / "new")
    new.mkdir()
    from perfscout.experiment.patching import apply_unified_diff

    changed = apply_unified_diff(COLUMNS_THEN_ROWS, diff, "prog.c")
    assert build_run(write(new, "prog.c", changed), ["-DN=300"]) == \
        build_run(write(tmp_path, "orig.c", COLUMNS_THEN_ROWS), ["-DN=300"])


def test_a_refused_nest_is_named_and_the_other_is_changed(tmp_path: Path) -> None:
    """The first nest already walks rows (nothing to interchange): the diff changes only the
    second; the first one's refusal is in the description, not in the unconvertible list."""
    root = tmp_path / "proj"
    root.mkdir()
    write(root, "prog.c", TWO_NESTS)
    first, second = _lines(TWO_NESTS, "FIRST", "SECOND")
    out, bad = attach_diffs([_source("loop_interchange", f"prog.c:{first[1]}")], root,
                            also=[first, second])
    assert not bad, bad
    diff = out[0].change.diff if out[0].change else ""
    assert diff.count("+  for (int j = 0; j < n; j++)") == 1, diff
    from perfscout.experiment.patching import apply_unified_diff

    lines = apply_unified_diff(TWO_NESTS, diff, "prog.c").splitlines()
    assert lines[first[1] - 3:first[1]] == TWO_NESTS.splitlines()[first[1] - 3:first[1]]
    desc = out[0].change.description if out[0].change else ""
    assert f"not changed: prog.c:{first[1]}" in desc, desc


def test_two_generated_changes_compose_on_one_nest(tmp_path: Path) -> None:
    """Interchange, then omp simd generated on the interchanged nest (re-parsed): one diff
    carrying both, which builds and keeps the output."""
    root = tmp_path / "proj"
    root.mkdir()
    write(root, "prog.c", COLUMNS_THEN_ROWS)
    _first, second = _lines(COLUMNS_THEN_ROWS, "FIRST", "SECOND")
    scope = f"prog.c:{second[1]}"
    diff, used, refused = compose([_source("loop_interchange", scope),
                                   _source("omp_simd", scope)], root)
    assert used == ["loop_interchange", "omp_simd"], refused
    assert "+  for (int j = 0; j < n; j++)" in diff and "#pragma omp simd" in diff, diff
    from perfscout.experiment.patching import apply_unified_diff

    changed = apply_unified_diff(COLUMNS_THEN_ROWS, diff, "prog.c")
    # the simd pragma sits on the new inner loop (i), right above it
    lines = changed.splitlines()
    k = next(i for i, ln in enumerate(lines) if "#pragma omp simd" in ln)
    assert "for (int i = 0; i < n; i++)" in lines[k + 1], changed
    assert build_run(write(tmp_path, "new.c", changed), ["-fopenmp-simd"]) == \
        build_run(write(tmp_path, "orig.c", COLUMNS_THEN_ROWS))


def test_the_second_change_is_judged_on_the_first_ones_result(tmp_path: Path) -> None:
    """A second interchange on the nest the first one already reordered is judged on the
    re-parsed result (nothing left to gain there) and refused with that reason; the diff is
    the first change alone."""
    root = tmp_path / "proj"
    root.mkdir()
    write(root, "prog.c", COLUMNS_THEN_ROWS)
    _first, second = _lines(COLUMNS_THEN_ROWS, "FIRST", "SECOND")
    scope = f"prog.c:{second[1]}"
    diff, used, refused = compose([_source("loop_interchange", scope),
                                   _source("loop_interchange", scope)], root)
    assert used == ["loop_interchange"] and refused, (used, refused)
    assert "no order of loops (j, i) gives the innermost loop more" in refused[0], refused
    assert diff.count("+  for (int j = 0; j < n; j++)") == 1, diff


def test_blas_survives_a_size_macro_named_like_a_cblas_parameter(tmp_path: Path) -> None:
    """N from -D on the command line and from the user's header: the generated include keeps
    it out of cblas.h's prototypes, and the call still uses the user's N."""
    write(tmp_path, "sizes.h", "#ifndef N\n# define N 64\n#endif\n")
    g = generate("use_blas", GEMV_N, "prog.c", line_of(GEMV_N, "HOT"))
    assert isinstance(g, Generated), g
    assert '#pragma push_macro("N")' in g.diff and '#pragma pop_macro("N")' in g.diff
    before = build_run(write(tmp_path, "orig.c", GEMV_N), ["-DN=200"])
    after = build_run(write(tmp_path, "new.c", g.new_text), ["-DN=200"], g.libs)
    assert after == before and before.startswith("checksum=")
    # the header's N (no -D) works as well
    assert build_run(write(tmp_path, "new2.c", g.new_text), [], g.libs) == \
        build_run(write(tmp_path, "orig2.c", GEMV_N))
