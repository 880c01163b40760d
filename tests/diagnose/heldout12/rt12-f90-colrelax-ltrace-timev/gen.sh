#!/bin/sh
# Fortran column relaxation with an OpenMP parallel do on the 64-row inner loop, 2 threads: ltrace -c
# of a small run (libgomp entry points called from the program) and /usr/bin/time -v of a larger one.
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g -fopenmp "$SRC/colrelax.f90" -o "$B/colrelax"
(cd "$B" && OMP_NUM_THREADS=2 ltrace -c -o ltrace-c.txt ./colrelax 1000 1 > /dev/null); cp "$B/ltrace-c.txt" "$OUT/ltrace-c.txt"
OMP_NUM_THREADS=2 timev "$OUT/time-v.txt" ./colrelax 20000 10 > "$OUT/run.txt"
snap
