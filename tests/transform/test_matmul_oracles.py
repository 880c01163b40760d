"""The bundled matmul's source proposals, generated from its source, behave like the
hand-written variants in experiment/kernels/variants/ (the oracles): same checksum."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from perfscout.experiment import transforms
from perfscout.experiment.kernels import kernel_source, kernels_dir, parse_result_line
from perfscout.transform import Generated, generate, loop_nest
from transform._cc import build_run, line_of, write

MATMUL = kernel_source("matmul.c")
HOT = line_of(MATMUL, "sum += A[i * n + k] * B[k * n + j];")
N = "97"  # not a multiple of the tile size: the tile remainders run too


def _checksum(out: str) -> str:
    return parse_result_line(out).checksum


@pytest.fixture(scope="module")
def baseline(tmp_path_factory: pytest.TempPathFactory) -> str:
    d = tmp_path_factory.mktemp("base")
    shutil.copy(kernels_dir() / "ps_common.h", d)
    return _checksum(build_run(write(d, "matmul.c", MATMUL), ["-fopenmp"], args=[N]))


@pytest.mark.parametrize("pid", ["loop_interchange", "omp_simd", "parallelize_omp",
                                 "loop_tiling", "use_blas"])
def test_generated_matches_hand_written(pid: str, baseline: str, tmp_path: Path) -> None:
    g = generate(pid, MATMUL, "matmul.c", HOT)
    assert isinstance(g, Generated), g
    assert g.diff.startswith("--- a/matmul.c\n+++ b/matmul.c\n")
    shutil.copy(kernels_dir() / "ps_common.h", tmp_path)
    ours = build_run(write(tmp_path, "ours.c", g.new_text), ["-fopenmp", *g.flags], g.libs,
                     args=[N])
    t = transforms.find("matmul", [pid])
    assert t is not None
    oracle = build_run(write(tmp_path, "oracle.c", kernel_source(t.file)), ["-fopenmp"],
                       t.libs, args=[N])
    assert _checksum(ours) == _checksum(oracle) == baseline
    assert parse_result_line(ours).n == int(N)


def test_generated_shapes_are_the_oracles_shapes() -> None:
    """What each generated change does to the nest, read from its diff."""
    inter = generate("loop_interchange", MATMUL, "matmul.c", HOT)
    simd = generate("omp_simd", MATMUL, "matmul.c", HOT)
    par = generate("parallelize_omp", MATMUL, "matmul.c", HOT)
    blas = generate("use_blas", MATMUL, "matmul.c", HOT)
    tile = generate("loop_tiling", MATMUL, "matmul.c", HOT, {"tile": 32})
    assert isinstance(inter, Generated) and "(i, k, j)" in inter.note
    assert "+        C[i * n + j] += A[i * n + k] * B[k * n + j];" in inter.diff
    assert isinstance(simd, Generated) and "+      #pragma omp simd reduction(+:sum)" in simd.diff
    assert isinstance(par, Generated)
    assert "+  #pragma omp parallel for schedule(static)\n   for (long i = 0;" in par.diff
    assert isinstance(blas, Generated) and blas.libs == ("-lopenblas",)
    assert "+#include <cblas.h>" in blas.diff and "cblas_dgemm(CblasRowMajor" in blas.diff
    assert isinstance(tile, Generated) and "kk += 32" in tile.diff


def test_the_nest_around_the_hot_line() -> None:
    assert loop_nest(MATMUL, "matmul.c", HOT) == [("i", HOT - 4), ("j", HOT - 3), ("k", HOT - 1)]
    assert loop_nest(MATMUL, "matmul.c", 1) == []
    assert loop_nest(MATMUL, "matmul.txt", HOT) == []
