#!/bin/sh
# Read mapping (OpenMP, 2 threads): time -p of a run with its output, and a flat perf report (sym).
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/genomealign.c" -o "$B/genomealign" 2> /dev/null
{ echo "\$ export OMP_NUM_THREADS=2; time -p ./genomealign"; ptime env OMP_NUM_THREADS=2 ./genomealign; } > "$OUT/time.txt"
rec p.data -- env OMP_NUM_THREADS=2 ./genomealign
{ echo "\$ perf report --sort sym"; perf report -i "$B/p.data" --stdio --no-children --sort sym --percent-limit 1 2> /dev/null | grep -v '^$' | clean | head -30; } > "$OUT/perf-flat.txt"
snap
