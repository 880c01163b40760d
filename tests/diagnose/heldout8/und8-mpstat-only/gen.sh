#!/bin/sh
# mpstat -P ALL during a 2-thread run only.
. "$(dirname "$0")/../_lib.sh"
gcc -O3 -march=native -fno-math-errno -fopenmp "$SRC/magnitude.c" -o "$B/mg" -lm
mpstat -P ALL 1 3 > "$OUT/mpstat.txt" &
M=$!
OMP_NUM_THREADS=2 "$B/mg" 20000000 40 > /dev/null
wait "$M" || true
snap
