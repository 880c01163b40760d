"""-ffast-math where a floating-point reduction keeps the hot loop scalar: found from the
compiler's own remarks (Clang says so) or from the parsed hot loop with GCC's "not vectorized"
remark on it; never offered without that; and refused at approval unless the program's
check has a tolerance."""

from __future__ import annotations

import subprocess
from pathlib import Path

from tests.advise.conftest import finding
from tests.conftest import require_tool

from perfscout.advise.catalog.loopopt import fast_math
from perfscout.advise.facts import Facts
from perfscout.experiment.convert import to_variants
from perfscout.ingest.adapters.compiler_remarks import CompilerRemarksAdapter
from perfscout.model.metrics import Hotspot, Profile, SourceRef
from perfscout.model.proposals import Change, Proposal
from perfscout.model.snapshot import Compiler, CpuInfo, PlatformSnapshot
from perfscout.transform.fpreduce import fp_reductions

DOT = """double dot(const double *a, const double *b, int n)
{
  double t = 0.0;
  for (int i = 0; i < n; i++)
    t += a[i] * b[i];
  return t;
}
"""
INT_SUM = DOT.replace("double t", "long t").replace("double dot", "long dot")
ARRAY_ACC = """void acc(double *y, const double *a, int n)
{
  for (int i = 0; i < n; i++)
    y[i] += a[i];
}
"""
FORTRAN = """subroutine s(a, n, t)
  integer :: n, i
  real(8) :: a(n), t
  t = 0
  do i = 1, n
    t = t + a(i) * a(i)
  end do
end subroutine
"""


def test_floating_point_reductions_in_the_hot_loop() -> None:
    assert fp_reductions(DOT, "dot.c", 5) == ["t"]
    assert fp_reductions(FORTRAN, "s.f90", 6) == ["t"]
    assert fp_reductions(INT_SUM, "dot.c", 5) == []  # integers reassociate exactly
    assert fp_reductions(ARRAY_ACC, "acc.c", 4) == []  # an element per iteration: no sum
    assert fp_reductions(DOT, "dot.c", 3) == []  # not in a loop


CORR = """subroutine corr_of(data, corr, m, n)
  integer :: m, n, i, j, k
  real(8) :: data(n, m), corr(m, m)
  do i = 1, m - 1
    do j = i + 1, m
      corr(i, j) = 0.0d0
      do k = 1, n
        corr(i, j) = corr(i, j) + data(k, i) * data(k, j)
      end do
    end do
  end do
end subroutine
"""
MATMUL = """void mm(int n, double *c, double a[n][n], double b[n][n])
{
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < n; k++)
        c[i * n + j] += a[i][k] * b[k][j];
}
"""


def test_a_sum_into_one_array_element_is_a_reduction() -> None:
    # the element's subscripts do not change in the loop over k: one cell summed in order
    assert fp_reductions(CORR, "corr.f90", 8) == ["corr(i, j)"]
    assert fp_reductions(MATMUL, "mm.c", 6) == ["c[i * n + j]"]
    # summed over k, stored per k: no reduction (each iteration its own element)
    assert fp_reductions(MATMUL.replace("c[i * n + j] +=", "c[k] +="), "mm.c", 6) == []
    assert fp_reductions(MATMUL.replace("double *c", "long *c"), "mm.c", 6) == []


def _snap(vendor: str, name: str) -> PlatformSnapshot:
    return PlatformSnapshot(compilers=(Compiler(name, vendor, "16.0.6" if vendor == "llvm"
                                                else "12.2.0"),))


def _remarks(tmp: Path, argv: list[str], src: str, name: str) -> Profile:
    f = tmp / name
    f.write_text(src)
    out = subprocess.run([*argv, "-c", str(f), "-o", "/dev/null"], capture_output=True,
                         text=True, check=True, cwd=tmp)
    (tmp / "remarks.txt").write_text(out.stderr)
    return CompilerRemarksAdapter().parse(tmp / "remarks.txt")


def test_clang_remark_on_reordering_offers_fast_math(tmp_path: Path) -> None:
    clang = require_tool("clang-16")
    prof = _remarks(tmp_path, [clang, "-O2", "-Rpass-missed=loop-vectorize",
                               "-Rpass-analysis=loop-vectorize"], DOT, "dot.c")
    f = finding("hw.vectorization", scope="dot.c:5")
    p = fast_math(Facts.build([f], _snap("llvm", "clang-16"), [prof]), f)
    # no architecture in the snapshot: the vectoriser and reassociation, no arch flag
    assert p is not None and p.change is not None and p.change.flags == ("-O3", "-ffast-math")
    assert any("reorder floating-point" in e for e in p.evidence), p.evidence
    # the integer sum: clang vectorises it, no remark about floating point, nothing offered
    prof = _remarks(tmp_path, [clang, "-O2", "-Rpass-missed=loop-vectorize",
                               "-Rpass-analysis=loop-vectorize"], INT_SUM, "dot.c")
    assert fast_math(Facts.build([f], _snap("llvm", "clang-16"), [prof]), f) is None


def test_gcc_missed_remark_on_a_parsed_fp_sum_offers_fast_math(tmp_path: Path) -> None:
    gcc = require_tool("gcc")
    rem = _remarks(tmp_path, [gcc, "-O2", "-fopt-info-vec-all"], DOT, "dot.c")
    assert not any(r.vectorized for r in rem.remarks)
    hot = Profile("perf-annotate", "annotate.txt", hotspots=(Hotspot(
        "dot.c:5", self_share=0.9, kind="line",
        location=SourceRef(str(tmp_path / "dot.c"), 5)),))
    f = finding("hw.vectorization")
    p = fast_math(Facts.build([f], _snap("gnu", "gcc"), [rem, hot]), f)
    assert p is not None and any("sums into t" in e for e in p.evidence), p
    # the same remark over an array update (no reduction): not offered
    (tmp_path / "dot.c").write_text(ARRAY_ACC)
    hot = Profile("perf-annotate", "annotate.txt", hotspots=(Hotspot(
        "dot.c:4", self_share=0.9, kind="line",
        location=SourceRef(str(tmp_path / "dot.c"), 4)),))
    assert fast_math(Facts.build([f], _snap("gnu", "gcc"), [rem, hot]), f) is None


KDE = """#include <cmath>
#include <vector>
struct Sample { double x, weight; };
double kde(const std::vector<Sample>& samples, double xg, double inv2h2)
{
  double acc = 0.0;
  for (const Sample& s : samples) {
    const double d = xg - s.x;
    acc += s.weight * std::exp(-d * d * inv2h2);
  }
  return acc;
}
"""


def test_a_math_call_in_an_unvectorised_hot_loop_offers_the_vector_stack(tmp_path: Path
                                                                         ) -> None:
    """GCC leaves a loop calling std::exp scalar at -O2 (its vector exp needs -ffast-math):
    the remark on that loop and the parsed call offer -O3, this CPU's arch flag and
    -ffast-math together; a loop without such a call is not offered it."""
    gxx = require_tool("g++")
    rem = _remarks(tmp_path, [gxx, "-O2", "-fopt-info-vec-all"], KDE, "kde.cpp")
    hot = Profile("perf-annotate", "annotate.txt", hotspots=(Hotspot(
        "kde.cpp:9", self_share=0.9, kind="line",
        location=SourceRef(str(tmp_path / "kde.cpp"), 9)),))
    f = finding("hw.vectorization")
    snap = PlatformSnapshot(cpu=CpuInfo(arch="x86_64"),
                            compilers=(Compiler("gcc", "gnu", "12.2.0"),))
    assert fp_reductions(KDE, "kde.cpp", 9) == []  # a range-based for: no counted loop
    p = fast_math(Facts.build([f], snap, [rem, hot]), f)
    assert p is not None and p.change is not None, [r.message for r in rem.remarks]
    assert p.change.flags == ("-O3", "-march=native", "-ffast-math")
    assert any("calls std::exp" in e for e in p.evidence), p.evidence
    (tmp_path / "kde.cpp").write_text(KDE.replace("std::exp(-d * d * inv2h2)", "(d * d)"))
    assert fast_math(Facts.build([f], snap, [rem, hot]), f) is None


def test_fast_math_needs_a_tolerance_check() -> None:
    p = Proposal("fast_math", kind="flags", change=Change(flags=("-ffast-math",)))
    for kind in ("stdout", "checksum", "none"):
        ok, bad = to_variants([p], "", kind)
        assert not ok and "tolerance check" in bad[0].reason and kind in bad[0].reason
    for kind in ("tolerance", "file"):
        ok, bad = to_variants([p], "", kind)
        assert [v.extra_flags for v in ok] == [("-ffast-math",)] and not bad
    plain = Proposal("compiler_opt_level", kind="flags", change=Change(flags=("-O3",)))
    assert to_variants([plain], "", "stdout")[0]
