"""Built-in source transformations of the bundled kernels, as unified diffs.

Keyed by (kernel, proposal id): ``("matmul", "loop_interchange")``. A combination of proposals
has its own key (ids joined by ``+`` in sorted order) when one transformation cannot be applied
on top of the other. The transformed sources live in ``kernels/variants/`` as complete files;
the diff is computed against the kernel's source so it applies with :mod:`patching`.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass

from perfscout.experiment.kernels import kernel, kernel_source


@dataclass(frozen=True)
class Transform:
    kernel: str
    proposal_id: str
    file: str  # transformed source under kernels/variants/
    libs: tuple[str, ...] = ()
    note: str = ""


TRANSFORMS: dict[tuple[str, str], Transform] = {
    (t.kernel, t.proposal_id): t
    for t in (
        Transform("matmul", "loop_interchange", "variants/matmul_loop_interchange.c",
                  note="i-k-j order: unit stride over B and C in the inner loop"),
        Transform("matmul", "loop_tiling", "variants/matmul_loop_tiling.c",
                  note="64x64 tiles over k and j with an i-k-j inner order"),
        Transform("matmul", "parallelize_omp", "variants/matmul_parallelize_omp.c",
                  note="omp parallel for over rows of C"),
        Transform("matmul", "omp_simd", "variants/matmul_omp_simd.c",
                  note="omp simd reduction on the inner dot product"),
        Transform("matmul", "use_blas", "variants/matmul_use_blas.c", libs=("-lopenblas",),
                  note="cblas_dgemm (OpenBLAS)"),
        Transform("matmul", "loop_interchange+parallelize_omp",
                  "variants/matmul_loop_interchange__parallelize_omp.c",
                  note="i-k-j order, rows in parallel"),
        Transform("matmul", "loop_tiling+parallelize_omp",
                  "variants/matmul_loop_tiling__parallelize_omp.c",
                  note="tiled, rows in parallel"),
    )
}


def key(proposal_ids: list[str] | tuple[str, ...]) -> str:
    return "+".join(sorted(proposal_ids))


def find(kernel_name: str, proposal_ids: list[str] | tuple[str, ...]) -> Transform | None:
    """The transformation for this kernel and (combination of) proposal ids, if bundled."""
    return TRANSFORMS.get((kernel_name, key(proposal_ids)))


def diff_for(t: Transform) -> str:
    """Unified diff from the kernel's source to the transformed source."""
    src = kernel(t.kernel).source
    old = kernel_source(src).splitlines(keepends=True)
    new = kernel_source(t.file).splitlines(keepends=True)
    return "".join(difflib.unified_diff(old, new, f"a/{src}", f"b/{src}"))
