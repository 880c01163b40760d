#!/bin/sh
# 16 OpenMP threads on 2 cores, many short parallel regions: OMP_DISPLAY_ENV output, perf stat.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -fopenmp "$SRC/ompcompute.c" -o "$B/oc" -lm
OMP_NUM_THREADS=16 OMP_DISPLAY_ENV=verbose "$B/oc" 100 > "$OUT/ompcompute-output.txt" 2>&1
OMP_NUM_THREADS=16 perf stat -e "$SW" -o "$OUT/perf-stat.txt" "$B/oc" 100 > /dev/null
snap
