#!/bin/sh
# A code with ~60% serial phase: 1/2-thread sweep, perf stat at 2 threads, OMP_DISPLAY_AFFINITY.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -fopenmp "$SRC/amdahl.c" -o "$B/am"
{ echo "threads time"; for t in 1 2; do printf '%s ' "$t"; OMP_NUM_THREADS=$t OMP_PROC_BIND=close OMP_PLACES=cores "$B/am" | sed -n 's/^time=\([0-9.]*\) s$/\1/p'; done; } > "$OUT/thread-sweep.txt"
OMP_NUM_THREADS=2 OMP_PROC_BIND=close OMP_PLACES=cores OMP_DISPLAY_AFFINITY=true perf stat -e "$SW" -o "$OUT/perf-stat.txt" "$B/am" > "$OUT/amdahl-output.txt"
snap
