#!/bin/sh
# C OpenMP 1-D heat step on 1024 points, 20000 steps: the program's printout for 1 and 2 threads and
# perf report by dso,sym of the 2-thread run.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/tinyreg.c" -o "$B/heat1d"
for t in 1 2 1 2; do echo "OMP_NUM_THREADS=$t"; OMP_NUM_THREADS=$t show ./heat1d 1024 20000; done > "$OUT/runs.txt"
OMP_NUM_THREADS=2 rec p.data -- ./heat1d 1024 20000
perf report -i "$B/p.data" --stdio --sort dso,sym --percent-limit 1 2> /dev/null | head -40 > "$OUT/perf-report-dso-sym.txt"
snap
