#!/bin/sh
# Only a perf report of the two-thread copy program: one hot function, no bandwidth, no ceiling.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -fopenmp "$SRC/copy_omp.c" -o "$B/cp"
(cd "$B" && OMP_NUM_THREADS=2 rec p.data ./cp > /dev/null)
report "$B/p.data" > "$OUT/perf-report.txt"
snap
