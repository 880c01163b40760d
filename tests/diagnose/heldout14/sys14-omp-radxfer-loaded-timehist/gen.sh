#!/bin/sh
# The balanced C OpenMP ray program, 2 threads spread one per core, on a machine where two
# stress-ng CPU hogs run: the printout, /usr/bin/time -v of the run and perf sched timehist's
# run-time summary per task over the run.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/radxfer.c" -o "$B/radxfer" -lm
load_on 2
show env OMP_NUM_THREADS=2 OMP_PLACES=cores OMP_PROC_BIND=spread ./radxfer 8000 3000 > "$OUT/run.txt"
timev "$OUT/time-v.txt" env OMP_NUM_THREADS=2 OMP_PLACES=cores OMP_PROC_BIND=spread ./radxfer 8000 3000 > /dev/null
schedrec s.data env OMP_NUM_THREADS=2 OMP_PLACES=cores OMP_PROC_BIND=spread ./radxfer 8000 3000
load_off
thsum s.data > "$OUT/perf-sched-timehist-summary.txt"
snap
