#!/bin/sh
# A parallel loop whose if() clause is always false: printout with OMP_DISPLAY_ENV=verbose and OMP_DISPLAY_AFFINITY, a 1/2-thread table, perf stat.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -fopenmp "$SRC/ifclause.c" -o "$B/ic" -lm
OMP_NUM_THREADS=2 OMP_DISPLAY_ENV=verbose OMP_DISPLAY_AFFINITY=true OMP_PROC_BIND=spread "$B/ic" > "$OUT/ifclause-output.txt" 2>&1
{ echo "threads time"; for t in 1 2; do printf '%s ' "$t"; OMP_NUM_THREADS=$t "$B/ic" | sed -n 's/^max_threads=[0-9]* n=[0-9]* time=\([0-9.]*\) s$/\1/p'; done; } > "$OUT/thread-sweep.txt"
OMP_NUM_THREADS=2 perf stat -e "$SW" -o "$OUT/perf-stat.txt" "$B/ic" > /dev/null
snap
