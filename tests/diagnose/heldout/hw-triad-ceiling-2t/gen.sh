#!/bin/sh
# STREAM-style triad on both cores next to the likwid-bench triad ceiling, perf stat.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -fopenmp "$SRC/triad.c" -o "$B/triad"
OMP_NUM_THREADS=2 OMP_PROC_BIND=close OMP_PLACES=cores "$B/triad" 40000000 10 > "$OUT/triad-output.txt"
bench_triad > "$OUT/likwid-bench-triad.txt"
OMP_NUM_THREADS=2 OMP_PROC_BIND=close OMP_PLACES=cores perf stat -e "$SW" -o "$OUT/perf-stat.txt" "$B/triad" 40000000 10 > /dev/null
snap
