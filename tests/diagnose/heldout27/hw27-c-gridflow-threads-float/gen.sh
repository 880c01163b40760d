#!/bin/sh
# Power-grid nodal update (OpenMP): the program's line at 1 and 2 threads (twice each), and the -DFLOAT build at 1 and 2 threads.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/gridflow.c" -o "$B/gridflow" 2> /dev/null
gcc -O2 -g -fopenmp -DFLOAT "$SRC/gridflow.c" -o "$B/gridflow_float" 2> /dev/null
{ for t in 1 1 2 2; do show env OMP_NUM_THREADS=$t ./gridflow; done; for t in 1 2; do show env OMP_NUM_THREADS=$t ./gridflow_float; done; } > "$OUT/runs.txt"
snap
