#!/bin/sh
# The fluxlim program built as the user builds it (limiter.f90 compiled separately) and with -flto,
# each timed by perf stat -r 5 (mean and the +- variance column), the build lines above each.
. "$(dirname "$0")/../_lib.sh"
(cd "$B" && gfortran -O3 -march=native -g -c "$SRC/limiter.f90" -o limiter.o && gfortran -O3 -march=native -g "$SRC/fluxlim.f90" limiter.o -o fluxlim)
(cd "$B" && gfortran -O3 -march=native -flto -g "$SRC/limiter.f90" "$SRC/fluxlim.f90" -o fluxlim_lto)
{
  echo "\$ gfortran -O3 -march=native -g -c limiter.f90 && gfortran -O3 -march=native -g fluxlim.f90 limiter.o -o fluxlim"
  echo "\$ perf stat -r 5 ./fluxlim 20000"
  (cd "$B" && perf stat -r 5 -e task-clock,context-switches,cpu-migrations,page-faults ./fluxlim 20000 2>&1 > /dev/null)
  echo "\$ gfortran -O3 -march=native -flto -g limiter.f90 fluxlim.f90 -o fluxlim_lto"
  echo "\$ perf stat -r 5 ./fluxlim_lto 20000"
  (cd "$B" && perf stat -r 5 -e task-clock,context-switches,cpu-migrations,page-faults ./fluxlim_lto 20000 2>&1 > /dev/null)
} > "$OUT/perf-stat-r.txt"
snap
