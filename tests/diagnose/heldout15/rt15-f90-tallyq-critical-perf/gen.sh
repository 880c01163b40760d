#!/bin/sh
# Fortran OpenMP Monte Carlo tally scoring every history inside a named critical section: the
# program's table at 1 and 2 threads (8 M histories each), and perf report --sort dso,sym.
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g -fopenmp "$SRC/tallyq.f90" -o "$B/tallyq"
show ./tallyq 8000000 > "$OUT/run.txt"
rec p.data -- ./tallyq 8000000
{ echo "\$ perf report --stdio --no-children --sort dso,sym"; prep --sort dso,sym --percent-limit 1; } | clean > "$OUT/perf-report.txt"
snap
