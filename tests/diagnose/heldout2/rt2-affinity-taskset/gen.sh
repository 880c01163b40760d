#!/bin/sh
# A 2-thread OpenMP run started under taskset -c 0: taskset -p, OMP_DISPLAY_AFFINITY, perf stat.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -fopenmp "$SRC/ompcompute.c" -o "$B/oc" -lm
taskset -c 0 sh -c 'taskset -p $$' > "$OUT/taskset-p.txt"
OMP_NUM_THREADS=2 OMP_DISPLAY_AFFINITY=true taskset -c 0 "$B/oc" 100 > "$OUT/ompcompute-output.txt" 2>&1
OMP_NUM_THREADS=2 taskset -c 0 perf stat -e "$SW" -o "$OUT/perf-stat.txt" "$B/oc" 100 > /dev/null
snap
