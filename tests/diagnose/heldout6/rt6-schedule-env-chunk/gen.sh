#!/bin/sh
# OpenMP loop with schedule(runtime) run from a job script that exports OMP_SCHEDULE=static,1000000 for a 1.5 M-cell input: OMP_DISPLAY_ENV=verbose with the program's per-thread cells and CPU times, a 1-thread run.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -fopenmp "$SRC/rtsched.c" -o "$B/rs" -lm
OMP_NUM_THREADS=1 OMP_SCHEDULE=static,1000000 "$B/rs" 1500000 > "$OUT/run-1thread.txt"
OMP_NUM_THREADS=2 OMP_SCHEDULE=static,1000000 OMP_DISPLAY_ENV=verbose "$B/rs" 1500000 > "$OUT/run-2threads.txt" 2>&1
snap
