"""omp_reduction: atomic/critical updates inside a ``parallel for`` become a reduction clause
(an array section whose extent comes from the callers' allocations). Legal loops (a C
histogram through a pointer parameter, a C++ scalar sum and a critical max) are built with
-fopenmp, run on 2 threads and print the same values; non-associative updates, a counter read
outside its update, unknown or conflicting extents and atomic capture are refused, named."""

from __future__ import annotations

from pathlib import Path

from perfscout.transform import Generated, Refusal, generate
from transform._cc import build_run, line_of, write

BINS_H = """#ifndef BINS_H
#define BINS_H
#define NBINS 64
void bin_counts(const unsigned char *v, long n, int *counts);
#endif
"""

BINS_C = """#include "bins.h"

void bin_counts(const unsigned char *v, long n, int *counts)
{
#pragma omp parallel for schedule(static)
    for (long i = 0; i < n; i++) {
#pragma omp atomic
        counts[v[i] >> 2] += 1;   /* HOT */
    }
}
"""

MAIN_C = """#include <stdio.h>
#include <stdlib.h>
#include "bins.h"
#include "bins.c"

int main(void)
{
    long n = 3000000;
    unsigned char *v = malloc(n);
    int *counts = calloc(NBINS, sizeof *counts);
    unsigned s = 99;
    for (int round = 0; round < 3; round++) {
        for (long i = 0; i < n; i++) {
            s = s * 1664525u + 1013904223u;
            v[i] = (unsigned char)((s >> 24) * (s >> 25) >> 7);
        }
        bin_counts(v, n, counts);
    }
    long check = 0;
    for (int b = 0; b < NBINS; b++)
        check += (long)counts[b] * (b + 1);
    printf("%d %d %ld\\n", counts[0], counts[NBINS - 1], check);
    return 0;
}
"""


def _bins(tmp_path: Path, bins_c: str = BINS_C, main_c: str = MAIN_C) -> Path:
    write(tmp_path, "bins.h", BINS_H)
    write(tmp_path, "bins.c", bins_c)
    write(tmp_path, "Makefile", "all:\n\tcc -O2 -fopenmp main.c\n")
    return write(tmp_path, "main.c", main_c)


def test_atomic_histogram_through_a_pointer_becomes_an_array_reduction(tmp_path: Path) -> None:
    main = _bins(tmp_path)
    before = build_run(main, flags=["-fopenmp"])
    got = generate("omp_reduction", BINS_C, "bins.c", line_of(BINS_C, "HOT"), root=tmp_path)
    assert isinstance(got, Generated), got
    assert "#pragma omp parallel for schedule(static) reduction(+:counts[:NBINS])" \
        in got.new_text
    assert "omp atomic" not in got.new_text and "-fopenmp" in got.flags
    assert "identical results" in got.note
    (tmp_path / "bins.c").write_text(got.new_text)
    assert build_run(main, flags=["-fopenmp"]) == before


def test_callers_with_different_extents_are_refused(tmp_path: Path) -> None:
    two = MAIN_C.replace("    long check = 0;",
                         "    int *more = malloc(2 * NBINS * sizeof *more);\n"
                         "    bin_counts(v, 10, more);\n    long check = 0;")
    _bins(tmp_path, main_c=two)
    got = generate("omp_reduction", BINS_C, "bins.c", line_of(BINS_C, "HOT"), root=tmp_path)
    assert isinstance(got, Refusal)
    assert "different extents" in got.reason and "counts" in got.reason


def test_extent_that_is_a_run_time_value_is_refused(tmp_path: Path) -> None:
    runtime = MAIN_C.replace("calloc(NBINS, sizeof *counts)", "calloc(n / 1000, sizeof *counts)")
    _bins(tmp_path, main_c=runtime)
    got = generate("omp_reduction", BINS_C, "bins.c", line_of(BINS_C, "HOT"), root=tmp_path)
    assert isinstance(got, Refusal)
    assert "extent of counts (n / 1000) is not known inside bin_counts" in got.reason


def test_counter_read_outside_its_update_is_refused(tmp_path: Path) -> None:
    peek = BINS_C.replace("        counts[v[i] >> 2] += 1;   /* HOT */",
                          "        counts[v[i] >> 2] += 1;   /* HOT */\n"
                          "        if (counts[0] < 0) break;")
    _bins(tmp_path, bins_c=peek)
    got = generate("omp_reduction", peek, "bins.c", line_of(peek, "HOT"), root=tmp_path)
    assert isinstance(got, Refusal)
    assert "counts is also read or written outside the atomic update" in got.reason


STATS_CPP = """#include <cstdio>
#include <vector>

int main()
{
    std::vector<double> w(2000000);
    for (std::size_t i = 0; i < w.size(); i++) w[i] = (double)((i * 2654435761u) % 100003);
    long total = 0;
    double best = -1.0;
    long n = (long)w.size();
#pragma omp parallel for
    for (long i = 0; i < n; i++) {
#pragma omp atomic
        total += (long)w[i] % 17;   // HOT
#pragma omp critical
        {
            if (w[i] > best) best = w[i];
        }
    }
    std::printf("%ld %.1f\\n", total, best);
    return 0;
}
"""


def test_cpp_scalar_sum_and_critical_max_become_reductions(tmp_path: Path) -> None:
    src = write(tmp_path, "stats.cpp", STATS_CPP)
    before = build_run(src, flags=["-fopenmp"])
    got = generate("omp_reduction", STATS_CPP, "stats.cpp", line_of(STATS_CPP, "HOT"))
    assert isinstance(got, Generated), got
    assert "#pragma omp parallel for reduction(+:total) reduction(max:best)" in got.new_text
    assert "critical" not in got.new_text and "atomic" not in got.new_text
    src.write_text(got.new_text)
    assert build_run(src, flags=["-fopenmp"]) == before


def test_division_update_is_refused() -> None:
    div = STATS_CPP.replace("total += (long)w[i] % 17;", "total /= (long)w[i] % 17 + 1;")
    got = generate("omp_reduction", div, "stats.cpp", line_of(div, "HOT"))
    assert isinstance(got, Refusal)
    assert "/= is not an associative update" in got.reason


def test_atomic_capture_is_refused() -> None:
    cap = STATS_CPP.replace("#pragma omp atomic\n", "#pragma omp atomic capture\n")
    got = generate("omp_reduction", cap, "stats.cpp", line_of(cap, "HOT"))
    assert isinstance(got, Refusal)
    assert "its value is used" in got.reason


def test_loop_without_parallel_for_is_refused() -> None:
    serial = STATS_CPP.replace("#pragma omp parallel for\n", "")
    got = generate("omp_reduction", serial, "stats.cpp", line_of(serial, "HOT"))
    assert isinstance(got, Refusal)
    assert "under '#pragma omp parallel for'" in got.reason


TALLY_F90 = """module tally_mod
contains
  subroutine tally(v, n, h, nb, top)
    integer, intent(in) :: n, nb
    integer, intent(in) :: v(n)
    integer, intent(inout) :: h(nb)
    integer, intent(inout) :: top
    integer :: i
    !$omp parallel do
    do i = 1, n
      !$omp atomic
      h(v(i)) = h(v(i)) + 1
      !$omp atomic
      top = max(top, v(i) * 3)   ! HOT
    end do
    !$omp end parallel do
  end subroutine
end module

program main
  use tally_mod
  integer, parameter :: n = 3000000, nb = 97
  integer, allocatable :: v(:), h(:)
  integer :: i, top
  allocate(v(n), h(nb))
  h = 0
  top = 0
  do i = 1, n
    v(i) = 1 + mod(i * 7919, nb)
  end do
  call tally(v, n, h, nb, top)
  call tally(v, n, h, nb, top)
  print '(3i10)', h(1), h(nb), top
end program
"""


def test_fortran_atomic_updates_become_reductions(tmp_path: Path) -> None:
    src = write(tmp_path, "tally.f90", TALLY_F90)
    before = build_run(src, flags=["-fopenmp"])
    got = generate("omp_reduction", TALLY_F90, "tally.f90", line_of(TALLY_F90, "HOT"))
    assert isinstance(got, Generated), got
    assert "!$omp parallel do reduction(+:h) reduction(max:top)" in got.new_text
    assert "atomic" not in got.new_text
    src.write_text(got.new_text)
    assert build_run(src, flags=["-fopenmp"]) == before


def test_fortran_assumed_size_and_non_associative_updates_are_refused() -> None:
    star = TALLY_F90.replace("integer, intent(inout) :: h(nb)", "integer, intent(inout) :: h(*)")
    got = generate("omp_reduction", star, "tally.f90", line_of(star, "HOT"))
    assert isinstance(got, Refusal) and "assumed-size array (h(*))" in got.reason
    twice = TALLY_F90.replace("h(v(i)) = h(v(i)) + 1", "h(v(i)) = 2 * h(v(i)) + 1")
    got = generate("omp_reduction", twice, "tally.f90", line_of(twice, "HOT"))
    assert isinstance(got, Refusal) and "not an associative update of h(v(i))" in got.reason


def test_worksharing_for_inside_a_parallel_region_takes_the_clause(tmp_path: Path) -> None:
    region = STATS_CPP.replace("#pragma omp parallel for\n    for (long i = 0; i < n; i++) {",
                               "#pragma omp parallel\n    {\n#pragma omp for\n"
                               "    for (long i = 0; i < n; i++) {").replace(
        "    std::printf(", "    }\n    std::printf(")
    src = write(tmp_path, "region.cpp", region)
    before = build_run(src, flags=["-fopenmp"])
    got = generate("omp_reduction", region, "region.cpp", line_of(region, "HOT"))
    assert isinstance(got, Generated), got
    assert "#pragma omp for reduction(+:total) reduction(max:best)" in got.new_text
    src.write_text(got.new_text)
    assert build_run(src, flags=["-fopenmp"]) == before
