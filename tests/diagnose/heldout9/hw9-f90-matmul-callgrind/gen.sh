#!/bin/sh
# Fortran matmul with k innermost (A walked across rows): callgrind with cache simulation and
# callgrind_annotate --auto=yes, plus the program's own printout of both loop orders and two sizes.
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g "$SRC/mmkin.f90" -o "$B/mm"
(cd "$B" && valgrind --tool=callgrind --cache-sim=yes --callgrind-out-file=cg.out ./mm 320 jik > /dev/null 2>&1)
callgrind_annotate --auto=yes "$B/cg.out" 2> /dev/null | head -120 > "$OUT/callgrind-annotate.txt"
{ show ./mm 1200 jik; show ./mm 1200 jki; show ./mm 100 jik; show ./mm 100 jki; } > "$OUT/matmul-orders.txt"
snap
