#!/bin/sh
# Only perf stat (default events; no hardware counters on this guest) of one 2-thread run of the
# quadrature program: one timing, no profile, no second size or thread count.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/quadcell.c" -o "$B/quadcell" -lm
(cd "$B" && OMP_NUM_THREADS=2 perf stat ./quadcell 4000 2>&1 >/dev/null) > "$OUT/perf-stat.txt"
snap
