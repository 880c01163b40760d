#!/bin/sh
# OMP_NUM_THREADS=2 but no parallel region: printout, perf stat, OMP_DISPLAY_ENV.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -fopenmp "$SRC/serialwork.c" -o "$B/sw"
OMP_NUM_THREADS=2 OMP_DISPLAY_ENV=verbose "$B/sw" > "$OUT/serial-output.txt" 2>&1
OMP_NUM_THREADS=2 perf stat -e "$SW" -o "$OUT/perf-stat.txt" "$B/sw" > /dev/null
snap
