#!/bin/sh
# Only likwid-topology and the wall-time line of a 2-thread run.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -fopenmp "$SRC/ompmc.c" -o "$B/mc"
likwid-topology > "$OUT/likwid-topology.txt" 2>&1
OMP_NUM_THREADS=2 "$B/mc" 400000000 | tail -1 > "$OUT/wall-time.txt"
snap
