#!/bin/sh
# Fortran OpenMP a = b + s*c + d on 2 threads (20 M elements): the program's bandwidth at 1 and 2 threads, OMP_DISPLAY_ENV, likwid-bench triad on both cores.
. "$(dirname "$0")/../_lib.sh"
gfortran -O3 -march=native -fopenmp "$SRC/triad4.f90" -o "$B/t4"
OMP_NUM_THREADS=1 "$B/t4" > "$OUT/triad4-1thread.txt"
OMP_NUM_THREADS=2 OMP_PROC_BIND=close OMP_DISPLAY_ENV=true "$B/t4" > "$OUT/triad4-2threads.txt" 2>&1
bench3 triad > "$OUT/likwid-bench-triad.txt" 2>&1
snap
