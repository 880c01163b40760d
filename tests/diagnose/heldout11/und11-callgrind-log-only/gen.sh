#!/bin/sh
# Only valgrind's own log of a callgrind run of the OpenMP refine program on 1 thread (totals, no profile).
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/refine.c" -o "$B/refine" -lm
(cd "$B" && OMP_NUM_THREADS=1 valgrind --tool=callgrind --callgrind-out-file=cg.out ./refine 40000 4) > "$OUT/callgrind.log" 2>&1
snap
