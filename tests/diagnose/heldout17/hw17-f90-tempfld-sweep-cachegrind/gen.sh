#!/bin/sh
# Fortran 2-D five-point smoothing with the second (slow) index innermost: the program's own size
# table (~16 M interior updates per size, work held fixed) and cachegrind (cache simulation) of one
# sweep at n=1024 annotated by cg_annotate --auto=yes.
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g -J "$B" "$SRC/tempfld.f90" -o "$B/tempfld"
show ./tempfld > "$OUT/run.txt"
(cd "$B" && valgrind --tool=cachegrind --cache-sim=yes --cachegrind-out-file=cg.out ./tempfld 1024 1 > /dev/null 2>&1)
cg_annotate --auto=yes "$B/cg.out" 2> /dev/null | clean | head -150 > "$OUT/cg_annotate.txt"
snap
