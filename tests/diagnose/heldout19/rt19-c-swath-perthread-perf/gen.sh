#!/bin/sh
# Swath regridding (row cost rising with the row index, schedule(static)): the per-thread table at 1 and
# 2 threads (20 repeats) and perf report --sort pid,dso,sym of the 2-thread run.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/swath.c" -o "$B/swath"
{ for t in 1 2; do echo "\$ OMP_NUM_THREADS=$t ./swath 2000 20"; (cd "$B" && OMP_NUM_THREADS=$t ./swath 2000 20) 2>&1; done; } > "$OUT/run.txt"
rec p.data -- env OMP_NUM_THREADS=2 ./swath 2000 20
prep --sort pid,dso,sym --percent-limit 1 | clean > "$OUT/perf-report-threads.txt"
snap
