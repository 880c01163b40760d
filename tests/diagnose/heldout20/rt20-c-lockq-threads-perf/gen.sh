#!/bin/sh
# Monte Carlo tallies with one omp lock per scored track: the run at 1 and 2 threads (twice), and perf
# report --sort dso,sym of a 2-thread run.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/lockq.c" -o "$B/lockq"
{ for t in 1 2 1 2; do echo "\$ OMP_NUM_THREADS=$t ./lockq 8000000"; (cd "$B" && OMP_NUM_THREADS=$t ./lockq 8000000); done; } > "$OUT/run.txt" 2>&1
rec p.data -- env OMP_NUM_THREADS=2 ./lockq 8000000
prep --sort dso,sym --percent-limit 1 | clean > "$OUT/perf-report.txt"
snap
