#!/bin/sh
# Fortran relaxation with the inner loop over the second index: printout, gfortran remarks, cachegrind + cg_annotate.
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g -fopt-info-vec-all "$SRC/relax.F90" -o "$B/rx" 2> "$OUT/gcc-remarks.txt"
"$B/rx" > "$OUT/relax-output.txt"
(cd "$B" && valgrind --tool=cachegrind --cache-sim=yes --cachegrind-out-file=cg.out ./rx 1000 2 > /dev/null 2> "$OUT/cachegrind.log"
 cg_annotate --auto=yes cg.out | head -120 > "$OUT/cg_annotate.txt")
snap
