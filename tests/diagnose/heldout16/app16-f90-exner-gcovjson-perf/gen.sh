#!/bin/sh
# Fortran atmosphere step on a terrain-following slice recomputing the base state's Exner function
# (pb/p0)**kappa and density exp(-z/H) (fixed geometry) for every cell and step: gcov's JSON
# intermediate format (gcov --json-format) of a coverage build, and perf report --sort dso,sym.
. "$(dirname "$0")/../_lib.sh"
(cd "$B" && gfortran -O2 -g --coverage -c "$SRC/exner.f90" -o exner.o && gfortran --coverage exner.o -o exner_cov)
(cd "$B" && ./exner_cov > /dev/null)
gcovjson exner.o | clean > "$OUT/exner.gcov.json"
gfortran -O2 -g "$SRC/exner.f90" -o "$B/exner"
show ./exner > "$OUT/run.txt"
rec p.data -- ./exner
prep --sort dso,sym --percent-limit 1 > "$OUT/perf-report.txt"
snap
