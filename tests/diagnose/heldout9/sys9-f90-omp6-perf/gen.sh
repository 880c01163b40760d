#!/bin/sh
# The same 6-thread active-wait job: perf report by shared object and symbol, OMP_DISPLAY_ENV=verbose, nproc.
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g -fopenmp "$SRC/manybar.f90" -o "$B/mb"
(cd "$B" && OMP_NUM_THREADS=6 OMP_WAIT_POLICY=active perf record -q -e cpu-clock -F 999 -g -o p.data ./mb > /dev/null)
report "$B/p.data" dso,sym 40 > "$OUT/perf-report-dso-sym.txt"
(cd "$B" && OMP_NUM_THREADS=6 OMP_WAIT_POLICY=active OMP_DISPLAY_ENV=verbose ./mb 2>&1 >/dev/null | head -60) > "$OUT/omp-display-env.txt"
{ echo "\$ nproc"; nproc; } > "$OUT/nproc.txt"
snap
