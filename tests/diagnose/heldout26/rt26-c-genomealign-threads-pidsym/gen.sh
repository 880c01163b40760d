#!/bin/sh
# Read mapping (OpenMP): the program's phase line at 1 and 2 threads (twice at 2), and perf report per thread
# (--sort pid,sym) of a 2-thread run.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/genomealign.c" -o "$B/genomealign" 2> /dev/null
{ show env OMP_NUM_THREADS=1 ./genomealign; show env OMP_NUM_THREADS=2 ./genomealign; show env OMP_NUM_THREADS=2 ./genomealign; } > "$OUT/runs.txt"
rec p.data -- env OMP_NUM_THREADS=2 ./genomealign
{ echo "\$ OMP_NUM_THREADS=2 perf record -e cpu-clock ./genomealign; perf report --sort pid,sym"; ptid 1; } > "$OUT/perf-threads.txt"
snap
