#!/bin/sh
# Fortran walkers appending each accepted move to a log: strace -f -c, /usr/bin/time -v and the run.
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 "$SRC/applog.f90" -o "$B/walkers"
timev "$OUT/time-v.txt" ./walkers 20000 > "$OUT/run.txt"
rm -f "$B/walkers.log"
(cd "$B" && strace -f -c -o strace-fc.txt ./walkers 5000 > /dev/null); cp "$B/strace-fc.txt" "$OUT/strace-fc.txt"
head -3 "$B/walkers.log" > "$OUT/walkers.log.head"
snap
