#!/bin/sh
# Lake-ice model (parallel energy balance, serial loop of transect tridiagonal solves): the phase table at
# 1 and 2 threads for 60 steps, and perf report --sort pid,sym of the 2-thread run.
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g -fopenmp "$SRC/lakeice.f90" -o "$B/lakeice"
{ for t in 1 2; do echo "\$ OMP_NUM_THREADS=$t ./lakeice 60"; (cd "$B" && OMP_NUM_THREADS=$t ./lakeice 60) 2>&1; done; } > "$OUT/phases.txt"
rec p.data -- env OMP_NUM_THREADS=2 ./lakeice 60
prep --sort pid,sym --percent-limit 1 | clean > "$OUT/perf-report-threads.txt"
snap
