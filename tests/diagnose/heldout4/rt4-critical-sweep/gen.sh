#!/bin/sh
# A reduction done through omp critical: printouts at 1 and 2 threads, a threads/time table, perf report at 2 threads.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -fopenmp "$SRC/critsum.c" -o "$B/cs"
for t in 1 2; do OMP_NUM_THREADS=$t "$B/cs" > "$OUT/critsum-$t.txt"; done
{ echo "threads time_s"; for t in 1 2; do printf '%s ' "$t"; sed -n 's/.*time=\([0-9.]*\) s$/\1/p' "$OUT/critsum-$t.txt"; done; } > "$OUT/thread-sweep.txt"
(cd "$B" && OMP_NUM_THREADS=2 rec p.data ./cs > /dev/null)
report "$B/p.data" > "$OUT/perf-report.txt"
snap
