#!/bin/sh
# Pair-correlation histogram (row i visits j > i) under schedule(static): the run at 1 and 2 threads with
# the per-thread table, and perf report --sort pid,sym of a 2-thread run (one row per thread id).
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/pairtri.c" -o "$B/pairtri" -lm
{ for t in 1 2; do echo "\$ OMP_NUM_THREADS=$t ./pairtri 20000"; (cd "$B" && OMP_NUM_THREADS=$t ./pairtri 20000); done; } > "$OUT/run.txt" 2>&1
rec p.data -- env OMP_NUM_THREADS=2 ./pairtri 20000
prep --sort pid,dso,sym --percent-limit 1 | clean > "$OUT/perf-report.txt"
snap
