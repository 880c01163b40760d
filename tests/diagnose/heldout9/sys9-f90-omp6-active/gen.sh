#!/bin/sh
# Fortran OpenMP time loop of short parallel loops, job asks 6 threads with OMP_WAIT_POLICY=active on
# a 2-core machine: the job log as saved (OMP_DISPLAY_ENV on stderr, program stdout, /usr/bin/time -v).
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g -fopenmp "$SRC/manybar.f90" -o "$B/mb"
(cd "$B" && echo "+ OMP_NUM_THREADS=6 OMP_WAIT_POLICY=active OMP_DISPLAY_ENV=true /usr/bin/time -v ./manybar" && OMP_NUM_THREADS=6 OMP_WAIT_POLICY=active OMP_DISPLAY_ENV=true /usr/bin/time -v ./mb) > "$OUT/job-6threads.log" 2>&1
snap
