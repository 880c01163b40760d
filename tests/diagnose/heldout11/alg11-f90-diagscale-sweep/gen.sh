#!/bin/sh
# Fortran row scaling written as matmul with a diagonal matrix: a size sweep of the program's printout
# and callgrind_annotate of the n=200 run.
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g "$SRC/diagscale.f90" -o "$B/diagscale"
for n in 200 400 800 1200; do show ./diagscale $n; done > "$OUT/sweep.txt"
(cd "$B" && valgrind --tool=callgrind --callgrind-out-file=cg.out ./diagscale 200) > "$OUT/callgrind.log" 2>&1
(cd "$B" && callgrind_annotate cg.out) 2> /dev/null | head -40 > "$OUT/callgrind_annotate.txt"
snap
