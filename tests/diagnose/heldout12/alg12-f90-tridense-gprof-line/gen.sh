#!/bin/sh
# Fortran implicit diffusion step solved by dense Gaussian elimination of the tridiagonal matrix:
# gprof -b -l -p (line-level flat profile) at n=1200 and the program's size sweep.
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g -pg "$SRC/tridense.f90" -o "$B/tridense"
(cd "$B" && ./tridense 1200 > /dev/null && gprof -b -l -p ./tridense gmon.out 2>&1) | head -40 > "$OUT/gprof-line.txt"
show ./tridense 200 400 800 1200 > "$OUT/size-sweep.txt"
snap
