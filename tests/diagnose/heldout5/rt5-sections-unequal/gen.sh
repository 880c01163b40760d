#!/bin/sh
# Two OpenMP sections of unequal cost (radiation vs chemistry): printouts at 1 and 2 threads with per-section busy times, perf report at 2 threads.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/sections.c" -o "$B/sec" -lm
OMP_NUM_THREADS=1 "$B/sec" > "$OUT/run-1thread.txt"
OMP_NUM_THREADS=2 "$B/sec" > "$OUT/run-2threads.txt"
(cd "$B" && OMP_NUM_THREADS=2 rec p.data ./sec > /dev/null)
report "$B/p.data" > "$OUT/perf-report.txt"
snap
