#!/bin/sh
# Fortran 2-D upwind advection with the row index i (first, contiguous) in the outer loop: the
# program's own table over five grid sizes at ~16.7 M cell updates each, and cachegrind (cache
# simulation) of one step pair on a 1024^2 grid annotated by cg_annotate --auto=yes.
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g "$SRC/advecty.f90" -o "$B/advecty"
show ./advecty > "$OUT/run.txt"
(cd "$B" && valgrind --tool=cachegrind --cache-sim=yes --cachegrind-out-file=cg.out ./advecty 1024 > /dev/null 2>&1)
cg_annotate --auto=yes "$B/cg.out" 2> /dev/null | clean | head -120 > "$OUT/cg_annotate.txt"
snap
