#!/bin/sh
# The same Fortran matmul (k innermost): perf annotate of the main program and a size sweep printed by the program.
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g "$SRC/mmkin.f90" -o "$B/mm"
rec p.data ./mm 1000 jik > /dev/null
annot "$B/p.data" MAIN__ > "$OUT/perf-annotate-MAIN.txt"
{ for n in 100 300 700 1400; do show ./mm $n jik; done; } > "$OUT/size-sweep.txt"
snap
