#!/bin/sh
# Fortran relaxation that opens diag.log with position='append', writes one line and closes it
# after every step: the program's printout and perf trace -s (system-call summary with per-call times).
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g "$SRC/diagappend.f90" -o "$B/diagappend"
show ./diagappend 40000 > "$OUT/run.txt"
{ echo "\$ perf trace -s ./diagappend 10000"; (cd "$B" && perf trace -s ./diagappend 10000 2>&1); } | clean > "$OUT/perf-trace-s.txt"
snap
