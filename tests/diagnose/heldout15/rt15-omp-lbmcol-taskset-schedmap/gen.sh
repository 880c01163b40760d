#!/bin/sh
# C OpenMP D2Q9 collision launched under "taskset -c 0" by a wrapper: OMP_DISPLAY_AFFINITY of a
# 2-thread run and a 1-thread run (the program's MLUPS), and perf sched map of the 2-thread run.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/lbmcol.c" -o "$B/lbmcol"
{ for t in 1 2; do show env OMP_NUM_THREADS=$t OMP_DISPLAY_AFFINITY=true taskset -c 0 ./lbmcol 20000 1000; done; } > "$OUT/run.txt"
schedrec sched.data env OMP_NUM_THREADS=2 taskset -c 0 ./lbmcol 20000 1000
{ echo "\$ perf sched record -- env OMP_NUM_THREADS=2 taskset -c 0 ./lbmcol 20000 1000; perf sched map"; schedmap sched.data 150; } > "$OUT/sched-map.txt"
snap
