#!/bin/sh
# 2-D diffusion that pins its main thread before the OpenMP region: printout interleaved with OMP_DISPLAY_AFFINITY.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/pinmain.c" -o "$B/pm"
OMP_NUM_THREADS=2 OMP_DISPLAY_AFFINITY=true show "$B/pm" > "$OUT/diffusion-output.txt" 2>&1
snap
