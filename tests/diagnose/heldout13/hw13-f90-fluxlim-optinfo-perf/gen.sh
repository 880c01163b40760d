#!/bin/sh
# Fortran MUSCL limiter loop calling an external minmod() compiled in its own file: the build log
# with -fopt-info-vec-all, the run, perf report --sort dso,sym and perf annotate -l of MAIN__.
. "$(dirname "$0")/../_lib.sh"
{
  echo "\$ gfortran -O3 -march=native -g -c limiter.f90"
  (cd "$B" && gfortran -O3 -march=native -g -c "$SRC/limiter.f90" -o limiter.o 2>&1)
  echo "\$ gfortran -O3 -march=native -g -fopt-info-vec-all fluxlim.f90 limiter.o -o fluxlim"
  (cd "$B" && gfortran -O3 -march=native -g -fopt-info-vec-all "$SRC/fluxlim.f90" limiter.o -o fluxlim 2>&1)
} | clean > "$OUT/build.log"
show ./fluxlim > "$OUT/run.txt"
rec p.data -- ./fluxlim
prep --sort dso,sym > "$OUT/perf-report.txt"
perf annotate -i "$B/p.data" --stdio -l -s MAIN__ 2> /dev/null | clean | head -150 > "$OUT/perf-annotate-MAIN.txt"
snap
