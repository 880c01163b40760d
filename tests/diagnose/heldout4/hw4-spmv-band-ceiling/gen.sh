#!/bin/sh
# Banded CSR SpMV at 1 and 2 threads (key value printout), three likwid-bench copy runs, perf annotate of the product loop.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/spmv_band.c" -o "$B/sp"
for t in 1 2; do OMP_NUM_THREADS=$t "$B/sp" > "$OUT/spmv-$t-threads.txt"; done
bench3 copy > "$OUT/likwid-bench-copy.txt" 2>&1
(cd "$B" && OMP_NUM_THREADS=2 rec p.data ./sp > /dev/null)
annot "$B/p.data" main._omp_fn.1 60 > "$OUT/perf-annotate.txt"
[ -s "$OUT/perf-annotate.txt" ] || annot "$B/p.data" main._omp_fn.0 60 > "$OUT/perf-annotate.txt"
snap
