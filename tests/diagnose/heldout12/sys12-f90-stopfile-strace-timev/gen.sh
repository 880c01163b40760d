#!/bin/sh
# Fortran 1-D heat steps that inquire(file='STOP') before each step: strace -c of 100000 steps,
# /usr/bin/time -v of 1,000,000 steps, and the program's printout.
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g "$SRC/stopfile.f90" -o "$B/stopfile"
(cd "$B" && strace -c -o strace-c.txt ./stopfile 100000 > /dev/null); cp "$B/strace-c.txt" "$OUT/strace-c.txt"
timev "$OUT/time-v.txt" ./stopfile 1000000 > "$OUT/run.txt"
snap
