#!/bin/sh
# Undecidable: the scheduler lines of /proc/<pid>/task/*/status of the ensemble program running with
# 2 threads, read once; no timing, no output of the program.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/ensemble.c" -o "$B/ensemble" -lm
procstatus 0.6 env OMP_NUM_THREADS=2 ./ensemble 40 20000 10 > "$OUT/proc-status.txt"
snap
