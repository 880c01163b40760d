#!/bin/sh
# The three-block OpenMP relaxation at 2 threads as a user who profiles it: perf report sorted by thread, perf report by symbol, /usr/bin/time -v.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/blocks3.c" -o "$B/b3" -lm
(cd "$B" && OMP_NUM_THREADS=2 rec p.data ./b3 1000000 20 > /dev/null)
perf report -i "$B/p.data" --stdio --no-children -g none --sort pid 2> /dev/null | head -30 > "$OUT/perf-report-by-thread.txt"
report "$B/p.data" > "$OUT/perf-report.txt"
OMP_NUM_THREADS=2 /usr/bin/time -v "$B/b3" 1000000 20 > /dev/null 2> "$OUT/time-v-2threads.txt"
snap
