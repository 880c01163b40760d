#!/bin/sh
# Move evaluation (OpenMP): perf report --sort dso,sym of a 2-thread run, the program's output first.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/chessmoves.c" -o "$B/chessmoves" 2> /dev/null
rec p.data -- env OMP_NUM_THREADS=2 OMP_WAIT_POLICY=active ./chessmoves
{ show env OMP_NUM_THREADS=2 OMP_WAIT_POLICY=active ./chessmoves | grep best; echo "\$ OMP_NUM_THREADS=2 OMP_WAIT_POLICY=active perf record -e cpu-clock ./chessmoves; perf report --sort dso,sym"; pdso p.data 1; } > "$OUT/perf-dsosym.txt"
snap
