#!/bin/sh
# Fortran OpenMP adaptive sub-cycling where the last quarter of the cells needs 30x the sub-steps,
# schedule(static), 2 threads: OMP_DISPLAY_ENV=true and the per-thread table of the run, and
# perf report --sort pid,sym (samples per thread: perf's pid key is the thread id).
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g -fopenmp "$SRC/adaptq.f90" -o "$B/adaptq"
show env OMP_NUM_THREADS=2 OMP_DISPLAY_ENV=true ./adaptq 40000 > "$OUT/run.txt"
rec p.data -- env OMP_NUM_THREADS=2 ./adaptq 40000
{ echo "\$ perf report --stdio --no-children --sort pid,sym"; prep --sort pid,sym --percent-limit 1; } | clean > "$OUT/perf-report-threads.txt"
snap
