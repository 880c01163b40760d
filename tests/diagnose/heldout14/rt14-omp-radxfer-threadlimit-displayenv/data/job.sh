#!/bin/sh
# run_radxfer.sh (site defaults first, then ours)
export OMP_THREAD_LIMIT=1          # from /etc/profile.d/site-omp.sh on this cluster
export OMP_NUM_THREADS=2
export OMP_DISPLAY_ENV=verbose
./radxfer 8000 3000
