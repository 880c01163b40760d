#!/bin/sh
# Line relaxation opening a parallel region per row and sweep: the run at 1 and 2 threads with the
# region count, and perf report --sort dso,sym of a 2-thread run.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/innerpar.c" -o "$B/innerpar"
{ for t in 1 2 1 2; do echo "\$ OMP_NUM_THREADS=$t ./innerpar 400 300"; (cd "$B" && OMP_NUM_THREADS=$t ./innerpar 400 300); done; } > "$OUT/run.txt" 2>&1
rec p.data -- env OMP_NUM_THREADS=2 ./innerpar 400 300
prep --sort dso,sym --percent-limit 1 | clean > "$OUT/perf-report.txt"
snap
