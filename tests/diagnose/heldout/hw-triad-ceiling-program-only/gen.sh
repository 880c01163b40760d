#!/bin/sh
# Triad printout (repeated runs) and the likwid-bench ceiling, nothing else.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -fopenmp "$SRC/triad.c" -o "$B/triad"
for i in 1 2; do OMP_NUM_THREADS=2 OMP_PROC_BIND=close OMP_PLACES=cores "$B/triad" 30000000 6; done > "$OUT/triad-2runs.txt"
bench_triad > "$OUT/likwid-bench.txt"
snap
