#!/bin/sh
# OpenMP loop whose whole body is in an ordered block (schedule static,1): printouts at 1 and 2 threads, /usr/bin/time -v at 2 threads, perf report at 2 threads.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/ordered.c" -o "$B/ord" -lm
OMP_NUM_THREADS=1 "$B/ord" 300000 > "$OUT/run-1thread.txt"
OMP_NUM_THREADS=2 "$B/ord" 300000 > "$OUT/run-2threads.txt"
OMP_NUM_THREADS=2 /usr/bin/time -v "$B/ord" 300000 > /dev/null 2> "$OUT/time-v-2threads.txt"
(cd "$B" && OMP_NUM_THREADS=2 rec p.data ./ord 200000 > /dev/null)
report "$B/p.data" > "$OUT/perf-report.txt"
snap
