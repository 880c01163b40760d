#!/bin/sh
# Triangular loop under schedule(static): per-thread busy times, OMP_DISPLAY_AFFINITY, perf stat.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -fopenmp "$SRC/triangle.c" -o "$B/tr"
OMP_NUM_THREADS=2 OMP_PROC_BIND=close OMP_PLACES=cores OMP_DISPLAY_AFFINITY=true "$B/tr" > "$OUT/triangle-output.txt" 2>&1
OMP_NUM_THREADS=2 OMP_PROC_BIND=close OMP_PLACES=cores perf stat -e "$SW" -o "$OUT/perf-stat.txt" "$B/tr" > /dev/null
snap
