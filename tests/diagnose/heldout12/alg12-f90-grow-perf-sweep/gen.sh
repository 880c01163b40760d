#!/bin/sh
# Fortran Metropolis sampler appending each accepted sample with a = [a, x]: the program's printout
# over a sweep of sample counts, and perf report --sort dso,sym at 25000 samples.
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g "$SRC/grow.f90" -o "$B/grow"
{ for n in 5000 10000 20000 30000; do show ./grow $n; done; } > "$OUT/size-sweep.txt"
rec p.data -- ./grow 25000
prep --sort dso,sym --percent-limit 1 > "$OUT/perf-report-dso-sym.txt"
snap
