#!/bin/sh
# Fortran OpenMP reaction rates with the parallel do on the 24-reaction loop inside the serial
# cell loop, 2 threads: the printout and perf report --sort dso,sym of the run.
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g -fopenmp "$SRC/chemrate.f90" -o "$B/chemrate"
show env OMP_NUM_THREADS=2 ./chemrate 40000 3 > "$OUT/run.txt"
rec p.data -- env OMP_NUM_THREADS=2 ./chemrate 40000 3
{ echo "\$ perf report --stdio --no-children --sort dso,sym"; prep --sort dso,sym --percent-limit 0.5; } | clean > "$OUT/perf-report.txt"
snap
