#!/bin/sh
# Comet orbit propagation: the program's lines with the per-thread table at 1 and 2 threads, and a perf
# report by process/thread and symbol of a 2-thread run.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/comet.c" -o "$B/comet" -lm
{ for t in 1 2; do echo "\$ OMP_NUM_THREADS=$t ./comet"; (cd "$B" && OMP_NUM_THREADS=$t ./comet); done; } > "$OUT/run.txt" 2>&1
rec p.data -- env OMP_NUM_THREADS=2 ./comet
{ echo "\$ perf report --sort pid,dso,sym"; prep --sort pid,dso,sym --percent-limit 1 | clean; } > "$OUT/perf-report.txt"
snap
