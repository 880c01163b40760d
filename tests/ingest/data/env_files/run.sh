#!/bin/bash
# run script kept beside the results (no scheduler)
set -e
export OMP_PROC_BIND=close
export OMP_NUM_THREADS=2
./stars 4000000
