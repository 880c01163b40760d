#!/bin/sh
# Fortran distinct-id search with any() over the ids seen so far: gprof -l (line by line) of a
# -pg build, and the program's size sweep.
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g -pg "$SRC/dedup.f90" -o "$B/dedup"
(cd "$B" && ./dedup 200000 > /dev/null && gprof -b -l -p ./dedup gmon.out | head -30) > "$OUT/gprof-lines.txt" 2>&1
{ for n in 50000 100000 200000 400000; do show ./dedup $n; done; } > "$OUT/size-sweep.txt"
snap
