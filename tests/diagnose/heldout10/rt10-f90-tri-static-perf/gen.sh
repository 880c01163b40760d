#!/bin/sh
# Fortran OpenMP pair sums over the lower triangle, schedule(static), 2 threads: perf report by
# thread (--sort pid,comm), perf annotate of the outlined loop and the program's per-thread printout.
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g -fopenmp -J "$B" "$SRC/omptri.f90" -o "$B/omptri"
export OMP_NUM_THREADS=2
rec p.data -- ./omptri 25000
perf report -i "$B/p.data" --stdio --no-children --sort pid,comm 2> /dev/null | head -30 > "$OUT/perf-report-pid.txt"
perf annotate -i "$B/p.data" --stdio -l MAIN__._omp_fn.0 2> /dev/null | head -120 > "$OUT/perf-annotate-omp_fn.txt"
show ./omptri 25000 > "$OUT/run.txt"
snap
