#!/bin/sh
# Nested OpenMP (2 outer x 4 inner threads, active wait, max-active-levels 2) on 2 cores: OMP_DISPLAY_AFFINITY mixed with the printout, /usr/bin/time -v.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -fopenmp "$SRC/nestomp.c" -o "$B/ne"
export OMP_WAIT_POLICY=active OMP_MAX_ACTIVE_LEVELS=2
OMP_DISPLAY_AFFINITY=true "$B/ne" 2000 > "$B/full.txt" 2>&1
# the affinity display prints every inner team of every step (16000 lines): keep its start and the result line, as a user pastes it
{ head -60 "$B/full.txt"; tail -1 "$B/full.txt"; } > "$OUT/run-output.txt"
/usr/bin/time -v "$B/ne" 2000 > /dev/null 2> "$OUT/time-v.txt"
snap
