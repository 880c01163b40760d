#!/bin/sh
# A pthread pool hard-wired to 8 workers that meet at a spinning barrier every step, on a 2-core machine: the program's printout, /usr/bin/time -v, nproc.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -pthread "$SRC/spinpool.c" -o "$B/sp" -lm
"$B/sp" 100000 60 > "$OUT/spinpool-output.txt"
/usr/bin/time -v "$B/sp" 100000 60 > /dev/null 2> "$OUT/time-v.txt"
nproc > "$OUT/nproc.txt"
snap
