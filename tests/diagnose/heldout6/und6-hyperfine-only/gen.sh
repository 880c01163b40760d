#!/bin/sh
# Only hyperfine's summary of a 2-thread OpenMP program (five runs).
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -fopenmp "$SRC/mcpi.c" -o "$B/mc"
OMP_NUM_THREADS=2 hyperfine -N --style basic --runs 5 "$B/mc 200000000" 2> /dev/null | sed "s|$B/||" > "$OUT/hyperfine.txt"
snap
