#!/bin/sh
# Only the OpenMP runtime's OMP_DISPLAY_ENV=verbose block printed at the start of a 2-thread run of
# the opacity-table program (its own printout not kept).
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g -fopenmp "$SRC/tabinit.f90" -o "$B/tabinit"
(cd "$B" && OMP_NUM_THREADS=2 OMP_DISPLAY_ENV=verbose ./tabinit 400000 6 2>&1 > /dev/null) > "$OUT/omp-display-env.txt"
snap
