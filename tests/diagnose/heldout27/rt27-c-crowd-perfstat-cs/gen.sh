#!/bin/sh
# Evacuation rooms (OpenMP): perf stat of the shipped build at 1 and at 2 threads.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/crowd.c" -o "$B/crowd" -lm 2> /dev/null
{ echo "\$ OMP_NUM_THREADS=1 perf stat ./crowd"; perfstatp env OMP_NUM_THREADS=1 ./crowd; echo "\$ OMP_NUM_THREADS=2 perf stat ./crowd"; perfstatp env OMP_NUM_THREADS=2 ./crowd; } > "$OUT/perfstat.txt"
snap
