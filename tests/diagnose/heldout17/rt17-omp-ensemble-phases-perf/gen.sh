#!/bin/sh
# C OpenMP ensemble forecast (parallel member integration, serial analysis): the program's phase
# table at 1 and 2 threads and perf report --sort pid,sym (one line per thread) of the 2-thread run.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/ensemble.c" -o "$B/ensemble" -lm
{ for t in 1 2; do echo "\$ OMP_NUM_THREADS=$t ./ensemble 40 20000 10"; (cd "$B" && OMP_NUM_THREADS=$t ./ensemble 40 20000 10); done; } > "$OUT/run.txt"
rec p.data -- env OMP_NUM_THREADS=2 ./ensemble 40 20000 10
prep --sort pid,sym --percent-limit 1 | clean > "$OUT/perf-report.txt"
snap
