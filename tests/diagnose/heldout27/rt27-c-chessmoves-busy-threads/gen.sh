#!/bin/sh
# Move evaluation (OpenMP, static schedule): the program's per-thread lines at 1 thread and at 2 threads (twice),
# and perf report per thread (--sort pid,sym) of a 2-thread run.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/chessmoves.c" -o "$B/chessmoves" 2> /dev/null
{ show env OMP_NUM_THREADS=1 ./chessmoves; show env OMP_NUM_THREADS=2 ./chessmoves; show env OMP_NUM_THREADS=2 ./chessmoves; } > "$OUT/runs.txt"
rec p.data -- env OMP_NUM_THREADS=2 ./chessmoves
{ echo "\$ OMP_NUM_THREADS=2 perf record -e cpu-clock ./chessmoves; perf report --sort pid,sym"; ptid 1; } > "$OUT/perf-threads.txt"
snap
