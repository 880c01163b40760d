#!/bin/sh
# run_radxfer.sh
export OMP_NUM_THREADS=2
export OMP_PLACES="{0}"
export OMP_PROC_BIND=true
export OMP_DISPLAY_AFFINITY=true
./radxfer 8000 3000
