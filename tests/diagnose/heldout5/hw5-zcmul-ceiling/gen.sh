#!/bin/sh
# Complex elementwise product on 2 threads (3 runs, GB/s printout), gcc vectorizer remarks, three likwid-bench triad runs.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -fopenmp -fopt-info-vec-missed "$SRC/zcmul.c" -o "$B/zc" 2> "$OUT/gcc-vec-missed.txt"
OMP_NUM_THREADS=2 "$B/zc" 8000000 10 3 > "$OUT/zcmul-output.txt"
bench3 triad > "$OUT/likwid-bench-triad.txt" 2>&1
snap
