#!/bin/sh
# A C OpenMP job whose environment (a site module) also sets OMP_THREAD_LIMIT=1: the job log with
# OMP_DISPLAY_ENV=verbose, the program's printout and /usr/bin/time -v, as saved.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/teamcheck.c" -o "$B/decay" -lm
{ echo "\$ module load site-defaults   # sets OMP_THREAD_LIMIT=1"
  echo "\$ export OMP_NUM_THREADS=2 OMP_DISPLAY_ENV=verbose"
  echo "\$ /usr/bin/time -v ./decay"
  (cd "$B" && OMP_THREAD_LIMIT=1 OMP_NUM_THREADS=2 OMP_DISPLAY_ENV=verbose /usr/bin/time -v ./decay) 2>&1; } > "$OUT/slurm-4711.out"
snap
