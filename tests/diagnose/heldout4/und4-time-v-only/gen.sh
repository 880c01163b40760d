#!/bin/sh
# Only /usr/bin/time -v of the CG solver on 2 threads.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -fopenmp "$SRC/cgfree.c" -o "$B/cg"
OMP_NUM_THREADS=2 /usr/bin/time -v "$B/cg" 2048 20 1 > /dev/null 2> "$OUT/time-v.txt"
snap
