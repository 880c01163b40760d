#!/bin/sh
# Coriolis rotation with the OpenMP directive on the innermost i loop (64 points per region): the
# program's line at 1 and 2 threads and perf report by dso and symbol of the 2-thread run.
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g -fopenmp "$SRC/coriolis.f90" -o "$B/coriolis"
{ OMP_NUM_THREADS=1 show ./coriolis 64 64 20 40; OMP_NUM_THREADS=2 show ./coriolis 64 64 20 40; } > "$OUT/threads.txt"
OMP_NUM_THREADS=2 rec p.data -- ./coriolis 64 64 20 40
prep --sort dso,sym --percent-limit 1 | clean > "$OUT/perf-report.txt"
snap
