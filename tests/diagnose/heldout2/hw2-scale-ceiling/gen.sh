#!/bin/sh
# STREAM-style scale on both cores (MB/s printout), the likwid-bench triad ceiling, perf stat.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -fopenmp "$SRC/copyscale.c" -o "$B/cs"
OMP_NUM_THREADS=2 OMP_PROC_BIND=close OMP_PLACES=cores "$B/cs" 40000000 8 > "$OUT/scale-output.txt"
bench_triad > "$OUT/likwid-bench-triad.txt"
OMP_NUM_THREADS=2 OMP_PROC_BIND=close OMP_PLACES=cores perf stat -e "$SW" -o "$OUT/perf-stat.txt" "$B/cs" 40000000 8 > /dev/null
snap
