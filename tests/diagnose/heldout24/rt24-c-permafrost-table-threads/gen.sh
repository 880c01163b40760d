#!/bin/sh
# Permafrost thaw depth (schedule(static), the last third of the columns 40x the iterations): the program's
# per-thread table with OMP_DISPLAY_ENV, and perf report --sort pid,sym (per thread) of the same 2-thread run.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/permafrost.c" -o "$B/permafrost"
ompenv OMP_NUM_THREADS=2 ./permafrost > "$OUT/run.txt"
OMP_NUM_THREADS=2 rec p.data -- ./permafrost
{ echo "\$ OMP_NUM_THREADS=2 perf record -e cpu-clock ./permafrost; perf report --sort pid,sym"; ptid 1; } > "$OUT/perf-threads.txt"
snap
