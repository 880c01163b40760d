#!/bin/sh
# Fortran probe logger opening and closing probes.log (position='append') for every line it writes
# (200 probes x 1000 steps): the program's line, strace -c and /usr/bin/time -v.
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g -J "$B" "$SRC/probelog.f90" -o "$B/probelog"
show ./probelog 200 1000 > "$OUT/run.txt"
(cd "$B" && strace -c -o strace-c.txt ./probelog 200 1000 > /dev/null)
{ echo "\$ strace -c ./probelog 200 1000"; cat "$B/strace-c.txt"; } > "$OUT/strace-c.txt"
timev "$OUT/time-v.txt" ./probelog 200 1000 > /dev/null
snap
