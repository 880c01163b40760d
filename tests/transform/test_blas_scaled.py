"""use_blas on the GEMM/GEMV shapes users write (C = alpha*A*B + beta*C, scaling fused in the
outer loop or in a nest before it, any loop order, arrays declared through macros of a local
header, sizes from -D): the generated call is built with gcc and OpenBLAS and gives the original
output; what BLAS cannot express (a scaling by an array, an in-place product, an element type
that no preprocessing settles) is refused naming it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from perfscout.experiment.patching import apply_unified_diff
from perfscout.model.proposals import Proposal, Verification
from perfscout.pipeline.source_changes import attach_diffs
from perfscout.transform import Generated, Refusal, generate
from transform._cc import build_run, line_of, write

HEADER = """#ifndef PB_H
#define PB_H
#include <stdio.h>
#include <stdlib.h>
#define DATA_TYPE {elem}
#define ARR2(v, D1, D2) v[D1][D2]
#define ALLOC2(v, T, D1, D2) T (*v)[D1][D2] = malloc(sizeof(T) * (D1) * (D2))
#define LOOP_BOUND(x, y) y
#define _NI LOOP_BOUND(NI, ni)
#define _NJ LOOP_BOUND(NJ, nj)
#define _NK LOOP_BOUND(NK, nk)
#endif
"""

MAIN = """
int main(void) {
  int ni = NI, nj = NJ, nk = NK;
  ALLOC2(C, DATA_TYPE, NI, NJ);
  ALLOC2(A, DATA_TYPE, NI, NK);
  ALLOC2(B, DATA_TYPE, NK, NJ);
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++) (*C)[i][j] = (DATA_TYPE)((i * j + 1) % 7) - 3;
  for (int i = 0; i < ni; i++)
    for (int k = 0; k < nk; k++) (*A)[i][k] = (DATA_TYPE)((i + 2 * k) % 5) - 2;
  for (int k = 0; k < nk; k++)
    for (int j = 0; j < nj; j++) (*B)[k][j] = (DATA_TYPE)((3 * k + j) % 9) - 4;
  kernel(ni, nj, nk, 1.5, 0.5, *C, *A, *B);
  double s = 0.0;
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++) s += (double)(*C)[i][j] * (1 + (i + j) % 13);
  printf("checksum=%.17g\\n", s);
  return 0;
}
"""

SIGNATURE = """#include "pb.h"

static void kernel(int ni, int nj, int nk, DATA_TYPE alpha, DATA_TYPE beta,
                   DATA_TYPE ARR2(C, NI, NJ), DATA_TYPE ARR2(A, NI, NK),
                   DATA_TYPE ARR2(B, NK, NJ))
{
  int i, j, k;
"""

FUSED_IKJ = SIGNATURE + """  for (i = 0; i < _NI; i++) {
    for (j = 0; j < _NJ; j++)
      C[i][j] *= beta;
    for (k = 0; k < _NK; k++) {
      for (j = 0; j < _NJ; j++)
        C[i][j] += alpha * A[i][k] * B[k][j]; /* HOT */
    }
  }
}
""" + MAIN

FUSED_IJK = SIGNATURE + """  for (i = 0; i < _NI; i++)
    for (j = 0; j < _NJ; j++) {
      C[i][j] = beta * C[i][j];
      for (k = 0; k < _NK; k++)
        C[i][j] += alpha * (A[i][k] * B[k][j]); /* HOT */
    }
}
""" + MAIN

BEFORE_JKI = SIGNATURE + """  for (i = 0; i < _NI; i++)
    for (j = 0; j < _NJ; j++)
      C[i][j] = C[i][j] * beta;
  /* the product, column by column */
  for (j = 0; j < _NJ; j++)
    for (k = 0; k < _NK; k++)
      for (i = 0; i < _NI; i++)
        C[i][j] += A[i][k] * B[k][j] * alpha; /* HOT */
}
""" + MAIN

NO_SCALING_AT = (SIGNATURE + """  for (i = 0; i < _NI; i++)
    for (j = 0; j < _NJ; j++)
      for (k = 0; k < _NK; k++)
        C[i][j] += 2 * alpha * A[k][i] * B[k][j]; /* HOT */
}
""" + MAIN).replace("ALLOC2(A, DATA_TYPE, NI, NK)", "ALLOC2(A, DATA_TYPE, NK, NI)").replace(
    "(*A)[i][k] =", "(*A)[k][i] =").replace(
    "DATA_TYPE ARR2(A, NI, NK)", "DATA_TYPE ARR2(A, NK, NI)")

FUSED_ZERO = SIGNATURE + """  for (i = 0; i < _NI; i++)
    for (j = 0; j < _NJ; j++) {
      C[i][j] = 0.0;
      for (k = 0; k < _NK; k++)
        C[i][j] += A[i][k] * B[k][j]; /* HOT */
    }
}
""" + MAIN

ZEROING_NEST = SIGNATURE + """  for (i = 0; i < _NI; i++)
    for (j = 0; j < _NJ; j++)
      C[i][j] = 0.0;
  for (i = 0; i < _NI; i++)
    for (k = 0; k < _NK; k++)
      for (j = 0; j < _NJ; j++)
        C[i][j] += A[i][k] * B[k][j]; /* HOT */
}
""" + MAIN

SIZES = ["-DNI=70", "-DNJ=75", "-DNK=80"]


def _checksum(out: str) -> float:
    m = re.search(r"checksum=\s*(\S+)", out)
    assert m is not None, out
    return float(m.group(1))


def _project(tmp: Path, src: str, elem: str = "double") -> Path:
    write(tmp, "pb.h", HEADER.replace("{elem}", elem))
    return write(tmp, "prog.c", src)


@pytest.mark.parametrize(("src", "elem", "expect"), [
    (FUSED_IKJ, "double", ["cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, (int)(_NI)",
                           "alpha, &A[0][0], (int)(NK), &B[0][0], (int)(NJ), beta, &C[0][0]"]),
    (FUSED_IKJ, "float", ["cblas_sgemm(", ", beta, &C[0][0], (int)(NJ));"]),
    (FUSED_IJK, "double", ["cblas_dgemm(", "alpha, &A[0][0]", "beta, &C[0][0]"]),
    (BEFORE_JKI, "double", ["cblas_dgemm(", "alpha, &A[0][0]", "beta, &C[0][0]",
                            "-  for (i = 0; i < _NI; i++)\n-    for (j = 0; j < _NJ; j++)\n-"
                            "      C[i][j] = C[i][j] * beta;"]),
    (NO_SCALING_AT, "double", ["CblasTrans, CblasNoTrans", "2 * alpha, &A[0][0], (int)(NI)",
                               "1.0, &C[0][0]"]),
    (FUSED_ZERO, "double", ["1.0, &A[0][0]", "0.0, &C[0][0]", "-      C[i][j] = 0.0;"]),
    (ZEROING_NEST, "double", ["1.0, &A[0][0]", "0.0, &C[0][0]", "-      C[i][j] = 0.0;"]),
], ids=["fused-ikj", "fused-ikj-float", "fused-ijk", "nest-before-jki", "transposed-no-beta",
        "fused-zero", "zeroing-nest-before"])
def test_scaled_gemm_through_macros_keeps_the_output(src: str, elem: str, expect: list[str],
                                                     tmp_path: Path) -> None:
    prog = _project(tmp_path, src, elem)
    g = generate("use_blas", src, "prog.c", line_of(src, "HOT"), root=tmp_path)
    assert isinstance(g, Generated), g
    for e in expect:
        assert e in g.diff, g.diff
    assert "C[i][j] +=" not in g.new_text and g.libs == ("-lopenblas",)
    before = _checksum(build_run(prog, SIZES))
    after = _checksum(build_run(write(tmp_path, "new.c", g.new_text), SIZES, g.libs))
    assert after == pytest.approx(before, rel=1e-5 if elem == "float" else 1e-12)
    assert before != 0.0


def test_the_hot_line_of_the_scaling_loop_gives_the_same_call(tmp_path: Path) -> None:
    _project(tmp_path, FUSED_IKJ)
    at_scaling = generate("use_blas", FUSED_IKJ, "prog.c", line_of(FUSED_IKJ, "*= beta"),
                          root=tmp_path)
    at_product = generate("use_blas", FUSED_IKJ, "prog.c", line_of(FUSED_IKJ, "HOT"),
                          root=tmp_path)
    assert isinstance(at_scaling, Generated) and isinstance(at_product, Generated)
    assert at_scaling.diff == at_product.diff


def test_without_the_header_the_type_is_not_guessed() -> None:
    """The macros live in pb.h: without the project to read it from, the declaration of C
    cannot be seen, and the refusal says so."""
    r = generate("use_blas", FUSED_IKJ, "prog.c", line_of(FUSED_IKJ, "HOT"))
    assert isinstance(r, Refusal) and "C is not a declared 2-D array" in r.reason, r


CONDITIONAL_HEADER = """#ifndef PB_H
#define PB_H
#include <stdio.h>
#include <stdlib.h>
#if !defined(ELEM_IS_FLOAT) && !defined(ELEM_IS_DOUBLE)
#define ELEM_IS_DOUBLE
#endif
#ifdef ELEM_IS_FLOAT
#define DATA_TYPE float
#endif
#ifdef ELEM_IS_DOUBLE
#define DATA_TYPE double
#endif
#ifdef PROTO_VLA
#define PICK(c, v) v
#else
#define PICK(c, v) c
#endif
#define ARR2(v, D1, D2) v[PICK(D1, D1)][PICK(D2, D2)]
#define ALLOC2(v, T, D1, D2) T (*v)[D1][D2] = malloc(sizeof(T) * (D1) * (D2))
#define LOOP_BOUND(x, y) y
#define _NI LOOP_BOUND(NI, ni)
#define _NJ LOOP_BOUND(NJ, nj)
#define _NK LOOP_BOUND(NK, nk)
#endif
"""


def test_conditional_macros_are_settled_by_the_preprocessor(tmp_path: Path) -> None:
    """A suite header that picks the element type and the prototype macro under #ifdef (each
    name #defined in several variants): with the project at hand, the preprocessor evaluates
    the conditionals and the default variant (double, constant extents) is used; the call
    built with OpenBLAS gives the original output."""
    write(tmp_path, "pb.h", CONDITIONAL_HEADER)
    prog = write(tmp_path, "prog.c", FUSED_IKJ)
    g = generate("use_blas", FUSED_IKJ, "prog.c", line_of(FUSED_IKJ, "HOT"), root=tmp_path)
    assert isinstance(g, Generated), g
    assert "cblas_dgemm(" in g.diff and "beta, &C[0][0], (int)(NJ));" in g.diff, g.diff
    before = _checksum(build_run(prog, SIZES))
    after = _checksum(build_run(write(tmp_path, "new.c", g.new_text), SIZES, g.libs))
    assert after == pytest.approx(before, rel=1e-12) and before != 0.0


def test_an_element_type_the_preprocessor_cannot_settle_is_refused(tmp_path: Path) -> None:
    """Defined in two variants and #undef'd at the end of the header: no definition survives
    preprocessing, so the type is not guessed."""
    write(tmp_path, "pb.h", HEADER.replace(
        "#define DATA_TYPE {elem}",
        "#ifdef USE_FLOAT\n#define DATA_TYPE float\n#else\n#define DATA_TYPE double\n#endif"
        "\n#undef DATA_TYPE"))
    write(tmp_path, "prog.c", FUSED_IKJ)
    r = generate("use_blas", FUSED_IKJ, "prog.c", line_of(FUSED_IKJ, "HOT"), root=tmp_path)
    assert isinstance(r, Refusal), r
    assert "DATA_TYPE is #defined more than once" in r.reason, r.reason


ARRAY_SCALED = FUSED_IKJ.replace("C[i][j] *= beta;", "C[i][j] *= B[i][j];")
LOOP_SCALED = FUSED_IKJ.replace("C[i][j] *= beta;", "C[i][j] *= beta * j;")
OTHER_SCALED = FUSED_IKJ.replace("C[i][j] *= beta;", "C[i][j + 0] = C[i][j + 0] + beta;")
IN_PLACE = FUSED_IKJ.replace("alpha * A[i][k] * B[k][j]", "alpha * C[i][k] * B[k][j]")
SHORT_SCALING = FUSED_IKJ.replace("    for (j = 0; j < _NJ; j++)\n      C[i][j] *= beta;",
                                  "    for (j = 1; j < _NJ; j++)\n      C[i][j] *= beta;")


def test_a_product_that_reads_its_own_result_is_refused_naming_it(tmp_path: Path) -> None:
    """C both the result and a factor: no BLAS call can express it, and the split is refused
    on the dependence."""
    write(tmp_path, "pb.h", HEADER.replace("{elem}", "double"))
    r = generate("use_blas", IN_PLACE, "prog.c", line_of(IN_PLACE, "HOT"), root=tmp_path)
    assert isinstance(r, Refusal), getattr(r, "diff", r)
    for e in ["C is both the result and a factor (C[i][k])", "dependence on C"]:
        assert e in r.reason, r.reason


@pytest.mark.parametrize(("src", "kept"), [
    (ARRAY_SCALED, "C[i][j] *= B[i][j];"),
    (LOOP_SCALED, "C[i][j] *= beta * j;"),
    (OTHER_SCALED, "C[i][j + 0] = C[i][j + 0] + beta;"),
    (SHORT_SCALING, "for (j = 1; j < _NJ; j++)"),
], ids=["array-scaling", "loop-variable-scaling", "not-a-scaling", "short-scaling"])
def test_a_row_update_no_beta_expresses_is_split_off_and_kept(src: str, kept: str,
                                                              tmp_path: Path) -> None:
    """An update of row i ahead of its product that no BLAS beta can express (scaled by an
    array or the column, a sum, part of the row) touches only row i, as the product does: the
    i loop is distributed, the update runs first as a loop of its own, and the call adds the
    product to what it left; same output."""
    prog = _project(tmp_path, src)
    g = generate("use_blas", src, "prog.c", line_of(src, "HOT"), root=tmp_path)
    assert isinstance(g, Generated), g
    assert "split into 2 loops" in g.note and kept in g.new_text, g.note
    assert "1.0, &C[0][0]" in g.diff, g.diff
    before = _checksum(build_run(prog, SIZES))
    after = _checksum(build_run(write(tmp_path, "new.c", g.new_text), SIZES, g.libs))
    assert after == pytest.approx(before, rel=1e-12) and before != 0.0


@pytest.mark.parametrize("write_before", ["C[i][j] = C[i][j] + 1.0;", "C[i][j] *= B[i][j];"],
                         ids=["sum", "array-scaling"])
def test_a_nest_before_that_is_no_scalar_scaling_stays_and_the_call_accumulates(
        write_before: str, tmp_path: Path) -> None:
    """A separate nest before the product that is not a scalar scaling runs first, unchanged,
    and the call adds the product to what it left (beta 1)."""
    src = ZEROING_NEST.replace("C[i][j] = 0.0;", write_before)
    prog = _project(tmp_path, src)
    g = generate("use_blas", src, "prog.c", line_of(src, "HOT"), root=tmp_path)
    assert isinstance(g, Generated), g
    assert "1.0, &C[0][0]" in g.diff and write_before in g.new_text
    before = _checksum(build_run(prog, SIZES))
    after = _checksum(build_run(write(tmp_path, "new.c", g.new_text), SIZES, g.libs))
    assert after == pytest.approx(before, rel=1e-12)


GEMV_SCALED = """#include <stdio.h>
#define N 300
static double A[N][N], x[N], y[N];

static void kernel(double alpha, double beta) {
  for (int i = 0; i < N; i++) {
    y[i] = y[i] * beta;
    for (int j = 0; j < N; j++)
      y[i] = y[i] + alpha * A[j][i] * x[j]; /* HOT */
  }
}

int main(void) {
  for (int i = 0; i < N; i++) {
    x[i] = i % 9 - 4.0; y[i] = i % 4;
    for (int j = 0; j < N; j++) A[i][j] = (i * 3 + j) % 7 - 3.0;
  }
  kernel(1.5, -0.5);
  double s = 0.0;
  for (int i = 0; i < N; i++) s += y[i] * (1 + i % 11);
  printf("checksum=%.17g\\n", s);
  return 0;
}
"""


def test_scaled_transposed_gemv_keeps_the_output(tmp_path: Path) -> None:
    g = generate("use_blas", GEMV_SCALED, "gv.c", line_of(GEMV_SCALED, "HOT"))
    assert isinstance(g, Generated), g
    assert "cblas_dgemv(CblasRowMajor, CblasTrans, (int)(N), (int)(N)" in g.diff, g.diff
    assert "alpha, &A[0][0], (int)(N), x, 1, beta, y, 1);" in g.diff, g.diff
    before = _checksum(build_run(write(tmp_path, "gv.c", GEMV_SCALED)))
    after = _checksum(build_run(write(tmp_path, "gv2.c", g.new_text), (), g.libs))
    assert after == pytest.approx(before, rel=1e-12) and before != 0.0


def test_a_gemv_scaled_by_a_vector_keeps_the_scaling_as_a_loop(tmp_path: Path) -> None:
    """y[i] *= x[i] is no beta, but it touches only element i, as the product does: the
    scaling runs first as a loop of its own, the call adds onto it (beta 1); same output."""
    src = GEMV_SCALED.replace("y[i] = y[i] * beta;", "y[i] = y[i] * x[i];")
    g = generate("use_blas", src, "gv.c", line_of(src, "HOT"))
    assert isinstance(g, Generated), g
    assert "y[i] = y[i] * x[i];" in g.new_text and "x, 1, 1.0, y, 1);" in g.new_text, g.diff
    before = _checksum(build_run(write(tmp_path, "gv.c", src)))
    after = _checksum(build_run(write(tmp_path, "gv2.c", g.new_text), (), g.libs))
    assert after == pytest.approx(before, rel=1e-12) and before != 0.0


GEMV_F_SCALED = """program gvs
  implicit none
  integer, parameter :: m = 70, n = 50
  real(8) :: a(m, n), x(n), y(m), alpha, beta
  integer :: i, j
  do j = 1, n
    do i = 1, m
      a(i, j) = dble(mod(i + j, 6)) - 2.0d0
    end do
    x(j) = dble(mod(j, 4))
  end do
  y = 1.0d0
  alpha = 1.5d0
  beta = -0.5d0
  do i = 1, m
    y(i) = beta * y(i)
    do j = 1, n
      y(i) = y(i) + alpha * a(i, j) * x(j) ! HOT
    end do
  end do
  print '(a, es25.17)', 'checksum=', sum(y * [(dble(i), i = 1, m)])
end program gvs
"""


def test_fortran_scaled_gemv_keeps_the_output(tmp_path: Path) -> None:
    g = generate("use_blas", GEMV_F_SCALED, "gvs.f90", line_of(GEMV_F_SCALED, "HOT"))
    assert isinstance(g, Generated), g
    assert "call dgemv('N', m, n, alpha, &" in g.diff and "beta, y, 1)" in g.diff, g.diff
    before = _checksum(build_run(write(tmp_path, "orig.f90", GEMV_F_SCALED)))
    after = _checksum(build_run(write(tmp_path, "new.f90", g.new_text), [], g.libs))
    assert after == pytest.approx(before, rel=1e-12) and before != 0.0


def test_attach_diffs_reads_the_projects_header_from_its_include_dir(tmp_path: Path) -> None:
    """The session's path: the proposal names kern/prog.c:line; the macros are in
    utilities/pb.h, included as <pb.h> (found through -Iutilities at build time): the generated
    diff is attached, applies, and the program built with -Iutilities gives the same output."""
    proj = tmp_path / "proj"
    (proj / "utilities").mkdir(parents=True)
    (proj / "kern").mkdir()
    write(proj / "utilities", "pb.h", HEADER.replace("{elem}", "double"))
    src = FUSED_IKJ.replace('#include "pb.h"', "#include <pb.h>")
    write(proj / "kern", "prog.c", src)
    p = Proposal(id="use_blas", kind="source", scope=f"kern/prog.c:{line_of(src, 'HOT')}",
                 addresses=("alg.complexity",),
                 verification=Verification((("./prog",),), "time.elapsed", "lower"))
    out, bad = attach_diffs([p], proj)
    assert not bad, bad
    ch = out[0].change
    assert ch is not None and "cblas_dgemm(" in ch.diff and "-lopenblas" in ch.flags, ch
    inc = ["-I", str(proj / "utilities"), *SIZES]
    before = _checksum(build_run(proj / "kern" / "prog.c", inc))
    new = write(tmp_path, "new.c", apply_unified_diff(src, ch.diff, "kern/prog.c"))
    assert _checksum(build_run(new, inc, ["-lopenblas"])) == pytest.approx(before, rel=1e-12)


def test_macros_expand_like_the_preprocessor_for_simple_bodies() -> None:
    from perfscout.transform.macros import Macros
    from perfscout.transform.source import Code
    code = Code("#define T double\n#define ARR(v, a, b) v[a][b]\n#define SELF SELF + 1\n"
                "#define OUTER(x) ARR(x, NI, NJ)\n#ifdef F\n#define E float\n#else\n"
                "#define E double\n#endif\n", "m.c")
    m = Macros.of(code)
    assert m.expand("T OUTER(C)", objects=False) == "T C [ NI ] [ NJ ]"
    assert m.expand("T OUTER(C)") == "double C [ NI ] [ NJ ]"
    assert m.expand("SELF") == "SELF + 1"  # not expanded inside its own expansion
    assert m.ambiguous == {"E"} and m.expand("E x") == "E x"


def test_a_build_define_that_selects_float_gives_sgemm(tmp_path: Path) -> None:
    """The build line (a Makefile's CPPFLAGS, or the spec's defines) says -DELEM_IS_FLOAT: the
    preprocessor sees it, DATA_TYPE is float, and the call is cblas_sgemm with float scalars;
    built the same way, the output is kept (to float precision). Without the define: dgemm."""
    from perfscout.experiment.spec import spec_from_dict
    from perfscout.pipeline.source_changes import build_headers

    write(tmp_path, "pb.h", CONDITIONAL_HEADER)
    prog = write(tmp_path, "prog.c", FUSED_IKJ)
    write(tmp_path, "Makefile", "CFLAGS = -O2\nCPPFLAGS = -I. -DELEM_IS_FLOAT -DNI=70\n"
          "prog: prog.c\n\t$(CC) $(CFLAGS) $(CPPFLAGS) -o prog prog.c\n")
    hot = line_of(FUSED_IKJ, "HOT")
    headers = build_headers(tmp_path)
    assert headers.defines == {"ELEM_IS_FLOAT": "", "NI": "70"} and headers.include == (".",)
    g = generate("use_blas", FUSED_IKJ, "prog.c", hot, root=tmp_path, headers=headers)
    assert isinstance(g, Generated), g
    assert "cblas_sgemm(" in g.diff and "cblas_dgemm" not in g.diff, g.diff
    flt = [*SIZES, "-DELEM_IS_FLOAT"]
    before = _checksum(build_run(prog, flt))
    after = _checksum(build_run(write(tmp_path, "new.c", g.new_text), flt, g.libs))
    assert after == pytest.approx(before, rel=1e-5) and before != 0.0
    # the spec's baseline defines win over the Makefile's; a double build gives dgemm
    (tmp_path / "Makefile").unlink()
    spec = spec_from_dict({"source": "prog.c", "baseline": {"defines": {"ELEM_IS_DOUBLE": ""}}},
                          "s.yaml", need_variants=False)
    g2 = generate("use_blas", FUSED_IKJ, "prog.c", hot, root=tmp_path,
                  headers=build_headers(tmp_path, spec))
    assert isinstance(g2, Generated) and "cblas_dgemm(" in g2.diff, g2


def test_build_headers_read_separated_flag_words(tmp_path: Path) -> None:
    from perfscout.pipeline.source_changes import build_headers

    write(tmp_path, "Makefile", "CPPFLAGS = -I utilities -D LARGE_DATASET -DX=2\n"
          "CFLAGS = -O2 -I$(HOME)/inc\n")
    h = build_headers(tmp_path)
    assert h.defines == {"LARGE_DATASET": "", "X": "2"} and h.include == ("utilities",)
