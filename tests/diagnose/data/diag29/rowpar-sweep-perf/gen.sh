#!/bin/bash
# the program at 1 and 2 threads, twice each; perf report of a 2-thread run
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp -o "$B/rowpar" "$SRC/rowpar.c"
snap
cd "$B"
for r in 1 2; do for t in 1 2; do echo "\$ OMP_NUM_THREADS=$t ./rowpar 20000 10"; OMP_NUM_THREADS=$t ./rowpar 20000 10; done; done > "$D/sweep.txt"
OMP_NUM_THREADS=2 perf record -q -e cpu-clock -o "$B/rowpar.data" ./rowpar 20000 10 > /dev/null 2>&1
perf report -i "$B/rowpar.data" --stdio --sort dso,sym 2>/dev/null | head -40 > "$D/perf-report.txt"
