#!/bin/sh
# Prime counting by trial division, schedule(static) on 2 threads: printout (per-thread busy table) with OMP_DISPLAY_ENV, perf stat.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -fopenmp "$SRC/primes_omp.c" -o "$B/pr"
OMP_NUM_THREADS=2 OMP_DISPLAY_ENV=true "$B/pr" > "$OUT/primes-output.txt" 2>&1
OMP_NUM_THREADS=2 perf stat -e "$SW" -o "$OUT/perf-stat.txt" "$B/pr" > /dev/null
snap
