#!/bin/sh
# Only a 1/2-thread sweep table of the static-schedule Mandelbrot (speedup well under 2):
# a serial part and imbalance look the same here.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -fopenmp "$SRC/mandel.c" -o "$B/md"
{ echo "threads time_s"; for t in 1 2; do printf '%s ' "$t"; OMP_NUM_THREADS=$t "$B/md" 600 | sed -n 's/^threads=[0-9]* time=\([0-9.]*\) s$/\1/p'; done; } > "$OUT/thread-sweep.txt"
snap
