#!/bin/sh
# Serial random() initialisation then a parallel pass: phase printouts at 1 and 2 threads, a sweep table, perf report at 2 threads.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/initser.c" -o "$B/is" -lm
for t in 1 2; do OMP_NUM_THREADS=$t "$B/is" > "$OUT/initser-output-$t.txt"; done
{ echo "threads total_s"; for t in 1 2; do printf '%s ' "$t"; sed -n 's/^total: \([0-9.]*\) s$/\1/p' "$OUT/initser-output-$t.txt"; done; } > "$OUT/thread-sweep.txt"
(cd "$B" && OMP_NUM_THREADS=2 rec p.data ./is > /dev/null)
report "$B/p.data" > "$OUT/perf-report.txt"
snap
