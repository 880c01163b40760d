#!/bin/sh
# Hillslope runoff: the program's phase table at 1 and 2 threads, and perf report --sort pid,dso,sym (per thread)
# of the 2-thread run.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/runoff.c" -o "$B/runoff" -lm
{ OMP_NUM_THREADS=1 show ./runoff 200000 12; OMP_NUM_THREADS=2 show ./runoff 200000 12; } > "$OUT/phases.txt"
OMP_NUM_THREADS=2 rec p.data -- ./runoff 200000 12
prep --sort pid,dso,sym --percent-limit 1 | clean > "$OUT/perf-report.txt"
snap
