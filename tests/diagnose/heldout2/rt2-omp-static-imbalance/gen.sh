#!/bin/sh
# Mandelbrot rows with schedule(static): per-thread busy printout with OMP_DISPLAY_AFFINITY
# interleaved, and perf stat.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -fopenmp "$SRC/mandel.c" -o "$B/md"
OMP_NUM_THREADS=2 OMP_PROC_BIND=close OMP_PLACES=cores OMP_DISPLAY_AFFINITY=true "$B/md" 800 > "$OUT/mandel-output.txt" 2>&1
OMP_NUM_THREADS=2 OMP_PROC_BIND=close OMP_PLACES=cores perf stat -e "$SW" -o "$OUT/perf-stat.txt" "$B/md" 800 > /dev/null
snap
