#!/bin/sh
# C OpenMP cell update with a refined first quarter, 2 threads: the program's per-thread printout and
# perf report --sort pid,sym.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/refine.c" -o "$B/refine" -lm
OMP_NUM_THREADS=2 show ./refine 400000 20 > "$OUT/run.txt"
OMP_NUM_THREADS=2 rec p.data -- ./refine 400000 40
perf report -i "$B/p.data" --stdio --no-children --sort pid,sym --percent-limit 1 2> /dev/null | head -40 > "$OUT/perf-report-pid-sym.txt"
snap
