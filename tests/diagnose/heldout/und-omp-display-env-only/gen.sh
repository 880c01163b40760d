#!/bin/sh
# OMP_DISPLAY_ENV=verbose of a 2-thread run, on its own.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -fopenmp "$SRC/ompwork.c" -o "$B/ow"
OMP_NUM_THREADS=2 OMP_DISPLAY_ENV=verbose "$B/ow" 2>&1 > /dev/null | cat > "$OUT/omp-display-env.txt"
snap
