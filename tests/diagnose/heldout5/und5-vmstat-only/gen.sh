#!/bin/sh
# Only vmstat 1 taken while a 2-thread OpenMP program ran.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -fopenmp "$SRC/ompmc.c" -o "$B/mc"
OMP_NUM_THREADS=2 "$B/mc" 2000000000 > /dev/null & P=$!
vmstat 1 4 > "$OUT/vmstat.txt"
kill "$P" 2> /dev/null || true; wait "$P" 2> /dev/null || true
snap
