#!/bin/bash
# the program at 1 and 2 threads, twice each
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp -o "$B/serialfill" "$SRC/serialfill.c" -lm
snap
cd "$B"
for r in 1 2; do for t in 1 2; do echo "\$ OMP_NUM_THREADS=$t ./serialfill 8000000"; OMP_NUM_THREADS=$t ./serialfill 8000000; done; done > "$D/sweep.txt"
