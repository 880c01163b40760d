"""use_blas is offered by the SHAPE of the hot loop nest, not by the program's name: a GEMM
nest in a program called ``twomm`` (no "gemm"/"matmul" anywhere) gets it, with the call the
transform layer makes as the precondition's detail; a stencil in a program called ``matmul``
does not, and the rejection names why the nest is no product."""

from __future__ import annotations

from pathlib import Path

from tests.advise.conftest import finding

from perfscout.advise import advise
from perfscout.advise.facts import Facts, project_root_of
from perfscout.model.metrics import Hotspot, Profile

GEMM = """#include <stdio.h>
#define N 64
static double A[N][N], B[N][N], C[N][N];
int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      C[i][j] = 0.0;
      for (int k = 0; k < N; k++)
        C[i][j] += A[i][k] * B[k][j];
    }
  printf("%g\\n", C[1][2]);
  return 0;
}
"""

STENCIL = """#include <stdio.h>
#define N 64
static double A[N][N], B[N][N];
int main(void) {
  for (int i = 1; i < N - 1; i++)
    for (int j = 1; j < N - 1; j++)
      B[i][j] = 0.25 * (A[i - 1][j] + A[i + 1][j] + A[i][j - 1] + A[i][j + 1]);
  printf("%g\\n", B[1][2]);
  return 0;
}
"""


def _advise_on(src: Path, line: int, command: str) -> tuple[list[str], dict[str, str], Facts]:
    from perfscout.sandbox import default_runner

    prof = Profile("perf-annotate", "annotate.txt", meta={"command": command}, hotspots=(
        Hotspot("main", self_share=0.98), Hotspot(f"{src}:{line}", self_share=0.9, kind="line")))
    f = finding("hw.cache_locality", scope="main")
    adv = advise([f], None, [prof], policy_check=default_runner().check)
    facts = Facts.build([f], None, [prof])
    return [p.id for p in adv.proposals], {r.id: r.reason for r in adv.rejected}, facts


def test_a_gemm_nest_gets_use_blas_whatever_the_program_is_called(tmp_path: Path) -> None:
    (tmp_path / "Makefile").write_text("all:\n\tcc -O2 -o twomm twomm.c\n")
    src = tmp_path / "twomm.c"
    src.write_text(GEMM)
    offered, _, facts = _advise_on(src, 9, "./twomm 64")
    assert "use_blas" in offered
    shape = facts.product_nest()
    assert shape is not None and shape[0] and "GEMM" in shape[1] and "beta 0" in shape[1]
    assert facts.dense_kernel() is True
    assert project_root_of(src) == tmp_path


def test_a_stencil_named_matmul_is_refused_with_the_nests_reason(tmp_path: Path) -> None:
    src = tmp_path / "matmul.c"
    src.write_text(STENCIL)
    offered, rejected, facts = _advise_on(src, 7, "./matmul 64")
    assert "use_blas" not in offered
    assert "dense matrix kernel" in rejected["use_blas"]
    shape = facts.product_nest()
    assert shape is not None and shape[0] is False
    assert shape[1] in rejected["use_blas"], (shape, rejected["use_blas"])
    assert facts.dense_kernel() is False


def test_an_unreadable_hot_file_falls_back_to_the_name(tmp_path: Path) -> None:
    offered, _, facts = _advise_on(tmp_path / "gone.c", 9, "./matmul 64")
    assert facts.product_nest() is None
    assert "use_blas" in offered
