#!/bin/sh
# A serial recurrence then a parallel loop: phase times at 1 and 2 threads, a sweep table, perf stat.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -fopenmp "$SRC/amdahl2.c" -o "$B/am" -lm
for t in 1 2; do OMP_NUM_THREADS=$t "$B/am" 20000000 > "$OUT/amdahl-output-$t.txt"; done
{ echo "threads time"; for t in 1 2; do printf '%s ' "$t"; sed -n 's/^time=\([0-9.]*\) s$/\1/p' "$OUT/amdahl-output-$t.txt"; done; } > "$OUT/thread-sweep.txt"
OMP_NUM_THREADS=2 perf stat -e "$SW" -o "$OUT/perf-stat.txt" "$B/am" 20000000 > /dev/null
snap
