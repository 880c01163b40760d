#!/bin/bash
# the program at 1 and 2 threads, twice each; perf report of a 2-thread run
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp -o "$B/crit" "$SRC/crit.c" -lm
snap
cd "$B"
for r in 1 2; do for t in 1 2; do echo "\$ OMP_NUM_THREADS=$t ./crit 2000000"; OMP_NUM_THREADS=$t ./crit 2000000; done; done > "$D/sweep.txt"
OMP_NUM_THREADS=2 perf record -q -e cpu-clock -o "$B/crit.data" ./crit 2000000 > /dev/null 2>&1
perf report -i "$B/crit.data" --stdio --sort dso,sym 2>/dev/null | head -40 > "$D/perf-report.txt"
