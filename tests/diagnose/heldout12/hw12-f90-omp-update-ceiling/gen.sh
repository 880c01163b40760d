#!/bin/sh
# Fortran OpenMP update u = u + dt*(f - g) over 3 x 64 MB: the program's bandwidth printout at 1 and
# 2 threads (twice each) and likwid-bench daxpy_avx at 1 and 2 threads right after.
. "$(dirname "$0")/../_lib.sh"
gfortran -O3 -march=native -fopenmp "$SRC/update3.f90" -o "$B/update3"
{
  for t in 1 2 1 2; do show env OMP_NUM_THREADS=$t ./update3 8000000 20; done
} > "$OUT/thread-sweep.txt"
{
  show likwid-bench -t daxpy_avx -w S0:256MB:1
  show likwid-bench -t daxpy_avx -w S0:256MB:2
} > "$OUT/likwid-bench-daxpy.txt"
snap
