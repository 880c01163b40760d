#!/bin/sh
# Only OMP_DISPLAY_ENV=verbose mixed with the final line of an OpenMP run (wall time).
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -fopenmp "$SRC/lcgwork.c" -o "$B/lw"
OMP_NUM_THREADS=2 OMP_DISPLAY_ENV=verbose "$B/lw" 2>&1 | grep -v '^thread ' > "$OUT/run-with-env.txt"
snap
