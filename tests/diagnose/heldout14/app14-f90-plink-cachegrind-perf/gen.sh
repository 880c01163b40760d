#!/bin/sh
# Fortran tracer particles in a linked list of allocated nodes inserted at random positions: the
# printout, cachegrind (cache simulation) of a 100000-particle run annotated by cg_annotate, and
# perf annotate of the main program from a 400000-particle run.
. "$(dirname "$0")/../_lib.sh"
(cd "$B" && gfortran -O2 -g "$SRC/plink.f90" -o plink)  # in $B: the module file plist.mod goes there
show ./plink 400000 10 > "$OUT/run.txt"
(cd "$B" && valgrind --tool=cachegrind --cache-sim=yes --LL=4194304,16,64 --cachegrind-out-file=cg.out ./plink 100000 4 > /dev/null 2>&1)
cg_annotate --auto=yes "$B/cg.out" 2> /dev/null | clean | head -120 > "$OUT/cg_annotate.txt"
rec p.data -- ./plink 400000 10
{ echo "\$ perf annotate --stdio -l -s MAIN__"; perf annotate -i "$B/p.data" --stdio -l -s MAIN__ 2> /dev/null | clean | head -100; } > "$OUT/perf-annotate.txt"
snap
