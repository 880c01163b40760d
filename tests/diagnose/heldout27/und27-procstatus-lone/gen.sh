#!/bin/sh
# What a user pasted: /proc/<pid>/status of their running program (the -DROWS occupancy build), nothing else.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -DROWS "$SRC/traffic.c" -o "$B/occ"
pstatus 0.1 ./occ > "$OUT/proc-status.txt"
snap
