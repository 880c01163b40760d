#!/bin/sh
# C OpenMP discrete-ordinates sweep, 64 angles of rising cost under schedule(static): the program's
# per-thread table (angles, cells, busy and waiting seconds) with OMP_DISPLAY_ENV=true, and perf
# report --sort pid,dso,sym (one line per thread) of a 2-thread run.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/sweepang.c" -o "$B/sweepang" -lm
{ echo "\$ OMP_DISPLAY_ENV=true OMP_NUM_THREADS=2 ./sweepang 12000 4"; (cd "$B" && OMP_DISPLAY_ENV=true OMP_NUM_THREADS=2 ./sweepang 12000 4 2>&1); } > "$OUT/run.txt"
rec p.data -- env OMP_NUM_THREADS=2 ./sweepang 12000 8
prep --sort pid,dso,sym --percent-limit 1 | clean > "$OUT/perf-report.txt"
snap
