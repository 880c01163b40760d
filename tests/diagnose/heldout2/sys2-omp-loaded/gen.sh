#!/bin/sh
# An evenly split 2-thread OpenMP loop while stress-ng runs 4 hogs: printout with affinity, perf stat.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -fopenmp "$SRC/ompcompute.c" -o "$B/oc" -lm
load_on 4
OMP_NUM_THREADS=2 OMP_DISPLAY_AFFINITY=true "$B/oc" 100 > "$OUT/ompcompute-output.txt" 2>&1
OMP_NUM_THREADS=2 perf stat -e "$SW" -o "$OUT/perf-stat.txt" "$B/oc" 100 > /dev/null
snap
load_off
