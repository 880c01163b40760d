#!/bin/sh
# Fortran OpenMP chemistry sub-cycling whose expensive cells are the first 30% of the index range,
# schedule(static), 2 threads: OMP_DISPLAY_ENV=true output followed by the program's per-thread
# table (cells, sub-steps, busy time).
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g -fopenmp "$SRC/shockq.f90" -o "$B/shockq"
show env OMP_NUM_THREADS=2 OMP_DISPLAY_ENV=true ./shockq 60000 4 > "$OUT/run.txt"
snap
