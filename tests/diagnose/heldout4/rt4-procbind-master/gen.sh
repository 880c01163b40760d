#!/bin/sh
# OpenMP equal work with OMP_PROC_BIND=master OMP_PLACES=cores: OMP_DISPLAY_AFFINITY lines mixed with the printout at 2 threads, and a 1-thread printout.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -fopenmp "$SRC/lcgwork.c" -o "$B/lw"
OMP_NUM_THREADS=1 "$B/lw" > "$OUT/run-1thread.txt"
OMP_NUM_THREADS=2 OMP_PROC_BIND=master OMP_PLACES=cores OMP_DISPLAY_AFFINITY=true "$B/lw" > "$OUT/run-2threads.txt" 2>&1
snap
