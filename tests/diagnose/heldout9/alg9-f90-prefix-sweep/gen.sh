#!/bin/sh
# Fortran prefix sums as s(i) = sum(a(1:i)): the program's size sweep, perf stat at two sizes,
# perf annotate of the main program.
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g "$SRC/prefix.f90" -o "$B/px"
show ./px 10000 20000 40000 > "$OUT/size-sweep.txt"
{ for n in 20000 40000; do echo "\$ perf stat -e $SW ./prefix $n"; (cd "$B" && perf stat -e "$SW" ./px $n) 2>&1; done; } > "$OUT/perf-stat-two-sizes.txt"
rec p.data ./px 40000 > /dev/null
annot "$B/p.data" MAIN__ > "$OUT/perf-annotate-MAIN.txt"
snap
