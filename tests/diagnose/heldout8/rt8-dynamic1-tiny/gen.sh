#!/bin/sh
# OpenMP schedule(dynamic,1) over tiny iterations: printout with OMP_DISPLAY_ENV and perf report.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/tinyiter.c" -o "$B/ti"
OMP_NUM_THREADS=2 OMP_DISPLAY_ENV=true show "$B/ti" > "$OUT/tinyiter-output.txt" 2>&1
(cd "$B" && OMP_NUM_THREADS=2 rec p.data ./ti > /dev/null)
report "$B/p.data" 30 > "$OUT/perf-report.txt"
snap
