#!/bin/sh
# Fortran OpenMP line relaxation opening a parallel do over 96 points inside the row and time loops
# (12000 regions): the program at 1 and 2 threads and perf report --sort dso,sym of the 2-thread run.
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g -fopenmp "$SRC/rowomp.f90" -o "$B/rowomp"
{ show env OMP_NUM_THREADS=1 ./rowomp 96 200 60; show env OMP_NUM_THREADS=2 ./rowomp 96 200 60; } > "$OUT/run.txt"
rec p.data -- env OMP_NUM_THREADS=2 ./rowomp 96 200 60
prep --sort dso,sym --percent-limit 1 > "$OUT/perf-report.txt"
snap
