#!/bin/sh
# Fortran column relaxation with an OpenMP parallel do on the 64-row inner loop: the program's
# printout at 1 and 2 threads, and perf report by dso,sym and by srcline at 2 threads.
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g -fopenmp "$SRC/colrelax.f90" -o "$B/colrelax"
{
  show env OMP_NUM_THREADS=1 ./colrelax 20000 10
  show env OMP_NUM_THREADS=2 ./colrelax 20000 10
} > "$OUT/thread-sweep.txt"
OMP_NUM_THREADS=2 rec p.data -- ./colrelax 20000 10
prep --sort dso,sym --percent-limit 1 > "$OUT/perf-report-dso-sym.txt"
prep --sort srcline --percent-limit 1 > "$OUT/perf-report-srcline.txt"
snap
