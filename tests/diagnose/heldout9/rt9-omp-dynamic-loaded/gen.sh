#!/bin/sh
# A 2-thread OpenMP relaxation started from a job script that also exports OMP_DYNAMIC=true, on a node
# kept busy by other jobs: the job log (OMP_DISPLAY_ENV on stderr, program stdout, /usr/bin/time -v).
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/ompdyn.c" -o "$B/od"
(cd "$B" && echo "+ export OMP_NUM_THREADS=2 OMP_DYNAMIC=true OMP_DISPLAY_ENV=true" && OMP_NUM_THREADS=2 OMP_DYNAMIC=true OMP_DISPLAY_ENV=true /usr/bin/time -v ./od) > "$OUT/job.log" 2>&1
snap
