#!/bin/sh
# A serial, well-ordered Fortran matmul run beside other jobs' CPU hogs (stress-ng here):
# uptime before and after, /usr/bin/time -v and the program's printout in one log.
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g "$SRC/mmkin.f90" -o "$B/mm"
load_on 4
{ echo "\$ uptime"; uptime; echo "\$ /usr/bin/time -v ./mm 1000 jki"; (cd "$B" && /usr/bin/time -v ./mm 1000 jki) 2>&1; echo "\$ uptime"; uptime; } > "$OUT/run.log"
load_off
snap
