#!/bin/sh
# What a user pasted: gprof's flat profile of their Fortran program (the -DCOLS tomo build, one main program), nothing else.
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g -pg -DCOLS "$SRC/tomo.F90" -o "$B/inv"
(cd "$B" && ./inv 2048 > /dev/null)
{ echo "\$ gprof -b -p inv gmon.out"; (cd "$B" && gprof -b -p inv gmon.out 2> /dev/null) | clean | head -20; } > "$OUT/gprof-flat.txt"
snap
