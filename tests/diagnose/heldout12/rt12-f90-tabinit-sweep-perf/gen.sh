#!/bin/sh
# Fortran opacity table built serially, then interpolated in an OpenMP loop: the program's phase
# printout at 1 and 2 threads (twice each), perf report --sort pid,sym and --sort srcline at 2 threads.
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g -fopenmp "$SRC/tabinit.f90" -o "$B/tabinit"
{ for t in 1 2 1 2; do show env OMP_NUM_THREADS=$t ./tabinit 400000 6; done; } > "$OUT/thread-sweep.txt"
OMP_NUM_THREADS=2 rec p.data -- ./tabinit 400000 6
prep --sort pid,sym --percent-limit 1 > "$OUT/perf-report-pid-sym.txt"
prep --sort srcline --percent-limit 1 > "$OUT/perf-report-srcline.txt"
snap
