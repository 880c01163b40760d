#!/bin/sh
# gprof call graph only (gprof -q -b) of the Fortran matmul (k innermost), built with -pg.
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g -pg "$SRC/mmkin.f90" -o "$B/mm"
(cd "$B" && ./mm 600 jik > /dev/null && gprof -q -b ./mm gmon.out 2> /dev/null | head -40) > "$OUT/gprof-callgraph.txt"
snap
