#!/bin/sh
# C OpenMP adaptive quadrature per cell, schedule(static), 2 threads: the program's per-thread
# printout, perf report --sort pid,sym (perf 6.1's pid key is per thread) and --sort srcline.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/quadcell.c" -o "$B/quadcell" -lm
show env OMP_NUM_THREADS=2 ./quadcell 4000 > "$OUT/run.txt"
OMP_NUM_THREADS=2 rec p.data -- ./quadcell 4000
prep --sort pid,sym --percent-limit 1 > "$OUT/perf-report-pid-sym.txt"
prep --sort srcline --percent-limit 1 > "$OUT/perf-report-srcline.txt"
snap
