#!/bin/sh
# Fortran 2-D wave update recomputing each cell's PML damping factor (pow and exp of a fixed
# geometry) inside the step loop: the printout, gcov line counts of a --coverage build, and
# perf report --sort dso,sym of the optimized build.
. "$(dirname "$0")/../_lib.sh"
cp "$SRC/pmlcoef.f90" "$B/"
(cd "$B" && gfortran -O2 -g pmlcoef.f90 -o pmlcoef && gfortran -O0 --coverage -c pmlcoef.f90 && gfortran --coverage pmlcoef.o -o pmlcoef_cov)
show ./pmlcoef 512 40 > "$OUT/run.txt"
(cd "$B" && ./pmlcoef_cov 256 10 > /dev/null && gcov pmlcoef.f90 > gcov.log 2>&1)
{ echo "\$ gfortran -O0 --coverage -c pmlcoef.f90 && gfortran --coverage pmlcoef.o -o pmlcoef_cov && ./pmlcoef_cov 256 10 && gcov pmlcoef.f90"
  cat "$B/gcov.log"; cat "$B/pmlcoef.f90.gcov"; } | clean > "$OUT/pmlcoef.f90.gcov"
rec p.data -- ./pmlcoef 512 40
{ echo "\$ perf report --stdio --no-children --sort dso,sym"; prep --sort dso,sym --percent-limit 1; } | clean > "$OUT/perf-report.txt"
snap
