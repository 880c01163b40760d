#!/bin/sh
# Nested OpenMP (2 outer x 4 inner threads, active wait, max-active-levels 2) on 2 cores: OMP_DISPLAY_AFFINITY mixed with the printout, /usr/bin/time -v.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -fopenmp "$SRC/nestomp.c" -o "$B/ne"
export OMP_WAIT_POLICY=active OMP_MAX_ACTIVE_LEVELS=2
OMP_DISPLAY_AFFINITY=true "$B/ne" 2000 > "$OUT/run-output.txt" 2>&1
/usr/bin/time -v "$B/ne" 2000 > /dev/null 2> "$OUT/time-v.txt"
snap
