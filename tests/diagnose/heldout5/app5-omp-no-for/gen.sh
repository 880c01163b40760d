#!/bin/sh
# Smoothing loop inside omp parallel without a work-sharing for: printouts at 1 and 2 threads (per-thread busy), /usr/bin/time -v at 2 threads.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/dupwork.c" -o "$B/dw"
OMP_NUM_THREADS=1 "$B/dw" > "$OUT/run-1thread.txt"
OMP_NUM_THREADS=2 "$B/dw" > "$OUT/run-2threads.txt"
OMP_NUM_THREADS=2 /usr/bin/time -v "$B/dw" > /dev/null 2> "$OUT/time-v-2threads.txt"
snap
