#!/bin/sh
# Fortran OpenMP ionisation solves (equal work per cell) run with the user's OMP_PLACES=threads
# OMP_PROC_BIND=master and OMP_DISPLAY_AFFINITY=true, 2 threads: the run's log and perf stat -I 200
# (task-clock per 200 ms interval) of the same launch.
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g -fopenmp "$SRC/ionize.f90" -o "$B/ionize"
{ echo "\$ export OMP_NUM_THREADS=2 OMP_PLACES=threads OMP_PROC_BIND=master OMP_DISPLAY_AFFINITY=true"
  show env OMP_NUM_THREADS=2 OMP_PLACES=threads OMP_PROC_BIND=master OMP_DISPLAY_AFFINITY=true ./ionize 200000 12; } > "$OUT/run.log"
{ echo "\$ perf stat -I 200 -e task-clock ./ionize 200000 12"
  (cd "$B" && OMP_NUM_THREADS=2 OMP_PLACES=threads OMP_PROC_BIND=master perf stat -I 200 -e task-clock ./ionize 200000 12 2>&1); } > "$OUT/perf-stat-interval.txt"
snap
