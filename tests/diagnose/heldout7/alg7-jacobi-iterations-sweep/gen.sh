#!/bin/sh
# Fortran 1-D Poisson solved by Jacobi iteration: the program's printout for n = 100, 200, 400, 800, and perf annotate of the solver.
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g "$SRC/jacobi.f90" -o "$B/jc"
for n in 100 200 400 800; do "$B/jc" $n; done > "$OUT/jacobi-sweep.txt"
(cd "$B" && rec p.data ./jc 400 > /dev/null)
annot "$B/p.data" MAIN__ 70 > "$OUT/perf-annotate-MAIN__.txt"
snap
