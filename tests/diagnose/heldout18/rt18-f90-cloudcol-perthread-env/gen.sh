#!/bin/sh
# Column microphysics with the cloudy columns at the front of the index range: the 2-thread run
# with OMP_DISPLAY_ENV=true (its per-thread iteration/busy/wait table) and perf report --sort pid,sym.
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g -fopenmp "$SRC/cloudcol.f90" -o "$B/cloudcol"
OMP_NUM_THREADS=2 OMP_DISPLAY_ENV=true show ./cloudcol 40000 40 > "$OUT/run.txt"
OMP_NUM_THREADS=2 rec p.data -- ./cloudcol 40000 40
prep --sort pid,sym --percent-limit 1 | clean > "$OUT/perf-report.txt"
snap
