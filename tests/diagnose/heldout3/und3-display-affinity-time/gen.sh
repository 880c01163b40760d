#!/bin/sh
# Only the logistic-map printout (per-thread busy times, wall time) with OMP_DISPLAY_AFFINITY, threads spread over both CPUs; and the executable the user dropped in the folder.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -fopenmp "$SRC/logistic_omp.c" -o "$B/lg"
OMP_NUM_THREADS=2 OMP_PROC_BIND=spread OMP_DISPLAY_AFFINITY=true "$B/lg" > "$OUT/logistic-output.txt" 2>&1
cp "$B/lg" "$OUT/logistic"
snap
