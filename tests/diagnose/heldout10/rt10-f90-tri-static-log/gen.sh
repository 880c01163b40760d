#!/bin/sh
# The same program as a user's job log: OMP_DISPLAY_ENV and OMP_DISPLAY_AFFINITY interleaved with
# the printout and /usr/bin/time -v, all in one file.
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g -fopenmp -J "$B" "$SRC/omptri.f90" -o "$B/omptri"
{ echo "\$ export OMP_NUM_THREADS=2 OMP_PROC_BIND=close OMP_PLACES=cores OMP_DISPLAY_ENV=true OMP_DISPLAY_AFFINITY=true"
  echo "\$ /usr/bin/time -v ./omptri 25000"
  (cd "$B" && OMP_NUM_THREADS=2 OMP_PROC_BIND=close OMP_PLACES=cores OMP_DISPLAY_ENV=true OMP_DISPLAY_AFFINITY=true /usr/bin/time -v ./omptri 25000) 2>&1; } > "$OUT/job-12345.out"
snap
