#!/bin/sh
# Fortran particle trace flushed after every line: strace -c of the run and /usr/bin/time -v.
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g "$SRC/flushlog.f90" -o "$B/tracker"
(cd "$B" && strace -c -o sc.txt ./tracker flush trace.log) > "$OUT/run.txt" 2>&1
cat "$B/sc.txt" > "$OUT/strace-c.txt"
(cd "$B" && /usr/bin/time -v ./tracker flush trace.log) > "$OUT/time-v.txt" 2>&1
snap
