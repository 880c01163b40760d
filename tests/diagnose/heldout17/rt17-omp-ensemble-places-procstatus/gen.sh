#!/bin/sh
# The ensemble program with OMP_PLACES='{0}' OMP_PROC_BIND=true (one place for every thread): runs at
# 1 and 2 threads with OMP_DISPLAY_AFFINITY=true, and the scheduler lines of /proc/<pid>/task/*/status
# (allowed CPUs, voluntary and involuntary context switches) of the 2-thread run.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/ensemble.c" -o "$B/ensemble" -lm
{ for t in 1 2; do echo "\$ OMP_PLACES='{0}' OMP_PROC_BIND=true OMP_DISPLAY_AFFINITY=true OMP_NUM_THREADS=$t ./ensemble 40 20000 10"; (cd "$B" && OMP_PLACES='{0}' OMP_PROC_BIND=true OMP_DISPLAY_AFFINITY=true OMP_NUM_THREADS=$t ./ensemble 40 20000 10 2>&1); done; } > "$OUT/run.txt"
procstatus 0.8 env OMP_PLACES='{0}' OMP_PROC_BIND=true OMP_NUM_THREADS=2 ./ensemble 40 20000 10 > "$OUT/proc-status.txt"
snap
