#!/bin/sh
# Fortran Lennard-Jones pair energy written with real exponents: perf report --sort sym, perf annotate
# --stdio -l of MAIN__ (the pow calls on the energy line) and the run.
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g "$SRC/ljpow.f90" -o "$B/ljpow"
rec p.data -- ./ljpow 12
perf report -i "$B/p.data" --stdio --no-children --sort sym --percent-limit 1 2> /dev/null | head -25 > "$OUT/perf-report-sym.txt"
perf annotate -i "$B/p.data" --stdio -l MAIN__ 2> /dev/null | head -150 > "$OUT/perf-annotate-MAIN__.txt"
show ./ljpow 4 > "$OUT/run.txt"
snap
