#!/bin/sh
# Undecidable: perf sched map of a 2-thread run of the D2Q9 collision on the quiet machine (two
# threads on two CPUs, nothing else handed over).
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/lbmcol.c" -o "$B/lbmcol"
schedrec sched.data env OMP_NUM_THREADS=2 ./lbmcol 20000 400
{ echo "\$ perf sched record -- env OMP_NUM_THREADS=2 ./lbmcol 20000 400; perf sched map"; schedmap sched.data 80; } > "$OUT/sched-map.txt"
snap
