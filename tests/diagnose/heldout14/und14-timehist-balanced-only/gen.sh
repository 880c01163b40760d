#!/bin/sh
# Undecidable: perf sched timehist's run-time summary of the balanced ray program, 2 threads spread
# one per core, nothing else (no timing, no profile).
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/radxfer.c" -o "$B/radxfer" -lm
schedrec s.data env OMP_NUM_THREADS=2 OMP_PLACES=cores OMP_PROC_BIND=spread ./radxfer 8000 3000
thsum s.data > "$OUT/perf-sched-timehist-summary.txt"
snap
