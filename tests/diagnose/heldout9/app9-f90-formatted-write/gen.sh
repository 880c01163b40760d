#!/bin/sh
# Fortran field written one value per formatted WRITE: the program's phase times, perf report by
# shared object and symbol, strace -c.
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g "$SRC/fmtout.f90" -o "$B/fo"
show ./fo 1500000 > "$OUT/phases.txt"
rec p.data ./fo 1500000 > /dev/null
report "$B/p.data" dso,sym 35 > "$OUT/perf-report-dso-sym.txt"
(cd "$B" && strace -c -o "$OUT/strace-c.txt" ./fo 1500000 > /dev/null)
snap
