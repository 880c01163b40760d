#!/bin/sh
# A 2-thread array sum (bandwidth printout) with the likwid-bench ceiling measured right after,
# in the same collection (whatever the load then): the two rates are comparable.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -fopenmp "$SRC/bigsum.c" -o "$B/bs"
OMP_NUM_THREADS=2 OMP_PROC_BIND=close OMP_PLACES=cores "$B/bs" 40000000 10 > "$OUT/sum-output.txt"
bench_triad > "$OUT/likwid-bench-triad.txt"
snap
