#!/bin/sh
# sqrt-magnitude sweep over 4 large arrays: printouts at 1 and 2 threads, likwid-bench triad on both cores (3 runs).
. "$(dirname "$0")/../_lib.sh"
gcc -O3 -march=native -fno-math-errno -g -fopenmp "$SRC/magnitude.c" -o "$B/mg" -lm
{ OMP_NUM_THREADS=1 show "$B/mg"; OMP_NUM_THREADS=2 show "$B/mg"; } > "$OUT/magnitude-output.txt"
bench3 triad > "$OUT/likwid-bench-triad.txt" 2>&1
snap
