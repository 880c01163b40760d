#!/bin/sh
# Fortran Lennard-Jones pair energy written with real exponents (sr**12.0d0): perf report by dso,sym,
# ltrace -c of a 200-particle run and the program's printout.
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g "$SRC/ljpow.f90" -o "$B/ljpow"
rec p.data -- ./ljpow 12
perf report -i "$B/p.data" --stdio --no-children --sort dso,sym --percent-limit 1 2> /dev/null | head -30 > "$OUT/perf-report-dso-sym.txt"
(cd "$B" && ltrace -c -o ltrace-c.txt ./ljpow 1 200 > /dev/null); cp "$B/ltrace-c.txt" "$OUT/ltrace-c.txt"
show ./ljpow 4 > "$OUT/run.txt"
snap
