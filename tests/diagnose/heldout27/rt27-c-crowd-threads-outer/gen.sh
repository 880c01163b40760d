#!/bin/sh
# Evacuation rooms (OpenMP): the program's line at 1 and 2 threads and the -DOUTER build at 2 threads, then perf report
# --sort dso,sym of a 2-thread run of the shipped build.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/crowd.c" -o "$B/crowd" -lm 2> /dev/null
gcc -O2 -g -fopenmp -DOUTER "$SRC/crowd.c" -o "$B/crowd_outer" -lm 2> /dev/null
{ show env OMP_NUM_THREADS=1 ./crowd; show env OMP_NUM_THREADS=2 ./crowd; show env OMP_NUM_THREADS=2 ./crowd_outer; show env OMP_NUM_THREADS=1 ./crowd_outer; } > "$OUT/runs.txt"
rec p.data -- env OMP_NUM_THREADS=2 ./crowd
{ echo "\$ OMP_NUM_THREADS=2 perf record -e cpu-clock ./crowd; perf report --sort dso,sym"; pdso p.data 1; } > "$OUT/perf-dsosym.txt"
snap
