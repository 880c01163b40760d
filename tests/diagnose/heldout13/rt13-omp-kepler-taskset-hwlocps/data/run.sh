#!/bin/sh
# production launch: pin the solver to one core (kept from the serial version's script)
export OMP_NUM_THREADS=2
exec taskset -c 0 ./kepler "$@"
